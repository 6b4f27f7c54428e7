#!/usr/bin/env python3
"""Perft through the Python package against perft through the Rust API, in one run.

    bench/python.sh [RUNS]           (builds both, then runs this script)
    python bench/python_perft.py --bin target/debug/piecewise [--runs 3]

Rust API: `piecewise perft RULES --depth N --threads 1` (the CLI counts with
piecewise::game::Perft). Python: `Game.from_file(RULES).perft(fen, N)` in a fresh
`python -c` process. Both are timed the same way, as whole processes (start-up and
rules compile included), best of RUNS; the Python side is also timed inside the
process, the `perft` call alone. The counts must agree.
"""
import argparse
import os
import subprocess
import sys
import time

REPO = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
ROWS = [("chess", 6), ("xiangqi", 5), ("chess", 5), ("xiangqi", 4)]
PY = """
import sys, time, piecewise
g = piecewise.Game.from_file(sys.argv[1])
t = time.perf_counter()
n = g.perft(g.start_fen(), int(sys.argv[2]), max_ms=None)
print(time.perf_counter() - t, n)
"""


def best(runs, cmd):
    """Best wall time of `runs` runs of `cmd`, and its output's last line."""
    times, last = [], ""
    for _ in range(runs):
        t = time.perf_counter()
        out = subprocess.run(cmd, capture_output=True, text=True, check=True).stdout
        times.append(time.perf_counter() - t)
        last = out.strip().splitlines()[-1]
    return min(times), last


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--bin", default=os.path.join(REPO, "target", "debug", "piecewise"))
    ap.add_argument("--runs", type=int, default=3)
    args = ap.parse_args()
    with open("/proc/loadavg") as f:
        load = " ".join(f.read().split()[:3])
    print(f"{args.runs} runs each, best wall time; python {sys.version.split()[0]}; load {load}")
    print(f"{'position':<12} {'nodes':>12} {'rust_s':>8} {'python_s':>9} {'ratio':>6}"
          f" {'call_s':>8} {'call/rust':>9}")
    for game, depth in ROWS:
        rules = os.path.join(REPO, "rules", f"{game}.rules")
        rust, line = best(args.runs, [args.bin, "perft", rules, "--depth", str(depth),
                                      "--threads", "1"])
        rust_n = int(line.split()[-1].replace(",", ""))
        calls = []
        py = None
        for _ in range(args.runs):
            t = time.perf_counter()
            out = subprocess.run([sys.executable, "-c", PY, rules, str(depth)],
                                 capture_output=True, text=True, check=True).stdout
            wall = time.perf_counter() - t
            py = wall if py is None else min(py, wall)
            call, n = out.split()
            calls.append(float(call))
        if int(n) != rust_n:
            sys.exit(f"{game} {depth}: counts differ: rust {rust_n}, python {n}")
        call = min(calls)
        print(f"{game + ' ' + str(depth):<12} {rust_n:>12,} {rust:>8.3f} {py:>9.3f}"
              f" {py / rust:>6.3f} {call:>8.3f} {call / rust:>9.3f}")
    print("ratio = Python process / Rust process; call_s = the perft call alone")


if __name__ == "__main__":
    main()
