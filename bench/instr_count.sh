#!/usr/bin/env bash
# Instructions executed by this tree's run and another commit's on the same work (valgrind's
# callgrind; AVX2 builds, since valgrind does not decode AVX-512): a noise-free measure of overhead
# where timings swing by 10% from run to run.
#   bench/instr_count.sh REV [MODEL]        (default: the bundled model, 120 positions, greedy, 1 thread)
set -euo pipefail
cd "$(dirname "$0")/.."
REV=${1:?usage: bench/instr_count.sh REV [MODEL]}; MODEL=${2:-models/brown-higgs4.higgs}
command -v valgrind >/dev/null || { echo "instr_count.sh: needs valgrind (apt-get install valgrind)" >&2; exit 1; }
TMP=$(mktemp -d); trap 'rm -rf "$TMP"' EXIT
git archive "$REV" | tar -x -C "$TMP"
FLAGS="-O3 -std=c11 -D_GNU_SOURCE -mavx2 -mfma -mf16c"
(cd "$TMP" && ${CC:-cc} $FLAGS -o run-a run.c -lm -lpthread)
${CC:-cc} $FLAGS -o "$TMP/run-b" run.c -lm -lpthread
for s in a b; do
  valgrind --tool=callgrind --callgrind-out-file="$TMP/cg.$s" "$TMP/run-$s" "$MODEL" -i "The jury said that the city" \
    -n 120 -t 0 -T 1 >"$TMP/$s.txt" 2>"$TMP/$s.err"
  sed -n 's/.*Collected : //p' "$TMP/$s.err" >"$TMP/$s.ir"
done
cmp -s "$TMP/a.txt" "$TMP/b.txt" || echo "note: the two texts differ"
awk -v a="$(cat "$TMP/a.ir")" -v b="$(cat "$TMP/b.ir")" -v rev="$REV" -v head="$(git rev-parse --short HEAD)" \
  'BEGIN { printf "instructions: %s %d, %s %d (b/a %.4f)\n", rev, a, head, b, b / a }'
