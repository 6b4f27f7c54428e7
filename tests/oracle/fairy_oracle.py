#!/usr/bin/env python3
"""Independent reference move generator (test oracle) for piecewise.

This file is deliberately written from the plain-English piece definitions
only, without looking at (or sharing code with) the Rust implementation.  It
produces pseudo-legal moves of a SINGLE piece on an 8x8 board:

  * no check, no castling, no en passant, no promotion, kings are ordinary;
  * the piece's colour is given by its letter case (uppercase = white), NOT
    by the side-to-move field of the FEN;
  * a piece never lands on a friendly piece;
  * the moving piece's own start cell counts as empty during its move.

A move is identified by (from, to, set of captured cells other than `to`) and
written as a token: UCI ``from`` + ``to`` followed by ``x<cell>`` for every
extra captured cell in sorted order, e.g. ``d4e6``, ``d4f6xe5``, ``d4d4xd5``.

Usage:
  python3 tests/oracle/fairy_oracle.py --self-test
  python3 tests/oracle/fairy_oracle.py --generate --seed 20240611 \
          --out tests/data/fairy_moves.txt
  python3 tests/oracle/fairy_oracle.py --moves "8/8/8/3N4/8/8/8/8 w" d4

Python 3.11 standard library only.
"""

from __future__ import annotations

import argparse
import random
import sys
from typing import Callable, Iterator, Optional

# ---------------------------------------------------------------------------
# Board representation
# ---------------------------------------------------------------------------
# A board is a list of 64 entries indexed by ``rank * 8 + file`` (file 0 = a,
# rank 0 = rank 1).  Each entry is None (empty) or a FEN piece letter whose
# case gives the colour (uppercase = white, lowercase = black).

FILES = "abcdefgh"
PIECE_LETTERS = "KQRBNPACMLZIGOHEFWYXD"  # the 21 supported piece letters

Board = list  # list[Optional[str]] of length 64
Move = tuple  # (to_index, frozenset[int] of extra captured cells)

ORTHO = [(0, 1), (0, -1), (1, 0), (-1, 0)]
DIAG = [(1, 1), (1, -1), (-1, 1), (-1, -1)]
ALL8 = ORTHO + DIAG
KNIGHT = [(1, 2), (2, 1), (-1, 2), (-2, 1), (1, -2), (2, -1), (-1, -2), (-2, -1)]
CAMEL = [(a * s, b * t) for (a, b) in [(1, 3), (3, 1)] for s in (1, -1) for t in (1, -1)]
ZEBRA = [(a * s, b * t) for (a, b) in [(2, 3), (3, 2)] for s in (1, -1) for t in (1, -1)]


def on_board(f: int, r: int) -> bool:
    return 0 <= f < 8 and 0 <= r < 8


def idx(f: int, r: int) -> int:
    return r * 8 + f


def coords(i: int) -> tuple[int, int]:
    return i % 8, i // 8


def cell_name(i: int) -> str:
    f, r = coords(i)
    return FILES[f] + str(r + 1)


def parse_cell(name: str) -> int:
    return idx(FILES.index(name[0]), int(name[1]) - 1)


def colour_of(piece: str) -> str:
    return "w" if piece.isupper() else "b"


def parse_fen(fen: str) -> tuple[Board, str]:
    """Parse 'board side' (side optional, default w) into (board, side)."""
    parts = fen.split()
    rows = parts[0].split("/")
    if len(rows) != 8:
        raise ValueError(f"bad FEN rank count: {fen!r}")
    board: Board = [None] * 64
    for row_i, row in enumerate(rows):
        r = 7 - row_i
        f = 0
        for ch in row:
            if ch.isdigit():
                f += int(ch)
            else:
                if ch.upper() not in PIECE_LETTERS:
                    raise ValueError(f"unknown piece letter {ch!r}")
                board[idx(f, r)] = ch
                f += 1
        if f != 8:
            raise ValueError(f"bad FEN rank width in {fen!r}")
    side = parts[1] if len(parts) > 1 else "w"
    return board, side


def to_fen(board: Board, side: str) -> str:
    rows = []
    for r in range(7, -1, -1):
        row, run = "", 0
        for f in range(8):
            p = board[idx(f, r)]
            if p is None:
                run += 1
            else:
                if run:
                    row += str(run)
                    run = 0
                row += p
        if run:
            row += str(run)
        rows.append(row)
    return "/".join(rows) + " " + side


# ---------------------------------------------------------------------------
# Generation context
# ---------------------------------------------------------------------------


