//! Distance maps (`piecewise::game::distance`): exact distances in hand-made positions,
//! and incremental maps equal to maps computed from scratch after every move (and
//! every unmake) of seeded random playouts of every shipped rules file. The full run
//! the issue asks for (1,000 playouts per game; fewer on the two biggest boards) is the
//! ignored test `thousand_playouts_per_game`: `cargo test --release --test suite distance:: --
//! --ignored`.

use crate::common;

use common::shipped::shipped;
use common::Rng;
use piecewise::game::{DistanceMap, DistanceMaps, GamePosition};
use piecewise::ids::{CellId, Side};
use piecewise::Game;

fn cell(game: &Game, name: &str) -> CellId {
    game.board()
        .parse_cell(name)
        .unwrap_or_else(|| panic!("no cell {name}"))
}

/// The map of the piece on `from`, from scratch.
fn map_of(game: &Game, fen: &str, from: &str) -> DistanceMap {
    let pos = game.position(fen).unwrap();
    DistanceMap::compute(game, &pos, cell(game, from)).expect("a piece stands there")
}

/// `(cell, distance)` pairs checked against `map`.
fn expect(game: &Game, map: &DistanceMap, cases: &[(&str, Option<u16>)]) {
    for &(name, d) in cases {
        assert_eq!(map.get(cell(game, name)), d, "distance to {name}");
    }
}

#[test]
fn rook_blocked_by_a_friend_goes_around() {
    let game = common::game("chess");
    // White: rook a1, pawn a4, king e1. The pawn and the king block, never move.
    let map = map_of(&game, "4k3/8/8/8/P7/8/8/R3K3 w - - 0 1", "a1");
    expect(
        &game,
        &map,
        &[
            ("a1", Some(0)),
            ("a3", Some(1)),
            ("d1", Some(1)),
            ("a4", None),    // a friend: never landed on
            ("e1", None),    // the king
            ("a5", Some(3)), // b1, b5, a5: the file is shut at a4
            ("b8", Some(2)), // b1, b8
            ("h1", Some(3)), // a3, h3, h1: the king shuts the first rank
        ],
    );
    // e8 holds a foe: d1 (1), d8 (2), e8 (3); no two-move route avoids a4 and e1.
    assert_eq!(map.get(cell(&game, "e8")), Some(3));
    assert_eq!(map.count_at(1), 5, "a2 a3 b1 c1 d1");
}

#[test]
fn knight_from_the_corner() {
    let game = common::game("chess");
    let map = map_of(&game, "8/8/8/8/8/8/8/N7 w - - 0 1", "a1");
    expect(
        &game,
        &map,
        &[
            ("a1", Some(0)),
            ("b3", Some(1)),
            ("c2", Some(1)),
            ("d4", Some(2)),
            ("a2", Some(3)),
            ("b1", Some(3)),
            ("b2", Some(4)), // the diagonal neighbour of the corner
            ("c3", Some(4)),
            ("g7", Some(4)),
            ("h8", Some(6)), // the far corner
        ],
    );
    assert_eq!(map.reachable(), 64);
    assert_eq!(map.farthest(), 6);
    assert_eq!(map.count_at(1), 2);
}

#[test]
fn a_captured_foe_stays_in_the_way() {
    let game = common::game("chess");
    // White rook a1, black knight a4: capturing it takes one move, and the rook
    // cannot pass it in the same move: a8 is two moves (a4, then a8).
    let map = map_of(&game, "4k3/8/8/8/n7/8/8/R3K3 w - - 0 1", "a1");
    expect(
        &game,
        &map,
        &[
            ("a4", Some(1)),
            ("a5", Some(2)),
            ("a8", Some(2)),
            ("e8", Some(3)), // the black king, a foe: a8 (two), then e8
            ("f8", Some(3)), // a2, f2, f8
        ],
    );
}

