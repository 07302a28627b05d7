#!/usr/bin/env bash
# Does quantize stream? Quantizes a synthetic Llama-2-7B-shaped checkpoint (dim 4096, hidden 11008,
# 32 layers, 32/32 heads, vocab 32000, untied head, random N(0, 0.02) f16 weights; 13.5 GB) and
# measures quantize's peak resident memory with /usr/bin/time -v. quantize maps the input and
# handles one tensor at a time, so the peak should be a small multiple of the largest single
# tensor (the 32000x4096 f16 embedding / head, 262 MB), not of the model. Also reports wall time,
# seconds per billion weights, file sizes and the time to generate the input.
#   bench/scale.sh [--layers N] [--dir D] [--keep] [--quant "ARGS"] [-T N]
#     --layers N   transformer layers (default 32 = 7B; 2 is a quick check of the script)
#     --dir D      where the big files go (default bench/cache, git-ignored); needs free space of
#                  2x the f16 file (the f16 input plus the output, which is never larger)
#     --keep       keep the f16 input and the output (default: delete both at the end);
#                  a kept input of the right size is reused by the next run
#     --quant A    quantize options (default "--method higgs --p 2 --bits 4")
#     -T N         quantize threads (default 2)
# The input is written directly as .higgs by bench/make_big.py (export.py's streaming writer), not
# through a safetensors checkpoint. Writes bench/results/scale.md and prints it.
set -euo pipefail
cd "$(dirname "$0")/.."
ARGS="$*"
LAYERS=32
DIR=bench/cache
KEEP=0
QUANT="--method higgs --p 2 --bits 4"
THREADS=2
while [ $# -gt 0 ]; do
  case $1 in
    --layers) LAYERS=$2; shift 2 ;;
    --dir) DIR=$2; shift 2 ;;
    --keep) KEEP=1; shift ;;
    --quant) QUANT=$2; shift 2 ;;
    -T) THREADS=$2; shift 2 ;;
    *) echo "scale.sh: unknown argument $1" >&2; exit 1 ;;
  esac
done
PY=$(for p in "${HIGGS_PYTHON:-}" python3 /usr/bin/python3; do [ -n "$p" ] && "$p" -c 'import numpy' 2>/dev/null && echo "$p" && break; done || true)
[ -n "$PY" ] || { echo "scale.sh: needs a Python with numpy (apt-get install python3-numpy, or set HIGGS_PYTHON)" >&2; exit 1; }
[ -x /usr/bin/time ] || { echo "scale.sh: needs GNU time at /usr/bin/time (apt-get install time)" >&2; exit 1; }
make -s run quantize

# shape (Llama-2-7B)
DIM=4096 HIDDEN=11008 HEADS=32 KV=32 VOCAB=32000
SHAPE="--layers $LAYERS --dim $DIM --hidden $HIDDEN --heads $HEADS --kv-heads $KV --vocab $VOCAB"
mkdir -p "$DIR" bench/results
NAME=llama2-7b-shape-L$LAYERS
IN=$DIR/$NAME-f16.higgs
OUT=$DIR/$NAME-q.higgs
TMP=$(mktemp -d)
cleanup() {
  rm -rf "$TMP"
  if [ "$KEEP" = 0 ]; then rm -f "$IN" "$OUT"; fi
}
trap cleanup EXIT

# sizes from the shapes
IN_BYTES=$("$PY" bench/make_big.py --size $SHAPE)
read -r PARAMS LARGEST_MB LARGEST_NAME LINEAR_MB <<<"$(awk -v L="$LAYERS" -v d=$DIM -v h=$HIDDEN -v nh=$HEADS -v nkv=$KV -v V=$VOCAB 'BEGIN {
  hd = d / nh
  layer = d * nh * hd + 2 * d * nkv * hd + nh * hd * d + 3 * h * d + 2 * d
  printf "%.0f", 2 * V * d + L * layer + d                      # embedding + head + layers + norm
  big = V * d; lin = (h * d > d * nh * hd) ? h * d : d * nh * hd
  if (big >= lin) printf " %.1f embed_tokens/lm_head_%dx%d", 2 * big / 1e6, V, d
  else printf " %.1f mlp_%dx%d", 2 * lin / 1e6, h, d
  printf " %.1f\n", 2 * lin / 1e6
}')"

# disk: the f16 input plus the output (never larger than the input)
REUSE=0
if [ -f "$IN" ] && [ "$(stat -c %s "$IN")" = "$IN_BYTES" ]; then REUSE=1; fi
AVAIL=$(df -PB1 "$DIR" | awk 'NR == 2 {print $4}')
NEED=$(( REUSE ? IN_BYTES : 2 * IN_BYTES ))
if [ "$AVAIL" -lt "$NEED" ]; then
  echo "scale.sh: not enough disk in $DIR: $((AVAIL / 1000000)) MB free, need $((NEED / 1000000)) MB" \
       "(2x the $((IN_BYTES / 1000000)) MB f16 file: input + output). Use --dir or fewer --layers." >&2
  exit 1
fi

