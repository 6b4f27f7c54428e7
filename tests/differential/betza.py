#!/usr/bin/env python3
"""Differential test of `piecewise import betza` against Fairy-Stockfish (pyffish).

For each Betza notation of the corpus below: define a variant whose only pieces are that
piece (letter `a`) and a wazir used as a blocker (letter `x`) through pyffish's
`load_variant_config`; import the notation with `piecewise import betza` into a rules
file with the same two pieces; make seeded random positions (the piece of either side on
any square, up to twelve blockers of both sides, so board edges, captures and screens all
occur); and compare the moves of the piece (moves from its square) in pyffish's legal
moves and in `piecewise moves RULES --batch`.

Each corpus entry says what to expect: `same` (no disagreement allowed) or the key of a
documented difference of reading (docs/betza.md, "Differences of reading"), for which
disagreements are counted and reported but do not fail the run. A `same` piece that
disagrees, or a notation piecewise refuses to import, fails the run.

    python3 tests/differential/betza.py                      # the whole corpus, 300 positions each
    python3 tests/differential/betza.py --positions 500 --seed 3 mQcN nN
    python3 tests/differential/betza.py --bin target/release/piecewise

Exit status: 0 when every `same` piece agrees on every position, 1 otherwise.
"""
import argparse
import itertools
import os
import random
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from run import import_pyffish  # noqa: E402  (one installer for every script here)

REPO = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
DEFAULT_BIN = os.path.join(REPO, "target", "debug", "piecewise")

# (notation, expectation). Every atom, riders and counts, every direction modifier on
# orthogonal, diagonal and oblique atoms, m c i e, n, p g, and `a` chains.
CORPUS = [
    # atoms
    ("W", "same"), ("F", "same"), ("D", "same"), ("N", "same"), ("A", "same"),
    ("H", "same"), ("C", "same"), ("Z", "same"), ("G", "same"), ("L", "same"),
    ("J", "same"), ("K", "same"), ("Q", "same"), ("R", "same"), ("B", "same"),
    # riders and counts
    ("WW", "same"), ("FF", "same"), ("NN", "same"), ("R4", "same"), ("B2", "same"),
    ("Q3", "same"), ("W3", "same"), ("F2", "same"), ("N2", "same"), ("K2", "same"),
    # directions on orthogonal atoms
    ("fW", "same"), ("bW", "same"), ("lW", "same"), ("rW", "same"), ("vW", "same"),
    ("sW", "same"), ("fsW", "same"), ("bsW", "same"), ("flW", "same"), ("fD", "same"),
    ("vR", "same"), ("fR", "same"), ("sR", "same"), ("lrH", "same"),
    # directions on diagonal atoms
    ("fF", "same"), ("bF", "same"), ("lF", "same"), ("rF", "same"), ("flF", "same"),
    ("brF", "same"), ("fB", "same"), ("fA", "same"), ("flB", "same"),
    # directions on oblique atoms
    ("fN", "same"), ("bN", "same"), ("lN", "same"), ("rN", "same"), ("vN", "same"),
    ("sN", "same"), ("ffN", "same"), ("fsN", "same"), ("bsN", "same"), ("flN", "same"),
    ("lfN", "same"), ("rbN", "same"), ("fhN", "same"), ("bhN", "same"), ("lhN", "same"),
    ("rvN", "same"), ("fZ", "same"), ("sC", "same"), ("fNN", "same"), ("fhNN", "same"),
    ("fK", "same"), ("bQ", "same"), ("fsK", "same"), ("flK", "same"), ("fhK", "same"),
    ("lvQ", "same"), ("bsQ", "same"), ("vK", "same"), ("sQ", "same"),
    # m c, combinations
    ("mQcN", "same"), ("mRcN", "same"), ("mNcR", "same"), ("mBcN", "same"),
    ("cW", "same"), ("mF", "same"), ("mcK", "same"), ("RN", "same"), ("BN", "same"),
    ("QN", "same"), ("KN", "same"), ("WA", "same"), ("FD", "same"), ("WD", "same"),
    ("FA", "same"), ("KNAD", "same"), ("FfW", "same"), ("WfF", "same"),
    ("fmWfcF", "same"), ("fmWfF", "same"), ("mfWcfF", "same"),
    # i (the piece stands on its relative second rank) and e
    ("fmWfceFifmnD", "same"), ("mWfceFifmnD", "same"), ("iW", "same"), ("ifmnD", "same"),
    ("fWifR2", "same"),
    # n: lame leapers
    ("nN", "same"), ("nA", "same"), ("nD", "same"), ("nZ", "same"), ("fnN", "same"),
    ("bnA", "same"), ("lnN", "same"), ("RcpRnN", "same"),
    # p g: hoppers
    ("pR", "same"), ("pB", "same"), ("gR", "same"), ("gB", "same"), ("mRcpR", "same"),
    ("mBcpB", "same"), ("fpR", "same"), ("sgR", "same"), ("pQ", "same"), ("gQ", "same"),
    # constructs Fairy-Stockfish does not implement (docs/betza.md)
    ("nH", "fsf-lame"), ("nG", "fsf-lame"), ("DD", "fsf-rider"), ("pNN", "fsf-hopper"),
    ("gNN", "fsf-hopper"),
    ("qN", "fsf-qz"), ("qW", "fsf-qz"), ("zB", "fsf-qz"), ("zR", "fsf-qz"),
    ("mafsW", "fsf-a"), ("caK", "fsf-a"), ("RasR", "fsf-a"), ("mfFcfamfF", "fsf-a"),
]


sf = None
_names = itertools.count()


