//! Graph boards: nodes with positions and directed links, read from a JSON file in
//! the nchess map format (`{"nodes": [{"id", "x", "y"}, ...], "links": [[from, to],
//! ...]}`; ids are strings or numbers, y grows upwards).
//!
//! **The file's geometry decides the directions.** If every link has one length and
//! points along a square lattice (0°, 90°, 180°, 270°) or a hex lattice (0°, 60°, ...
//! or 30°, 90°, ...), and every node sits on that lattice, the graph is a *lattice
//! graph*: its directions are those of a square board, or of a hex board of rows or
//! of vertical files, with their words, vectors and turn unit (45° or 30°). There an
//! orthogonal step is a link (never an unlinked cell); a diagonal step or a leap goes
//! to the node at that lattice offset, as on the tiled board. Any other graph is a
//! *free graph*: its headings are angles, `orthogonal` is every link of a node and
//! `diagonal` every diagonal neighbour (a node, not linked, that two links next to
//! each other around the node both lead to: the nchess bishop's step), and a step
//! with a heading takes the link (or diagonal) closest to it, if it is at most the
//! file's tolerance away (ties: the lower angle). A rider goes *straight on*: each
//! further step takes the link closest to the heading of the link it arrived by, so
//! it follows a chain of links round a bend.
//!
//! Angles are kept in tenths of a degree. A heading taken on a free graph is a
//! *bearing*, carried through the linker as a [`Vector`] outside the language's range
//! ([`bearing`]).
//!
//! Grid coordinates: the node's rank among the distinct x values and among the
//! distinct y values, so that a graph laid out on a grid (such as
//! `rules/boards/square8.json`) has the files, ranks and FEN layout of the grid.

use super::geometry::Geometry;
use crate::ids::CellId;
use crate::ir::{Coord, GraphNode, GraphSpec, Vector};
use std::collections::HashMap;

pub use super::graph_file::parse_json;

/// Tenths of a degree in a full turn.
const FULL: i32 = 3600;

/// How a graph's links lie: on a lattice (whose geometry the graph then has) or not.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Lattice {
    /// Links at 0°, 90°, 180°, 270°, all one length: a square board's directions.
    Square,
    /// Links at 0°, 60°, ...: a hex board of rows.
    HexRows,
    /// Links at 30°, 90°, ...: a hex board of vertical files.
    HexColumns,
    /// Anything else: headings follow the links.
    Free,
}

impl Lattice {
    /// The geometry a graph of this lattice has.
    pub fn geometry(self) -> Geometry {
        match self {
            Lattice::Square => Geometry::Square,
            Lattice::HexRows => Geometry::Hex { columns: false },
            Lattice::HexColumns => Geometry::Hex { columns: true },
            Lattice::Free => Geometry::Graph,
        }
    }
}

/// A neighbour of a node: the node, the angle to it (tenths of a degree) and whether
/// it is a diagonal (not linked).
#[derive(Clone, Copy, Debug, PartialEq)]
struct Near {
    angle: u16,
    cell: CellId,
    diagonal: bool,
}

#[derive(Clone, Debug, PartialEq)]
pub struct Graph {
    /// Per node: neighbours (links and diagonals), sorted by angle.
    around: Vec<Vec<Near>>,
    /// Drawing positions (scaled so the shortest link is one unit).
    centers: Vec<(f64, f64)>,
    links: Vec<(u16, u16)>,
    lattice: Lattice,
    /// Lattice graphs: each node's lattice coordinate, and the node at each.
    on_lattice: Vec<(i32, i32)>,
    at_lattice: HashMap<(i32, i32), CellId>,
    /// The most a step may turn from its heading, tenths of a degree.
    tolerance: u16,
}

/// Values within this distance count as one grid line.
const SAME: f64 = 1e-6;

fn distinct(mut v: Vec<f64>) -> Vec<f64> {
    v.sort_by(f64::total_cmp);
    v.dedup_by(|a, b| (*a - *b).abs() < SAME);
    v
}

fn rank_of(values: &[f64], x: f64) -> i16 {
    values
        .iter()
        .position(|&v| (v - x).abs() < SAME)
        .unwrap_or(0) as i16
}

