#!/usr/bin/env python3
"""Differential test of piecewise's legal moves against Fairy-Stockfish (pyffish).

For each shipped game (rules/GAME.rules, GAME being Fairy-Stockfish's variant name), play
seeded random games with pyffish from the start position, collect the distinct positions
reached, send them all to `piecewise moves rules/GAME.rules --batch` (one process per
game), and check that every position gets exactly pyffish's legal moves.

See tests/differential/README.md. Exit status: 0 when every game matches, 1 on any
mismatch or failure, 2 on usage errors.
"""
import argparse
import os
import random
import re
import subprocess
import sys
import time

REPO = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def fairy_stockfish_games(rules_dir=os.path.join(REPO, "rules")):
    """The shipped games Fairy-Stockfish knows: every rules/GAME.rules whose header (its
    first comment paragraph) says it is `Fairy-Stockfish's variant "GAME"` (the
    catalogue's convention, crates/piecewise/build.rs), sorted."""
    games = []
    for name in sorted(os.listdir(rules_dir)):
        if not name.endswith(".rules"):
            continue
        header = []
        with open(os.path.join(rules_dir, name), encoding="utf-8") as f:
            for line in f:
                text = line.strip()
                if not text.startswith("#") or text == "#":
                    break
                header.append(text.lstrip("#").strip())
        found = re.search(r"Fairy-Stockfish's variant \"([^\"]+)\"", " ".join(header))
        if found and found.group(1) == name[:-len(".rules")]:
            games.append(found.group(1))
    return games


GAMES = fairy_stockfish_games()
DEFAULT_BIN = os.path.join("target", "release", "piecewise")


def import_pyffish():
    """Import pyffish, installing it with pip first if it is missing."""
    try:
        import pyffish
        return pyffish
    except ImportError:
        pass
    print("pyffish is missing; installing it with pip", file=sys.stderr)
    cmd = [sys.executable, "-m", "pip", "install", "pyffish"]
    if subprocess.call(cmd) != 0:
        # Some system Pythons refuse to install packages without this flag.
        cmd.append("--break-system-packages")
        if subprocess.call(cmd) != 0:
            sys.exit("could not install pyffish (pip install pyffish)")
    import pyffish
    return pyffish


sf = None  # pyffish, imported in main() (or by the fake binary)


# ------------------------------------------------------------------------- rules files

def not_mating_drops(rules_text):
    """FEN letters of the pieces whose drops are declared `not mating`.

    Fairy-Stockfish generates such drops (a checkmating pawn drop in shogi) as legal
    moves and scores the resulting position as a loss for the dropper; the rules files
    forbid them instead. The expected move lists leave them out (see README.md).
    """
    text = re.sub(r"#[^\n]*", "", rules_text)
    letters = {}
    for name, letter in re.findall(r"\bpiece\s+([A-Za-z_]\w*)\s*\(\s*(\+?[A-Za-z])\s*\)",
                                   text):
        letters[name] = letter.upper()
    out = set()
    for m in re.finditer(r"^\s*drop\s+([^\n]*)$", text, re.M):
        decl = m.group(1)
        if not re.search(r"\bnot\s+mating\b", decl):
            continue
        names = re.split(r"\s*\|\s*", re.split(r",|\bnot\s+in\b", decl)[0].strip())
        for n in names:
            if n in letters:
                out.add(letters[n])
    return out


def drop_letter(move):
    """`P@e5` -> `P`, `+P@e5` -> `+P`, anything else -> None."""
    i = move.find("@")
    return move[:i] if i > 0 else None


def expected_moves(variant, fen, moves, mate_restricted):
    """pyffish's legal moves, minus drops of `not mating` pieces that checkmate at once."""
    if not mate_restricted:
        return sorted(moves)
    out = []
    for m in moves:
        letter = drop_letter(m)
        if letter and letter.upper() in mate_restricted \
                and sf.gives_check(variant, fen, [m]) and not sf.legal_moves(variant, fen, [m]):
            continue
        out.append(m)
    return sorted(out)


