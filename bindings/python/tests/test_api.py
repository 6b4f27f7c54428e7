"""The package's API on known positions: counts and values with published or
Fairy-Stockfish-checked answers, the path tree equal to the CLI's `tree --json`, the
game's data, and the type stubs and docstrings covering every public name."""
import ast
import json
import os
import subprocess

import pytest

import piecewise
from conftest import REPO, rules_path

START = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
FOOLS_MATE = ["f2f3", "e7e5", "g2g4", "d8h4"]
STUBS = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "piecewise.pyi")


def test_start_fen_legal_moves_and_perft(chess):
    assert chess.start_fen() == START
    assert len(chess.legal_moves(START)) == 20
    assert chess.legal_moves(START) == sorted(chess.legal_moves(START))
    assert [chess.perft(START, d) for d in range(5)] == [1, 20, 400, 8902, 197281]
    kiwipete = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"
    assert chess.perft(kiwipete, 3) == 97862
    assert chess.perft(START, 4, max_ms=None) == 197281
    xiangqi = piecewise.Game.from_file(rules_path("xiangqi"))
    assert xiangqi.perft(xiangqi.start_fen(), 3) == 79666


def test_moves_are_played_in_order(chess):
    assert chess.get_fen(START, ["e2e4", "c7c5", "g1f3"]) == \
        "rnbqkbnr/pp1ppppp/8/2p5/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2"
    assert chess.get_fen(START, ("e2e4",)) == chess.get_fen(START, ["e2e4"])
    assert chess.legal_moves(START, ["e2e4", "d7d5"]).count("e4d5") == 1
    castle = "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1"
    assert chess.get_fen(castle, ["e1g1"]) == "r3k2r/8/8/8/8/8/8/R4RK1 b kq - 1 1"
    crazyhouse = piecewise.Game.from_file(rules_path("crazyhouse"))
    after = crazyhouse.get_fen(crazyhouse.start_fen(), ["e2e4", "d7d5", "e4d5", "d8d5"])
    assert after.split(" ")[0].endswith("[Pp]")
    assert "P@e4" in crazyhouse.legal_moves(crazyhouse.start_fen(),
                                            ["e2e4", "d7d5", "e4d5", "d8d5"])


def test_tags_and_neutral_movers_go_through_fen():
    # Tags are written after the piece's letter; a pawn that moved lost its `^`; the
    # castling rights are the kings' and rooks' tags (`&`).
    tags = piecewise.Game.from_file(rules_path("tags"))
    start = tags.start_fen()
    assert start.startswith("r&n!bqk&bn!r&/p^p^p^p^p^p^p^p^/")
    after = tags.get_fen(start, ["e2e4", "g8f6"])
    assert after == "r&n!bqk&b1r&/p^p^p^p^p^p^p^p^/5n2/8/4P3/8/P^P^P^P^1P^P^P^/R&N!BQK&BN!R& w - - 1 2"
    assert "b1d3" in tags.legal_moves(start) and "e4e6" not in tags.legal_moves(after)
    assert tags.perft(start, 2) == 22 * 22
    # Either side may move the neutral Star (`*`).
    movers = piecewise.Game.from_file(rules_path("neutral-movers"))
    fen = movers.get_fen(movers.start_fen(), ["c3c4"])
    assert fen.split(" ")[0] == "3k2/r5/2*3/6/5R/2K3"
    assert "c4d4" in movers.legal_moves(fen)


