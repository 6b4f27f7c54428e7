//! game: the `piecewise.Game` class — a compiled rules file with pyffish-shaped
//! methods over FEN text and UCI move lists.

use std::path::Path;
use std::time::Duration;

use piecewise::game::{GamePosition, Line};
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList, PyType};

use crate::errors::{self, Diagnostic};
use crate::{data, end, files, perft};

/// The file name diagnostics show for rules given as text.
const TEXT_NAME: &str = "<rules>";

/// A compiled rules file: its board, pieces and game rules, and the questions an
/// engine or a server asks about positions (FEN) and moves (UCI), shaped like
/// pyffish's functions without their `variant` argument.
///
/// `Game(text, file=None)` compiles rules text (`file` names it in diagnostics);
/// `Game.from_file(path)` reads a `.rules` file (graph board files it names are found
/// beside it). Both raise `RulesError` when the rules do not compile.
#[pyclass(frozen, module = "piecewise")]
pub struct Game {
    pub(crate) game: piecewise::Game,
    file: String,
    warnings: Vec<Diagnostic>,
}

impl Game {
    fn compile(py: Python<'_>, source: &str, file: &str, base: Option<&Path>) -> PyResult<Game> {
        // The compiler runs without the GIL: a large file takes a while.
        let compiled = py.detach(|| piecewise::Game::compile_at(source, base));
        match compiled {
            Ok(game) => {
                let warnings = errors::diagnostics(game.rules().warnings(), file, source);
                Ok(Game {
                    game,
                    file: file.to_string(),
                    warnings,
                })
            }
            Err(d) => Err(errors::rules_error(py, &d, file, source)),
        }
    }

    /// The position reached by playing `moves` (UCI) from `fen`, one position object
    /// all the way (so the history the rules track is kept).
    fn play(&self, py: Python<'_>, fen: &str, moves: &[String]) -> PyResult<GamePosition> {
        let mut pos = self
            .game
            .position(fen)
            .map_err(|e| errors::fen_error(py, fen, &e))?;
        for (i, text) in moves.iter().enumerate() {
            let Some(m) = self.game.parse_uci(&pos, text) else {
                return Err(errors::move_error(py, i, text, &self.game.fen(&pos)));
            };
            self.game.play_move(&mut pos, &m);
        }
        Ok(pos)
    }

    /// The line of `moves` (UCI) played from `fen`: the position reached and the
    /// history the game-end rules read (repetitions, the move limit, counting).
    fn line(&self, py: Python<'_>, fen: &str, moves: &[String]) -> PyResult<Line> {
        let start = self
            .game
            .position(fen)
            .map_err(|e| errors::fen_error(py, fen, &e))?;
        let mut line = self.game.line(start);
        for (i, text) in moves.iter().enumerate() {
            if self.game.play_uci(&mut line, text).is_err() {
                return Err(errors::move_error(
                    py,
                    i,
                    text,
                    &self.game.fen(line.position()),
                ));
            }
        }
        Ok(line)
    }

    /// The SAN of each of `moves` played in turn from `fen` (pyffish's notations 0
    /// and 1 only, without Chess960).
    fn san_moves(
        &self,
        py: Python<'_>,
        fen: &str,
        moves: &[String],
        chess960: bool,
        notation: i32,
    ) -> PyResult<Vec<String>> {
        if chess960 {
            return Err(errors::error(
                "chess960 castling notation is not supported: pass chess960=False",
            ));
        }
        if !matches!(notation, 0 | 1) {
            return Err(errors::error(format!(
                "notation {notation} is not supported: piecewise writes SAN (0 or 1)"
            )));
        }
        let mut pos = self
            .game
            .position(fen)
            .map_err(|e| errors::fen_error(py, fen, &e))?;
        let mut out = Vec::with_capacity(moves.len());
        for (i, text) in moves.iter().enumerate() {
            let Some(m) = self.game.parse_uci(&pos, text) else {
                return Err(errors::move_error(py, i, text, &self.game.fen(&pos)));
            };
            out.push(self.game.san(&pos, &m));
            self.game.play_move(&mut pos, &m);
        }
        Ok(out)
    }

