//! notation: the text forms of moves and positions.

pub(crate) mod uci;