def test_check_and_game_values_as_pyffish_scores_them(chess):
    # The values pyffish 0.0.90 gives for these positions (see also crates/game/src/result.rs).
    assert chess.gives_check(START, FOOLS_MATE[:-1]) is False
    assert chess.gives_check(START, FOOLS_MATE) is True
    assert chess.game_result(START, FOOLS_MATE) == -piecewise.VALUE_MATE == -32000
    assert chess.result(START, FOOLS_MATE) == ("0-1", "checkmate")
    stalemate = "7k/5Q2/6K1/8/8/8/8/8 b - - 0 1"
    assert chess.game_result(stalemate) == piecewise.VALUE_DRAW == 0
    assert chess.result(stalemate) == ("1/2-1/2", "stalemate")
    assert chess.result(START) is None and chess.game_result(START) == 0
    xiangqi = piecewise.Game.from_file(rules_path("xiangqi"))
    assert xiangqi.game_result("4k4/9/4P4/9/9/9/9/9/9/3RKR3 b - - 0 1") == -32000
    assert xiangqi.result("4k4/9/4P4/9/9/9/9/9/9/3RKR3 b - - 0 1") == ("1-0", "stalemate")
    antichess = piecewise.Game.from_file(rules_path("antichess"))
    # No piece left: no legal move, and `stalemate win`.
    assert antichess.game_result("8/8/8/8/8/8/k7/8 w - - 0 1") == 32000
    for f in (chess.is_immediate_game_end, chess.is_optional_game_end):
        assert f(START) == (False, 0)
        assert f(START, FOOLS_MATE) == (False, 0)


def test_game_values_equal_pyffish_s(differential):
    sf = differential.sf
    cases = [("chess", START, FOOLS_MATE), ("chess", "7k/5Q2/6K1/8/8/8/8/8 b - - 0 1", []),
             ("xiangqi", "4k4/9/4P4/9/9/9/9/9/9/3RKR3 b - - 0 1", []),
             ("shatranj", "k7/2Q5/1K6/8/8/8/8/8 b - - 0 1", []),
             ("shogi", "k8/2G6/1G7/9/9/9/9/9/8K[-] b - 0 1", [])]
    for variant, fen, moves in cases:
        game = piecewise.Game.from_file(rules_path(variant))
        assert game.game_result(fen, moves) == sf.game_result(variant, fen, moves), variant
        assert game.gives_check(fen, moves) == sf.gives_check(variant, fen, moves), variant
        assert game.legal_moves(fen, moves) == sorted(sf.legal_moves(variant, fen, moves))


def test_path_tree_is_the_cli_s_tree_json(chess):
    tree = chess.path_tree(START, "g1")
    assert tree["piece"] == "Knight" and tree["from"] == "g1" and tree["side"] == "white"
    assert sorted(p["to"] for p in tree["plies"]) == ["f3", "h3"]
    assert json.loads(chess.path_tree_json(START, "g1")) == tree
    after = chess.path_tree(START, "d8", ["e2e4", "e7e5"])
    assert {p["to"] for p in after["plies"]} == {"e7", "f6", "g5", "h4"}
    binary = os.environ.get("PIECEWISE_BIN", os.path.join(REPO, "target", "debug", "piecewise"))
    if not os.path.exists(binary):
        pytest.skip(f"{binary} is not built (cargo build)")
    fen = "3p4/8/3P4/8/1P1O3r/8/8/8 w"
    fairy = piecewise.Game.from_file(rules_path("fairy"))
    out = subprocess.run([binary, "tree", rules_path("fairy"), "--fen", fen, "--from", "d4",
                          "--json"], capture_output=True, text=True, check=True).stdout
    assert fairy.path_tree(fen + " - - 0 1", "d4") == json.loads(out)


def test_game_data(chess):
    assert chess.name == "Chess" and chess.file == rules_path("chess")
    assert chess.board == {"kind": "square", "width": 8, "height": 8, "cells": 64,
                           "description": "square 8x8"}
    assert chess.cells[:3] == ["a1", "b1", "c1"] and len(chess.cells) == 64
    assert [p["letter"] for p in chess.pieces] == ["K", "Q", "R", "B", "N", "P"]
    assert [p["name"] for p in chess.pieces if p["royal"]] == ["King"]
    assert chess.has_hand is False and chess.warnings == []
    shogi = piecewise.Game.from_file(rules_path("shogi"))
    assert shogi.has_hand and "+P" in [p["letter"] for p in shogi.pieces]
    glinski = piecewise.Game.from_file(rules_path("glinski"))
    assert glinski.board["kind"] == "hex" and len(glinski.cells) == 91
    graph = piecewise.Game.from_file(rules_path("graph-chess"))  # board file found beside it
    assert graph.perft(graph.start_fen(), 3) == 8902
    assert "Chess" in repr(chess) and "square 8x8" in repr(chess)