class Ctx:
    """Per-move-generation context: the board WITHOUT the moving piece (so the
    start cell is empty), the start cell, the mover's colour and its forward
    rank direction (+1 for white, -1 for black; black = white mirrored)."""

    def __init__(self, board: Board, start: int, side: str):
        self.board = board
        self.start = start
        self.side = side
        self.fwd = 1 if side == "w" else -1
        self.sf, self.sr = coords(start)
        self.moves: set = set()

    # -- cell predicates -------------------------------------------------
    def at(self, f: int, r: int) -> Optional[str]:
        return self.board[idx(f, r)]

    def empty(self, f: int, r: int) -> bool:
        return self.board[idx(f, r)] is None

    def enemy(self, f: int, r: int) -> bool:
        p = self.board[idx(f, r)]
        return p is not None and colour_of(p) != self.side

    def friend(self, f: int, r: int) -> bool:
        p = self.board[idx(f, r)]
        return p is not None and colour_of(p) == self.side

    # -- recording ---------------------------------------------------------
    def add(self, f: int, r: int, extra: tuple = ()) -> None:
        """Record a move to (f, r); `extra` lists additional captured cells
        (as (f, r) pairs) other than the destination."""
        to = idx(f, r)
        caps = frozenset(idx(a, b) for (a, b) in extra if idx(a, b) != to)
        self.moves.add((to, caps))

    # -- building blocks ---------------------------------------------------
    def ray(self, f: int, r: int, df: int, dr: int) -> Iterator[tuple[int, int]]:
        """Cells strictly beyond (f, r) in direction (df, dr) until the edge."""
        f, r = f + df, r + dr
        while on_board(f, r):
            yield f, r
            f, r = f + df, r + dr

    def leap(self, f: int, r: int, df: int, dr: int) -> None:
        """Single jump from (f, r) by (df, dr) to an empty or enemy cell."""
        tf, tr = f + df, r + dr
        if on_board(tf, tr) and not self.friend(tf, tr):
            self.add(tf, tr)

    def ride(self, f: int, r: int, df: int, dr: int) -> list[tuple[int, int]]:
        """Slide from (f, r) along (df, dr): land on each empty cell and on
        the first enemy; stop at a friend or the edge.  Returns the list of
        EMPTY cells passed (used by pieces that continue from them)."""
        passed = []
        for cf, cr in self.ray(f, r, df, dr):
            if self.empty(cf, cr):
                self.add(cf, cr)
                passed.append((cf, cr))
                continue
            if self.enemy(cf, cr):
                self.add(cf, cr)
            break
        return passed


# ---------------------------------------------------------------------------
# Piece generators: one function per piece.  Each takes a Ctx and records
# moves into ctx.moves.  Only the Pawn and the checkers Man are asymmetric;
# they use ctx.fwd so that black's moves are white's mirrored top-to-bottom.
# ---------------------------------------------------------------------------


def gen_king(c: Ctx) -> None:
    for df, dr in ALL8:
        c.leap(c.sf, c.sr, df, dr)


def gen_rook(c: Ctx) -> None:
    for df, dr in ORTHO:
        c.ride(c.sf, c.sr, df, dr)


def gen_bishop(c: Ctx) -> None:
    for df, dr in DIAG:
        c.ride(c.sf, c.sr, df, dr)


def gen_queen(c: Ctx) -> None:
    gen_rook(c)
    gen_bishop(c)


def gen_knight(c: Ctx) -> None:
    for df, dr in KNIGHT:
        c.leap(c.sf, c.sr, df, dr)


def gen_camel(c: Ctx) -> None:
    for df, dr in CAMEL:
        c.leap(c.sf, c.sr, df, dr)


def gen_zebra(c: Ctx) -> None:
    for df, dr in ZEBRA:
        c.leap(c.sf, c.sr, df, dr)


def gen_archbishop(c: Ctx) -> None:
    gen_bishop(c)
    gen_knight(c)


def gen_chancellor(c: Ctx) -> None:
    gen_rook(c)
    gen_knight(c)


def gen_amazon(c: Ctx) -> None:
    gen_queen(c)
    gen_knight(c)


def gen_nightrider(c: Ctx) -> None:
    # A knight vector repeated in one direction: a rider with knight steps.
    for df, dr in KNIGHT:
        c.ride(c.sf, c.sr, df, dr)


