//! Ultima (`rules/ultima.rules`): each kind's capture in a hand-checked position (the
//! Withdrawer's withdrawal, the Pincer Pawn's custodian capture, the Coordinator's, the
//! Long Leaper's single and multiple jumps, the Chameleon as each kind, frozen pieces),
//! and the legal moves and perft 1-3 from the start against a brute force written here:
//! plain Rust over an 8×8 array that knows nothing of the engine.

use crate::common;
use common::{legal, play};
use piecewise::Game;

fn ultima() -> Game {
    common::game("ultima")
}

const START: &str = "olcwkcli/pppppppp/8/8/8/8/PPPPPPPP/ILCKWCLO w - - 0 1";

/// The legal moves of the piece on `from` that capture (UCI with `x` and the cells
/// taken), sorted.
fn captures_from(g: &Game, fen: &str, from: &str) -> Vec<String> {
    legal(g, fen)
        .into_iter()
        .filter(|m| m.starts_with(from) && m.contains('x'))
        .collect()
}

// ---------------------------------------------------------------- each capture

#[test]
fn the_withdrawer_takes_the_piece_it_moves_straight_away_from() {
    let g = ultima();
    // Withdrawer d4, black pawn d5: every move down the d file takes it; moves in
    // other directions take nothing.
    let fen = "4k3/8/8/3p4/3W4/8/8/4K3 w - - 0 1";
    assert_eq!(
        captures_from(&g, fen, "d4"),
        ["d4d1xd5", "d4d2xd5", "d4d3xd5"]
    );
    assert!(legal(&g, fen).contains(&"d4c3".to_string()));
    assert_eq!(
        play(&g, fen, &["d4d2xd5"]),
        "4k3/8/8/8/8/8/3W4/4K3 b - - 0 1"
    );
}

#[test]
fn tree_tells_what_a_move_takes_by_its_shape() {
    let out = common::cli::run(&[
        "tree",
        "rules/ultima.rules",
        "--fen",
        "4k3/8/8/3p4/3W4/8/8/4K3 w - - 0 1",
        "--from",
        "d4",
        "--json",
    ]);
    let doc: serde_json::Value = serde_json::from_str(&common::cli::stdout(&out)).unwrap();
    let moves = doc["effects"]["moves"].as_array().unwrap();
    assert_eq!(moves.len(), 3, "{moves:?}");
    for m in moves {
        assert_eq!(m["taken"], serde_json::json!(["d5"]), "{m}");
        assert!(m["move"].as_str().unwrap().ends_with("xd5"));
    }
}

#[test]
fn the_pincer_pawn_sandwiches_enemies_against_friends_orthogonally() {
    let g = ultima();
    // b1-b4 traps c4 against the d4 pawn.
    let fen = "4k3/8/8/8/2pP4/8/8/1P2K3 w - - 0 1";
    assert_eq!(captures_from(&g, fen, "b1"), ["b1b4xc4"]);
    // d1-d5 traps three at once: c5 (against b5), e5 (against f5), d6 (against d7).
    let fen = "4k3/3P4/3p4/1Pp1pP2/8/8/8/3PK3 w - - 0 1";
    assert_eq!(captures_from(&g, fen, "d1"), ["d1d5xc5xe5xd6"]);
    assert_eq!(
        play(&g, fen, &["d1d5xc5xe5xd6"]),
        "4k3/3P4/8/1P1P1P2/8/8/8/4K3 b - - 0 1"
    );
    // No friend beyond, or a diagonal sandwich: nothing.
    let fen = "4k3/8/8/8/2p5/8/1p6/1P2K1P1 w - - 0 1";
    assert!(captures_from(&g, fen, "b1").is_empty());
}