# ------------------------------------------------------------------------- positions

def clockless(fen):
    """The FEN without its halfmove and fullmove fields (a dedup key)."""
    parts = fen.split(" ")
    return " ".join(parts[:-2]) if len(parts) > 2 else fen


def collect_positions(variant, count, seed, max_plies, mate_restricted, log=None,
                      transitions=None):
    """Distinct positions from seeded random games: a list of (fen, expected moves).

    The first position is pyffish's start FEN verbatim (it may be written differently
    from get_fen's output, e.g. shogi's `[-] w 0 1`); all others are get_fen output.
    """
    rng = random.Random(f"{seed}:{variant}")
    start = sf.start_fen(variant)
    out, seen = [], {clockless(start)}
    out.append((start, expected_moves(variant, start, sf.legal_moves(variant, start, []),
                                      mate_restricted)))
    games = plies_total = left_out = 0
    budget = max(1000, 50 * count)            # plies, against endless repeats
    while len(out) < count and plies_total < budget:
        games += 1
        fen = sf.get_fen(variant, start, [])
        for _ply in range(max_plies + 1):
            if sf.is_immediate_game_end(variant, fen, [])[0]:
                break
            legal = sf.legal_moves(variant, fen, [])
            key = clockless(fen)
            if key not in seen:
                seen.add(key)
                expected = expected_moves(variant, fen, legal, mate_restricted)
                left_out += len(legal) - len(expected)
                out.append((fen, expected))
                if len(out) >= count:
                    break
            if not legal:
                break
            move = rng.choice(sorted(legal))
            before = fen
            fen = sf.get_fen(variant, fen, [move])
            if transitions is not None and len(transitions) < count:
                transitions.append((before, move, fen))
            plies_total += 1
    if log:
        log(f"  {len(out)} positions from {games} random games ({plies_total} plies)"
            + (f"; {left_out} checkmating drops of {'/'.join(sorted(mate_restricted))} left "
               "out (`not mating`)" if mate_restricted else ""))
    return out


# ------------------------------------------------------------------------- the binary

def run_batch(cmd, rules, fens, timeout):
    """Run `CMD moves RULES --batch` with the FENs on stdin: (lines, error or None)."""
    try:
        p = subprocess.run(cmd + ["moves", rules, "--batch"], input="".join(f + "\n" for f in fens),
                           capture_output=True, text=True, timeout=timeout)
    except subprocess.TimeoutExpired:
        return None, f"timed out after {timeout} s"
    except OSError as e:
        return None, f"could not run {' '.join(cmd)}: {e}"
    lines = p.stdout.split("\n")
    if lines and lines[-1] == "":
        lines.pop()
    if p.returncode != 0:
        err = p.stderr.strip().splitlines()
        return lines, f"exit status {p.returncode}" + (f": {err[-1]}" if err else "")
    if len(lines) != len(fens):
        return lines, f"{len(lines)} output lines for {len(fens)} FENs"
    return lines, None


def compare(fens_expected, lines):
    """Mismatches: a list of dicts (index, fen, kind, missing, extra, got)."""
    out = []
    for i, ((fen, expected), line) in enumerate(zip(fens_expected, lines)):
        if line.startswith("error:"):
            out.append(dict(index=i, fen=fen, kind="rejected", got=line, missing=expected,
                            extra=[]))
            continue
        got = line.split()
        exp = set(expected)
        gs = set(got)
        if gs != exp:
            out.append(dict(index=i, fen=fen, kind="moves", got=line,
                            missing=sorted(exp - gs), extra=sorted(gs - exp)))
        elif got != sorted(got) or len(got) != len(gs):
            out.append(dict(index=i, fen=fen, kind="format (unsorted or repeated moves)",
                            got=line, missing=[], extra=[]))
    return out


