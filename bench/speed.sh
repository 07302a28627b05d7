#!/usr/bin/env bash
# Decode and prompt speed on a synthetic TinyLlama-1.1B-shaped model (dim 2048,
# hidden 5632, 22 layers, 32/4 heads, vocab 32000, random weights), f16 and each
# HIGGS config, 1 and 2 threads, with the machine's read bandwidth measured in
# the same run, with the f32 KV cache (bench/kv.sh compares the caches). The model (2.2 GB f16 +
# quantized copies) is cached in bench/cache/.
#   bench/speed.sh [--layers N] [--configs "p2b4 p1b4 ..."] [--rounds R] [--tag NAME] [--native "FLAGS"]
# (--tag: write bench/results/NAME.tsv and NAME.md and leave the README alone; --native: time a
# run built with these target flags instead of -march=native, e.g. --native "-mavx2 -mfma -mf16c"
# for CPUs with AVX2 but no AVX-512; it needs a --tag). A config is pPbB (quantize --p P --bits B: B bits
# per weight, where kernel names count bits per code, docs/grids.md#names);
# p2b4f is p=2 4-bit on the free grid (--grid free; p2b4 is the default sign-symmetric grid), p2b3s p=2
# 3-bit on the sign-symmetric grid (--grid sym; p2b3 is the default free one), p2b4b and p2b3b p=2 4- and 3-bit on the block
# grids (--grid fast). dp: quantize's default, per-layer
# grids in the size of p2b4, allocated with the bundled model's sensitivities mapped onto the 22 layers
# by relative depth (bench/map_alphas.py: random weights have no sensitivity pattern of their own);
# dpb: the same with --grid fast.
# This machine's memory bandwidth swings from run to run (and minute to minute), so every
# (config, threads) cell runs R rounds (default 3), each a decode run between two read-bandwidth
# measurements with the same thread count. Two fractions of the roofline: "paired", the median
# over rounds of the round's effective bandwidth over the larger of its two neighbouring
# measurements (the machine as it was during that decode run); and "of peak" (bench/report.py),
# the best decode speed over the highest bandwidth seen for that thread count anywhere in the run
# (a lower bound: it charges every row for the luckiest minute).
# Writes bench/results/speed.tsv and speed.md and the README table.
set -euo pipefail
cd "$(dirname "$0")/.."
LAYERS=22
CONFIGS="p2b4 p1b4 p2b3 p1b3 p2b2 p1b2"
ROUNDS=3
TAG=speed
NATIVE_FLAGS=
while [ $# -gt 0 ]; do
  case $1 in
    --layers) LAYERS=$2; shift 2 ;;
    --configs) CONFIGS=$2; shift 2 ;;
    --rounds) ROUNDS=$2; shift 2 ;;
    --tag) TAG=$2; shift 2 ;;
    --native) NATIVE_FLAGS=$2; shift 2 ;;
    *) echo "speed.sh: unknown argument $1" >&2; exit 1 ;;
  esac
done
PY=$(for p in "${HIGGS_PYTHON:-}" python3 /usr/bin/python3; do [ -n "$p" ] && "$p" -c 'import numpy' 2>/dev/null && echo "$p" && break; done || true)
[ -n "$PY" ] || { echo "speed.sh: needs a Python with numpy (apt-get install python3-numpy)" >&2; exit 1; }
make -s run quantize
RUN=./run
if [ -n "$NATIVE_FLAGS" ]; then
  [ "$TAG" != speed ] || { echo "speed.sh: --native needs a --tag (the README table is for the native build)" >&2; exit 1; }
  RUN=bench/run-$TAG
  # shellcheck disable=SC2086
  ${CC:-cc} -O3 -std=c11 -D_GNU_SOURCE $NATIVE_FLAGS -o "$RUN" run.c -lm -lpthread
  echo "timing $RUN ($NATIVE_FLAGS)"
