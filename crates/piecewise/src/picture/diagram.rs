//! diagram: the picture of a game that `piecewise show` draws, put together from the
//! game layer. [`GameDiagram`] chooses what stands on the board (a game position, one
//! piece alone, or nothing), marks Sokoban goals, writes the title (the game's name)
//! and one note per side listing the pieces in hand, and adds the moves of the piece
//! on a cell. It returns a [`Picture`]; drawing it and writing it anywhere is the
//! caller's business. Choosing the position (FEN, text board, start) is not done here
//! either: the caller reads it and passes it in.

use super::Picture;
use crate::game::{DistanceMap, Game, GamePosition};
use crate::ids::{CellId, PieceId, Side};
use crate::topology::Board;
use crate::walk::{Occupancy, Occupant};
use crate::Rules;
use std::fmt;

/// The cell nearest the middle of the board's drawing (ties: the lowest id): d4 on
/// 8×8, f6 on Gliński's board. `None` for a board without cells.
pub fn middle_cell(board: &Board) -> Option<CellId> {
    let centres: Vec<(f64, f64)> = board.cells().map(|c| board.center(c)).collect();
    let (mut lo, mut hi) = (
        (f64::INFINITY, f64::INFINITY),
        (f64::NEG_INFINITY, f64::NEG_INFINITY),
    );
    for &(x, y) in &centres {
        lo = (lo.0.min(x), lo.1.min(y));
        hi = (hi.0.max(x), hi.1.max(y));
    }
    let mid = ((lo.0 + hi.0) / 2.0, (lo.1 + hi.1) / 2.0);
    let d = |p: (f64, f64)| (p.0 - mid.0).powi(2) + (p.1 - mid.1).powi(2);
    let mut best: Option<(usize, f64)> = None;
    for (i, &p) in centres.iter().enumerate() {
        if best.map_or(true, |(_, bd)| d(p) < bd - 1e-9) {
            best = Some((i, d(p)));
        }
    }
    best.map(|(i, _)| CellId(i as u16))
}

/// A piece named as `piecewise show --piece` takes it: its name or FEN letter (a
/// promoted piece's letter with its `+`, a primed one with its `'` or `!`). A lone
/// lowercase letter (`n`, `+p`, `n'`) means
/// the second side's piece; anything else the first side's. `None` if no piece is
/// named or lettered so.
///
/// # Examples
///
/// ```
/// use piecewise::ids::Side;
/// use piecewise::picture::piece_arg;
/// let rules = piecewise::compile("board square 8x8\npiece Knight (N) { leap (1,2) }").unwrap();
/// let knight = rules.piece("Knight").unwrap();
/// assert_eq!(piece_arg(&rules, "Knight"), Some((Side::First, knight)));
/// assert_eq!(piece_arg(&rules, "n"), Some((Side::Second, knight)));
/// assert_eq!(piece_arg(&rules, "Q"), None);
/// ```
pub fn piece_arg(rules: &Rules, text: &str) -> Option<(Side, PieceId)> {
    let kind = rules.piece(text)?;
    let bare = text.trim_start_matches('+').trim_end_matches(['\'', '!']);
    let lower = bare.chars().count() == 1 && bare.chars().any(|c| c.is_ascii_lowercase());
    let side = if lower { Side::Second } else { Side::First };
    Some((side, kind))
}

/// Why a [`GameDiagram`] cannot be drawn.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum DiagramError {
    /// A lone piece was asked for, but the board has no cells to put it on.
    NoCells,
    /// The moves of the piece on a cell were asked for, but no piece stands there.
    EmptyCell {
        /// The cell.
        cell: CellId,
        /// Its name on the board.
        name: String,
    },
}

impl fmt::Display for DiagramError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            DiagramError::NoCells => f.write_str("the board has no cells"),
            DiagramError::EmptyCell { name, .. } => write!(f, "there is no piece on {name}"),
        }
    }
}

impl std::error::Error for DiagramError {}

/// A game diagram being put together: what `piecewise show` draws.
///
/// By default the board is empty and titled with the game's name. Give it a
/// [`position`](GameDiagram::position), or a [`lone_piece`](GameDiagram::lone_piece)
/// (which takes the position's place), and optionally the cell whose piece's moves to
/// draw; then [`draw`](GameDiagram::draw) it.
///
/// # Examples
///
/// ```
/// use piecewise::picture::{piece_arg, GameDiagram};
/// use piecewise::Game;
/// let game = Game::compile("board square 8x8\npiece Knight (N) { leap (1,2) }").unwrap();
/// let (side, knight) = piece_arg(game.rules(), "N").unwrap();
/// let picture = GameDiagram::new(&game)
///     .lone_piece(side, knight)
///     .fallback_title("knight")
///     .draw()
///     .unwrap();
/// let svg = picture.to_svg();
/// assert!(svg.contains(">knight</text>"));
/// assert!(svg.contains("white Knight (N) on d4: 8 moves"));
/// ```
#[derive(Clone)]
pub struct GameDiagram<'g> {
    game: &'g Game,
    position: Option<&'g GamePosition>,
    lone: Option<(Side, PieceId)>,
    from: Option<CellId>,
    distance: Option<CellId>,
    fallback_title: Option<String>,
}

