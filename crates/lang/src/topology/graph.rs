//! Graph boards: nodes with positions and directed links, read from a JSON file in
//! the nchess map format (`{"nodes": [{"id", "x", "y"}, ...], "links": [[from, to],
//! ...]}`; ids are strings or numbers, y grows upwards).
//!
//! Each node indexes its neighbours by direction angle (0° = right, 90° = up). The
//! linked nodes are its orthogonal neighbours; a **diagonal** neighbour is a node
//! linked from two orthogonal neighbours that are next to each other around the node
//! (less than 180° apart), so a bishop works on a graph that only links orthogonal
//! neighbours. A piece keeping a heading steps to the neighbour whose angle is closest
//! to the heading, ties going to the lower angle; a neighbour 45° or more away is no
//! step at all (so a rook at the edge does not slide round the corner).
//!
//! Grid coordinates: the node's rank among the distinct x values and among the
//! distinct y values, so that a graph laid out on a grid (such as
//! `rules/boards/square8.json`) has the files, ranks and FEN layout of the grid.

use crate::ids::CellId;
use crate::ir::{Coord, GraphNode, GraphSpec, Vector};

/// Headings further than this from every neighbour take no step.
const TOLERANCE: f64 = 45.0;

/// The largest coordinate a graph node may have (either sign): beyond it, distances and
/// picture sizes overflow to infinity.
const MAX_COORDINATE: f64 = 1_000_000.0;

#[derive(Clone, Debug, PartialEq)]
pub struct Graph {
    /// Per node: neighbours (orthogonal and diagonal) with their angle in [0, 360),
    /// sorted by angle.
    around: Vec<Vec<(f64, CellId)>>,
    /// Drawing positions (scaled so the shortest link is one unit).
    centers: Vec<(f64, f64)>,
    links: Vec<(u16, u16)>,
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

fn angle(from: &GraphNode, to: &GraphNode) -> f64 {
    (to.y - from.y)
        .atan2(to.x - from.x)
        .to_degrees()
        .rem_euclid(360.0)
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
            let mut sorted: Vec<(f64, u16)> =
                list.iter().map(|&j| (angle(me, node(j)), j)).collect();
            sorted.sort_by(|a, b| a.0.total_cmp(&b.0));
            let mut all: Vec<(f64, CellId)> = sorted.iter().map(|&(a, j)| (a, CellId(j))).collect();
            // Diagonals: common successors of two neighbours next to each other.
            let k = sorted.len();
            for s in 0..k {
                let (a1, p) = sorted[s];
                let (a2, q) = sorted[(s + 1) % k];
                let gap = (a2 - a1).rem_euclid(360.0);
                if k < 2 || gap <= 0.0 || gap >= 180.0 {
                    continue;
                }
                for &d in &orth[p as usize] {
                    if d as usize != i
                        && orth[q as usize].contains(&d)
                        && !list.contains(&d)
                        && !all.iter().any(|&(_, c)| c.0 == d)
                    {
                        all.push((angle(me, node(d)), CellId(d)));
                    }
                }
            }
            all.sort_by(|a, b| a.0.total_cmp(&b.0));
            around.push(all);
        }
        // Drawing scale: the shortest link is one unit.
        let shortest = spec
            .links
            .iter()
            .map(|&(a, b)| {
                let (p, q) = (node(a), node(b));
                ((p.x - q.x).powi(2) + (p.y - q.y).powi(2)).sqrt()
            })
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
        let graph = Graph {
            around,
            centers,
            links: spec.links.clone(),
        };
        Ok((graph, coords, xs.len() as u8, ys.len() as u8))
    }

    /// The neighbour closest to the heading of `v` (a unit king vector), if one is
    /// less than 45° away; ties go to the lower angle.
    pub fn step(&self, from: CellId, v: Vector) -> Option<CellId> {
        let heading = f64::from(v.dy)
            .atan2(f64::from(v.dx))
            .to_degrees()
            .rem_euclid(360.0);
        let mut best: Option<(f64, f64, CellId)> = None;
        for &(a, c) in self.around.get(from.index())? {
            let d = (a - heading).rem_euclid(360.0);
            let off = d.min(360.0 - d);
            if off >= TOLERANCE {
                continue;
            }
            let better = match best {
                None => true,
                Some((bo, ba, _)) => off < bo - 1e-9 || ((off - bo).abs() <= 1e-9 && a < ba),
            };
            if better {
                best = Some((off, a, c));
            }
        }
        best.map(|(_, _, c)| c)
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

    /// Every neighbour (orthogonal and diagonal) of a node with its angle (the tests
    /// read it; stepping uses it through the heading tables).
    #[cfg(test)]
    pub fn around(&self, cell: CellId) -> &[(f64, CellId)] {
        self.around.get(cell.index()).map_or(&[], |v| v)
    }
}

