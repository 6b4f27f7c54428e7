"""piecewise: a declarative language for how game pieces move.

Compile a `.rules` file into a `Game`, then ask it what pyffish answers for a
Fairy-Stockfish variant: legal moves, FEN after moves, check, game end, perft; plus
the path tree of a piece. Positions are FEN text as Fairy-Stockfish writes it, moves
are UCI text as Fairy-Stockfish prints them.

>>> import piecewise
>>> game = piecewise.Game.from_file("rules/chess.rules")
>>> fen = game.start_fen()
>>> len(game.legal_moves(fen, ["e2e4"]))
20
>>> game.perft(fen, 3)
8902
"""

from os import PathLike
from typing import Any, Dict, List, Optional, Sequence, Tuple, Union

__version__: str

def variants() -> List[str]:
    """The names of the shipped games, sorted, as pyffish's `variants()`."""

Moves = Sequence[str]
"""A list of moves in UCI."""

Variant = Union[str, "Game"]
"""A shipped game's name (as `variants()` lists them) or a `Game`."""

def start_fen(variant: Variant) -> str:
    """The start position's FEN (pyffish's `start_fen`)."""
def legal_moves(variant: Variant, fen: str, moves: Moves = ...) -> List[str]:
    """The legal moves after `moves`, sorted UCI (pyffish's `legal_moves`)."""
def get_fen(variant: Variant, fen: str, moves: Moves = ...) -> str:
    """The FEN after `moves` (pyffish's `get_fen`)."""
def gives_check(variant: Variant, fen: str, moves: Moves = ...) -> bool:
    """Whether the side to move is in check after `moves` (pyffish's `gives_check`)."""
def get_san(variant: Variant, fen: str, move: str, chess960: bool = False, notation: int = 0) -> str:
    """The SAN of `move` in `fen` (pyffish's `get_san`; notations 0 and 1, which
    are both Fairy-Stockfish's SAN here)."""
def get_san_moves(variant: Variant, fen: str, moves: Moves, chess960: bool = False, notation: int = 0) -> List[str]:
    """The SAN of each of `moves` played in turn from `fen`."""
def is_capture(variant: Variant, fen: str, moves: Moves, move: str) -> bool:
    """Whether `move`, after `moves`, takes a piece (pyffish's `is_capture`)."""
def has_insufficient_material(variant: Variant, fen: str, moves: Moves = ...) -> Tuple[bool, bool]:
    """(white, black): whether each side lacks the material to mate."""
def validate_fen(fen: str, variant: Variant) -> int:
    """1 for a position of the variant, else Fairy-Stockfish's negative code."""
def game_result(variant: Variant, fen: str, moves: Moves = ...) -> int:
    """The value for the side to move when the game is over, else 0."""
def is_immediate_game_end(variant: Variant, fen: str, moves: Moves = ...) -> Tuple[bool, int]:
    """(ended, value) for an end the rules impose at once."""
def is_optional_game_end(variant: Variant, fen: str, moves: Moves = ...) -> Tuple[bool, int]:
    """(claimable, value) for an end a player may claim."""

VALUE_MATE: int
"""A won game's value for the winner (32000, Fairy-Stockfish's VALUE_MATE)."""

VALUE_DRAW: int
"""A drawn game's value (0)."""

class Error(ValueError):
    """The base class of piecewise's errors about bad input."""

class RulesError(Error):
    """Rules that do not compile. `str(e)` is every diagnostic rendered rustc-style."""

    file: str
    """The file name shown: the path given to `Game.from_file`, else `"<rules>"`."""
    line: Optional[int]
    """The line of the first error, from 1."""
    column: Optional[int]
    """The column of the first error, from 1, in characters."""
    code: Optional[str]
    """The first error's code (`"E0302"`); None for a file that is not UTF-8."""
    message: Optional[str]
    """What the first error says is wrong."""
    diagnostics: List[Diagnostic]
    """Every error and warning, in source order."""

class FenError(Error):
    """A FEN that cannot be read. `str(e)` quotes it with a caret under the character."""

    fen: str
    """The FEN text."""
    column: int
    """The character where it goes wrong, from 1."""
    message: str
    """What is wrong."""
    kind: str
    """The kind of error, for branching: `"UnknownLetter"`, `"RankTooLong"`, ..."""

class MoveError(Error):
    """A move of a move list that is not legal where it is played."""

    move: str
    """The move's text."""
    index: int
    """Its place in the move list, from 0 (the text counts from 1)."""
    fen: str
    """The position it was tried in."""
    message: str
    """What is wrong."""

class CellError(Error):
    """A cell name that is not on the board, or a cell without a piece."""

    cell: str
    """The cell as given."""
    message: str
    """What is wrong."""

class Diagnostic:
    """One error or warning about a rules file, with its place."""

    code: str
    """A stable code such as `"E0201"` (errors) or `"W0001"` (warnings)."""
    severity: str
    """`"error"` or `"warning"`."""
    message: str
    """The headline: what is wrong."""
    file: str
    """The file name shown."""
    line: int
    """The line of the primary span, from 1."""
    column: int
    """The column of the primary span, from 1, in characters."""
    end_line: int
    """The line where the primary span ends."""
    end_column: int
    """The column just past the primary span."""
    label: str
    """The text under the primary span ("" if none)."""
    help: Optional[str]
    """The help line, if any."""
    notes: List[str]
    """Further notes."""

