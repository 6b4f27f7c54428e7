//! The bitboard attack kernel and the checkers-and-pins test against the reverse
//! walks and the full legality test: for every shipped game that has a kernel, on
//! random boards (attacks on every cell) and along random playouts and random
//! positions (every pseudo-legal move's verdict, the legal lists and counts); the
//! reaches against the rays they stand for.

use crate::attack::{attacked_in, AttackScratch};
use crate::ids::{CellId, PieceId, Side};
use crate::kernel::bits::{occupancy, Bits};
use crate::kernel::exposure::Exposure;
use crate::kernel::reach::Reach;
use crate::kernel::tests::{random_board, shipped_games, Rng};
use crate::kernel::Bitboards;
use crate::kernel::{run, run_hurdles, with_bits};
use crate::legality::quick::Quick;
use crate::legality::safety::Safety;
use crate::walk::Occupant;
use crate::{Game, GameMove, GamePosition, MoveGenerator};

/// Whether a royal of `by` faces cell `t` along its file (nothing between).
fn faces(game: &Game, cells: &[Occupant], t: usize, by: Side) -> bool {
    game.no_facing
        && game.file_rays[t].iter().any(|ray| {
            ray.iter()
                .map(|c| cells[c.index()])
                .find(|o| !o.is_empty())
                .is_some_and(|o| o.side() == by && game.royal[o.kind().index()])
        })
}

/// The kernel's answer on every cell against the reverse walk (and the facing rule).
fn attacks_agree<B: Bits>(
    name: &str,
    game: &Game,
    k: &Exposure<B>,
    pos: &mut GamePosition,
) -> usize {
    // Pieces answered forward are not in the kernel: the board is asked without them.
    let forward = game.reverse.forward_only();
    if pos
        .cells
        .iter()
        .any(|o| !o.is_empty() && forward[o.kind().index()])
    {
        let mut clean = pos.clone();
        for o in clean.cells.iter_mut() {
            if !o.is_empty() && forward[o.kind().index()] {
                *o = Occupant::EMPTY;
            }
        }
        return match game.position(&game.fen(&clean)) {
            Ok(mut clean) => attacks_agree(name, game, k, &mut clean),
            Err(_) => 0,
        };
    }
    let royals: Vec<PieceId> = (0..game.pieces)
        .filter(|&p| game.royal[p])
        .map(|p| PieceId(p as u8))
        .collect();
    let mut scratch = AttackScratch::new();
    let mut asked = 0;
    for t in 0..game.cells {
        for by in Side::BOTH {
            let victim = royals[t % royals.len()];
            let saved = pos.cells[t];
            pos.cells[t] = Occupant::piece(by.opponent(), victim);
            let (mut occ, mut theirs) = (B::ZERO, B::ZERO);
            for (i, o) in pos.cells.iter().enumerate() {
                if !o.is_empty() {
                    occ |= B::bit(i);
                    if o.side() == by {
                        theirs |= B::bit(i);
                    }
                }
            }
            let fast = k.attacked(by, t, occ, theirs, &pos.cells);
            let slow = attacked_in(game, pos, CellId(t as u16), by, victim, &mut scratch)
                || faces(game, &pos.cells, t, by);
            assert_eq!(
                fast, slow,
                "{name}: cell {t} by {by:?}, board {:?}",
                pos.cells
            );
            pos.cells[t] = saved;
            asked += 1;
        }
    }
    asked
}

