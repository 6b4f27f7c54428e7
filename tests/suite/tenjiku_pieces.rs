//! Tenjiku Shogi's Fire Demon written in the language, before the whole game ships (see
//! docs/variants-not-yet.md): as H. G. Muller's Tenjiku page describes the piece HaChu
//! plays, it slides diagonally and sideways, makes an *area move* of up to three king
//! steps over empty cells that may turn and stops at its first capture, and burns the
//! enemies around where it stops (not enemy Fire Demons) and any enemy that ends its own
//! move next to it (`burn ..., also arriving`). Checked against a brute-force generator
//! written here on random 16×16 boards.

use crate::common;

use piecewise::Game;

const SRC: &str = "board square 16x16\n\
    burn FireDemon, foe not FireDemon, also arriving\n\
    piece King (K) { step any }\n\
    piece Pawn (P) { step forward }\n\
    piece FireDemon (F) {\n\
        ride diagonal + sideways\n\
        step any\n\
        step any via empty then step any\n\
        step any via empty then step any via empty then step any\n\
    }\n";

const W: i32 = 16;
const ALL: [(i32, i32); 8] = [
    (0, 1),
    (0, -1),
    (1, 0),
    (-1, 0),
    (1, 1),
    (1, -1),
    (-1, 1),
    (-1, -1),
];

/// A cell's piece: side (0 first, 1 second) and letter.
type Board = Vec<Option<(usize, char)>>;

fn at(c: usize, (dx, dy): (i32, i32)) -> Option<usize> {
    let (x, y) = (c as i32 % W + dx, c as i32 / W + dy);
    ((0..W).contains(&x) && (0..W).contains(&y)).then_some((y * W + x) as usize)
}

fn name(c: usize) -> String {
    format!("{}{}", (b'a' + (c % 16) as u8) as char, c / 16 + 1)
}

fn fen(board: &Board, side: usize) -> String {
    let mut rows = Vec::new();
    for rank in (0..16).rev() {
        let (mut row, mut empty) = (String::new(), 0);
        for file in 0..16 {
            match board[rank * 16 + file] {
                None => empty += 1,
                Some((s, l)) => {
                    if empty > 0 {
                        row += &empty.to_string();
                        empty = 0;
                    }
                    row.push(if s == 0 { l } else { l.to_ascii_lowercase() });
                }
            }
        }
        if empty > 0 {
            row += &empty.to_string();
        }
        rows.push(row);
    }
    format!(
        "{} {} - - 0 1",
        rows.join("/"),
        if side == 0 { "w" } else { "b" }
    )
}

fn read(fen: &str) -> Board {
    let (cells, _) = common::hachu_fen::read(fen, 16);
    cells
        .into_iter()
        .map(|p| p.map(|(s, l)| (s, l.chars().next().unwrap())))
        .collect()
}

/// The cells a first-side Fire Demon on `from` may go to.
fn demon_targets(board: &Board, from: usize) -> Vec<usize> {
    let own = |c: usize| board[c].is_some_and(|(s, _)| s == 0);
    let foe = |c: usize| board[c].is_some_and(|(s, _)| s == 1);
    let mut out = Vec::new();
    for d in [(1, 1), (1, -1), (-1, 1), (-1, -1), (1, 0), (-1, 0)] {
        let mut c = from;
        while let Some(t) = at(c, d) {
            if own(t) {
                break;
            }
            out.push(t);
            if foe(t) {
                break;
            }
            c = t;
        }
    }
    // The area move: up to three king steps, on through empty cells only.
    let mut frontier = vec![from];
    for _ in 0..3 {
        let mut next = Vec::new();
        for &c in &frontier {
            for d in ALL {
                let Some(t) = at(c, d) else { continue };
                if t == from || own(t) {
                    continue;
                }
                out.push(t);
                if !foe(t) {
                    next.push(t);
                }
            }
        }
        frontier = next;
    }
    out.sort();
    out.dedup();
    out
}