def gen_pawn(c: Ctx) -> None:
    f, r, d = c.sf, c.sr, c.fwd
    home_rank = 1 if c.side == "w" else 6
    # Quiet one step, then the double step from the home rank.
    if on_board(f, r + d) and c.empty(f, r + d):
        c.add(f, r + d)
        if r == home_rank and on_board(f, r + 2 * d) and c.empty(f, r + 2 * d):
            c.add(f, r + 2 * d)
    # Diagonal captures only.
    for df in (-1, 1):
        if on_board(f + df, r + d) and c.enemy(f + df, r + d):
            c.add(f + df, r + d)


def gen_grasshopper(c: Ctx) -> None:
    for df, dr in ALL8:
        for hf, hr in c.ray(c.sf, c.sr, df, dr):
            if c.empty(hf, hr):
                continue
            # (hf, hr) is the hurdle; land just beyond it, if possible.
            lf, lr = hf + df, hr + dr
            if on_board(lf, lr) and not c.friend(lf, lr):
                c.add(lf, lr)
            break


def gen_cannon(c: Ctx) -> None:
    for df, dr in ORTHO:
        screen_seen = False
        for cf, cr in c.ray(c.sf, c.sr, df, dr):
            if not screen_seen:
                if c.empty(cf, cr):
                    c.add(cf, cr)  # non-capturing rook move
                else:
                    screen_seen = True  # this piece is the screen
            else:
                if c.empty(cf, cr):
                    continue
                # First piece after the screen: capture if enemy, then stop.
                if c.enemy(cf, cr):
                    c.add(cf, cr)
                break


def gen_horse(c: Ctx) -> None:
    for df, dr in ORTHO:
        lf, lr = c.sf + df, c.sr + dr  # the leg (blocking) cell
        if not on_board(lf, lr) or not c.empty(lf, lr):
            continue
        # Diagonal step continuing outward: keep the orthogonal component,
        # add a perpendicular unit component on either side.
        for side in (-1, 1):
            sf, sr = (side, dr) if df == 0 else (df, side)
            c.leap(lf, lr, sf, sr)


def gen_elephant(c: Ctx) -> None:
    for df, dr in DIAG:
        ef, er = c.sf + df, c.sr + dr  # the "eye"
        if on_board(ef, er) and c.empty(ef, er):
            c.leap(ef, er, df, dr)


def gen_griffon(c: Ctx) -> None:
    for df, dr in DIAG:
        f1, r1 = c.sf + df, c.sr + dr
        if not on_board(f1, r1) or c.friend(f1, r1):
            continue
        c.add(f1, r1)
        if c.empty(f1, r1):
            # Continue as a rook along the two orthogonals 45 deg from the step.
            c.ride(f1, r1, 0, dr)
            c.ride(f1, r1, df, 0)


def gen_hook(c: Ctx) -> None:
    for df, dr in ORTHO:
        passed = c.ride(c.sf, c.sr, df, dr)
        # From each EMPTY cell reached, turn 90 degrees left or right once.
        turns = [(dr, df), (-dr, -df)]  # both perpendiculars of (df, dr)
        for pf, pr in passed:
            for tf, tr in turns:
                c.ride(pf, pr, tf, tr)


def gen_deflector(c: Ctx) -> None:
    for df, dr in ORTHO:
        for cf, cr in c.ray(c.sf, c.sr, df, dr):
            if c.empty(cf, cr):
                c.add(cf, cr)
                continue
            if c.enemy(cf, cr):
                c.add(cf, cr)  # ordinary rook capture
            # Deflect at this piece (friend or enemy) without moving it:
            # continue diagonally at 45 degrees to either side of travel.
            for side in (-1, 1):
                vf, vr = (side, dr) if df == 0 else (df, side)
                c.ride(cf, cr, vf, vr)
            break


def gen_lion(c: Ctx) -> None:
    # (a) Direct leap to any cell within Chebyshev distance 2.
    for df in range(-2, 3):
        for dr in range(-2, 3):
            if (df, dr) != (0, 0):
                c.leap(c.sf, c.sr, df, dr)
    # (b) Two king steps; the start cell is empty on c.board.
    for df1, dr1 in ALL8:
        f1, r1 = c.sf + df1, c.sr + dr1
        if not on_board(f1, r1) or c.friend(f1, r1):
            continue
        first_captured = c.enemy(f1, r1)
        for df2, dr2 in ALL8:
            f2, r2 = f1 + df2, r1 + dr2
            if not on_board(f2, r2) or c.friend(f2, r2):
                continue
            c.add(f2, r2, extra=((f1, r1),) if first_captured else ())


