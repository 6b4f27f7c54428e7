//! The table file format (`piecewise compile -o`): a little-endian byte image of a
//! [`MoveTable`] with a trailing checksum. Layout in `docs/bytecode.md`.
//!
//! Reading never panics and never trusts a length before checking it against the bytes
//! that remain; a successful read is still only a [`MoveTable`] and must be verified.
//! A failed read is a [`TableFileError`] that says what and at which byte (`error.rs`).

use super::layout::{FilterCode, MoveTable, Node, RootRange, TablePiece, NODE_SIZE};
use crate::ids::CellId;
use crate::ir::Coord;
use crate::ir::{BoardKind, BoardSpec, GraphNode, GraphSpec};
use crate::topology::{Board, MAX_HEX_RADIUS, MAX_SIDE};

mod error;

#[cfg(test)]
mod tests;

pub use error::{TableFileError, TableFileErrorKind};

/// The first four bytes of every table file.
pub const MAGIC: &[u8; 4] = b"PWTB";
/// Version 2 added the per-piece flags byte (`+X` letters) and the `EN_PASSANT` node
/// flag; version 3 the hex, tri, octo and graph topologies; version 4 the `PUSH` and
/// `PUSH_TARGET` node flags (displacements).
pub const VERSION: u16 = 4;
/// Piece flag: the letter is written `+X`.
const PIECE_PLUS: u8 = 1;
const TOPOLOGY_SQUARE: u8 = 1;
const TOPOLOGY_HEX: u8 = 2;
const TOPOLOGY_HEX_ROWS: u8 = 3;
const TOPOLOGY_TRI: u8 = 4;
const TOPOLOGY_OCTO: u8 = 5;
const TOPOLOGY_GRAPH: u8 = 6;

/// FNV-1a, 64 bit.
fn checksum(bytes: &[u8]) -> u64 {
    bytes.iter().fold(0xcbf2_9ce4_8422_2325u64, |h, &b| {
        (h ^ b as u64).wrapping_mul(0x0000_0100_0000_01b3)
    })
}

pub fn to_bytes(t: &MoveTable) -> Vec<u8> {
    let mut o = Vec::with_capacity(64 + t.nodes.len() * NODE_SIZE + t.roots.len() * 8);
    o.extend_from_slice(MAGIC);
    o.extend_from_slice(&VERSION.to_le_bytes());
    o.extend_from_slice(&0u16.to_le_bytes());
    write_board(&mut o, &t.board);
    o.push(t.pieces.len() as u8);
    for p in &t.pieces {
        o.push(p.letter as u8);
        o.push(if p.plus { PIECE_PLUS } else { 0 });
        let name = p.name.as_bytes();
        let len = name.len().min(255);
        o.push(len as u8);
        o.extend_from_slice(&name[..len]);
    }
    o.push(t.filters.len().min(255) as u8);
    for f in t.filters.iter().take(255) {
        o.push(f.mode);
        o.extend_from_slice(&f.mask.to_le_bytes());
    }
    o.extend_from_slice(&(t.roots.len() as u32).to_le_bytes());
    for r in &t.roots {
        o.extend_from_slice(&r.first.to_le_bytes());
        o.extend_from_slice(&r.count.to_le_bytes());
        o.extend_from_slice(&r.flags.to_le_bytes());
    }
    o.extend_from_slice(&(t.nodes.len() as u32).to_le_bytes());
    for n in &t.nodes {
        o.extend_from_slice(&n.target.0.to_le_bytes());
        o.push(n.depth);
        o.push(n.flags);
        o.push(n.mask);
        o.push(n.filter);
        o.extend_from_slice(&n.child_count.to_le_bytes());
        o.extend_from_slice(&n.first_child.to_le_bytes());
    }
    let sum = checksum(&o);
    o.extend_from_slice(&sum.to_le_bytes());
    o
}

/// A cursor over a table file's body: every read checks the length first.
struct Reader<'a> {
    bytes: &'a [u8],
    /// The offset of the next byte to read.
    at: usize,
}

impl<'a> Reader<'a> {
    /// The bytes after the cursor.
    fn left(&self) -> usize {
        self.bytes.len().saturating_sub(self.at)
    }