def ensure_binary(path, explicit):
    if os.path.isfile(path):
        return
    if explicit:
        sys.exit(f"--bin {path}: no such file")
    print(f"{path} is missing: cargo build --release", file=sys.stderr)
    if subprocess.call(["cargo", "build", "--release"], cwd=REPO) != 0 or not os.path.isfile(path):
        sys.exit("cargo build --release failed")


# ------------------------------------------------------------------------- main run

def check_game(game, cmd, args):
    """One game: (log lines, (checked, mismatches, failure or None))."""
    logs = []
    log = logs.append
    rules = os.path.join(args.rules_dir, game + ".rules")
    log(f"{game}: {rules}")
    if not os.path.isfile(rules):
        log(f"  FAIL: {rules}: no such file")
        return logs, (0, [], f"{rules}: no such file")
    with open(rules) as f:
        restricted = not_mating_drops(f.read())
    t0 = time.time()
    transitions = [] if getattr(args, "check_fen", False) else None
    positions = collect_positions(game, args.positions, args.seed, args.max_plies,
                                  restricted, log, transitions)
    t1 = time.time()
    lines, failure = run_batch(cmd, rules, [f for f, _ in positions], args.timeout)
    t2 = time.time()
    mismatches = compare(positions, lines or [])
    checked = min(len(positions), len(lines or []))
    log(f"  checked {checked} positions: {len(mismatches)} mismatches"
        f" (pyffish {t1 - t0:.1f} s, piecewise {t2 - t1:.1f} s)")
    if failure:
        log(f"  FAIL: {failure}")
    for mm in mismatches[:args.show]:
        log(f"  mismatch #{mm['index']} ({mm['kind']}): {mm['fen']}")
        if mm["kind"] == "rejected" or mm["kind"].startswith("format"):
            log(f"    piecewise: {mm['got']}")
        if mm["missing"]:
            log(f"    missing: {' '.join(mm['missing'])}")
        if mm["extra"]:
            log(f"    extra:   {' '.join(mm['extra'])}")
    if len(mismatches) > args.show:
        log(f"  ... and {len(mismatches) - args.show} more")
    if transitions:
        fen_failure, fen_mismatches = check_fen_writing(cmd, rules, transitions, args, log)
        failure = failure or fen_failure
        mismatches = mismatches + fen_mismatches
    return logs, (checked, mismatches, failure)


def check_fen_writing(cmd, rules, transitions, args, log):
    """`piecewise play RULES --batch`: the FEN after each random move must be
    Fairy-Stockfish's (board, hand, side, castling rights, en passant cell). The move
    clocks are compared too but only counted: the halfmove clock's reset rule differs
    per variant in Fairy-Stockfish (pawn types) and some variants add counting fields."""
    lines_in = "".join(f"{before} moves {move}\n" for before, move, _ in transitions)
    try:
        p = subprocess.run(cmd + ["play", rules, "--batch"], input=lines_in,
                           capture_output=True, text=True, timeout=args.timeout)
    except (subprocess.TimeoutExpired, OSError) as e:
        return f"play --batch: {e}", []
    lines = p.stdout.split("\n")
    if lines and lines[-1] == "":
        lines.pop()
    if len(lines) != len(transitions):
        return f"play --batch printed {len(lines)} lines for {len(transitions)} moves", []
    bad, clocks, counting = [], 0, 0
    for i, ((before, move, after), got) in enumerate(zip(transitions, lines)):
        want, have = after.split(" "), got.split(" ")
        n = 4
        if len(want) > 3 and want[3].isdigit():
            # Makruk's counting rule: Fairy-Stockfish writes its counter where the en
            # passant field would be; piecewise has no counting rules.
            n, counting = 3, counting + 1
        if have[:n] != want[:n]:
            bad.append(dict(index=i, fen=f"{before} moves {move}", kind="FEN written",
                            got=got, missing=[after], extra=[got]))
        elif have[4:6] != want[4:6]:
            clocks += 1
    log(f"  FEN written after {len(transitions)} moves: {len(bad)} mismatches"
        f" (clocks differ in {clocks}" + (f"; {counting} with counting fields" if counting else "")
        + ")")
    for mm in bad[:args.show]:
        log(f"  FEN mismatch #{mm['index']}: {mm['fen']}")
        log(f"    Fairy-Stockfish: {mm['missing'][0]}")
        log(f"    piecewise:       {mm['got']}")
    return None, bad


