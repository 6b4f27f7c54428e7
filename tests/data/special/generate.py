#!/usr/bin/env python3
"""Generate the special-rule test data in this directory from Fairy-Stockfish (pyffish).

Each output file holds one case per line:

    variant | FEN | legal moves, sorted by byte value, space-separated

plus `#` comment lines saying what the next case checks. The FEN is Fairy-Stockfish's
own (`get_fen` of a hand-made position, possibly after some moves), and the move list
is `pyffish.legal_moves` for it, in Fairy-Stockfish's UCI notation (`e7e8q`, `e1g1`
castling, `P@e5` drops with an uppercase letter for both sides, `+` for a Shogi
promotion, two-digit ranks on 10-rank boards).

One documented exception: Fairy-Stockfish generates a checkmating pawn drop in shogi
and minishogi as a legal move and scores the resulting position as lost for the player
who dropped (checkmate_value, "shogiPawnDropMateIllegal"). The rules files forbid that
drop instead (`drop Pawn, ..., not mating`), so such drops are removed from the lists
here, and the comment of the case names them.

Every case also states moves it must contain (`has`) and must not contain (`lacks`);
the generator checks them, so a case that would no longer test its rule fails here
instead of silently testing nothing. It also rejects FENs that Fairy-Stockfish does not
validate and positions where the side to move could capture the other king.

Regenerate (from the repository root):

    python3 tests/data/special/generate.py            # writes tests/data/special/*.txt
    python3 tests/data/special/generate.py --check    # only compares with the files
"""
import argparse
import os
import re
import sys

try:
    import pyffish as sf
except ImportError:  # pragma: no cover
    sys.exit("pyffish is missing: pip install pyffish")

HERE = os.path.dirname(os.path.abspath(__file__))

# Board sizes (files, ranks) of the variants used here.
SIZES = {
    "chess": (8, 8), "crazyhouse": (8, 8), "nightrider": (8, 8), "grasshopper": (8, 8),
    "shatranj": (8, 8), "makruk": (8, 8), "capablanca": (10, 8), "grand": (10, 10),
    "xiangqi": (9, 10), "shogi": (9, 9), "minishogi": (5, 5),
}
HAND_VARIANTS = {"crazyhouse", "shogi", "minishogi"}
PAWN_DROP_MATE_ILLEGAL = {"shogi", "minishogi"}


def setup(variant, cells, side="w", castling="-", ep="-", hand=""):
    """A FEN from {"e1": "K", ...}; hand letters for drop variants."""
    w, h = SIZES[variant]
    grid = {}
    for cell, piece in cells.items():
        grid[(ord(cell[0]) - 97, int(cell[1:]) - 1)] = piece
    rows = []
    for y in range(h - 1, -1, -1):
        row, empty = "", 0
        for x in range(w):
            p = grid.get((x, y))
            if p is None:
                empty += 1
            else:
                if empty:
                    row += str(empty)
                    empty = 0
                row += p
        if empty:
            row += str(empty)
        rows.append(row)
    board = "/".join(rows)
    if variant in HAND_VARIANTS:
        board += "[" + hand + "]"
    return f"{board} {side} {castling} {ep} 0 1"


def royal_cells(variant, fen):
    """Cells of the two kings (letter K/k) in a FEN, by colour."""
    w, h = SIZES[variant]
    board = fen.split(" ")[0].split("[")[0]
    found = {}
    for i, row in enumerate(board.split("/")):
        y = h - i
        x = 0
        j = 0
        while j < len(row):
            c = row[j]
            if c.isdigit():
                k = j
                while k < len(row) and row[k].isdigit():
                    k += 1
                x += int(row[j:k])
                j = k
                continue
            if c in "+~":
                j += 1
                continue
            if c in "Kk":
                found["w" if c == "K" else "b"] = f"{chr(97 + x)}{y}"
            x += 1
            j += 1
    return found


UCI = re.compile(r"^(?:[A-Z]\+?@|[a-z][0-9]+)([a-z][0-9]+)")


def uci_to(move):
    """The destination cell of a UCI move (`e7e8q` -> e8, `P@e5` -> e5)."""
    m = UCI.match(move)
    if not m:
        raise SystemExit(f"unexpected move notation: {move}")
    return m.group(1)


def pawn_drop_mates(variant, fen, moves):
    """Pawn drops in `moves` that checkmate at once (Fairy-Stockfish lists them)."""
    if variant not in PAWN_DROP_MATE_ILLEGAL:
        return []
    out = []
    for m in moves:
        if m.startswith("P@") and sf.gives_check(variant, fen, [m]) \
                and not sf.legal_moves(variant, fen, [m]):
            out.append(m)
    return out


