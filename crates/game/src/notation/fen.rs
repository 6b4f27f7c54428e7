//! fen: game positions read and written as Fairy-Stockfish writes them.
//!
//! `BOARD[HAND] SIDE CASTLING EP HALFMOVE FULLMOVE`. The board lists ranks from the top
//! down, separated by `/`; a number counts empty cells; `*` marks a hole, or on a cell a
//! neutral piece (`*M`, with its letter, when the game has several kinds); a letter is a
//! piece (uppercase for the first side), `+X` a piece declared with a `+X` letter, and a
//! trailing `~` marks a piece that was promoted (it returns to a hand as the piece it
//! promoted from). In games that declare tags, a piece's tags follow as their marks
//! (`P^`, `N~!`), in declaration order. The hand `[...]` lists pieces in hand (`[]` or
//! `[-]` when empty).
//! Everything after the board is optional; where Fairy-Stockfish leaves fields out
//! (Shogi's `w 0 1`) the castling and en passant fields may be missing, and counting
//! fields some variants add after the clocks are accepted and ignored. The en passant
//! field is `-`, a cell, or several (`h5g6`: the landing cell and the cells passed, as
//! Fairy-Stockfish writes it after the double steps of its custom pawns).

use crate::ids::{CellId, PieceId, Side};
use crate::ir::Coord;
use crate::{EnPassant, Game, GamePosition, MoveKind, MAX_EP_CELLS};
use piecewise_table::position::FenError;

/// Finds the piece with this letter (case ignored), `+` marker and prime.
fn piece_of(game: &Game, letter: char, plus: bool, prime: u8) -> Option<PieceId> {
    let pieces = &game.rules.table().pieces();
    (0..pieces.len())
        .find(|&i| {
            pieces[i].letter == letter.to_ascii_uppercase()
                && game.plus[i] == plus
                && pieces[i].prime == prime
        })
        .map(|i| PieceId(i as u8))
}

/// The letters the rules declare, as the first side's.
fn known_letters(game: &Game) -> Vec<String> {
    (0..game.pieces)
        .map(|i| game.letter(Side::First, PieceId(i as u8)))
        .collect()
}

/// The piece that promotes to `kind` (for `~`), if exactly one does.
fn promoted_from(game: &Game, kind: PieceId) -> Option<PieceId> {
    let mut found = None;
    // Both sides' rules (a promotion may be one side's, `for first|second`).
    for (i, rules) in game.promotions.iter().enumerate() {
        if rules.iter().any(|r| r.choices.contains(&kind)) {
            let from = PieceId((i % game.pieces) as u8);
            if found.is_some_and(|f| f != from) {
                return None;
            }
            found = Some(from);
        }
    }
    found
}

