#!/usr/bin/env bash
# The playground's end-to-end test in a real headless browser (Debian's chromium
# driven by playwright-core): builds piecewise, starts `piecewise serve` on a copy of
# rules/chess.rules on a free port, runs e2e.mjs against it and saves its screenshots
# in target/browser-shots/ (the tree stays clean); with --update-images, in docs/img/,
# whose serve-*.png the README and docs/serve.md show. Installs what it needs when it
# can (chromium with apt-get as root, playwright-core with npm); otherwise it prints why
# and skips (exit 0). Set CHROMIUM=/path/to/chromium to use another browser binary.
#
#   tests/browser/run.sh [--update-images]
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
root="$(cd "$here/../.." && pwd)"

skip() { echo "browser test skipped: $*"; exit 0; }

shots="$root/target/browser-shots"
case "${1:-}" in
  --update-images) shots="$root/docs/img" ;;
  "") ;;
  *) echo "usage: tests/browser/run.sh [--update-images]" >&2; exit 2 ;;
esac
mkdir -p "$shots"

chromium="${CHROMIUM:-/usr/bin/chromium}"
if [ ! -x "$chromium" ]; then
  if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
    echo "installing chromium with apt-get..."
    (apt-get update -qq && apt-get install -y -qq chromium) >/dev/null 2>&1 \
      || skip "apt-get could not install chromium"
  else
    skip "no chromium at $chromium (install Debian's chromium, or set CHROMIUM)"
  fi
  [ -x "$chromium" ] || skip "chromium is still not at $chromium"
fi
command -v node >/dev/null || skip "node is not installed"
command -v npm >/dev/null || skip "npm is not installed"
if [ ! -d "$here/node_modules/playwright-core" ]; then
  echo "installing playwright-core with npm..."
  (cd "$here" && npm install --no-audit --no-fund --silent) >/dev/null 2>&1 \
    || skip "npm could not install playwright-core"
fi

(cd "$root" && cargo build --quiet --features serve --bin piecewise)
bin="${CARGO_TARGET_DIR:-$root/target}/debug/piecewise"

work="$(mktemp -d)"
cp "$root/rules/chess.rules" "$work/chess.rules"
out="$work/server.out"
"$bin" serve --port 0 "$work/chess.rules" >"$out" 2>"$work/server.err" &
server=$!
cleanup() { kill "$server" 2>/dev/null || true; wait "$server" 2>/dev/null || true; rm -rf "$work"; }
trap cleanup EXIT
for _ in $(seq 100); do
  [ -s "$out" ] && break
  sleep 0.1
done
url="$(head -n1 "$out" | sed -n 's/^listening on //p')"
[ -n "$url" ] || { cat "$work/server.err"; echo "the server did not start"; exit 1; }
echo "server at $url"
CHROMIUM="$chromium" node "$here/e2e.mjs" "$url" "$work/chess.rules" "$shots"
