//! san: moves in Standard Algebraic Notation as Fairy-Stockfish writes it by default
//! (its `SAN` notation): the piece's letter (none for a pawn), the start file, rank or
//! cell when another piece of the kind could go to the same cell, `x` for a capture
//! (a pawn's with its start file), the destination, `=` and the letter of a promotion
//! (`=+P` for a Shogi-style one), `O-O` / `O-O-O` for castling, `P@e4` for a drop, and
//! `+` after a move that gives check, `#` after one that mates.
//!
//! A pawn here is a piece whose moves restart the halfmove clock (the `move limit`'s
//! `pawn` pieces and the `en passant` capturers): Fairy-Stockfish's pawns. Xiangqi's
//! and Shogi's soldiers and pawns are not, and are written with their letter, as
//! Fairy-Stockfish's SAN writes them. A piece is written with its SAN letter where its
//! declaration gives one (`piece Horse (N, san H)`: Xiangqi's `H` and `E` for the FEN's
//! `N` and `B`, Shogi's promoted pieces by the kind they move as), and moves are told
//! apart among all pieces of one SAN letter. Not written: Fairy-Stockfish's Shogi
//! (Hodges) and Xiangqi (WXF) notations. Gating has no
//! move in piecewise. Moves Fairy-Stockfish has no notation for (captures in passing,
//! pushes, conversions, cascades, the Duck) are written as their UCI text when two
//! moves of a list would otherwise read the same.

use crate::ids::CellId;
use crate::{Game, GameMove, GamePosition, MoveKind};

/// The file letters and rank digits of a cell's name (`e4` → (`e`, `4`); `a10` → (`a`,
/// `10`)).
fn file_and_rank(g: &Game, cell: CellId) -> (String, String) {
    let name = g.board().cell_name(cell);
    let split = name
        .find(|c: char| c.is_ascii_digit())
        .unwrap_or(name.len());
    (name[..split].to_string(), name[split..].to_string())
}

/// The SAN of each move of `moves`, the legal moves of `pos` (the list decides what
/// must be disambiguated), in its order.
pub(crate) fn san_list(g: &Game, pos: &GamePosition, moves: &[GameMove]) -> Vec<String> {
    let mut texts: Vec<String> = moves
        .iter()
        .map(|m| format!("{}{}", base(g, moves, m), check_mark(g, pos, m)))
        .collect();
    // Two moves that read the same (a piecewise move Fairy-Stockfish has no notation
    // for): both written as UCI, which tells them apart.
    let uci = g.uci_list(moves);
    let plain = texts.clone();
    for (i, t) in texts.iter_mut().enumerate() {
        if plain
            .iter()
            .enumerate()
            .any(|(j, o)| j != i && *o == plain[i])
        {
            *t = uci[i].clone();
        }
    }
    texts
}

/// The SAN of the legal move `m` of `pos` (`moves`: the legal moves), as
/// [`san_list`] writes it, with only the check marks it needs: `m`'s own, and those of
/// the moves whose text without one reads as `m`'s.
pub(crate) fn san_one(g: &Game, pos: &GamePosition, moves: &[GameMove], m: &GameMove) -> String {
    let own = base(g, moves, m);
    let text = format!("{own}{}", check_mark(g, pos, m));
    let same = moves
        .iter()
        .filter(|o| *o != m && base(g, moves, o) == own)
        .any(|o| format!("{own}{}", check_mark(g, pos, o)) == text);
    if same {
        g.uci(m)
    } else {
        text
    }
}

/// `+` if the move gives check, `#` if it mates, else nothing. As Fairy-Stockfish
/// decides: `#` when no move is legal after it, an end at once too (the third check of
/// 3check); and no mark in a game whose captures explode (Atomic: Fairy-Stockfish's
/// king there is no king its checks know of, a piece whose loss ends the game). With
/// several royal kinds only the first named gives a check ([`gives_check`]).
fn check_mark(g: &Game, pos: &GamePosition, m: &GameMove) -> &'static str {
    if g.effects.as_ref().is_some_and(|fx| fx.has_blast()) {
        return "";
    }
    let mut after = pos.clone();
    // With the checks given counted (`checks N`), so that the check that wins is mate.
    g.play_move(&mut after, m);
    if !gives_check(g, &after) {
        return "";
    }
    if g.move_generator().has_legal_move(&mut after) {
        "+"
    } else {
        "#"
    }
}

/// Whether the side to move at `after` is in check as SAN marks it: any royal
/// attacked, or, with several royal kinds, one of the first named (Coregal's king,
/// not its queen: Fairy-Stockfish's checks know of its king alone).
fn gives_check(g: &Game, after: &GamePosition) -> bool {
    let Some(king) = g.san_king else {
        return g.in_check(after);
    };
    let side = after.side_to_move();
    after.cells().iter().enumerate().any(|(i, o)| {
        !o.is_empty()
            && o.side() == side
            && o.kind() == king
            && g.attacked(after, CellId(i as u16), side.opponent(), king)
    })
}