/// Reads a game FEN (see the module documentation) into a position of `game`.
pub fn read(game: &Game, fen: &str) -> Result<GamePosition, FenError> {
    let board = game.board();
    let mut pos = GamePosition::empty(game.pieces, game.cells);
    let fields = piecewise_table::position::fen_fields(fen);
    let Some(&(board_at, board_field)) = fields.first() else {
        return Err(FenError::empty());
    };
    let (board_text, hand) = piecewise_table::position::split_hand(board_field, board_at)?;
    let tag_rules = game.tags.as_deref();
    let (cells, promoted, mut tags) = piecewise_table::position::read_board(
        board_text,
        board_at,
        board,
        game.rules.table().pieces(),
        &game.neutral_kinds(),
        &|kind, at| match promoted_from(game, kind) {
            Some(from) => Ok(from.0 + 1),
            None => Err(FenError::promotion_mark_ambiguous(
                at,
                game.letter(Side::First, kind),
            )),
        },
        &|kind, mark, at| {
            let Some(t) = tag_rules else {
                return Ok(None);
            };
            let Some(bit) = t.bit_of(mark) else {
                return Ok(None);
            };
            if t.carried[kind.index()] & bit == 0 {
                let name = &t.defs[bit.trailing_zeros() as usize].name;
                return Err(FenError::tag_not_carried(
                    at,
                    mark as char,
                    name.clone(),
                    game.rules().piece_name(kind).to_string(),
                ));
            }
            Ok(Some(bit))
        },
    )?;
    if let Some(duck) = game.duck().filter(|_| !game.duck_added()) {
        let occ = crate::walk::Occupant::piece(Side::First, duck);
        let found = cells.iter().filter(|&&o| o == occ).count();
        if found > 1 {
            let name = game.rules().piece_name(duck).to_string();
            return Err(FenError::second_duck(board_at, found, name));
        }
    }
    pos.cells = cells;
    pos.marks = promoted;
    if game.captures_to_hand && !game.hand_demotes {
        // `captures kept promoted`: a promoted piece goes to the hand as what it is, so
        // a `~` means nothing (Fairy-Stockfish's dropLoop writes none).
        pos.marks.iter_mut().for_each(|m| *m = 0);
    }
    if let Some((hand_at, text)) = hand {
        // A graveyard (`resurrect`) is written as a hand: each side's captured pieces.
        if !game.hand && !game.graveyard {
            return Err(FenError::no_hands(hand_at - 1));
        }
        if text != "-" {
            let pieces = game.rules.table().pieces();
            // Every piece in a hand, and every piece captured from the board in play,
            // may end in one hand of one kind: kept within a `u16` count.
            let hand_limit = max_in_hands(game.cells);
            let mut in_hands = 0;
            let mut chars = text.char_indices().peekable();
            while let Some((i, c)) = chars.next() {
                if !c.is_ascii_alphabetic() {
                    return Err(FenError::unexpected_in_hand(hand_at + i, c));
                }
                // A primed letter (`N'`, `N!`), in games that declare one.
                let prime = chars
                    .next_if(|&(_, n)| {
                        crate::ir::prime_of(n).is_some_and(|k| pieces.iter().any(|p| p.prime == k))
                    })
                    .and_then(|(_, n)| crate::ir::prime_of(n))
                    .unwrap_or(0);
                let Some(kind) = piece_of(game, c, false, prime) else {
                    let written = format!("{c}{}", crate::ir::prime_mark(prime));
                    return Err(FenError::unknown_letter(
                        hand_at + i,
                        written,
                        known_letters(game),
                    ));
                };
                let side = if c.is_ascii_uppercase() {
                    Side::First
                } else {
                    Side::Second
                };
                in_hands += 1;
                if in_hands > hand_limit {
                    return Err(FenError::hand_too_large(hand_at + i, c, hand_limit));
                }
                pos.hands[side.index()][kind.index()] += 1;
            }
        }
    }
    let mut rest = fields[1..].iter().copied().peekable();
    if let Some((side_at, side)) = rest.next() {
        pos.side = piecewise_table::position::read_side(side_at, side)?;
        if game.one_side() && pos.side != Side::First {
            return Err(FenError::one_side(side_at));
        }
    }
    // Castling rights: `-` or letters.
    if let Some(&(cast_at, text)) = rest.peek() {
        if text == "-" || text.chars().all(|c| c.is_ascii_alphabetic()) {
            rest.next();
            if text != "-" {
                for (i, c) in text.char_indices() {
                    let bits: u64 = game
                        .castlings
                        .iter()
                        .enumerate()
                        .filter(|(_, m)| {
                            m.tag == 0
                                && (m.letter == c
                                    || (m.king_takes_rook && file_letter(game, m) == c))
                        })
                        .map(|(i, _)| 1u64 << i)
                        .sum();
                    if let Some(gt) = game.gating() {
                        // Gating rights (Fairy-Stockfish's Seirawan chess): a castling
                        // letter gives those of its king's and partner's start cells
                        // too, a file letter the right of the zone's cell on that file;
                        // only on a cell that holds a piece of its side.
                        let side = if c.is_ascii_uppercase() {
                            Side::First
                        } else {
                            Side::Second
                        };
                        let mut cells: Vec<CellId> = Vec::new();
                        if bits == 0 {
                            let file = (c.to_ascii_lowercase() as u8).wrapping_sub(b'a');
                            match gt.cell(side, file as usize) {
                                Some(cell) => cells.push(cell),
                                None => {
                                    return Err(FenError::unknown_castling(
                                        cast_at + i,
                                        c,
                                        rights_known(game),
                                    ))
                                }
                            }
                        }
                        for (k, m) in game.castlings.iter().enumerate() {
                            if bits & (1 << k) != 0 {
                                cells.extend([m.king_from, m.partner_from]);
                            }
                        }
                        for cell in cells {
                            let o = pos.cells[cell.index()];
                            if !o.is_empty() && o.side() == side {
                                pos.gates[side.index()] |= gt.bit(side, cell);
                            }
                        }
                        pos.castling |= bits;
                        continue;
                    }
                    if let (0, Some(t), Some(at_file)) = (
                        bits,
                        tag_rules.filter(|t| t.rights != 0),
                        tag_rules.and_then(|t| t.rights_cells.as_ref()),
                    ) {
                        // Tags written as rights (`, as rights in ZONE`): a file letter
                        // gives them to the piece of its side on the zone's cell there.
                        let side = if c.is_ascii_uppercase() {
                            Side::First
                        } else {
                            Side::Second
                        };
                        let file = (c.to_ascii_lowercase() as u8).wrapping_sub(b'a');
                        let Some(cell) = at_file.cell(side, file as usize) else {
                            return Err(FenError::unknown_castling(
                                cast_at + i,
                                c,
                                rights_known(game),
                            ));
                        };
                        let o = pos.cells[cell.index()];
                        if !o.is_empty() && o.side() == side {
                            tags[cell.index()] |= t.rights & t.carried[o.kind().index()];
                        }
                        continue;
                    }
                    // A game without castling ignores the field's letters, as
                    // Fairy-Stockfish does for a variant with `castling = false`.
                    if bits == 0 && !game.castlings.is_empty() {
                        return Err(FenError::unknown_castling(
                            cast_at + i,
                            c,
                            rights_known(game),
                        ));
                    }
                    pos.castling |= bits;
                }
            }
        }
    }
    if let Some(gt) = game.gating() {
        gt.settle(&mut pos);
    }
    // A tagged castling's right is its pieces' tag: its bit is always set.
    pos.castling |= game
        .castlings
        .iter()
        .enumerate()
        .filter(|(_, c)| c.tag != 0)
        .map(|(i, _)| 1u64 << i)
        .sum::<u64>();
    // En passant: `-` or a cell.
    if let Some(&(ep_at, text)) = rest.peek() {
        if text == "-" {
            rest.next();
        } else if text.chars().next().is_some_and(|c| c.is_ascii_lowercase()) {
            rest.next();
            pos.ep = match board.parse_cell(text) {
                Some(cell) => ep_from_cell(game, &pos, cell)
                    .ok_or_else(|| FenError::en_passant_without_victim(ep_at, text))?,
                None => {
                    let mut cells = Vec::new();
                    for (at, name) in cell_names(text) {
                        let Some(cell) = board.parse_cell(name) else {
                            return Err(FenError::not_a_cell(ep_at + at, name));
                        };
                        cells.push(cell);
                    }
                    ep_from_cells(game, &pos, &cells)
                        .ok_or_else(|| FenError::en_passant_cells(ep_at, text))?
                }
            };
        }
    }
    // Check counts (`checks N`): the checks each side has left, `W+B`.
    if let (Some(limit), Some(&(at, text))) = (game.ends.checks, rest.peek()) {
        if text.contains('+') {
            rest.next();
            pos.checks =
                check_counts(text, limit).ok_or_else(|| FenError::check_counts(at, text, limit))?;
        }
    }
    // Clocks, then any counting fields.
    for (numbers_before, (number_at, text)) in rest.enumerate() {
        let Ok(number) = text.parse::<u32>() else {
            return Err(FenError::not_a_number(number_at, text));
        };
        match numbers_before {
            0 => pos.halfmove = number,
            1 => pos.fullmove = number.max(1),
            2 => {}
            _ => return Err(FenError::too_many_fields(number_at, None)),
        }
    }
    pos.rehash(&game.keys);
    if let Some(t) = tag_rules {
        t.install(&mut pos, tags);
    }
    Ok(pos)
}

