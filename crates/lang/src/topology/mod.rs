//! Boards: the set of cells with dense ids, their grid coordinates and names, how a
//! direction steps from one cell to the next, and how each cell is drawn.
//!
//! Owns geometry only (no pieces, no occupancy). The linker asks a [`Board`] where a
//! direction leads from a cell ([`Board::step`]); the walk never sees coordinates.
//! Every topology lays its cells on an integer grid of files and ranks ([`Coord`]),
//! which is what FEN ranks, `rank`/`file` zones, cell names and the second side's
//! mirror image use; stepping and drawing follow the topology's own geometry:
//!
//! | kind | module | grid | steps |
//! |---|---|---|---|
//! | `square WxH` | `square` | W×H | add the vector |
//! | `hex radius N` | `hex` | files a..l (no j) of 2N+1-\|file-N\| cells | hex lattice, vertical files |
//! | `hex WxH` | `hex` | W×H, odd rows from the top shifted right | hex lattice, rows |
//! | `tri WxH` | `tri` | W×H, a cell points down iff (column + row%2)%2 = 0, rows from the top | Trioban |
//! | `octo WxH` | `octo` | W×H, octagons where (column + row%2)%2 = 0 | square, diagonals from octagons only |
//! | `graph "FILE"` | `graph` | distinct node x and y values | a lattice's (square or hex) if the links lie on one, else along the links |
//!
//! Directions (`Geometry`) are vectors in each topology's lattice basis; see
//! `geometry`.

pub(crate) mod geometry;
pub(crate) mod graph;
pub(crate) mod graph_file;
pub(crate) mod hex;
pub(crate) mod octo;
pub(crate) mod square;
pub(crate) mod tri;

use crate::diagnostics::plural;
use crate::ids::CellId;
use crate::ir::{BoardKind, BoardSpec, Coord, Vector};

pub use geometry::Geometry;

/// The largest board side of grid topologies (files are the letters a..z).
pub const MAX_SIDE: u8 = 26;

/// The largest radius of a hexagon board: 25 files named a..z without j.
pub const MAX_HEX_RADIUS: u8 = 12;

/// The most nodes a graph board may have.
pub const MAX_GRAPH_NODES: usize = 4096;
/// The most links out of one graph node: a board's node has a handful of neighbours
/// (8 on a grid linked both ways), and finding the diagonals, and every step on the
/// board, costs more with each link.
pub const MAX_GRAPH_LINKS_PER_NODE: usize = 16;

/// The colour of a cell (see [`Board::colour`]). Square boards have light and dark
/// cells; hex boards three colours, so that no two neighbours share one: on a hexagon
/// board the centre is medium and the colours run light, dark, medium up each file
/// (Gliński's f1 light, f6 medium, f11 dark); on a board of rows a1 is dark, with
/// medium and light following to its right.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum CellColour {
    /// `light`.
    Light,
    /// `medium` (hex boards only).
    Medium,
    /// `dark`.
    Dark,
}

impl CellColour {
    /// The word the language uses for it.
    pub fn word(self) -> &'static str {
        match self {
            CellColour::Light => "light",
            CellColour::Medium => "medium",
            CellColour::Dark => "dark",
        }
    }
}

/// A linked board.
#[derive(Clone, Debug, PartialEq)]
pub struct Board {
    /// The topology and size, as the rules file declared them.
    kind: BoardKind,
    width: u8,
    height: u8,
    /// `y * width + x` → cell id, `None` for holes and grid points without a cell.
    grid: Vec<Option<CellId>>,
    /// cell id → coordinate.
    coords: Vec<Coord>,
    /// Declared holes, sorted.
    holes: Vec<Coord>,
    /// Neighbours by angle, for graph boards.
    graph: Option<graph::Graph>,
}