/// The SAN of `m` without its check mark. A gating move (`gating`) ends with `/` and
/// the entering piece's letter, and a castling's also with the cell it enters on
/// (`Nf3/H`, `O-O/Ee1`, `O-O/Hh1`), as Fairy-Stockfish writes them.
fn base(g: &Game, moves: &[GameMove], m: &GameMove) -> String {
    let mut s = base_move(g, moves, m);
    if let Some((piece, cell)) = g.gate_of(m) {
        s.push('/');
        s.push_str(&g.san_letter(piece));
        if matches!(m.kind, MoveKind::Castling(_)) {
            s.push_str(&g.board().cell_name(cell));
        }
    }
    s
}

/// [`base`] without a gating move's piece.
fn base_move(g: &Game, moves: &[GameMove], m: &GameMove) -> String {
    let board = g.board();
    let mut s = String::new();
    match m.kind {
        MoveKind::Castling(_) => {
            let (from, to) = (board.coord(m.from), board.coord(m.to));
            return if to.x > from.x { "O-O" } else { "O-O-O" }.to_string();
        }
        MoveKind::Drop => {
            let dropped = m.promotion.unwrap_or(m.piece);
            return format!("{}@{}", g.san_letter(dropped), board.cell_name(m.to));
        }
        MoveKind::Normal | MoveKind::EnPassant { .. } => {}
    }
    let pawn = g.is_san_pawn(m.piece);
    if !pawn {
        let letter = g.san_letter(m.piece);
        s.push_str(&letter);
        // Disambiguated against every piece SAN writes with the same letter (Shogi's
        // Gold and Tokin: both `G`); a gating move against those bringing the same
        // piece (`Nd2/E` while only one knight leaves a gating cell).
        let others: Vec<&GameMove> = moves
            .iter()
            .filter(|o| {
                (o.piece == m.piece || g.san_letter(o.piece) == letter)
                    && o.to == m.to
                    && o.from != m.from
                    && o.gate == m.gate
                    && !matches!(o.kind, MoveKind::Drop | MoveKind::Castling(_))
            })
            .collect();
        if !others.is_empty() {
            let (file, rank) = file_and_rank(g, m.from);
            let of = |o: &&GameMove| file_and_rank(g, o.from);
            if others.iter().all(|o| of(o).0 != file) {
                s.push_str(&file);
            } else if others.iter().all(|o| of(o).1 != rank) {
                s.push_str(&rank);
            } else {
                s.push_str(&board.cell_name(m.from));
            }
        }
    }
    if m.is_capture() {
        if pawn {
            s.push_str(&file_and_rank(g, m.from).0);
        }
        s.push('x');
    }
    s.push_str(&board.cell_name(m.to));
    if let Some(p) = m.promotion {
        // `=` and the SAN letter, a Shogi-style one too (`=+P` when the file gives no
        // other): a bare `+` would read as a check mark.
        s.push('=');
        s.push_str(&g.san_letter(p));
    }
    if let Some(d) = m.duck {
        s.push(',');
        s.push_str(&board.cell_name(d));
    }
    s
}

/// `text` without the annotations that may follow a move in a game record (`#`, `!`,
/// `?`); a check mark `+` is left to [`parse_san`].
fn stripped(text: &str) -> &str {
    text.trim().trim_end_matches(['#', '!', '?'])
}

/// The legal move whose SAN is `text` (check marks and annotations optional, `0-0`
/// for `O-O`); `None` when no legal move, or more than one, reads so.
pub(crate) fn parse_san(g: &Game, pos: &GamePosition, text: &str) -> Option<GameMove> {
    let want = stripped(text);
    // Castling written with zeros.
    let want = if want.starts_with("0-0") {
        want.replace('0', "O")
    } else {
        want.to_string()
    };
    let moves = g.legal_moves(pos);
    let texts: Vec<String> = san_list(g, pos, &moves);
    let texts: Vec<&str> = texts.iter().map(|t| stripped(t)).collect();
    // Exactly as written first; then with a check mark added or left out.
    let exact = |t: &str| t == want;
    let loose =
        |t: &str| t.strip_suffix('+') == Some(want.as_str()) || want.strip_suffix('+') == Some(t);
    for pick in [&exact as &dyn Fn(&str) -> bool, &loose] {
        let mut found = moves.iter().zip(&texts).filter(|(_, t)| pick(t));
        if let Some((m, _)) = found.next() {
            return if found.next().is_none() {
                Some(*m)
            } else {
                None
            };
        }
    }
    None
}