#[test]
fn the_coordinator_takes_where_its_lines_cross_its_kings() {
    let g = ultima();
    // King e1, Coordinator a4, black pawns b1 and e4: landing on b4 takes both
    // (b4's file meets the king's rank at b1, the king's file meets b4's rank at e4).
    let fen = "7k/8/8/8/O3p3/8/8/1p2K3 w - - 0 1";
    let caps = captures_from(&g, fen, "a4");
    assert!(caps.contains(&"a4b4xb1xe4".to_string()), "{caps:?}");
    // b5 and b3 take b1 only (their ranks cross the e file on empty cells); c4 and d4
    // take e4 only (passing b4 empty).
    for m in ["a4b5xb1", "a4b3xb1", "a4c4xe4", "a4d4xe4"] {
        assert!(caps.contains(&m.to_string()), "{m} in {caps:?}");
    }
    assert_eq!(caps.len(), 5, "{caps:?}");
}

#[test]
fn the_long_leaper_jumps_single_enemies_along_a_line() {
    let g = ultima();
    // a4 over b4, d4 and f4: one, two or three at once, landing on the empty cells
    // between and beyond.
    let fen = "4k3/8/8/8/Lp1p1p2/8/8/4K3 w - - 0 1";
    assert_eq!(
        captures_from(&g, fen, "a4"),
        ["a4c4xb4", "a4e4xb4xd4", "a4g4xb4xd4xf4", "a4h4xb4xd4xf4"]
    );
    // Two enemies side by side cannot be jumped; nor can a friend.
    assert!(captures_from(&g, "4k3/8/8/8/Lpp5/8/8/4K3 w - - 0 1", "a4").is_empty());
    assert!(captures_from(&g, "4k3/8/8/8/LP1p4/8/8/4K3 w - - 0 1", "a4").is_empty());
}

#[test]
fn the_chameleon_captures_each_kind_as_that_kind_captures() {
    let g = ultima();
    // As a Withdrawer: it withdraws from a Withdrawer, not from a pawn.
    let fen = "4k3/8/8/3w4/3C4/8/8/4K3 w - - 0 1";
    assert_eq!(
        captures_from(&g, fen, "d4"),
        ["d4d1xd5", "d4d2xd5", "d4d3xd5"]
    );
    assert!(captures_from(&g, "4k3/8/8/3p4/3C4/8/8/4K3 w - - 0 1", "d4").is_empty());
    // As a Long Leaper: over Long Leapers only.
    let fen = "4k3/8/8/8/Cl1p4/8/8/4K3 w - - 0 1";
    assert_eq!(captures_from(&g, fen, "a4"), ["a4c4xb4"]);
    // As a Pincer Pawn: pawns only, and only moving orthogonally. b1-b4 traps c4
    // against d4; c3-b4 (diagonal) does not.
    let fen = "4k3/8/8/8/2pP4/8/8/1C2K3 w - - 0 1";
    assert_eq!(captures_from(&g, fen, "b1"), ["b1b4xc4"]);
    let fen = "4k3/8/8/8/2pP4/C7/8/4K3 w - - 0 1";
    assert!(captures_from(&g, fen, "a3").is_empty());
    let fen = "4k3/8/8/8/2wP4/8/8/1C2K3 w - - 0 1";
    assert!(captures_from(&g, fen, "b1").is_empty(), "not a Withdrawer");
    // As a Coordinator: Coordinators only, with its own King.
    let fen = "7k/8/8/8/C3o3/8/8/1p2K3 w - - 0 1";
    assert_eq!(
        captures_from(&g, fen, "a4"),
        ["a4b4xe4", "a4c4xe4", "a4d4xe4"]
    );
    // As a King: it takes the King by a King's step (and wins), nothing else so.
    let fen = "8/8/8/3k4/2C5/8/8/4K3 w - - 0 1";
    assert!(legal(&g, fen).contains(&"c4d5".to_string()));
    let fen = "8/8/8/3p4/2C5/8/8/k3K3 w - - 0 1";
    assert!(!legal(&g, fen).contains(&"c4d5".to_string()));
    // Never a Chameleon, by any of these.
    let fen = "4k3/8/8/3c4/3C4/8/8/4K3 w - - 0 1";
    assert!(captures_from(&g, fen, "d4").is_empty());
}