/// The angle from one node to another, in tenths of a degree, 0..3600.
fn angle(from: &GraphNode, to: &GraphNode) -> u16 {
    tenths((to.y - from.y).atan2(to.x - from.x).to_degrees())
}

/// Degrees → tenths of a degree in 0..3600.
fn tenths(degrees: f64) -> u16 {
    ((degrees * 10.0).round() as i32).rem_euclid(FULL) as u16
}

/// How far apart two angles are, tenths of a degree (0..=1800).
fn off(a: u16, b: u16) -> u16 {
    let d = (i32::from(a) - i32::from(b)).rem_euclid(FULL);
    d.min(FULL - d) as u16
}

/// Bearings: a heading on a free graph, as a [`Vector`] the language never writes
/// (components are within ±25, turned ones within ±50): `dx` from -128 to -100.
pub mod bearing {
    use crate::ir::Vector;

    /// The code of "every link of the node" (`orthogonal` on a free graph).
    pub const LINKS: u16 = 7200;
    /// The code of "every diagonal of the node" (`diagonal` on a free graph).
    pub const DIAGONALS: u16 = 7201;

    /// The vector of a code: a bearing is `kind * 3600 + angle` (kind 1 diagonal).
    pub const fn vector(code: u16) -> Vector {
        Vector::new(-128 + (code >> 8) as i8, (code & 0xff) as u8 as i8)
    }

    /// The code of a vector, if it is a bearing or a wildcard.
    pub fn code(v: Vector) -> Option<u16> {
        (v.dx <= -100).then(|| (((v.dx as i16 + 128) as u16) << 8) | u16::from(v.dy as u8))
    }

    /// A bearing: `angle` (tenths of a degree) along links or diagonals.
    pub fn of(angle: u16, diagonal: bool) -> Vector {
        vector(angle % 3600 + if diagonal { 3600 } else { 0 })
    }

    /// A bearing's angle and kind (`true`: diagonal); `None` for other vectors.
    pub fn split(v: Vector) -> Option<(u16, bool)> {
        code(v)
            .filter(|&c| c < LINKS)
            .map(|c| (c % 3600, c >= 3600))
    }
}

