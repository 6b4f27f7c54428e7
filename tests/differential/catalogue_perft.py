#!/usr/bin/env python3
"""Writes tests/data/perft/catalogue.txt: Fairy-Stockfish's perft from the start position of
every shipped variant that plays a Fairy-Stockfish variant, the figures that
tests/suite/catalogue_perft.rs checks piecewise against (issue 31: "perft of each shipped
variant from the start position at depth 3 equals pyffish's").

pyffish has no perft of its own: it is counted by recursion over `legal_moves` (as
catalogue.py counts it). Depth 3 for every variant whose count takes at most --calls
pyffish calls; a variant past that budget gets the deepest depth that fits (Amazons and
the other games with thousands of moves a ply), and its line says so.

    python3 tests/differential/catalogue_perft.py [--bin target/debug/piecewise] [NAME ...]

With names, only those lines are recomputed; the others are kept from the existing file.
The list of variants comes from `piecewise variants --json` (the `fairy_stockfish` field).
"""
import argparse
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import catalogue  # noqa: E402  (shipped(), sf_perft(), Budget)
import run  # noqa: E402  (the pyffish installer)

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
OUT = os.path.join(ROOT, "tests", "data", "perft", "catalogue.txt")

HEADER = """\
# Fairy-Stockfish's perft from the start position of every shipped variant that plays a
# Fairy-Stockfish variant: `NAME DEPTH NODES`, NAME as pyffish.variants() prints it.
# Written by tests/differential/catalogue_perft.py (pyffish {version}, counted by recursion
# over legal_moves); checked by tests/suite/catalogue_perft.rs. Depth 3 unless the count
# took more pyffish calls than the script's budget; such lines end with `# budget`.
"""


def read_existing():
    rows = {}
    if os.path.exists(OUT):
        with open(OUT) as f:
            for line in f:
                if line.strip() and not line.startswith("#"):
                    rows[line.split()[0]] = line.rstrip("\n")
    return rows


def count(name, calls):
    """(depth, nodes): depth 3 when its count takes at most `calls` pyffish calls (it
    takes one per node above the last ply: 1 + perft 1 + perft 2), else the deepest
    depth that does."""
    sf = catalogue.sf
    start = sf.start_fen(name)
    n1 = len(sf.legal_moves(name, start, []))
    if 1 + n1 > calls:
        return 1, n1
    n2 = catalogue.sf_perft(name, start, 2, [calls])
    if 1 + n1 + n2 > calls:
        return 2, n2
    return 3, catalogue.sf_perft(name, start, 3, [calls])


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--bin", default=os.path.join(ROOT, "target", "debug", "piecewise"))
    ap.add_argument("--calls", type=int, default=60000,
                    help="pyffish calls a count may take before a shallower depth is used")
    ap.add_argument("names", nargs="*")
    args = ap.parse_args()
    sf = catalogue.sf = run.sf = run.import_pyffish()
    names = sorted(catalogue.shipped(args.bin))
    known = set(sf.variants())
    rows = read_existing()
    todo = args.names or names
    for name in todo:
        if name not in known:
            sys.exit(f"error: pyffish does not know the variant {name!r}")
        depth, nodes = count(name, args.calls)
        rows[name] = f"{name} {depth} {nodes}" + ("" if depth == 3 else "  # budget")
        print(rows[name], flush=True)
    rows = {k: v for k, v in rows.items() if k in names}
    with open(OUT, "w") as f:
        f.write(HEADER.format(version=".".join(map(str, sf.version()))))
        for name in sorted(rows):
            f.write(rows[name] + "\n")
    print(f"{len(rows)} variants written to {os.path.relpath(OUT, ROOT)}")


if __name__ == "__main__":
    main()