class Case:
    def __init__(self, why, variant, fen, moves=(), has=(), lacks=()):
        self.why, self.variant = why, variant
        self.base, self.moves = fen, list(moves)
        self.has, self.lacks = list(has), list(lacks)

    def run(self):
        v = self.variant
        if sf.validate_fen(self.base, v) != sf.FEN_OK:
            raise SystemExit(f"invalid FEN for {v}: {self.base} ({self.why})")
        fen = sf.get_fen(v, self.base, self.moves)
        if sf.validate_fen(fen, v) != sf.FEN_OK:
            raise SystemExit(f"invalid FEN for {v}: {fen} ({self.why})")
        raw = sorted(sf.legal_moves(v, fen, []))
        side = fen.split(" ")[1]
        kings = royal_cells(v, fen)
        enemy = kings.get("b" if side == "w" else "w")
        if enemy and any(uci_to(m) == enemy for m in raw):
            raise SystemExit(f"side to move can capture the king: {fen} ({self.why})")
        removed = pawn_drop_mates(v, fen, raw)
        legal = [m for m in raw if m not in removed]
        for m in self.has:
            if m not in legal:
                raise SystemExit(f"{m} expected in {v} {fen} ({self.why}): {legal}")
        for m in self.lacks:
            if m in legal:
                raise SystemExit(f"{m} not expected in {v} {fen} ({self.why}): {legal}")
        comments = [self.why]
        if removed:
            comments.append("Fairy-Stockfish also lists " + " ".join(removed)
                            + " (pawn-drop mate, scored as a loss for the dropper);"
                            " illegal here (`not mating`)")
        return comments, f"{v} | {fen} | {' '.join(legal)}"


FILES = {}


def case_file(name, title):
    def deco(fn):
        FILES[name] = (title, fn)
        return fn
    return deco


# ---------------------------------------------------------------------------- castling

BOTH_ROOKS = {"e1": "K", "a1": "R", "h1": "R", "e8": "k", "a8": "r", "h8": "r"}


@case_file("castling_chess", "Chess castling: through, out of and into check, pieces "
           "between, lost rights")
def castling_chess():
    C = "chess"
    both = BOTH_ROOKS
    yield Case("chess: both sides may castle both ways; the h1 rook is attacked by the "
               "h8 rook, which does not matter", C,
               setup(C, both, castling="KQkq"), has=["e1g1", "e1c1"])
    yield Case("chess: the same for the second side", C,
               setup(C, both, side="b", castling="KQkq"), has=["e8g8", "e8c8"])
    yield Case("chess: f1 (passed by the king) attacked by the c4 bishop: no O-O; O-O-O "
               "still legal", C,
               setup(C, {**both, "c4": "b"}, castling="KQkq"),
               has=["e1c1"], lacks=["e1g1"])
    yield Case("chess: g1 (the king's destination) attacked by the h3 knight: no O-O", C,
               setup(C, {**both, "h3": "n"}, castling="KQkq"),
               has=["e1c1"], lacks=["e1g1"])
    yield Case("chess: the king in check (e7 rook): no castling at all", C,
               setup(C, {"e1": "K", "a1": "R", "h1": "R", "h8": "k", "e7": "r"},
                     castling="KQ"), lacks=["e1g1", "e1c1"])
    yield Case("chess: b1 attacked (only the rook passes it): O-O-O is legal", C,
               setup(C, {"e1": "K", "a1": "R", "h1": "R", "e8": "k", "b8": "r", "h8": "r"},
                     castling="KQk"), has=["e1c1", "e1g1"])
    yield Case("chess: d1 attacked by the d8 rook: no O-O-O", C,
               setup(C, {"e1": "K", "a1": "R", "h1": "R", "e8": "k", "d8": "r", "h8": "r"},
                     castling="KQk"), has=["e1g1"], lacks=["e1c1"])
    yield Case("chess: own knight on b1 between king and rook: no O-O-O", C,
               setup(C, {**both, "b1": "N"}, castling="KQkq"),
               has=["e1g1"], lacks=["e1c1"])
    yield Case("chess: enemy knight on g1 (not attacking any king cell): no O-O", C,
               setup(C, {**both, "g1": "n"}, castling="KQkq"),
               has=["e1c1"], lacks=["e1g1"])
    yield Case("chess: only the K right left (the FEN says Kq)", C,
               setup(C, both, castling="Kq"), has=["e1g1"], lacks=["e1c1"])
    yield Case("chess: rights lost after the king moved out and back", C,
               setup(C, both, castling="KQkq"), moves=["e1f1", "e8f8", "f1e1", "f8e8"],
               lacks=["e1g1", "e1c1"])
    yield Case("chess: the h1 rook went away and came back: O-O lost, O-O-O kept", C,
               setup(C, both, castling="KQkq"), moves=["h1h2", "h8h7", "h2h1", "h7h8"],
               has=["e1c1"], lacks=["e1g1"])
    yield Case("chess: the a1 rook was captured on a1 (by the g7 bishop, which went back): "
               "O-O-O lost, O-O kept", C,
               setup(C, {**both, "g7": "b", "h2": "P"}, side="b", castling="KQkq"),
               moves=["g7a1", "h2h3", "a1g7"], has=["e1g1"], lacks=["e1c1"])



@case_file("castling_capablanca", "Capablanca castling (f1-i1 / f1-c1): through and out of "
           "check, pieces between, rights")
