//! Unit tests of make and unmake through [`Game`]'s public API: each case plays one
//! legal move, compares the FEN reached with one written by hand, checks that the hash
//! kept incrementally is the hash of that FEN read afresh, then unmakes the move and
//! finds the position and hash it started from. Chess castling, en passant (taking it
//! and opening it), promotion, captures; a minishogi drop and a capture into the hand;
//! a Sokoban push.

use crate::Game;

pub(crate) fn game(source: &str) -> Game {
    Game::compile(source).unwrap_or_else(|d| panic!("does not compile: {d:?}"))
}

pub(crate) fn chess() -> Game {
    game(include_str!("../../../../rules/chess.rules"))
}

fn minishogi() -> Game {
    game(include_str!("../../../../rules/minishogi.rules"))
}

/// Sokoban on a 7×5 board (a one-side game: the side to move stays `w`, the move
/// number counts every move).
fn sokoban() -> Game {
    game(
        "board square 7x5\n\
         one side\n\
         sokoban pusher Pusher, box Box, wall Wall\n\
         piece Pusher (P) { step orthogonal, push Box }\n\
         piece Box (B) { }\n\
         piece Wall (W) { }\n",
    )
}

/// Plays the legal move `uci` on `fen` and checks the FEN reached (`want`), the hash
/// there, and that unmake restores the start exactly (position, hash and FEN).
fn make_unmake(game: &Game, fen: &str, uci: &str, want: &str) {
    let start = game
        .position(fen)
        .unwrap_or_else(|e| panic!("{fen}: {e:?}"));
    assert_eq!(game.fen(&start), fen, "the start FEN is written as read");
    let mut pos = start.clone();
    let legal = game.legal_moves(&pos);
    let m = legal
        .iter()
        .find(|m| game.uci(m) == uci)
        .unwrap_or_else(|| panic!("{uci} not legal in {fen}: {:?}", game.uci_list(&legal)));
    let undo = game.make(&mut pos, m);
    assert_eq!(game.fen(&pos), want, "{fen} after {uci}");
    let fresh = game
        .position(want)
        .unwrap_or_else(|e| panic!("{want}: {e:?}"));
    // The hash includes an en passant right that the FEN leaves out when no capture
    // is possible; compare it only when the FEN shows the whole state.
    let ep_written = want.split(' ').nth(3) != Some("-");
    if pos.en_passant().is_none() || ep_written {
        assert_eq!(
            pos.hash(),
            fresh.hash(),
            "{fen} after {uci}: incremental hash"
        );
    }
    assert_ne!(
        pos.hash(),
        start.hash(),
        "{fen} after {uci}: the hash moved"
    );
    game.unmake(&mut pos, undo);
    assert_eq!(pos, start, "{fen}: unmake {uci}");
    assert_eq!(pos.hash(), start.hash(), "{fen}: unmake {uci}, hash");
    assert_eq!(game.fen(&pos), fen, "{fen}: unmake {uci}, FEN");
}

#[test]
fn chess_castling_both_ways_and_both_sides() {
    let g = chess();
    // The king and rook jump; the mover loses both rights; the clock counts on.
    make_unmake(
        &g,
        "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1",
        "e1g1",
        "r3k2r/8/8/8/8/8/8/R4RK1 b kq - 1 1",
    );
    make_unmake(
        &g,
        "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1",
        "e1c1",
        "r3k2r/8/8/8/8/8/8/2KR3R b kq - 1 1",
    );
    // The second side's move ends the move pair: the move number goes up.
    make_unmake(
        &g,
        "r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 0 1",
        "e8g8",
        "r4rk1/8/8/8/8/8/8/R3K2R w KQ - 1 2",
    );
}

#[test]
fn chess_en_passant_taken_and_opened() {
    let g = chess();
    // e5 takes d5 en passant, landing on d6.
    make_unmake(
        &g,
        "rnbqkbnr/1pp1pppp/p7/3pP3/8/8/PPPP1PPP/RNBQKBNR w KQkq d6 0 3",
        "e5d6",
        "rnbqkbnr/1pp1pppp/p2P4/8/8/8/PPPP1PPP/RNBQKBNR b KQkq - 0 3",
    );
    // A double step past a pawn that may take it: e3 is written.
    make_unmake(
        &g,
        "rnbqkbnr/ppp1pppp/8/8/3p4/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        "e2e4",
        "rnbqkbnr/ppp1pppp/8/8/3pP3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1",
    );
    // A double step that no pawn may take: no en passant cell.
    make_unmake(
        &g,
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        "e2e4",
        "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1",
    );
}

#[test]
fn chess_promotion_quiet_and_capturing() {
    let g = chess();
    make_unmake(
        &g,
        "3r1N2/4P3/8/8/8/8/8/K6k w - - 0 1",
        "e7d8q",
        "3Q1N2/8/8/8/8/8/8/K6k b - - 0 1",
    );
    make_unmake(
        &g,
        "3r1N2/4P3/8/8/8/8/8/K6k w - - 0 1",
        "e7e8n",
        "3rNN2/8/8/8/8/8/8/K6k b - - 0 1",
    );
}

#[test]
fn chess_captures_reset_the_clock() {
    let g = chess();
    make_unmake(
        &g,
        "rnbqkbnr/ppp1pppp/8/3p4/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2",
        "e4d5",
        "rnbqkbnr/ppp1pppp/8/3P4/8/8/PPPP1PPP/RNBQKBNR b KQkq - 0 2",
    );
    make_unmake(
        &g,
        "4k3/8/8/3p4/8/4N3/8/4K3 w - - 5 10",
        "e3d5",
        "4k3/8/8/3N4/8/8/8/4K3 b - - 0 10",
    );
}

