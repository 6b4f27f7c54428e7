"""Bad input raises a clear exception that says what and where, never a crash: rules
files, FENs, moves, cells, argument types, and random hostile text."""
import random

import pytest

import piecewise
from conftest import rules_path

START = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
BAD_RULES = """board square 8x8
piece Knight (N) { leap (1,2) }
piece Wazir (W) { step orthogonall }
"""


def test_malformed_rules_file_raises_rules_error_with_its_place(tmp_path):
    path = tmp_path / "bad.rules"
    path.write_text(BAD_RULES)
    with pytest.raises(piecewise.RulesError) as info:
        piecewise.Game.from_file(path)
    e = info.value
    assert isinstance(e, ValueError) and isinstance(e, piecewise.Error)
    assert e.file == str(path)
    # `orthogonall` starts on line 3, column 24.
    assert (e.line, e.column) == (3, 24)
    assert e.code == "E0401"
    assert "orthogonall" in e.message
    assert [(d.line, d.column, d.severity) for d in e.diagnostics] == [(3, 24, "error")]
    d = e.diagnostics[0]
    assert (d.end_line, d.end_column) == (3, 35)
    assert d.file == str(path) and d.code == "E0401"
    assert str(d) == f"{path}:3:24: error[E0401]: {d.message}"
    text = str(e)
    assert f"{path}:3:24" in text and "step orthogonall" in text and "^^^" in text


def test_rules_text_errors_name_the_given_file_and_list_every_error():
    source = "board square 8x8\npiece A (N) { leap (1,2) }\npiece B (N) { step foo }\n"
    with pytest.raises(piecewise.RulesError) as info:
        piecewise.Game(source, file="mine.rules")
    e = info.value
    assert e.file == "mine.rules"
    assert [(d.code, d.line, d.column) for d in e.diagnostics] == [
        ("E0302", 3, 10), ("E0401", 3, 20)]
    assert (e.line, e.column, e.code) == (3, 10, "E0302")
    with pytest.raises(piecewise.RulesError) as info:
        piecewise.Game.from_text("board square 0x0")
    assert info.value.file == "<rules>" and info.value.line == 1


def test_a_rules_file_that_is_not_text(tmp_path):
    path = tmp_path / "binary.rules"
    path.write_bytes(b"board square 8x8\npiece K\xff (K) { step any }\n")
    with pytest.raises(piecewise.RulesError) as info:
        piecewise.Game.from_file(str(path))
    e = info.value
    assert (e.line, e.column) == (2, 8)
    assert "UTF-8" in e.message and str(path) in str(e)


def test_a_missing_rules_file_raises_os_error(tmp_path):
    with pytest.raises(FileNotFoundError):
        piecewise.Game.from_file(tmp_path / "nowhere.rules")
    with pytest.raises(OSError):
        piecewise.Game.from_file(tmp_path)  # a directory


def test_oversized_rules_text_is_refused_at_once():
    with pytest.raises(piecewise.RulesError) as info:
        piecewise.Game("#" * (2 << 20))
    assert info.value.code == "E0008"


@pytest.mark.parametrize("fen, column, kind", [
    ("", 1, "Empty"),
    ("rnbqkbnr/ppppXppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", 14, "UnknownLetter"),
    ("rnbqkbnr/pppppppp/9/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", 19, "RankTooLong"),
    ("rnbqkbnr/pppppppp/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", None, "RankCount"),
    ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR x KQkq - 0 1", 45, "SideToMove"),
    ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - zero 1", None, "NotANumber"),
    ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq z9 0 1", None, "NotACell"),
    ("8/8/8/8/8/8/8/8/8/8/8/8/8/8 w - - 0 1", None, "RankCount"),
    ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKéNR w KQkq - 0 1", 41, "UnexpectedInBoard"),
    ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQK\0NR w KQkq - 0 1", 41, None),
])
def test_malformed_fen_raises_fen_error_with_the_character(chess, fen, column, kind):
    for call in (lambda: chess.legal_moves(fen), lambda: chess.get_fen(fen, []),
                 lambda: chess.perft(fen, 2), lambda: chess.game_result(fen),
                 lambda: chess.path_tree(fen, "e1")):
        with pytest.raises(piecewise.FenError) as info:
            call()
        e = info.value
        assert e.fen == fen and e.message and e.message in str(e)
        if column is not None:
            assert e.column == column, str(e)
        if kind is not None:
            assert e.kind == kind, str(e)
        # The caret stands under the character named.
        lines = str(e).split("\n")
        assert lines[-1].index("^") - lines[-2].index(fen[:1] or "|") == e.column - 1 \
            or fen == ""


def test_illegal_moves_raise_move_error_with_index_and_position(chess):
    with pytest.raises(piecewise.MoveError) as info:
        chess.legal_moves(START, ["e2e4", "e7e5", "e1e3"])
    e = info.value
    assert (e.move, e.index) == ("e1e3", 2)
    assert e.fen == "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2"
    assert "e1e3" in str(e) and e.fen in str(e)
    for bad in ["", "e2", "e2e4e6", "z9z8", "e2e5", "P@e4", "e7e8q", "e2e4 ", "\0",
                "e2e4" * 1000, "é2e4"]:
        with pytest.raises(piecewise.MoveError) as info:
            chess.get_fen(START, [bad])
        assert info.value.move == bad and info.value.index == 0
    # After checkmate nothing is legal.
    with pytest.raises(piecewise.MoveError):
        chess.get_fen(START, ["f2f3", "e7e5", "g2g4", "d8h4", "a2a3"])


