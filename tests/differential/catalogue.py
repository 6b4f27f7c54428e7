#!/usr/bin/env python3
"""The catalogue against Fairy-Stockfish: how many of its variants piecewise plays right.

For every variant pyffish knows (or those named), the shipped game of that name
(`piecewise variants --json`: a game whose header names the Fairy-Stockfish variant) is
played against pyffish:

- PLAYOUTS seeded random games of at most PLIES plies from pyffish's start position; at
  every position, the legal moves (`piecewise moves NAME --batch` on pyffish's FEN) and
  the end verdict (`piecewise result NAME --batch --each` on the start FEN and the moves:
  the result when pyffish has no legal move, `is_immediate_game_end` and
  `is_optional_game_end`, and `has_insufficient_material` for the draw by insufficient
  material, as tests/differential/ends.py compares them) must agree;
- perft from the start position to --perft-depth (pyffish counted by recursion over
  `legal_moves`) must agree.

With `--ini FILE`, the sections of a variants.ini are checked the same way: each is
loaded into pyffish with `load_variant_config` and imported with `piecewise import fsf`.

Prints a line per variant and a summary; `--markdown` prints the table docs/variants.md
quotes. Exit status 0 when every variant checked agrees (unshipped ones do not count
unless `--strict`), 1 otherwise.
"""
import argparse
import json
import multiprocessing
import os
import random
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import run  # noqa: E402  (pyffish installer, binary helpers, the `not mating` filter)
import ends  # noqa: E402  (verdict words, answer parsing)

sf = None


def shipped(binary):
    """Fairy-Stockfish name -> the shipped game's name, from `piecewise variants --json`."""
    out = subprocess.run([binary, "variants", "--json"], capture_output=True, text=True,
                         check=True).stdout
    return {v["fairy_stockfish"]: v["name"] for v in json.loads(out) if v["fairy_stockfish"]}


def playouts(variant, rng, count, plies, restricted):
    """`count` random games: each a list of moves and, per position, (fen, expected moves,
    expected verdict triple as ends.playout gives it)."""
    games = []
    start = sf.start_fen(variant)
    for _ in range(count):
        fen, moves, rows = start, [], []
        while True:
            legal = sf.legal_moves(variant, start, moves)
            imm = sf.is_immediate_game_end(variant, start, moves)
            opt = sf.is_optional_game_end(variant, start, moves)
            res = ends.value_word(sf.game_result(variant, start, moves)) if not legal else "?"
            verdict = (res, ends.value_word(imm[1]) if imm[0] else None,
                       ends.value_word(opt[1]) if opt[0] else None,
                       ends.dead(variant, start, moves))
            expected = run.expected_moves(variant, fen, sf.legal_moves(variant, fen, []),
                                          restricted)
            rows.append((fen, expected, verdict))
            if imm[0] or not legal or len(moves) >= plies:
                break
            playable = run.expected_moves(variant, fen, legal, restricted)
            move = rng.choice(sorted(playable or legal))
            moves.append(move)
            fen = sf.get_fen(variant, fen, [move])
        games.append((moves, rows))
    return games


class Budget(Exception):
    """pyffish's perft would take more calls than allowed."""


def sf_perft(variant, fen, depth, budget, moves=()):
    """Perft by recursion over pyffish's legal_moves; `budget` is a one-item list of the
    pyffish calls still allowed (Budget is raised past it: a duck game's depth 3 takes
    millions). The line is handed to pyffish as moves from `fen`, not as the FEN it
    reaches: the ends that read the move before (two passes in a row, a pass in
    Janggi's bikjang) then end it, as Fairy-Stockfish's `go perft` and piecewise's perft
    follow them (through FENs, janggi's perft 3 was 33,032 where both count 33,000)."""
    if depth == 0:
        return 1
    budget[0] -= 1
    if budget[0] < 0:
        raise Budget()
    legal = sf.legal_moves(variant, fen, list(moves))
    if depth == 1:
        return len(legal)
    return sum(sf_perft(variant, fen, depth - 1, budget, moves + (m,)) for m in legal)


