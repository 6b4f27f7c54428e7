"""The package against pyffish (Fairy-Stockfish) on seeded random playouts of every
shipped game Fairy-Stockfish knows (tests/differential/run.py's list and conventions).

In every position reached: the legal moves (from the FEN alone, and from the start
FEN with the moves played so far), the FEN written after each move (board, hand, side,
castling, en passant: the fields run.py compares), `gives_check`, and at the end of a
game without legal moves, `game_result`. The one intended difference, shogi's
checkmating pawn drop, is left out of pyffish's lists as run.py does.
"""
import random

import pytest

import piecewise
from conftest import rules_path

# run.py's list, repeated here so that test ids exist before pyffish is imported.
GAMES = ["chess", "capablanca", "grand", "shatranj", "makruk", "xiangqi", "shogi",
         "minishogi", "crazyhouse", "nightrider", "grasshopper", "antichess"]
MAX_PLIES = 120


def test_game_list_is_run_py_s(differential):
    assert GAMES == differential.GAMES


def fen_fields(fen):
    """The fields run.py compares: board (with hand), side, castling, en passant.
    Makruk's counting rule puts a number where en passant would be: three fields."""
    parts = fen.split(" ")
    n = 3 if len(parts) > 3 and parts[3].isdigit() else 4
    return parts[:n]


@pytest.mark.parametrize("variant", GAMES)
def test_playouts_agree_with_pyffish(variant, differential, positions):
    sf = differential.sf
    with open(rules_path(variant)) as f:
        restricted = differential.not_mating_drops(f.read())
    game = piecewise.Game.from_file(rules_path(variant))
    rng = random.Random(f"pytest:{variant}")
    start = sf.start_fen(variant)
    checked = ends = 0
    while checked < positions:
        fen, played = start, []
        for _ in range(MAX_PLIES):
            legal = sf.legal_moves(variant, fen, [])
            expected = differential.expected_moves(variant, fen, legal, restricted)
            where = f"{variant}: {fen}"
            assert game.legal_moves(fen) == expected, where
            if len(played) % 10 == 0:
                assert game.legal_moves(start, played) == expected, f"{where} via moves"
            assert game.gives_check(fen) == sf.gives_check(variant, fen, []), where
            checked += 1
            if sf.is_immediate_game_end(variant, fen, [])[0]:
                break  # a rule piecewise does not declare yet ends the game here
            if not legal:
                assert game.game_result(fen) == sf.game_result(variant, fen, []), where
                assert game.result(fen) is not None, where
                ends += 1
                break
            assert game.result(fen) is None, where
            move = rng.choice(sorted(legal))
            after = sf.get_fen(variant, fen, [move])
            assert fen_fields(game.get_fen(fen, [move])) == fen_fields(after), \
                f"{where} moves {move}"
            fen = after
            played.append(move)
            if checked >= positions:
                break
    assert checked >= positions
