//! The game layer's own invariants on random playouts of every shipped game: make and
//! unmake restore the position exactly (board, hands, rights, en passant, hash); the
//! incremental Zobrist hash equals the hash of the same position read fresh from its
//! FEN; and writing a position to FEN and reading it back gives the same position.

use crate::common;

use common::{game, Rng};
use piecewise::Game;

fn playouts(name: &str, games: usize, plies: usize) {
    let game = game(name);
    let mut rng = Rng(0x9e37_79b9_7f4a_7c15 ^ name.len() as u64);
    let mut searcher = game.move_generator();
    let mut moves = Vec::new();
    for _ in 0..games {
        let mut pos = game.start_position().expect("start position");
        for _ in 0..plies {
            searcher.legal_moves(&mut pos, &mut moves);
            if moves.is_empty() {
                break;
            }
            // Every legal move: make, check, unmake, compare.
            let before = pos.clone();
            let before_fen = game.fen(&pos);
            for m in &moves {
                let undo = game.make(&mut pos, m);
                let fen = game.fen(&pos);
                let fresh = game
                    .position(&fen)
                    .unwrap_or_else(|e| panic!("{name}: own FEN {fen} unreadable: {e}"));
                assert_eq!(game.fen(&fresh), fen, "{name}: FEN round trip");
                // The hash may include an en passant right the FEN leaves out (no
                // capture possible); compare the hash only when the FEN shows all.
                if pos.en_passant().is_none() {
                    assert_eq!(
                        fresh.hash(),
                        pos.hash(),
                        "{name}: incremental hash after {} in {before_fen}",
                        game.uci(m)
                    );
                }
                game.unmake(&mut pos, undo);
                assert!(
                    pos == before,
                    "{name}: unmake of {} in {before_fen}",
                    game.uci(m)
                );
                assert_eq!(game.fen(&pos), before_fen);
            }
            let m = moves[rng.below(moves.len())];
            game.make(&mut pos, &m);
        }
    }
}

