#!/bin/sh
# Builds the gun-duel oracle OUTSIDE the repo.
# usage: tools/oracle/gun-duel/build.sh [ORIG_TOURNAMENT_DIR] [OUT_DIR]
set -e
HERE=$(cd "$(dirname "$0")" && pwd)
SRC=${1:-/tmp/orig-gunduel/Tournament}
OUT=${2:-/tmp/gunduel-oracle}
mkdir -p "$OUT"
g++ -O2 -std=c++14 -w -I "$SRC" -o "$OUT/gunduel-oracle" "$HERE/main.cpp"
gcc -O2 -shared -fPIC -o "$OUT/clockshim.so" "$HERE/clockshim.c"
g++ -O2 -std=c++14 -w -o "$OUT/rng-vectors" "$HERE/rng-vectors.cpp"
g++ -O2 -std=c++14 -w -o "$OUT/mt19937-vectors" "$HERE/mt19937-vectors.cpp"
echo "built $OUT/gunduel-oracle, $OUT/clockshim.so, $OUT/rng-vectors, $OUT/mt19937-vectors"
# run: KOTH_CLOCK_NS=S LD_PRELOAD=$OUT/clockshim.so $OUT/gunduel-oracle > golden.json
