//! table: the flat, per-board move table — its layout, linking a program to a board,
//! the byte format, the verifier, and the disassembler.
//!
//! Owns [`MoveTable`] (what the linker builds) and [`VerifiedTable`] (the only thing
//! the interpreter accepts). A table built by [`link`] or read by [`from_bytes`] must
//! pass [`verify`] before it is walked; after that the walk trusts it. The byte layout
//! is documented in `docs/bytecode.md`.

mod bytes;
mod disasm;
mod facts;
mod kernel;
mod layout;
mod link;
mod reverse;
mod unroll;
mod verify;

pub use bytes::{from_bytes, to_bytes, TableFileError, TableFileErrorKind, MAGIC};
pub use disasm::{disasm, disasm_cell};
pub use facts::{capture_cells, foe_landings, TableFacts, TableSize};
pub use kernel::{HurdleLine, Hurdles, Kernels, Rays, Step};
pub use layout::{near_code, near_mask};
pub use layout::{
    FilterCode, MoveTable, Node, NodeId, RootRange, TablePiece, CLASS_EMPTY, CLASS_FOE,
    CLASS_FRIEND, CLASS_OTHER, MARK_SHIFT, MASK_MARK, MASK_MOMENTUM, MASK_NEAR, MASK_RELATIVE,
    MASK_SHARED, MAX_DEPTH, MEET_ACTIONS, MEET_ACTIVATE, MEET_CAPTURE, MEET_CONVERT, NODE_SIZE,
};
pub use link::{link, LinkConfig};
pub(crate) use reverse::{RLeaf, RNode};
pub use reverse::{ReverseNodeId, ReverseTables, MAX_KINDS_BY_SET};
pub(crate) use unroll::UnrolledTrees;
pub use verify::{
    verify, VerifiedTable, VerifyError, VerifyErrorKind, MAX_DIRECTIONS, MAX_STACK, MAX_STEPS,
    MAX_WALK, NO_CELL,
};