def batch(cmd, text, timeout):
    p = subprocess.run(cmd, input=text, capture_output=True, text=True, timeout=timeout)
    lines = p.stdout.split("\n")
    if lines and lines[-1] == "":
        lines.pop()
    return p, lines


def check(job):
    """One variant: a dict with the counts and the first disagreements."""
    variant, rules, binary, args = job
    global sf
    sf = run.sf = ends.sf = run.import_pyffish()
    if args.ini:
        sf.load_variant_config(open(args.ini).read())
    t0 = time.time()
    out = {"variant": variant, "positions": 0, "moves": 0, "verdicts": 0, "perft": None,
           "failure": None, "show": []}
    try:
        # The file's text (a shipped game's name is rules/NAME.rules): its `not mating`
        # drops are the moves pyffish allows that the file states it forbids.
        path = rules if os.path.exists(rules) else os.path.join(run.REPO, "rules",
                                                                 f"{rules}.rules")
        restricted = run.not_mating_drops(open(path).read()) if os.path.exists(path) else set()
        rng = random.Random(f"{args.seed}:catalogue:{variant}")
        games = playouts(variant, rng, args.playouts, args.plies, restricted)
        rows = [r for _, g in games for r in g]
        out["positions"] = len(rows)
        p, lines = batch([binary, "moves", rules, "--batch"],
                         "".join(f"{fen}\n" for fen, _, _ in rows), args.timeout)
        if len(lines) != len(rows):
            err = p.stderr.strip().splitlines()
            out["failure"] = f"moves: {len(lines)} lines for {len(rows)} FENs" + (
                f": {err[-1][:200]}" if err else "")
            return out
        for (fen, expected, _), line in zip(rows, lines):
            got = line.split() if not line.startswith("error:") else None
            if got is None or sorted(got) != expected:
                out["moves"] += 1
                if len(out["show"]) < args.show:
                    if got is None:
                        out["show"].append(f"moves {fen}: {line[:200]}")
                    else:
                        missing = sorted(set(expected) - set(got))[:8]
                        extra = sorted(set(got) - set(expected))[:8]
                        out["show"].append(f"moves {fen}: missing {missing} extra {extra}")
        start = sf.start_fen(variant)
        text = "".join(f"{start} moves {' '.join(m)}\n" if m else f"{start}\n" for m, _ in games)
        p, lines = batch([binary, "result", rules, "--batch", "--each"], text, args.timeout)
        if len(lines) != len(games):
            err = p.stderr.strip().splitlines()
            out["failure"] = f"result: {len(lines)} lines for {len(games)} games" + (
                f": {err[-1][:200]}" if err else "")
            return out
        for (moves, g), line in zip(games, lines):
            answers = [a.split(" ") for a in line.split(" | ")]
            if line.startswith("error:") or len(answers) != len(g):
                out["verdicts"] += len(g)
                if len(out["show"]) < args.show:
                    out["show"].append(f"result {' '.join(moves)}: {line[:200]}")
                continue
            for k, ((_, _, exp), got) in enumerate(zip(g, answers)):
                got = [ends.parse_answer(t) for t in got]
                for i, (what, a) in enumerate(zip(("result", "immediate", "optional"), got)):
                    if not ends.verdict_agrees(what, exp, a):
                        e = exp[1] if what == "result" and exp[0] == "?" else exp[i]
                        out["verdicts"] += 1
                        if len(out["show"]) < args.show:
                            out["show"].append(f"{what} after {' '.join(moves[:k])}: pyffish {e}"
                                               f"{' (dead)' if exp[3] else ''}, piecewise {a}")
                        break
        if args.perft_depth:
            try:
                want = sf_perft(variant, start, args.perft_depth, [args.perft_calls])
            except Budget:
                want = None
            p = subprocess.run([binary, "perft", rules, "--depth", str(args.perft_depth),
                                "--fen", start], capture_output=True, text=True,
                               timeout=args.timeout)
            got = p.stdout.strip().splitlines()[-1:] or [p.stderr.strip()[:200]]
            out["perft"] = (want if want is not None else "skipped", got[0])
            if want is not None and got[0] != str(want) and len(out["show"]) < args.show:
                out["show"].append(f"perft {args.perft_depth}: pyffish {want}, piecewise {got[0]}")
    except subprocess.TimeoutExpired:
        out["failure"] = f"timed out after {args.timeout} s"
    except Exception as e:  # a pyffish error on this variant: report, go on
        out["failure"] = f"{type(e).__name__}: {e}"
    out["secs"] = time.time() - t0
    return out


