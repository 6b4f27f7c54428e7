//! draughts: the draughts family's texts — draughts FEN (`W:W31,32,K33:B1-20`) and
//! PDN move numbers (`32-28`, `28x19x10`) — for games with capture chains on a square
//! board.
//!
//! The squares are the dark cells, numbered from the top rank (the second side's back
//! rank) down, each rank from its left: on 10×10, 1 is b10, 5 is j10, 46 is a1; on
//! 8×8, 1 is b8 and 32 is g1. The dark cells are those of `a1`'s colour (file + rank
//! even) unless every piece of the start position stands on the other colour (Italian
//! draughts, a1 light: 1 is a8, 32 is h1). `W` is the first side (at
//! the bottom), `B` the second. The men are the pieces that promote, the kings what
//! the first of them promotes to (`K` before a square).

use crate::ids::{CellId, PieceId, Side};
use crate::ir::{BoardKind, Coord};
use crate::{Game, GameMove, GamePosition, MoveKind};
use piecewise_table::position::FenError;

/// The cell of each square number (index 0 is square 1); `None` for a game without
/// capture chains or not on a square board.
pub(crate) fn squares(g: &Game) -> Option<Vec<CellId>> {
    g.chains.as_ref()?;
    let board = g.board();
    let BoardKind::Square { width, height } = *board.kind() else {
        return None;
    };
    let light = g.start.as_ref().is_some_and(|pos| {
        let mut cells = (0..g.cells)
            .map(|c| CellId(c as u16))
            .filter(|&c| !pos.cells[c.index()].is_empty())
            .peekable();
        cells.peek().is_some()
            && cells.all(|c| {
                let at = board.coord(c);
                (at.x + at.y) % 2 != 0
            })
    });
    let dark = i16::from(light);
    let mut out = Vec::new();
    for y in (0..height as i16).rev() {
        for x in 0..width as i16 {
            if (x + y) % 2 == dark {
                if let Some(c) = board.cell_at(Coord { x, y }) {
                    out.push(c);
                }
            }
        }
    }
    Some(out)
}

/// The man and the king of the game: the first piece with a promotion rule and the
/// first kind it promotes to.
fn man_and_king(g: &Game) -> Option<(PieceId, PieceId)> {
    (0..g.pieces).find_map(|p| {
        let rule = g.promotions[p].first()?;
        Some((PieceId(p as u8), *rule.choices.first()?))
    })
}

/// Whether `text` looks like a draughts FEN (`W:` or `B:` first).
pub(crate) fn is_draughts_fen(text: &str) -> bool {
    let t = text.trim_start();
    let b = t.as_bytes();
    b.len() >= 2 && matches!(b[0], b'W' | b'B' | b'w' | b'b') && b[1] == b':'
}

/// Reads a draughts FEN: `SIDE:COLOUR LIST:COLOUR LIST`, each list squares (`31`),
/// ranges (`31-35`) and kings (`K12`) separated by commas; a trailing `.` is allowed.
pub(crate) fn read(g: &Game, text: &str) -> Result<GamePosition, FenError> {
    let squares = squares(g).ok_or_else(|| {
        FenError::draughts(
            0,
            "this game has no draughts squares (capture chains on a square board)",
        )
    })?;
    let (man, king) = man_and_king(g).ok_or_else(|| {
        FenError::draughts(0, "this game has no men and kings (no piece promotes)")
    })?;
    let lead = text.len() - text.trim_start().len();
    let body = text.trim_end().trim_end_matches('.');
    let mut cells: Vec<Option<(Side, PieceId)>> = vec![None; g.cells];
    let mut fields = Vec::new();
    let mut at = lead;
    for f in body[lead..].split(':') {
        fields.push((at, f));
        at += f.len() + 1;
    }
    let side = match fields[0].1.trim() {
        "W" | "w" => Side::First,
        "B" | "b" => Side::Second,
        other => {
            return Err(FenError::draughts(
                fields[0].0,
                format!("the side to move is `{other}`; expected `W` or `B`"),
            ))
        }
    };
    if fields.len() > 3 {
        return Err(FenError::draughts(
            fields[3].0,
            "a draughts FEN has three fields: the side to move, then `W` and `B` with their squares",
        ));
    }
    for &(at, field) in &fields[1..] {
        let trimmed = field.trim_start();
        let at = at + field.len() - trimmed.len();
        let colour = match trimmed.chars().next() {
            Some('W' | 'w') => Side::First,
            Some('B' | 'b') => Side::Second,
            _ => {
                return Err(FenError::draughts(
                    at,
                    format!("expected `W` or `B` and a list of squares, found `{trimmed}`"),
                ))
            }
        };
        let mut pos = at + 1;
        for item in trimmed[1..].split(',') {
            let item_at = pos;
            pos += item.len() + 1;
            let t = item.trim();
            if t.is_empty() {
                continue;
            }
            let (kind, nums) = match t.strip_prefix(['K', 'k']) {
                Some(rest) => (king, rest),
                None => (man, t),
            };
            let number = |s: &str| -> Result<usize, FenError> {
                match s.trim().parse::<usize>() {
                    Ok(n) if (1..=squares.len()).contains(&n) => Ok(n),
                    _ => Err(FenError::draughts(
                        item_at,
                        format!(
                            "`{}` is not a square of this board (1 to {})",
                            s.trim(),
                            squares.len()
                        ),
                    )),
                }
            };
            let (lo, hi) = match nums.split_once('-') {
                Some((a, b)) => (number(a)?, number(b)?),
                None => {
                    let n = number(nums)?;
                    (n, n)
                }
            };
            if lo > hi {
                return Err(FenError::draughts(
                    item_at,
                    format!("the range `{t}` runs backwards"),
                ));
            }
            for n in lo..=hi {
                let c = squares[n - 1];
                if cells[c.index()].is_some() {
                    return Err(FenError::draughts(
                        item_at,
                        format!("square {n} is given twice"),
                    ));
                }
                cells[c.index()] = Some((colour, kind));
            }
        }
    }
    // Written as a board FEN and read as one, so that every count and key is the
    // reader's.
    let board = g.board();
    let mut ranks = Vec::new();
    for y in (0..board.height() as i16).rev() {
        let mut s = String::new();
        let mut empty = 0;
        for x in 0..board.width() as i16 {
            let occ = board.cell_at(Coord { x, y }).and_then(|c| cells[c.index()]);
            match occ {
                None => empty += 1,
                Some((side, kind)) => {
                    if empty > 0 {
                        s += &empty.to_string();
                        empty = 0;
                    }
                    s += &g.letter(side, kind);
                }
            }
        }
        if empty > 0 {
            s += &empty.to_string();
        }
        ranks.push(s);
    }
    let w = if side == Side::First { 'w' } else { 'b' };
    crate::notation::fen::read(g, &format!("{} {w} - - 0 1", ranks.join("/")))
}