def gen_man(c: Ctx) -> None:
    d = c.fwd
    for df in (-1, 1):
        f1, r1 = c.sf + df, c.sr + d
        if not on_board(f1, r1):
            continue
        if c.empty(f1, r1):
            c.add(f1, r1)
        elif c.enemy(f1, r1):
            f2, r2 = f1 + df, r1 + d
            if on_board(f2, r2) and c.empty(f2, r2):
                c.add(f2, r2, extra=((f1, r1),))


GENERATORS: dict[str, Callable[[Ctx], None]] = {
    "K": gen_king,
    "Q": gen_queen,
    "R": gen_rook,
    "B": gen_bishop,
    "N": gen_knight,
    "P": gen_pawn,
    "A": gen_archbishop,
    "C": gen_chancellor,
    "M": gen_amazon,
    "L": gen_camel,
    "Z": gen_zebra,
    "I": gen_nightrider,
    "G": gen_grasshopper,
    "O": gen_cannon,
    "H": gen_horse,
    "E": gen_elephant,
    "F": gen_griffon,
    "W": gen_hook,
    "Y": gen_deflector,
    "X": gen_lion,
    "D": gen_man,
}
assert set(GENERATORS) == set(PIECE_LETTERS)

PIECE_NAMES = {
    "K": "King", "Q": "Queen", "R": "Rook", "B": "Bishop", "N": "Knight",
    "P": "Pawn", "A": "Archbishop", "C": "Chancellor", "M": "Amazon",
    "L": "Camel", "Z": "Zebra", "I": "Nightrider", "G": "Grasshopper",
    "O": "Cannon", "H": "Horse", "E": "Elephant", "F": "Griffon",
    "W": "Hook Mover", "Y": "Deflector", "X": "Lion", "D": "Man",
}


# ---------------------------------------------------------------------------
# Public API
# ---------------------------------------------------------------------------


def move_token(start: int, move: Move) -> str:
    to, extra = move
    tok = cell_name(start) + cell_name(to)
    for name in sorted(cell_name(i) for i in extra):
        tok += "x" + name
    return tok


def generate(board: Board, start: int) -> list[str]:
    """Sorted, deduplicated move tokens of the piece on `start`."""
    piece = board[start]
    if piece is None:
        raise ValueError(f"no piece on {cell_name(start)}")
    work = list(board)
    work[start] = None  # the start cell counts as empty during the move
    ctx = Ctx(work, start, colour_of(piece))
    GENERATORS[piece.upper()](ctx)
    return sorted({move_token(start, m) for m in ctx.moves})


def moves_for(fen: str, from_cell: str) -> list[str]:
    board, _side = parse_fen(fen)
    return generate(board, parse_cell(from_cell))


def lone_piece_fen(letter: str, cell: str) -> str:
    board: Board = [None] * 64
    board[parse_cell(cell)] = letter
    return to_fen(board, colour_of(letter))


# ---------------------------------------------------------------------------
# Self test
# ---------------------------------------------------------------------------

REQUIRED_D4_COUNTS = {
    "K": 8, "Q": 27, "R": 14, "B": 13, "N": 8, "L": 8, "Z": 8, "I": 12, "F": 24,
}


def expect(fen: str, frm: str, expected: set[str], what: str) -> None:
    got = set(moves_for(fen, frm))
    if got != expected:
        raise AssertionError(
            f"{what}: {fen} {frm}\n  missing: {sorted(expected - got)}\n"
            f"  unexpected: {sorted(got - expected)}")


def cells(spec: str) -> list[str]:
    return spec.split()


