//! Wa Shogi (`rules/washogi.rules`) against an independent move generator written here:
//! plain Rust over an 11×11 array, its pieces typed in from HaChu's table of Wa's pieces
//! (`waPieces`: for each of eight directions a step, a range, a range of two or three,
//! a jump), with Shogi's promotion and check rules, sharing nothing with the engine.
//! Perft 1 to 3 from the start and the moves at every node of a long pseudo-random
//! game.

use crate::common;

use common::game;
use piecewise::game::GamePosition;
use piecewise::Game;
use std::collections::BTreeSet;

const W: i32 = 11;
const CELLS: usize = 121;
const N_: (i32, i32) = (0, 1);
const S_: (i32, i32) = (0, -1);
const E_: (i32, i32) = (1, 0);
const W_: (i32, i32) = (-1, 0);
const NE: (i32, i32) = (1, 1);
const NW: (i32, i32) = (-1, 1);
const SE: (i32, i32) = (1, -1);
const SW: (i32, i32) = (-1, -1);
const ORTH: [(i32, i32); 4] = [N_, S_, E_, W_];
const DIAG: [(i32, i32); 4] = [NE, NW, SE, SW];
const ALL: [(i32, i32); 8] = [N_, S_, E_, W_, NE, NW, SE, SW];

/// How a Wa Shogi piece moves, from the first side's view (forward is +y).
#[derive(Default)]
struct Kind {
    /// Its FEN letter as HaChu writes it (uppercase; `+X` promoted, `X'`, `L!`).
    letter: &'static str,
    steps: Vec<(i32, i32)>,
    /// Slides without limit.
    rides: Vec<(i32, i32)>,
    /// Slides of one or two cells (HaChu's range 2: the Liberated Horse backward).
    twos: Vec<(i32, i32)>,
    /// Slides of up to three cells (the Cloud Eagle forward-diagonally).
    threes: Vec<(i32, i32)>,
    jumps: Vec<(i32, i32)>,
    lion: bool,
    lion_lines: Vec<(i32, i32)>,
    promotes_to: Option<usize>,
    /// Must promote on reaching the last `dead` ranks (it could never move again).
    dead: usize,
}

fn cat(parts: &[&[(i32, i32)]]) -> Vec<(i32, i32)> {
    parts.iter().flat_map(|p| p.iter().copied()).collect()
}

/// The 17 kinds of the start array, then the 14 promoted ones, from HaChu's
/// `waPieces` (for each of eight directions a step, a range, a limited range or a jump).
fn kinds() -> Vec<Kind> {
    let k = |letter, steps: Vec<(i32, i32)>, rides: Vec<(i32, i32)>| Kind {
        letter,
        steps,
        rides,
        ..Kind::default()
    };
    let gold = || cat(&[&ORTH, &[NE, NW]]);
    let fox = || Kind {
        steps: cat(&[&DIAG, &[N_, S_]]),
        jumps: vec![(2, 2), (-2, 2), (2, -2), (-2, -2), (0, 2), (0, -2)],
        ..Kind::default()
    };
    let eagle = || Kind {
        rides: vec![N_, S_],
        threes: vec![NE, NW],
        steps: vec![E_, W_, SE, SW],
        ..Kind::default()
    };
    let none = Vec::new;
    let mut v = vec![
        k("K", ALL.to_vec(), none()),
        Kind {
            letter: "E",
            ..eagle()
        },
        k("F", vec![N_], DIAG.to_vec()),
        k("S", vec![N_, S_], vec![E_, W_]),
        Kind {
            letter: "X",
            ..fox()
        },
        k("R", cat(&[&DIAG, &[S_]]), vec![N_]),
        k("W", gold(), none()),
        k("V", cat(&[&DIAG, &[N_]]), none()),
        k("G", vec![NE, NW, N_, S_], none()),
        k("M", vec![NE, NW, N_, S_], none()),
        Kind {
            letter: "H",
            rides: vec![N_],
            twos: vec![S_],
            ..Kind::default()
        },
        k("D", vec![NE, NW, E_, W_, S_], none()),
        k("O", none(), vec![N_]),
        k("C", vec![NE, NW, E_, W_], none()),
        k("L", vec![N_, SE, SW], none()),
        k("U", vec![N_, SE, SW], none()),
        k("P", vec![N_], none()),
        // Promoted.
        k("+F", vec![E_, W_], cat(&[&DIAG, &[N_, S_]])),
        k("+S", none(), ORTH.to_vec()),
        Kind {
            letter: "+R",
            ..fox()
        },
        k("+W", ALL.to_vec(), none()),
        k("+V", cat(&[&DIAG, &[N_, E_, W_]]), none()),
        k("+G", vec![N_, S_], vec![E_, W_]),
        k("+M", cat(&[&DIAG, &[N_]]), none()),
        Kind {
            letter: "+H",
            jumps: vec![(1, 2), (-1, 2), (1, -2), (-1, -2)],
            ..Kind::default()
        },
        k("+D", gold(), none()),
        k("+O", ALL.to_vec(), none()),
        k("+C", vec![NE, NW, E_, W_], vec![N_, S_]),
        Kind {
            letter: "+L",
            ..eagle()
        },
        k("+U", vec![N_], DIAG.to_vec()),
        k("+P", gold(), none()),
    ];
    let index = |v: &[Kind], l: &str| v.iter().position(|k| k.letter == l).unwrap();
    for base in [
        "P", "O", "F", "S", "R", "W", "V", "G", "M", "H", "D", "C", "L", "U",
    ] {
        let (b, p) = (index(&v, base), index(&v, &format!("+{base}")));
        v[b].promotes_to = Some(p);
    }
    for l in ["P", "O"] {
        let i = index(&v, l);
        v[i].dead = 1;
    }
    v
}