/// Writes a position as a draughts FEN (`W:W31,32:BK1,2`); `None` for a game without
/// draughts squares.
pub(crate) fn write(g: &Game, pos: &GamePosition) -> Option<String> {
    let squares = squares(g)?;
    let (_, king) = man_and_king(g)?;
    let mut lists = [Vec::new(), Vec::new()];
    for (i, c) in squares.iter().enumerate() {
        let o = pos.cells[c.index()];
        if o.is_empty() {
            continue;
        }
        let k = if o.kind() == king { "K" } else { "" };
        lists[o.side().index()].push(format!("{k}{}", i + 1));
    }
    let side = if pos.side == Side::First { 'W' } else { 'B' };
    Some(format!(
        "{side}:W{}:B{}",
        lists[0].join(","),
        lists[1].join(",")
    ))
}

/// The square number of `cell`, if it is one.
fn number(squares: &[CellId], cell: CellId) -> Option<usize> {
    squares.iter().position(|&c| c == cell).map(|i| i + 1)
}

/// A move in PDN (`32-28`; a capture with its landings, `28x19x10`); `None` for a
/// game without draughts squares or a move that is not a walk between squares.
pub(crate) fn pdn(g: &Game, pos: &GamePosition, m: &GameMove) -> Option<String> {
    let squares = squares(g)?;
    if m.kind != MoveKind::Normal {
        return None;
    }
    let from = number(&squares, m.from)?;
    if !m.is_capture() {
        return Some(format!("{from}-{}", number(&squares, m.to)?));
    }
    let paths = crate::movegen::chain::chain_paths(g, pos, m);
    let mut s = from.to_string();
    match paths.first() {
        Some(path) => {
            for &c in path {
                s += &format!("x{}", number(&squares, c)?);
            }
        }
        None => s += &format!("x{}", number(&squares, m.to)?),
    }
    Some(s)
}

/// Finds the legal move written in PDN: `a-b`, or `axb` (from and destination) or
/// `axcx...xb` (every landing) for a capture.
pub(crate) fn parse(g: &Game, pos: &GamePosition, text: &str) -> Option<GameMove> {
    let squares = squares(g)?;
    let t = text.trim();
    let capture = t.contains('x') || t.contains('X');
    let nums: Vec<usize> = t
        .split(['-', 'x', 'X'])
        .map(|s| s.parse::<usize>().ok())
        .collect::<Option<Vec<_>>>()?;
    if nums.len() < 2 || nums.iter().any(|&n| n == 0 || n > squares.len()) {
        return None;
    }
    let cell = |n: usize| squares[n - 1];
    let (from, to) = (cell(nums[0]), cell(*nums.last()?));
    let moves = g.legal_moves(pos);
    let mut found: Vec<GameMove> = Vec::new();
    for m in moves {
        if m.kind != MoveKind::Normal || m.from != from || m.to != to || m.is_capture() != capture {
            continue;
        }
        if capture && nums.len() > 2 {
            let landings: Vec<CellId> = nums[1..].iter().map(|&n| cell(n)).collect();
            let paths = crate::movegen::chain::chain_paths(g, pos, &m);
            if !paths.contains(&landings) {
                continue;
            }
        } else if !capture && nums.len() != 2 {
            continue;
        }
        if !found.iter().any(|f| f == &m) {
            found.push(m);
        }
    }
    // Promotions: a man's move that crowns is one move in PDN.
    found.dedup_by(|a, b| a.from == b.from && a.to == b.to && a.passing == b.passing);
    (found.len() == 1).then(|| found[0])
}

/// The PDN `[GameType "N"]` number of a shipped draughts game, by its `game` name (the
/// numbers of the PDN standard: 20 international draughts, 21 English checkers, 22
/// Italian, 23 American pool, 24 Spanish, 25 Russian, 26 Brazilian, 27 Canadian, 29
/// Czech, 30 Turkish, 40 Frisian); `None` for any other game.
pub(crate) fn game_type(g: &Game) -> Option<u32> {
    const TYPES: [(&str, u32); 11] = [
        ("international draughts", 20),
        ("english checkers", 21),
        ("italian draughts", 22),
        ("pool checkers", 23),
        ("spanish draughts", 24),
        ("russian draughts", 25),
        ("brazilian draughts", 26),
        ("canadian draughts", 27),
        ("czech draughts", 29),
        ("turkish draughts", 30),
        ("frisian draughts", 40),
    ];
    squares(g)?;
    let name = g.name()?.to_ascii_lowercase();
    TYPES.iter().find(|(n, _)| *n == name).map(|&(_, t)| t)
}