/// Reads a graph board file's text. Errors say what is wrong and where (JSON line and
/// column, or which node/link).
pub fn parse_json(source: &str, text: &str) -> Result<GraphSpec, String> {
    let value: serde_json::Value =
        serde_json::from_str(text).map_err(|e| format!("not valid JSON: {e}"))?;
    let nodes = value
        .get("nodes")
        .and_then(|n| n.as_array())
        .ok_or("missing \"nodes\": an array of {\"id\", \"x\", \"y\"} objects")?;
    // Counted before anything is read from them: a file of many small nodes is
    // refused at once.
    if nodes.is_empty() || nodes.len() > super::MAX_GRAPH_NODES {
        return Err(format!(
            "a graph board has 1 to {} nodes, not {}",
            super::MAX_GRAPH_NODES,
            nodes.len()
        ));
    }
    let mut out = Vec::with_capacity(nodes.len());
    for (i, n) in nodes.iter().enumerate() {
        let id = match n.get("id") {
            Some(serde_json::Value::String(s)) => s.clone(),
            Some(serde_json::Value::Number(k)) => k.to_string(),
            _ => return Err(format!("node {i} has no \"id\" (a string or a number)")),
        };
        if id.is_empty() || id.chars().any(|c| c.is_whitespace() || c == '/') {
            return Err(format!(
                "node {i} has the id {id:?}: ids are non-empty and have no spaces or '/'"
            ));
        }
        let coord = |k: &str| {
            let v = n
                .get(k)
                .and_then(|v| v.as_f64())
                .filter(|v| v.is_finite())
                .ok_or_else(|| format!("node {id:?} has no numeric \"{k}\""))?;
            if v.abs() > MAX_COORDINATE {
                return Err(format!(
                    "node {id:?} has \"{k}\": {v:e}, beyond ±{MAX_COORDINATE:e} (pictures and \
                     angles need coordinates of a sane size)"
                ));
            }
            Ok(v)
        };
        out.push(GraphNode {
            x: coord("x")?,
            y: coord("y")?,
            id,
        });
    }
    let mut index = std::collections::HashMap::new();
    for (i, n) in out.iter().enumerate() {
        if index.insert(n.id.clone(), i as u16).is_some() {
            return Err(format!("two nodes have the id {:?}", n.id));
        }
    }
    let links = value
        .get("links")
        .and_then(|n| n.as_array())
        .ok_or("missing \"links\": an array of [from, to] node id pairs")?;
    let mut pairs = Vec::with_capacity(links.len());
    let mut seen = std::collections::HashSet::with_capacity(links.len());
    for (i, l) in links.iter().enumerate() {
        let ends: Vec<String> = match l.as_array() {
            Some(a) if a.len() == 2 => a
                .iter()
                .map(|e| match e {
                    serde_json::Value::String(s) => s.clone(),
                    other => other.to_string(),
                })
                .collect(),
            _ => return Err(format!("link {i} is not a [from, to] pair")),
        };
        let find = |id: &str| {
            index
                .get(id)
                .copied()
                .ok_or_else(|| format!("link {i} names the unknown node {id:?}"))
        };
        let (a, b) = (find(&ends[0])?, find(&ends[1])?);
        if a == b {
            return Err(format!("link {i} links node {:?} to itself", ends[0]));
        }
        if seen.insert((a, b)) {
            pairs.push((a, b));
        }
    }
    Ok(GraphSpec {
        source: source.to_string(),
        nodes: out,
        links: pairs,
    })
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
        // A node with neighbours at 0° and 90° only... heading 45° is the diagonal if
        // one exists; here a star with neighbours at 20° and 70°: heading 45° is 25°
        // from both, so the lower angle (20°) wins.
        let text = r#"{"nodes":[{"id":"o","x":0,"y":0},
            {"id":"p","x":0.9396926,"y":0.3420201},
            {"id":"q","x":0.3420201,"y":0.9396926}],
            "links":[["o","p"],["o","q"]]}"#;
        let spec = parse_json("star", text).unwrap();
        let (g, ..) = Graph::build(&spec).unwrap();
        assert_eq!(g.step(CellId(0), Vector::new(1, 1)), Some(CellId(1)));
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