    fn take(&mut self, n: usize, what: &'static str) -> Result<&'a [u8], TableFileError> {
        match self.bytes.get(self.at..self.at.saturating_add(n)) {
            Some(s) if self.at.checked_add(n).is_some() => {
                self.at += n;
                Ok(s)
            }
            _ => Err(TableFileError::truncated(self.at, what, n, self.left())),
        }
    }

    fn u8(&mut self, what: &'static str) -> Result<u8, TableFileError> {
        Ok(self.take(1, what)?[0])
    }

    fn u16(&mut self, what: &'static str) -> Result<u16, TableFileError> {
        let b = self.take(2, what)?;
        Ok(u16::from_le_bytes([b[0], b[1]]))
    }

    fn u32(&mut self, what: &'static str) -> Result<u32, TableFileError> {
        let b = self.take(4, what)?;
        Ok(u32::from_le_bytes([b[0], b[1], b[2], b[3]]))
    }

    fn u64(&mut self, what: &'static str) -> Result<u64, TableFileError> {
        let b = self.take(8, what)?;
        let mut a = [0u8; 8];
        a.copy_from_slice(b);
        Ok(u64::from_le_bytes(a))
    }

    /// Checks that `count` records of `size` bytes can still follow.
    fn room(&self, count: usize, size: usize, what: &'static str) -> Result<(), TableFileError> {
        let left = self.left();
        match count.checked_mul(size) {
            Some(need) if need <= left => Ok(()),
            _ => Err(TableFileError::count_too_large(self.at, what, count, left)),
        }
    }
}

/// Reads a table file. The result is structurally complete but unverified.
pub fn from_bytes(bytes: &[u8]) -> Result<MoveTable, TableFileError> {
    if bytes.len() < 4 || &bytes[..4] != MAGIC {
        return Err(TableFileError::bad_magic());
    }
    if bytes.len() < 12 {
        return Err(TableFileError::too_short(bytes.len()));
    }
    let body = &bytes[..bytes.len() - 8];
    let mut stored = [0u8; 8];
    stored.copy_from_slice(&bytes[bytes.len() - 8..]);
    if checksum(body) != u64::from_le_bytes(stored) {
        return Err(TableFileError::checksum_mismatch(bytes.len() - 8));
    }
    let mut r = Reader { bytes: body, at: 4 };
    let version = r.u16("the version")?;
    if version != VERSION {
        return Err(TableFileError::unsupported_version(r.at, version, VERSION));
    }
    let _flags = r.u16("the header flags")?;
    let board = read_board(&mut r)?;
    let piece_count = r.u8("the piece count")? as usize;
    let mut pieces = Vec::with_capacity(piece_count);
    for _ in 0..piece_count {
        let letter = r.u8("a piece letter")? as char;
        let flags = r.u8("a piece's flags")?;
        if flags & !PIECE_PLUS != 0 {
            return Err(TableFileError::piece_flags(r.at, flags));
        }
        let len = r.u8("a piece name length")? as usize;
        let name = r.take(len, "a piece name")?;
        let Ok(name) = std::str::from_utf8(name) else {
            return Err(TableFileError::not_utf8(r.at, "a piece name"));
        };
        pieces.push(TablePiece {
            name: name.to_string(),
            letter,
            plus: flags & PIECE_PLUS != 0,
        });
    }
    let filter_count = r.u8("the filter count")? as usize;
    let mut filters = Vec::with_capacity(filter_count);
    for _ in 0..filter_count {
        let mode = r.u8("a filter")?;
        let mask = r.u64("a filter")?;
        filters.push(FilterCode { mode, mask });
    }
    let root_count = r.u32("the root count")? as usize;
    r.room(root_count, 8, "root ranges")?;
    let mut roots = Vec::with_capacity(root_count);
    for _ in 0..root_count {
        let first = r.u32("a root range")?;
        let count = r.u16("a root range")?;
        let flags = r.u16("a root range")?;
        roots.push(RootRange {
            first,
            count,
            flags,
        });
    }
    let node_count = r.u32("the node count")? as usize;
    r.room(node_count, NODE_SIZE, "nodes")?;
    let mut nodes = Vec::with_capacity(node_count);
    for _ in 0..node_count {
        let target = CellId(r.u16("a node")?);
        let depth = r.u8("a node")?;
        let flags = r.u8("a node")?;
        let mask = r.u8("a node")?;
        let filter = r.u8("a node")?;
        let child_count = r.u16("a node")?;
        let first_child = r.u32("a node")?;
        nodes.push(Node {
            target,
            depth,
            flags,
            mask,
            filter,
            child_count,
            first_child,
        });
    }
    if r.at != body.len() {
        return Err(TableFileError::trailing_bytes(r.at, body.len() - r.at));
    }
    Ok(MoveTable {
        board,
        pieces,
        filters,
        roots,
        nodes,
    })
}

/// The board: topology, size, declared holes; graph boards their nodes and links.
fn write_board(o: &mut Vec<u8>, board: &Board) {
    let (topology, a, b) = match board.kind() {
        BoardKind::Square { width, height } => (TOPOLOGY_SQUARE, *width, *height),
        BoardKind::Hex { radius } => (TOPOLOGY_HEX, *radius, 0),
        BoardKind::HexRows { width, height } => (TOPOLOGY_HEX_ROWS, *width, *height),
        BoardKind::Tri { width, height } => (TOPOLOGY_TRI, *width, *height),
        BoardKind::Octo { width, height } => (TOPOLOGY_OCTO, *width, *height),
        BoardKind::Graph(_) => (TOPOLOGY_GRAPH, 0, 0),
    };
    o.push(topology);
    o.push(a);
    o.push(b);
    o.push(0);
    let holes = board.holes();
    o.extend_from_slice(&(holes.len() as u16).to_le_bytes());
    for c in holes {
        o.push(c.x as u8);
        o.push(c.y as u8);
    }
    if let BoardKind::Graph(g) = board.kind() {
        let source = g.source.as_bytes();
        let len = source.len().min(u16::MAX as usize);
        o.extend_from_slice(&(len as u16).to_le_bytes());
        o.extend_from_slice(&source[..len]);
        o.extend_from_slice(&(g.nodes.len() as u16).to_le_bytes());
        for n in &g.nodes {
            let id = n.id.as_bytes();
            let len = id.len().min(255);
            o.push(len as u8);
            o.extend_from_slice(&id[..len]);
            o.extend_from_slice(&n.x.to_le_bytes());
            o.extend_from_slice(&n.y.to_le_bytes());
        }
        o.extend_from_slice(&(g.links.len() as u32).to_le_bytes());
        for &(a, b) in &g.links {
            o.extend_from_slice(&a.to_le_bytes());
            o.extend_from_slice(&b.to_le_bytes());
        }
    }
}

fn read_board(r: &mut Reader<'_>) -> Result<Board, TableFileError> {
    let topology = r.u8("the topology")?;
    let a = r.u8("the board size")?;
    let b = r.u8("the board size")?;
    let _ = r.u8("padding")?;
    let sized = |w: u8, h: u8| (1..=MAX_SIDE).contains(&w) && (1..=MAX_SIDE).contains(&h);
    let kind = match topology {
        TOPOLOGY_SQUARE | TOPOLOGY_HEX_ROWS | TOPOLOGY_TRI | TOPOLOGY_OCTO => {
            if !sized(a, b) {
                return Err(TableFileError::board_size(r.at, a, b));
            }
            let (width, height) = (a, b);
            match topology {
                TOPOLOGY_SQUARE => BoardKind::Square { width, height },
                TOPOLOGY_HEX_ROWS => BoardKind::HexRows { width, height },
                TOPOLOGY_TRI => BoardKind::Tri { width, height },
                _ => BoardKind::Octo { width, height },
            }
        }
        TOPOLOGY_HEX => {
            if a > MAX_HEX_RADIUS {
                return Err(TableFileError::hex_radius(r.at, a, MAX_HEX_RADIUS));
            }
            BoardKind::Hex { radius: a }
        }
        TOPOLOGY_GRAPH => BoardKind::Graph(Default::default()),
        other => return Err(TableFileError::unknown_topology(r.at, other)),
    };
    let hole_count = r.u16("the hole count")? as usize;
    r.room(hole_count, 2, "holes")?;
    let mut holes = Vec::with_capacity(hole_count);
    for _ in 0..hole_count {
        let x = r.u8("a hole")?;
        let y = r.u8("a hole")?;
        holes.push(Coord {
            x: x as i16,
            y: y as i16,
        });
    }
    let kind = match kind {
        BoardKind::Graph(_) => {
            let len = r.u16("the graph's file name length")? as usize;
            let source = r.take(len, "the graph's file name")?;
            let source = String::from_utf8_lossy(source).into_owned();
            let count = r.u16("the node count")? as usize;
            r.room(count, 17, "graph nodes")?;
            let mut nodes = Vec::with_capacity(count);
            for _ in 0..count {
                let len = r.u8("a node id length")? as usize;
                let id = r.take(len, "a node id")?;
                let Ok(id) = std::str::from_utf8(id) else {
                    return Err(TableFileError::not_utf8(r.at, "a node id"));
                };
                let mut f = || -> Result<f64, TableFileError> {
                    let raw = r.take(8, "a node position")?;
                    let mut bytes = [0u8; 8];
                    bytes.copy_from_slice(raw);
                    Ok(f64::from_le_bytes(bytes))
                };
                let (x, y) = (f()?, f()?);
                if !x.is_finite() || !y.is_finite() {
                    return Err(TableFileError::node_position(r.at, id));
                }
                nodes.push(GraphNode {
                    id: id.to_string(),
                    x,
                    y,
                });
            }
            let links = r.u32("the link count")? as usize;
            r.room(links, 4, "graph links")?;
            let mut pairs = Vec::with_capacity(links);
            for _ in 0..links {
                pairs.push((r.u16("a link")?, r.u16("a link")?));
            }
            BoardKind::Graph(std::sync::Arc::new(GraphSpec {
                source,
                nodes,
                links: pairs,
            }))
        }
        k => k,
    };
    let spec = BoardSpec {
        kind,
        holes,
        span: Default::default(),
    };
    match Board::from_spec(&spec) {
        Ok(b) => Ok(b),
        Err(e) => Err(TableFileError::invalid_board(r.at, e)),
    }
}