def test_hand_verified() -> None:
    """Positions verified by hand; the reasoning is recorded in comments."""

    # --- Lion from d4 on an empty board --------------------------------
    # (a) the 5x5 square around d4 minus d4 itself: b2..f6 = 25 - 1 = 24.
    # (b) two king steps over empty cells reach only cells within distance 2
    #     (already in (a)) plus d4 itself, since the start counts as empty:
    #     the pure pass "d4d4".  Total 24 + 1 = 25.
    sq = [f + r for f in "bcdef" for r in "23456" if f + r != "d4"]
    expect("8/8/8/8/3X4/8/8/8 w", "d4", {"d4" + s for s in sq} | {"d4d4"},
           "lion empty d4")

    # --- Lion d4 with one black pawn on d5 (igui / locust) ------------
    # (a) still 24 leaps (d4d5 captures by displacement).
    # (b) first step onto d5 captures it, then any of d5's 8 neighbours
    #     c4 d4 e4 c5 e5 c6 d6 e6 (all empty; d4 is the vacated start):
    #     8 new tokens "d4??xd5", including the igui d4d4xd5.
    # Pure pass d4d4 is still available via an empty neighbour (e.g. c4).
    # Total 24 + 1 + 8 = 33.
    exp = {"d4" + s for s in sq} | {"d4d4"}
    exp |= {f"d4{t}xd5" for t in cells("c4 d4 e4 c5 e5 c6 d6 e6")}
    expect("8/8/8/3p4/3X4/8/8/8 w", "d4", exp, "lion igui")
    assert len(exp) == 33

    # --- Lion in the a1 corner surrounded by friends a2 b2 b1 ----------
    # No first step is possible (all three neighbours friendly), so only
    # the direct leaps at distance exactly 2: a3 b3 c3 c2 c1 = 5.
    expect("8/8/8/8/8/8/PP6/XP6 w", "a1", {"a1" + s for s in cells("a3 b3 c3 c2 c1")},
           "lion boxed corner")

    # --- Hook Mover from d4 on an empty board --------------------------
    # Leg 1 along rank 4 or file d reaches every cell of those lines
    # (7 + 7 = 14); turning at any of those empty cells reaches every cell
    # of the perpendicular line, i.e. all the other 49 cells.  d4 itself is
    # not reachable with a single turn.  Total 64 - 1 = 63.
    expect("8/8/8/8/3W4/8/8/8 w", "d4",
           {"d4" + cell_name(i) for i in range(64) if cell_name(i) != "d4"},
           "hook empty")

    # --- Hook Mover d4 with a black pawn on d6 -------------------------
    # Upward leg: d5 (empty, may turn: a5 b5 c5 e5 f5 g5 h5) and d6
    # (capture, may NOT turn).  d7 and d8 need a path through d6 along file
    # d (no other one-turn route ends on file d above d4), so they are the
    # only unreachable cells: 63 - 2 = 61.
    expect("8/8/3p4/8/3W4/8/8/8 w", "d4",
           {"d4" + cell_name(i) for i in range(64)
            if cell_name(i) not in ("d4", "d7", "d8")},
           "hook blocked by enemy")

    # --- Deflector d4 with a black pawn on d6 --------------------------
    # Up: d5 (empty), d6 (capture).  Deflect at d6 (piece stays): travel
    # direction (0,+1) continues as (+1,+1): e7 f8 and (-1,+1): c7 b8.
    # Down: d3 d2 d1; left: c4 b4 a4; right: e4 f4 g4 h4 (no pieces met,
    # so no deflection there).  Total 2 + 4 + 3 + 3 + 4 = 16.
    expect("8/8/3p4/8/3Y4/8/8/8 w", "d4",
           {"d4" + s for s in cells("d5 d6 e7 f8 c7 b8 d3 d2 d1 c4 b4 a4 e4 f4 g4 h4")},
           "deflector off foe")

    # --- Deflector d4 with a WHITE pawn on d6, black rook on f8, white
    # knight on b8 ----------------------------------------------------------
    # Up: d5 only (d6 friendly, not capturable).  Deflect at d6 anyway:
    # (+1,+1): e7, f8 (enemy, captured, stop); (-1,+1): c7, b8 friendly ->
    # stop before it.  Others as before: 3 + 3 + 4.  Total 1+2+1+10 = 14.
    expect("1N3r2/8/3P4/8/3Y4/8/8/8 w", "d4",
           {"d4" + s for s in cells("d5 e7 f8 c7 d3 d2 d1 c4 b4 a4 e4 f4 g4 h4")},
           "deflector off friend")

    # --- Griffon d4 with a white pawn on e5 and black pawn on c3 -------
    # NE step blocked by the friend.  SW step lands on c3 capturing it and
    # may not continue.  NW c5 then up c6 c7 c8, left b5 a5.  SE e3 then
    # down e2 e1, right f3 g3 h3.  Total 0 + 1 + 6 + 6 = 13.
    expect("8/8/8/4P3/3F4/2p5/8/8 w", "d4",
           {"d4" + s for s in cells("c3 c5 c6 c7 c8 b5 a5 e3 e2 e1 f3 g3 h3")},
           "griffon")

    # --- Checkers man: white D d4, black pawns c5 e5, white pawn b6 ---
    # Steps to c5/e5 are blocked (occupied).  Jump over e5 to f6 (empty):
    # d4f6xe5.  Jump over c5 needs b6 empty: it is friendly -> no jump.
    expect("8/8/1P6/2p1p3/3D4/8/8/8 w", "d4", {"d4f6xe5"}, "man jump")
    # Black man on e5 (moves towards rank 1) with white pawn on d4: jumps to
    # c3 capturing d4, steps quietly to f4.
    expect("8/8/8/4d3/3P4/8/8/8 b", "e5", {"e5c3xd4", "e5f4"}, "black man")

    # --- Cannon d4: white P d6 screen, black r d8; black n b4 screen, black
    # q a4; black p d2 screen, white R d1 ---------------------------------
    # Up: d5 quiet, d8 captured over d6 (d7 empty).  Left: c4 quiet, a4
    # captured over b4.  Right: e4..h4 quiet.  Down: d3 quiet, the piece
    # beyond the d2 screen is friendly -> nothing.  Total 9.
    expect("3r4/8/3P4/8/qn1O4/8/3p4/3R4 w", "d4",
           {"d4" + s for s in cells("d5 d8 c4 a4 e4 f4 g4 h4 d3")}, "cannon")

    # --- Grasshopper d4: black pawn d6 (land d7), white pawn f6 (land g7 if
    # empty), black pawn b2 at a2-edge direction (land a1), white rook e4
    # with f4 holding a white knight (blocked) --------------------------
    expect("8/8/3p1P2/8/3GRN2/8/1p6/8 w", "d4",
           {"d4" + s for s in cells("d7 g7 a1")}, "grasshopper")

    # --- Pawn: white pawn d2, black pawn d4 blocks the double step; black
    # knights on c3 and e3 are capturable ------------------------------
    expect("8/8/8/8/3p4/2n1n3/3P4/8 w", "d2", {"d2d3", "d2c3", "d2e3"}, "pawn")
    # Black pawn on e7 with nothing in front: e6 and e5.
    expect("8/4p3/8/8/8/8/8/8 b", "e7", {"e7e6", "e7e5"}, "black pawn")

    # --- Horse d4: white pawn on d5 blocks d4->c6/e6; enemy on e4 blocks
    # d4->f5/f3; c4 and d3 free: b5 b3 c2 e2 -------------------------------
    expect("8/8/8/3P4/3Hp3/8/8/8 w", "d4",
           {"d4" + s for s in cells("b5 b3 c2 e2")}, "horse")


