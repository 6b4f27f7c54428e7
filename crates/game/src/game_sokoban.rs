//! game_sokoban: [`Game`]'s Sokoban-family methods (text boards, pushers, Sokoban+,
//! reverse mode, the solver's hash), each a thin call into `notation::text_board`,
//! `sokoban` or `sokoban_reverse`, which do the work.

use crate::ids::CellId;
use crate::notation::{text_board, TextBoardError};
use crate::*;

impl Game {
    /// Reads a Sokoban text board (`#` wall, `@` pusher, `$` box, `.` goal, ...) as a
    /// position; the game must declare `sokoban` (see [`text_board`]).
    pub fn read_text_board(&self, text: &str) -> Result<GamePosition, TextBoardError> {
        text_board::read(self, text)
    }

    /// Writes a position as a Sokoban text board; `None` without `sokoban`.
    pub fn text_board(&self, pos: &GamePosition) -> Option<String> {
        text_board::write(self, pos)
    }

    /// Writes a position as a Sokoban text board in run-length form, one line
    /// (`5#|#@$.#|5#`, see [`text_board::write_rle`]); `None` without `sokoban`.
    pub fn text_board_rle(&self, pos: &GamePosition) -> Option<String> {
        text_board::write_rle(self, pos)
    }

    /// Whether every box of a Sokoban puzzle stands on a goal and every goal holds one
    /// (with Sokoban+ ids, a box of the goal's id).
    pub fn solved(&self, pos: &GamePosition) -> bool {
        text_board::solved(self, pos)
    }

    /// The pushers of a Sokoban position, in reading order (the text board's rows from
    /// the top, each from the left: sokoenginepy's pusher ids 1, 2, ...); empty
    /// without `sokoban` roles.
    pub fn pushers(&self, pos: &GamePosition) -> Vec<CellId> {
        sokoban::pushers(self, pos)
    }

    /// The legal moves of a Sokoban position by pusher (multiban: the side to move
    /// chooses which pusher moves; a move names it by its start cell), the pushers in
    /// the order of [`Game::pushers`].
    pub fn legal_by_pusher(&self, pos: &GamePosition) -> Vec<(CellId, Vec<GameMove>)> {
        sokoban::legal_by_pusher(self, pos)
    }

    /// The boxes of a Sokoban position in reading order (sokoenginepy's box ids 1, 2,
    /// ...); empty without `sokoban` roles.
    pub fn boxes(&self, pos: &GamePosition) -> Vec<CellId> {
        match self.sokoban() {
            Some(roles) => sokoban::cells_of(self, pos, roles.boxes),
            None => Vec::new(),
        }
    }

    /// The cells the pusher on `from` reaches by plain steps (boxes, walls and other
    /// pushers block), `from` included, as a per-cell flag.
    pub fn pusher_reach(&self, pos: &GamePosition, from: CellId) -> Vec<bool> {
        sokoban::reachable(self, pos, from)
    }

    /// The normalized position of the pusher on `from`, as Sokoban solvers use it: the
    /// top-left-most cell (first text row, then first column) of its reachable region.
    pub fn normalized_pusher(&self, pos: &GamePosition, from: CellId) -> CellId {
        sokoban::normalized_pusher(self, pos, from)
    }

    /// A Sokoban solver's Zobrist hash: the boxes' cells (with their Sokoban+ ids) and
    /// the pushers' normalized cells ([`Game::normalized_pusher`]), so positions that
    /// differ only in where a pusher stands within its region hash the same.
    /// Deterministic; 0 without `sokoban` roles.
    pub fn sokoban_hash(&self, pos: &GamePosition) -> u64 {
        sokoban::solver_hash(self, pos)
    }

    /// Sokoban+: gives the boxes and goals of `pos` the ids of `boxorder` and
    /// `goalorder` (sokoenginepy's strings, e.g. `"1 3 2"`: the `n`-th id for the
    /// `n`-th box or goal in reading order, missing ones the default 0). A box then
    /// counts as solved only on a goal of its id ([`Game::solved`]). Both empty: plain
    /// Sokoban again.
    pub fn set_sokoban_plus(
        &self,
        pos: &mut GamePosition,
        boxorder: &str,
        goalorder: &str,
    ) -> Result<(), SokobanPlusError> {
        sokoban::set_sokoban_plus(self, pos, boxorder, goalorder)
    }

    /// The `boxorder` and `goalorder` of a Sokoban+ position as they stand (boxes
    /// carry their ids as they are pushed); `None` without Sokoban+ ids.
    pub fn sokoban_plus_orders(&self, pos: &GamePosition) -> Option<(String, String)> {
        sokoban::sokoban_plus_orders(self, pos)
    }

    /// Whether the game plays Sokoban's reverse mode (`sokoban ..., reverse`, or
    /// [`Game::set_sokoban_reverse`]): the pusher pulls boxes, and before its first
    /// pull may jump to any empty cell of the level.
    pub fn sokoban_reverse(&self) -> bool {
        self.sokoban.as_ref().is_some_and(|r| r.reverse)
    }

    /// Switches Sokoban's reverse mode on or off (what `sokoban ..., reverse` declares;
    /// the CLI's `--reverse`). Nothing without `sokoban` roles.
    pub fn set_sokoban_reverse(&mut self, on: bool) {
        if let Some(r) = self.sokoban.as_mut() {
            r.reverse = on;
        }
    }

    /// The reverse start of a forward Sokoban level: boxes where its goals are, goals
    /// where its boxes were (sokoenginepy's reverse mover). A pusher on a goal is an
    /// error (it would stand on a box).
    pub fn reverse_level(&self, pos: &GamePosition) -> Result<GamePosition, ReverseLevelError> {
        sokoban_reverse::reverse_level(self, pos)
    }

    /// `one side`: only the first side ever moves (a puzzle).
    pub fn one_side(&self) -> bool {
        self.one_side
    }

    /// The `sokoban` declaration, if any.
    pub fn sokoban(&self) -> Option<&crate::ir::SokobanRoles> {
        self.sokoban.as_ref()
    }
}