/// The most pieces a FEN's hands hold together on a board of `cells` cells: with every
/// piece the board can hold captured into one hand, a hand's count (a `u16`, see
/// [`GamePosition::in_hand`]) still fits.
pub(crate) fn max_in_hands(cells: usize) -> usize {
    usize::from(u16::MAX).saturating_sub(cells)
}

/// The checks given by each side, from a `W+B` field of the checks each has left.
fn check_counts(text: &str, limit: u32) -> Option<[u8; 2]> {
    let (w, b) = text.split_once('+')?;
    let left = |t: &str| t.parse::<u32>().ok().filter(|&n| n <= limit);
    let given = |n: u32| u8::try_from(limit - n).ok();
    Some([given(left(w)?)?, given(left(b)?)?])
}

/// The file letter of a castling's partner (Shredder-FEN: `H`, `A`; lowercase for the
/// second side).
fn file_letter(game: &Game, c: &crate::CastlingMove) -> char {
    let x = game.board().coord(c.partner_from).x;
    let l = char::from(b'a' + x.clamp(0, 25) as u8);
    if c.side == Side::First {
        l.to_ascii_uppercase()
    } else {
        l
    }
}

/// Appends `side`'s gating rights as file letters (uppercase for the first side), in
/// file order, but those a castling right of `side` that `pos` holds already gives (its
/// king's and partner's start cells), as Fairy-Stockfish writes them.
fn gate_letters(
    game: &Game,
    gt: &crate::gating::Gating,
    pos: &GamePosition,
    side: Side,
    out: &mut String,
) {
    let held: u32 = game
        .castlings
        .iter()
        .enumerate()
        .filter(|(i, c)| c.side == side && c.tag == 0 && pos.castling & (1 << i) != 0)
        .map(|(_, c)| gt.bit(side, c.king_from) | gt.bit(side, c.partner_from))
        .fold(0, |a, b| a | b);
    let rights = pos.gates[side.index()] & !held;
    for f in 0..32u8 {
        if rights & (1 << f) != 0 {
            let l = char::from(b'a' + f);
            out.push(if side == Side::First {
                l.to_ascii_uppercase()
            } else {
                l
            });
        }
    }
}

