#!/usr/bin/env python3
"""SAN against Fairy-Stockfish: on positions of seeded random games (pyffish), the set
of every legal move's SAN as `piecewise moves GAME --batch --san` writes it must equal
the set pyffish's `get_san` writes in its SAN notation (`NOTATION_SAN`; Shogi's default
would be Hodges, which piecewise does not write). No mapping: Fairy-Stockfish's letters
that differ from the FEN's (Xiangqi's Horse `H`, Shogi's promoted pieces by the kind
they move as) are the rules files' SAN letters (`piece Horse (N, san H)`).

A position whose legal moves (UCI) differ between the two is not a SAN question: it is
counted apart ("moves differ"; catalogue.py is the check for those), not compared.

    python3 tests/differential/san.py [--bin target/debug/piecewise] [--positions N]
                                      [--seed S] [--all | GAME ...]

`--all`: every shipped game that plays a Fairy-Stockfish variant pyffish knows
(`piecewise variants --json`). Exit status 1 if any compared position differs.
"""
import argparse
import json
import random
import subprocess
import sys

import pyffish as sf

p = argparse.ArgumentParser()
p.add_argument("--bin", default="target/debug/piecewise")
p.add_argument("--positions", type=int, default=300)
p.add_argument("--seed", type=int, default=1)
p.add_argument("--verbose", action="store_true", help="print the positions not compared")
p.add_argument("--all", action="store_true", help="every shipped Fairy-Stockfish variant")
p.add_argument("games", nargs="*", default=["chess", "crazyhouse", "xiangqi", "shogi"])
args = p.parse_args()


def shipped_fsf_games():
    out = subprocess.run([args.bin, "variants", "--json"], capture_output=True, text=True, check=True)
    names = {v["fairy_stockfish"] for v in json.loads(out.stdout) if v.get("fairy_stockfish")}
    return sorted(names & set(sf.variants()))


def positions(variant, n, rng):
    """FENs of random games (pyffish), n of them."""
    out = []
    while len(out) < n:
        fen, moves = sf.start_fen(variant), []
        for _ in range(rng.randint(1, 120)):
            legal = sf.legal_moves(variant, fen, moves)
            if not legal or sf.is_immediate_game_end(variant, fen, moves)[0]:
                break
            moves.append(rng.choice(legal))
        out.append(sf.get_fen(variant, fen, moves))
    return out


def ours(variant, fens, san):
    cmd = [args.bin, "moves", variant, "--batch"] + (["--san"] if san else [])
    out = subprocess.run(cmd, input="\n".join(fens) + "\n", capture_output=True, text=True)
    lines = out.stdout.split("\n")
    return [None if line.startswith("error") else set(line.split())
            for line in lines[: len(fens)]]


games = shipped_fsf_games() if args.all else args.games
failures = 0
for variant in games:
    rng = random.Random(f"{args.seed}-{variant}")
    fens = positions(variant, args.positions, rng)
    uci, san = ours(variant, fens, False), ours(variant, fens, True)
    bad = differ = 0
    for fen, u, s in zip(fens, uci, san):
        legal = sf.legal_moves(variant, fen, [])
        if u is None or u != set(legal):
            differ += 1
            if args.verbose:
                print(f"{variant}: {fen}: moves differ\n  only piecewise: "
                      f"{sorted((u or set()) - set(legal))}\n"
                      f"  only Fairy-Stockfish: {sorted(set(legal) - (u or set()))}")
            continue
        theirs = {sf.get_san(variant, fen, m, False, sf.NOTATION_SAN) for m in legal}
        if s != theirs:
            bad += 1
            if bad <= 3:
                print(f"{variant}: {fen}\n  only piecewise: {sorted((s or set()) - theirs)}\n"
                      f"  only Fairy-Stockfish: {sorted(theirs - (s or set()))}")
    compared = len(fens) - differ
    print(f"{variant}: {compared - bad}/{compared} positions equal"
          + (f" ({differ} not compared: moves differ)" if differ else ""))
    failures += bad
sys.exit(1 if failures else 0)
