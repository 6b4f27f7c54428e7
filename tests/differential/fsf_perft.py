#!/usr/bin/env python3
"""Perft of variants imported with `piecewise import fsf` against Fairy-Stockfish.

Loads a variants.ini (default: tests/data/fsf/variants.ini) into pyffish with
`load_variant_config`, imports it with `piecewise import fsf INI -o DIR`, and for every
section compares `piecewise perft DIR/SECTION.rules --depth D` with a perft counted with
pyffish (`legal_moves` and `get_fen`, recursively) from the start position, for
D = 1..--depth (default 4). The import must be complete (exit 0).

    python3 tests/differential/fsf_perft.py
    python3 tests/differential/fsf_perft.py --depth 3 --ini my.ini minichess zh

Exit status: 0 when every count agrees, 1 otherwise.
"""
import argparse
import os
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from betza import DEFAULT_BIN, REPO, import_pyffish  # noqa: E402
from run import drop_letter, not_mating_drops  # noqa: E402


def sf_perft(sf, variant, fen, depth, cache, mate_restricted=frozenset()):
    """Leaf count of the legal move tree from `fen` (memoised on FEN and depth).

    Drops of the pieces in `mate_restricted` that checkmate at once are left out: the
    rules files declare them `not mating`, Fairy-Stockfish generates them (the one
    intended difference, as in run.py and its README)."""
    key = (fen, depth)
    if key in cache:
        return cache[key]
    moves = sf.legal_moves(variant, fen, [])
    if mate_restricted:
        moves = [m for m in moves
                 if not (drop_letter(m) and drop_letter(m).upper() in mate_restricted
                         and sf.gives_check(variant, fen, [m])
                         and not sf.legal_moves(variant, fen, [m]))]
    if depth == 1:
        n = len(moves)
    else:
        n = sum(sf_perft(sf, variant, sf.get_fen(variant, fen, [m]), depth - 1, cache,
                         mate_restricted)
                for m in moves)
    cache[key] = n
    return n


def sections(text):
    out = []
    for line in text.splitlines():
        line = line.strip()
        if line.startswith("[") and line.endswith("]"):
            out.append(line[1:-1].split(":")[0].strip())
    return out


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("variants", nargs="*", help="only these sections")
    ap.add_argument("--ini", default=os.path.join(REPO, "tests", "data", "fsf", "variants.ini"))
    ap.add_argument("--depth", type=int, default=4)
    ap.add_argument("--bin", default=DEFAULT_BIN)
    args = ap.parse_args()
    sf = import_pyffish()
    text = open(args.ini).read()
    sf.load_variant_config(text)
    failed = False
    with tempfile.TemporaryDirectory() as out:
        p = subprocess.run([args.bin, "import", "fsf", args.ini, "-o", out],
                           capture_output=True, text=True)
        if p.returncode != 0:
            print(f"FAIL import: exit {p.returncode}\n{p.stderr}")
            failed = True
        for name in args.variants or sections(text):
            fen = sf.start_fen(name)
            rules = os.path.join(out, name + ".rules")
            cache = {}
            try:
                restricted = frozenset(not_mating_drops(open(rules).read()))
            except OSError:
                restricted = frozenset()
            for d in range(1, args.depth + 1):
                t = time.time()
                theirs = sf_perft(sf, name, fen, d, cache, restricted)
                q = subprocess.run([args.bin, "perft", rules, "--depth", str(d)],
                                   capture_output=True, text=True)
                last = q.stdout.strip().splitlines()[-1:] or [""]
                try:
                    ours = int(last[0].split()[-1])
                except ValueError:
                    ours = None
                ok = ours == theirs
                failed |= not ok
                print(f"{'ok' if ok else 'FAIL':<5} {name:<18} depth {d}: fairy-stockfish "
                      f"{theirs}, piecewise {ours if ours is not None else q.stderr.strip()[:200]}"
                      f" ({time.time() - t:.1f} s)")
                if not ok:
                    break
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
