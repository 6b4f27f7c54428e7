//! uci: moves as UCI text, as Fairy-Stockfish prints them (`e2e4`, `e7e8q`, `P@e4`,
//! Shogi's `+`, castling as the king's from-to, the Duck's move after `,`), with
//! piecewise's additions for what
//! Fairy-Stockfish has no notation for (`x` and the cell for captures in passing, `^`
//! and the cell where two pushes would print the same, so also for a swap beside a
//! friend capture; `~` and a letter for a conversion; `>` and a cell for each ply of
//! a cascade after the first: `c1e3>h6` is a move to e3 that activates the piece
//! there, which goes on to h6; `=` after the last when it touches an own piece,
//! with the letter of what that piece promotes to: `l4d8>h8=q`; `/` and each side
//! change: `/e5f5` a piece displaced, `/q24=P` a piece put in place, `/t9=-` one
//! removed). A gating move ends with the entering piece's letter
//! (`g1f3h`, `e1g1e`; `h1e1h` when a castling's partner's cell takes it).

use crate::ids::{CellId, Side};
use crate::{Game, GameMove, MoveKind};

/// The UCI texts of a list of moves: each as [`uci`] writes it, and where two moves
/// would print the same, each push among them followed by `^` and the cell the pushed
/// piece goes to (`d4d5^d6`; a capture of the same piece stays `d4d5`).
pub(crate) fn uci_list(g: &Game, moves: &[GameMove]) -> Vec<String> {
    let mut texts: Vec<String> = moves.iter().map(|m| uci(g, m)).collect();
    let plain = texts.clone();
    for (i, m) in moves.iter().enumerate() {
        let Some(dest) = m.push_to else { continue };
        let clash = moves
            .iter()
            .enumerate()
            .any(|(j, o)| j != i && plain[j] == plain[i] && o.push_to != m.push_to);
        if clash {
            texts[i].push('^');
            texts[i].push_str(&g.board().cell_name(dest));
        }
    }
    texts
}

/// UCI text as Fairy-Stockfish prints it. A move followed by the Duck's (`neutral Duck,
/// after each move`) is written as Fairy-Stockfish writes its `duck` variant's: the move,
/// `,`, then the Duck's move written from the cell the moving piece reached to the cell
/// the Duck goes to (`e2e4,e4d5`; castling `e1g1,g1b1`).
pub(crate) fn uci(g: &Game, m: &GameMove) -> String {
    let mut s = match g.gate_of(m) {
        // A gating move (`gating`): the move, then the entering piece's letter, as
        // Fairy-Stockfish writes Seirawan chess's (`g1f3h`); a castling whose partner's
        // start cell takes the piece is written from that cell to the king's (`h1e1h`).
        Some((piece, cell)) => {
            let board = g.board();
            let mut s = match m.kind {
                MoveKind::Castling(i) if cell == g.castlings[i as usize].partner_from => {
                    let c = &g.castlings[i as usize];
                    format!(
                        "{}{}",
                        board.cell_name(c.partner_from),
                        board.cell_name(c.king_from)
                    )
                }
                _ => plain(g, m),
            };
            if m.promotion.is_none() {
                s.push_str(&g.letter(Side::Second, piece));
            }
            s
        }
        None => plain(g, m),
    };
    if let Some(d) = m.duck {
        let board = g.board();
        s.push(',');
        s.push_str(&board.cell_name(m.to));
        s.push_str(&board.cell_name(d));
    }
    s
}

fn plain(g: &Game, m: &GameMove) -> String {
    let board = g.board();
    match m.kind {
        MoveKind::Drop => {
            // A piece dropped as its promoted face (`either face`) is written by the
            // face's letter: `+P@a1`.
            let l = g.letter(Side::First, m.promotion.unwrap_or(m.piece));
            format!("{}@{}", l, board.cell_name(m.to))
        }
        MoveKind::Castling(i) if g.castlings[i as usize].king_takes_rook => {
            let c = &g.castlings[i as usize];
            format!(
                "{}{}",
                board.cell_name(c.king_from),
                board.cell_name(c.partner_from)
            )
        }
        _ => {
            let mut s = format!("{}{}", board.cell_name(m.from), board.cell_name(m.to));
            // Captures in passing (no game of Fairy-Stockfish's has them): `x` and the
            // cell, sorted, as `piecewise moves --pseudo` writes them.
            let mut caps: Vec<CellId> = m.passing_captures().collect();
            caps.sort();
            caps.dedup();
            for c in caps {
                s.push('x');
                s.push_str(&board.cell_name(c));
            }
            // A conversion (no game of Fairy-Stockfish's has them): `~` and the letter
            // of the kind the piece met becomes, as a promotion writes it.
            if let Some(k) = m.convert {
                s.push('~');
                s.push_str(&g.letter(Side::Second, k));
            }
            if let Some(p) = m.promotion {
                if g.demotes_to(m.piece, p) {
                    // A `+X` piece turning back into X (Kyoto shogi): `a1a2-`.
                    s.push('-');
                } else if g.is_plus(p) {
                    s.push('+');
                } else {
                    s.push_str(&g.letter(Side::Second, p));
                }
            }
            // A cascade (activation): `>` and where each later ply ends.
            let cascade = m.cascade();
            for (_, to) in cascade.plies(m.to) {
                s.push('>');
                s.push_str(&board.cell_name(to));
            }
            // A touch (`touch ...`): `=`, and the letter of what the piece touched
            // promotes to (none when it is tagged for promotion).
            if cascade.touches() {
                s.push('=');
                if let Some(p) = cascade.touch_promotes() {
                    s.push_str(&g.letter(Side::Second, p));
                }
            }
            side_changes(g, m, &mut s);
            s
        }
    }
}