def self_test() -> None:
    print("Empty-board move counts from d4 (white piece, nothing else):")
    for letter in PIECE_LETTERS:
        n = len(moves_for(lone_piece_fen(letter, "d4"), "d4"))
        print(f"  {letter} {PIECE_NAMES[letter]:<12} {n}")
        if letter in REQUIRED_D4_COUNTS:
            assert n == REQUIRED_D4_COUNTS[letter], (letter, n)
    # Black pieces on the empty board are white ones mirrored top-to-bottom.
    for letter in PIECE_LETTERS:
        for cell in ("d4", "a1", "e2", "h7", "b5"):
            w = moves_for(lone_piece_fen(letter, cell), cell)
            mcell = cell[0] + str(9 - int(cell[1]))
            b = moves_for(lone_piece_fen(letter.lower(), mcell), mcell)
            mirrored = sorted(mirror_token(t) for t in w)
            assert mirrored == b, (letter, cell, mirrored, b)
    test_hand_verified()
    print("self-test OK")


def mirror_token(tok: str) -> str:
    """Mirror every cell in a token top-to-bottom (rank r -> 9 - r)."""
    out = ""
    for i, ch in enumerate(tok):
        out += str(9 - int(ch)) if ch.isdigit() else ch
    return out


# ---------------------------------------------------------------------------
# Data generation
# ---------------------------------------------------------------------------

