//! The board a rules file declares: topology, size, holes, and graph boards as read
//! from their files.

use super::Coord;
use crate::ids::Span;

/// The board a file declares: its topology and size, and the holes cut from it.
#[derive(Clone, Debug, PartialEq)]
pub struct BoardSpec {
    /// The topology and size.
    pub kind: BoardKind,
    /// Sorted, deduplicated grid coordinates without a cell.
    pub holes: Vec<Coord>,
    /// Where the `board` line was written.
    pub span: Span,
}

/// A board's topology and size (see `topology` for the geometry of each).
#[derive(Clone, Debug, PartialEq)]
pub enum BoardKind {
    /// `board square WxH`.
    Square {
        /// Cells per row.
        width: u8,
        /// Rows.
        height: u8,
    },
    /// `board hex radius N`: a hexagon of hexagons, every cell within `N` steps of the
    /// centre (Gliński's board is radius 5); flat-topped cells in vertical files.
    Hex {
        /// Steps from the centre to the edge.
        radius: u8,
    },
    /// `board hex WxH`: W cells per row, H rows of pointy-topped cells, odd rows
    /// (counted from the top, 0 first) shifted right by half a cell (Hexoban).
    HexRows {
        /// Cells per row.
        width: u8,
        /// Rows.
        height: u8,
    },
    /// `board tri WxH`: triangles alternating up and down (Trioban).
    Tri {
        /// Cells per row.
        width: u8,
        /// Rows.
        height: u8,
    },
    /// `board octo WxH`: octagons and squares alternating (Octoban).
    Octo {
        /// Cells per row.
        width: u8,
        /// Rows.
        height: u8,
    },
    /// `board graph "FILE.json"`: nodes and links loaded from a file.
    Graph(std::sync::Arc<GraphSpec>),
}

impl BoardKind {
    /// The word that selects this topology in a `board` line.
    pub fn word(&self) -> &'static str {
        match self {
            BoardKind::Square { .. } => "square",
            BoardKind::Hex { .. } | BoardKind::HexRows { .. } => "hex",
            BoardKind::Tri { .. } => "tri",
            BoardKind::Octo { .. } => "octo",
            BoardKind::Graph(_) => "graph",
        }
    }
}

/// A graph board as read from its file (the nchess map format): nodes with positions,
/// directed links between them.
#[derive(Clone, Debug, PartialEq, Default)]
pub struct GraphSpec {
    /// The file name as the rules file wrote it.
    pub source: String,
    /// The nodes, in file order (a node's index is its cell id).
    pub nodes: Vec<GraphNode>,
    /// Directed links as node indices `(from, to)`, deduplicated.
    pub links: Vec<(u16, u16)>,
    /// How far (in whole degrees, 0..=180) a link may point from a heading and still
    /// be its step on a graph whose links are not a square or hex lattice; `None`:
    /// the default, [`GraphSpec::DEFAULT_TOLERANCE`]. The file's `"tolerance"` key.
    pub tolerance: Option<u8>,
}

impl GraphSpec {
    /// The tolerance of a graph file that declares none, in degrees.
    pub const DEFAULT_TOLERANCE: u8 = 30;
}

/// A node of a graph board.
#[derive(Clone, Debug, PartialEq)]
pub struct GraphNode {
    /// The node's name: what FEN-free tools (`--from`, cell lists) call it.
    pub id: String,
    /// Its position, to the right.
    pub x: f64,
    /// Its position, upwards.
    pub y: f64,
}