/// The castling letters the game declares, in order (a run of one letter once).
fn rights_known(game: &Game) -> Vec<char> {
    // A tagged castling's right is a tag mark, not a letter.
    let mut letters: Vec<char> = game
        .castlings
        .iter()
        .filter(|c| c.tag == 0)
        .map(|c| c.letter)
        .collect();
    letters.dedup();
    letters
}

/// The en passant state a FEN's cell stands for: the first piece beyond the cell in the
/// direction the side that just moved goes forward, if it is that side's.
fn ep_from_cell(game: &Game, pos: &GamePosition, cell: CellId) -> Option<EnPassant> {
    let board = game.board();
    let mover = pos.side.opponent();
    let dy = if mover == Side::First { 1 } else { -1 };
    let c = board.coord(cell);
    let mut ep = EnPassant::default();
    ep.cells[0] = cell.0;
    ep.len = 1;
    for k in 1..=MAX_EP_CELLS as i16 {
        let v = board.cell_at(Coord {
            x: c.x,
            y: c.y + dy * k,
        })?;
        let o = pos.cells[v.index()];
        if o.is_empty() {
            if (ep.len as usize) < MAX_EP_CELLS {
                ep.cells[ep.len as usize] = v.0;
                ep.len += 1;
            }
            continue;
        }
        if o.side() != mover {
            return None;
        }
        ep.victim = v.0;
        return Some(ep);
    }
    None
}

/// The cell names of a multi-cell en passant field (`h5g6`: letters then digits, each),
/// with their offsets in the field.
fn cell_names(text: &str) -> Vec<(usize, &str)> {
    let mut names = Vec::new();
    let mut start = 0;
    let bytes = text.as_bytes();
    for i in 1..bytes.len() {
        if bytes[i - 1].is_ascii_digit() && !bytes[i].is_ascii_digit() {
            names.push((start, &text[start..i]));
            start = i;
        }
    }
    names.push((start, &text[start..]));
    names
}

/// The en passant state of a multi-cell field, as Fairy-Stockfish writes it after some
/// double steps (`h5g6`, `f3f4`: the cells passed and the landing cell, in any order):
/// exactly one of the cells holds a piece, of the side that just moved (the piece an en
/// passant capture removes); the others are empty and open, in the order the move passed
/// them (the farthest from the victim first).
fn ep_from_cells(game: &Game, pos: &GamePosition, cells: &[CellId]) -> Option<EnPassant> {
    let board = game.board();
    let mover = pos.side.opponent();
    let mut victim = None;
    let mut open = Vec::new();
    for &cell in cells {
        let o = pos.cells[cell.index()];
        if o.is_empty() {
            if !open.contains(&cell) {
                open.push(cell);
            }
        } else if o.side() == mover && victim.is_none() {
            victim = Some(cell);
        } else {
            return None;
        }
    }
    let Some(victim) = victim else {
        return ep_from_passed(game, pos, &open);
    };
    if open.is_empty() || open.len() > MAX_EP_CELLS {
        return None;
    }
    let v = board.coord(victim);
    let far = |c: &CellId| {
        let c = board.coord(*c);
        let (dx, dy) = (i32::from(c.x - v.x), i32::from(c.y - v.y));
        dx * dx + dy * dy
    };
    open.sort_by_key(|c| std::cmp::Reverse(far(c)));
    let mut ep = EnPassant::default();
    for (i, c) in open.iter().enumerate() {
        ep.cells[i] = c.0;
    }
    ep.len = open.len() as u8;
    ep.victim = victim.0;
    Some(ep)
}

