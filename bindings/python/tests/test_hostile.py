"""Hostile arguments (issue 34, item 9): lone surrogates, NUL bytes, huge strings,
huge and negative numbers, paths that are not files. Every call returns or raises a
`piecewise.Error` or the standard exception Python raises for such an argument
(UnicodeEncodeError, ValueError, TypeError, OverflowError, OSError naming the path,
TimeoutError) — never `pyo3_runtime.PanicException` (a BaseException) or a crash.
And perft's `max_ms`: 60 s by default, 0 (or None) for no limit, as in the CLI."""
import errno
import os
import pathlib
import time

import pytest

import piecewise
from conftest import rules_path

START = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
ALLOWED = (piecewise.Error, TypeError, ValueError, OverflowError, OSError)


@pytest.fixture(scope="module")
def chess():
    return piecewise.Game.from_file(rules_path("chess"))


def test_a_path_with_a_lone_surrogate_raises_unicode_encode_error():
    for path in ["\ud800", "rules/\udfff.rules", pathlib.PurePosixPath("\ud800")]:
        with pytest.raises(UnicodeEncodeError):
            piecewise.Game.from_file(path)


def test_a_path_with_a_nul_byte_raises_value_error_as_open_does():
    for path in ["a\0b.rules", b"a\0b", rules_path("chess") + "\0"]:
        with pytest.raises(ValueError) as info:
            piecewise.Game.from_file(path)
        assert not isinstance(info.value, piecewise.Error)
        assert "null byte" in str(info.value)


def test_paths_as_open_takes_them():
    path = rules_path("chess")
    for arg in [path, pathlib.Path(path), os.fsencode(path)]:
        assert piecewise.Game.from_file(arg).cells[0] == "a1"
    with pytest.raises(TypeError):
        piecewise.Game.from_file(None)


def test_an_unreadable_file_raises_os_error_naming_it(tmp_path):
    missing = tmp_path / "nowhere.rules"
    with pytest.raises(FileNotFoundError) as info:
        piecewise.Game.from_file(missing)
    assert info.value.filename == str(missing) and info.value.errno == errno.ENOENT
    assert str(missing) in str(info.value)
    with pytest.raises(IsADirectoryError) as info:
        piecewise.Game.from_file(tmp_path)
    assert info.value.filename == str(tmp_path)
    # A name that is not UTF-8 (bytes, surrogate-escaped): still named.
    with pytest.raises(FileNotFoundError):
        piecewise.Game.from_file(os.fsencode(str(tmp_path)) + b"/\xff.rules")


@pytest.mark.skipif(not os.path.exists("/dev/zero"), reason="no /dev/zero")
def test_a_device_that_never_ends_is_an_os_error_not_gigabytes():
    t = time.monotonic()
    with pytest.raises(OSError) as info:
        piecewise.Game.from_file("/dev/zero")
    assert info.value.errno == errno.EFBIG and info.value.filename == "/dev/zero"
    assert "the most read" in str(info.value)
    assert time.monotonic() - t < 10


def test_surrogates_in_any_text_argument_raise_unicode_encode_error(chess):
    s = "\ud800"
    for call in [lambda: piecewise.Game(s), lambda: piecewise.Game("board square 8x8", file=s),
                 lambda: piecewise.Game.from_text("x" + s), lambda: chess.legal_moves(s),
                 lambda: chess.legal_moves(START, ["e2e4", s]), lambda: chess.get_fen(START + s),
                 lambda: chess.gives_check(s), lambda: chess.game_result(START, [s]),
                 lambda: chess.is_immediate_game_end(s), lambda: chess.is_optional_game_end(s),
                 lambda: chess.result(s), lambda: chess.position_warnings(s),
                 lambda: chess.perft(s, 1), lambda: chess.path_tree(START, s),
                 lambda: chess.path_tree_json(START, "e1" + s)]:
        with pytest.raises(UnicodeEncodeError):
            call()