impl Graph {
    /// The graph and each node's grid coordinate, with the grid's width and height.
    /// Cell ids follow the node order of the file.
    #[allow(clippy::type_complexity)]
    pub fn build(spec: &GraphSpec) -> Result<(Graph, Vec<Coord>, u8, u8), String> {
        let n = spec.nodes.len();
        if n == 0 || n > super::MAX_GRAPH_NODES {
            return Err(format!(
                "a graph board has 1 to {} nodes, not {n}",
                super::MAX_GRAPH_NODES
            ));
        }
        let xs = distinct(spec.nodes.iter().map(|p| p.x).collect());
        let ys = distinct(spec.nodes.iter().map(|p| p.y).collect());
        if xs.len() > 255 || ys.len() > 255 {
            return Err("a graph board has at most 255 distinct x and y values".into());
        }
        let coords: Vec<Coord> = spec
            .nodes
            .iter()
            .map(|p| Coord {
                x: rank_of(&xs, p.x),
                y: rank_of(&ys, p.y),
            })
            .collect();
        let mut seen = std::collections::HashSet::new();
        for (i, c) in coords.iter().enumerate() {
            if !seen.insert(*c) {
                return Err(format!(
                    "node {:?} is at the same place as another node",
                    spec.nodes[i].id
                ));
            }
        }
        let mut orth: Vec<Vec<u16>> = vec![Vec::new(); n];
        for &(a, b) in &spec.links {
            if a as usize >= n || b as usize >= n || a == b {
                return Err(format!("link ({a}, {b}) is not between two nodes"));
            }
            if !orth[a as usize].contains(&b) {
                orth[a as usize].push(b);
                if orth[a as usize].len() > super::MAX_GRAPH_LINKS_PER_NODE {
                    return Err(format!(
                        "node {:?} has more than {} links",
                        spec.nodes[a as usize].id,
                        super::MAX_GRAPH_LINKS_PER_NODE
                    ));
                }
            }
        }
        let node = |i: u16| &spec.nodes[i as usize];
        let mut around = Vec::with_capacity(n);
        for (i, list) in orth.iter().enumerate() {
            let me = &spec.nodes[i];
            let mut sorted: Vec<(u16, u16)> =
                list.iter().map(|&j| (angle(me, node(j)), j)).collect();
            sorted.sort();
            let mut all: Vec<Near> = sorted
                .iter()
                .map(|&(a, j)| Near {
                    angle: a,
                    cell: CellId(j),
                    diagonal: false,
                })
                .collect();
            // Diagonals: common successors of two neighbours next to each other.
            let k = sorted.len();
            for s in 0..k {
                let (a1, p) = sorted[s];
                let (a2, q) = sorted[(s + 1) % k];
                let gap = (i32::from(a2) - i32::from(a1)).rem_euclid(FULL);
                if k < 2 || gap == 0 || gap >= FULL / 2 {
                    continue;
                }
                for &d in &orth[p as usize] {
                    if d as usize != i
                        && orth[q as usize].contains(&d)
                        && !list.contains(&d)
                        && !all.iter().any(|c| c.cell.0 == d)
                    {
                        all.push(Near {
                            angle: angle(me, node(d)),
                            cell: CellId(d),
                            diagonal: true,
                        });
                    }
                }
            }
            all.sort_by_key(|c| (c.angle, c.diagonal));
            around.push(all);
        }
        // Drawing scale: the shortest link is one unit.
        let length = |&(a, b): &(u16, u16)| {
            let (p, q) = (node(a), node(b));
            ((p.x - q.x).powi(2) + (p.y - q.y).powi(2)).sqrt()
        };
        let shortest = spec
            .links
            .iter()
            .map(length)
            .filter(|d| *d > SAME)
            .fold(f64::INFINITY, f64::min);
        let scale = if shortest.is_finite() {
            1.0 / shortest
        } else {
            1.0
        };
        let (x0, y0) = (xs[0], ys[0]);
        let centers = spec
            .nodes
            .iter()
            .map(|p| ((p.x - x0) * scale + 0.5, (p.y - y0) * scale + 0.5))
            .collect();
        let tolerance = u16::from(
            spec.tolerance
                .unwrap_or(GraphSpec::DEFAULT_TOLERANCE)
                .min(180),
        ) * 10;
        let mut graph = Graph {
            around,
            centers,
            links: spec.links.clone(),
            lattice: Lattice::Free,
            on_lattice: Vec::new(),
            at_lattice: HashMap::new(),
            tolerance,
        };
        graph.find_lattice(spec, shortest);
        Ok((graph, coords, xs.len() as u8, ys.len() as u8))
    }

    /// Makes the graph a lattice graph if its links and nodes lie on a square or hex
    /// lattice whose unit is the links' one length.
    fn find_lattice(&mut self, spec: &GraphSpec, unit: f64) {
        if spec.links.is_empty() || !unit.is_finite() {
            return;
        }
        let node = |i: u16| &spec.nodes[i as usize];
        let mut angles = Vec::with_capacity(spec.links.len());
        for &(a, b) in &spec.links {
            let (p, q) = (node(a), node(b));
            let len = ((p.x - q.x).powi(2) + (p.y - q.y).powi(2)).sqrt();
            if (len - unit).abs() > 1e-6 * unit.max(1.0) {
                return;
            }
            angles.push(angle(p, q));
        }
        let all = |m: u16, r: u16| angles.iter().all(|&a| a % m == r);
        let lattice = if all(900, 0) {
            Lattice::Square
        } else if all(600, 0) {
            Lattice::HexRows
        } else if all(600, 300) {
            Lattice::HexColumns
        } else {
            return;
        };
        let g = lattice.geometry();
        let (e1, e2) = (
            g.cartesian(Vector::new(1, 0)),
            g.cartesian(Vector::new(0, 1)),
        );
        let det = e1.0 * e2.1 - e1.1 * e2.0;
        let origin = &spec.nodes[0];
        let mut on = Vec::with_capacity(spec.nodes.len());
        let mut at = HashMap::with_capacity(spec.nodes.len());
        for (i, p) in spec.nodes.iter().enumerate() {
            let (dx, dy) = ((p.x - origin.x) / unit, (p.y - origin.y) / unit);
            let a = (dx * e2.1 - dy * e2.0) / det;
            let b = (e1.0 * dy - e1.1 * dx) / det;
            let (ra, rb) = (a.round(), b.round());
            if (a - ra).abs() > 1e-4 || (b - rb).abs() > 1e-4 {
                return;
            }
            let c = (ra as i32, rb as i32);
            on.push(c);
            at.insert(c, CellId(i as u16));
        }
        self.lattice = lattice;
        self.on_lattice = on;
        self.at_lattice = at;
    }