def define(notation):
    """A pyffish variant with the piece `a` and the blocker `x`; its name."""
    name = f"betza{next(_names)}"
    sf.load_variant_config(f"""[{name}:chess]
king = -
pawn = -
knight = -
bishop = -
rook = -
queen = -
customPiece1 = a:{notation}
customPiece2 = x:W
castling = false
startFen = 8/8/8/8/8/8/8/8 w - - 0 1
""")
    return name


def fen_of(board, white):
    rows = []
    for rank in range(7, -1, -1):
        row, empty = "", 0
        for f in range(8):
            c = board.get((f, rank))
            if c is None:
                empty += 1
            else:
                row += (str(empty) if empty else "") + c
                empty = 0
        rows.append(row + (str(empty) if empty else ""))
    return "/".join(rows) + (" w" if white else " b") + " - - 0 1"


def positions(notation, count, rng):
    """(fen, square of the piece) pairs. A piece with `i` stands on its relative second
    rank (where Fairy-Stockfish allows initial moves; docs/betza.md)."""
    out = []
    initial = "i" in notation
    for _ in range(count):
        white = rng.random() < 0.5
        f = rng.randrange(8)
        r = (1 if white else 6) if initial else rng.randrange(8)
        board = {(f, r): "A" if white else "a"}
        for _ in range(rng.randrange(13)):
            sq = (rng.randrange(8), rng.randrange(8))
            if sq not in board:
                board[sq] = "X" if rng.random() < 0.5 else "x"
        out.append((fen_of(board, white), "abcdefgh"[f] + str(r + 1)))
    return out


def piecewise_rules(binary, notation):
    """The rules file for the piece, or (None, error) if piecewise refuses it."""
    p = subprocess.run([binary, "import", "betza", notation, "--name", "Piece",
                        "--letter", "A"], capture_output=True, text=True)
    if p.returncode != 0:
        return None, p.stderr.strip()
    return "board square 8x8\n" + p.stdout + "piece Blocker (X) { step orthogonal }\n", None


def check(binary, notation, count, seed):
    """(positions, disagreements, documented second-side disagreements, first examples,
    error). For a piece that is not symmetric left to right, the second side's moves are
    expected to differ (Fairy-Stockfish turns them round, piecewise mirrors them; see
    docs/betza.md): those are counted apart."""
    rules, err = piecewise_rules(binary, notation)
    if rules is None:
        return 0, 0, 0, [], f"import refused: {err}"
    lopsided = "Not symmetric left to right" in rules
    rng = random.Random(f"{seed}:{notation}")
    poss = positions(notation, count, rng)
    variant = define(notation)
    with tempfile.NamedTemporaryFile("w", suffix=".rules", delete=False) as fh:
        fh.write(rules)
        path = fh.name
    try:
        p = subprocess.run([binary, "moves", path, "--batch"], capture_output=True, text=True,
                           input="".join(f + "\n" for f, _ in poss), timeout=600)
    finally:
        os.unlink(path)
    lines = p.stdout.splitlines()
    if p.returncode != 0 or len(lines) != len(poss):
        return 0, 0, 0, [], f"piecewise batch failed: {p.stderr.strip()[:300]}"
    bad, turned, examples = 0, 0, []
    for (fen, sq), line in zip(poss, lines):
        if line.startswith("error:"):
            bad += 1
            examples.append(f"{fen}: {line}")
            continue
        ours = {m for m in line.split() if m.startswith(sq) and not m[len(sq)].isdigit()}
        theirs = {m for m in sf.legal_moves(variant, fen, [])
                  if m.startswith(sq) and not m[len(sq)].isdigit()}
        if ours != theirs and lopsided and fen.split()[1] == "b":
            turned += 1
        elif ours != theirs:
            bad += 1
            if len(examples) < 3:
                examples.append(f"{fen} ({sq}): missing {sorted(theirs - ours)} "
                                f"extra {sorted(ours - theirs)}")
    return len(poss), bad, turned, examples, None


def main():
    global sf
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("notations", nargs="*", help="only these corpus entries (or new ones)")
    ap.add_argument("--positions", type=int, default=300)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--bin", default=None, help="the piecewise binary")
    args = ap.parse_args()
    binary = args.bin or DEFAULT_BIN
    if not os.path.isfile(binary):
        if args.bin:
            sys.exit(f"--bin {binary}: no such file")
        print(f"{binary} is missing: cargo build", file=sys.stderr)
        if subprocess.call(["cargo", "build"], cwd=REPO) != 0:
            sys.exit("cargo build failed")
    sf = import_pyffish()
    corpus = dict(CORPUS)
    todo = [(n, corpus.get(n, "same")) for n in args.notations] if args.notations else CORPUS
    failed = False
    totals = {"pieces": 0, "positions": 0, "same_bad": 0, "documented_bad": 0, "turned": 0}
    for notation, expect in todo:
        n, bad, turned, examples, err = check(binary, notation, args.positions, args.seed)
        totals["turned"] += turned
        totals["pieces"] += 1
        totals["positions"] += n
        if err:
            failed = True
            print(f"FAIL {notation}: {err}")
            continue
        if expect == "same":
            totals["same_bad"] += bad
            status = "ok" if bad == 0 else "FAIL"
            failed |= bad > 0
        else:
            totals["documented_bad"] += bad
            status = f"documented ({expect})"
        note = f" (+{turned} second-side, documented)" if turned else ""
        print(f"{status:<26} {notation:<14} {n} positions, {bad} disagreements{note}")
        for e in examples if expect == "same" else examples[:1]:
            print(f"    {e}")
    same = sum(1 for _, e in todo if e == "same")
    print(f"\n{totals['pieces']} pieces ({same} expected to agree), {totals['positions']} "
          f"positions: {totals['same_bad']} disagreements on pieces expected to agree, "
          f"{totals['documented_bad']} on documented differences of reading, "
          f"{totals['turned']} second-side positions of pieces not symmetric left to right")
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