    /// The shipped game of that name (`Game.variant`); `piecewise.Error` naming the
    /// closest names for an unknown one.
    pub(crate) fn shipped(py: Python<'_>, name: &str) -> PyResult<Game> {
        match piecewise::catalogue::find(name) {
            Some(v) => Game::compile(py, v.source(), &v.file_name(), None),
            None => Err(errors::Error::new_err(format!(
                "{}; piecewise.variants() lists them",
                piecewise::catalogue::unknown(name)
            ))),
        }
    }

    /// The `game` name, else the file name (for error texts).
    pub(crate) fn name_or_file(&self) -> String {
        self.game
            .name()
            .map_or_else(|| self.file.clone(), str::to_string)
    }

    fn cell(&self, py: Python<'_>, name: &str) -> PyResult<piecewise::ids::CellId> {
        self.game.board().parse_cell(name).ok_or_else(|| {
            errors::cell_error(py, name, format!("`{name}` is not a cell of this board"))
        })
    }
}

#[pymethods]
impl Game {
    /// Compiles rules text. `file` is the name diagnostics show (default `"<rules>"`)
    /// and, when given, the place graph board files are looked up beside (else the
    /// current directory). Raises `RulesError` (file, line, column, message,
    /// diagnostics) when the rules do not compile.
    #[new]
    #[pyo3(signature = (text, file = None))]
    fn new(py: Python<'_>, text: &str, file: Option<&str>) -> PyResult<Game> {
        let base = file.and_then(|f| Path::new(f).parent());
        Game::compile(py, text, file.unwrap_or(TEXT_NAME), base)
    }

    /// Compiles rules text (the same as `Game(text, file)`).
    #[classmethod]
    #[pyo3(signature = (text, file = None))]
    fn from_text(
        _cls: &Bound<'_, PyType>,
        py: Python<'_>,
        text: &str,
        file: Option<&str>,
    ) -> PyResult<Game> {
        Game::new(py, text, file)
    }

    /// Reads and compiles a `.rules` file (`path`: a `str`, `bytes` or `os.PathLike`, as
    /// `open` takes); graph board files it names are looked up beside it. Raises what
    /// `open` raises for a bad path (`UnicodeEncodeError` for a `str` the file system
    /// cannot encode, `ValueError` for a NUL byte, `TypeError` for another type),
    /// `OSError` naming the path when the file cannot be read (`FileNotFoundError`,
    /// `IsADirectoryError`, ...), and `RulesError` when it is not UTF-8 text or does
    /// not compile.
    #[classmethod]
    fn from_file(
        _cls: &Bound<'_, PyType>,
        py: Python<'_>,
        path: &Bound<'_, PyAny>,
    ) -> PyResult<Game> {
        let path = files::path_arg(py, path)?;
        let name = path.display().to_string();
        let bytes = files::read(py, &path)?;
        let source = match String::from_utf8(bytes) {
            Ok(s) => s,
            Err(e) => {
                let valid = e.utf8_error().valid_up_to();
                return Err(errors::not_utf8(py, &name, e.as_bytes(), valid));
            }
        };
        Game::compile(py, &source, &name, path.parent())
    }

    /// The shipped game of that name (Fairy-Stockfish's name, as `variants()` lists
    /// them: `Game.variant("chess")`, `Game.variant("3check")`); its rules are built
    /// into the package. Raises `piecewise.Error` naming the closest names for an
    /// unknown one.
    #[classmethod]
    fn variant(_cls: &Bound<'_, PyType>, py: Python<'_>, name: &str) -> PyResult<Game> {
        Game::shipped(py, name)
    }

    /// The file name diagnostics show.
    #[getter]
    fn file(&self) -> &str {
        &self.file
    }

    /// The `game` name the file declares, or `None`.
    #[getter]
    fn name(&self) -> Option<&str> {
        self.game.name()
    }

    /// The warnings of the compilation, as `Diagnostic` records.
    #[getter]
    fn warnings(&self) -> Vec<Diagnostic> {
        self.warnings.clone()
    }