impl Board {
    /// Builds the board a checked rules file declares. Fails only on a graph that
    /// the checker would have rejected (e.g. two nodes at one place).
    pub fn from_spec(spec: &BoardSpec) -> Result<Board, String> {
        let (width, height, exists): (u8, u8, Box<dyn Fn(Coord) -> bool>) = match &spec.kind {
            BoardKind::Square { width, height }
            | BoardKind::HexRows { width, height }
            | BoardKind::Tri { width, height }
            | BoardKind::Octo { width, height } => {
                let (w, h) = ((*width).clamp(1, MAX_SIDE), (*height).clamp(1, MAX_SIDE));
                (w, h, Box::new(|_| true))
            }
            BoardKind::Hex { radius } => {
                let r = (*radius).min(MAX_HEX_RADIUS);
                let side = 2 * r + 1;
                (side, side, Box::new(move |c| hex::hexagon_has(r, c)))
            }
            BoardKind::Graph(g) => {
                let (graph, coords, w, h) = graph::Graph::build(g)?;
                let mut grid = vec![None; w as usize * h as usize];
                for (i, c) in coords.iter().enumerate() {
                    grid[c.y as usize * w as usize + c.x as usize] = Some(CellId(i as u16));
                }
                return Ok(Board {
                    kind: spec.kind.clone(),
                    width: w,
                    height: h,
                    grid,
                    coords,
                    holes: Vec::new(),
                    graph: Some(graph),
                });
            }
        };
        let mut grid = Vec::with_capacity(width as usize * height as usize);
        let mut coords = Vec::new();
        let mut holes = Vec::new();
        for y in 0..height as i16 {
            for x in 0..width as i16 {
                let c = Coord { x, y };
                if !exists(c) {
                    grid.push(None);
                } else if spec.holes.contains(&c) {
                    holes.push(c);
                    grid.push(None);
                } else {
                    grid.push(Some(CellId(coords.len() as u16)));
                    coords.push(c);
                }
            }
        }
        Ok(Board {
            kind: spec.kind.clone(),
            width,
            height,
            grid,
            coords,
            holes,
            graph: None,
        })
    }

    /// A board of a kind without holes (tests and tools).
    pub fn of_kind(kind: BoardKind) -> Result<Board, String> {
        Board::from_spec(&BoardSpec {
            kind,
            holes: Vec::new(),
            span: Default::default(),
        })
    }

    /// A plain square board (tests and tools).
    pub fn square(width: u8, height: u8, holes: &[Coord]) -> Board {
        let spec = BoardSpec {
            kind: BoardKind::Square { width, height },
            holes: holes.to_vec(),
            span: Default::default(),
        };
        Board::from_spec(&spec).unwrap_or_else(|_| unreachable!("square boards always build"))
    }

    /// The holes the rules file cut, sorted.
    pub fn holes(&self) -> &[Coord] {
        &self.holes
    }

    /// The topology and size, as the rules file declared them.
    pub fn kind(&self) -> &BoardKind {
        &self.kind
    }

    /// Whether two different vectors from one cell always reach different cells (square,
    /// hex and octo boards); on tri and graph boards two directions can lead to the
    /// same neighbour.
    pub fn distinct_steps(&self) -> bool {
        matches!(
            self.kind,
            BoardKind::Square { .. }
                | BoardKind::Hex { .. }
                | BoardKind::HexRows { .. }
                | BoardKind::Octo { .. }
        )
    }

    /// How directions behave on this board (on a graph board, the geometry of the
    /// lattice its links lie on, or [`Geometry::Graph`]).
    pub fn geometry(&self) -> Geometry {
        match &self.graph {
            Some(g) => g.lattice().geometry(),
            None => geometry_of(&self.kind),
        }
    }

    /// Whether this is a graph board whose links lie on no lattice: its headings
    /// follow the links ([`Board::advance`], [`Board::headings_at`]).
    pub fn follows_links(&self) -> bool {
        self.graph
            .as_ref()
            .is_some_and(|g| g.lattice() == graph::Lattice::Free)
    }

    /// [`Board::step`], with the heading the piece keeps for its next step: on a
    /// graph board whose headings follow the links, the bearing of the link taken
    /// (so a rider goes straight on along a chain of links); else `v` itself.
    #[inline]
    pub fn advance(&self, from: CellId, v: Vector) -> Option<(CellId, Vector)> {
        match &self.graph {
            Some(g) => g.advance(from, v),
            None => self.step(from, v).map(|c| (c, v)),
        }
    }