#[test]
fn pawns_move_only_and_capture_only() {
    let game = common::game("chess");
    // A white pawn e2 (unmoved), a black knight on d3, nothing on f3.
    let map = map_of(&game, "4k3/8/8/8/8/3n4/4P3/4K3 w - - 0 1", "e2");
    expect(
        &game,
        &map,
        &[
            ("e3", Some(1)),
            ("e4", Some(1)), // the double step from its start
            ("d3", Some(1)), // a capture
            ("f3", None),    // capture-only, and no foe stands there
            ("d4", Some(2)), // on from d3
            ("e5", Some(2)), // one step after the double step; no second double step
            ("e6", Some(3)),
            ("e7", Some(4)),
            ("e1", None), // never backwards
            // The black king on e8 is taken diagonally from d7 (d3, d4, d5, d6, d7).
            ("e8", Some(6)),
            // No promotion is followed: the pawn stays a pawn on the last rank.
            ("d8", Some(6)),
        ],
    );
}

#[test]
fn a_cannon_needs_a_screen() {
    let game = common::game("xiangqi");
    // Red cannon b3, a black soldier on b7 and a red one on b5 (the screen for b7).
    let fen = "4k4/9/9/1p7/9/1P7/9/1C7/9/4K4 w - - 0 1";
    let map = map_of(&game, fen, "b3");
    expect(
        &game,
        &map,
        &[
            ("b4", Some(1)),
            ("b5", None),    // a friend
            ("b7", Some(1)), // captured over the screen on b5
            ("b6", Some(2)), // quiet moves stop at the screen: go round
            ("b8", Some(2)), // from b7, a quiet step on
        ],
    );
}

#[test]
fn hexagonal_board_rook() {
    let game = common::game("glinski");
    let pos = game.empty_position().unwrap();
    let rook = game.rules().piece("R").unwrap();
    let f6 = cell(&game, "f6");
    let pos = game
        .with_piece(&pos, f6, Some((Side::First, rook)))
        .unwrap();
    let map = DistanceMap::compute(&game, &pos, f6).unwrap();
    // Six rays from the middle of 91 cells; everything else in two moves.
    assert_eq!(map.count_at(1), 30);
    assert_eq!(map.count_at(2), 60);
    assert_eq!(map.reachable(), 91);
}

/// The maps of every piece, from scratch, by cell.
fn scratch(game: &Game, pos: &GamePosition) -> Vec<Option<DistanceMap>> {
    game.board()
        .cells()
        .map(|c| DistanceMap::compute(game, pos, c))
        .collect()
}

fn current(game: &Game, maps: &DistanceMaps<'_>) -> Vec<Option<DistanceMap>> {
    game.board().cells().map(|c| maps.map(c).cloned()).collect()
}

/// The first difference between two sets of maps, as text.
fn differ(
    game: &Game,
    got: &[Option<DistanceMap>],
    want: &[Option<DistanceMap>],
) -> Option<String> {
    for (i, (g, w)) in got.iter().zip(want).enumerate() {
        if g != w {
            let name = game.board().cell_name(CellId(i as u16));
            let first = match (g, w) {
                (Some(g), Some(w)) => game
                    .board()
                    .cells()
                    .find(|&c| g.get(c) != w.get(c))
                    .map(|c| {
                        format!(
                            " first at {}: {:?} instead of {:?}",
                            game.board().cell_name(c),
                            g.get(c),
                            w.get(c)
                        )
                    })
                    .unwrap_or_default(),
                _ => String::new(),
            };
            return Some(format!("map of {name}:{first} (got {g:?})"));
        }
    }
    None
}