def castling_capablanca():
    A = "capablanca"
    cboth = {"f1": "K", "a1": "R", "j1": "R", "f8": "k", "a8": "r", "j8": "r"}
    yield Case("capablanca: king f1 castles to i1 (rook j1-h1) or c1 (rook a1-d1)", A,
               setup(A, cboth, castling="KQkq"), has=["f1i1", "f1c1"])
    yield Case("capablanca: the second side, f8-i8 and f8-c8", A,
               setup(A, cboth, side="b", castling="KQkq"), has=["f8i8", "f8c8"])
    yield Case("capablanca: h1 (passed by the king) attacked by the j3 bishop: no f1i1", A,
               setup(A, {**cboth, "j3": "b"}, castling="KQkq"),
               has=["f1c1"], lacks=["f1i1"])
    yield Case("capablanca: e1 (passed going to c1) attacked by the e8 rook: no f1c1", A,
               setup(A, {"f1": "K", "a1": "R", "j1": "R", "f8": "k", "e8": "r", "j8": "r"},
                     castling="KQk"), has=["f1i1"], lacks=["f1c1"])
    yield Case("capablanca: own knight on b1 blocks the rook's path: no f1c1", A,
               setup(A, {**cboth, "b1": "N"}, castling="KQkq"),
               has=["f1i1"], lacks=["f1c1"])
    yield Case("capablanca: b1 attacked by the b8 rook: f1c1 still legal", A,
               setup(A, {"f1": "K", "a1": "R", "j1": "R", "f8": "k", "b8": "r", "j8": "r"},
                     castling="KQk"), has=["f1c1", "f1i1"])
    yield Case("capablanca: the king in check: no castling", A,
               setup(A, {"f1": "K", "a1": "R", "j1": "R", "j8": "k", "f7": "r"},
                     castling="KQ"), lacks=["f1c1", "f1i1"])
    yield Case("capablanca: only the Q right", A,
               setup(A, cboth, castling="Qkq"), has=["f1c1"], lacks=["f1i1"])



@case_file("castling_crazyhouse", "Crazyhouse castling: with drops, rights after a rook is "
           "captured and another dropped, checks from drops")
def castling_crazyhouse():
    Z = "crazyhouse"
    both = BOTH_ROOKS
    yield Case("crazyhouse: a knight dropped on b8 blocks the second side's O-O-O", Z,
               setup(Z, both, castling="KQkq", hand="N"), moves=["N@b8"],
               has=["e8g8"], lacks=["e8c8"])
    yield Case("crazyhouse: castling both ways, with pieces in hand", Z,
               setup(Z, both, castling="KQkq", hand="Pn"), has=["e1g1", "e1c1", "P@e2"])
    yield Case("crazyhouse: the h1 rook was captured and another rook dropped on h1: the "
               "K right does not come back", Z,
               setup(Z, {**both, "f3": "b", "a2": "P", "h7": "p"}, side="b",
                     castling="KQkq", hand="R"),
               moves=["f3h1", "a2a3", "h1c6", "R@h1", "h7h6"],
               has=["e1c1"], lacks=["e1g1"])
    yield Case("crazyhouse: the knight dropped on h3 attacks g1: no O-O", Z,
               setup(Z, both, side="b", castling="KQkq", hand="n"), moves=["N@h3"],
               has=["e1c1"], lacks=["e1g1"])
    yield Case("crazyhouse: in check from a dropped rook: no castling; drops may block", Z,
               setup(Z, both, side="b", castling="KQkq", hand="rP"), moves=["R@e4"],
               has=["P@e2", "P@e3"], lacks=["e1g1", "e1c1"])
# ---------------------------------------------------------------------------- en passant

@case_file("en_passant", "En passant: ordinary, only right after the double step, pinned, "
           "check evasion; chess and grand")
def en_passant():
    C = "chess"
    start = sf.start_fen(C)
    yield Case("chess: 1.e4 a6 2.e5 d5: e5xd6 en passant", C, start,
               moves=["e2e4", "a7a6", "e4e5", "d7d5"], has=["e5d6"])
    yield Case("chess: one move pair later the en passant capture is gone", C, start,
               moves=["e2e4", "a7a6", "e4e5", "d7d5", "a2a3", "a6a5"], lacks=["e5d6"])
    yield Case("chess: the second side: 1.a3 d5 2.a4 d4 3.e4: d4xe3 en passant", C, start,
               moves=["a2a3", "d7d5", "a3a4", "d5d4", "e2e4"],
               has=["d4e3"])
    yield Case("chess: two pawns may both take en passant", C,
               setup(C, {"e1": "K", "c5": "P", "e5": "P", "e8": "k", "d7": "p"}, side="b"),
               moves=["d7d5"], has=["c5d6", "e5d6"])
    yield Case("chess: taking en passant would leave the king in check along the rank "
               "(both pawns leave rank 5; the h5 rook sees a5)", C,
               setup(C, {"a5": "K", "e5": "P", "h5": "r", "h1": "k", "d7": "p"}, side="b"),
               moves=["d7d5"], lacks=["e5d6"], has=["e5e6"])
    yield Case("chess: the same without the rook: en passant is legal", C,
               setup(C, {"a5": "K", "e5": "P", "h1": "k", "d7": "p"}, side="b"),
               moves=["d7d5"], has=["e5d6"])
    yield Case("chess: the capturing pawn is pinned on a diagonal (c3 king, g7 bishop): no "
               "en passant", C,
               setup(C, {"c3": "K", "e5": "P", "g7": "b", "h8": "k", "d7": "p"}, side="b"),
               moves=["d7d5"], lacks=["e5d6"])
    yield Case("chess: the double step gives check; taking it en passant is the only pawn "
               "answer", C,
               setup(C, {"e4": "K", "c5": "P", "h8": "k", "d7": "p"}, side="b"),
               moves=["d7d5"], has=["c5d6"])
    yield Case("chess: the capturing pawn is pinned on the b8-g3 diagonal, but e5xd6 stays "
               "on that diagonal: legal", C,
               setup(C, {"g3": "K", "e5": "P", "b8": "b", "h8": "k", "d7": "p"}, side="b"),
               moves=["d7d5"], has=["e5d6"])

    G = "grand"
    gstart = sf.start_fen(G)
    yield Case("grand: a pawn double-steps from rank 3 (e3-e5); d5xe4 en passant", G, gstart,
               moves=["a3a4", "d8d6", "a4a5", "d6d5", "e3e5"], has=["d5e4"])
    yield Case("grand: the second side double-steps d8-d6 past an e6 pawn: e6xd7", G, gstart,
               moves=["e3e5", "a8a7", "e5e6", "d8d6"], has=["e6d7"])
    yield Case("grand: en passant only right after the double step", G, gstart,
               moves=["e3e5", "a8a7", "e5e6", "d8d6", "a3a4", "a7a6"], lacks=["e6d7"])
    yield Case("grand: no double step from rank 4 (a pawn that already moved)", G, gstart,
               moves=["e3e4", "a8a7"], has=["e4e5"], lacks=["e4e6"])
