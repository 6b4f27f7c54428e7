//! perft: counts the leaves of the legal move tree, the standard test of a move
//! generator — a small consumer of move generation.
//!
//! The last ply is counted in bulk, as Fairy-Stockfish does: the number of legal
//! moves ([`MoveGenerator::count_legal`], [`bulk`]), most of them counted straight from the
//! walks without being built; the children of a node one ply above share the node's
//! attack query and piece walks ([`Perft::prepare_children`], [`children`]). Moves are
//! played without updating the hash, which perft never reads.

mod bulk;
mod children;
mod parallel;
mod siblings;
#[cfg(test)]
mod stop_tests;

use std::sync::atomic::AtomicBool;
use std::sync::Arc;
use std::time::{Duration, Instant};

use super::legality::quick::QuickState;
use super::make::{make, make_unhashed, unmake_outlined as unmake};
use super::{Game, GameMove, GamePosition, MoveGenerator};
pub use parallel::{divide_parallel, ParallelOutcome, ThreadPoolError};

/// The time limit of a count unless its caller asks for more, in milliseconds: 60 s,
/// the limit of every long command of the command line, the server, the C ABI and the
/// Python package (0 means no limit wherever a limit is taken).
pub const DEFAULT_MAX_MS: u64 = 60_000;

/// The deepest count the command line and the bindings accept: a deeper one never
/// ends, and its walk, one frame per ply, would run out of stack.
pub const MAX_DEPTH: u32 = 64;
use siblings::SiblingWalks;

/// A perft counter: a move generator and what the children of a node share.
///
/// ```
/// let game = piecewise_game::Game::compile(&std::fs::read_to_string("rules/chess.rules").unwrap()).unwrap();
/// let mut pos = game.start_position().unwrap();
/// let mut perft = piecewise_game::Perft::new(&game);
/// assert_eq!(perft.perft(&mut pos, 3), Ok(8902));
/// ```
pub struct Perft<'g> {
    generator: MoveGenerator<'g>,
    /// The quick test's state for the children of the node given to
    /// [`Perft::prepare_children`].
    parent: Box<QuickState>,
    /// `parent` was made for the current node.
    parent_ready: bool,
    /// The walks of the children's side made on the node.
    walks: SiblingWalks,
}

/// A count stopped at its time limit ([`Perft::divide_within`]): how long it ran, the
/// limit, and how far it got.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PerftStopped {
    /// Milliseconds the count ran.
    pub elapsed_ms: u64,
    /// The limit, in milliseconds.
    pub limit_ms: u64,
    /// Root moves whose subtrees were counted in full.
    pub roots_counted: usize,
    /// Legal moves at the root.
    pub roots: usize,
    /// Leaves counted in those subtrees.
    pub nodes_counted: u64,
    /// The count was cancelled ([`Perft::cancel_with`]) rather than out of time.
    pub cancelled: bool,
}

impl PerftStopped {
    /// The report of a count started at `start` under `limit` that stopped with the
    /// root subtrees `counted` (their leaf counts) of `roots` done.
    pub(crate) fn after(
        start: Instant,
        limit: Duration,
        counted: &[u64],
        roots: usize,
        cancelled: bool,
    ) -> PerftStopped {
        PerftStopped {
            elapsed_ms: start.elapsed().as_millis() as u64,
            limit_ms: limit.as_millis().min(u64::MAX as u128) as u64,
            roots_counted: counted.len(),
            roots,
            nodes_counted: counted.iter().sum(),
            cancelled,
        }
    }
}

impl std::fmt::Display for PerftStopped {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        if self.cancelled {
            return write!(
                f,
                "perft cancelled after {} ms ({} of {} root moves counted, {} nodes)",
                self.elapsed_ms, self.roots_counted, self.roots, self.nodes_counted
            );
        }
        write!(
            f,
            "perft stopped after {} ms; the limit is {} ms ({} of {} root moves counted, {} nodes)",
            self.elapsed_ms, self.limit_ms, self.roots_counted, self.roots, self.nodes_counted
        )
    }
}

impl std::error::Error for PerftStopped {}