    /// How the graph's links lie (and so which directions it has).
    pub fn lattice(&self) -> Lattice {
        self.lattice
    }

    /// Where one step of `v` from `from` leads. On a lattice graph: an orthogonal unit
    /// step along its link, any other vector to the node at that lattice offset. On a
    /// free graph: the link (or, for a diagonal heading, the diagonal) closest to the
    /// heading of `v` (a unit vector or a bearing), at most the tolerance away; ties
    /// go to the lower angle.
    pub fn step(&self, from: CellId, v: Vector) -> Option<CellId> {
        self.advance(from, v).map(|(c, _)| c)
    }

    /// [`Graph::step`], with the heading the piece then keeps: on a free graph the
    /// bearing of the link taken (so a rider goes on straight from it), else `v`.
    pub fn advance(&self, from: CellId, v: Vector) -> Option<(CellId, Vector)> {
        if self.lattice != Lattice::Free {
            let (a, b) = *self.on_lattice.get(from.index())?;
            let to = (a + i32::from(v.dx), b + i32::from(v.dy));
            let cell = *self.at_lattice.get(&to)?;
            let unit = self.lattice.geometry().images(1, 0).contains(&v);
            if unit
                && !self.around[from.index()]
                    .iter()
                    .any(|c| c.cell == cell && !c.diagonal)
            {
                return None;
            }
            return Some((cell, v));
        }
        let (heading, diagonal) = match bearing::split(v) {
            Some(b) => b,
            None if bearing::code(v).is_some() => return None,
            None if v.dx.abs() <= 1 && v.dy.abs() <= 1 => (
                tenths(f64::from(v.dy).atan2(f64::from(v.dx)).to_degrees()),
                v.dx != 0 && v.dy != 0,
            ),
            None => return None,
        };
        let mut best: Option<(u16, Near)> = None;
        for &c in self.around.get(from.index())? {
            if c.diagonal != diagonal {
                continue;
            }
            let o = off(c.angle, heading);
            if o > self.tolerance {
                continue;
            }
            // Sorted by angle: the first of equals is the lower angle.
            if best.map_or(true, |(bo, _)| o < bo) {
                best = Some((o, c));
            }
        }
        best.map(|(_, c)| (c.cell, bearing::of(c.angle, c.diagonal)))
    }

    /// The directions of the graph's links, tenths of a degree, each once, sorted:
    /// the bearings a piece can arrive at a node with.
    pub fn link_bearings(&self) -> Vec<u16> {
        let mut out: Vec<u16> = self
            .around
            .iter()
            .flatten()
            .filter(|c| !c.diagonal)
            .map(|c| c.angle)
            .collect();
        out.sort_unstable();
        out.dedup();
        out
    }

    /// The headings `v` stands for at `from`: on a free graph, every link's (or every
    /// diagonal's) bearing for the word's wildcard; `v` itself otherwise.
    pub fn headings_at(&self, from: CellId, v: Vector, out: &mut Vec<Vector>) {
        let want = match bearing::code(v) {
            Some(bearing::LINKS) => false,
            Some(bearing::DIAGONALS) => true,
            _ => {
                out.push(v);
                return;
            }
        };
        if let Some(list) = self.around.get(from.index()) {
            out.extend(
                list.iter()
                    .filter(|c| c.diagonal == want)
                    .map(|c| bearing::of(c.angle, c.diagonal)),
            );
        }
    }