# Hand-designed positions: (description, FEN, from-cell).
HAND_CASES = [
    ("cannon: screens both colours, friendly victim behind d2",
     "3r4/8/3P4/8/qn1O4/8/3p4/3R4 w", "d4"),
    ("cannon: adjacent screen and adjacent victim, second piece beyond victim",
     "3r4/3b4/3n4/3P4/3O4/8/8/8 w", "d4"),
    ("cannon: two screens in a row (victim is the 2nd piece only)",
     "8/8/8/8/Rpp1o3/8/8/8 b", "e4"),
    ("cannon at edge with no screen ahead",
     "8/8/8/8/8/8/8/O6r w", "a1"),
    ("grasshopper: hurdles of both colours, edge, friendly landing",
     "8/8/3p1P2/8/3GRN2/8/1p6/8 w", "d4"),
    ("grasshopper: far hurdles, capturing landing cells",
     "3R4/3p2B1/5N2/8/3g2P1/8/5r2/Q7 b", "d4"),
    ("horse: legs blocked by friend and by enemy",
     "8/8/8/3P4/3Hp3/8/8/8 w", "d4"),
    ("horse: all legs free, captures on landing",
     "8/8/2p1P3/1n6/3H4/5r2/8/8 w", "d4"),
    ("elephant: eyes blocked by friend and enemy, capture on landing",
     "8/8/1r3b2/4P3/3E4/2p5/8/5n2 w", "d4"),
    ("pawn: double step blocked on the 2nd cell, diagonal captures",
     "8/8/8/8/3p4/2n1n3/3P4/8 w", "d2"),
    ("pawn: blocked directly, friend on capture square",
     "8/8/8/8/8/3pP3/3P4/8 w", "d2"),
    ("black pawn: double step from rank 7 and captures",
     "8/4p3/3N1n2/8/8/8/8/8 b", "e7"),
    ("nightrider: blocked by friend midway, capture at distance",
     "8/8/5n2/8/4N3/8/8/I7 w", "a1"),
    ("nightrider: long rides and captures",
     "5r2/8/8/1B6/3i4/8/6P1/8 b", "d4"),
    ("griffon: friend blocks a step, enemy captured on a step, continuations",
     "8/8/8/4P3/3F4/2p5/8/8 w", "d4"),
    ("griffon: continuation captures and is blocked",
     "8/2r5/8/8/p2f3R/8/8/1n6 b", "d4"),
    ("hook mover: turns at empty cells only, captures on both legs",
     "8/3p4/8/1P6/3W2n1/8/3n4/8 w", "d4"),
    ("hook mover: crowded board",
     "1r4n1/3P4/2w1Q3/8/p2W1P2/8/1N1r4/8 w", "d4"),
    ("deflector: deflect off a foe (also capturable)",
     "8/8/3p4/8/3Y4/8/8/8 w", "d4"),
    ("deflector: deflect off a friend, diagonal capture and block",
     "1N3r2/8/3P4/8/3Y4/8/8/8 w", "d4"),
    ("deflector: deflection pieces at the edge and adjacent",
     "8/8/8/8/8/8/P7/yp6 b", "a1"),
    ("deflector: four blockers, mixed colours",
     "8/3n4/8/8/1P1Y2p1/8/3B4/8 w", "d4"),
    ("lion: igui on a single adjacent enemy",
     "8/8/8/3p4/3X4/8/8/8 w", "d4"),
    ("lion: double capture with two adjacent enemies",
     "8/8/8/3pp3/3X4/8/8/8 w", "d4"),
    ("lion: boxed in by friends, only distance-2 leaps",
     "8/8/8/8/8/8/PP6/XP6 w", "a1"),
    ("lion: mixed surroundings",
     "8/8/2P1r3/2nP4/2QxB3/3b4/8/8 b", "d4"),
    ("checkers man: jump allowed, jump blocked by friendly landing cell",
     "8/8/1P6/2p1p3/3D4/8/8/8 w", "d4"),
    ("black checkers man: jump and quiet step",
     "8/8/8/4d3/3P4/8/8/8 b", "e5"),
    ("checkers man: jump off the board edge is impossible",
     "8/7p/6D1/8/8/8/8/8 w", "g6"),
    ("checkers man: jump towards the a-file edge lands on it",
     "8/1p6/D7/8/8/8/8/8 w", "a6"),
    ("checkers man: enemy landing cell blocks the jump, friend not jumped",
     "8/8/2p3r1/3p1P2/4D3/8/8/8 w", "e4"),
    ("amazon in a crowd",
     "8/2p5/1n3P2/3M4/2P1q3/8/8/8 w", "d5"),
    ("archbishop and chancellor near edges",
     "8/8/8/8/8/1p6/2N5/A1r5 w", "a1"),
    ("chancellor (black) with blockers",
     "8/8/8/3P4/1N1c1n2/8/2R5/8 b", "d4"),
    ("king among enemies and friends",
     "8/8/8/2pPp3/2nK1p2/2NPb3/8/8 w", "d4"),
    ("camel and zebra near edges with friends and enemies",
     "8/8/2N5/8/4p3/1L6/8/4N3 w", "b3"),
    ("zebra on an edge",
     "8/8/8/8/Z7/8/1p6/2P5 w", "a4"),
]

EMPTY_BOARD_CELLS = ["d4", "a1", "h8", "a5", "e1"]
# Pawns are never placed on ranks 1/8 (a FEN reader might reject them); the
# back-rank cells above are replaced by these for the examined pawn.
PAWN_CELL_SUBST = {"a1": "a2", "h8": "h7", "e1": "e2"}