impl<'g> Perft<'g> {
    /// A counter for `game`.
    pub fn new(game: &'g Game) -> Perft<'g> {
        Perft {
            generator: MoveGenerator::new(game),
            parent: Box::new(QuickState::new(game.cells)),
            parent_ready: false,
            walks: SiblingWalks::new(game.cells),
        }
    }

    /// Lets another thread stop [`Perft::divide_within`]: once `flag` is set, the count
    /// in progress unwinds and ends with a [`PerftStopped`] whose `cancelled` is true
    /// (a playground's cancel button, a server shutting down).
    ///
    /// ```
    /// use std::sync::{atomic::AtomicBool, Arc};
    /// let game = piecewise_game::Game::compile(&std::fs::read_to_string("rules/chess.rules").unwrap()).unwrap();
    /// let mut pos = game.start_position().unwrap();
    /// let mut perft = piecewise_game::Perft::new(&game);
    /// perft.cancel_with(Arc::new(AtomicBool::new(true)));
    /// let stopped = perft.divide_within(&mut pos, 6, std::time::Duration::MAX, |_, _| {});
    /// assert!(stopped.unwrap_err().cancelled);
    /// ```
    pub fn cancel_with(&mut self, flag: Arc<AtomicBool>) {
        self.generator.stop.cancel_with(flag);
    }

    /// The move generator it counts with.
    pub fn generator(&mut self) -> &mut MoveGenerator<'g> {
        &mut self.generator
    }

    /// Leaf nodes at `depth` plies below `pos` (1 at depth 0), or a [`PerftStopped`]
    /// whose `cancelled` is true once the cancel flag ([`Perft::cancel_with`]) is set;
    /// [`Perft::perft_within`] with no time limit.
    pub fn perft(&mut self, pos: &mut GamePosition, depth: u32) -> Result<u64, PerftStopped> {
        self.perft_within(pos, depth, Duration::MAX)
    }

    /// [`Perft::perft`] that stops once `limit` has passed (or the cancel flag is set),
    /// saying how far it got: the sum of [`Perft::divide_within`]'s counts.
    pub fn perft_within(
        &mut self,
        pos: &mut GamePosition,
        depth: u32,
        limit: Duration,
    ) -> Result<u64, PerftStopped> {
        let roots = self.divide_within(pos, depth, limit, |_, _| {})?;
        Ok(if depth == 0 {
            1
        } else {
            roots.iter().map(|(_, n)| n).sum()
        })
    }

    /// Leaf nodes at `depth` plies below `pos`, polling the stop (armed by the caller:
    /// a stopped count returns a partial sum, which the caller discards).
    fn count(&mut self, pos: &mut GamePosition, depth: u32) -> u64 {
        if depth == 0 {
            return 1;
        }
        // A poll per node above the last ply, and per child one ply above it (where
        // the children are counted in bulk): a decrement, the clock read only every
        // millisecond or so (`stop`).
        if self.generator.stop.poll() {
            return 0;
        }
        if depth == 1 {
            return self.generator.count_legal(pos);
        }
        let game = self.generator.pseudo.game;
        if game.pass_ends() {
            return self.count_passing(pos, depth, false);
        }
        let mut moves = self.generator.pseudo.buffer();
        self.generator.legal_moves(pos, &mut moves);
        let mut n = 0;
        if depth == 2 && !game.counts_lists() {
            // The children share what their side's move generation reads of this
            // position (see `prepare_children`; compulsory captures count each child's
            // whole list instead).
            self.prepare_children(pos);
            for m in &moves {
                if self.generator.stop.poll() {
                    break;
                }
                let undo = make_unhashed(game, pos, m);
                n += self.count_legal_child(pos, m);
                unmake(game, pos, undo);
            }
        } else {
            for m in &moves {
                let undo = make_unhashed(game, pos, m);
                n += self.count(pos, depth - 1);
                unmake(game, pos, undo);
            }
        }
        self.generator.pseudo.give_back(moves);
        n
    }

    /// [`Perft::count`] (depth 2 or more) in a game where a pass may end the game at once
    /// (`royals facing`, `double pass`: [`Game::pass_ends`]), `after_pass` when the move
    /// that led to `pos` was a pass. The ends read the line, not the position, and are
    /// followed along the line counted, as Fairy-Stockfish's `go perft` follows them
    /// (its state keeps the previous position's): a child such a pass ends has no
    /// children (a leaf still counts 1).
    #[cold]
    fn count_passing(&mut self, pos: &mut GamePosition, depth: u32, after_pass: bool) -> u64 {
        let game = self.generator.pseudo.game;
        let mut moves = self.generator.pseudo.buffer();
        self.generator.legal_moves(pos, &mut moves);
        let mut n = 0;
        if depth == 2 && !game.counts_lists() {
            self.prepare_children(pos);
            for m in &moves {
                if self.generator.stop.poll() {
                    break;
                }
                let undo = make_unhashed(game, pos, m);
                if !game.pass_ended(pos, m, after_pass) {
                    n += self.count_legal_child(pos, m);
                }
                unmake(game, pos, undo);
            }
        } else {
            for m in &moves {
                let undo = make_unhashed(game, pos, m);
                n += self.count_after(pos, m, depth - 1, after_pass);
                unmake(game, pos, undo);
            }
        }
        self.generator.pseudo.give_back(moves);
        n
    }