#[test]
fn shogi_drop_and_capture_into_the_hand() {
    let g = minishogi();
    // The pawn in hand is dropped on a2 (no pawn of its side on file a); a drop
    // restarts the halfmove clock, as in Fairy-Stockfish.
    make_unmake(
        &g,
        "rbsgk/4p/5/5/KGSBR[P] w - - 3 1",
        "P@a2",
        "rbsgk/4p/5/P4/KGSBR[] b - - 0 1",
    );
    // The rook takes the pawn on e4 (outside the camp: no promotion); it goes to the
    // first side's hand.
    make_unmake(
        &g,
        "rbsgk/4p/5/P4/KGSBR[] w - - 0 1",
        "e1e4",
        "rbsgk/4R/5/P4/KGSB1[P] b - - 0 1",
    );
}

#[test]
fn sokoban_push() {
    let g = sokoban();
    // The pusher on d3 pushes the box on c3 to b3; the side to move stays, the move
    // number counts the move.
    make_unmake(
        &g,
        "WWWWWWW/W5W/W1BPB1W/W2B2W/WWWWWWW w - - 0 1",
        "d3c3",
        "WWWWWWW/W5W/WBP1B1W/W2B2W/WWWWWWW w - - 1 2",
    );
}

/// Random playouts (a fixed xorshift sequence) of games with promotions, drops,
/// promoted marks and several royals: after every move the position made
/// incrementally (most moves by `move_piece`, one journal entry) equals the one read
/// afresh from its FEN — cells, marks, hands, hash, counts, royal sums — and unmaking
/// every move returns to the start exactly.
#[test]
fn playouts_keep_the_position_as_a_fresh_read_of_its_fen() {
    let games = [
        chess(),
        minishogi(),
        game(include_str!("../../../../rules/crazyhouse.rules")),
        game(include_str!("../../../../rules/xiangqi.rules")),
    ];
    let mut seed = 0x2545_f491_4f6c_dd1du64;
    for g in &games {
        for _ in 0..8 {
            let start = g.start_position().expect("a start position");
            let mut pos = start.clone();
            let mut undos = Vec::new();
            for _ in 0..80 {
                let legal = g.legal_moves(&pos);
                if legal.is_empty() {
                    break;
                }
                let m = legal[pick(&mut seed, legal.len())];
                undos.push(g.make(&mut pos, &m));
                let fen = g.fen(&pos);
                let fresh = g.position(&fen).expect("its own FEN reads");
                assert_eq!(pos.cells, fresh.cells, "{fen}: cells");
                let promoted = |p: &crate::GamePosition| -> Vec<u8> {
                    (0..p.cells.len()).map(|i| p.promoted(i)).collect()
                };
                assert_eq!(promoted(&pos), promoted(&fresh), "{fen}: promotion marks");
                assert_eq!(pos.hands, fresh.hands, "{fen}: hands");
                assert_eq!(pos.counts, fresh.counts, "{fen}: counts");
                assert_eq!(pos.royal_count, fresh.royal_count, "{fen}: royals");
                assert_eq!(pos.royal_sum, fresh.royal_sum, "{fen}: royal cells");
                if pos.en_passant().is_none() {
                    assert_eq!(pos.hash(), fresh.hash(), "{fen}: hash");
                }
            }
            while let Some(u) = undos.pop() {
                g.unmake(&mut pos, u);
            }
            assert_eq!(pos, start, "unmade to the start");
            assert_eq!(
                pos.marks, start.marks,
                "promotion marks and moved flags unmade"
            );
        }
    }
}

/// What a position made incrementally must share with the one read afresh from its
/// FEN: cells, promotion marks, hands, counts, royal counts and sums, the tracked
/// pieces, and (without en passant, which the FEN may drop) the hash.
/// A random index below `len` (xorshift64 on `seed`, advanced): the playouts' choice of
/// the next move.
pub(crate) fn pick(seed: &mut u64, len: usize) -> usize {
    *seed ^= *seed << 13;
    *seed ^= *seed >> 7;
    *seed ^= *seed << 17;
    (*seed % len as u64) as usize
}

pub(crate) fn assert_fresh(g: &Game, pos: &crate::GamePosition) {
    let fen = g.fen(pos);
    let fresh = g.position(&fen).expect("its own FEN reads");
    assert_eq!(pos.cells, fresh.cells, "{fen}: cells");
    let promoted = |p: &crate::GamePosition| -> Vec<u8> {
        (0..p.cells.len()).map(|i| p.promoted(i)).collect()
    };
    assert_eq!(promoted(pos), promoted(&fresh), "{fen}: promotion marks");
    assert_eq!(pos.hands, fresh.hands, "{fen}: hands");
    assert_eq!(pos.counts, fresh.counts, "{fen}: counts");
    assert_eq!(pos.royal_count, fresh.royal_count, "{fen}: royals");
    assert_eq!(pos.royal_sum, fresh.royal_sum, "{fen}: royal cells");
    for side in crate::ids::Side::BOTH {
        let sorted = |p: &crate::GamePosition| {
            let mut t = p.tracked(side).to_vec();
            t.sort_unstable();
            t
        };
        assert_eq!(sorted(pos), sorted(&fresh), "{fen}: tracked pieces");
    }
    if pos.en_passant().is_none() {
        assert_eq!(pos.hash(), fresh.hash(), "{fen}: hash");
    }
}