def test_bad_cells_raise_cell_error(chess):
    with pytest.raises(piecewise.CellError) as info:
        chess.path_tree(START, "e4")
    assert info.value.cell == "e4" and "no piece" in str(info.value)
    for cell in ["i1", "a9", "", "e", "a0", "e1e2", "-1"]:
        with pytest.raises(piecewise.CellError) as info:
            chess.path_tree(START, cell)
        assert info.value.cell == cell and "not a cell" in str(info.value)


@pytest.mark.parametrize("call", [
    lambda g: g.legal_moves(None),
    lambda g: g.legal_moves(42),
    lambda g: g.legal_moves(START.encode()),
    lambda g: g.legal_moves(START, "e2e4"),        # a string is not a move list
    lambda g: g.legal_moves(START, [1, 2]),
    lambda g: g.legal_moves(START, None),
    lambda g: g.get_fen(START, [b"e2e4"]),
    lambda g: g.perft(START, "3"),
    lambda g: g.perft(START, 2.5),
    lambda g: g.perft(START, 3, max_ms="soon"),
    lambda g: g.path_tree(START, 12),
    lambda g: piecewise.Game(None),
    lambda g: piecewise.Game(b"board square 8x8"),
    lambda g: piecewise.Game.from_file(3.5),
])
def test_wrong_argument_types_raise_type_error(chess, call):
    with pytest.raises(TypeError):
        call(chess)


def test_out_of_range_numbers_raise_overflow_error(chess):
    with pytest.raises(OverflowError):
        chess.perft(START, -1)
    with pytest.raises(OverflowError):
        chess.perft(START, 2 ** 40)
    with pytest.raises(OverflowError):
        chess.perft(START, 3, max_ms=-5)


def test_a_deep_perft_stops_at_its_time_limit(chess):
    with pytest.raises(TimeoutError) as info:
        chess.perft(START, 64, max_ms=200)
    assert "200 ms" in str(info.value)


def test_no_start_position_is_an_error():
    game = piecewise.Game("board square 4x4\npiece King (K) { step any }")
    with pytest.raises(piecewise.Error) as info:
        game.start_fen()
    assert "start" in str(info.value)
    assert game.legal_moves("4/4/1K2/4 w") == sorted(
        ["b2a1", "b2b1", "b2c1", "b2a2", "b2c2", "b2a3", "b2b3", "b2c3"])


def test_random_hostile_text_only_raises_piecewise_errors():
    """Random and mutated FENs, moves, cells and rules text: every call returns or
    raises a piecewise.Error, nothing else (no PanicException, no crash)."""
    rng = random.Random(15)
    games = [piecewise.Game.from_file(rules_path(n)) for n in ("chess", "shogi", "xiangqi")]
    alphabet = "rnbqkpRNBQKP12345678/ -wb[]+~@*KQkq0123456789abcdefghijz\0é\n"
    for i in range(3000):
        game = games[i % len(games)]
        start = game.start_fen()
        if rng.random() < 0.5:
            chars = list(start)
            for _ in range(rng.randint(1, 4)):
                chars.insert(rng.randrange(len(chars) + 1), rng.choice(alphabet))
                if chars and rng.random() < 0.5:
                    del chars[rng.randrange(len(chars))]
            fen = "".join(chars)
        else:
            fen = "".join(rng.choice(alphabet) for _ in range(rng.randint(0, 80)))
        moves = ["".join(rng.choice("abcdefghi123456789+@P") for _ in range(rng.randint(0, 6)))
                 for _ in range(rng.randint(0, 2))]
        cell = "".join(rng.choice("abcdefghijz0123456789") for _ in range(rng.randint(0, 3)))
        for call in (lambda: game.legal_moves(fen, moves), lambda: game.get_fen(fen),
                     lambda: game.gives_check(fen), lambda: game.game_result(fen, moves),
                     lambda: game.is_immediate_game_end(fen), lambda: game.perft(fen, 1),
                     lambda: game.path_tree(fen, cell), lambda: game.position_warnings(fen)):
            try:
                call()
            except piecewise.Error:
                pass
    for _ in range(300):
        text = "".join(rng.choice("board square 8x8 piece King (K) { step any leap ride "
                                  "then via , }\n#()0123456789-+") for _ in range(rng.randint(0, 120)))
        try:
            piecewise.Game(text)
        except piecewise.RulesError as e:
            assert e.diagnostics and e.line >= 1 and e.column >= 1


def test_a_signal_handler_s_exception_stops_a_running_perft(chess):
    """Ctrl-C: perft lets Python run its signal handlers while it counts; the handler's
    exception (KeyboardInterrupt for Ctrl-C, a custom one here) ends the count."""
    import signal
    import time

    class Stop(Exception):
        pass

    def handler(signum, frame):
        raise Stop()

    previous = signal.signal(signal.SIGALRM, handler)
    try:
        signal.setitimer(signal.ITIMER_REAL, 0.2)
        t = time.monotonic()
        with pytest.raises(Stop):
            chess.perft(START, 64, max_ms=None)
        assert time.monotonic() - t < 5
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)
    # The game is still usable after the interrupted count.
    assert chess.perft(START, 3) == 8902