/// A piece: its side (0 first, 1 second) and kind.
type Piece = (usize, usize);

#[derive(Clone)]
struct Pos {
    cells: [Option<Piece>; CELLS],
    side: usize,
}

/// A move: from, to, the cells captured in passing, and whether it promotes.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
struct Mv {
    from: usize,
    to: usize,
    passing: Vec<usize>,
    promote: bool,
}

struct Wa {
    kinds: Vec<Kind>,
}

fn name(c: usize) -> String {
    format!("{}{}", (b'a' + (c % 11) as u8) as char, c / 11 + 1)
}

impl Wa {
    fn new() -> Wa {
        Wa { kinds: kinds() }
    }

    fn kind(&self, letter: &str) -> usize {
        self.kinds
            .iter()
            .position(|k| k.letter == letter)
            .unwrap_or_else(|| panic!("no kind {letter}"))
    }

    /// The board part of a FEN (and the side to move), HaChu's letters.
    fn parse(&self, fen: &str) -> Pos {
        let (board, side) = common::hachu_fen::read(fen, 11);
        let mut cells = [None; CELLS];
        for (cell, piece) in board.into_iter().enumerate() {
            cells[cell] = piece.map(|(s, letter)| (s, self.kind(&letter)));
        }
        Pos { cells, side }
    }

    fn uci(&self, m: &Mv) -> String {
        let mut s = format!("{}{}", name(m.from), name(m.to));
        for &c in &m.passing {
            s += &format!("x{}", name(c));
        }
        if m.promote {
            s.push('+');
        }
        s
    }