/// The board after a first-side Fire Demon goes from `from` to `to`: the enemies around
/// `to` burn, enemy Fire Demons excepted.
fn demon_moves(board: &Board, from: usize, to: usize) -> Board {
    let mut b = board.clone();
    b[to] = b[from].take();
    for d in ALL {
        if let Some(c) = at(to, d) {
            if b[c].is_some_and(|(s, l)| s == 1 && l != 'F') {
                b[c] = None;
            }
        }
    }
    b
}

/// The board after a second-side step from `from` to `to` of a piece that is not a
/// Fire Demon: it burns if it ends next to a first-side Fire Demon.
fn arrives(board: &Board, from: usize, to: usize) -> Board {
    let mut b = board.clone();
    b[to] = b[from].take();
    let near_demon = ALL
        .iter()
        .any(|&d| at(to, d).is_some_and(|c| b[c] == Some((0, 'F'))));
    if near_demon {
        b[to] = None;
    }
    b
}

fn random_board(rng: &mut common::Rng) -> Board {
    let letters = ['K', 'P', 'F'];
    (0..256)
        .map(|_| (rng.below(100) < 30).then(|| (rng.below(2), letters[rng.below(3)])))
        .collect()
}

#[test]
fn the_fire_demon_moves_and_burns_as_the_brute_force_generator() {
    let g = Game::compile(SRC).unwrap_or_else(|e| panic!("{e}"));
    let mut rng = common::Rng(0x7e17_1c00);
    let (mut area_only, mut burned, mut passive) = (0, 0, 0);
    for round in 0..200 {
        let mut board = random_board(&mut rng);
        let from = rng.below(256);
        board[from] = Some((0, 'F'));
        let text = fen(&board, 0);
        let pos = g.position(&text).unwrap_or_else(|e| panic!("{text}: {e}"));
        let mut ours: Vec<String> = g
            .legal_moves(&pos)
            .iter()
            .filter(|m| m.from.index() == from)
            .map(|m| g.uci(m))
            .collect();
        ours.sort();
        let want = demon_targets(&board, from);
        let mut theirs: Vec<String> = want
            .iter()
            .map(|&t| format!("{}{}", name(from), name(t)))
            .collect();
        theirs.sort();
        assert_eq!(ours, theirs, "round {round}: {text}");
        let straight = |t: usize| {
            let (dx, dy) = (
                t as i32 % W - from as i32 % W,
                t as i32 / W - from as i32 / W,
            );
            dy == 0 || dx.abs() == dy.abs()
        };
        area_only += want.iter().filter(|&&t| !straight(t)).count();
        // Each move of the demon burns as the brute force does.
        for &t in &want {
            let m = g
                .parse_uci(&pos, &format!("{}{}", name(from), name(t)))
                .unwrap();
            let mut next = pos.clone();
            g.play_move(&mut next, &m);
            let expected = demon_moves(&board, from, t);
            let before = expected.iter().flatten().count();
            burned += board.iter().flatten().count() - before - usize::from(board[t].is_some());
            assert_eq!(read(&g.fen(&next)), expected, "round {round}: {text} {t}");
        }
        // The second side's quiet steps of kings and pawns: next to a first-side demon
        // the mover burns.
        let mut turned = board.clone();
        turned[from] = Some((0, 'F'));
        let text = fen(&turned, 1);
        let pos = g.position(&text).unwrap();
        for m in g.legal_moves(&pos) {
            let (f, t) = (m.from.index(), m.to.index());
            if turned[f].is_some_and(|(_, l)| l == 'F') || turned[t].is_some() {
                continue;
            }
            let mut next = pos.clone();
            g.play_move(&mut next, &m);
            let expected = arrives(&turned, f, t);
            passive += usize::from(expected[t].is_none());
            assert_eq!(
                read(&g.fen(&next)),
                expected,
                "round {round}: {text} {}",
                g.uci(&m)
            );
        }
    }
    assert!(area_only > 500, "{area_only} area-only targets");
    assert!(burned > 100, "{burned} burned");
    assert!(passive > 100, "{passive} passive burns");
}
