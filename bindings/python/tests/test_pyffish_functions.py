"""The module functions in pyffish's shape against pyffish itself, on seeded random
playouts of chess, crazyhouse, shogi and xiangqi (2 games of 60 plies each; 20 of 150
with `--long`):
in every position reached, `validate_fen`, and for every legal move `get_san` and
`is_capture` (a sample of them in the default run); `get_san_moves` over each game's
moves; `has_insufficient_material` there
and in endings cut from those positions (every piece but the royals and a random few
taken off). Each must equal pyffish's answer: SAN too, with
Fairy-Stockfish's letters where they differ from the FEN's (Xiangqi's Horse `H` and
Elephant `E`; Shogi's promoted pieces by the kind they move as, `=G`, `Hb2`, `Dc4`),
which the rules files give as SAN letters (`piece Horse (N, san H)`).

And `validate_fen` on broken FENs: both call them invalid (the code may differ: each
reports the first fault it finds).
"""
import random

import pytest

import piecewise

VARIANTS = ["chess", "crazyhouse", "shogi", "xiangqi"]


@pytest.fixture(scope="session")
def sf():
    return pytest.importorskip("pyffish", reason="pyffish is not installed (pip install pyffish)")


@pytest.fixture(scope="session")
def playouts(request):
    """(games, plies each, moves tried per position): pyffish takes about 10 ms a
    call, so the default run samples the moves of each position."""
    return (20, 150, 8) if request.config.getoption("--long") else (2, 60, 3)


def sample(rng, fen, variant, moves, k):
    """Up to `k` of `moves`: random ones, with a capture and a drop among them when
    there are any."""
    captures = [m for m in moves if piecewise.is_capture(variant, fen, [], m)]
    drops = [m for m in moves if "@" in m]
    picked = set(rng.sample(moves, min(k, len(moves))))
    for kind in (captures, drops):
        if kind:
            picked.add(rng.choice(kind))
    return sorted(picked)


def endings(fen, rng, royal):
    """Positions cut from `fen`: its royals and up to two other pieces kept, no hand,
    no castling or en passant."""
    parts = fen.split()
    board = parts[0].split("[")[0]
    rows = []
    for row in board.split("/"):
        cells, i = [], 0
        while i < len(row):
            if row[i].isdigit():
                j = i
                while j < len(row) and row[j].isdigit():
                    j += 1
                cells += [None] * int(row[i:j])
                i = j
            elif row[i] == "+":
                cells.append(row[i:i + 2])
                i += 2
            else:
                cells.append(row[i])
                i += 1
        rows.append(cells)
    pieces = [(r, c) for r, row in enumerate(rows) for c, p in enumerate(row)
              if p is not None and p.lower() != royal]
    out = []
    for keep in range(3):
        kept = set(rng.sample(pieces, min(keep, len(pieces))))
        text = []
        for r, row in enumerate(rows):
            s, empty = "", 0
            for c, p in enumerate(row):
                if p is None or (p.lower() != royal and (r, c) not in kept):
                    empty += 1
                    continue
                if empty:
                    s += str(empty)
                    empty = 0
                s += p
            text.append(s + (str(empty) if empty else ""))
        hand = "[]" if "[" in parts[0] else ""
        out.append(" ".join(["/".join(text) + hand, parts[1], "-", "-", "0", "1"]))
    return out


