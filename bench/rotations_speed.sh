#!/usr/bin/env bash
# Decode and prompt speed of the per-block rotation choice (quantize --rotations K) against the same
# grid without it, on the TinyLlama-shaped model, one build, alternating rounds (bench/ab.sh):
#   bench/rotations_speed.sh [--tag NAME] [ROUNDS [THREADS [A:B ...]]]      (defaults 3, 1, the pairs below)
# A:B: other pairs of bench/tinyllama_model.sh configs, B timed against A (e.g. blocks of 64:
# --tag rotations-speed-h64 5 1 p2b4:p2b4h64 p2b4h64:p2b4h64r16).
# Builds ./run natively and, on x86 CPUs with AVX-512, an AVX2-only build (-mavx2 -mfma -mf16c) beside
# it; writes bench/results/NAME.md (default rotations-speed) with the CPU it ran on.
set -euo pipefail
cd "$(dirname "$0")/.."
TAG=rotations-speed
[ "${1:-}" != --tag ] || { TAG=$2; shift 2; }
R=${1:-3}; T=${2:-1}
PAIRS=("p2b3 p2b3r4" "p2b3 p2b3r8" "p2b3 p2b3r16" "p2b4 p2b4r4" "p2b4 p2b4r16" "p4b3 p4b3r4")
if [ $# -gt 2 ]; then PAIRS=(); for p in "${@:3}"; do PAIRS+=("${p/:/ }"); done; fi
make -s run quantize
OUT=bench/results/$TAG.md
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT
builds=("./run"); native=native
if grep -q avx512f /proc/cpuinfo 2>/dev/null; then
  cc -O3 -std=c11 -D_GNU_SOURCE -mavx2 -mfma -mf16c -o "$TMP/run-avx2" run.c -lm -lpthread
  builds+=("$TMP/run-avx2")
elif grep -q avx2 /proc/cpuinfo 2>/dev/null; then
  native="native (AVX2)"   # without AVX-512 the native build is the AVX2 one
fi
{
  echo "# Decode and prompt speed, B against A (the rotation choice: A the same grid without it)"
  echo
  echo "\`bench/rotations_speed.sh$([ "$TAG" = rotations-speed ] || echo " --tag $TAG") $R $T$([ $# -le 2 ] || echo " ${*:3}")\` on $(bench/cpu_name.sh), $T thread(s), $R alternating rounds (bench/ab.sh), medians;"
  echo "TinyLlama-shaped model (bench/tinyllama_model.sh). tok/s: decode; prompt: the 194-token prompt (bench/ab.sh)."
  echo
  echo "| build | A | B | decode A | decode B | ratio | prompt A | prompt B | ratio |"
  echo "|---|---|---|---|---|---|---|---|---|"
} > "$TMP/md"
for b in "${builds[@]}"; do
  name=$native; [ "$b" = ./run ] || name="avx2 (-mavx2 -mfma -mf16c)"
  for pair in "${PAIRS[@]}"; do
    set -- $pair
    A=$(bench/tinyllama_model.sh "$1"); B=$(bench/tinyllama_model.sh "$2")
    res=$(bench/ab.sh "$A,$B" "$T" "$R" "$b" "$b" | tail -2)
    da=$(echo "$res" | sed -n 's/^median tok\/s: A .*) \([0-9.]*\), B .*/\1/p'); db=$(echo "$res" | sed -n 's/^median tok\/s: .*, B .*) \([0-9.]*\)$/\1/p')
    pa=$(echo "$res" | sed -n 's/^median prompt tok\/s: A .*) \([0-9.]*\), B .*/\1/p'); pb=$(echo "$res" | sed -n 's/^median prompt tok\/s: .*, B .*) \([0-9.]*\)$/\1/p')
    echo "| $name | $1 | $2 | $da | $db | $(awk -v a="$da" -v b="$db" 'BEGIN{printf "%.2f", b / a}') | $pa | $pb | $(awk -v a="$pa" -v b="$pb" 'BEGIN{printf "%.2f", b / a}') |" | tee -a "$TMP/md"
  done
done
mkdir -p bench/results
mv "$TMP/md" "$OUT"
echo "wrote $OUT"