macro_rules! playout_tests {
    ($($game:ident),*) => {
        $( #[test] fn $game() { playouts(stringify!($game), 4, 60); } )*
    };
}

playout_tests!(
    chess,
    capablanca,
    grand,
    shatranj,
    makruk,
    xiangqi,
    shogi,
    minishogi,
    crazyhouse,
    nightrider,
    grasshopper
);

/// Legality through reverse tables against brute force, for every fairy piece: on
/// random positions of `rules/fairy.rules` (21 kinds, royal King), each pseudo-legal
/// move is legal exactly when, after it, no move of any enemy piece — walked forward by
/// the interpreter — captures the mover's King (at the destination or in passing).
#[test]
fn reverse_table_legality_matches_brute_force_on_fairy_pieces() {
    use piecewise::ids::CellId;
    use piecewise::walk::MoveList;
    let game = game("fairy");
    let letters: Vec<char> = "QRBNPACMLZIGOHEFWYXD".chars().collect();
    let mut rng = Rng(0x1234_5678_9abc_def1);
    let mut searcher = game.move_generator();
    let mut walker = game.rules().walker();
    let (mut checked, mut illegal) = (0, 0);
    for _ in 0..300 {
        // Both kings and 4-12 random pieces on distinct cells; no pawns on the edges.
        let mut board = vec!['.'; 64];
        let put = |c: char, rng: &mut Rng, board: &mut Vec<char>| loop {
            let i = rng.below(64);
            let pawn = c.eq_ignore_ascii_case(&'P') && !(8..56).contains(&i);
            if board[i] == '.' && !pawn {
                board[i] = c;
                break;
            }
        };
        put('K', &mut rng, &mut board);
        put('k', &mut rng, &mut board);
        for _ in 0..4 + rng.below(9) {
            let l = letters[rng.below(letters.len())];
            let l = if rng.below(2) == 0 {
                l
            } else {
                l.to_ascii_lowercase()
            };
            put(l, &mut rng, &mut board);
        }
        let mut fen = String::new();
        for r in (0..8).rev() {
            let mut empty = 0;
            for f in 0..8 {
                match board[r * 8 + f] {
                    '.' => empty += 1,
                    c => {
                        if empty > 0 {
                            fen.push_str(&empty.to_string());
                            empty = 0;
                        }
                        fen.push(c);
                    }
                }
            }
            if empty > 0 {
                fen.push_str(&empty.to_string());
            }
            if r > 0 {
                fen.push('/');
            }
        }
        fen.push_str(if rng.below(2) == 0 {
            " w - - 0 1"
        } else {
            " b - - 0 1"
        });
        let mut pos = game.position(&fen).expect("fen");
        let mover = pos.side_to_move();
        let mut pseudo = Vec::new();
        searcher.pseudo_moves(&pos, &mut pseudo);
        for m in &pseudo {
            let legal = searcher.is_legal(&mut pos, m);
            let undo = game.make(&mut pos, m);
            let king = (0..64u16)
                .map(CellId)
                .find(|&c| {
                    let o = pos.occupant(c);
                    !o.is_empty() && o.side() == mover && game.is_royal(o.kind())
                })
                .expect("the mover's king");
            let mut captured = false;
            for c in 0..64u16 {
                let o = pos.occupant(CellId(c));
                if o.is_empty() || o.side() == mover {
                    continue;
                }
                let mut list = MoveList::new();
                walker.walk(&pos, o.side(), o.kind(), CellId(c), &mut list);
                captured |= list.iter().any(|mv| {
                    (mv.to == king && mv.captures_to) || list.passing_captures(mv).contains(&king)
                });
            }
            game.unmake(&mut pos, undo);
            assert_eq!(legal, !captured, "{fen}: {}", game.uci(m));
            checked += 1;
            illegal += captured as usize;
        }
    }
    // The positions must exercise both outcomes a lot.
    assert!(
        checked > 5_000 && illegal > 500,
        "{checked} moves, {illegal} illegal"
    );
}

/// The legality filter's shortcuts against the full test: at every position of random
/// playouts of every shipped game, and on random positions of the fairy pieces
/// (hoppers, lame leapers, hook movers, deflectors; with and without the two pieces
/// that capture in passing, which switch the shortcuts off while the attacker has
/// them), `legal_moves` keeps exactly
/// the pseudo-legal moves that `is_legal` accepts, and `count_legal` (perft's last
/// ply) counts them.
#[test]
fn quick_legality_matches_the_full_test() {
    fn check(
        game: &Game,
        perft: &mut piecewise::game::Perft<'_>,
        pos: &mut piecewise::game::GamePosition,
    ) -> usize {
        let searcher = perft.generator();
        let mut pseudo = Vec::new();
        searcher.pseudo_moves(pos, &mut pseudo);
        let full: Vec<_> = pseudo
            .iter()
            .filter(|m| searcher.is_legal(pos, m))
            .copied()
            .collect();
        let mut quick = Vec::new();
        searcher.legal_moves(pos, &mut quick);
        let uci =
            |v: &[piecewise::game::GameMove]| v.iter().map(|m| game.uci(m)).collect::<Vec<_>>();
        assert_eq!(uci(&quick), uci(&full), "{}", game.fen(pos));
        assert_eq!(quick, full, "{}", game.fen(pos));
        assert_eq!(
            searcher.count_legal(pos),
            full.len() as u64,
            "count_legal in {}",
            game.fen(pos)
        );
        full.len()
    }
    let mut rng = Rng(0x005e_ed0f_9a11_fe11);
    for name in SHIPPED {
        let game = game(name);
        let start = game.start_position().expect("start position");
        checked_playouts(&game, &start, 8, 80, &mut rng, check);
    }
    // The fairy pieces but the Lion and the Man (locust captures).
    let src = common::rules_source("fairy");
    let cut = src.find("# Lion").expect("the Lion");
    let game = Game::compile(&src[..cut]).expect("fairy without locusts");
    let total = random_positions(&game, "QRBNPACMLZIGOHEFWY", 400, &mut rng, check);
    assert!(total > 5_000, "{total} legal moves checked");
    // All of them: the shortcuts apply while the attacker has no Lion or Man.
    let game = Game::compile(&src).expect("fairy");
    let total = random_positions(&game, "QRBNPACMLZIGOHEFWYXDXD", 400, &mut rng, check);
    assert!(total > 5_000, "{total} legal moves checked");
    // Hoppers without riders: paths that only a piece put on the board opens, along
    // lines that nothing else looks at.
    let game = Game::compile(HOPPERS).expect("hoppers");
    let total = random_positions(&game, "GGGNOFF", 1500, &mut rng, check);
    assert!(total > 5_000, "{total} legal moves checked");
    // Several royals per side (the single-royal refinements switch off).
    let total = random_positions(&game, "GGNOFKK", 600, &mut rng, check);
    assert!(total > 2_000, "{total} legal moves checked");
}

/// Perft's sharing between a node and its children (`prepare_children`,
/// `count_legal_child`): the children's counts may reuse the royal's attack query
/// and the piece walks made on the parent. Each count must equal a fresh count of
/// the same position (`Game::legal_moves`), on playouts of every shipped game and on random positions of the
/// fairy pieces (hoppers, lame leapers, hook movers, `initial` moves, several royals).
#[test]
fn sibling_counts_match_fresh_counts() {
    fn check(
        game: &Game,
        perft: &mut piecewise::game::Perft<'_>,
        pos: &mut piecewise::game::GamePosition,
    ) -> usize {
        let mut moves = Vec::new();
        perft.generator().legal_moves(pos, &mut moves);
        perft.prepare_children(pos);
        for m in &moves {
            let undo = game.make(pos, m);
            let shared = perft.count_legal_child(pos, m);
            let alone = game.legal_moves(pos).len() as u64;
            assert_eq!(shared, alone, "after {} in {}", game.uci(m), game.fen(pos));
            game.unmake(pos, undo);
        }
        moves.len()
    }
    let mut rng = Rng(0x51b1_1a9e_c0de_0001);
    for name in SHIPPED {
        let game = game(name);
        let start = game.start_position().expect("start position");
        checked_playouts(&game, &start, 4, 60, &mut rng, check);
    }
    // Castling on both wings, en passant and promotions from the start.
    for (name, fen) in [
        (
            "chess",
            "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        ),
        (
            "chess",
            "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
        ),
        (
            "capablanca",
            "r4k3r/pppppppppp/10/3a2c3/3A2C3/10/PPPPPPPPPP/R4K3R w KQkq - 0 1",
        ),
    ] {
        let game = game(name);
        let start = game.position(fen).expect("FEN");
        checked_playouts(&game, &start, 3, 30, &mut rng, check);
    }
    let src = common::rules_source("fairy");
    let game = Game::compile(&src).expect("fairy");
    let total = random_positions(&game, "QRBNPACMLZIGOHEFWY", 300, &mut rng, check);
    assert!(total > 3_000, "{total} parent moves");
    let total = random_positions(&game, "QRBNPACMLZIGOHEFWYXD", 200, &mut rng, check);
    assert!(total > 2_000, "{total} parent moves");
    let game = Game::compile(HOPPERS).expect("hoppers");
    let total = random_positions(&game, "GGGNOFF", 600, &mut rng, check);
    assert!(total > 3_000, "{total} parent moves");
    let total = random_positions(&game, "GGNOFKK", 300, &mut rng, check);
    assert!(total > 1_000, "{total} parent moves");
    // Pushes: a move may carry a piece of the side to move in the child to a new cell.
    let game = Game::compile(
        "board square 8x8\nroyal King\n\
         piece King (K) { step any, push Crate }\n\
         piece Rook (R) { ride orthogonal, push piece }\n\
         piece Bishop (B) { ride diagonal, push piece }\n\
         piece Crate (C) { }\n",
    )
    .expect("push game");
    let total = random_positions(&game, "RRBBCCC", 300, &mut rng, check);
    assert!(total > 2_000, "{total} parent moves");
    // More pieces on a side than watcher slots (64): the rest are walked in every
    // child.
    let game = Game::compile(
        "board square 16x16\nroyal King\n\
         piece King (K) { step any }\n\
         piece Knight (N) { leap (1,2) }\n\
         piece Ferz (F) { step diagonal }\n\
         piece Rook (R) { ride orthogonal }\n",
    )
    .expect("crowd");
    let row = |letters: &str| letters.repeat(4);
    let fen = format!(
        "{}/{}/{}/{}/{}/16/16/16/16/16/16/{}/{}/{}/{}/{} w - - 0 1",
        row("nfrf"),
        row("fnfn"),
        row("rfnf"),
        row("fnfr"),
        "nfnfnfnknfnfnfnf",
        "NFNFNFNKNFNFNFNF",
        row("FNFR"),
        row("RFNF"),
        row("FNFN"),
        row("NFRF"),
    );
    let start = game.position(&fen).expect("crowd FEN");
    checked_playouts(&game, &start, 2, 12, &mut rng, check);
    // One side moves all the time: the children's side is the node's.
    let game = Game::compile(&format!("one side\n{HOPPERS}")).expect("one side");
    let total = random_positions(&game, "GGNOFF", 200, &mut rng, check);
    assert!(total > 1_000, "{total} parent moves");
}

/// Hoppers without riders, and a king: paths that only a piece put on the board
/// opens, along lines that nothing else looks at.
const HOPPERS: &str = "board square 8x8\n\
    royal King\n\
    piece King (K) { step any }\n\
    piece Grasshopper (G) { ride any via piece then step same }\n\
    piece Knight (N) { leap (1,2) }\n\
    piece Ferz (F) { step diagonal }\n\
    piece Cannon (O) {\n\
        ride orthogonal, move only\n\
        ride orthogonal via piece then ride same, capture only\n\
    }\n";

/// Every shipped two-sided game.
const SHIPPED: [&str; 11] = [
    "chess",
    "capablanca",
    "grand",
    "shatranj",
    "makruk",
    "xiangqi",
    "shogi",
    "minishogi",
    "crazyhouse",
    "nightrider",
    "grasshopper",
];

/// A check run on positions: gets the position (to restore as it was) and returns
/// a count of what it checked.
type Check =
    fn(&Game, &mut piecewise::game::Perft<'_>, &mut piecewise::game::GamePosition) -> usize;

/// Runs `check` on every position of `runs` random games of up to `plies` plies
/// from `start`.
fn checked_playouts(
    game: &Game,
    start: &piecewise::game::GamePosition,
    runs: usize,
    plies: usize,
    rng: &mut Rng,
    check: Check,
) {
    let mut perft = piecewise::game::Perft::new(game);
    for _ in 0..runs {
        let mut pos = start.clone();
        for _ in 0..plies {
            if check(game, &mut perft, &mut pos) == 0 {
                break;
            }
            let moves = game.legal_moves(&pos);
            let m = moves[rng.below(moves.len())];
            game.make(&mut pos, &m);
        }
    }
}

/// Runs `check` on `n` random positions of `game` (both kings and 4-17 pieces with
/// these letters); returns the sum of its results.
fn random_positions(game: &Game, letters: &str, n: usize, rng: &mut Rng, check: Check) -> usize {
    let letters: Vec<char> = letters.chars().collect();
    let mut perft = piecewise::game::Perft::new(game);
    let mut total = 0;
    for _ in 0..n {
        let mut board = ['.'; 64];
        let mut put = |c: char, rng: &mut Rng| loop {
            let i = rng.below(64);
            let pawn = c.eq_ignore_ascii_case(&'P') && !(8..56).contains(&i);
            if board[i] == '.' && !pawn {
                board[i] = c;
                break;
            }
        };
        put('K', rng);
        put('k', rng);
        for _ in 0..4 + rng.below(14) {
            let l = letters[rng.below(letters.len())];
            let l = if rng.below(2) == 0 {
                l
            } else {
                l.to_ascii_lowercase()
            };
            put(l, rng);
        }
        let ranks: Vec<String> = (0..8)
            .rev()
            .map(|r| board[r * 8..r * 8 + 8].iter().collect::<String>())
            .collect();
        let side = if rng.below(2) == 0 { "w" } else { "b" };
        let fen = format!("{} {side} - - 0 1", ranks.join("/"));
        let fen = fen
            .split(' ')
            .enumerate()
            .map(|(i, f)| if i == 0 { compress(f) } else { f.to_string() })
            .collect::<Vec<_>>()
            .join(" ");
        let Ok(mut pos) = game.position(&fen) else {
            continue;
        };
        total += check(game, &mut perft, &mut pos);
    }
    total
}

/// `..` runs of a FEN board as digits.
fn compress(board: &str) -> String {
    let mut out = String::new();
    let mut run = 0;
    for c in board.chars() {
        if c == '.' {
            run += 1;
            continue;
        }
        if run > 0 {
            out.push_str(&run.to_string());
            run = 0;
        }
        out.push(c);
    }
    if run > 0 {
        out.push_str(&run.to_string());
    }
    out
}

/// Pushes in a game with royals: a rook or king that pushes a crate moves a second
/// piece, which may block or open a line to either king. The legal moves (quick test,
/// light test, bulk count) must be exactly the pseudo-legal moves after which no
/// enemy move, walked forward, captures the mover's king.
#[test]
fn push_legality_matches_brute_force() {
    let src = "board square 8x8\nroyal King\n\
        piece King (K) { step any, push Crate }\n\
        piece Rook (R) { ride orthogonal, push Crate }\n\
        piece Bishop (B) { ride diagonal, push Crate }\n\
        piece Crate (C) { }\n";
    let game = Game::compile(src).expect("push game");
    fn check(
        game: &Game,
        perft: &mut piecewise::game::Perft<'_>,
        pos: &mut piecewise::game::GamePosition,
    ) -> usize {
        let searcher = perft.generator();
        let mut pseudo = Vec::new();
        searcher.pseudo_moves(pos, &mut pseudo);
        let me = pos.side_to_move();
        let brute: Vec<String> = pseudo
            .iter()
            .filter(|m| {
                let undo = game.make(pos, m);
                let king = game
                    .board()
                    .cells()
                    .find(|&c| {
                        let o = pos.cells()[c.index()];
                        !o.is_empty() && o.side() == me && game.is_royal(o.kind())
                    })
                    .expect("a king");
                let mut replies = Vec::new();
                game.move_generator().pseudo_moves(pos, &mut replies);
                let hit = replies.iter().any(|r| r.to == king && r.captures_to);
                game.unmake(pos, undo);
                !hit
            })
            .map(|m| game.uci(m))
            .collect();
        let legal: Vec<String> = game.legal_moves(pos).iter().map(|m| game.uci(m)).collect();
        assert_eq!(legal, brute, "{}", game.fen(pos));
        assert_eq!(
            searcher.count_legal(pos),
            brute.len() as u64,
            "{}",
            game.fen(pos)
        );
        brute.len()
    }
    let mut rng = Rng(0x9054_c4a7e);
    let total = random_positions(&game, "RRBCCCCC", 500, &mut rng, check);
    assert!(total > 2_000, "{total} legal moves checked");
}

/// `count_legal_child` given a position that is not the prepared node's child: debug
/// builds (the default test profile) refuse it instead of returning a wrong count.
#[cfg(debug_assertions)]
#[test]
#[should_panic(expected = "not a child")]
fn count_legal_child_refuses_a_non_child() {
    let game = game("chess");
    let mut perft = piecewise::game::Perft::new(&game);
    let mut pos = game.start_position().expect("start position");
    let moves = game.legal_moves(&pos);
    perft.prepare_children(&mut pos);
    let mut other = game
        .position("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKB1R b KQkq - 0 1")
        .expect("FEN");
    perft.count_legal_child(&mut other, &moves[0]);
}