def test_nul_bytes_and_huge_strings_are_piecewise_errors(chess):
    huge = "8/" * 1_000_000
    for call in [lambda: chess.legal_moves(START.replace("w", "\0")),
                 lambda: chess.legal_moves(huge), lambda: chess.get_fen("r" * 5_000_000),
                 lambda: chess.get_fen(START, ["e2e4\0"]), lambda: chess.get_fen(START, ["e" * 5_000_000]),
                 lambda: chess.path_tree(START, "e1\0"), lambda: chess.path_tree(START, "a" * 5_000_000),
                 lambda: chess.perft(huge, 1), lambda: chess.result(START, ["\0"])]:
        t = time.monotonic()
        with pytest.raises(piecewise.Error):
            call()
        assert time.monotonic() - t < 5
    with pytest.raises(piecewise.RulesError):
        piecewise.Game("board square 8x8\0piece K (K) { step any }")
    game = piecewise.Game("board square 8x8\npiece K (K) { step any }", file="a\0b.rules")
    assert game.file == "a\0b.rules"


def test_clocks_at_their_maximum_do_not_overflow(chess):
    fen = "4k3/8/8/8/8/8/8/4K3 w - - 4294967295 4294967295"
    moves = ["e1e2", "e8e7", "e2e1"]
    assert chess.get_fen(fen, moves).endswith(" 4294967295 4294967295")
    assert chess.game_result(fen, moves) == piecewise.VALUE_DRAW
    assert chess.is_optional_game_end(fen, moves)[0] in (True, False)
    assert chess.is_immediate_game_end(fen, moves)[0] in (True, False)
    chess.result(fen, moves)
    assert chess.legal_moves(fen, moves)


def test_perft_depths_out_of_range(chess):
    with pytest.raises(OverflowError):
        chess.perft(START, -1)
    with pytest.raises(OverflowError):
        chess.perft(START, 2 ** 32)
    for depth in (65, 1000, 2 ** 32 - 1):
        with pytest.raises(piecewise.Error) as info:
            chess.perft(START, depth)
        assert "over 64" in str(info.value)
    with pytest.raises(OverflowError):
        chess.perft(START, 3, max_ms=-1)
    with pytest.raises(OverflowError):
        chess.perft(START, 3, max_ms=2 ** 64)
    assert chess.perft(START, 3, max_ms=2 ** 64 - 1) == 8902


def test_max_ms_zero_means_no_limit_as_in_the_cli(chess):
    # Before: max_ms=0 stopped at once (a TimeoutError after 0 ms).
    assert chess.perft(START, 4, max_ms=0) == 197281
    assert chess.perft(START, 4, max_ms=None) == 197281
    # A limit still stops a deep count, soon.
    t = time.monotonic()
    with pytest.raises(TimeoutError) as info:
        chess.perft(START, 64, max_ms=100)
    assert "the limit is 100 ms" in str(info.value)
    assert time.monotonic() - t < 5


def test_the_default_perft_limit_is_the_cli_s_60_seconds(chess):
    assert "60,000" in piecewise.Game.perft.__doc__ and "0 or `None` for no limit" in \
        piecewise.Game.perft.__doc__


def test_no_hostile_argument_escapes_as_a_panic(chess):
    """Every method with every hostile value in every place: only ALLOWED exceptions
    (PanicException is a BaseException and would get past `except Exception`)."""
    values = ["\ud800", "\0", "", " ", "é" * 1000, "x" * 100_000, -1, 2 ** 70, 0, None, b"e2e4",
              ["\udc00"], ["\0"], [""] * 1000, 3.5]
    methods = [
        (chess.legal_moves, 2), (chess.get_fen, 2), (chess.gives_check, 2),
        (chess.game_result, 2), (chess.is_immediate_game_end, 2), (chess.is_optional_game_end, 2),
        (chess.result, 2), (chess.position_warnings, 1), (chess.path_tree, 3),
        (chess.path_tree_json, 3),
    ]
    normal = [START, "e1", []]
    for method, arity in methods:
        for place in range(arity):
            for v in values:
                args = [START, []] if arity == 2 else normal[:arity]
                if method in (chess.path_tree, chess.path_tree_json):
                    args = [START, "e1", []]
                args[place] = v
                try:
                    method(*args)
                except ALLOWED:
                    pass
    for v in values:
        for call in [lambda: chess.perft(START, v), lambda: chess.perft(v, 1),
                     lambda: chess.perft(START, 1, max_ms=v), lambda: piecewise.Game(v),
                     lambda: piecewise.Game("board square 8x8", file=v),
                     lambda: piecewise.Game.from_file(v)]:
            try:
                call()
            except ALLOWED:
                pass
