#!/usr/bin/env bash
# Builds Fairy-Stockfish from its source, for the speed comparison of benches/compare/compare.py
# (never part of CI). The build goes to benches/compare/fairy-stockfish/ (ignored by git), with
# the options of the build that plays 10x10 and 12x12 games: largeboards=yes all=yes.
#
#   benches/compare/build_fairy_stockfish.sh [SOURCE]
#
# SOURCE is a Fairy-Stockfish checkout or a bare git directory of one (such as the copy the
# project's `fetch` tool brings); without it the source is cloned from GitHub. ARCH defaults to
# x86-64-bmi2 (set ARCH=x86-64-modern, or any of `make help`'s, for an older CPU).
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
dest="$here/fairy-stockfish"
source=${1:-}
rm -rf "$dest" && mkdir -p "$dest"
if [ -z "$source" ]; then
    git clone --depth 1 https://github.com/fairy-stockfish/Fairy-Stockfish "$dest/checkout"
    cp -r "$dest/checkout/src" "$dest/src"
elif [ -d "$source/src" ]; then
    cp -r "$source/src" "$dest/src"
else
    git --git-dir="$source" archive HEAD src | tar -x -C "$dest"
    git --git-dir="$source" rev-parse HEAD > "$dest/COMMIT"
fi
make -C "$dest/src" -j"$(nproc)" build ARCH="${ARCH:-x86-64-bmi2}" largeboards=yes all=yes
echo "built $dest/src/stockfish"