/// Appends the side changes of `m` ([`crate::SideChange`]), each after `/`: a
/// displacement as its two cells (`/e5f5`), a put as its cell, `=` and the letter of
/// the piece put, by its side's case (`/q24=P`, `/t9=q`), or `-` when the cell is
/// emptied (`/t9=-`), a resurrection as a drop from the graveyard (`/W@u8`).
fn side_changes(g: &Game, m: &GameMove, s: &mut String) {
    let board = g.board();
    for c in m.side_changes() {
        s.push('/');
        match c {
            crate::SideChange::Displace { from, to } => {
                s.push_str(&board.cell_name(from));
                s.push_str(&board.cell_name(to));
            }
            crate::SideChange::Put { cell, piece } => {
                s.push_str(&board.cell_name(cell));
                s.push('=');
                match piece {
                    Some((side, kind)) => s.push_str(&g.letter(side, kind)),
                    None => s.push('-'),
                }
            }
            crate::SideChange::Revive { cell, side, kind } => {
                s.push_str(&g.letter(side, kind));
                s.push('@');
                s.push_str(&board.cell_name(cell));
            }
        }
    }
}

/// A double move as HaChu and XBoard write it (the Lion's, a Horned Falcon's): each
/// step from-to, `,` between, the promotion suffix after the last (`f5g6,g6f7`; igui
/// `e5f6,f6e5`), read as the legal move written in piecewise's UCI (`f5f7xg6` when g6
/// held an enemy piece, `f5f7` when it was empty; `e5e5xf6`).
pub(crate) fn parse_legs(g: &Game, pos: &crate::GamePosition, text: &str) -> Option<GameMove> {
    let (first, second) = text.split_once(',')?;
    let board = g.board();
    let (a, b, rest) = two_cells(first)?;
    let (b2, c, suffix) = two_cells(second)?;
    let [a, b, b2, c] = [a, b, b2, c].map(|n| board.parse_cell(n));
    let (a, b, c) = (a?, b?, c?);
    if !rest.is_empty() || b2 != Some(b) {
        return None;
    }
    let met = pos.cells[b.index()];
    let mut plain = format!("{}{}", board.cell_name(a), board.cell_name(c));
    if !met.is_empty() && met.side() != pos.side {
        plain.push('x');
        plain.push_str(&board.cell_name(b));
    }
    plain.push_str(suffix);
    g.parse_uci(pos, &plain)
}

/// Two cell names at the start of `text` (letters then digits, twice) and what follows.
fn two_cells(text: &str) -> Option<(&str, &str, &str)> {
    let cell_end = |s: &str| {
        let letters = s.find(|c: char| !c.is_ascii_lowercase())?;
        let digits = s[letters..]
            .find(|c: char| !c.is_ascii_digit())
            .map_or(s.len(), |d| letters + d);
        (letters > 0 && digits > letters).then_some(digits)
    };
    let i = cell_end(text)?;
    let j = i + cell_end(&text[i..])?;
    Some((&text[..i], &text[i..j], &text[j..]))
}

impl Game {
    /// A move of `pos` as HaChu writes it for the large shogi games: as [`Game::uci`],
    /// but a capture in passing leg by leg (`f5g6,g6f7`, igui `e5f6,f6e5`) and a Lion's
    /// pass through an empty neighbour (`e5e6,e6e5`); [`Game::parse_uci`] reads it back.
    pub fn hachu(&self, pos: &crate::GamePosition, m: &GameMove) -> String {
        hachu(self, pos, m)
    }
}

/// A move as HaChu writes it (XBoard's protocol for the large shogi games): as [`uci`]
/// writes it, but a move that captures one piece in passing written leg by leg with `,`
/// between, the promotion suffix after the last: a Lion's double capture `f5g6,g6f7`,
/// igui `e5f6,f6e5`; a Lion's pass through an empty neighbour, the first of the eight
/// king steps (forward, then clockwise) that is empty, `e5e6,e6e5` (HaChu reads any).
/// [`parse_legs`] reads them back.
fn hachu(g: &Game, pos: &crate::GamePosition, m: &GameMove) -> String {
    let text = uci(g, m);
    let board = g.board();
    let caps: Vec<CellId> = m.passing_captures().collect();
    let legs = |via: CellId| {
        let head = format!("{}{}", board.cell_name(m.from), board.cell_name(m.to));
        let mut rest = &text[head.len()..];
        for c in &caps {
            rest = &rest[1 + board.cell_name(*c).len()..];
        }
        format!(
            "{}{},{}{}{}",
            board.cell_name(m.from),
            board.cell_name(via),
            board.cell_name(via),
            board.cell_name(m.to),
            rest
        )
    };
    match caps.as_slice() {
        [via] if m.kind == MoveKind::Normal => legs(*via),
        [] if m.is_pass() => {
            let steps = [
                (0, 1),
                (1, 1),
                (1, 0),
                (1, -1),
                (0, -1),
                (-1, -1),
                (-1, 0),
                (-1, 1),
            ];
            let empty = steps.iter().find_map(|&(dx, dy)| {
                let c = board.step(m.from, crate::ir::Vector { dx, dy })?;
                pos.cells[c.index()].is_empty().then_some(c)
            });
            empty.map_or(text.clone(), legs)
        }
        _ => text,
    }
}