fi
cc -O2 -march=native -o bench/bandwidth bench/bandwidth.c -lpthread
CACHE=bench/cache
NAME=tinyllama-shape-L$LAYERS
for c in f16 $CONFIGS; do bench/tinyllama_model.sh --layers "$LAYERS" "$c" >/dev/null; done   # built once, cached
PROMPT=$(printf 'The quick brown fox jumps over the lazy dog. %.0s' $(seq 1 12))
# run's -n counts positions, the prompt's included: the prompt (its ids and BOS) plus 200 decoded tokens
STEPS=$(( $(./run "$CACHE/$NAME-f16.higgs" -m tokenize -i "$PROMPT" | wc -w) + 1 + 200 ))
OUT=bench/results/$TAG.tsv
MD=bench/results/$TAG.md
printf "model\tweights MB/token\tthreads\tdecode tok/s\tprompt tok/s\teffective GB/s\tread bandwidth GB/s\tpaired\n" > "$OUT"
for c in f16 $CONFIGS; do
  file="$CACHE/$NAME-$c.higgs"
  # bytes streamed per decoded token: every tensor but the embedding table (one row of it is read)
  mb=$("$PY" -c "
import sys; sys.path.insert(0, '.')
import export
h = export.read_higgs('$file', load_tensors=False)
print('%.1f' % (sum(t['nbytes'] for t in h['tensors'] if t['name'] != 'model.embed_tokens.weight') / 1e6))")
  "$RUN" "$file" -i "Warm" -n 3 -t 0 >/dev/null 2>&1 || true    # page the file in
  if [ "$c" = f16 ]; then "$RUN" "$file" --info 2>&1 | grep -o "kernels: .*" || true; fi
  for T in 1 2; do
    dec=0; pp=0; bw=0; fracs=""
    b=$(bench/bandwidth "$T" | awk '/threads/{print $3}')
    for _ in $(seq "$ROUNDS"); do
      err=$("$RUN" "$file" -i "$PROMPT" -n "$STEPS" -t 0 -T "$T" --kv f32 2>&1 >/dev/null)
      b2=$(bench/bandwidth "$T" | awk '/threads/{print $3}')
      d=$(echo "$err" | awk '/achieved tok\/s/{print $3}'); p=$(echo "$err" | awk '/^prompt:/{print $5}')
      fracs="$fracs $(awk -v m="$mb" -v t="$d" -v a="$b" -v c="$b2" 'BEGIN{print 100 * m * t / 1000 / (a > c ? a : c)}')"
      bw=$(awk -v a="$bw" -v x="$b" -v y="$b2" 'BEGIN{m = a; if (x > m) m = x; if (y > m) m = y; print m}')
      dec=$(awk -v a="$dec" -v b="$d" 'BEGIN{print (b > a) ? b : a}')
      pp=$(awk -v a="$pp" -v b="$p" 'BEGIN{print (b > a) ? b : a}')
      b=$b2                                   # the measurement after this round is the one before the next
    done
    eff=$(awk -v m="$mb" -v t="$dec" 'BEGIN{printf "%.1f", m * t / 1000}')
    paired=$(echo $fracs | tr ' ' '\n' | sort -g | awk '{v[NR] = $1} END{printf "%.0f%%", NR % 2 ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2}')
    printf "%s\t%s\t%s\t%.2f\t%.1f\t%s\t%s\t%s\n" "$c" "$mb" "$T" "$dec" "$pp" "$eff" "$bw" "$paired" | tee -a "$OUT"
  done
done
"$PY" bench/report.py speed "$OUT" "$MD"
printf '\n%s rounds per row, each a decode run of 200 tokens after a %s-token prompt, between two read-bandwidth measurements (bench/bandwidth, same thread count). tok/s and effective GB/s: the best round. "paired": the median over rounds of the effective bandwidth over the larger of the two measurements around that round. "of peak": best effective bandwidth over the highest measurement for the thread count anywhere in the run.\n' "$ROUNDS" "$((STEPS - 200))" >> "$MD"
if [ "$TAG" = speed ]; then
  "$PY" bench/report.py readme README.md speed "$MD"
  echo "wrote $OUT, $MD and the README table"
else
  echo "wrote $OUT and $MD"
fi