/// `playouts` random games of up to `plies` moves from `start`: after every make the
/// maps equal maps from scratch; after every unmake, the maps from before the move.
/// Returns the walks of the updates, of as many recomputations, and the moves made.
fn playouts(
    name: &str,
    game: &Game,
    start: &GamePosition,
    playouts: usize,
    plies: usize,
    rng: &mut Rng,
) -> (u64, u64, u64) {
    let mut pos = start.clone();
    let mut maps = DistanceMaps::new(game, &pos);
    assert_eq!(
        differ(game, &current(game, &maps), &scratch(game, &pos)),
        None
    );
    let (mut incremental, mut full, mut made) = (0, 0, 0);
    for n in 0..playouts {
        let mut history = Vec::new();
        for ply in 0..plies {
            let moves = game.legal_moves(&pos);
            if moves.is_empty() {
                break;
            }
            let m = moves[rng.below(moves.len())];
            let before = current(game, &maps);
            maps.reset_stats();
            let undo = maps.make(&mut pos, &m);
            made += 1;
            incremental += maps.stats().walks;
            // Every map built afresh, with no cached walk.
            let fresh = DistanceMaps::new(game, &pos);
            full += fresh.stats().walks;
            if let Some(d) = differ(game, &current(game, &maps), &current(game, &fresh)) {
                panic!(
                    "{name}, playout {n}, ply {ply}, after {} in {}: {d}",
                    game.uci(&m),
                    game.fen(&pos)
                );
            }
            history.push((undo, before, m));
        }
        while let Some((undo, before, m)) = history.pop() {
            maps.unmake(&mut pos, undo);
            if let Some(d) = differ(game, &current(game, &maps), &before) {
                panic!("{name}, playout {n}, unmaking {}: {d}", game.uci(&m));
            }
        }
        assert_eq!(&pos, start);
    }
    // A game whose playouts make no move checks nothing.
    assert!(made > 0, "{name}: no move was made in {playouts} playouts");
    (incremental, full, made)
}

#[test]
fn incremental_maps_equal_recomputed_ones_in_random_playouts() {
    let mut rng = Rng(0xd157_a9ce);
    for (name, game, pos) in shipped(&mut rng) {
        // Croatian One's Monolith walks a tree of ~100,000 nodes from every cell.
        let (runs, plies) = if game.cell_count() > 200 {
            (1, 4)
        } else {
            (2, 30)
        };
        let (incremental, full, _) = playouts(&name, &game, &pos, runs, plies, &mut rng);
        assert!(
            incremental <= full,
            "{name}: {incremental} walks updating, {full} recomputing"
        );
    }
}

/// The full check: 1,000 random playouts per shipped game, of up to 40 moves
/// from a start position or a Sokoban level, or of up to 20 moves from random pieces
/// (the movement-only files). Two games are given fewer, because the reference (every
/// map computed from scratch after every move) costs too much there: on 24×24
/// (croatian-tlalocan, about 90 ms a recomputation) 100 playouts, and on 26×26
/// (croatian-one, whose Monoliths walk a tree of about 100,000 nodes from every cell:
/// about 3.5 s a recomputation) 10 playouts of up to 10 moves. The games run on two
/// threads, each with its own seeded generator. `DISTANCE_GAMES=chess,xiangqi` runs only the games named;
/// `DISTANCE_PLAYOUTS=N` plays N playouts per game instead of 1,000.
#[test]
#[ignore = "minutes: run with --release -- --ignored"]
fn thousand_playouts_per_game() {
    let mut rng = Rng(0x1000_d157);
    let only = std::env::var("DISTANCE_GAMES").ok();
    let games: Vec<_> = shipped(&mut rng)
        .into_iter()
        .filter(|(name, ..)| {
            only.as_deref()
                .is_none_or(|list| list.split(',').any(|g| g == name))
        })
        .collect();
    assert!(!games.is_empty(), "no game named in DISTANCE_GAMES");
    let runs: usize = std::env::var("DISTANCE_PLAYOUTS")
        .map(|n| n.parse().expect("DISTANCE_PLAYOUTS is a number"))
        .unwrap_or(1000);
    let next = std::sync::atomic::AtomicUsize::new(0);
    std::thread::scope(|scope| {
        for _ in 0..2 {
            scope.spawn(|| loop {
                let i = next.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
                let Some((name, game, pos)) = games.get(i) else {
                    break;
                };
                let played = game.start_position().is_some() || game.sokoban().is_some();
                let plies = if played { 40 } else { 20 };
                let (runs, plies) = match game.cell_count() {
                    0..=400 => (runs, plies),
                    401..=600 => (runs.div_ceil(10), plies),
                    _ => (runs.div_ceil(100), plies.min(10)),
                };
                let seed = name.bytes().fold(0x1000_d157u64, |h, b| {
                    (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3)
                });
                let t = std::time::Instant::now();
                let (incremental, full, made) =
                    playouts(name, game, pos, runs, plies, &mut Rng(seed));
                eprintln!(
                    "{name}: {runs} playouts, {made} moves, {incremental} walks updating, \
                     {full} recomputing, {:.1} s",
                    t.elapsed().as_secs_f64()
                );
            });
        }
    });
}