#[test]
fn immobilized_pieces_have_no_moves() {
    let g = ultima();
    // The pawn next to the black Immobilizer cannot move: only the King moves.
    let fen = "4k3/8/8/8/3i4/3P4/8/4K3 w - - 0 1";
    assert!(legal(&g, fen).iter().all(|m| m.starts_with("e1")));
    // A Chameleon freezes an Immobilizer (and is frozen by it): neither moves.
    let fen = "4k3/8/8/8/3i4/3C4/8/4K3 b - - 0 1";
    assert!(legal(&g, fen).iter().all(|m| m.starts_with("e8")));
    let fen = "4k3/8/8/8/3i4/3C4/8/4K3 w - - 0 1";
    assert!(legal(&g, fen).iter().all(|m| m.starts_with("e1")));
    // A frozen piece gives no check. With its King on e1, a white Coordinator takes
    // on the e file by reaching the rank: free on a1, it could take a king on e7 from
    // a7, so e8-e7 is illegal; frozen by the black Immobilizer on b2, it could not.
    let frozen = "4k3/8/8/8/8/8/1i6/O3K3 b - - 0 1";
    let free = "4k3/8/8/8/8/8/8/O3K3 b - - 0 1";
    let has = |fen: &str, m: &str| legal(&g, fen).contains(&m.to_string());
    assert!(has(frozen, "e8e7"), "the Coordinator is frozen");
    assert!(!has(free, "e8e7"), "a1-a7 would take the king on e7");
    assert!(has(free, "e8d8"));
}

#[test]
fn a_like_adds_shape_captures_to_the_patterns_it_brings_in() {
    // `like Withdrawer, withdraw Withdrawer`: the Withdrawer's moves, withdrawing from
    // Withdrawers only (the `withdraw` added replaces the pattern's own).
    let g = Game::compile(
        "board square 8x8\nroyal King\npiece King (K) { step any }\npiece Withdrawer (W) { ride any, move only, withdraw }\npiece Pawn (P) { step forward }\npiece Chameleon (C) { like Withdrawer, withdraw Withdrawer }\n",
    )
    .unwrap_or_else(|d| panic!("{d:?}"));
    assert_eq!(
        captures_from(&g, "4k3/8/8/3w4/3C4/8/8/4K3 w - - 0 1", "d4"),
        ["d4d1xd5", "d4d2xd5", "d4d3xd5"]
    );
    assert!(captures_from(&g, "4k3/8/8/3p4/3C4/8/8/4K3 w - - 0 1", "d4").is_empty());
    assert_eq!(
        captures_from(&g, "4k3/8/8/3p4/3W4/8/8/4K3 w - - 0 1", "d4"),
        ["d4d1xd5", "d4d2xd5", "d4d3xd5"]
    );
}

// ---------------------------------------------------------------- diagnostics

/// The first diagnostic of `src` with code and the text its span covers.
fn first(src: &str) -> (String, String) {
    let (_, d) = piecewise::pipeline::check(src, None);
    let d = d
        .iter()
        .find(|d| d.code != "W0004")
        .unwrap_or_else(|| panic!("no diagnostic for {src}"));
    (
        d.code.to_string(),
        src[d.primary.span.start as usize..d.primary.span.end as usize].to_string(),
    )
}