# ---------------------------------------------------------------------------- promotion

@case_file("promotion", "Promotion choices, capture-promotions, forced promotion: chess, "
           "capablanca, nightrider, grasshopper, shatranj, makruk")
def promotion():
    C = "chess"
    yield Case("chess: e7 pawn promotes straight or capturing d8, to q/r/b/n; f8 is "
               "blocked so no capture there", C,
               setup(C, {"a1": "K", "h1": "k", "e7": "P", "d8": "r", "f8": "N"}),
               has=["e7e8q", "e7e8n", "e7d8q", "e7d8r", "e7d8b", "e7d8n"],
               lacks=["e7e8", "e7d8", "e7e8k", "e7f8q"])
    yield Case("chess: a blocked pawn on rank 7 cannot promote", C,
               setup(C, {"a1": "K", "h1": "k", "e7": "P", "e8": "n"}),
               lacks=["e7e8q"])
    yield Case("chess: the second side promotes on rank 1", C,
               setup(C, {"a8": "K", "h8": "k", "b2": "p", "c1": "R"}, side="b"),
               has=["b2b1q", "b2c1n"], lacks=["b2a1q"])
    yield Case("chess: promoting to block a check", C,
               setup(C, {"h8": "K", "a1": "k", "b7": "P", "a8": "r"}),
               has=["b7a8q", "b7b8q", "b7b8r"])
    A = "capablanca"
    yield Case("capablanca: promotion choices include archbishop (a) and chancellor (c)", A,
               setup(A, {"a1": "K", "j1": "k", "e7": "P", "f8": "r"}),
               has=["e7e8a", "e7e8c", "e7f8a", "e7f8c", "e7e8q", "e7f8n"])
    N = "nightrider"
    yield Case("nightrider: promotion to q/r/b and the nightrider n", N,
               setup(N, {"a1": "K", "h1": "k", "e7": "P", "d8": "r"}),
               has=["e7e8n", "e7d8n", "e7e8q"])
    yield Case("nightrider: a nightrider rides knight leaps until blocked", N,
               setup(N, {"a1": "K", "h1": "k", "b1": "N", "c3": "P", "f7": "p", "d2": "p"}),
               has=["b1d2", "b1a3"], lacks=["b1c3", "b1f5", "b1e7"])
    H = "grasshopper"
    yield Case("grasshopper: promotion choices include the grasshopper g", H,
               setup(H, {"a1": "K", "h1": "k", "e7": "P", "d8": "r"}),
               has=["e7e8g", "e7d8g", "e7e8q", "e7d8n"])
    yield Case("grasshopper: pawns never double-step, not even from the start rank", H,
               sf.start_fen(H), has=["e3e4"], lacks=["e3e5"])
    yield Case("grasshopper: a grasshopper hops the first piece on each line, landing just "
               "beyond (capturing an enemy there)", H,
               setup(H, {"a1": "K", "h8": "k", "d4": "G", "d6": "p", "d7": "p", "f6": "P",
                         "b4": "P", "a4": "p", "g4": "r", "d1": "n", "b6": "p"}),
               has=["d4d7", "d4a4", "d4a7", "d4g7", "d4h4"], lacks=["d4d6", "d4d5", "d4e5"])
    S = "shatranj"
    yield Case("shatranj: a pawn promotes only to a fers (q), also when capturing", S,
               setup(S, {"a1": "K", "h1": "k", "e7": "P", "d8": "n", "h3": "p"}),
               has=["e7e8q", "e7d8q"], lacks=["e7e8r", "e7e8n", "e7e8b"])
    yield Case("shatranj: no double step; fers and alfil moves", S,
               setup(S, {"a1": "K", "h8": "k", "e2": "P", "d4": "Q", "c1": "B", "d3": "p",
                         "h6": "p"}),
               has=["e2e3", "d4c5", "c1e3", "c1a3"], lacks=["e2e4", "d4d5", "c1d2"])
    M = "makruk"
    yield Case("makruk: a pawn reaching rank 6 must promote to a met (m)", M,
               setup(M, {"a1": "K", "h8": "k", "e5": "P", "d6": "n", "f6": "p"}),
               has=["e5e6m", "e5d6m", "e5f6m"], lacks=["e5e6", "e5d6"])
    yield Case("makruk: the second side promotes on rank 3", M,
               setup(M, {"a1": "K", "h8": "k", "c4": "p", "b3": "R"}, side="b"),
               has=["c4c3m", "c4b3m"], lacks=["c4c3"])
    yield Case("makruk: khon (s) steps diagonally or forward; met (m) diagonally; pawns on "
               "rank 3 do not double-step", M,
               setup(M, {"a1": "K", "h8": "k", "d4": "S", "f4": "M", "b3": "P", "h6": "p"}),
               has=["d4d5", "d4c3", "f4g5", "f4e3", "b3b4"], lacks=["d4d3", "f4f5", "b3b5"])