def test_duck_chess_neutral_piece():
    duck = piecewise.Game.from_file(rules_path("duck"))
    assert [p["name"] for p in duck.pieces if p["neutral"]] == ["Duck"]
    assert not any(p["neutral"] for p in piecewise.Game.from_file(rules_path("chess")).pieces)
    start = duck.start_fen()
    assert len(duck.legal_moves(start)) == 640
    assert duck.get_fen(start, ["e2e4,e4d5"]) == \
        "rnbqkbnr/pppppppp/8/3*4/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1"
    assert duck.perft(start, 2) == 379440


def test_warnings_are_diagnostics():
    game = piecewise.Game("board square 8x8\nzone unused = rank 2\npiece King (K) { step any }\n")
    assert [(w.severity, w.line) for w in game.warnings] == [("warning", 2)]
    assert game.warnings[0].code.startswith("W")


def test_position_warnings(chess):
    assert chess.position_warnings(START) == []
    warnings = chess.position_warnings("8/8/8/8/8/8/8/K7 w - - 0 1")
    assert len(warnings) == 1 and "royal" in warnings[0]


def stub_names():
    """Module-level names and Game's members declared in piecewise.pyi."""
    tree = ast.parse(open(STUBS).read())
    top, members = set(), {}
    for node in tree.body:
        if isinstance(node, ast.ClassDef):
            top.add(node.name)
            members[node.name] = {n.name if hasattr(n, "name") else n.target.id
                                  for n in node.body
                                  if isinstance(n, (ast.FunctionDef, ast.AnnAssign))}
        elif isinstance(node, ast.FunctionDef):
            top.add(node.name)
        elif isinstance(node, ast.AnnAssign):
            top.add(node.target.id)
        elif isinstance(node, ast.Assign):
            top.update(t.id for t in node.targets)
    return top, members


def test_stubs_cover_the_module_and_everything_has_a_docstring():
    top, members = stub_names()
    public = {n for n in dir(piecewise) if not n.startswith("_")
              and type(getattr(piecewise, n)).__name__ != "module"}
    assert public <= top, public - top
    game_public = {n for n in dir(piecewise.Game) if not n.startswith("_")}
    assert game_public == members["Game"] - {"__init__"}
    assert {n for n in dir(piecewise.Diagnostic) if not n.startswith("_")} == \
        members["Diagnostic"]
    for name in public:
        obj = getattr(piecewise, name)
        if isinstance(obj, type):
            assert obj.__doc__, name
    for name in game_public:
        assert getattr(piecewise.Game, name).__doc__, f"Game.{name}"
    for cls in (piecewise.RulesError, piecewise.FenError, piecewise.MoveError,
                piecewise.CellError):
        assert issubclass(cls, piecewise.Error) and issubclass(cls, ValueError)


def test_graph_board_files_are_found_beside_the_named_file():
    with open(rules_path("graph-chess")) as f:
        text = f.read()
    game = piecewise.Game(text, file=rules_path("graph-chess"))
    assert game.perft(game.start_fen(), 2) == 400


def test_the_module_has_a_docstring_and_a_version():
    assert "Game" in piecewise.__doc__ and "RulesError" in piecewise.__doc__
    assert piecewise.__version__ == "0.1.0"
    assert piecewise.VALUE_MATE == 32000 and piecewise.VALUE_DRAW == 0


def test_shipped_games_open_by_name_as_pyffish_lists_them():
    names = piecewise.variants()
    assert names == sorted(names)
    for name in ["chess", "3check", "kingofthehill", "xiangqi", "shogi", "crazyhouse"]:
        assert name in names
    chess = piecewise.Game.variant("chess")
    start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
    assert chess.perft(start, 2) == 400
    three = piecewise.Game.variant("3check")
    assert three.start_fen().split()[4] == "3+3"
    with pytest.raises(piecewise.Error, match="did you mean `chess`"):
        piecewise.Game.variant("chesss")