    /// On a graph board whose headings follow the links (a free graph): the directions
    /// of its links, tenths of a degree, each once, sorted. Empty on other boards.
    pub fn link_bearings(&self) -> Vec<u16> {
        match &self.graph {
            Some(g) if g.lattice() == graph::Lattice::Free => g.link_bearings(),
            _ => Vec::new(),
        }
    }

    /// The headings `v` stands for from `from`, appended to `out`: on a graph board
    /// whose headings follow the links, `orthogonal` is one heading per link of the
    /// node and `diagonal` one per diagonal; any other vector is itself.
    pub fn headings_at(&self, from: CellId, v: Vector, out: &mut Vec<Vector>) {
        match &self.graph {
            Some(g) => g.headings_at(from, v, out),
            None => out.push(v),
        }
    }

    /// The cells one step of `v` reaches from `from`: one at most, except for the
    /// words of a graph board whose headings follow the links (every link, every
    /// diagonal).
    pub fn reach(&self, from: CellId, v: Vector) -> Vec<CellId> {
        let mut heads = Vec::new();
        self.headings_at(from, v, &mut heads);
        heads
            .into_iter()
            .filter_map(|h| self.step(from, h))
            .collect()
    }

    /// A heading turned by `degrees` (counter-clockwise positive), as the linker turns
    /// the previous leg's direction: the geometry's turn, or on a graph board whose
    /// headings follow the links, the bearing turned by that angle.
    pub fn turn(&self, heading: Vector, degrees: i16) -> Option<Vector> {
        match &self.graph {
            Some(g) => g.turn(heading, degrees),
            None => self.geometry().rotate(heading, degrees),
        }
    }

    /// How many cells the board has (cell ids are `0..cell_count`).
    pub fn cell_count(&self) -> usize {
        self.coords.len()
    }

    /// Every cell id, in order.
    pub fn cells(&self) -> impl Iterator<Item = CellId> {
        (0..self.cell_count() as u16).map(CellId)
    }

    /// The grid's width (files).
    pub fn width(&self) -> u8 {
        self.width
    }

    /// The grid's height (ranks).
    pub fn height(&self) -> u8 {
        self.height
    }

    /// The colour of the cell at `c`: light or dark on square boards (a1 is dark, as
    /// on a chessboard), light, medium or dark on hex boards (no two neighbours alike;
    /// see [`CellColour`]); `None` on other boards, which have no colours.
    pub fn colour(&self, c: Coord) -> Option<CellColour> {
        match &self.kind {
            BoardKind::Square { .. } => Some(if (c.x + c.y).rem_euclid(2) == 0 {
                CellColour::Dark
            } else {
                CellColour::Light
            }),
            BoardKind::Hex { radius } => Some(hex::hexagon_colour(*radius, c)),
            BoardKind::HexRows { .. } => Some(hex::rows_colour(self, c)),
            _ => None,
        }
    }

    /// The grid coordinate of `cell`.
    pub fn coord(&self, cell: CellId) -> Coord {
        self.coords[cell.index()]
    }

    /// The cell at a grid coordinate; `None` off the grid, in a hole or where the
    /// topology has no cell.
    pub fn cell_at(&self, c: Coord) -> Option<CellId> {
        if c.x < 0 || c.y < 0 || c.x >= self.width as i16 || c.y >= self.height as i16 {
            return None;
        }
        self.grid[c.y as usize * self.width as usize + c.x as usize]
    }

    /// The grid points of rank `y` that a FEN rank lists, from file a up: the cells
    /// and the holes a rules file cut (written `*`), but not the grid points a
    /// hexagon or graph board has no cell at.
    pub fn fen_row(&self, y: i16) -> Vec<Coord> {
        (0..self.width as i16)
            .map(|x| Coord { x, y })
            .filter(|&c| self.cell_at(c).is_some() || self.holes.binary_search(&c).is_ok())
            .collect()
    }

    /// The grid's row counted from the top (row 0 is the first line of a text board),
    /// which the Sokoban-family parity rules use.
    pub fn row_from_top(&self, c: Coord) -> i16 {
        self.height as i16 - 1 - c.y
    }