    /// The pieces in declaration order: dicts with `name`, `letter` (the first side's
    /// FEN letter, `+P` for a promoted piece) and `royal`.
    #[getter]
    fn pieces<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyList>> {
        data::pieces(py, &self.game)
    }

    /// The board: a dict with `kind` (`"square"`, `"hex"`, `"tri"`, `"octo"`,
    /// `"graph"`), `width`, `height`, `cells` (how many) and `description`.
    #[getter]
    fn board<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        data::board(py, &self.game)
    }

    /// The names of the cells, in cell-id order (`a1`, `b1`, ... on square boards).
    #[getter]
    fn cells(&self) -> Vec<String> {
        let b = self.game.board();
        b.cells().map(|c| b.cell_name(c)).collect()
    }

    /// Whether captured pieces go to a hand (and may be dropped).
    #[getter]
    fn has_hand(&self) -> bool {
        self.game.has_hand()
    }

    /// The start position's FEN as the rules file writes it. Raises `piecewise.Error`
    /// if the file declares none.
    pub(crate) fn start_fen(&self) -> PyResult<String> {
        self.game
            .start_fen()
            .map(str::to_string)
            .ok_or_else(|| errors::error("the rules declare no start position (`start`)"))
    }

    /// The legal moves after playing `moves` from `fen`, in UCI as Fairy-Stockfish
    /// prints them, sorted. Raises `FenError` or `MoveError` (an illegal move in
    /// `moves`).
    #[pyo3(signature = (fen, moves = Vec::new()))]
    pub(crate) fn legal_moves(
        &self,
        py: Python<'_>,
        fen: &str,
        moves: Vec<String>,
    ) -> PyResult<Vec<String>> {
        let pos = self.play(py, fen, &moves)?;
        Ok(self.game.legal_uci(&pos))
    }

    /// The FEN after playing `moves` from `fen`, as Fairy-Stockfish writes it.
    #[pyo3(signature = (fen, moves = Vec::new()))]
    pub(crate) fn get_fen(
        &self,
        py: Python<'_>,
        fen: &str,
        moves: Vec<String>,
    ) -> PyResult<String> {
        let pos = self.play(py, fen, &moves)?;
        Ok(self.game.fen(&pos))
    }

    /// Whether the side to move is in check after playing `moves` from `fen` (a royal
    /// piece of it could be captured).
    #[pyo3(signature = (fen, moves = Vec::new()))]
    pub(crate) fn gives_check(
        &self,
        py: Python<'_>,
        fen: &str,
        moves: Vec<String>,
    ) -> PyResult<bool> {
        let pos = self.play(py, fen, &moves)?;
        Ok(self.game.in_check(&pos))
    }

    /// The game's value for the side to move after `moves`, when it has no legal move:
    /// `-VALUE_MATE` (lost: checkmate, or a stalemate the rules score as a loss),
    /// `VALUE_MATE` (won), `VALUE_DRAW`; `VALUE_DRAW` too while the game goes on.
    #[pyo3(signature = (fen, moves = Vec::new()))]
    pub(crate) fn game_result(
        &self,
        py: Python<'_>,
        fen: &str,
        moves: Vec<String>,
    ) -> PyResult<i32> {
        let line = self.line(py, fen, &moves)?;
        Ok(end::game_result(&self.game, &line))
    }

    /// `(ended, value)`: whether a rule ends the game at once after `moves` although
    /// the side to move has legal moves, and the value for the side to move (0 when
    /// not ended). Checkmate and stalemate are `game_result`'s, as in pyffish.
    #[pyo3(signature = (fen, moves = Vec::new()))]
    pub(crate) fn is_immediate_game_end(
        &self,
        py: Python<'_>,
        fen: &str,
        moves: Vec<String>,
    ) -> PyResult<(bool, i32)> {
        let line = self.line(py, fen, &moves)?;
        Ok(end::immediate_end(&self.game, &line))
    }

    /// `(claimable, value)`: whether a player may claim the game's end after `moves`,
    /// and the value for the side to move (0 when not).
    #[pyo3(signature = (fen, moves = Vec::new()))]
    pub(crate) fn is_optional_game_end(
        &self,
        py: Python<'_>,
        fen: &str,
        moves: Vec<String>,
    ) -> PyResult<(bool, i32)> {
        let line = self.line(py, fen, &moves)?;
        Ok(end::optional_end(&self.game, &line))
    }

    /// `(white, black)`: whether each side lacks the material to mate after `moves`,
    /// as Fairy-Stockfish's `has_insufficient_material` decides it (K v K, K+B v K, K+N
    /// v K in chess; never in a game with hands). When both are `True`, `result` is a
    /// draw by insufficient material (`game_result` is 0 either way, as in pyffish).
    #[pyo3(signature = (fen, moves = Vec::new()))]
    pub(crate) fn has_insufficient_material(
        &self,
        py: Python<'_>,
        fen: &str,
        moves: Vec<String>,
    ) -> PyResult<(bool, bool)> {
        let pos = self.play(py, fen, &moves)?;
        let [white, black] = self.game.insufficient_material(&pos);
        Ok((white, black))
    }

    /// Fairy-Stockfish's `validate_fen` answer for `fen`: `1` when it is a position of
    /// this game, else a negative code of its `FenValidation` for the fault found first
    /// (`-8` the board's shape, `-10` a character, `-6` the side to move, `-7` the hand,
    /// `-5` castling, `-4` en passant, `-2` a clock, `-11` too many fields, `-3` a side
    /// without its royal piece or with more than the start gives it; `0` empty). Never
    /// raises for a bad FEN: `FenError` from the other functions says what and where.
    pub(crate) fn validate_fen(&self, fen: &str) -> i32 {
        match self.game.position(fen) {
            Err(e) => errors::fen_code(&e),
            Ok(pos) => {
                let royal = self.game.position_warnings(&pos).iter().any(|w| {
                    matches!(
                        w,
                        piecewise::game::PositionWarning::NoRoyal { .. }
                            | piecewise::game::PositionWarning::ExtraRoyals { .. }
                    )
                });
                if royal {
                    -3
                } else {
                    1
                }
            }
        }
    }

    /// The SAN of `move` (UCI) in the position of `fen`, as Fairy-Stockfish's
    /// `get_san` writes it in its SAN notation (`Nf3`, `exd5`, `O-O`, `e8=Q+`, `P@e4`).
    /// `notation`: pyffish's `0` (its default) or `1` (SAN), which are the same here
    /// (pyffish's default for Shogi is Hodges, which piecewise does not write);
    /// `chess960` must be false. Raises `MoveError` for a move that is not legal.
    #[pyo3(signature = (fen, r#move, chess960 = false, notation = 0))]
    pub(crate) fn get_san(
        &self,
        py: Python<'_>,
        fen: &str,
        r#move: &str,
        chess960: bool,
        notation: i32,
    ) -> PyResult<String> {
        let moves = [r#move.to_string()];
        Ok(self
            .san_moves(py, fen, &moves, chess960, notation)?
            .remove(0))
    }

    /// The SAN of each move of `moves` (UCI), played one after the other from `fen`,
    /// as `get_san` writes them.
    #[pyo3(signature = (fen, moves, chess960 = false, notation = 0))]
    pub(crate) fn get_san_moves(
        &self,
        py: Python<'_>,
        fen: &str,
        moves: Vec<String>,
        chess960: bool,
        notation: i32,
    ) -> PyResult<Vec<String>> {
        self.san_moves(py, fen, &moves, chess960, notation)
    }

    /// Whether `move` (UCI), played after `moves` from `fen`, takes a piece (en passant
    /// and captures in passing too; a drop never). Raises `MoveError` for a move that
    /// is not legal there.
    #[pyo3(signature = (fen, moves, r#move))]
    pub(crate) fn is_capture(
        &self,
        py: Python<'_>,
        fen: &str,
        moves: Vec<String>,
        r#move: &str,
    ) -> PyResult<bool> {
        let pos = self.play(py, fen, &moves)?;
        match self.game.parse_uci(&pos, r#move) {
            Some(m) => Ok(m.is_capture()),
            None => Err(errors::move_error(
                py,
                moves.len(),
                r#move,
                &self.game.fen(&pos),
            )),
        }
    }

    /// `None` while the game goes on after `moves`, else `(score, reason)`: score
    /// `"1-0"`, `"0-1"` or `"1/2-1/2"`, reason such as `"checkmate"` or `"stalemate"`.
    #[pyo3(signature = (fen, moves = Vec::new()))]
    fn result(
        &self,
        py: Python<'_>,
        fen: &str,
        moves: Vec<String>,
    ) -> PyResult<Option<(&'static str, String)>> {
        let line = self.line(py, fen, &moves)?;
        Ok(end::result(&self.game, &line))
    }

    /// What about the position of `fen` no game by these rules can reach (a side
    /// without its royal piece, the side not to move in check...): one text each;
    /// empty for positions reached from the start. Such positions are played as given.
    fn position_warnings(&self, py: Python<'_>, fen: &str) -> PyResult<Vec<String>> {
        let pos = self.play(py, fen, &[])?;
        let warnings = self.game.position_warnings(&pos);
        Ok(warnings.iter().map(|w| w.to_string()).collect())
    }

    /// Perft: the number of leaf nodes of the legal move tree `depth` plies deep from
    /// `fen` (at most 64 plies; deeper is a `piecewise.Error`). Runs
    /// without the GIL; raises `TimeoutError` after `max_ms` milliseconds (default
    /// 60,000, the command line's; 0 or `None` for no limit) and `KeyboardInterrupt` on
    /// Ctrl-C.
    #[pyo3(signature = (fen, depth, *, max_ms = Some(perft::DEFAULT_MAX_MS)))]
    fn perft(&self, py: Python<'_>, fen: &str, depth: u32, max_ms: Option<u64>) -> PyResult<u64> {
        if depth > perft::MAX_DEPTH {
            return Err(errors::error(format!(
                "depth {depth} is over {}, the deepest perft counted",
                perft::MAX_DEPTH
            )));
        }
        let pos = self.play(py, fen, &[])?;
        let limit = match max_ms {
            None | Some(0) => None,
            Some(ms) => Some(Duration::from_millis(ms)),
        };
        perft::perft(py, &self.game, pos, depth, limit)
    }

    /// The path tree of the piece on `cell` after `moves` from `fen` — every way it
    /// travels and what it meets — as the dict of docs/json.md (`piecewise tree
    /// --json`). Raises `CellError` for a cell not on the board or an empty one.
    #[pyo3(signature = (fen, cell, moves = Vec::new()))]
    fn path_tree<'py>(
        &self,
        py: Python<'py>,
        fen: &str,
        cell: &str,
        moves: Vec<String>,
    ) -> PyResult<Bound<'py, PyAny>> {
        let json = self.tree_json(py, fen, cell, moves)?;
        data::json_to_py(py, &json)
    }

    /// `path_tree` as JSON text (compact), as `piecewise tree --json` prints it.
    #[pyo3(signature = (fen, cell, moves = Vec::new()))]
    fn path_tree_json(
        &self,
        py: Python<'_>,
        fen: &str,
        cell: &str,
        moves: Vec<String>,
    ) -> PyResult<String> {
        Ok(self.tree_json(py, fen, cell, moves)?.to_string())
    }

    fn __repr__(&self) -> String {
        let name = self
            .game
            .name()
            .map_or(String::new(), |n| format!("{n:?}, "));
        format!(
            "<piecewise.Game {name}file={:?}, board {}, {} pieces>",
            self.file,
            self.game.board().describe(),
            self.game.piece_count()
        )
    }
}

impl Game {
    fn tree_json(
        &self,
        py: Python<'_>,
        fen: &str,
        cell: &str,
        moves: Vec<String>,
    ) -> PyResult<serde_json::Value> {
        let pos = self.play(py, fen, &moves)?;
        let from = self.cell(py, cell)?;
        let rules = self.game.rules();
        let tree = rules
            .path_tree(&pos, from)
            .ok_or_else(|| errors::cell_error(py, cell, format!("there is no piece on {cell}")))?;
        Ok(tree.to_json(rules.table().table()))
    }
}