#[test]
fn shape_captures_are_checked_with_spans() {
    // Not on a square board: E0724 at the modifier.
    assert_eq!(
        first("board hex radius 3\npiece W (W) { ride any, move only, withdraw }\n"),
        ("E0724".into(), "withdraw".into())
    );
    assert_eq!(
        first("board octo 6x6\npiece P (P) { ride orthogonal, pincer Q }\npiece Q (Q) { }\n"),
        ("E0724".into(), "pincer Q".into())
    );
    // An unknown kind, an unknown partner: E0304 at the name.
    assert_eq!(
        first("board square 8x8\npiece W (W) { ride any, withdraw Pwan }\npiece Pawn (P) { step forward }\n"),
        ("E0304".into(), "Pwan".into())
    );
    assert_eq!(
        first("board square 8x8\npiece O (O) { ride any, coordinate with Kng }\npiece King (K) { step any }\n"),
        ("E0304".into(), "Kng".into())
    );
    // Twice on one pattern: E0701 at the second.
    assert_eq!(
        first("board square 8x8\npiece P (P) { ride orthogonal, pincer, pincer }\n"),
        ("E0701".into(), "pincer".into())
    );
    // `around` takes directions from a cell, not relative ones: E0921.
    assert_eq!(
        first("board square 8x8\npiece P (P) { ride orthogonal, pincer around same }\n"),
        ("E0921".into(), "same".into())
    );
    // Not on a link of a capture chain: E0723 at `chain`.
    assert_eq!(
        first("board square 8x8\npiece M (M) { step diagonal via foe captured then step same, chain, withdraw }\n"),
        ("E0723".into(), "chain".into())
    );
    // `coordinate` needs its partner: a syntax error naming what was expected.
    let (code, _) = first("board square 8x8\npiece O (O) { ride any, coordinate }\n");
    assert_eq!(code, "E0001");
    // Well formed: no diagnostic.
    assert!(common::check_codes(
        "board square 8x8\npiece P (P) { ride orthogonal, move only, pincer not K around orthogonal + diagonal }\npiece O (O) { ride any, coordinate P | K with K }\npiece W (W) { ride any, withdraw }\npiece K (K) { step any }\n"
    )
    .is_empty());
}

#[test]
fn an_old_withdrawal_through_the_start_cell_points_at_withdraw() {
    // Whole-path rules make the old spelling dead (W0801); its note names `withdraw`.
    let src = "board square 8x8\npiece W (W) { step any via foe captured then ride back 2.., move only }\n";
    let rules = piecewise::compile(src).unwrap_or_else(|d| panic!("{d:?}"));
    let d = rules.warnings();
    let w = d.iter().find(|d| d.code == "W0801").expect("W0801");
    assert!(w.notes.iter().any(|n| n.contains("`withdraw`")), "{w:?}");
}

// ---------------------------------------------------------------- brute force

/// The kinds, as the brute force knows them.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum K {
    King,
    Pawn,
    Withdrawer,
    Coordinator,
    Immobilizer,
    Leaper,
    Chameleon,
}

/// A cell: empty, or (white, kind).
type Sq = Option<(bool, K)>;

#[derive(Clone)]
struct Board {
    /// `[x][y]`, a1 = [0][0].
    sq: [[Sq; 8]; 8],
    white: bool,
}

/// A move: from, to, captured on `to` (the King's way), cells taken besides.
#[derive(Clone, Debug)]
struct Mv {
    from: (i8, i8),
    to: (i8, i8),
    taken: Vec<(i8, i8)>,
}

const ALL: [(i8, i8); 8] = [
    (1, 0),
    (-1, 0),
    (0, 1),
    (0, -1),
    (1, 1),
    (1, -1),
    (-1, 1),
    (-1, -1),
];

fn on(x: i8, y: i8) -> bool {
    (0..8).contains(&x) && (0..8).contains(&y)
}

fn name(c: (i8, i8)) -> String {
    format!("{}{}", (b'a' + c.0 as u8) as char, c.1 + 1)
}

impl Board {
    fn from_fen(fen: &str) -> Board {
        let mut sq = [[None; 8]; 8];
        let mut parts = fen.split(' ');
        for (r, row) in parts.next().unwrap().split('/').enumerate() {
            let y = 7 - r;
            let mut x = 0;
            for ch in row.chars() {
                if let Some(n) = ch.to_digit(10) {
                    x += n as usize;
                    continue;
                }
                let kind = match ch.to_ascii_uppercase() {
                    'K' => K::King,
                    'P' => K::Pawn,
                    'W' => K::Withdrawer,
                    'O' => K::Coordinator,
                    'I' => K::Immobilizer,
                    'L' => K::Leaper,
                    'C' => K::Chameleon,
                    _ => panic!("{ch}"),
                };
                sq[x][y] = Some((ch.is_ascii_uppercase(), kind));
                x += 1;
            }
        }
        Board {
            sq,
            white: parts.next() == Some("w"),
        }
    }