/// Every pseudo-legal move's verdict against the full test, and the legal list and
/// count against the ones the reverse walks give.
fn verdicts_agree<B: Bits>(
    name: &str,
    game: &Game,
    bb: &Bitboards<B>,
    pos: &mut GamePosition,
) -> usize {
    let k = &bb.exposure;
    let mut gen = MoveGenerator::new(game);
    let mut pseudo = Vec::new();
    gen.pseudo_moves(pos, &mut pseudo);
    let mut slow: Vec<GameMove> = pseudo
        .iter()
        .copied()
        .filter(|m| gen.is_legal(pos, m))
        .collect();
    // `dropped first`: a drop's siblings decide whether a board move is legal.
    if game.drop_phase.as_ref().is_some_and(|ph| ph.first) {
        crate::movegen::placement::keep_first_drops(game, pos, &mut slow);
    }
    let mut judged = 0;
    // One royal, or none (a side like Horde's pawns: every move's end allowed; where
    // losing the royal has ended the game, or a blast game's side has lost it, the
    // kernel is not asked: nor is it in the counts and lists).
    let bare = pos.royal_count[pos.side.index()] == 0;
    let asked = !bare || !(game.ended_at_once(pos) || game.blast_counts);
    if let Some(royal) = Safety::<B>::royal_of(pos).filter(|_| asked) {
        let s = Safety::compute(k, pos, royal);
        // A forward piece that takes the royal leaves the node to the other paths.
        let marked = gen.mark_forward(bb, pos, s.occ);
        for m in pseudo.iter().filter(|_| marked) {
            let v = gen.kernel_verdict(bb, &s, pos, m);
            if game.blast_counts {
                // A blast game's kernel counts only the moves it allows that capture
                // nothing, by a non-royal piece: those must be legal (the others
                // are tested in full, and may be legal where it finds them not).
                if v == Quick::Legal && !m.is_capture() && !game.royal[m.piece.index()] {
                    judged += 1;
                    assert!(gen.is_legal(pos, m), "{name}: {m:?} in {}", game.fen(pos));
                }
                continue;
            }
            if v != Quick::Unknown {
                judged += 1;
                let legal = gen.is_legal(pos, m);
                assert_eq!(
                    v == Quick::Legal,
                    legal,
                    "{name}: {m:?} in {}",
                    game.fen(pos)
                );
            }
        }
    }
    // (A position an end rule has ended has no legal move at all.)
    if game.must_capture.is_none() && !game.ended_at_once(pos) {
        let mut fast = Vec::new();
        gen.legal_moves(pos, &mut fast);
        assert_eq!(fast, slow, "{name}: legal moves of {}", game.fen(pos));
        assert_eq!(
            gen.count_legal(pos),
            slow.len() as u64,
            "{name}: count of {}",
            game.fen(pos)
        );
    }
    judged
}

/// A random position of `game` with one royal per side (when it has royals; one
/// position in six leaves a side without, as Horde's pawns are), read back from its
/// FEN; `None` if the FEN reader refuses it.
pub(super) fn random_position(game: &Game, rng: &mut Rng, fill: usize) -> Option<GamePosition> {
    let mut pos = game.empty_position().ok()?;
    let mut cells = random_board(rng, game.cells, game.pieces, fill);
    for o in cells.iter_mut() {
        if !o.is_empty() && game.royal[o.kind().index()] {
            *o = Occupant::EMPTY;
        }
    }
    let royals: Vec<usize> = (0..game.pieces).filter(|&p| game.royal[p]).collect();
    let bare = match rng.below(12) {
        0 => Some(Side::First),
        1 => Some(Side::Second),
        _ => None,
    };
    for side in Side::BOTH {
        if bare == Some(side) {
            continue;
        }
        let c = rng.below(game.cells);
        let kind = PieceId(royals[rng.below(royals.len())] as u8);
        cells[c] = Occupant::piece(side, kind);
    }
    pos.cells = cells;
    if rng.below(2) == 1 {
        pos.side = Side::Second;
    }
    game.position(&game.fen(&pos)).ok()
}

fn check_game<B: Bits>(
    name: &str,
    game: &Game,
    bb: &Bitboards<B>,
    rng: &mut Rng,
) -> (usize, usize) {
    let k = &bb.exposure;
    assert_eq!(k.cells(), game.cells);
    let (mut asked, mut judged) = (0, 0);
    for b in 0..40 {
        if let Some(mut pos) = random_position(game, rng, [10, 30, 60][b % 3]) {
            asked += attacks_agree(name, game, k, &mut pos);
            judged += verdicts_agree(name, game, bb, &mut pos);
        }
    }
    let Some(start) = game.start_position() else {
        return (asked, judged);
    };
    let mut gen = MoveGenerator::new(game);
    for _ in 0..10 {
        let mut pos = start.clone();
        for _ in 0..60 {
            judged += verdicts_agree(name, game, bb, &mut pos);
            let mut moves = Vec::new();
            gen.legal_moves(&mut pos, &mut moves);
            if moves.is_empty() {
                break;
            }
            let m = moves[rng.below(moves.len())];
            game.make(&mut pos, &m);
        }
        asked += attacks_agree(name, game, k, &mut pos);
    }
    (asked, judged)
}

#[test]
fn the_kernel_agrees_with_the_reverse_walks_and_the_full_test() {
    let mut rng = Rng(0x2545_f491_4f6c_dd1d);
    let mut with_kernel = Vec::new();
    for (name, game) in shipped_games() {
        let (asked, judged) = with_bits!(
            &game.bits, k => check_game(&name, &game, k, &mut rng),
            None => continue
        );
        assert!(asked > 0 && judged > 0, "{name}: nothing compared");
        with_kernel.push(name);
    }
    for game in [
        "chess",
        "xiangqi",
        "shogi",
        "capablanca",
        "grand",
        "crazyhouse",
        "chess26",
        "hook26",
    ] {
        assert!(
            with_kernel
                .iter()
                .any(|n| n.ends_with(&format!("/{game}.rules"))),
            "{game} has no kernel: {with_kernel:?}"
        );
    }
}

