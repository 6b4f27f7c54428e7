//! The table file format (`piecewise compile -o`): a little-endian byte image of a
//! [`MoveTable`] with a trailing checksum. Layout in `docs/bytecode.md`.
//!
//! Reading never panics and never trusts a length before checking it against the bytes
//! that remain; a successful read is still only a [`MoveTable`] and must be verified.
//! A failed read is a [`TableFileError`] that says what and at which byte (`error.rs`).

use super::layout::{FilterCode, MoveTable, Node, RootRange, TablePiece, NODE_SIZE};
use crate::ids::CellId;
use crate::ir::{BoardKind, BoardSpec, GraphNode, GraphSpec};
use crate::ir::{Coord, Vector};
use crate::topology::{Board, MAX_HEX_RADIUS, MAX_SIDE};

mod error;

#[cfg(test)]
mod tests;

pub use error::{TableFileError, TableFileErrorKind};

/// The first four bytes of every table file.
pub const MAGIC: &[u8; 4] = b"PWTB";
/// Version 2 added the per-piece flags byte (`+X` letters) and the `EN_PASSANT` node
/// flag; version 3 the hex, tri, octo and graph topologies; version 4 the `PUSH` and
/// `PUSH_TARGET` node flags (displacements); version 5 shared nodes (`MASK_SHARED` in
/// a node's mask, continuation blocks reached from many places); version 6 the
/// `MEET_CAPTURE` and `MEET_CONVERT` bits of a `PUSH_TARGET` mask (friend captures,
/// conversions); version 7 both bits at once, `MEET_ACTIVATE` (activations); version 8
/// the `MASK_MARK` bits of a node's mask (patterns that set tags, burn or explode) and,
/// after the nodes, the direction list of relative nodes (`MASK_RELATIVE` on a shared
/// node). Version 4 to 7 files are read too: they are version 8 files without shared
/// nodes or without those bits, and without directions. Version 9 writes a kind
/// filter's mask in 16 bytes (up to 127 kinds); older files' masks are 8.
pub const VERSION: u16 = 9;
/// Piece flag: the letter is written `+X`.
const PIECE_PLUS: u8 = 1;
/// Piece flags: the mark after the letter (0 none, 1 `X'`, 2 `X!`), two bits.
const PIECE_PRIME: u8 = 6;
const PIECE_PRIME_SHIFT: u8 = 1;
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

