//! The rays and hurdle lines against the interpreter: for every shipped game, on random
//! boards, every (side, piece, cell) whose tree the table compiled into rays (or hurdle
//! lines) reports exactly the moves the walk reports, in the same order. Also the
//! helpers the tests of other layers share (`shipped_games`, `random_board`, `Rng`);
//! the kernel against legality and perft is in `layer_tests`.

use super::{ray_move, run, run_hurdles};
use crate::ids::{CellId, PieceId, Side};
use crate::walk::{Occupancy, Occupant, Ply, Sink, Walker};
use crate::{Game, GameMove, MoveKind, MAX_EP_CELLS};

/// A small xorshift generator (the tests need no crate for this).
pub(crate) struct Rng(pub(crate) u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }

    pub(crate) fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
}

/// Every shipped game (`rules/`) and the big-board games of `tests/data/wide/`
/// (26×26, for the kernels of boards over 128 cells), with their paths.
pub(crate) fn shipped_games() -> Vec<(String, Game)> {
    let root = std::path::Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/../.."));
    let mut out = Vec::new();
    for dir in [root.join("rules"), root.join("tests/data/wide")] {
        let mut files: Vec<_> = std::fs::read_dir(&dir)
            .expect("rules directory")
            .filter_map(|e| e.ok().map(|e| e.path()))
            .filter(|p| p.extension().is_some_and(|x| x == "rules"))
            .collect();
        files.sort();
        for path in files {
            let text = std::fs::read_to_string(&path).expect("readable");
            let game = Game::compile_at(&text, Some(&dir)).expect("test games compile");
            out.push((path.display().to_string(), game));
        }
    }
    out
}

/// A random board: each cell empty or a random piece of either side, filled with
/// probability `fill` percent.
pub(crate) fn random_board(
    rng: &mut Rng,
    cells: usize,
    pieces: usize,
    fill: usize,
) -> Vec<Occupant> {
    (0..cells)
        .map(|_| {
            if rng.below(100) >= fill {
                return Occupant::EMPTY;
            }
            let side = if rng.below(2) == 0 {
                Side::First
            } else {
                Side::Second
            };
            Occupant::piece(side, PieceId(rng.below(pieces) as u8))
        })
        .collect()
}

/// The plies of a walk as the moves a ray or hurdle line writes: start, destination,
/// capture, the cells opened to en passant (no pattern that rays stand for does
/// more).
struct Plies<'a>(&'a mut Vec<GameMove>);

impl Sink for Plies<'_> {
    fn ply(&mut self, ply: &Ply<'_>) {
        let mut m = GameMove::simple(MoveKind::Normal, ply.piece, ply.from, ply.to);
        m.captures_to = ply.captures_to;
        if ply.is_en_passant() {
            for c in ply.cells().take(ply.len().saturating_sub(1)) {
                if (m.n_ep as usize) < MAX_EP_CELLS {
                    m.ep[m.n_ep as usize] = c.0;
                    m.n_ep += 1;
                }
            }
        }
        self.0.push(m);
    }
}

/// A random board with random moved flags, as the walk sees it.
struct Board<'a> {
    cells: &'a [Occupant],
    moved: &'a [bool],
}

impl Occupancy for Board<'_> {
    fn occupant(&self, cell: CellId) -> Occupant {
        self.cells[cell.index()]
    }

    fn unmoved(&self, cell: CellId) -> bool {
        !self.moved[cell.index()]
    }
}

#[test]
fn rays_report_what_the_walk_reports_on_random_boards() {
    let mut rng = Rng(0x9e37_79b9_7f4a_7c15);
    let mut covered_games = 0;
    for (name, game) in shipped_games() {
        let table = game.rules.table();
        let cells = game.cells;
        // Huge boards: fewer boards and cells (the test runs in every `cargo test`).
        let (boards, stride) = if cells > 200 { (2, 7) } else { (12, 1) };
        let mut walker = Walker::new(table);
        let mut covered = 0usize;
        for b in 0..boards {
            let board = random_board(&mut rng, cells, game.pieces, [10, 30, 60][b % 3]);
            let moved: Vec<bool> = (0..cells).map(|_| rng.below(2) == 0).collect();
            for side in Side::BOTH {
                for p in 0..game.pieces {
                    let piece = PieceId(p as u8);
                    for c in (0..cells).step_by(stride) {
                        let from = CellId(c as u16);
                        let Some(rays) = game.kernels.rays(side, piece, from) else {
                            continue;
                        };
                        covered += 1;
                        let mut fast: Vec<GameMove> = Vec::new();
                        let unmoved = !moved[c];
                        run(rays, &board, side, unmoved, |to, cap, ep| {
                            fast.push(ray_move(piece, from, to, cap, ep))
                        });
                        let mut walked = Vec::new();
                        let mut sink = Plies(&mut walked);
                        let view = Board {
                            cells: &board,
                            moved: &moved,
                        };
                        walker.walk(&view, side, piece, from, &mut sink);
                        assert_eq!(
                            fast, walked,
                            "{name}: {side:?} piece {p} on cell {c}, board {board:?}"
                        );
                    }
                }
            }
        }
        if covered > 0 {
            covered_games += 1;
        }
    }
    assert!(covered_games >= 20, "only {covered_games} games have rays");
}