    /// The cell one step of `v` (first side's view already applied) from `from`;
    /// `None` if the step leaves the board or meets a hole.
    pub fn step(&self, from: CellId, v: Vector) -> Option<CellId> {
        let c = self.coord(from);
        match &self.kind {
            BoardKind::Square { .. } => self.cell_at(square::offset(c, v)),
            BoardKind::Octo { .. } => octo::step(self, c, v),
            BoardKind::Hex { radius } => self.cell_at(hex::hexagon_offset(*radius, c, v)?),
            BoardKind::HexRows { .. } => self.cell_at(hex::rows_offset(self, c, v)?),
            BoardKind::Tri { .. } => tri::step(self, c, v),
            BoardKind::Graph(_) => self.graph.as_ref()?.step(from, v),
        }
    }

    /// `a1`, `j10`; on hexagon boards the files skip `j`; on graph boards the node id.
    pub fn cell_name(&self, cell: CellId) -> String {
        let Some(&c) = self.coords.get(cell.index()) else {
            return format!("#{}", cell.0);
        };
        match &self.kind {
            BoardKind::Hex { .. } => hex::file_name(c.x)
                .map_or_else(|| format!("#{}", cell.0), |f| format!("{f}{}", c.y + 1)),
            BoardKind::Graph(g) => g.nodes[cell.index()].id.clone(),
            _ => coord_name(c),
        }
    }

    /// The grid coordinate a cell name spells on this kind of board (even if no cell
    /// is there); `None` if the name is malformed (or, on graph boards, unknown).
    pub fn parse_coord(&self, name: &str) -> Option<Coord> {
        match &self.kind {
            BoardKind::Hex { .. } => hex::parse_name(name),
            BoardKind::Graph(g) => {
                let i = g.nodes.iter().position(|n| n.id == name)?;
                self.coords.get(i).copied()
            }
            _ => parse_coord(name),
        }
    }

    /// Parses a cell name; `None` if malformed, off the board or a hole.
    pub fn parse_cell(&self, name: &str) -> Option<CellId> {
        self.cell_at(self.parse_coord(name)?)
    }

    /// A file's name (`a`, ...; hexagon boards skip `j`).
    pub fn file_name(&self, x: i16) -> Option<String> {
        match &self.kind {
            BoardKind::Hex { .. } => hex::file_name(x).map(String::from),
            _ => (0..26)
                .contains(&x)
                .then(|| ((b'a' + x as u8) as char).to_string()),
        }
    }

    /// Mirrors a coordinate top to bottom: the second side's view of the first side's
    /// coordinate (on hexagon boards within the coordinate's file).
    pub fn mirror(&self, c: Coord) -> Coord {
        match &self.kind {
            BoardKind::Hex { radius } => hex::hexagon_mirror(*radius, c),
            _ => Coord {
                x: c.x,
                y: self.height as i16 - 1 - c.y,
            },
        }
    }

    /// Whether the board is a square grid (`board square WxH`, holes allowed): a step
    /// of any vector changes a file or a rank, so a straight run holds at most
    /// `max(width, height) - 1` steps.
    pub fn is_rectangle(&self) -> bool {
        matches!(self.kind, BoardKind::Square { .. })
    }

    /// The mirror image of every cell, by index, on a rectangular board whose holes look
    /// the same to both sides: there a step by a vector from a cell, mirrored, is the
    /// mirrored vector's step from the mirrored cell. `None` on other boards.
    pub fn cell_mirror(&self) -> Option<Vec<CellId>> {
        if !matches!(self.kind, BoardKind::Square { .. }) {
            return None;
        }
        self.cells()
            .map(|c| self.cell_at(self.mirror(self.coord(c))))
            .collect()
    }

    /// The centre of a cell in drawing units (about one unit per cell), x to the
    /// right, y up (the first side's view).
    pub fn center(&self, cell: CellId) -> (f64, f64) {
        let c = self.coord(cell);
        match &self.kind {
            BoardKind::Square { .. } | BoardKind::Octo { .. } => {
                (c.x as f64 + 0.5, c.y as f64 + 0.5)
            }
            BoardKind::Hex { radius } => hex::hexagon_center(*radius, c),
            BoardKind::HexRows { .. } => hex::rows_center(self, c),
            BoardKind::Tri { .. } => tri::center(self, c),
            BoardKind::Graph(_) => self.graph.as_ref().map_or((0.0, 0.0), |g| g.center(cell)),
        }
    }