/// A multi-cell field naming only the cells passed over (`h7h8` after a Wildebeest
/// pawn's triple step h9-h6, as Fairy-Stockfish writes it): the cells of one file
/// whose forward run from the rearmost, as the side that just moved sees it, ends at
/// that side's piece; exactly those cells are opened.
fn ep_from_passed(game: &Game, pos: &GamePosition, open: &[CellId]) -> Option<EnPassant> {
    let board = game.board();
    let forward = if pos.side.opponent() == Side::First {
        1
    } else {
        -1
    };
    let rearmost = open
        .iter()
        .copied()
        .min_by_key(|c| board.coord(*c).y * forward)?;
    let ep = ep_from_cell(game, pos, rearmost)?;
    let opened = &ep.cells[..ep.len as usize];
    (opened.len() == open.len() && open.iter().all(|c| opened.contains(&c.0))).then_some(ep)
}

/// Writes a position as a game FEN, as Fairy-Stockfish writes it.
pub fn write(game: &Game, pos: &GamePosition) -> String {
    let board = game.board();
    let mut s = String::new();
    for y in (0..board.height() as i16).rev() {
        let mut empty = 0;
        for at in board.fen_row(y) {
            let Some(cell) = board.cell_at(at) else {
                if empty > 0 {
                    s.push_str(&empty.to_string());
                    empty = 0;
                }
                s.push('*');
                continue;
            };
            let occ = pos.cells[cell.index()];
            if occ.is_empty() {
                empty += 1;
                continue;
            }
            if empty > 0 {
                s.push_str(&empty.to_string());
                empty = 0;
            }
            s.push_str(&game.letter(occ.side(), occ.kind()));
            if pos.promoted(cell.index()) != 0 {
                s.push('~');
            }
            if let Some(t) = game.tags.as_deref() {
                s.extend(t.marks(pos.tags(cell)));
            }
        }
        if empty > 0 {
            s.push_str(&empty.to_string());
        }
        if y > 0 {
            s.push('/');
        }
    }
    // A graveyard (`resurrect`) as a hand, only when it holds a piece (a game's start
    // and most of its positions are written as without one).
    let buried = game.graveyard && pos.hands.iter().flatten().any(|&n| n > 0);
    if (game.hand && !game.hand_unlimited) || buried {
        s.push('[');
        for side in Side::BOTH {
            for p in (0..game.pieces).rev() {
                for _ in 0..pos.hands[side.index()][p] {
                    s.push_str(&game.letter(side, PieceId(p as u8)));
                }
            }
        }
        s.push(']');
    }
    s.push(' ');
    s.push(if pos.side == Side::First { 'w' } else { 'b' });
    s.push(' ');
    let mut rights = String::new();
    for side in Side::BOTH {
        for l in ['k', 'q'] {
            let want = if side == Side::First {
                l.to_ascii_uppercase()
            } else {
                l
            };
            let present = game
                .castlings
                .iter()
                .enumerate()
                .find(|(i, c)| c.letter == want && c.tag == 0 && pos.castling & (1 << i) != 0);
            match present {
                // Chess960's UCI goes with Shredder-FEN rights: the partner's file
                // (`HAha`), as Fairy-Stockfish writes them.
                Some((_, c)) if c.king_takes_rook => rights.push(file_letter(game, c)),
                Some(_) => rights.push(want),
                None => {}
            }
        }
        if let Some(gt) = game.gating() {
            gate_letters(game, gt, pos, side, &mut rights);
        }
        if let Some(t) = game.tags.as_deref().filter(|t| t.rights != 0) {
            if let Some(at_file) = &t.rights_cells {
                at_file.letters(pos, side, t.rights, &mut rights);
            }
        }
    }
    if rights.is_empty() {
        rights.push('-');
    }
    s.push_str(&rights);
    s.push(' ');
    // The en passant cell only when an en passant capture is possible (pseudo-legally:
    // it may still expose the capturer's king), as Fairy-Stockfish writes it.
    let ep = if pos.ep.is_none() {
        None
    } else {
        let mut moves = Vec::new();
        game.move_generator().pseudo_moves(pos, &mut moves);
        let takes = moves
            .iter()
            .any(|m| matches!(m.kind, MoveKind::EnPassant { .. }));
        takes.then(|| board.cell_name(CellId(pos.ep.cells[0])))
    };
    s.push_str(ep.as_deref().unwrap_or("-"));
    if let Some(limit) = game.ends.checks {
        let left = |side: usize| limit.saturating_sub(u32::from(pos.checks[side]));
        s.push_str(&format!(" {}+{}", left(0), left(1)));
    }
    s.push_str(&format!(" {} {}", pos.halfmove, pos.fullmove));
    s
}