#[test]
fn hurdle_lines_report_what_the_walk_reports_on_random_boards() {
    let mut rng = Rng(0x3c6e_f372_fe94_f82b);
    let mut covered = 0usize;
    for (name, game) in shipped_games() {
        let cells = game.cells;
        let (boards, stride) = if cells > 200 { (2, 7) } else { (12, 1) };
        let mut walker = Walker::new(game.rules.table());
        for b in 0..boards {
            // Sparse boards too, so that lines run long and meet one piece or none.
            let fill = [5, 15, 30, 60][b % 4];
            let board = random_board(&mut rng, cells, game.pieces, fill);
            let moved = vec![true; cells];
            for side in Side::BOTH {
                for p in 0..game.pieces {
                    let piece = PieceId(p as u8);
                    for c in (0..cells).step_by(stride) {
                        let from = CellId(c as u16);
                        let Some(lines) = game.kernels.hurdles(side, piece, from) else {
                            continue;
                        };
                        assert!(game.kernels.rays(side, piece, from).is_none());
                        covered += 1;
                        let mut cells_seen = board.clone();
                        // The walk counts the start cell as empty; no line enters it.
                        cells_seen[c] = Occupant::piece(side, piece);
                        let mut fast: Vec<GameMove> = Vec::new();
                        run_hurdles(lines, &cells_seen, side, |to, cap| {
                            fast.push(ray_move(piece, from, CellId(to).0, cap, &[]))
                        });
                        let mut walked = Vec::new();
                        let mut sink = Plies(&mut walked);
                        let view = Board {
                            cells: &cells_seen,
                            moved: &moved,
                        };
                        walker.walk(&view, side, piece, from, &mut sink);
                        assert_eq!(fast, walked, "{name}: {side:?} piece {p} on cell {c}");
                    }
                }
            }
        }
    }
    // Xiangqi's cannons on 90 cells, both sides, at least.
    assert!(
        covered >= 2 * 90 * 12,
        "only {covered} hurdle trees checked"
    );
}

#[test]
fn every_chess_piece_is_rays() {
    let game = Game::compile(include_str!("../../../../rules/chess.rules")).expect("chess");
    let t = game.rules.table();
    for side in Side::BOTH {
        for p in 0..game.pieces {
            let piece = PieceId(p as u8);
            let letter = t.pieces()[p].letter;
            assert!(game.kernels.whole(side, piece), "{letter} of {side:?}");
        }
    }
}

#[test]
fn every_xiangqi_piece_but_the_cannon_is_rays_and_the_cannon_hurdle_lines() {
    let game = Game::compile(include_str!("../../../../rules/xiangqi.rules")).expect("xiangqi");
    let t = game.rules.table();
    for side in Side::BOTH {
        for p in 0..game.pieces {
            let letter = t.pieces()[p].letter;
            let piece = PieceId(p as u8);
            assert_eq!(
                game.kernels.whole(side, piece),
                letter != 'C',
                "{letter} of {side:?}"
            );
            // The cannon: hurdle lines on every cell.
            if letter == 'C' {
                for c in 0..game.cells {
                    let from = CellId(c as u16);
                    assert!(game.kernels.hurdles(side, piece, from).is_some(), "{c}");
                }
            }
        }
    }
}

/// Janggi's cannon (a screen that is no cannon, moves only past it, onto empty cells or
/// a foe that is no cannon; two steps along a palace diagonal over the centre) is hurdle
/// lines on every cell: seek parts that land nowhere, filtered lines, and on a palace
/// corner a line longer than its seek part.
#[test]
fn the_janggi_cannon_is_hurdle_lines_everywhere() {
    let game = Game::compile(include_str!("../../../../rules/janggi.rules")).expect("janggi");
    let t = game.rules.table();
    let cannon = (0..game.pieces)
        .find(|&p| t.pieces()[p].letter == 'C')
        .map(|p| PieceId(p as u8))
        .expect("a cannon");
    let (mut filtered, mut longer) = (0, 0);
    for side in Side::BOTH {
        for c in 0..game.cells {
            let from = CellId(c as u16);
            let lines = game.kernels.hurdles(side, cannon, from);
            let lines = lines.unwrap_or_else(|| panic!("{side:?} cannon on cell {c}"));
            for line in lines.iter() {
                assert!(!line.plain());
                assert!(!line.admits(cannon));
                filtered += 1;
                let before = line.steps[..line.seek].iter();
                assert!(before.clone().all(|s| !s.lands_empty() && !s.lands_foe()));
                // Past a screen a cannon lands on empty cells and foes alike.
                assert!(
                    line.steps[1..].iter().all(|s| s.hops() == s.hops_empty()),
                    "{side:?} {c} {line:?}"
                );
                let lands = line.steps.iter().any(|s| s.hops());
                longer += usize::from(line.seek < line.steps.len() && lands);
            }
        }
    }
    // Four palace corners a side, each with one diagonal line (d1-e2-f3 and so on).
    assert_eq!(longer, 2 * 8, "{filtered} lines");
}