# ---------------------------------------------------------------------------- shogi promotion

@case_file("shogi_promotion", "Shogi promotion: optional in the zone, forced where a piece "
           "could never move again, on leaving the zone, the second side")
def shogi_promotion():
    S = "shogi"
    kings = {"e1": "K", "e9": "k"}
    yield Case("shogi: a pawn entering the zone (rank 7) may promote or not", S,
               setup(S, {**kings, "a6": "P"}), has=["a6a7", "a6a7+"])
    yield Case("shogi: a pawn moving to rank 9 must promote", S,
               setup(S, {**kings, "a8": "P"}), has=["a8a9+"], lacks=["a8a9"])
    yield Case("shogi: a lance may stop on ranks 7-8 with or without promoting, on rank 9 "
               "only promoted; it captures the a8 pawn", S,
               setup(S, {**kings, "a4": "L", "a8": "p"}),
               has=["a4a7", "a4a7+", "a4a8", "a4a8+", "a4a5", "a4a6"], lacks=["a4a9", "a4a8x"])
    yield Case("shogi: a knight reaching rank 8 must promote; from rank 5 to rank 7 it may "
               "choose", S,
               setup(S, {**kings, "b6": "N", "g5": "N"}),
               has=["b6a8+", "b6c8+", "g5f7", "g5f7+", "g5h7", "g5h7+"],
               lacks=["b6a8", "b6c8"])
    yield Case("shogi: a silver leaving the zone (e7 to d6/f6) may promote", S,
               setup(S, {"e1": "K", "a9": "k", "e7": "S"}),
               has=["e7d6", "e7d6+", "e7f6+", "e7e8+", "e7d8"])
    yield Case("shogi: a rook moving inside, into and out of the zone may promote; outside "
               "the zone it may not", S,
               setup(S, {"e1": "K", "a9": "k", "b5": "R", "h7": "R"}),
               has=["b5b7+", "b5b8", "h7h2+", "h7h8+", "b5b4"], lacks=["b5b4+", "b5c5+"])
    yield Case("shogi: a capture into the zone may promote", S,
               setup(S, {"e1": "K", "a9": "k", "c5": "B", "e7": "g"}),
               has=["c5e7", "c5e7+"])
    yield Case("shogi: gold and king never promote; promoted pieces do not promote again", S,
               setup(S, {"e1": "K", "a9": "k", "e6": "G", "c7": "+P", "g7": "+R"}),
               has=["e6e7", "c7c8", "g7g8"], lacks=["e6e7+", "c7c8+", "g7g8+"])
    yield Case("shogi: the second side's zone is ranks 1-3: pawn e4-e3 may promote, e2-e1 "
               "must", S,
               setup(S, {"e9": "k", "a1": "K", "e4": "p", "g2": "p"}, side="b"),
               has=["e4e3", "e4e3+", "g2g1+"], lacks=["g2g1"])
    yield Case("shogi: the second side's knight must promote on ranks 1-2", S,
               setup(S, {"e9": "k", "a1": "K", "c4": "n"}, side="b"),
               has=["c4b2+", "c4d2+"], lacks=["c4b2", "c4d2"])
    yield Case("shogi: promoted pieces move as gold (+P +L +N +S), horse (+B), dragon (+R)", S,
               setup(S, {"e1": "K", "c9": "k", "b2": "+N", "e5": "+B", "h4": "+R"}),
               has=["b2b1", "b2a3", "e5e6", "e5d5", "e5c3", "h4g3", "h4h9"],
               lacks=["b2a1", "b2c1", "e5b2", "e5a1", "e5e3", "h4f2"])
# ---------------------------------------------------------------------------- shogi drops