    fn at(&self, x: i8, y: i8) -> Sq {
        if on(x, y) {
            self.sq[x as usize][y as usize]
        } else {
            None
        }
    }

    fn is(&self, x: i8, y: i8, white: bool, kind: Option<K>) -> bool {
        matches!(self.at(x, y), Some((w, k)) if w == white && kind.map_or(true, |kk| kk == k))
    }

    fn king(&self, white: bool) -> Option<(i8, i8)> {
        (0..8)
            .flat_map(|x| (0..8).map(move |y| (x, y)))
            .find(|&(x, y)| self.sq[x as usize][y as usize] == Some((white, K::King)))
    }

    /// Whether the piece on (x, y) stands next to an enemy that freezes it.
    fn frozen(&self, x: i8, y: i8) -> bool {
        let Some((w, k)) = self.at(x, y) else {
            return false;
        };
        ALL.iter().any(|&(dx, dy)| {
            self.is(x + dx, y + dy, !w, Some(K::Immobilizer))
                || (k == K::Immobilizer && self.is(x + dx, y + dy, !w, Some(K::Chameleon)))
        })
    }

    /// The pseudo-legal moves of the side to move.
    fn pseudo(&self) -> Vec<Mv> {
        let us = self.white;
        let mut out = Vec::new();
        for x in 0..8i8 {
            for y in 0..8i8 {
                let Some((w, k)) = self.at(x, y) else {
                    continue;
                };
                if w != us || self.frozen(x, y) {
                    continue;
                }
                self.piece_moves(x, y, k, &mut out);
            }
        }
        out
    }

    fn piece_moves(&self, x: i8, y: i8, k: K, out: &mut Vec<Mv>) {
        let us = self.white;
        let enemy = |cx: i8, cy: i8, kind: Option<K>| self.is(cx, cy, !us, kind);
        // After the move the start cell is empty; `friend` reads the board so.
        let friend = |cx: i8, cy: i8| (cx, cy) != (x, y) && self.is(cx, cy, us, None);
        match k {
            K::King => {
                for (dx, dy) in ALL {
                    let (tx, ty) = (x + dx, y + dy);
                    if on(tx, ty) && !self.is(tx, ty, us, None) {
                        out.push(Mv {
                            from: (x, y),
                            to: (tx, ty),
                            taken: Vec::new(),
                        });
                    }
                }
            }
            K::Leaper => self.leaps(x, y, None, out),
            _ => {
                let dirs: &[(i8, i8)] = if k == K::Pawn { &ALL[..4] } else { &ALL };
                for &(dx, dy) in dirs {
                    let (mut tx, mut ty) = (x + dx, y + dy);
                    while on(tx, ty) && self.at(tx, ty).is_none() {
                        let mut taken = Vec::new();
                        let orth = dx == 0 || dy == 0;
                        // Withdrawal: the cell behind the start.
                        let withdraw = match k {
                            K::Withdrawer => Some(None),
                            K::Chameleon => Some(Some(K::Withdrawer)),
                            _ => None,
                        };
                        if let Some(kind) = withdraw {
                            if enemy(x - dx, y - dy, kind) {
                                taken.push((x - dx, y - dy));
                            }
                        }
                        // Pincer: orthogonal neighbours of the landing with a friend beyond.
                        let pincer = match k {
                            K::Pawn => Some(None),
                            K::Chameleon if orth => Some(Some(K::Pawn)),
                            _ => None,
                        };
                        if let Some(kind) = pincer {
                            for &(px, py) in &ALL[..4] {
                                if enemy(tx + px, ty + py, kind) && friend(tx + 2 * px, ty + 2 * py)
                                {
                                    taken.push((tx + px, ty + py));
                                }
                            }
                        }
                        // Coordination with the own King.
                        let coordinate = match k {
                            K::Coordinator => Some(None),
                            K::Chameleon => Some(Some(K::Coordinator)),
                            _ => None,
                        };
                        if let (Some(kind), Some((kx, ky))) = (coordinate, self.king(us)) {
                            for (cx, cy) in [(tx, ky), (kx, ty)] {
                                if enemy(cx, cy, kind) && !taken.contains(&(cx, cy)) {
                                    taken.push((cx, cy));
                                }
                            }
                        }
                        out.push(Mv {
                            from: (x, y),
                            to: (tx, ty),
                            taken,
                        });
                        tx += dx;
                        ty += dy;
                    }
                }
                if k == K::Chameleon {
                    self.leaps(x, y, Some(K::Leaper), out);
                    for (dx, dy) in ALL {
                        if enemy(x + dx, y + dy, Some(K::King)) {
                            out.push(Mv {
                                from: (x, y),
                                to: (x + dx, y + dy),
                                taken: Vec::new(),
                            });
                        }
                    }
                }
            }
        }
    }

