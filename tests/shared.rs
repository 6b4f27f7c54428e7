//! Shared continuations against unrolled trees: every shipped rules file linked with
//! every eligible pattern shared (`Limits::shared_above = 0`) must give the same moves
//! as with every pattern unrolled (`usize::MAX`). The
//! walk applies the whole-path rules to shared nodes that the linker applies to trees,
//! so this compares the two implementations of those rules too.

mod common;

use common::Rng;
use piecewise::game::Game;
use piecewise::ids::{CellId, PieceId, Side};
use piecewise::pipeline::{self, Limits};
use piecewise::table::MASK_SHARED;
use piecewise::walk::Occupant;
use piecewise::Rules;

fn unrolled_limits() -> Limits {
    Limits {
        shared_above: usize::MAX,
        ..Limits::default()
    }
}

fn shared_limits() -> Limits {
    Limits {
        shared_above: 0,
        ..Limits::default()
    }
}

fn rules(name: &str, limits: &Limits) -> Rules {
    let src = common::rules_source(name);
    pipeline::compile_with(&src, Some(&common::rules_dir()), limits, |_| {})
        .unwrap_or_else(|d| panic!("{name}: {d:?}"))
        .rules
}

fn shared_nodes(r: &Rules) -> usize {
    r.table()
        .table()
        .nodes
        .iter()
        .filter(|n| n.mask & MASK_SHARED != 0)
        .count()
}

/// Every piece's moves on random boards, both linkings.
fn compare_movement(name: &str, must_share: bool) {
    let plain = rules(name, &unrolled_limits());
    let shared = rules(name, &shared_limits());
    assert_eq!(shared_nodes(&plain), 0, "{name}: nothing shared");
    if must_share {
        assert!(shared_nodes(&shared) > 0, "{name}: something is shared");
    }
    let cells = plain.board().cell_count();
    let kinds = plain.table().pieces().len();
    let mut rng = Rng(0xc0ff_ee00 ^ name.len() as u64);
    let mut walked = 0;
    for _ in 0..150 {
        let board: Vec<Occupant> = (0..cells)
            .map(|_| {
                if rng.below(100) < 30 {
                    let side = if rng.below(2) == 0 {
                        Side::First
                    } else {
                        Side::Second
                    };
                    Occupant::piece(side, PieceId(rng.below(kinds) as u8))
                } else {
                    Occupant::EMPTY
                }
            })
            .collect();
        for cell in 0..cells {
            let cell = CellId(cell as u16);
            if board[cell.index()].is_empty() {
                continue;
            }
            let texts = |r: &Rules| {
                let list = r.moves_from(&board, cell);
                let mut v: Vec<String> = list.iter().map(|m| r.move_text(&list, m)).collect();
                v.sort();
                v
            };
            assert_eq!(
                texts(&shared),
                texts(&plain),
                "{name}: the piece on {}",
                plain.cell_name(cell)
            );
            walked += 1;
        }
    }
    assert!(walked > 100, "{name}: {walked} pieces walked");
}

#[test]
fn every_shipped_file_moves_the_same_shared() {
    for entry in std::fs::read_dir(common::rules_dir()).expect("rules dir") {
        let path = entry.expect("entry").path();
        if path.extension().is_some_and(|e| e == "rules") {
            let name = path
                .file_stem()
                .expect("stem")
                .to_string_lossy()
                .to_string();
            let must_share =
                ["fairy", "repeaters", "xiangqi", "grasshopper"].contains(&name.as_str());
            compare_movement(&name, must_share);
        }
    }
}

/// Legal moves along random games, and perft from the start, both linkings.
fn compare_game(name: &str, depth: u32) {
    let src = common::rules_source(name);
    let base = common::rules_dir();
    let plain =
        Game::compile_limited(&src, Some(&base), None, &unrolled_limits()).expect("compiles");
    let shared =
        Game::compile_limited(&src, Some(&base), None, &shared_limits()).expect("compiles");
    let start = plain.start_position().expect("start");
    assert_eq!(
        shared.perft(&start, depth),
        plain.perft(&start, depth),
        "{name}: perft {depth}"
    );
    let mut rng = Rng(0xdead_beef ^ name.len() as u64);
    for _ in 0..8 {
        let mut a = plain.start_position().expect("start");
        let mut b = shared.start_position().expect("start");
        for _ in 0..40 {
            let moves = plain.legal_moves(&a);
            let mut ua: Vec<String> = moves.iter().map(|m| plain.uci(m)).collect();
            let mut ub = shared.legal_uci(&b);
            ua.sort();
            ub.sort();
            assert_eq!(ub, ua, "{name}: {}", plain.fen(&a));
            if moves.is_empty() {
                break;
            }
            let pick = rng.below(moves.len());
            let uci = plain.uci(&moves[pick]);
            plain.make(&mut a, &moves[pick]);
            let mb = shared
                .legal_moves(&b)
                .into_iter()
                .find(|m| shared.uci(m) == uci)
                .expect("the same move");
            shared.make(&mut b, &mb);
        }
    }
}

#[test]
fn xiangqi_plays_the_same_shared() {
    compare_game("xiangqi", 3);
}

#[test]
fn grasshopper_plays_the_same_shared() {
    compare_game("grasshopper", 3);
}