    /// The count `depth` plies below `pos`, reached by `m` (made), in a line whose
    /// move before `m` was a pass when `after_pass`: [`Perft::count`], the pass ends
    /// followed in a game that has them ([`Perft::count_passing`]).
    fn count_after(
        &mut self,
        pos: &mut GamePosition,
        m: &GameMove,
        depth: u32,
        after_pass: bool,
    ) -> u64 {
        let game = self.generator.pseudo.game;
        if depth < 2 || !game.pass_ends() {
            if depth > 0 && game.pass_ends() && game.pass_ended(pos, m, after_pass) {
                return 0;
            }
            return self.count(pos, depth);
        }
        if self.generator.stop.poll() {
            return 0;
        }
        if game.pass_ended(pos, m, after_pass) {
            return 0;
        }
        self.count_passing(pos, depth, m.is_pass())
    }

    /// Perft per legal root move, in generation order, or a [`PerftStopped`] whose
    /// `cancelled` is true once the cancel flag ([`Perft::cancel_with`]) is set;
    /// [`Perft::divide_within`] with no time limit.
    pub fn divide(
        &mut self,
        pos: &mut GamePosition,
        depth: u32,
    ) -> Result<Vec<(GameMove, u64)>, PerftStopped> {
        self.divide_within(pos, depth, Duration::MAX, |_, _| {})
    }

    /// [`Perft::divide`] that stops once `limit` has passed, saying how far it got;
    /// `on_root(counted, roots)` hears of every root move counted in full (for progress
    /// displays). The counts are [`Perft::perft`]'s: their sum is `perft(pos, depth)`.
    pub fn divide_within(
        &mut self,
        pos: &mut GamePosition,
        depth: u32,
        limit: Duration,
        mut on_root: impl FnMut(usize, usize),
    ) -> Result<Vec<(GameMove, u64)>, PerftStopped> {
        let start = Instant::now();
        self.generator.stop.arm(start.checked_add(limit));
        let mut out = Vec::new();
        let roots = self.each_root(pos, depth, |m, n, roots| {
            out.push((*m, n));
            on_root(out.len(), roots);
        });
        let (stopped, cancelled) = self.generator.stop.disarm();
        if stopped {
            let counted: Vec<u64> = out.iter().map(|&(_, n)| n).collect();
            return Err(PerftStopped::after(
                start, limit, &counted, roots, cancelled,
            ));
        }
        Ok(out)
    }

    /// Counts each legal root move's subtree, in generation order, telling `each` the
    /// move, its count and the number of root moves, until the deadline (if any)
    /// passes; returns the number of legal root moves.
    fn each_root(
        &mut self,
        pos: &mut GamePosition,
        depth: u32,
        mut each: impl FnMut(&GameMove, u64, usize),
    ) -> usize {
        let game = self.generator.pseudo.game;
        let mut moves = Vec::new();
        self.generator.legal_moves(pos, &mut moves);
        // A flag already set (or a limit already passed) stops before any subtree.
        if self.generator.stop.poll() {
            return moves.len();
        }
        for m in &moves {
            let undo = make(game, pos, m);
            let n = self.count_after(pos, m, depth.saturating_sub(1), false);
            unmake(game, pos, undo);
            if self.generator.stop.stopped() {
                break;
            }
            each(m, n, moves.len());
        }
        moves.len()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::atomic::Ordering;

    /// A count cancelled from another thread stops within a second and says so; the
    /// same counter then counts in full again.
    #[test]
    fn a_count_is_cancelled_from_another_thread() {
        let game = Game::compile(include_str!("../../../../rules/chess.rules")).expect("chess");
        let mut pos = game.start_position().expect("start");
        let flag = Arc::new(AtomicBool::new(false));
        let mut perft = Perft::new(&game);
        perft.cancel_with(flag.clone());
        let setter = {
            let flag = flag.clone();
            std::thread::spawn(move || {
                std::thread::sleep(Duration::from_millis(100));
                flag.store(true, Ordering::Relaxed);
                Instant::now()
            })
        };
        let stopped = perft
            .divide_within(&mut pos, 9, Duration::MAX, |_, _| {})
            .expect_err("depth 9 does not end in 100 ms");
        let set_at = setter.join().expect("the setter");
        assert!(
            set_at.elapsed() < Duration::from_secs(1),
            "stopped {:?} after the flag",
            set_at.elapsed()
        );
        assert!(stopped.cancelled);
        assert_eq!(stopped.roots, 20);
        assert!(
            stopped.to_string().starts_with("perft cancelled after"),
            "{stopped}"
        );
        flag.store(false, Ordering::Relaxed);
        let counts = perft
            .divide_within(&mut pos, 3, Duration::MAX, |_, _| {})
            .expect("in full");
        assert_eq!(counts.iter().map(|(_, n)| n).sum::<u64>(), 8_902);
    }
}
