#!/usr/bin/env python3
"""Differential test of piecewise's game ends against Fairy-Stockfish (pyffish).

For each shipped game Fairy-Stockfish knows (run.py's GAMES), play seeded random games
with pyffish from the start position until the game ends (an immediate end, or no legal
move) or a ply cap. Random moves are biased so that the ends under test happen: a side
often plays its last move back (repetitions), prefers checks (perpetual checks) and
captures (bare kings, no pieces, counting). At every position of every game, ask pyffish
`is_immediate_game_end`, `is_optional_game_end` and, when it has no legal move,
`game_result`; ask piecewise the same with one `piecewise result RULES --batch --each`
process per game (one input line per game: `START_FEN moves M1 M2 ...`), and compare.

Values are from the side to move's view: pyffish's -32000 / 0 / 32000 are piecewise's
`loss:REASON` / `draw:REASON` / `win:REASON`. See tests/differential/README.md. Exit
status: 0 when every game agrees, 1 on any disagreement or failure, 2 on usage errors.
"""
import argparse
import collections
import multiprocessing
import os
import random
import subprocess
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import run  # noqa: E402  (run.py's game list, pyffish installer and binary helpers)

sf = None


def value_word(value):
    """pyffish's value for the side to move -> `win`, `loss` or `draw`."""
    if value > 0:
        return "win"
    if value < 0:
        return "loss"
    return "draw"


def dead(variant, start, moves):
    """Whether pyffish's `has_insufficient_material` says neither side can mate."""
    return tuple(sf.has_insufficient_material(variant, start, moves)) == (True, True)


def verdict_agrees(what, expected, got):
    """Whether piecewise's answer `got` (None or (word, reason)) to `what` (`result`,
    `immediate` or `optional`) agrees with pyffish's `expected`, a playout's
    (result, immediate, optional, dead) tuple.

    pyffish leaves the draw by insufficient material to its caller: `game_result` and
    `is_immediate_game_end` say nothing where `has_insufficient_material` says neither side
    can mate (`dead`). piecewise's immediate answer is pyffish's, but its result (the game
    is over) includes that draw (docs/language.md, "Insufficient material"). So in a dead
    position with no other end, the result must be an insufficient-material end; in any
    other position no answer may be one."""
    res, imm, opt, is_dead = expected
    e = {"result": imm if res == "?" else res, "immediate": imm, "optional": opt}[what]
    material = got is not None and got[1] == "insufficient-material"
    if what == "result" and e is None and is_dead:
        return material
    if material and not is_dead:
        return False
    return (got[0] if got else None) == e


def playout(variant, rng, max_plies, mate_restricted=frozenset()):
    """One random game: (moves, expected) where expected[k] is the answer after k moves:
    a tuple (result, immediate, optional, dead), the first three None or
    `win`/`loss`/`draw` (result is compared only when pyffish has no legal move, else it
    is `?`) and `dead` whether neither side can mate (see `verdict_agrees`)."""
    start = sf.start_fen(variant)
    fen = start                 # the current position (for the questions without history)
    moves, expected = [], []
    while True:
        imm = sf.is_immediate_game_end(variant, start, moves)
        opt = sf.is_optional_game_end(variant, start, moves)
        legal = sf.legal_moves(variant, start, moves)
        res = value_word(sf.game_result(variant, start, moves)) if not legal else "?"
        expected.append((res, value_word(imm[1]) if imm[0] else None,
                         value_word(opt[1]) if opt[0] else None, dead(variant, start, moves)))
        if imm[0] or not legal or len(moves) >= max_plies:
            return moves, expected
        # Never a checkmating drop of a `not mating` piece (shogi's pawn): Fairy-Stockfish
        # lists it and scores it lost for the dropper; the rules file forbids it.
        playable = run.expected_moves(variant, fen, legal, mate_restricted)
        move = choose(variant, fen, moves, playable, rng)
        moves.append(move)
        fen = sf.get_fen(variant, fen, [move])


def choose(variant, fen, moves, legal, rng):
    """A random legal move, often the reverse of the side's own last move (to repeat),
    else often a check or a capture."""
    r = rng.random()
    if r < 0.35 and len(moves) >= 2:
        back = reverse(moves[-2])
        if back in legal:
            return back
    if r < 0.6:
        # A few candidates only: each pyffish call costs milliseconds.
        for m in rng.sample(sorted(legal), min(4, len(legal))):
            if sf.gives_check(variant, fen, [m]) or sf.is_capture(variant, fen, [], m):
                return m
    return rng.choice(sorted(legal))


def reverse(move):
    """`a1b3` -> `b3a1` (None for drops and promotions)."""
    if "@" in move:
        return None
    cells, i = [], 0
    while i < len(move) and len(cells) < 2:
        j = i
        while j < len(move) and move[j].isalpha():
            j += 1
        k = j
        while k < len(move) and move[k].isdigit():
            k += 1
        if j == i or k == j:
            return None
        cells.append(move[i:k])
        i = k
    if len(cells) != 2 or i != len(move):
        return None
    return cells[1] + cells[0]