@case_file("shogi_drops", "Shogi drops: nifu, pawn-drop mate, dead cells, drops against check")
def shogi_drops():
    S = "shogi"
    yield Case("shogi: no pawn drop on the a-file, which has an unpromoted pawn of the "
               "dropping side; the second side's pawn on b does not matter; no drop on rank 9",
               S, setup(S, {"e1": "K", "e9": "k", "a3": "P", "b7": "p"}, hand="P"),
               has=["P@b5", "P@c8", "P@e8"], lacks=["P@a5", "P@a2", "P@c9", "P@b7"])
    yield Case("shogi: a tokin on the file does not count as a pawn (P@a5 allowed)", S,
               setup(S, {"e1": "K", "e9": "k", "a3": "+P"}, hand="P"),
               has=["P@a5", "P@a8"], lacks=["P@a9", "P@a3"])
    yield Case("shogi: lance: not on rank 9; knight: not on ranks 8-9", S,
               setup(S, {"e1": "K", "e9": "k"}, hand="LN"),
               has=["L@a8", "N@a7", "L@a1", "N@a1"], lacks=["L@a9", "N@a8", "N@a9"])
    yield Case("shogi: the second side's dead cells are ranks 1 (pawn, lance) and 1-2 "
               "(knight); its nifu counts its own pawns only", S,
               setup(S, {"e1": "K", "e9": "k", "a3": "P", "c6": "p"}, side="b", hand="pln"),
               has=["P@a2", "L@b2", "N@b3", "P@a9"],
               lacks=["P@a1", "L@b1", "N@b2", "N@b1", "P@c4"])
    yield Case("shogi: a pawn drop that checkmates (king a9 boxed in by golds c8 and b7) is "
               "illegal; the lance drop on the same cell mates legally", S,
               setup(S, {"a9": "k", "c8": "G", "b7": "G", "e1": "K"}, hand="PL"),
               has=["L@a8"], lacks=["P@a8"])
    yield Case("shogi: the same pawn drop with the c8 gold gone only checks (the king can "
               "go to b9/b8): legal", S,
               setup(S, {"a9": "k", "b7": "G", "e1": "K"}, hand="P"),
               has=["P@a8"])
    yield Case("shogi: a pawn drop check where the pawn is unprotected (the king takes it): "
               "legal", S,
               setup(S, {"a9": "k", "b9": "l", "b8": "n", "e1": "K"}, hand="P"),
               has=["P@a8"])
    yield Case("shogi: the boxed-in king can capture the dropped pawn with its own gold "
               "(b9): not mate, legal", S,
               setup(S, {"a9": "k", "b9": "g", "b8": "n", "b7": "G", "e1": "K"}, hand="P"),
               has=["P@a8"])
    yield Case("shogi: the second side may not mate by pawn drop either (king i1, golds "
               "g2 and h3)", S,
               setup(S, {"i1": "K", "g2": "g", "h3": "g", "e9": "k"}, side="b", hand="p"),
               lacks=["P@i2"])
    yield Case("shogi: in check from a rook, drops that block are legal; drops elsewhere "
               "are not", S,
               setup(S, {"e1": "K", "e6": "r", "a9": "k"}, hand="GP"),
               has=["G@e2", "P@e3", "G@e5"], lacks=["G@a5", "P@a5"])
    yield Case("shogi: a pawn dropped in front of a king that can take it is legal even "
               "with a pawn on another file (the drop's own file is free)", S,
               setup(S, {"e1": "K", "e9": "k", "d3": "P"}, hand="P"),
               has=["P@e8"], lacks=["P@d5"])
# ---------------------------------------------------------------------------- crazyhouse

@case_file("crazyhouse_drops", "Crazyhouse drops: pawn ranks, promoted pieces return as "
           "pawns, drops against check, double step after a drop")
def crazyhouse_drops():
    Z = "crazyhouse"
    kings = {"e1": "K", "e8": "k"}
    yield Case("crazyhouse: pawns are never dropped on rank 1 or 8; pieces anywhere empty", Z,
               setup(Z, {**kings, "a7": "p"}, hand="PN"),
               has=["P@a2", "P@h7", "N@a1", "N@h8", "N@d8"], lacks=["P@a1", "P@d8", "P@a7"])
    yield Case("crazyhouse: the same for the second side", Z,
               setup(Z, {**kings, "a2": "P"}, side="b", hand="p"),
               has=["P@a7", "P@h2", "P@b3"], lacks=["P@a1", "P@h8"])
    yield Case("crazyhouse: a promoted queen (Q~) captured on b8 goes to the captor's hand "
               "as a pawn", Z,
               setup(Z, {**kings, "b7": "P", "a8": "r"}), moves=["b7b8q", "a8b8", "e1e2"],
               has=["P@a7", "b8b1"], lacks=["Q@a7"])
    yield Case("crazyhouse: the promoted queen marked Q~ on the board moves as a queen", Z,
               setup(Z, {**kings, "b7": "P"}), moves=["b7b8q", "e8e7"],
               has=["b8b1", "b8h2", "b8e5"])
    yield Case("crazyhouse: in check from a bishop, a drop may block the check", Z,
               setup(Z, {**kings, "b4": "b"}, hand="NP"),
               has=["N@c3", "N@d2", "P@c3", "P@d2"], lacks=["N@a1", "P@a3"])
    yield Case("crazyhouse: in check from a knight, no drop helps", Z,
               setup(Z, {**kings, "d3": "n"}, hand="QP"),
               lacks=["Q@d2", "P@e2"], has=["e1e2"])
    yield Case("crazyhouse: in double check only the king moves", Z,
               setup(Z, {**kings, "e5": "r", "e3": "n"}, side="b", hand="Q"),
               moves=["e3c2"], has=["e1d1", "e1f2"], lacks=["Q@e2", "Q@e3", "e1e2"])
    yield Case("crazyhouse: a pawn dropped on rank 2 may double-step", Z,
               setup(Z, {**kings}, hand="Pp"), moves=["P@d2", "e8d8"],
               has=["d2d3", "d2d4"])
    yield Case("crazyhouse: a drop gives check; the checked side may capture the dropped "
               "piece", Z,
               setup(Z, {**kings, "f1": "B", "a8": "r"}, side="b", hand="q"),
               moves=["Q@e2"], has=["e1e2", "f1e2"])
# ---------------------------------------------------------------------------- xiangqi

@case_file("xiangqi", "Xiangqi: flying general, palace, elephant and river, horse and "
           "elephant blocking, cannon screens, soldiers")