# elapsed "h:mm:ss" or "m:ss.ss" from time -v -> seconds
elapsed_s() { awk -F': ' '/Elapsed \(wall clock\)/ {n = split($2, a, ":"); s = 0; for (i = 1; i <= n; i++) s = s * 60 + a[i]; printf "%.1f", s}' "$1"; }
maxrss_mb() { awk -F': ' '/Maximum resident set size/ {printf "%.1f", $2 * 1024 / 1e6}' "$1"; }

echo "== scale.sh: $NAME, $(awk -v p="$PARAMS" 'BEGIN{printf "%.2fB", p/1e9}') parameters, f16 file $((IN_BYTES / 1000000)) MB, $((AVAIL / 1000000000)) GB free in $DIR"
GEN_CMD="$PY bench/make_big.py $IN $SHAPE"
if [ "$REUSE" = 1 ]; then
  echo "reusing $IN (kept from an earlier --keep run)"
  GEN_S="(reused)" GEN_RSS="-"
else
  echo "generating $IN ..."
  # shellcheck disable=SC2086
  /usr/bin/time -v -o "$TMP/gen.time" "$PY" bench/make_big.py "$IN" $SHAPE > "$TMP/gen.log"
  tail -1 "$TMP/gen.log"
  GEN_S=$(elapsed_s "$TMP/gen.time") GEN_RSS=$(maxrss_mb "$TMP/gen.time")
fi
./run "$IN" --info | tail -1
./run "$IN" --verify

echo "quantizing ($QUANT -T $THREADS) ..."
QCMD="./quantize $IN $OUT $QUANT -T $THREADS"
# shellcheck disable=SC2086
/usr/bin/time -v -o "$TMP/q.time" ./quantize "$IN" "$OUT" $QUANT -T "$THREADS" > "$TMP/q.log"
tail -2 "$TMP/q.log"
./run "$OUT" --verify
Q_S=$(elapsed_s "$TMP/q.time")
Q_RSS=$(maxrss_mb "$TMP/q.time")
Q_SPB=$(awk -v s="$Q_S" -v p="$PARAMS" 'BEGIN{printf "%.1f", s / (p / 1e9)}')
Q_ONLY=$(sed -n 's/.*quantized \([0-9.]*M weights in [0-9.]* s ([0-9.]* s per billion)\).*/\1/p' "$TMP/q.log")
RATIO=$(awk -v r="$Q_RSS" -v t="$LARGEST_MB" 'BEGIN{printf "%.2f", r / t}')
OUT_BYTES=$(stat -c %s "$OUT")
CPU=$(awk -F': ' '/^model name/ {print $2; exit}' /proc/cpuinfo)
MEM=$(awk '/^MemTotal/ {printf "%.1f GB", $2 * 1024 / 1e9}' /proc/meminfo)

RES=bench/results/scale.md
{
  echo "# quantize at scale: a Llama-2-7B-shaped model ($LAYERS layers)"
  echo
  echo "Synthetic checkpoint: dim $DIM, hidden $HIDDEN, $LAYERS layers, $HEADS/$KV heads, vocab $VOCAB, untied head,"
  echo "random N(0, 0.02) f16 weights, $(awk -v p="$PARAMS" 'BEGIN{printf "%.3f", p/1e9}')B parameters. quantize maps the input and"
  echo "handles one tensor at a time, so its peak RSS should stay near the largest single tensor."
  echo
  echo "| measure | value |"
  echo "|---|---|"
  echo "| input (f16) file | $(awk -v b="$IN_BYTES" 'BEGIN{printf "%.1f MB", b/1e6}') |"
  echo "| output file | $(awk -v b="$OUT_BYTES" 'BEGIN{printf "%.1f MB", b/1e6}') |"
  echo "| largest tensor | $LARGEST_MB MB (${LARGEST_NAME//_/ } f16) |"
  echo "| largest linear layer | $LINEAR_MB MB (${HIDDEN}x$DIM f16) |"
  echo "| **quantize peak RSS** | **$Q_RSS MB** |"
  echo "| peak RSS / largest tensor | $RATIO |"
  echo "| peak RSS / input file | $(awk -v r="$Q_RSS" -v b="$IN_BYTES" 'BEGIN{printf "%.3f", r * 1e6 / b}') |"
  echo "| quantize wall time | $Q_S s |"
  echo "| wall s per billion parameters | $Q_SPB |"
  echo "| quantize's own report | ${Q_ONLY:-n/a} |"
  echo "| generating the input | $GEN_S s, peak RSS $GEN_RSS MB |"
  echo
  echo "Commands:"
  echo
  echo '```'
  echo "$GEN_CMD"
  echo "/usr/bin/time -v $QCMD"
  echo '```'
  echo
  echo "Machine: $CPU, $(nproc) CPUs, $MEM RAM; $(date -u '+%Y-%m-%d %H:%M UTC'); load average at the end:"
  echo "$(cut -d' ' -f1-3 /proc/loadavg). Run by \`bench/scale.sh${ARGS:+ $ARGS}\`. The input was written just"
  echo "before, so much of it may still be in the page cache; file-backed pages that quantize touches count"
  echo "in its RSS until it releases them (madvise) after each tensor. Wall times vary with other load on the"
  echo "machine; the peak RSS does not."
} > "$RES"
echo
cat "$RES"