    fn pseudo(&self, p: &Pos) -> Vec<Mv> {
        let mut out = Vec::new();
        let s = p.side;
        let sign = if s == 0 { 1 } else { -1 };
        let at = |c: usize, (dx, dy): (i32, i32)| -> Option<usize> {
            let (x, y) = ((c % 11) as i32 + dx, (c / 11) as i32 + dy * sign);
            (0..W).contains(&x).then_some(())?;
            (0..W).contains(&y).then_some((y * W + x) as usize)
        };
        let own = |c: usize| p.cells[c].is_some_and(|(side, _)| side == s);
        let foe = |c: usize| p.cells[c].is_some_and(|(side, _)| side != s);
        for from in 0..CELLS {
            let Some((side, k)) = p.cells[from] else {
                continue;
            };
            if side != s {
                continue;
            }
            let kind = &self.kinds[k];
            let mut set: BTreeSet<(usize, Vec<usize>)> = BTreeSet::new();
            let mut add = |to: usize, passing: Vec<usize>| {
                set.insert((to, passing));
            };
            for &d in kind.steps.iter().chain(&kind.jumps) {
                if let Some(t) = at(from, d).filter(|&t| !own(t)) {
                    add(t, vec![]);
                }
            }
            let rides = kind.rides.iter().map(|&d| (d, 99));
            let limited = kind.twos.iter().map(|&d| (d, 2));
            let limited = limited.chain(kind.threes.iter().map(|&d| (d, 3)));
            for (d, limit) in rides.chain(limited) {
                let mut c = from;
                for _ in 0..limit {
                    let Some(t) = at(c, d) else { break };
                    if own(t) {
                        break;
                    }
                    add(t, vec![]);
                    if foe(t) {
                        break;
                    }
                    c = t;
                }
            }
            if kind.lion {
                for dx in -2..=2 {
                    for dy in -2..=2 {
                        if let Some(t) = at(from, (dx, dy)).filter(|&t| t != from && !own(t)) {
                            add(t, vec![]);
                        }
                    }
                }
                for d1 in ALL {
                    let Some(c1) = at(from, d1).filter(|&c| !own(c)) else {
                        continue;
                    };
                    for d2 in ALL {
                        let Some(c2) = at(c1, d2) else { continue };
                        if c2 == from || !own(c2) {
                            add(c2, if foe(c1) { vec![c1] } else { vec![] });
                        }
                    }
                }
            }
            for &d in &kind.lion_lines {
                let Some(c1) = at(from, d) else { continue };
                if !own(c1) {
                    add(c1, vec![]);
                    add(from, if foe(c1) { vec![c1] } else { vec![] });
                }
                if let Some(c2) = at(from, (2 * d.0, 2 * d.1)).filter(|&c| !own(c)) {
                    add(c2, vec![]);
                    if foe(c1) {
                        add(c2, vec![c1]);
                    }
                }
            }
            for (to, passing) in set {
                let m = Mv {
                    from,
                    to,
                    passing,
                    promote: false,
                };
                if kind.promotes_to.is_some() {
                    let rank = |c: usize| if s == 0 { c / 11 } else { 10 - c / 11 };
                    let zone = |c: usize| rank(c) >= 8;
                    if zone(to) || zone(from) {
                        out.push(Mv {
                            promote: true,
                            ..m.clone()
                        });
                    }
                    if kind.dead > 0 && rank(to) + kind.dead >= 11 {
                        continue; // it could never move again: it must promote
                    }
                }
                out.push(m);
            }
        }
        out
    }

    fn play(&self, p: &Pos, m: &Mv) -> Pos {
        let mut q = p.clone();
        let (s, k) = p.cells[m.from].unwrap();
        for &c in &m.passing {
            q.cells[c] = None;
        }
        q.cells[m.from] = None;
        let k = if m.promote {
            self.kinds[k].promotes_to.unwrap()
        } else {
            k
        };
        q.cells[m.to] = Some((s, k));
        q.side = 1 - p.side;
        q
    }

    /// Whether `side`'s King could be taken by the other side's next move.
    fn attacked(&self, p: &Pos, side: usize) -> bool {
        let Some(king) = (0..CELLS).find(|&c| p.cells[c] == Some((side, self.kind("K")))) else {
            return true;
        };
        let mut q = p.clone();
        q.side = 1 - side;
        self.pseudo(&q).iter().any(|m| m.to == king)
    }

    /// The legal moves: those that leave the mover's King unattacked (no Lions, no
    /// captures in passing in Wa).
    fn legal(&self, p: &Pos) -> Vec<Mv> {
        self.pseudo(p)
            .into_iter()
            .filter(|m| !self.attacked(&self.play(p, m), p.side))
            .collect()
    }

    fn perft(&self, p: &Pos, depth: u32) -> u64 {
        let moves = self.legal(p);
        if depth == 1 {
            return moves.len() as u64;
        }
        moves
            .iter()
            .map(|m| self.perft(&self.play(p, m), depth - 1))
            .sum()
    }
}

// ------------------------------------------------------------ the engine side

fn sorted_engine(g: &Game, pos: &GamePosition) -> Vec<String> {
    let mut v: Vec<String> = g.legal_moves(pos).iter().map(|m| g.uci(m)).collect();
    v.sort();
    v
}

fn sorted_independent(wa: &Wa, p: &Pos) -> Vec<String> {
    let mut v: Vec<String> = wa.legal(p).iter().map(|m| wa.uci(m)).collect();
    v.sort();
    v
}

const START: &str = "hmlcvkwgudo/1e3s3f1/ppprpppxppp/3p3p3/11/11/11/3P3P3/PPPXPPPRPPP/1F3S3E1/ODUGWKVCLMH w - - 0 1";

#[test]
fn wa_start_perft_1_to_3_equals_the_independent_count() {
    let g = game("washogi");
    let wa = Wa::new();
    let p = wa.parse(START);
    let start = g.start_position().unwrap();
    for depth in 1..=3 {
        assert_eq!(g.perft(&start, depth), wa.perft(&p, depth), "depth {depth}");
    }
    assert_eq!(g.fen(&start), START);
}

