#!/bin/sh
# bench/fsf-build.sh: builds Fairy-Stockfish from its repository, with large boards
# and every variant (`largeboards=yes all=yes`: atomic, duck, the 10x10 and 12x12
# games), as bench/compare's speed peer for the games the Debian package (11.1) does
# not play. Prints the binary's path on its last line.
#
#   bench/fsf-build.sh            # build unless target/fsf/fairy-stockfish exists
#   bench/fsf-build.sh --force    # rebuild (after FSF_REV changed, say)
#
# The sources are cloned into target/fsf-src from a local mirror when there is one
# (FSF_MIRROR, default /work/.mirror/fairy-stockfish+Fairy-Stockfish/repo, a bare git
# directory), else from https://github.com/fairy-stockfish/Fairy-Stockfish; FSF_REV
# picks the commit (default: the clone's HEAD). The build runs `make build` with
# FSF_JOBS jobs (default 2), ARCH from the CPU's flags (FSF_ARCH overrides), no NNUE
# network (none is downloaded: perft does not evaluate). Needs git, make and g++.
set -eu

ROOT=$(cd "$(dirname "$0")/.." && pwd)
SRC=$ROOT/target/fsf-src
OUT_DIR=$ROOT/target/fsf
OUT=$OUT_DIR/fairy-stockfish
MIRROR=${FSF_MIRROR:-/work/.mirror/fairy-stockfish+Fairy-Stockfish/repo}
URL=https://github.com/fairy-stockfish/Fairy-Stockfish
JOBS=${FSF_JOBS:-2}

if [ -x "$OUT" ] && [ "${1:-}" != "--force" ]; then
    echo "$OUT"
    exit 0
fi

mkdir -p "$ROOT/target"
if [ ! -d "$SRC/.git" ]; then
    if [ -d "$MIRROR" ]; then
        echo "# cloning $MIRROR into $SRC" >&2
        git clone -q "$MIRROR" "$SRC"
    else
        echo "# cloning $URL into $SRC" >&2
        git clone -q "$URL" "$SRC"
    fi
fi
if [ -n "${FSF_REV:-}" ]; then
    git -C "$SRC" checkout -q "$FSF_REV"
fi

if [ -n "${FSF_ARCH:-}" ]; then
    ARCH=$FSF_ARCH
elif grep -qw avx2 /proc/cpuinfo 2>/dev/null; then
    ARCH=x86-64-avx2
elif grep -qw sse4_1 /proc/cpuinfo 2>/dev/null && grep -qw popcnt /proc/cpuinfo; then
    ARCH=x86-64-sse41-popcnt
elif [ "$(uname -m)" = x86_64 ]; then
    ARCH=x86-64
else
    ARCH=general-64
fi

echo "# make -j$JOBS build ARCH=$ARCH largeboards=yes all=yes (commit $(git -C "$SRC" rev-parse --short HEAD))" >&2
make -C "$SRC/src" -j"$JOBS" build ARCH="$ARCH" largeboards=yes all=yes nnue=no >&2
mkdir -p "$OUT_DIR"
cp "$SRC/src/stockfish" "$OUT"
git -C "$SRC" rev-parse HEAD >"$OUT_DIR/commit"
echo "$OUT"