    /// The outline of a cell as a closed polygon (first point not repeated),
    /// counter-clockwise, in the units of [`Board::center`]. Empty for graph nodes,
    /// which are points.
    pub fn outline(&self, cell: CellId) -> Vec<(f64, f64)> {
        let c = self.coord(cell);
        let (cx, cy) = self.center(cell);
        match &self.kind {
            BoardKind::Square { .. } => square::outline(cx, cy),
            BoardKind::Octo { .. } => octo::outline(self, c, cx, cy),
            BoardKind::Hex { .. } => hex::outline(true, cx, cy),
            BoardKind::HexRows { .. } => hex::outline(false, cx, cy),
            BoardKind::Tri { .. } => tri::outline(self, c, cx),
            BoardKind::Graph(_) => Vec::new(),
        }
    }

    /// Links to draw between cells: a graph board's links, each undirected link once;
    /// tilings draw none (their cells touch).
    pub fn drawn_links(&self) -> Vec<(CellId, CellId)> {
        match &self.graph {
            Some(g) => g.undirected_links(),
            None => Vec::new(),
        }
    }

    /// Every cell a unit step can reach from `cell`, with the direction (the board's
    /// unit directions: orthogonal and diagonal). For tests and tools.
    pub fn neighbours(&self, cell: CellId, dirs: &[Vector]) -> Vec<(Vector, CellId)> {
        dirs.iter()
            .flat_map(|&v| {
                let mut heads = Vec::new();
                self.headings_at(cell, v, &mut heads);
                heads
            })
            .filter_map(|v| self.step(cell, v).map(|n| (v, n)))
            .collect()
    }

    /// A one-line description, e.g. `square 8x8`, `hex radius 5 (91 cells)`.
    pub fn describe(&self) -> String {
        let holes = match self.holes.len() {
            0 => String::new(),
            1 => ", 1 hole".to_string(),
            n => format!(", {n} holes"),
        };
        match &self.kind {
            BoardKind::Square { .. } => format!("square {}x{}{holes}", self.width, self.height),
            BoardKind::HexRows { .. } | BoardKind::Tri { .. } | BoardKind::Octo { .. } => {
                format!(
                    "{} {}x{}{holes} ({})",
                    self.kind.word(),
                    self.width,
                    self.height,
                    plural(self.cell_count(), "cell")
                )
            }
            BoardKind::Hex { radius } => {
                format!(
                    "hex radius {radius}{holes} ({})",
                    plural(self.cell_count(), "cell")
                )
            }
            BoardKind::Graph(g) => format!(
                "graph {:?} ({}, {})",
                g.source,
                plural(self.cell_count(), "node"),
                plural(g.links.len(), "link")
            ),
        }
    }
}

/// How directions behave on a kind of board.
pub fn geometry_of(kind: &BoardKind) -> Geometry {
    match kind {
        BoardKind::Square { .. } | BoardKind::Octo { .. } => Geometry::Square,
        BoardKind::Hex { .. } => Geometry::Hex { columns: true },
        BoardKind::HexRows { .. } => Geometry::Hex { columns: false },
        BoardKind::Tri { .. } => Geometry::Tri,
        BoardKind::Graph(_) => Geometry::Graph,
    }
}

/// Parses `a1`-style coordinates without a board: file letters a..z, rank 1.. .
/// Returns the coordinate even if it is off any particular board.
pub fn parse_coord(name: &str) -> Option<Coord> {
    let bytes = name.as_bytes();
    let (&f, rest) = bytes.split_first()?;
    if !f.is_ascii_lowercase() || rest.is_empty() || rest.len() > 3 {
        return None;
    }
    if !rest.iter().all(u8::is_ascii_digit) || rest[0] == b'0' {
        return None;
    }
    let rank: i16 = std::str::from_utf8(rest).ok()?.parse().ok()?;
    Some(Coord {
        x: (f - b'a') as i16,
        y: rank - 1,
    })
}

/// The name of a coordinate: `a1`, `z26`.
pub fn coord_name(c: Coord) -> String {
    if (0..26).contains(&c.x) && c.y >= 0 {
        format!("{}{}", (b'a' + c.x as u8) as char, c.y + 1)
    } else {
        format!("({},{})", c.x, c.y)
    }
}