@pytest.mark.parametrize("variant", VARIANTS)
def test_module_functions_agree_with_pyffish(variant, sf, playouts):
    rng = random.Random(f"pyffish-functions:{variant}")
    start = sf.start_fen(variant)
    assert piecewise.start_fen(variant) == start
    royal = "k"
    compared = {"san": 0, "capture": 0, "insufficient": 0, "validate": 0}
    games, plies, tried = playouts
    for game in range(games):
        fen, played = start, []
        for _ in range(plies):
            where = f"{variant}: {fen}"
            assert piecewise.validate_fen(fen, variant) == sf.validate_fen(fen, variant) == 1, where
            assert piecewise.has_insufficient_material(variant, fen, []) == \
                tuple(sf.has_insufficient_material(variant, fen, [])), where
            compared["validate"] += 1
            compared["insufficient"] += 1
            legal = sf.legal_moves(variant, fen, [])
            if not legal or sf.is_immediate_game_end(variant, fen, [])[0]:
                break
            ours = set(piecewise.legal_moves(variant, fen))
            # Shogi's checkmating pawn drop is not in piecewise's list
            # (test_differential.py).
            for move in sample(rng, fen, variant, sorted(ours & set(legal)), tried):
                assert piecewise.is_capture(variant, fen, [], move) == \
                    sf.is_capture(variant, fen, [], move), f"{where} {move}"
                compared["capture"] += 1
                assert piecewise.get_san(variant, fen, move) == \
                    sf.get_san(variant, fen, move, False, 1), f"{where} {move}"
                compared["san"] += 1
            move = rng.choice(sorted(ours))
            played.append(move)
            fen = sf.get_fen(variant, fen, [move])
        assert piecewise.get_san_moves(variant, start, played) == \
            sf.get_san_moves(variant, start, played, False, 1), f"{variant} game {game}"
        for cut in endings(fen, rng, royal):
            if sf.validate_fen(cut, variant) != 1:
                continue
            assert piecewise.validate_fen(cut, variant) == 1, f"{variant}: {cut}"
            assert piecewise.has_insufficient_material(variant, cut, []) == \
                tuple(sf.has_insufficient_material(variant, cut, [])), f"{variant}: {cut}"
            compared["insufficient"] += 1
    assert min(compared.values()) > 0, compared


BROKEN = [
    ("a rank missing", lambda f: f.split("/", 1)[1]),
    ("a letter of no piece", lambda f: "Z" + f[1:]),
    ("no side to move", lambda f: " ".join(p if i != 1 else "x" for i, p in enumerate(f.split()))),
    ("empty", lambda f: ""),
]


@pytest.mark.parametrize("variant", VARIANTS)
def test_broken_fens_are_invalid_for_both(variant, sf):
    fen = sf.start_fen(variant)
    for what, broken in BROKEN:
        bad = broken(fen)
        theirs, ours = sf.validate_fen(bad, variant), piecewise.validate_fen(bad, variant)
        assert theirs < 1 and ours < 1, (variant, what, bad, theirs, ours)


def test_errors_name_the_variant_and_count_moves_from_one():
    fen = piecewise.start_fen("chess")
    with pytest.raises(piecewise.MoveError) as info:
        piecewise.get_san_moves("chess", fen, ["e2e4", "e7e5", "e1e3"])
    e = info.value
    assert e.variant == "chess" and e.index == 2 and e.move == "e1e3"
    assert str(e).startswith("chess: move 3 of the list: `e1e3`"), str(e)
    with pytest.raises(piecewise.FenError) as info:
        piecewise.legal_moves("xiangqi", "8/8 w - - 0 1", [])
    assert str(info.value).startswith("xiangqi: ") and info.value.variant == "xiangqi"
    with pytest.raises(piecewise.Error) as info:
        piecewise.legal_moves("chesss", fen, [])
    assert "did you mean `chess`" in str(info.value)
    with pytest.raises(piecewise.Error):
        piecewise.get_san("chess", fen, "e2e4", notation=5)
    # A Game stands for a variant too, named by its `game` name.
    shogi = piecewise.Game.variant("shogi")
    assert piecewise.legal_moves(shogi, shogi.start_fen()) == shogi.legal_moves(shogi.start_fen())
    assert piecewise.has_insufficient_material("chess", "8/8/8/8/8/8/8/KN5k w - - 0 1") == (True, True)
    assert piecewise.is_capture("chess", fen, ["e2e4", "d7d5"], "e4d5") is True
