//! cambodian: Fairy-Stockfish's `cambodianMoves` (Cambodian chess's two one-time
//! moves) as tags written in the castling field, the way `rules/cambodian.rules` says
//! them.
//!
//! Fairy-Stockfish keeps the rights as gates (`gating = true`, the castling field's
//! file letters on each side's first rank): the King, not in check, may leap to an
//! empty cell two files aside one rank ahead, and loses the right when an enemy Rook
//! ends a move on a cell whose rook moves reach it on an empty board; a Fers (Met) may
//! leap two cells straight ahead to an empty cell. Each right is lost when its piece
//! moves or is taken. Here: `tag jump (') for KING, as rights in back_rank, lost when
//! aimed at by ROOK` and `tag rush (^) for FERS, as rights in back_rank`, with one
//! tagged pattern on each piece.

use std::fmt::Write as _;

use super::army::Piece;
use super::convert::Conv;

/// Translates `cambodianMoves`; whether it is on (then the start position keeps its
/// castling field, and `gating` is its gates, not Seirawan gating; the pieces then
/// take their patterns from [`cambodian_patterns`]).
pub(super) fn cambodian_moves(
    c: &mut Conv<'_>,
    pieces: &[Piece],
    zones: &mut String,
    decls: &mut String,
) -> bool {
    if !c.flag("cambodianMoves", false) {
        return false;
    }
    if !c.flag("gating", false) {
        // Fairy-Stockfish keeps no gates without it: the moves never happen.
        return false;
    }
    let name = |key: &str| pieces.iter().find(|p| p.key == key).map(|p| p.name.clone());
    let (king, fers, rook) = (name("king"), name("fers"), name("rook"));
    if king.is_none() && fers.is_none() {
        return true;
    }
    zones.push_str("zone back_rank = rank 1\n");
    if let Some(king) = &king {
        let aimed = rook
            .as_ref()
            .map(|r| format!(", lost when aimed at by {r}"))
            .unwrap_or_default();
        let _ = writeln!(
            decls,
            "tag jump (') for {king}, as rights in back_rank{aimed}"
        );
    }
    if let Some(fers) = &fers {
        let _ = writeln!(decls, "tag rush (^) for {fers}, as rights in back_rank");
    }
    true
}

/// The one-time patterns of a game with `cambodianMoves`: the King's leap, the Fers's
/// rush.
pub(super) fn cambodian_patterns(pieces: &mut [Piece]) {
    for p in pieces.iter_mut() {
        if p.key == "king" {
            p.body.push(
                "leap exactly (2,1) + exactly (-2,1), move only, tagged jump, not in check".into(),
            );
        } else if p.key == "fers" {
            p.body
                .push("leap exactly (0,2), move only, tagged rush".into());
        }
    }
}