def _check_game_job(job):
    return check_game(*job)


def check_games(games, cmd, args, log=print):
    """Run every game (in parallel with --jobs); {game: (checked, mismatches, failure)}."""
    jobs = [(g, cmd, args) for g in games]
    n = max(1, min(getattr(args, "jobs", 1) or 1, len(games)))
    if n > 1:
        import multiprocessing
        with multiprocessing.get_context("fork").Pool(n) as pool:
            outputs = pool.imap(_check_game_job, jobs)
            results = {}
            for game, (logs, result) in zip(games, outputs):
                for line in logs:
                    log(line)
                results[game] = result
            return results
    results = {}
    for job in jobs:
        logs, result = check_game(*job)
        for line in logs:
            log(line)
        results[job[0]] = result
    return results


def summary(results, log=print):
    log("")
    log(f"{'game':<12} {'positions':>9} {'mismatches':>10}  status")
    bad = False
    for game, (checked, mismatches, failure) in results.items():
        status = "FAIL: " + failure if failure else ("MISMATCH" if mismatches else "ok")
        bad |= bool(failure or mismatches)
        log(f"{game:<12} {checked:>9} {len(mismatches):>10}  {status}")
    return 1 if bad else 0


# ------------------------------------------------------------------------- self-test

def fake_binary(argv):
    """A stand-in for `piecewise moves RULES --batch` answering with pyffish's moves.

    argv: MODE moves RULES --batch. MODE `exact` answers correctly; `sabotage` corrupts
    some lines (see sabotage()); `short` prints only half the lines; `crash` exits 3.
    The variant is the rules file's name.
    """
    global sf
    sf = import_pyffish()
    mode, rest = argv[0], argv[1:]
    if rest[:1] != ["moves"] or "--batch" not in rest:
        print("usage: fake MODE moves RULES --batch", file=sys.stderr)
        return 2
    rules = rest[1]
    variant = os.path.splitext(os.path.basename(rules))[0]
    with open(rules) as f:
        restricted = not_mating_drops(f.read())
    fens = [l.rstrip("\n") for l in sys.stdin]
    if mode == "crash":
        print("fake crash", file=sys.stderr)
        return 3
    if mode == "short":
        fens = fens[: len(fens) // 2]
    for i, fen in enumerate(fens):
        try:
            moves = expected_moves(variant, fen, sf.legal_moves(variant, fen, []), restricted)
        except Exception as e:  # pyffish rejects the FEN
            print(f"error: {e}")
            continue
        if mode == "sabotage":
            print(sabotage(i, moves))
        else:
            print(" ".join(moves))
    return 0


def sabotage(i, moves):
    """The sabotaged answer for line i: every 7th loses a move, every 11th gains one,
    every 13th is rejected, every 17th is reversed (the first rule that applies)."""
    if i % 7 == 3 and moves:
        return " ".join(moves[1:])
    if i % 11 == 5:
        return " ".join(sorted(moves + ["a1a1"]))
    if i % 13 == 6:
        return "error: sabotaged"
    if i % 17 == 8 and len(moves) > 1:
        return " ".join(reversed(moves))
    return " ".join(moves)


def self_test(args):
    """Check this script's own logic with fake binaries (needs pyffish, not piecewise)."""
    fails = []

    def expect(cond, what):
        print(("  ok   " if cond else "  FAIL ") + what)
        if not cond:
            fails.append(what)

    quiet = lambda *a: None
    fake = [sys.executable, os.path.abspath(__file__), "--fake"]
    args.positions = min(args.positions, 120)
    args.check_fen = False  # the fake binaries answer `moves --batch` only
    games = args.games or ["chess", "shogi", "xiangqi"]

    print("self-test: rules-file parsing")
    expect(not_mating_drops("piece Pawn (P) { step forward }\ndrop Pawn, one per file, not mating\n")
           == {"P"}, "`drop Pawn, ..., not mating` restricts P")
    expect(not_mating_drops("piece Pawn (P) { step forward }\ndrop Pawn not in back_ranks\n")
           == set(), "`drop Pawn not in Z` is no mating restriction")
    expect(not_mating_drops("piece Pawn (P) {}\n# drop Pawn, not mating\n") == set(),
           "commented-out declarations are ignored")
    expect(not_mating_drops("piece A (A) {}\npiece B (+B) {}\ndrop A | B, not mating\n")
           == {"A", "+B"}, "piece lists and +X letters")

    print("self-test: expected moves drop a checkmating pawn drop only")
    mate = "k8/2G6/1G7/9/9/9/9/9/4K4[LP] w - - 0 1"        # P@a8 mates
    exp = expected_moves("shogi", mate, sf.legal_moves("shogi", mate, []), {"P"})
    expect("P@a8" not in exp and "L@a8" in exp and "P@a7" in exp,
           "P@a8 left out, L@a8 and other pawn drops kept")
    check = "k8/9/1G7/9/9/9/9/9/4K4[P] w - - 0 1"          # P@a8 only checks
    exp = expected_moves("shogi", check, sf.legal_moves("shogi", check, []), {"P"})
    expect("P@a8" in exp, "a pawn drop that only checks is kept")

    print("self-test: positions")
    pos = collect_positions("chess", 50, 7, 40, set())
    pos2 = collect_positions("chess", 50, 7, 40, set())
    expect(pos == pos2, "the same seed gives the same positions")
    expect(len(pos) == 50, "the requested number of positions")
    expect(len({clockless(f) for f, _ in pos}) == 50, "positions are distinct")
    expect(pos[0][0] == sf.start_fen("chess"), "the first position is the start FEN")
    pos3 = collect_positions("chess", 50, 8, 40, set())
    expect(pos3 != pos, "another seed gives other positions")
    shogi = collect_positions("shogi", 30, 1, 40, {"P"})
    expect(shogi[0][0] == sf.start_fen("shogi"), "shogi's start FEN verbatim ([-] w 0 1)")
    expect(all(sf.validate_fen(f, "chess") == sf.FEN_OK for f, _ in pos), "valid FENs")

    print("self-test: comparison")
    pe = [("f0", ["a1a2", "b1b2"]), ("f1", []), ("f2", ["c1c2"])]
    mm = compare(pe, ["a1a2 b1b2", "", "c1c2"])
    expect(mm == [], "identical answers: no mismatch (including an empty line)")
    mm = compare(pe, ["a1a2", "x1x2", "error: bad FEN"])
    expect([m["kind"] for m in mm] == ["moves", "moves", "rejected"], "three mismatch kinds")
    expect(mm[0]["missing"] == ["b1b2"] and mm[0]["extra"] == [], "missing move reported")
    expect(mm[1]["extra"] == ["x1x2"], "extra move reported")
    mm = compare(pe, ["b1b2 a1a2", "", "c1c2 c1c2"])
    expect(len(mm) == 2 and all(m["kind"].startswith("format") for m in mm),
           "unsorted and repeated moves are format mismatches")

    print("self-test: against fake binaries")
    res = check_games(games, fake + ["exact"], args, quiet)
    expect(all(c == args.positions and not m and not f for c, m, f in res.values()),
           f"exact fake: {' '.join(games)}: {args.positions} positions each, all match")
    expect(summary(res, quiet) == 0, "exact fake: exit status 0")

    res = check_games(["chess"], fake + ["sabotage"], args, quiet)
    checked, mm, failure = res["chess"]
    pos = collect_positions("chess", args.positions, args.seed, args.max_plies, set())
    want = [i for i, (_, moves) in enumerate(pos) if sabotage(i, moves) != " ".join(moves)]
    expect(failure is None and [m["index"] for m in mm] == want,
           f"sabotaged fake: exactly the {len(want)} corrupted lines are reported")
    kinds = {m["kind"] for m in mm}
    expect({"moves", "rejected"} <= kinds and any(k.startswith("format") for k in kinds),
           "sabotaged fake: missing/extra, rejected and format mismatches all seen")
    expect(summary(res, quiet) == 1, "sabotaged fake: exit status 1")

    res = check_games(["chess"], fake + ["short"], args, quiet)
    expect(res["chess"][2] is not None and "output lines" in res["chess"][2],
           "too few output lines is a failure")
    res = check_games(["chess"], fake + ["crash"], args, quiet)
    expect(res["chess"][2] is not None and "exit status 3" in res["chess"][2],
           "a non-zero exit status is a failure")
    res = check_games(["nosuchgame"], fake + ["exact"], args, quiet)
    expect(res["nosuchgame"][2] is not None, "a missing rules file is a failure")

    print(f"self-test: {'FAILED: ' + str(len(fails)) if fails else 'all passed'}")
    return 1 if fails else 0


def main(argv=None):
    argv = sys.argv[1:] if argv is None else argv
    if argv[:1] == ["--fake"]:
        return fake_binary(argv[1:])
    ap = argparse.ArgumentParser(
        description="Compare piecewise's legal moves with Fairy-Stockfish's on positions "
                    "from seeded random games.")
    ap.add_argument("games", nargs="*", help=f"games to check (default: all: {' '.join(GAMES)})")
    ap.add_argument("--positions", type=int, default=2000, metavar="N",
                    help="distinct positions per game (default 2000)")
    ap.add_argument("--seed", type=int, default=1, help="random seed (default 1)")
    ap.add_argument("--max-plies", type=int, default=300, metavar="N",
                    help="longest random game, in plies (default 300)")
    ap.add_argument("--bin", default=None, metavar="PATH",
                    help=f"the piecewise binary (default {DEFAULT_BIN}, built with "
                         "`cargo build --release` if missing)")
    ap.add_argument("--rules-dir", default=os.path.join(REPO, "rules"), metavar="DIR",
                    help="where GAME.rules are (default: the repository's rules/)")
    ap.add_argument("--show", type=int, default=5, metavar="N",
                    help="mismatches to print per game (default 5)")
    ap.add_argument("--jobs", type=int, default=os.cpu_count() or 1, metavar="N",
                    help="games checked in parallel (default: the number of CPUs)")
    ap.add_argument("--timeout", type=float, default=600, metavar="S",
                    help="seconds allowed per batch (default 600)")
    ap.add_argument("--no-fen", dest="check_fen", action="store_false",
                    help="skip the FEN-writing check (`piecewise play --batch` after each "
                         "random move must print Fairy-Stockfish's FEN)")
    ap.add_argument("--self-test", action="store_true",
                    help="test this script with fake binaries that answer with pyffish's "
                         "moves (does not need piecewise)")
    args = ap.parse_args(argv)
    if args.positions < 1 or args.max_plies < 0:
        ap.error("--positions must be at least 1 and --max-plies at least 0")
    global sf
    sf = import_pyffish()
    if args.self_test:
        return self_test(args)
    games = args.games or GAMES
    unknown = [g for g in games if g not in sf.variants()]
    if unknown:
        ap.error(f"not a Fairy-Stockfish variant: {' '.join(unknown)}")
    path = args.bin or os.path.join(REPO, DEFAULT_BIN)
    ensure_binary(path, explicit=args.bin is not None)
    results = check_games(games, [path], args)
    return summary(results)


if __name__ == "__main__":
    sys.exit(main())
