#!/usr/bin/env bash
# The README's first-run figures: a fresh clone of this repository's HEAD (or of REV),
# then the README's two commands, each timed with /usr/bin/time, and the size of target/.
#
#   bench/first_run.sh [REV]        e.g. bench/first_run.sh HEAD
#
# Prints one table (wall time, CPU time, peak memory per command; the load average before
# and after). The clone is made in a temporary directory and removed at the end; set
# KEEP=1 to keep it. Cargo's registry cache (~/.cargo) is shared with this machine, as a
# newcomer's second clone would share it: the first run of all also downloads the crates.
set -euo pipefail
REV=${1:-HEAD}
ROOT=$(cd "$(dirname "$0")/.." && pwd)
TIME=/usr/bin/time
[ -x "$TIME" ] || { echo "error: $TIME is missing (Debian: apt-get install time)" >&2; exit 1; }
WORK=$(mktemp -d /tmp/piecewise-first-run.XXXXXX)
cleanup() { if [ "${KEEP:-0}" != 1 ]; then rm -rf "$WORK"; else echo "kept $WORK"; fi; }
trap cleanup EXIT

git clone --quiet --no-local "$ROOT" "$WORK/piecewise"
cd "$WORK/piecewise"
git checkout --quiet "$REV"
commit=$(git rev-parse --short HEAD)
load_before=$(cut -d' ' -f1-3 /proc/loadavg)

run() {
    local name=$1; shift
    local log="$WORK/$name.log"
    if "$TIME" -f "%e %U %S %M" -o "$WORK/$name.time" "$@" >"$log" 2>&1; then
        status=ok
    else
        status="FAILED (exit $?; see $log)"
        KEEP=1
    fi
    read -r wall user sys rss <"$WORK/$name.time" || true
    awk -v c="$*" -v w="$wall" -v u="$user" -v s="$sys" -v m="$rss" -v st="$status" 'BEGIN {
        printf "| `%s` | %d min %02d s | %.0f s | %.0f MB | %s |\n", c, int(w / 60), int(w % 60),
            u + s, m / 1024, st }'
}

echo "fresh clone of $commit, $(nproc) cores, load average before: $load_before"
echo
echo "| command | wall | CPU | peak memory | status |"
echo "|---|---|---|---|---|"
run main cargo run -- perft rules/xiangqi.rules --depth 3
run test ./test
echo
echo "target/: $(du -sh target | cut -f1); load average after: $(cut -d' ' -f1-3 /proc/loadavg)"
echo "main job's answer: $(tail -1 "$WORK/main.log")"
