#!/usr/bin/env bash
# bench/capi.sh: perft through the C ABI against perft through the Rust API, in one
# run, on the same machine, one program right after the other.
#
#   bench/capi.sh [RUNS]        (default 3; the best time of each program is kept)
#
# Rust API: `piecewise perft RULES --depth N --threads 1` (the CLI calls
# piecewise::game::Perft). C ABI: examples/c/perft.c linked against
# libpiecewise_capi.a (the root moves made and unmade in C, each subtree counted by
# pw_perft), and the same with `--recurse` (every node's moves listed, made and unmade
# through the ABI). Both built with the same cargo profile: PROFILE=dev (default:
# opt-level 3, the profile `cargo test` uses) or PROFILE=release (fat LTO). Times are
# wall-clock per process, compile of the rules file included for both.
set -euo pipefail
cd "$(dirname "$0")/.."
RUNS=${1:-3}
PROFILE=${PROFILE:-dev}
if [ "$PROFILE" = dev ]; then DIR=target/debug; FLAG=(); else DIR=target/$PROFILE; FLAG=(--profile "$PROFILE"); fi
cargo build -q "${FLAG[@]}" -p piecewise --bin piecewise -p piecewise-capi
CC=${CC:-cc}
OUT=$(mktemp -d)
trap 'rm -rf "$OUT"' EXIT
"$CC" -std=c99 -O2 -Ibindings/c/include examples/c/perft.c "$DIR/libpiecewise_capi.a" \
    -lpthread -ldl -lm -o "$OUT/perft"

now() { date +%s.%N; }
# best RUNS CMD...: the best wall time of RUNS runs, and the last line of output.
best() {
    local runs=$1 t0 t1 dt best= last
    shift
    for _ in $(seq "$runs"); do
        t0=$(now)
        last=$("$@" 2>/dev/null | tail -1)
        t1=$(now)
        dt=$(echo "$t1 - $t0" | bc -l)
        if [ -z "$best" ] || [ "$(echo "$dt < $best" | bc -l)" = 1 ]; then best=$dt; fi
    done
    echo "$best ${last##* }"
}

echo "profile $PROFILE, $RUNS runs each, best wall time; load: $(cut -d' ' -f1-3 /proc/loadavg)"
printf '%-22s %12s %10s %10s %8s\n' position nodes rust_s capi_s ratio
for row in "chess.rules 6" "xiangqi.rules 5" "chess.rules 5" "xiangqi.rules 4"; do
    set -- $row
    read -r rust rust_n < <(best "$RUNS" "$DIR/piecewise" perft "rules/$1" --depth "$2" --threads 1)
    read -r capi capi_n < <(best "$RUNS" "$OUT/perft" "rules/$1" "$2")
    [ "$rust_n" = "$capi_n" ] || { echo "counts differ: $rust_n $capi_n"; exit 1; }
    printf '%-22s %12s %10.3f %10.3f %8.3f\n' "$1 $2" "$capi_n" "$rust" "$capi" \
        "$(echo "$capi / $rust" | bc -l)"
done
echo "ratio = C ABI time / Rust API time (root moves made in C, subtrees by pw_perft)"
# The whole tree walked in C: every node's legal moves listed (with their UCI text),
# made and unmade through the ABI; the last ply counted from the list's length, or
# (--bulk) by pw_legal_move_count.
for row in "chess.rules 5" "xiangqi.rules 4"; do
    set -- $row
    read -r rust rust_n < <(best "$RUNS" "$DIR/piecewise" perft "rules/$1" --depth "$2" --threads 1)
    for mode in "--recurse" "--recurse --bulk"; do
        # shellcheck disable=SC2086 # two words on purpose
        read -r walked walked_n < <(best "$RUNS" "$OUT/perft" "rules/$1" "$2" $mode)
        [ "$rust_n" = "$walked_n" ] || { echo "counts differ: $rust_n $walked_n"; exit 1; }
        printf 'walked in C (%-16s): %-16s %10s nodes %7.3f s, Rust API %7.3f s: %5.1fx\n' "$mode" \
            "$1 $2" "$walked_n" "$walked" "$rust" "$(echo "$walked / $rust" | bc -l)"
    done
done