    /// The Long Leaper's moves (quiet and jumping) from (x, y); `only`: the kind it
    /// may jump (the Chameleon's), which then makes no quiet moves here.
    fn leaps(&self, x: i8, y: i8, only: Option<K>, out: &mut Vec<Mv>) {
        let us = self.white;
        for (dx, dy) in ALL {
            let (mut cx, mut cy) = (x, y);
            let mut taken = Vec::new();
            loop {
                cx += dx;
                cy += dy;
                if !on(cx, cy) {
                    break;
                }
                match self.at(cx, cy) {
                    None => {
                        if only.is_none() || !taken.is_empty() {
                            out.push(Mv {
                                from: (x, y),
                                to: (cx, cy),
                                taken: taken.clone(),
                            });
                        }
                    }
                    Some((w, k)) => {
                        let jumpable = w != us && only.map_or(true, |o| o == k);
                        if !jumpable || !on(cx + dx, cy + dy) || self.at(cx + dx, cy + dy).is_some()
                        {
                            break;
                        }
                        taken.push((cx, cy));
                    }
                }
            }
        }
    }

    fn make(&self, m: &Mv) -> Board {
        let mut b = self.clone();
        let piece = b.sq[m.from.0 as usize][m.from.1 as usize].take();
        for &(x, y) in &m.taken {
            b.sq[x as usize][y as usize] = None;
        }
        b.sq[m.to.0 as usize][m.to.1 as usize] = piece;
        b.white = !b.white;
        b
    }

    /// The legal moves: a side without its King has none; a move that takes the
    /// enemy King is legal; otherwise no reply may take ours.
    fn legal(&self) -> Vec<Mv> {
        let us = self.white;
        if self.king(us).is_none() {
            return Vec::new();
        }
        self.pseudo()
            .into_iter()
            .filter(|m| {
                let after = self.make(m);
                if after.king(!us).is_none() {
                    return true;
                }
                let king = after.king(us).unwrap();
                !after
                    .pseudo()
                    .iter()
                    .any(|r| r.to == king || r.taken.contains(&king))
            })
            .collect()
    }

    fn perft(&self, depth: u32) -> u64 {
        let moves = self.legal();
        if depth == 1 {
            return moves.len() as u64;
        }
        moves.iter().map(|m| self.make(m).perft(depth - 1)).sum()
    }
}

/// A move as `piecewise moves` writes it: from, to, then `x` and each cell taken in
/// passing, in the board's cell order (rank by rank).
fn uci(m: &Mv) -> String {
    let mut taken = m.taken.clone();
    taken.sort_by_key(|&(x, y)| (y, x));
    let mut s = name(m.from) + &name(m.to);
    for c in taken {
        s.push('x');
        s.push_str(&name(c));
    }
    s
}