def random_case(rng: random.Random, letter: str) -> tuple[str, str]:
    """A random position with the examined piece `letter` on a random cell
    and 4-20 other pieces (random letters and colours) on random cells."""
    pawn_ok = [i for i in range(64) if 1 <= i // 8 <= 6]
    board: Board = [None] * 64
    start = rng.choice(pawn_ok if letter.upper() == "P" else range(64))
    board[start] = letter
    n_other = rng.randint(4, 20)
    placed = 0
    while placed < n_other:
        sq = rng.randrange(64)
        if board[sq] is not None:
            continue
        other = rng.choice(PIECE_LETTERS)
        if other == "P" and sq not in pawn_ok:
            continue
        board[sq] = other if rng.random() < 0.5 else other.lower()
        placed += 1
    return to_fen(board, colour_of(letter)), cell_name(start)


def build_cases(seed: int, n_random: int) -> list[tuple[Optional[str], str, str]]:
    """Returns (comment-or-None, fen, from) triples in output order."""
    cases: list = []
    cases.append(("# --- section: lone pieces on an empty board ---", None, None))
    for letter in PIECE_LETTERS:
        for piece in (letter, letter.lower()):
            for cell in EMPTY_BOARD_CELLS:
                if letter == "P":
                    cell = PAWN_CELL_SUBST.get(cell, cell)
                    if piece == "p":  # mirror of the white pawn's cells
                        cell = cell[0] + str(9 - int(cell[1]))
                cases.append((None, lone_piece_fen(piece, cell), cell))
    cases.append(("# --- section: hand-designed positions ---", None, None))
    for desc, fen, frm in HAND_CASES:
        cases.append(("# " + desc, fen, frm))
    cases.append((f"# --- section: random positions ({n_random} per piece "
                  f"and colour) ---", None, None))
    rng = random.Random(seed)
    for letter in PIECE_LETTERS:
        for piece in (letter, letter.lower()):
            for _ in range(n_random):
                fen, frm = random_case(rng, piece)
                cases.append((None, fen, frm))
    return cases


def write_data(path: str, seed: int, n_random: int) -> int:
    cases = build_cases(seed, n_random)
    n = sum(1 for c in cases if c[1] is not None)
    lines = [
        "# piecewise fairy-piece move oracle data",
        "# Pseudo-legal moves of ONE piece (the one on `from`; its colour is given",
        "# by its letter case, not by the side-to-move field).  No check, castling,",
        "# en passant or promotion.  Generated by the independent Python oracle",
        "# tests/oracle/fairy_oracle.py (written from the plain-English piece",
        "# definitions, not from the Rust implementation).",
        "# Format: `FEN | from | moves`; moves sorted, space separated, possibly",
        "# empty.  Token = from+to, then `x<cell>` per extra captured cell (sorted).",
        "# Lines starting with `#` are comments (hand cases carry a description).",
        "# Letters: K Q R B N P A(B+N) C(R+N) M(Q+N) L=camel Z=zebra I=nightrider",
        "#   G=grasshopper O=cannon H=horse E=elephant F=griffon W=hook mover",
        "#   Y=deflector X=lion D=checkers man.",
        "# Pawns are never placed on ranks 1 or 8.",
        f"# Seed: {seed}; random positions per piece and colour: {n_random}; "
        f"cases: {n}",
        "# Regenerate with:",
        f"#   python3 tests/oracle/fairy_oracle.py --generate --seed {seed} "
        f"--random-per-piece {n_random} --out {path}",
    ]
    for comment, fen, frm in cases:
        if comment is not None:
            lines.append(comment)
        if fen is not None:
            lines.append(f"{fen} | {frm} | {' '.join(moves_for(fen, frm))}".rstrip())
    with open(path, "w", encoding="utf-8", newline="\n") as fh:
        fh.write("\n".join(lines) + "\n")
    return n


def main(argv: list[str]) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--self-test", action="store_true")
    ap.add_argument("--generate", action="store_true")
    ap.add_argument("--seed", type=int, default=20240611)
    ap.add_argument("--random-per-piece", type=int, default=40)
    ap.add_argument("--out", default="tests/data/fairy_moves.txt")
    ap.add_argument("--moves", nargs=2, metavar=("FEN", "FROM"),
                    help="print the moves of one piece")
    args = ap.parse_args(argv)
    if not (args.self_test or args.generate or args.moves):
        ap.print_help()
        return 2
    if args.self_test:
        self_test()
    if args.moves:
        print(" ".join(moves_for(args.moves[0], args.moves[1])))
    if args.generate:
        n = write_data(args.out, args.seed, args.random_per_piece)
        print(f"wrote {n} cases to {args.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