class Game:
    """A compiled rules file: board, pieces and game rules.

    `Game(text, file=None)` compiles rules text; `file` names it in diagnostics and
    graph board files are looked up beside it. Raises `RulesError` when the rules do
    not compile.
    """

    def __init__(self, text: str, file: Optional[str] = None) -> None: ...
    @classmethod
    def from_text(cls, text: str, file: Optional[str] = None) -> Game:
        """Compiles rules text (the same as `Game(text, file)`)."""
    @classmethod
    def variant(cls, name: str) -> Game:
        """The shipped game of that name (as `variants()` lists them, Fairy-Stockfish's
        names: `Game.variant("3check")`); raises `Error` naming the closest names for an
        unknown one."""
    @classmethod
    def from_file(cls, path: Union[str, bytes, PathLike[str], PathLike[bytes]]) -> Game:
        """Reads and compiles a `.rules` file (graph board files it names are found
        beside it); `path` as `open` takes it. Raises `UnicodeEncodeError` for a path
        with a lone surrogate, `ValueError` for one with a NUL byte, `OSError` (with
        `errno` and `filename`: `FileNotFoundError`, ...) if it cannot be read or is
        over 64 MiB, `RulesError` if it is not UTF-8 or does not compile."""
    @property
    def file(self) -> str:
        """The file name diagnostics show."""
    @property
    def name(self) -> Optional[str]:
        """The `game` name the file declares, or None."""
    @property
    def warnings(self) -> List[Diagnostic]:
        """The compilation's warnings."""
    @property
    def pieces(self) -> List[Dict[str, Any]]:
        """The pieces in declaration order: `name`, `letter` (the first side's FEN
        letter, `+P` for a promoted piece, `*` for a neutral piece), `royal`,
        `neutral` (the piece belongs to no side)."""
    @property
    def board(self) -> Dict[str, Any]:
        """`kind` ("square", "hex", "tri", "octo", "graph"), `width`, `height`,
        `cells` (how many), `description`."""
    @property
    def cells(self) -> List[str]:
        """The cell names in cell-id order."""
    @property
    def has_hand(self) -> bool:
        """Whether captured pieces go to a hand and may be dropped."""
    def start_fen(self) -> str:
        """The start position's FEN. Raises `Error` if the rules declare none."""
    def legal_moves(self, fen: str, moves: Moves = ...) -> List[str]:
        """The legal moves (UCI, sorted) after playing `moves` from `fen`. Raises
        `FenError`, or `MoveError` for an illegal move in `moves`."""
    def get_fen(self, fen: str, moves: Moves = ...) -> str:
        """The FEN after playing `moves` from `fen`, as Fairy-Stockfish writes it."""
    def gives_check(self, fen: str, moves: Moves = ...) -> bool:
        """Whether the side to move is in check after `moves`."""
    def game_result(self, fen: str, moves: Moves = ...) -> int:
        """The game's value for the side to move when it has no legal move after
        `moves`: -VALUE_MATE (lost), VALUE_MATE (won), VALUE_DRAW; VALUE_DRAW while the
        game goes on."""
    def is_immediate_game_end(self, fen: str, moves: Moves = ...) -> Tuple[bool, int]:
        """(ended, value): whether a rule ends the game at once although the side to
        move has legal moves, and the value for the side to move (0 if not ended)."""
    def is_optional_game_end(self, fen: str, moves: Moves = ...) -> Tuple[bool, int]:
        """(claimable, value): whether a player may claim the game's end, and the value
        for the side to move (0 if not)."""
    def has_insufficient_material(self, fen: str, moves: Moves = ...) -> Tuple[bool, bool]:
        """(white, black): whether each side lacks the material to mate, as
        Fairy-Stockfish's `has_insufficient_material` decides it."""
    def validate_fen(self, fen: str) -> int:
        """1 for a position of this game, else Fairy-Stockfish's negative code."""
    def get_san(self, fen: str, move: str, chess960: bool = False, notation: int = 0) -> str:
        """The SAN of `move` in `fen`, as Fairy-Stockfish's SAN writes it."""
    def get_san_moves(self, fen: str, moves: Moves, chess960: bool = False, notation: int = 0) -> List[str]:
        """The SAN of each of `moves` played in turn from `fen`."""
    def is_capture(self, fen: str, moves: Moves, move: str) -> bool:
        """Whether `move`, after `moves`, takes a piece."""
    def result(self, fen: str, moves: Moves = ...) -> Optional[Tuple[str, str]]:
        """None while the game goes on, else (score, reason): "1-0", "0-1" or
        "1/2-1/2", and "checkmate", "stalemate", ..."""
    def position_warnings(self, fen: str) -> List[str]:
        """What about the position no game by these rules can reach (empty for
        positions reached from the start)."""
    def perft(self, fen: str, depth: int, *, max_ms: Optional[int] = 60000) -> int:
        """Leaf nodes of the legal move tree `depth` plies deep (at most 64: deeper
        raises `piecewise.Error`; negative `OverflowError`). Runs without the GIL;
        raises `TimeoutError` after `max_ms` ms (default 60,000, the CLI's; 0 or None:
        no limit, as `--max-ms 0`), `KeyboardInterrupt` on Ctrl-C."""
    def path_tree(self, fen: str, cell: str, moves: Moves = ...) -> Dict[str, Any]:
        """The path tree of the piece on `cell` as the dict of docs/json.md. Raises
        `CellError` for a cell off the board or an empty one."""
    def path_tree_json(self, fen: str, cell: str, moves: Moves = ...) -> str:
        """`path_tree` as compact JSON text."""