def xiangqi():
    X = "xiangqi"
    yield Case("xiangqi: the general may not step onto the file of the other general with "
               "nothing between (e1-d1 would face the d10 general)", X,
               setup(X, {"e1": "K", "d10": "k"}), has=["e1e2", "e1f1"], lacks=["e1d1"])
    yield Case("xiangqi: a cannon alone between the generals is pinned to the file", X,
               setup(X, {"e1": "K", "e10": "k", "e5": "C", "a10": "p"}),
               has=["e5e6", "e5e9", "e5e2"], lacks=["e5d5", "e5a5", "e5e10"])
    yield Case("xiangqi: the general stays in the palace (d1-f3) and moves orthogonally only",
               X, setup(X, {"d3": "K", "f10": "k"}),
               has=["d3d2", "d3e3"], lacks=["d3c3", "d3d4", "d3e2", "d3e4"])
    yield Case("xiangqi: advisors step diagonally inside the palace only", X,
               setup(X, {"e1": "K", "f10": "k", "d3": "A", "e2": "A"}),
               has=["e2f3", "e2f1", "e2d1"], lacks=["d3c4", "d3c2", "d3e4", "e2d3", "d3d2"])
    yield Case("xiangqi: the elephant moves two cells diagonally and never crosses the river "
               "(e5 elephant: no e5-c7/g7)", X,
               setup(X, {"e1": "K", "f10": "k", "e5": "B"}),
               has=["e5c3", "e5g3"], lacks=["e5c7", "e5g7"])
    yield Case("xiangqi: the elephant is blocked by a piece on the cell between (d2 blocks "
               "c1-e3)", X,
               setup(X, {"e1": "K", "f10": "k", "c1": "B", "d2": "p"}),
               has=["c1a3"], lacks=["c1e3"])
    yield Case("xiangqi: the horse is blocked by a piece orthogonally next to it (e4 blocks "
               "both forward moves, d3 both leftward ones)", X,
               setup(X, {"e1": "K", "f10": "k", "e3": "N", "e4": "p", "d3": "P"}),
               has=["e3g4", "e3g2", "e3d1", "e3f1"], lacks=["e3d5", "e3f5", "e3c2", "e3c4"])
    yield Case("xiangqi: the cannon moves like a chariot and captures only over exactly one "
               "screen", X,
               setup(X, {"e1": "K", "f10": "k", "e3": "C", "e6": "p", "e8": "r", "e9": "n",
                         "a3": "p", "c3": "P"}),
               has=["e3e5", "e3e8", "e3d3", "e3a3"], lacks=["e3e6", "e3e9", "e3b3", "e3c3"])
    yield Case("xiangqi: soldiers step forward before the river, also sideways after it "
               "(also on the last rank), never backward", X,
               setup(X, {"e1": "K", "f10": "k", "a4": "P", "c6": "P", "i10": "P"}),
               has=["a4a5", "c6c7", "c6b6", "c6d6", "i10h10"],
               lacks=["a4b4", "c6c5", "i10i9"])
    yield Case("xiangqi: the second side's soldiers have crossed the river on rank 5", X,
               setup(X, {"e1": "K", "f10": "k", "c5": "p", "g6": "p"}, side="b"),
               has=["c5c4", "c5b5", "c5d5", "g6g5"], lacks=["g6f6", "g6h6"])
    yield Case("xiangqi: check from a cannon over the e2 advisor: move the screen off the "
               "file, add a second screen, or step aside (not to d1, facing d10)", X,
               setup(X, {"e1": "K", "d10": "k", "e2": "A", "e7": "c", "a3": "R"}),
               has=["e2d3", "e2f3", "e2d1", "a3e3", "e1f1"], lacks=["a3a4", "e1d1"])
    yield Case("xiangqi: the general may not capture the checking soldier on d2: it would "
               "face the d10 general", X,
               setup(X, {"e2": "K", "d10": "k", "d2": "p"}),
               has=["e2e3", "e2e1", "e2f2"], lacks=["e2d2"])
# ---------------------------------------------------------------------------- grand

@case_file("grand_promotion", "Grand chess promotion: ranks 8-10, optional before rank 10, "
           "only to pieces the side has lost")
def grand_promotion():
    G = "grand"
    full = {"a1": "K", "b1": "Q", "c1": "R", "d1": "R", "e1": "B", "f1": "B", "g1": "N",
            "h1": "N", "i1": "C", "j1": "A", "j10": "k"}
    yield Case("grand: with every piece lost, a pawn reaching rank 8 may stay a pawn or "
               "promote to any of q c a r b n", G,
               setup(G, {"a1": "K", "a10": "k", "e7": "P"}),
               has=["e7e8", "e7e8q", "e7e8c", "e7e8a", "e7e8r", "e7e8b", "e7e8n"])
    yield Case("grand: on rank 9 the choice is the same (optional)", G,
               setup(G, {"a1": "K", "a10": "k", "e8": "P"}),
               has=["e8e9", "e8e9q", "e8e9n"])
    yield Case("grand: on rank 10 promotion is forced", G,
               setup(G, {"a1": "K", "a10": "k", "e9": "P"}),
               has=["e9e10q", "e9e10a"], lacks=["e9e10"])
    yield Case("grand: with the queen still on the board, no promotion to a queen", G,
               setup(G, {"a1": "K", "b1": "Q", "a10": "k", "e9": "P"}),
               has=["e9e10r", "e9e10c"], lacks=["e9e10q", "e9e10"])
    yield Case("grand: with all pieces on the board, a pawn on rank 9 cannot move at all",
               G, setup(G, {**full, "e9": "P"}), lacks=["e9e10", "e9e10q", "e9e10r"])
    yield Case("grand: with all pieces on the board, a pawn on rank 8 may still step to "
               "rank 9 (as a pawn)", G,
               setup(G, {**full, "e8": "P"}), has=["e8e9"], lacks=["e8e9q", "e8e9n"])
    yield Case("grand: with one rook lost (one still on the board), promotion to a rook only "
               "(two allowed in all)", G,
               setup(G, {**{k: v for k, v in full.items() if k != "d1"}, "e9": "P"}),
               has=["e9e10r"], lacks=["e9e10q", "e9e10b", "e9e10n", "e9e10c", "e9e10a"])
    yield Case("grand: a capture-promotion on rank 10 offers the same limited choice, and "
               "the captured enemy piece does not count", G,
               setup(G, {**{k: v for k, v in full.items() if k != "j1"}, "e9": "P",
                         "d10": "a", "f10": "q"}),
               has=["e9d10a", "e9f10a", "e9e10a"], lacks=["e9d10q", "e9f10", "e9e10", "e9e10q"])
    yield Case("grand: the second side promotes on ranks 3-1 and counts its own pieces", G,
               setup(G, {"a1": "K", "a10": "k", "b10": "q", "e4": "p", "g2": "p"}, side="b"),
               has=["e4e3", "e4e3r", "g2g1c"], lacks=["e4e3q", "g2g1", "g2g1q"])