/// The reaches of a game without a bitboard kernel ([`super::counted`]) count what its
/// rays report, on random boards of every shipped game that has them (Janggi's horses,
/// elephants, chariots, guards and soldiers, among others), start cell emptied as the
/// walk sees it.
#[test]
fn counted_reaches_count_what_the_rays_report_on_random_boards() {
    let mut rng = Rng(0x2545_f491_4f6c_dd1d);
    let mut games = Vec::new();
    let mut covered = 0usize;
    for (name, game) in shipped_games() {
        let Some(counted) = game.counted.as_deref() else {
            continue;
        };
        games.push(name.clone());
        let cells = game.cells;
        for b in 0..12 {
            let fill = [5, 15, 30, 60][b % 4];
            let mut board = random_board(&mut rng, cells, game.pieces, fill);
            let moved: Vec<bool> = (0..cells).map(|_| rng.below(2) == 0).collect();
            for side in Side::BOTH {
                for p in 0..game.pieces {
                    let piece = PieceId(p as u8);
                    for c in 0..cells {
                        let Some(t) = counted.tree(side, piece, c) else {
                            continue;
                        };
                        let rays = game.kernels.rays(side, piece, CellId(c as u16));
                        let rays = rays.unwrap_or_else(|| panic!("{name}: rays for {c}"));
                        covered += 1;
                        let held = board[c];
                        board[c] = Occupant::piece(side, piece);
                        let mut n = 0u64;
                        run(rays, &board, side, !moved[c], |_, _, _| n += 1);
                        let (occ, second) = super::bits::occupancy::<u128>(&board);
                        let foes = if side == Side::First {
                            second
                        } else {
                            occ & !second
                        };
                        let to = counted.reach(t, occ, foes, || !moved[c]);
                        let got = super::counted::count(to);
                        assert_eq!(got, u64::from(to.count_ones()));
                        assert_eq!(got, n, "{name}: {side:?} piece {p} on cell {c}");
                        board[c] = held;
                    }
                }
            }
        }
    }
    assert!(
        games.iter().any(|n| n.ends_with("/janggi.rules")),
        "no reaches for Janggi: {games:?}"
    );
    assert!(covered > 2 * 90 * 12, "only {covered} trees checked");
}

/// The hurdle lines as sets ([`super::counted`]) land where the lines report (a Janggi
/// cannon's: screens that are no cannon, landings past the screen, the palace
/// diagonals), on random boards, sparse ones too.
#[test]
fn counted_hurdle_lines_land_where_the_lines_report_on_random_boards() {
    let mut rng = Rng(0x6a09_e667_f3bc_c908);
    let mut covered = 0usize;
    for (name, game) in shipped_games() {
        let Some(counted) = game.counted.as_deref() else {
            continue;
        };
        let cells = game.cells;
        for b in 0..16 {
            let fill = [5, 15, 30, 60][b % 4];
            let mut board = random_board(&mut rng, cells, game.pieces, fill);
            for side in Side::BOTH {
                for p in 0..game.pieces {
                    let piece = PieceId(p as u8);
                    for c in 0..cells {
                        let (first, n) = counted.hurdles(side, piece, c);
                        if n == 0 {
                            continue;
                        }
                        let from = CellId(c as u16);
                        let lines = game.kernels.hurdles(side, piece, from);
                        let lines = lines.unwrap_or_else(|| panic!("{name}: lines for {c}"));
                        covered += 1;
                        let held = board[c];
                        board[c] = Occupant::piece(side, piece);
                        let (mut fast, mut n_fast) = (0u128, 0u64);
                        run_hurdles(lines, &board, side, |to, _| {
                            fast |= 1u128 << to;
                            n_fast += 1;
                        });
                        let (occ, second) = super::bits::occupancy::<u128>(&board);
                        let foes = if side == Side::First {
                            second
                        } else {
                            occ & !second
                        };
                        let to = counted.hurdle_reach((first, n), &board, occ, foes);
                        assert_eq!(to, fast, "{name}: {side:?} piece {p} on cell {c}");
                        assert_eq!(super::counted::count(to), n_fast, "{name}: {c}");
                        board[c] = held;
                    }
                }
            }
        }
    }
    // Janggi's cannons on 90 cells, both sides, at least.
    assert!(
        covered >= 2 * 90 * 16,
        "only {covered} hurdle trees checked"
    );
}