/// The measure of the incremental update: table walks, against a recomputation of every
/// map, on moves from Kiwipete (a middlegame with every kind of chess move).
#[test]
fn an_update_walks_far_less_than_a_recomputation() {
    let game = common::game("chess");
    let kiwipete = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";
    let mut pos = game.position(kiwipete).unwrap();
    let mut maps = DistanceMaps::new(&game, &pos);
    let (mut incremental, mut full) = (0, 0);
    for text in ["a2a3", "b4c3", "d2c3", "e6d5", "e1c1", "e8g8", "g2h3"] {
        let m = game.parse_uci(&pos, text).unwrap();
        maps.reset_stats();
        maps.make(&mut pos, &m);
        incremental += maps.stats().walks;
        full += DistanceMaps::new(&game, &pos).stats().walks;
    }
    eprintln!("{incremental} walks updating, {full} recomputing");
    assert!(
        incremental * 3 < full,
        "{incremental} walks updating, {full} recomputing"
    );
}

#[test]
fn summaries_and_queries() {
    let game = common::game("chess");
    let pos = game.start_position().unwrap();
    let maps = DistanceMaps::new(&game, &pos);
    let white = maps.summary(Side::First, 1);
    // 16 pawn moves and 4 knight moves; castling is not a walk.
    assert_eq!(white.pieces, 16);
    assert_eq!(white.mobility, 20);
    assert_eq!(white.coverage, 20);
    // The knights' a3, c3, f3, h3 are pawn cells too.
    assert_eq!(white.reach, 16);
    let black = maps.summary(Side::Second, 2);
    assert_eq!(black.mobility, 20);
    assert!(black.reach > white.reach);
    // The nearest white piece to e5 is two moves away (e2e4, e4e5; or a knight).
    assert_eq!(maps.nearest(Side::First, cell(&game, "e5")), Some(2));
    assert_eq!(maps.nearest(Side::First, cell(&game, "e1")), Some(0));
    let within: Vec<String> = maps
        .map(cell(&game, "g1"))
        .unwrap()
        .within(1)
        .map(|c| game.board().cell_name(c))
        .collect();
    assert_eq!(within, ["g1", "f3", "h3"]);
    assert_eq!(maps.maps().count(), 32);
    assert_eq!(maps.distance(cell(&game, "e4"), cell(&game, "e5")), None);
}

/// Moves played with `Game::make` (not through the maps), then one `update`: the maps
/// catch up with every change at once, promotions and captures included.
#[test]
fn update_catches_up_with_moves_played_elsewhere() {
    let game = common::game("chess");
    // White to play b7xa8=Q and then more; black's rook and knight are taken.
    let mut pos = game.position("r3k3/1P6/8/8/8/8/8/4K2R w K - 0 1").unwrap();
    let mut maps = DistanceMaps::new(&game, &pos);
    for text in ["b7a8q", "e8e7", "e1g1", "e7d6"] {
        let m = game.parse_uci(&pos, text).unwrap();
        game.make(&mut pos, &m);
    }
    maps.update(&pos);
    assert_eq!(
        differ(&game, &current(&game, &maps), &scratch(&game, &pos)),
        None
    );
    // The new queen on a8 has a map; the pawn's cell b7 has none.
    let a8 = maps.map(cell(&game, "a8")).unwrap();
    assert_eq!(game.rules().piece_name(a8.piece()), "Queen");
    assert!(maps.map(cell(&game, "b7")).is_none());
    assert_eq!(maps.distance(cell(&game, "a8"), cell(&game, "h1")), Some(1));
    assert_eq!(maps.distance(cell(&game, "f1"), cell(&game, "f8")), Some(1));
}
