#!/usr/bin/env bash
# bench/python.sh: perft through the Python package against perft through the Rust
# API, in one run (bench/python_perft.py says how). Builds the CLI and the module with
# the same cargo profile, the dev profile (opt-level 3) `cargo test` and `./test` use,
# into the virtual environment ./test makes (target/python-venv; PIECEWISE_VENV).
#
#   bench/python.sh [RUNS]        (default 3)
set -euo pipefail
cd "$(dirname "$0")/.."
VENV=${PIECEWISE_VENV:-target/python-venv}
case $VENV in /*) ;; *) VENV=$PWD/$VENV ;; esac
[ -x "$VENV/bin/python" ] || python3 -m venv "$VENV"
"$VENV/bin/python" -c "import maturin" 2>/dev/null || "$VENV/bin/python" -m pip install --quiet maturin
cargo build -q -p piecewise --bin piecewise
(cd bindings/python && VIRTUAL_ENV="$VENV" "$VENV/bin/maturin" develop --quiet)
"$VENV/bin/python" bench/python_perft.py --bin target/debug/piecewise --runs "${1:-3}"