impl<'g> GameDiagram<'g> {
    /// An empty board of `game`.
    pub fn new(game: &'g Game) -> GameDiagram<'g> {
        GameDiagram {
            game,
            position: None,
            lone: None,
            from: None,
            distance: None,
            fallback_title: None,
        }
    }

    /// Draws the pieces of `position`, its goals and, in a game with hands, a note per
    /// side listing the pieces in hand (`-` for none).
    pub fn position(mut self, position: &'g GamePosition) -> GameDiagram<'g> {
        self.position = Some(position);
        self
    }

    /// Draws `piece` of `side` alone on an empty board with its moves, on the cell
    /// given to [`moves_from`](GameDiagram::moves_from) or else on the board's
    /// [`middle_cell`]. Replaces any position.
    pub fn lone_piece(mut self, side: Side, piece: PieceId) -> GameDiagram<'g> {
        self.lone = Some((side, piece));
        self
    }

    /// Also draws the moves and paths of the piece on `cell`.
    pub fn moves_from(mut self, cell: CellId) -> GameDiagram<'g> {
        self.from = Some(cell);
        self
    }

    /// Draws the distance map of the piece on `cell` in the position as a heat map
    /// (see [`crate::game::distance`]) instead of its moves.
    pub fn distances_from(mut self, cell: CellId) -> GameDiagram<'g> {
        self.distance = Some(cell);
        self
    }

    /// The title for a game that declares no name (none if empty).
    pub fn fallback_title(mut self, title: &str) -> GameDiagram<'g> {
        self.fallback_title = Some(title.to_string());
        self
    }

    /// The picture. Fails if a lone piece has no cell to stand on, or if the cell
    /// whose moves were asked for is empty.
    pub fn draw(&self) -> Result<Picture, DiagramError> {
        let game = self.game;
        let rules = game.rules();
        let pos = if self.lone.is_some() {
            None
        } else {
            self.position
        };
        let mut bare = vec![Occupant::EMPTY; game.board().cell_count()];
        let mut from = self.from;
        if let Some((side, kind)) = self.lone {
            let cell = from
                .or_else(|| middle_cell(game.board()))
                .ok_or(DiagramError::NoCells)?;
            bare[cell.index()] = Occupant::piece(side, kind);
            from = Some(cell);
        }
        let occupancy: &dyn Occupancy = match pos {
            Some(p) => p,
            None => &bare,
        };
        let cells: Vec<Occupant> = game
            .board()
            .cells()
            .map(|c| occupancy.occupant(c))
            .collect();
        let mut picture = Picture::new(rules, cells.as_slice());
        if let Some(p) = pos {
            for c in game.board().cells().filter(|&c| p.is_goal(c)) {
                picture.goal(c.index());
            }
            // Tagged pieces: the letter and the tags' marks, as FEN writes them.
            for c in game.board().cells().filter(|&c| p.tags(c) != 0) {
                let occ = p.occupant(c);
                let label = format!(
                    "{}{}",
                    game.letter(occ.side(), occ.kind()),
                    game.tag_marks(p.tags(c))
                );
                picture.place(c.index(), occ.side(), &label);
            }
            if let Some(legend) = game.tag_legend() {
                picture.note(&legend);
            }
        }
        let title = game.name().or(self.fallback_title.as_deref()).unwrap_or("");
        if !title.is_empty() {
            picture.title(title);
        }
        if let (Some(p), true) = (pos, game.has_hand()) {
            for side in Side::BOTH {
                picture.note(&format!("{side} in hand: {}", hand_list(game, p, side)));
            }
        }
        if let Some(cell) = self.distance {
            let map = pos.and_then(|p| DistanceMap::compute(game, p, cell));
            let map = map.ok_or_else(|| DiagramError::EmptyCell {
                cell,
                name: game.board().cell_name(cell),
            })?;
            picture.set_distances(cell.index(), map.distances().collect(), &map.describe(game));
            return Ok(picture);
        }
        if let Some(cell) = from {
            if !picture.moves_from(rules, occupancy, cell) {
                return Err(DiagramError::EmptyCell {
                    cell,
                    name: game.board().cell_name(cell),
                });
            }
            if let (Some(p), Some(marks)) = (pos, picture.marks.as_mut()) {
                marks.add_game_moves(game, p, cell);
            }
        }
        Ok(picture)
    }
}

/// The pieces in `side`'s hand, by letter, with `×n` for more than one; `-` for none.
fn hand_list(game: &Game, pos: &GamePosition, side: Side) -> String {
    let hand: Vec<String> = (0..game.piece_count())
        .map(|i| PieceId(i as u8))
        .filter(|&k| pos.in_hand(side, k) > 0)
        .map(|k| match pos.in_hand(side, k) {
            1 => game.letter(side, k),
            n => format!("{}×{n}", game.letter(side, k)),
        })
        .collect();
    if hand.is_empty() {
        "-".to_string()
    } else {
        hand.join(" ")
    }
}