def parse_answer(token):
    """`-` -> None, `win:repetition` -> (`win`, `repetition`)."""
    if token == "-":
        return None
    word, _, reason = token.partition(":")
    return word, reason


def check_game(job):
    game, cmd, args = job
    global sf
    sf = run.sf = run.import_pyffish()
    t0 = time.time()
    rng = random.Random(f"{args.seed}:ends:{game}")
    with open(os.path.join(run.REPO, "rules", f"{game}.rules")) as f:
        mate_restricted = run.not_mating_drops(f.read())
    games = [playout(game, rng, args.max_plies, mate_restricted)
             for _ in range(args.playouts)]
    start = sf.start_fen(game)
    text = "".join(f"{start} moves {' '.join(m)}\n" if m else f"{start}\n" for m, _ in games)
    rules = os.path.join(run.REPO, "rules", f"{game}.rules")
    try:
        p = subprocess.run(cmd + ["result", rules, "--batch", "--each"], input=text,
                           capture_output=True, text=True, timeout=args.timeout)
    except subprocess.TimeoutExpired:
        return game, [], f"timed out after {args.timeout} s", {}, 0
    lines = p.stdout.split("\n")
    if lines and lines[-1] == "":
        lines.pop()
    if len(lines) != len(games):
        err = p.stderr.strip().splitlines()
        return game, [], f"{len(lines)} output lines for {len(games)} games" + (
            f": {err[-1]}" if err else ""), {}, 0
    mismatches, seen, positions = [], collections.Counter(), 0
    for (moves, expected), line in zip(games, lines):
        if line.startswith("error:"):
            mismatches.append((moves, len(moves), "rejected", line))
            continue
        answers = [a.split(" ") for a in line.split(" | ")]
        if len(answers) != len(expected):
            mismatches.append((moves, len(moves), "answers", f"{len(answers)} for {len(expected)}"))
            continue
        for k, (exp, got) in enumerate(zip(expected, answers)):
            positions += 1
            got = [parse_answer(t) for t in got]
            for what, g in zip(("result", "immediate", "optional"), got):
                if g:
                    seen[f"{what} {g[0]}:{g[1]}"] += 1
                if not verdict_agrees(what, exp, g):
                    # (pyffish has legal moves: the game is over only by an immediate end.)
                    e = exp[1] if what == "result" and exp[0] == "?" else exp[
                        ("result", "immediate", "optional").index(what)]
                    mismatches.append((moves, k, what, f"pyffish {e}{' (dead)' if exp[3] else ''}"
                                                       f", piecewise {g}"))
    return game, mismatches, None, seen, positions, time.time() - t0


def main():
    global sf
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("games", nargs="*", help=f"games (default: {' '.join(run.GAMES)})")
    ap.add_argument("--playouts", type=int, default=200, help="random games per game")
    ap.add_argument("--max-plies", type=int, default=300, help="ply cap of a random game")
    ap.add_argument("--seed", default="1")
    ap.add_argument("--bin", help=f"the piecewise binary (default {run.DEFAULT_BIN})")
    ap.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    ap.add_argument("--show", type=int, default=5, help="disagreements printed per game")
    ap.add_argument("--timeout", type=int, default=600)
    args = ap.parse_args()
    for g in args.games:
        if g not in run.GAMES:
            ap.error(f"unknown game {g} (known: {' '.join(run.GAMES)})")
    games = args.games or run.GAMES
    sf = run.import_pyffish()
    binary = args.bin or os.path.join(run.REPO, run.DEFAULT_BIN)
    run.ensure_binary(binary, args.bin is not None)
    jobs = [(g, [binary], args) for g in games]
    bad = 0
    with multiprocessing.get_context("fork").Pool(max(1, min(args.jobs, len(jobs)))) as pool:
        for out in pool.imap(check_game, jobs):
            game, mismatches, failure = out[0], out[1], out[2]
            if failure:
                print(f"{game}: FAILED: {failure}")
                bad += 1
                continue
            seen, positions, secs = out[3], out[4], out[5]
            ends = ", ".join(f"{k} {v}" for k, v in sorted(seen.items())) or "none"
            print(f"{game}: {args.playouts} games, {positions} positions, "
                  f"{len(mismatches)} disagreements ({secs:.0f} s); ends seen: {ends}")
            for moves, k, what, detail in mismatches[:args.show]:
                print(f"  {what} after {k} moves: {detail}\n    {sf.start_fen(game)} moves "
                      f"{' '.join(moves[:k])}")
            bad += bool(mismatches)
    sys.exit(1 if bad else 0)


if __name__ == "__main__":
    main()
