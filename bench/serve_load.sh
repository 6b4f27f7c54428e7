#!/usr/bin/env bash
# Load test of `piecewise serve` (docs/serve.md, "Load"): 50 concurrent clients for
# 30 seconds on loopback, each cycling through check (chess), moves with the picture
# of a piece's paths (xiangqi, the cannon on b3) and perft to depth 3 (chess, waited
# for), measured with wrk; the server's resident memory (VmRSS) is read before,
# every second during and after each run. Two runs back to back show whether memory
# keeps growing; a third run gives every check a text of its own (CHURN=1 in
# serve_load.lua), so the server compiles a new game each time and its bounded cache
# of compiled games keeps evicting. Needs wrk (apt-get install wrk).
#
#   bench/serve_load.sh [SECONDS] [CONNECTIONS]
#
# Fails (exit 1) on any non-2xx answer or socket error, or if the server's RSS ever
# passes MAX_RSS_KB (default 65536: 64 MiB).
set -euo pipefail
max_rss="${MAX_RSS_KB:-65536}"
failed=0
root="$(cd "$(dirname "$0")/.." && pwd)"
secs="${1:-30}"
conns="${2:-50}"
command -v wrk >/dev/null || { echo "wrk is not installed (apt-get install wrk)"; exit 1; }
(cd "$root" && cargo build --quiet --features serve --bin piecewise)
bin="${CARGO_TARGET_DIR:-$root/target}/debug/piecewise"

work="$(mktemp -d)"
python3 - "$root" "$work" <<'PY'
import json, sys
root, work = sys.argv[1], sys.argv[2]
chess = open(f"{root}/rules/chess.rules").read()
xiangqi = open(f"{root}/rules/xiangqi.rules").read()
json.dump({"rules": chess}, open(f"{work}/check.json", "w"))
json.dump({"rules": xiangqi, "from": "b3"}, open(f"{work}/moves.json", "w"))
json.dump({"rules": chess, "depth": 3, "wait": True}, open(f"{work}/perft.json", "w"))
open(f"{work}/check_prefix.txt", "w").write(json.dumps(chess)[:-1])
PY
"$bin" serve --port 0 >"$work/out" 2>"$work/err" &
server=$!
cleanup() { kill "$server" 2>/dev/null || true; wait "$server" 2>/dev/null || true; rm -rf "$work"; }
trap cleanup EXIT
for _ in $(seq 100); do [ -s "$work/out" ] && break; sleep 0.1; done
url="$(head -n1 "$work/out" | sed -n 's/^listening on //p')"
[ -n "$url" ] || { cat "$work/err"; exit 1; }
rss() { awk '/VmRSS/ { print $2 }' "/proc/$server/status"; }

# One request of each kind first: the games are compiled and cached.
for f in check moves perft; do
  path="/api/$f"
  curl -sf -o /dev/null -H 'content-type: application/json' --data-binary "@$work/$f.json" "${url%/}$path"
done
echo "server $url (pid $server), cores: $(nproc)"
echo "RSS after warm-up: $(rss) kB"

for run in 1 2 3; do
  churn=0
  [ "$run" = 3 ] && churn=1 && echo "run 3: every check a new text (cache churn)"
  peak=0
  ( while kill -0 "$server" 2>/dev/null; do rss >>"$work/rss.$run"; sleep 1; done ) &
  sampler=$!
  CHURN="$churn" LOAD_DIR="$work" wrk -t2 -c"$conns" -d"${secs}s" --timeout 30s --latency \
    -s "$root/bench/serve_load.lua" "$url" | tee "$work/wrk.$run"
  kill "$sampler" 2>/dev/null || true
  wait "$sampler" 2>/dev/null || true
  peak="$(sort -n "$work/rss.$run" | tail -n1)"
  echo "run $run: RSS peak ${peak} kB, after ${conns} clients stopped: $(rss) kB"
  sleep 2
  echo "run $run: RSS 2 s later: $(rss) kB"
  if grep -qE 'Non-2xx|Socket errors' "$work/wrk.$run"; then
    echo "run $run: FAILED: errors (see above)"; failed=1
  else
    echo "run $run: no errors"
  fi
  if [ "$peak" -gt "$max_rss" ]; then
    echo "run $run: FAILED: RSS peak ${peak} kB is over ${max_rss} kB"; failed=1
  fi
done
# The server still answers after the load.
curl -sf "${url%/}/api/info"
echo
exit "$failed"
