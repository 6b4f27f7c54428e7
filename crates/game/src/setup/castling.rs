//! The castlings a game declares, resolved to cells for both sides, and the rights a
//! move through a cell takes away.

use super::{side_cell, MAX_CASTLINGS};
use crate::diagnostics::{Diagnostic, Diagnostics};
use crate::ids::{CellId, Side, Span};
use crate::ir::{Castling, Coord, GameDecls};
use crate::topology::Board;
use crate::CastlingMove;

/// Every declared castling for both sides (the first side's moves first, in declaration
/// order), resolved to cells. E0951 for a castling with a cell off the board (it is
/// left out); E0952 if there are more than [`MAX_CASTLINGS`] (the rest are dropped).
pub(super) fn castlings(
    decls: &GameDecls,
    board: &Board,
    errors: &mut Diagnostics,
) -> Vec<CastlingMove> {
    let mut castlings = Vec::new();
    for side in Side::BOTH {
        for castling in &decls.castlings {
            match castling_move(castling, side, board) {
                Some(resolved) => castlings.push(resolved),
                None if side == Side::First => errors.push(
                    Diagnostic::error(
                        "E0951",
                        "a castling cell is not on the board",
                        castling.span,
                    )
                    .help("castling cells are written as the first side sees them"),
                ),
                None => {}
            }
        }
    }
    if castlings.len() > MAX_CASTLINGS {
        errors.push(Diagnostic::error(
            "E0952",
            "more than 32 castling moves per side",
            decls.castlings.last().map_or(Span::default(), |c| c.span),
        ));
        castlings.truncate(MAX_CASTLINGS);
    }
    castlings
}

/// One castling of `side` resolved to cells: the cells that must be empty (those the
/// king or the partner crosses or reaches, but for their own start cells), the cells
/// that must be safe (the king's from, passed and reached; its destination alone
/// `, through check`) and its FEN letter. `None`
/// if one of its four cells is off the board.
pub(super) fn castling_move(
    castling: &Castling,
    side: Side,
    board: &Board,
) -> Option<CastlingMove> {
    let c = castling;
    let king_from = side_cell(board, c.king_from, side)?;
    let king_to = side_cell(board, c.king_to, side)?;
    let partner_from = side_cell(board, c.partner_from, side)?;
    let partner_to = side_cell(board, c.partner_to, side)?;
    let rank = c.king_from.y;
    let on_rank = |x: i16| side_cell(board, Coord { x, y: rank }, side);
    let king_xs = c.king_from.x.min(c.king_to.x)..=c.king_from.x.max(c.king_to.x);
    let partner_xs = c.partner_from.x.min(c.partner_to.x)..=c.partner_from.x.max(c.partner_to.x);
    let xs = [c.king_from.x, c.king_to.x, c.partner_from.x, c.partner_to.x];
    let lowest = xs.iter().copied().min().unwrap_or(0);
    let highest = xs.iter().copied().max().unwrap_or(0);
    let crossed = (lowest..=highest)
        .filter(|x| king_xs.contains(x) || partner_xs.contains(x))
        .filter_map(on_rank)
        .filter(|&id| id != king_from && id != partner_from);
    // `, past KINDS`: the destinations must be empty, the cells crossed may hold them.
    let (empty, past): (Vec<CellId>, Vec<CellId>) = if c.past.is_empty() {
        (crossed.collect(), Vec::new())
    } else {
        crossed.partition(|&id| id == king_to || id == partner_to)
    };
    // `, through check`: the destination alone.
    let safe = if c.through_check {
        vec![king_to]
    } else {
        king_xs.filter_map(on_rank).collect()
    };
    let kingside = c.partner_from.x > c.king_from.x;
    let letter = match (kingside, side) {
        (true, Side::First) => 'K',
        (false, Side::First) => 'Q',
        (true, Side::Second) => 'k',
        (false, Side::Second) => 'q',
    };
    Some(CastlingMove {
        side,
        king: c.king,
        king_from,
        king_to,
        partner: c.partner,
        partner_from,
        partner_to,
        empty,
        past,
        past_kinds: c.past.clone(),
        safe,
        letter,
        tag: c.tag.map_or(0, |t| 1 << t),
        king_takes_rook: c.king_takes_rook,
        when_dropped: c.when_dropped,
    })
}

/// Per cell: the castling rights (bit `i` for castling `i`) lost when a move starts or
/// ends there — the cells the king and the partner start from. A `tagged` castling's
/// right is its pieces' tag, lost with it: its bit is never lost.
pub(super) fn castle_loss(castlings: &[CastlingMove], cells: usize) -> Vec<u64> {
    let mut loss = vec![0u64; cells];
    for (i, castling) in castlings.iter().enumerate().filter(|(_, c)| c.tag == 0) {
        loss[castling.king_from.index()] |= 1 << i;
        loss[castling.partner_from.index()] |= 1 << i;
    }
    loss
}