def agrees(r):
    return (not r["failure"] and r["moves"] == 0 and r["verdicts"] == 0
            and (r["perft"] is None or r["perft"][0] == "skipped"
                 or r["perft"][1] == str(r["perft"][0])))


def ini_sections(ini, binary, outdir):
    """Import a variants.ini: section name -> written rules file (or None)."""
    subprocess.run([binary, "import", "fsf", ini, "-o", outdir], capture_output=True,
                   text=True)
    names = []
    for line in open(ini):
        line = line.strip()
        if line.startswith("[") and "]" in line:
            names.append(line[1:line.index("]")].split(":")[0])
    return {n: os.path.join(outdir, f"{n}.rules") for n in names}


def main():
    global sf
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("variants", nargs="*", help="Fairy-Stockfish names (default: all)")
    ap.add_argument("--playouts", type=int, default=8)
    ap.add_argument("--plies", type=int, default=60)
    ap.add_argument("--perft-depth", type=int, default=3, help="0 for none")
    ap.add_argument("--perft-calls", type=int, default=5000,
                    help="pyffish calls a perft may take before it is skipped")
    ap.add_argument("--seed", default="1")
    ap.add_argument("--ini", help="check the sections of this variants.ini instead")
    ap.add_argument("--rules-dir",
                    help="check the files of this directory whose header names their "
                         "Fairy-Stockfish variant (read as files: no rebuild needed)")
    ap.add_argument("--bin", help=f"the piecewise binary (default {run.DEFAULT_BIN})")
    ap.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    ap.add_argument("--show", type=int, default=3)
    ap.add_argument("--timeout", type=int, default=300)
    ap.add_argument("--strict", action="store_true",
                    help="a variant with no shipped game fails the run")
    args = ap.parse_args()
    sf = run.import_pyffish()
    binary = args.bin or os.path.join(run.REPO, run.DEFAULT_BIN)
    run.ensure_binary(binary, args.bin is not None)
    tmp = tempfile.mkdtemp(prefix="piecewise-catalogue-")
    if args.ini:
        files = ini_sections(args.ini, binary, tmp)
        sf.load_variant_config(open(args.ini).read())
        names = args.variants or list(files)
    elif args.rules_dir:
        files = {n: os.path.abspath(os.path.join(args.rules_dir, f"{n}.rules"))
                 for n in run.fairy_stockfish_games(args.rules_dir)}
        names = args.variants or sorted(files)
    else:
        files = {fsf: name for fsf, name in shipped(binary).items()}
        names = args.variants or sorted(sf.variants())
    jobs, missing = [], []
    for n in names:
        target = files.get(n)
        if target is None or (args.ini and not os.path.exists(target)):
            missing.append(n)
            continue
        jobs.append((n, target, binary, args))
    good = 0
    with multiprocessing.get_context("fork").Pool(max(1, min(args.jobs, len(jobs) or 1))) as pool:
        for r in pool.imap(check, jobs):
            ok = agrees(r)
            good += ok
            perft = "" if r["perft"] is None else \
                f", perft {args.perft_depth} {r['perft'][1]}/{r['perft'][0]}"
            state = "agrees" if ok else ("FAILED: " + r["failure"] if r["failure"] else "differs")
            print(f"{r['variant']}: {state}: {r['positions']} positions, {r['moves']} move "
                  f"and {r['verdicts']} verdict disagreements{perft} ({r.get('secs', 0):.0f} s)")
            for line in r["show"]:
                print(f"  {line}")
            sys.stdout.flush()
    for n in missing:
        print(f"{n}: not shipped" if not args.ini else f"{n}: no file written")
    total = len(names)
    print(f"\n{good} of {total} agree ({len(jobs)} checked, {len(missing)} "
          f"{'not shipped' if not args.ini else 'not written'})")
    sys.exit(0 if good == len(jobs) and (not args.strict or not missing) else 1)


if __name__ == "__main__":
    main()