    /// A heading turned by `degrees` (counter-clockwise): a bearing by the angle, an
    /// odd multiple of 45° switching between links and diagonals; other vectors as the
    /// graph's geometry turns them.
    pub fn turn(&self, heading: Vector, degrees: i16) -> Option<Vector> {
        match bearing::split(heading) {
            Some((a, diagonal)) => {
                let turned = (i32::from(a) + i32::from(degrees) * 10).rem_euclid(FULL) as u16;
                let odd = degrees.rem_euclid(90) == 45;
                Some(bearing::of(turned, diagonal != odd))
            }
            None if bearing::code(heading).is_some() => None,
            None => self.lattice.geometry().rotate(heading, degrees),
        }
    }

    pub fn center(&self, cell: CellId) -> (f64, f64) {
        self.centers
            .get(cell.index())
            .copied()
            .unwrap_or((0.0, 0.0))
    }

    pub fn undirected_links(&self) -> Vec<(CellId, CellId)> {
        let mut out: Vec<(CellId, CellId)> = self
            .links
            .iter()
            .map(|&(a, b)| (CellId(a.min(b)), CellId(a.max(b))))
            .collect();
        out.sort();
        out.dedup();
        out
    }

    /// Every neighbour (linked and diagonal) of a node with its angle in degrees (the
    /// tests read it; stepping uses it through the heading tables).
    #[cfg(test)]
    pub fn around(&self, cell: CellId) -> Vec<(f64, CellId)> {
        self.around.get(cell.index()).map_or(Vec::new(), |v| {
            v.iter()
                .map(|c| (f64::from(c.angle) / 10.0, c.cell))
                .collect()
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A 3×3 grid graph with orthogonal links both ways.
    fn grid3() -> GraphSpec {
        let mut nodes = String::new();
        let mut links = String::new();
        for y in 0..3 {
            for x in 0..3 {
                nodes.push_str(&format!(
                    "{{\"id\":\"{}{}\",\"x\":{x},\"y\":{y}}},",
                    (b'a' + x) as char,
                    y + 1
                ));
                for (dx, dy) in [(1i32, 0i32), (-1, 0), (0, 1), (0, -1)] {
                    let (nx, ny) = (i32::from(x) + dx, y + dy);
                    if (0..3).contains(&nx) && (0..3).contains(&ny) {
                        links.push_str(&format!(
                            "[\"{}{}\",\"{}{}\"],",
                            (b'a' + x) as char,
                            y + 1,
                            (b'a' + nx as u8) as char,
                            ny + 1
                        ));
                    }
                }
            }
        }
        let text = format!(
            "{{\"nodes\":[{}],\"links\":[{}]}}",
            nodes.trim_end_matches(','),
            links.trim_end_matches(',')
        );
        parse_json("grid3", &text).unwrap()
    }

    #[test]
    fn diagonals_come_from_common_neighbours() {
        let spec = grid3();
        let (g, coords, w, h) = Graph::build(&spec).unwrap();
        assert_eq!((w, h), (3, 3));
        assert_eq!(coords[4], Coord { x: 1, y: 1 });
        let name = |c: CellId| spec.nodes[c.index()].id.clone();
        // b2 (the centre): 4 orthogonal + 4 diagonal neighbours.
        assert_eq!(g.around(CellId(4)).len(), 8);
        // a1: b1, a2 and the diagonal b2.
        let a1: Vec<String> = g.around(CellId(0)).iter().map(|&(_, c)| name(c)).collect();
        assert_eq!(a1, ["b1", "b2", "a2"]);
        // Headings: from a1, 45° is b2; 180° and 135° find nothing (45° away or more).
        assert_eq!(g.step(CellId(0), Vector::new(1, 1)), Some(CellId(4)));
        assert_eq!(g.step(CellId(0), Vector::new(-1, 0)), None);
        assert_eq!(g.step(CellId(0), Vector::new(-1, 1)), None);
        // Undirected links of a 3×3 grid: 12.
        assert_eq!(g.undirected_links().len(), 12);
    }

    #[test]
    fn ties_go_to_the_lower_angle() {
        // A star with links at 20° and 340°: heading 0° is 20° from both, so the lower
        // angle (20°) wins; heading 90° is 70° from both, beyond the tolerance.
        let text = r#"{"nodes":[{"id":"o","x":0,"y":0},
            {"id":"p","x":0.9396926,"y":0.3420201},
            {"id":"q","x":0.9396926,"y":-0.3420201}],
            "links":[["o","p"],["o","q"]]}"#;
        let spec = parse_json("star", text).unwrap();
        let (g, ..) = Graph::build(&spec).unwrap();
        assert_eq!(g.lattice(), Lattice::Free);
        assert_eq!(g.step(CellId(0), Vector::new(1, 0)), Some(CellId(1)));
        assert_eq!(g.step(CellId(0), Vector::new(0, 1)), None);
        // A diagonal heading takes diagonals only: there are none.
        assert_eq!(g.step(CellId(0), Vector::new(1, 1)), None);
    }

    /// nchess's own layout: nodes with their position and their neighbours, no
    /// "links" array; the same graph as the one written with links.
    #[test]
    fn nodes_may_list_their_neighbours() {
        let own = parse_json(
            "own",
            r#"{"nodes":[
                {"id":"a1","position":[0,0],"neighbors":["b1"]},
                {"id":"b1","position":[1,0],"neighbours":["a1","c1"]},
                {"id":"c1","x":2,"y":0,"neighbors":["b1"]}]}"#,
        )
        .unwrap();
        let linked = parse_json(
            "own",
            r#"{"nodes":[{"id":"a1","x":0,"y":0},{"id":"b1","x":1,"y":0},{"id":"c1","x":2,"y":0}],
                "links":[["a1","b1"],["b1","a1"],["b1","c1"],["c1","b1"]]}"#,
        )
        .unwrap();
        assert_eq!(own, linked);
        let (g, ..) = Graph::build(&own).unwrap();
        assert_eq!(g.lattice(), Lattice::Square);
        assert_eq!(g.step(CellId(1), Vector::new(1, 0)), Some(CellId(2)));
        assert_eq!(g.step(CellId(0), Vector::new(2, 0)), Some(CellId(2)));
        assert_eq!(g.step(CellId(0), Vector::new(0, 1)), None);
    }

    #[test]
    fn bad_files_say_what_is_wrong() {
        for (text, want) in [
            ("{", "not valid JSON"),
            ("{}", "missing \"nodes\""),
            (
                r#"{"nodes":[{"id":"a","x":0}],"links":[]}"#,
                "no numeric \"y\"",
            ),
            (
                r#"{"nodes":[{"id":"a","x":0,"y":0},{"id":"a","x":1,"y":0}],"links":[]}"#,
                "two nodes have the id",
            ),
            (
                r#"{"nodes":[{"id":"a","x":0,"y":0}],"links":[["a","b"]]}"#,
                "unknown node \"b\"",
            ),
            (
                r#"{"nodes":[{"id":"a","x":0,"y":0}],"links":[["a"]]}"#,
                "not a [from, to] pair",
            ),
            (
                r#"{"nodes":[{"id":"a","position":[0]}]}"#,
                "node \"a\" has \"position\": [0], not an [x, y] pair",
            ),
            (
                r#"{"nodes":[{"id":"a","position":[0,"y"]}],"links":[]}"#,
                "node \"a\" has a \"position\" whose y is not a number",
            ),
            (
                r#"{"nodes":[{"id":"a","x":0,"y":0,"neighbors":["b"]}]}"#,
                "node \"a\": \"neighbors\" entry 0 names the unknown node \"b\"",
            ),
            (
                r#"{"nodes":[{"id":"a","x":0,"y":0,"neighbours":"b"}]}"#,
                "node \"a\" has \"neighbours\" that is not an array",
            ),
            (
                r#"{"nodes":[{"id":"a","x":0,"y":0,"neighbors":["a"]}]}"#,
                "node \"a\" lists itself",
            ),
            (
                r#"{"nodes":[{"id":"a","x":0,"y":0}],"links":[],"tolerance":-1}"#,
                "\"tolerance\" is -1",
            ),
        ] {
            let e = parse_json("t", text).unwrap_err();
            assert!(e.contains(want), "{text}: {e}");
        }
        let same_place = parse_json(
            "t",
            r#"{"nodes":[{"id":"a","x":0,"y":0},{"id":"b","x":0,"y":0}],"links":[]}"#,
        )
        .unwrap();
        assert!(Graph::build(&same_place)
            .unwrap_err()
            .contains("same place"));
    }
}