/// A pseudo-random game (a fixed linear congruential sequence picks each move,
/// captures and promotions preferred now and then): the two generators agree at every
/// node, and at every node the engine's FEN read back by the independent parser.
#[test]
fn wa_moves_equal_the_independent_generator_along_a_long_game() {
    let g = game("washogi");
    let wa = Wa::new();
    let mut pos = g.position(START).unwrap();
    let mut p = wa.parse(START);
    let mut seed: u64 = 0x9e37_79b9_7f4a_7c15;
    let mut plies = 0;
    let mut promotions = 0;
    for ply in 0..300 {
        let ours = sorted_engine(&g, &pos);
        let moves = wa.legal(&p);
        let mut theirs: Vec<String> = moves.iter().map(|m| wa.uci(m)).collect();
        theirs.sort();
        assert_eq!(ours, theirs, "ply {ply} at {}", g.fen(&pos));
        let again = wa.parse(&g.fen(&pos));
        assert_eq!(sorted_independent(&wa, &again), theirs, "FEN round trip");
        if moves.is_empty() {
            break;
        }
        seed = seed
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1_442_695_040_888_963_407);
        let r = (seed >> 33) as usize;
        let lively: Vec<&Mv> = moves
            .iter()
            .filter(|m| m.promote || p.cells[m.to].is_some())
            .collect();
        let promoting: Vec<&Mv> = moves.iter().filter(|m| m.promote).collect();
        let m = if r % 4 == 1 && !promoting.is_empty() {
            promoting[r / 4 % promoting.len()].clone()
        } else if r % 3 == 0 && !lively.is_empty() {
            lively[r / 3 % lively.len()].clone()
        } else {
            moves[r % moves.len()].clone()
        };
        promotions += usize::from(m.promote);
        let text = wa.uci(&m);
        let gm = g.parse_uci(&pos, &text).expect("legal");
        g.play_move(&mut pos, &gm);
        p = wa.play(&p, &m);
        plies += 1;
    }
    assert!(plies > 60, "the game lasted {plies} plies");
    assert!(promotions > 3, "{promotions} promotions");
}

fn legal(g: &Game, fen: &str, from: &str) -> BTreeSet<String> {
    let pos = g.position(fen).expect("fen");
    g.legal_moves(&pos)
        .iter()
        .map(|m| g.uci(m))
        .filter(|m| m.starts_with(from))
        .collect()
}

fn set(moves: &[&str]) -> BTreeSet<String> {
    moves.iter().map(|s| s.to_string()).collect()
}

#[test]
fn the_wa_pieces_move_as_hachu_has_them() {
    let g = game("washogi");
    // A Treacherous Fox on f6 over a friend on f7 and a foe on g7: steps and jumps to
    // the second cell in six directions, over anything, never sideways.
    let fox = legal(&g, "5k5/11/11/11/5Pp4/5X5/11/11/11/11/5K5 w - - 0 1", "f6");
    assert_eq!(
        fox,
        set(&[
            "f6e7", "f6g7", "f6e5", "f6g5", "f6f5", "f6d8", "f6h8", "f6d4", "f6h4", "f6f8", "f6f4"
        ])
    );
    // A Cloud Eagle on f6: up to three cells forward-diagonally, the file both ways,
    // one step sideways and backward-diagonally.
    let eagle = legal(&g, "5k5/11/11/11/11/5E5/11/11/11/11/K10 w - - 0 1", "f6");
    let mut expected = vec!["f6e7", "f6d8", "f6c9", "f6g7", "f6h8", "f6i9"];
    expected.extend(["f6e6", "f6g6", "f6e5", "f6g5"]);
    expected.extend(["f6f7", "f6f8", "f6f9", "f6f10", "f6f11"]);
    expected.extend(["f6f5", "f6f4", "f6f3", "f6f2", "f6f1"]);
    assert_eq!(eagle, set(&expected));
    // A Liberated Horse on f6: the file forward, two cells back; promoting (to a
    // Heavenly Horse) where it enters the zone, ranks 9-11.
    let horse = legal(&g, "5k5/11/11/11/11/5H5/11/11/11/11/K10 w - - 0 1", "f6");
    assert_eq!(
        horse,
        set(&[
            "f6f7", "f6f8", "f6f9", "f6f10", "f6f11", "f6f5", "f6f4", "f6f9+", "f6f10+", "f6f11+"
        ])
    );
}