fn brute_legal(fen: &str) -> Vec<String> {
    let mut v: Vec<String> = Board::from_fen(fen).legal().iter().map(uci).collect();
    v.sort();
    v
}

#[test]
fn perft_from_the_start_equals_the_brute_force() {
    let g = ultima();
    let pos = g.position(START).unwrap();
    let b = Board::from_fen(START);
    for depth in 1..=3 {
        let want = b.perft(depth);
        assert_eq!(g.perft(&pos, depth), want, "depth {depth}");
    }
    assert_eq!(b.perft(1), 32, "eight pawns, four cells each");
}

#[test]
#[ignore = "deep perft: cargo test --release --test suite ultima:: -- --ignored"]
fn perft_4_from_the_start_equals_the_brute_force() {
    let g = ultima();
    let pos = g.position(START).unwrap();
    let want = Board::from_fen(START).perft(4);
    assert_eq!(g.perft(&pos, 4), want);
}

#[test]
fn the_hand_made_positions_agree_with_the_brute_force() {
    let g = ultima();
    for fen in [
        "4k3/8/8/3p4/3W4/8/8/4K3 w - - 0 1",
        "4k3/3P4/3p4/1Pp1pP2/8/8/8/3PK3 w - - 0 1",
        "7k/8/8/8/O3p3/8/8/1p2K3 w - - 0 1",
        "4k3/8/8/8/Lp1p1p2/8/8/4K3 w - - 0 1",
        "4k3/8/8/8/2wP4/8/8/1C2K3 w - - 0 1",
        "7k/8/8/8/C3o3/8/8/1p2K3 w - - 0 1",
        "4k3/8/8/8/3i4/3C4/8/4K3 b - - 0 1",
        "4k3/8/8/8/8/8/1i6/O3K3 b - - 0 1",
    ] {
        assert_eq!(legal(&g, fen), brute_legal(fen), "{fen}");
    }
}

#[test]
fn random_games_agree_with_the_brute_force_move_by_move() {
    let g = ultima();
    let mut rng = common::Rng(0x9e37_79b9_7f4a_7c15 ^ 33);
    let mut checked = 0;
    let mut captures = 0;
    // The kinds seen capturing in some position of the games.
    let mut seen = std::collections::BTreeSet::new();
    for _ in 0..24 {
        let mut pos = g.position(START).unwrap();
        for _ in 0..80 {
            let fen = g.fen(&pos);
            let mut engine = g.legal_uci(&pos);
            engine.sort();
            assert_eq!(engine, brute_legal(&fen), "{fen}");
            checked += 1;
            let board = Board::from_fen(&fen);
            for m in engine.iter().filter(|m| m.contains('x') || m.len() == 4) {
                let b = m.as_bytes();
                let (x, y) = ((b[0] - b'a') as i8, (b[1] - b'1') as i8);
                let (tx, ty) = ((b[2] - b'a') as i8, (b[3] - b'1') as i8);
                let Some((_, kind)) = board.at(x, y) else {
                    continue;
                };
                // A capture: cells taken by its shape or jumps, or the King's landing.
                if m.contains('x') || board.at(tx, ty).is_some() {
                    seen.insert(format!("{kind:?}"));
                }
            }
            if engine.is_empty() {
                break;
            }
            // Prefer captures, so that the games thin out and every kind gets to take.
            let taking: Vec<&String> = engine.iter().filter(|m| m.contains('x')).collect();
            let pick = if !taking.is_empty() && rng.below(2) == 0 {
                taking[rng.below(taking.len())].clone()
            } else {
                engine[rng.below(engine.len())].clone()
            };
            captures += usize::from(pick.contains('x'));
            let m = g.parse_uci(&pos, &pick).unwrap();
            g.make(&mut pos, &m);
        }
    }
    assert!(
        checked > 1000 && captures > 100,
        "{checked} positions, {captures} captures"
    );
}