/// Writes a table file: the byte image of `table` and its checksum. Names longer than
/// the format allows are cut (piece names at 255 bytes).
pub fn to_bytes(table: &MoveTable) -> Vec<u8> {
    let mut out = Vec::with_capacity(64 + table.nodes.len() * NODE_SIZE + table.roots.len() * 8);
    out.extend_from_slice(MAGIC);
    out.extend_from_slice(&VERSION.to_le_bytes());
    out.extend_from_slice(&0u16.to_le_bytes());
    write_board(&mut out, &table.board);
    out.push(table.pieces.len() as u8);
    for piece in &table.pieces {
        out.push(piece.letter as u8);
        out.push(
            if piece.plus { PIECE_PLUS } else { 0 } | (piece.prime.min(3) << PIECE_PRIME_SHIFT),
        );
        let name = piece.name.as_bytes();
        let len = name.len().min(255);
        out.push(len as u8);
        out.extend_from_slice(&name[..len]);
    }
    out.push(table.filters.len().min(255) as u8);
    for filter in table.filters.iter().take(255) {
        out.push(filter.mode);
        out.extend_from_slice(&filter.mask.to_le_bytes());
    }
    out.extend_from_slice(&(table.roots.len() as u32).to_le_bytes());
    for range in &table.roots {
        out.extend_from_slice(&range.first.to_le_bytes());
        out.extend_from_slice(&range.count.to_le_bytes());
        out.extend_from_slice(&range.flags.to_le_bytes());
    }
    out.extend_from_slice(&(table.nodes.len() as u32).to_le_bytes());
    for node in &table.nodes {
        out.extend_from_slice(&node.target.0.to_le_bytes());
        out.push(node.depth);
        out.push(node.flags);
        out.push(node.mask);
        out.push(node.filter);
        out.extend_from_slice(&node.child_count.to_le_bytes());
        out.extend_from_slice(&node.first_child.to_le_bytes());
    }
    out.extend_from_slice(&(table.directions.len().min(u16::MAX as usize) as u16).to_le_bytes());
    for v in table.directions.iter().take(u16::MAX as usize) {
        out.push(v.dx as u8);
        out.push(v.dy as u8);
    }
    let sum = checksum(&out);
    out.extend_from_slice(&sum.to_le_bytes());
    out
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
    let mut reader = Reader { bytes: body, at: 4 };
    let version = reader.u16("the version")?;
    if !(4..=VERSION).contains(&version) {
        return Err(TableFileError::unsupported_version(
            reader.at, version, VERSION,
        ));
    }
    let _flags = reader.u16("the header flags")?;
    let board = read_board(&mut reader)?;
    let piece_count = reader.u8("the piece count")? as usize;
    let mut pieces = Vec::with_capacity(piece_count);
    for _ in 0..piece_count {
        let letter = reader.u8("a piece letter")? as char;
        let flags = reader.u8("a piece's flags")?;
        if flags & !(PIECE_PLUS | PIECE_PRIME) != 0
            || (flags & PIECE_PRIME) >> PIECE_PRIME_SHIFT > 2
        {
            return Err(TableFileError::piece_flags(reader.at, flags));
        }
        let len = reader.u8("a piece name length")? as usize;
        let name = reader.take(len, "a piece name")?;
        let Ok(name) = std::str::from_utf8(name) else {
            return Err(TableFileError::not_utf8(reader.at, "a piece name"));
        };
        pieces.push(TablePiece {
            name: name.to_string(),
            letter,
            plus: flags & PIECE_PLUS != 0,
            prime: (flags & PIECE_PRIME) >> PIECE_PRIME_SHIFT,
        });
    }
    let filter_count = reader.u8("the filter count")? as usize;
    let mut filters = Vec::with_capacity(filter_count);
    for _ in 0..filter_count {
        let mode = reader.u8("a filter")?;
        let low = reader.u64("a filter")?;
        let high = if version >= 9 {
            reader.u64("a filter")?
        } else {
            0
        };
        let mask = u128::from(high) << 64 | u128::from(low);
        filters.push(FilterCode { mode, mask });
    }
    let root_count = reader.u32("the root count")? as usize;
    reader.room(root_count, 8, "root ranges")?;
    let mut roots = Vec::with_capacity(root_count);
    for _ in 0..root_count {
        let first = reader.u32("a root range")?;
        let count = reader.u16("a root range")?;
        let flags = reader.u16("a root range")?;
        roots.push(RootRange {
            first,
            count,
            flags,
        });
    }
    let node_count = reader.u32("the node count")? as usize;
    reader.room(node_count, NODE_SIZE, "nodes")?;
    let mut nodes = Vec::with_capacity(node_count);
    for _ in 0..node_count {
        let target = CellId(reader.u16("a node")?);
        let depth = reader.u8("a node")?;
        let flags = reader.u8("a node")?;
        let mask = reader.u8("a node")?;
        let filter = reader.u8("a node")?;
        let child_count = reader.u16("a node")?;
        let first_child = reader.u32("a node")?;
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
    let mut directions = Vec::new();
    if version >= 8 {
        let count = reader.u16("the direction count")? as usize;
        reader.room(count, 2, "directions")?;
        for _ in 0..count {
            let dx = reader.u8("a direction")? as i8;
            let dy = reader.u8("a direction")? as i8;
            directions.push(Vector { dx, dy });
        }
    }
    if reader.at != body.len() {
        return Err(TableFileError::trailing_bytes(
            reader.at,
            body.len() - reader.at,
        ));
    }
    Ok(MoveTable {
        board,
        pieces,
        filters,
        roots,
        nodes,
        directions,
    })
}

/// The board: topology, size, declared holes; graph boards their nodes and links.
fn write_board(out: &mut Vec<u8>, board: &Board) {
    let (topology, a, b) = match board.kind() {
        BoardKind::Square { width, height } => (TOPOLOGY_SQUARE, *width, *height),
        BoardKind::Hex { radius } => (TOPOLOGY_HEX, *radius, 0),
        BoardKind::HexRows { width, height } => (TOPOLOGY_HEX_ROWS, *width, *height),
        BoardKind::Tri { width, height } => (TOPOLOGY_TRI, *width, *height),
        BoardKind::Octo { width, height } => (TOPOLOGY_OCTO, *width, *height),
        // A graph's tolerance + 1 in the size byte (0: the default).
        BoardKind::Graph(g) => (TOPOLOGY_GRAPH, g.tolerance.map_or(0, |t| t + 1), 0),
    };
    out.push(topology);
    out.push(a);
    out.push(b);
    out.push(0);
    let holes = board.holes();
    out.extend_from_slice(&(holes.len() as u16).to_le_bytes());
    for c in holes {
        out.push(c.x as u8);
        out.push(c.y as u8);
    }
    if let BoardKind::Graph(g) = board.kind() {
        let source = g.source.as_bytes();
        let len = source.len().min(u16::MAX as usize);
        out.extend_from_slice(&(len as u16).to_le_bytes());
        out.extend_from_slice(&source[..len]);
        out.extend_from_slice(&(g.nodes.len() as u16).to_le_bytes());
        for n in &g.nodes {
            let id = n.id.as_bytes();
            let len = id.len().min(255);
            out.push(len as u8);
            out.extend_from_slice(&id[..len]);
            out.extend_from_slice(&n.x.to_le_bytes());
            out.extend_from_slice(&n.y.to_le_bytes());
        }
        out.extend_from_slice(&(g.links.len() as u32).to_le_bytes());
        for &(a, b) in &g.links {
            out.extend_from_slice(&a.to_le_bytes());
            out.extend_from_slice(&b.to_le_bytes());
        }
    }
}

fn read_board(reader: &mut Reader<'_>) -> Result<Board, TableFileError> {
    let topology = reader.u8("the topology")?;
    let a = reader.u8("the board size")?;
    let b = reader.u8("the board size")?;
    let _ = reader.u8("padding")?;
    let sized = |w: u8, h: u8| (1..=MAX_SIDE).contains(&w) && (1..=MAX_SIDE).contains(&h);
    let kind = match topology {
        TOPOLOGY_SQUARE | TOPOLOGY_HEX_ROWS | TOPOLOGY_TRI | TOPOLOGY_OCTO => {
            if !sized(a, b) {
                return Err(TableFileError::board_size(reader.at, a, b));
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
                return Err(TableFileError::hex_radius(reader.at, a, MAX_HEX_RADIUS));
            }
            BoardKind::Hex { radius: a }
        }
        TOPOLOGY_GRAPH => BoardKind::Graph(Default::default()),
        other => return Err(TableFileError::unknown_topology(reader.at, other)),
    };
    let hole_count = reader.u16("the hole count")? as usize;
    reader.room(hole_count, 2, "holes")?;
    let mut holes = Vec::with_capacity(hole_count);
    for _ in 0..hole_count {
        let x = reader.u8("a hole")?;
        let y = reader.u8("a hole")?;
        holes.push(Coord {
            x: x as i16,
            y: y as i16,
        });
    }
    let kind = match kind {
        BoardKind::Graph(_) => {
            let len = reader.u16("the graph's file name length")? as usize;
            let source = reader.take(len, "the graph's file name")?;
            let source = String::from_utf8_lossy(source).into_owned();
            let count = reader.u16("the node count")? as usize;
            reader.room(count, 17, "graph nodes")?;
            let mut nodes = Vec::with_capacity(count);
            for _ in 0..count {
                let len = reader.u8("a node id length")? as usize;
                let id = reader.take(len, "a node id")?;
                let Ok(id) = std::str::from_utf8(id) else {
                    return Err(TableFileError::not_utf8(reader.at, "a node id"));
                };
                let mut f = || -> Result<f64, TableFileError> {
                    let raw = reader.take(8, "a node position")?;
                    let mut bytes = [0u8; 8];
                    bytes.copy_from_slice(raw);
                    Ok(f64::from_le_bytes(bytes))
                };
                let (x, y) = (f()?, f()?);
                if !x.is_finite() || !y.is_finite() {
                    return Err(TableFileError::node_position(reader.at, id));
                }
                nodes.push(GraphNode {
                    id: id.to_string(),
                    x,
                    y,
                });
            }
            let links = reader.u32("the link count")? as usize;
            reader.room(links, 4, "graph links")?;
            let mut pairs = Vec::with_capacity(links);
            for _ in 0..links {
                pairs.push((reader.u16("a link")?, reader.u16("a link")?));
            }
            BoardKind::Graph(std::sync::Arc::new(GraphSpec {
                source,
                nodes,
                links: pairs,
                tolerance: a.checked_sub(1).filter(|&t| t <= 180),
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
        Err(e) => Err(TableFileError::invalid_board(reader.at, e)),
    }
}