/// Every node of the tree `depth` plies below `pos`: the verdicts and lists agree.
fn tree<B: Bits>(game: &Game, k: &Bitboards<B>, pos: &mut GamePosition, depth: u32) {
    verdicts_agree("tree", game, k, pos);
    if depth == 0 {
        return;
    }
    let mut gen = MoveGenerator::new(game);
    let mut moves = Vec::new();
    gen.legal_moves(pos, &mut moves);
    for m in moves {
        let u = game.make(pos, &m);
        tree(game, k, pos, depth - 1);
        game.unmake(pos, u);
    }
}

fn whole_tree(source: &str, fen: Option<&str>, depth: u32) {
    let game = Game::compile(source).expect("compiles");
    let mut pos = match fen {
        Some(f) => game.position(f).expect("fen"),
        None => game.start_position().expect("start"),
    };
    with_bits!(&game.bits, k => tree(&game, k, &mut pos, depth), None => panic!("no kernel"))
}

#[test]
fn every_node_of_shallow_xiangqi_and_kiwipete_trees_agrees() {
    whole_tree(include_str!("../../../../rules/xiangqi.rules"), None, 3);
    let kiwipete = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";
    whole_tree(
        include_str!("../../../../rules/chess.rules"),
        Some(kiwipete),
        2,
    );
}

#[test]
fn a_screen_that_takes_the_other_screen_leaves_the_cannon_one() {
    // Black's pawn e6 and White's pawn e5 are the two screens between White's
    // cannon e3 and Black's general e10: the pawn may not take on e5.
    let game = Game::compile(include_str!("../../../../rules/xiangqi.rules")).expect("xiangqi");
    let fen = "rnbakabnr/9/1c5c1/p1p3p1p/4p4/4P4/P1P3P1P/4C2C1/9/RNBAKABNR b - - 3 2";
    let mut pos = game.position(fen).expect("fen");
    let (e6, e5) = (
        game.rules().cell("e6").unwrap(),
        game.rules().cell("e5").unwrap(),
    );
    let mut moves = Vec::new();
    MoveGenerator::new(&game).legal_moves(&mut pos, &mut moves);
    assert!(!moves.iter().any(|m| m.from == e6 && m.to == e5));
    assert!(!moves.is_empty());
}

/// Every reach against its rays (or hurdle lines) on random boards: the same
/// destinations, each once.
fn reaches_agree<B: Bits>(name: &str, game: &Game, reach: &Reach<B>, rng: &mut Rng) -> usize {
    let mut covered = 0;
    for b in 0..12 {
        let board = random_board(rng, game.cells, game.pieces, [10, 30, 60][b % 3]);
        let (occ, second) = occupancy::<B>(&board);
        for side in Side::BOTH {
            let foes = if side == Side::First {
                second
            } else {
                occ & !second
            };
            for p in 0..game.pieces {
                let piece = PieceId(p as u8);
                for c in 0..game.cells {
                    let unmoved = rng.below(2) == 0;
                    let at = (side, piece, c);
                    let Some(fast) = reach.of(at, occ & !B::bit(c), foes, || unmoved) else {
                        continue;
                    };
                    covered += 1;
                    let from = CellId(c as u16);
                    let mut cells = board.clone();
                    cells[c] = Occupant::EMPTY;
                    let mut slow = Vec::new();
                    match game.kernels.rays(side, piece, from) {
                        Some(rays) => run(rays, &cells, side, unmoved, |to, _, _| {
                            slow.push(to as usize)
                        }),
                        None => {
                            let lines = game.kernels.hurdles(side, piece, from);
                            run_hurdles(
                                lines.expect("rays or hurdle lines"),
                                &cells,
                                side,
                                |to, _| slow.push(to as usize),
                            )
                        }
                    }
                    let mut sorted = slow.clone();
                    sorted.sort_unstable();
                    sorted.dedup();
                    assert_eq!(sorted.len(), slow.len(), "{name}: a cell twice");
                    assert_eq!(fast.count(), slow.len(), "{name}: piece {p} on {c}");
                    assert!(
                        slow.iter().all(|&t| fast.has(t)),
                        "{name}: piece {p} on {c}"
                    );
                }
            }
        }
    }
    covered
}

#[test]
fn reaches_are_the_rays_destinations_on_random_boards() {
    let mut rng = Rng(0x6a09_e667_f3bc_c908);
    let mut games = 0;
    for (name, game) in shipped_games() {
        let covered = with_bits!(
            &game.bits, k => reaches_agree(&name, &game, &k.reach, &mut rng),
            None => continue
        );
        games += usize::from(covered > 0);
    }
    assert!(games >= 6, "only {games} games have reaches");
}