# ---------------------------------------------------------------------------- minishogi

@case_file("minishogi", "Minishogi: one-rank promotion zone, forced pawn promotion, drops "
           "with nifu, dead cells and pawn-drop mate")
def minishogi():
    M = "minishogi"
    start = sf.start_fen(M)
    yield Case("minishogi: the start position (the first side's rook steps up the e-file)",
               M, start, has=["e1e4", "d1a4"], lacks=["e1e5"])
    yield Case("minishogi: a pawn reaching rank 5 must promote; a bishop entering or leaving "
               "rank 5 may", M,
               setup(M, {"a1": "K", "d5": "k", "a4": "P", "c3": "B", "b2": "S"}),
               has=["a4a5+", "c3e5", "c3e5+", "c3b4", "b2b3"], lacks=["a4a5", "c3b4+"])
    yield Case("minishogi: a silver moving out of the zone may promote; a rook inside it too",
               M, setup(M, {"a1": "K", "c3": "k", "b5": "S", "e5": "R"}),
               has=["b5a4", "b5a4+", "b5c4+", "e5e1", "e5e1+", "e5d5+"])
    yield Case("minishogi: the second side's zone is rank 1", M,
               setup(M, {"e5": "k", "a3": "K", "c2": "p", "d3": "s"}, side="b"),
               has=["c2c1+", "d3d2", "d3e2"], lacks=["c2c1", "d3d2+"])
    yield Case("minishogi: pieces in hand are dropped on any empty cell; pawns not on rank 5 "
               "nor on a file with an own pawn", M,
               setup(M, {"a1": "K", "e5": "k", "b2": "P"}, hand="PS"),
               has=["P@a4", "P@c2", "S@c5", "S@a5"], lacks=["P@a5", "P@b4", "P@c5"])
    yield Case("minishogi: a promoted pawn captured goes to the hand as a pawn", M,
               setup(M, {"a1": "K", "e5": "k", "a4": "P", "b5": "g"}),
               moves=["a4a5+", "b5a5", "a1b1"], has=["P@a2", "P@d4"], lacks=["P@a1"])
    yield Case("minishogi: a checkmating pawn drop is illegal (king e5 hemmed in by its own "
               "rook and silver, the e3 gold guarding e4); a gold drop there mates legally", M,
               setup(M, {"a1": "K", "e5": "k", "d5": "r", "d4": "s", "e3": "G"}, hand="PG"),
               has=["G@e4"], lacks=["P@e4"])
    yield Case("minishogi: the same drop without the guarding gold only checks: legal", M,
               setup(M, {"a1": "K", "e5": "k", "d5": "r", "d4": "s"}, hand="P"),
               has=["P@e4"])
# ---------------------------------------------------------------------------- main

def render(name):
    title, fn = FILES[name]
    lines = [f"# {title}.",
             "# Generated by tests/data/special/generate.py from Fairy-Stockfish "
             f"(pyffish {'.'.join(map(str, sf.version()))}); see its docstring.",
             "# Format: variant | FEN | legal moves (sorted, space-separated)", ""]
    n = 0
    for case in fn():
        comments, line = case.run()
        lines += ["# " + c for c in comments]
        lines.append(line)
        lines.append("")
        n += 1
    if not 5 <= n <= 15:
        raise SystemExit(f"{name}: {n} cases")
    return "\n".join(lines).rstrip("\n") + "\n", n


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--check", action="store_true",
                    help="compare with the files on disk instead of writing them")
    ap.add_argument("--out", default=HERE, help="output directory (default: this one)")
    args = ap.parse_args()
    stale = []
    for name in FILES:
        text, n = render(name)
        path = os.path.join(args.out, name + ".txt")
        if args.check:
            old = open(path).read() if os.path.exists(path) else None
            if old != text:
                stale.append(path)
            print(f"{path}: {n} cases, {'stale' if old != text else 'up to date'}")
        else:
            with open(path, "w") as f:
                f.write(text)
            print(f"{path}: {n} cases")
    if stale:
        sys.exit(1)


if __name__ == "__main__":
    main()
