#!/usr/bin/env bash
# Quality vs size of every quantization method: perplexity and KL divergence from the
# unquantized model on a held-out text, HIGGS rows averaged over random-sign seeds; the f32 KV
# cache throughout, so that the rows measure the weights alone (bench/kv_quality.sh: the caches).
#
#   bench/quality.sh [options] [MODEL.higgs [TEXT]]
#     --seeds N        HIGGS realizations (sign seeds 1..N), default 4
#     --configs LIST   which rows (names in the list below, separated by ";"); default: the
#                      methods side by side (scale and block variants only when named);
#                      "fast": the --grid fast rows and their references (--tag quality-fast);
#                      "rotations": the rotation choice beside the same grids (--tag quality-rotations);
#                      "llamacpp": HIGGS as run computes it by default, for --llama-bin (--tag quality-llamacpp);
#                      "none": no HIGGS rows (with --update --llama-bin: only its rows measured again)
#     --tag NAME       write bench/results/NAME.{tsv,md,svg}; default "quality" ("quality-llamacpp"
#                      with --second-half or --llama-bin)
#     --into FILE      put the table into FILE between <!-- NAME:begin --> and <!-- NAME:end -->
#                      (default for the tag "quality": docs/quantization.md; "quality-llamacpp":
#                      README.md; other tags: nowhere)
#     --ctx N          perplexity window (run -c), default: run's (256 with --second-half)
#     --second-half    llama.cpp's protocol (run --second-half: whole windows from BOS, the second
#                      half of each scored), as llama-perplexity scores
#     --llama-bin DIR  a llama.cpp or ik_llama.cpp build's binaries (llama-quantize, llama-perplexity;
#                      the project never builds them): also rows of its types, quantized from the same
#                      weights (bench/gguf_from_higgs.py) with embeddings f16 and the head q8_0 as HIGGS
#                      keeps them, scored by llama-perplexity --kl-divergence against its own f16
#                      logits; implies --second-half. Bits per weight of their linear layers: bench/gguf_bits.py
#     --llama-types L  its types (";"), default Q4_K_M;IQ4_XS;Q4_0;Q3_K_S;Q2_K;IQ4_KS;IQ3_KS;IQ2_KS
#                      (those the build lacks are skipped, with a message)
#     --imatrix TEXT   also each type with an importance matrix from TEXT (llama-imatrix), rows "..., imatrix"
#     --update         keep the other rows of bench/results/NAME.tsv, measure only --configs again
#   Defaults: models/brown-f16.higgs, data/brown-heldout.txt; THREADS (default 2).
#
# Every file is scored with `run -m ppl --kld MODEL --no-int8` (float activations: all
# methods side by side); rows named "..., int8" score the same files as run computes them
# by default. One file is one realization of the rounding errors: a HIGGS row is the mean
# and the standard deviation over the seeds (RTN, NF4, AF4 have no randomness).
set -euo pipefail
cd "$(dirname "$0")/.."
SEEDS=4; ONLY=""; TAG=""; CTX=(); INTO=""; UPDATE=""; HALF=(); LBIN=""; IMATRIX=""
LTYPES="Q4_K_M;IQ4_XS;Q4_0;Q3_K_S;Q2_K;IQ4_KS;IQ3_KS;IQ2_KS"
while [ $# -gt 0 ]; do
  case $1 in
    --seeds) SEEDS=$2; shift 2 ;;
    --configs) ONLY=$2; shift 2 ;;
    --tag) TAG=$2; shift 2 ;;
    --ctx) CTX=(-c "$2"); shift 2 ;;
    --into) INTO=$2; shift 2 ;;
    --update) UPDATE=1; shift ;;
    --second-half) HALF=(--second-half); shift ;;
    --llama-bin) LBIN=$2; HALF=(--second-half); shift 2 ;;
    --llama-types) LTYPES=$2; shift 2 ;;
    --imatrix) IMATRIX=$2; shift 2 ;;
    -h|--help) sed -n '2,35p' "$0"; exit 0 ;;
    -*) echo "quality.sh: unknown option $1" >&2; exit 1 ;;
    *) break ;;
  esac
done
MODEL=${1:-models/brown-f16.higgs}
TEXT=${2:-data/brown-heldout.txt}
THREADS=${THREADS:-2}
[ -n "$TAG" ] || { [ ${#HALF[@]} -gt 0 ] && TAG=quality-llamacpp; } || TAG=quality
[ ${#HALF[@]} -eq 0 ] || [ ${#CTX[@]} -gt 0 ] || CTX=(-c 256)
CTX+=("${HALF[@]}")
if [ -n "$LBIN" ]; then
  for b in llama-quantize llama-perplexity ${IMATRIX:+llama-imatrix}; do
    [ -x "$LBIN/$b" ] || { echo "quality.sh: no executable $LBIN/$b (--llama-bin: a llama.cpp build's bin folder)" >&2; exit 1; }
  done
  [ -z "$IMATRIX" ] || [ -f "$IMATRIX" ] || { echo "quality.sh: --imatrix: no file $IMATRIX" >&2; exit 1; }
fi
PY=$(for p in "${HIGGS_PYTHON:-}" python3 /usr/bin/python3; do [ -n "$p" ] && "$p" -c 'import numpy' 2>/dev/null && echo "$p" && break; done || true)
[ -n "$PY" ] || { echo "quality.sh: needs a Python with numpy (apt-get install python3-numpy)" >&2; exit 1; }
make -s run quantize
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT
mkdir -p bench/results
OUT=bench/results/$TAG.tsv
[ -z "$UPDATE" ] || [ -n "$ONLY" ] || { echo "quality.sh: --update needs --configs" >&2; exit 1; }
[ -z "$UPDATE" ] || [ -f "$OUT" ] || { echo "quality.sh: --update: no $OUT yet" >&2; exit 1; }
[ -z "$UPDATE" ] || cp "$OUT" "$TMP/old.tsv"
printf "config\targs\tseed\tbits_linear\tfile_mb\tppl\tbase_ppl\tkld\tsame_top\ttokens\n" > "$OUT"

# name|quantize arguments|seeded (1: one file per sign seed)|run flags
configs=(
  "higgs p=2 4-bit|--method higgs --p 2 --bits 4|1|--no-int8"
  "higgs p=2 4-bit, int8|--method higgs --p 2 --bits 4|1|"
  "higgs p=2 4-bit, free grid|--method higgs --p 2 --bits 4 --grid free|1|--no-int8"
  "higgs p=2 4-bit, fast grid|--method higgs --p 2 --bits 4 --grid fast|1|--no-int8"
  "higgs p=2 4-bit, fast grid, int8|--method higgs --p 2 --bits 4 --grid fast|1|"
  "higgs p=2 4-bit, head kept|--method higgs --p 2 --bits 4 --head keep|1|--no-int8"
  "higgs p=1 4-bit|--method higgs --p 1 --bits 4|1|--no-int8"
  "higgs p=2 3-bit|--method higgs --p 2 --bits 3|1|--no-int8"
  "higgs p=2 3-bit, sym grid|--method higgs --p 2 --bits 3 --grid sym|1|--no-int8"
  "higgs p=2 3-bit, int8|--method higgs --p 2 --bits 3|1|"
  "higgs p=2 3-bit, sym grid, int8|--method higgs --p 2 --bits 3 --grid sym|1|"
  "higgs p=2 3-bit, fast grid|--method higgs --p 2 --bits 3 --grid fast|1|--no-int8"
  "higgs p=2 3-bit, fast grid, int8|--method higgs --p 2 --bits 3 --grid fast|1|"
  "higgs p=1 3-bit|--method higgs --p 1 --bits 3|1|--no-int8"
  "higgs p=2 2-bit|--method higgs --p 2 --bits 2|1|--no-int8"
  "higgs p=4 3-bit|--method higgs --p 4 --bits 3|1|--no-int8"
  "higgs p=4 2-bit|--method higgs --p 4 --bits 2|1|--no-int8"
  "higgs 3.25 bits (DP, p=4 grids)|--target-bits 3.25 --vector-grids|1|--no-int8"
  "higgs 4.06 bits (DP)|--target-bits 4.0625|1|--no-int8"
  "higgs 4-bit default (DP)||1|--no-int8"
  "higgs 4-bit default (DP), int8||1|"
  "higgs 4-bit default (DP), fast grid|--grid fast|1|--no-int8"
  "higgs 4-bit default (DP), fast grid, int8|--grid fast|1|"
  "higgs 3.25 bits (DP)|--target-bits 3.25|1|--no-int8"
  "higgs 3.25 bits (DP), fast grid|--target-bits 3.25 --grid fast|1|--no-int8"
  "nf4 g64|--method nf4 --group 64|0|--no-int8"
  "af4 g64|--method af4 --group 64|0|--no-int8"
  "rtn 4-bit g64|--method rtn --bits 4 --group 64|0|--no-int8"
  "rtn 3-bit g64|--method rtn --bits 3 --group 64|0|--no-int8"
  "higgs p=2 4-bit, rms scales|--method higgs --p 2 --bits 4 --scales rms|1|--no-int8"
  "higgs p=2 4-bit, unbiased scales|--method higgs --p 2 --bits 4 --scales unbiased|1|--no-int8"
  "higgs p=2 4-bit, lsq scales|--method higgs --p 2 --bits 4 --scales lsq|1|--no-int8"
  "higgs p=2 4-bit, lsq-unbiased scales|--method higgs --p 2 --bits 4 --scales lsq-unbiased|1|--no-int8"
  "higgs p=2 3-bit, rms scales|--method higgs --p 2 --bits 3 --scales rms|1|--no-int8"
  "higgs p=2 3-bit, unbiased scales|--method higgs --p 2 --bits 3 --scales unbiased|1|--no-int8"
  "higgs p=2 3-bit, lsq scales|--method higgs --p 2 --bits 3 --scales lsq|1|--no-int8"
  "higgs p=2 3-bit, lsq-unbiased scales|--method higgs --p 2 --bits 3 --scales lsq-unbiased|1|--no-int8"
  "higgs p=2 4-bit, no signs|--method higgs --p 2 --bits 4 --seed 0|0|--no-int8"
  "higgs p=2 4-bit, blocks of 64|--method higgs --p 2 --bits 4 --hadamard 64|1|--no-int8"
  "higgs p=2 4-bit, blocks of 512 (rows padded)|--method higgs --p 2 --bits 4 --hadamard 512|1|--no-int8"
  # the per-block rotation choice (--rotations K: K sign vectors per block, the best kept)
  "higgs p=2 3-bit, 16 rotations|--method higgs --p 2 --bits 3 --rotations 16|1|--no-int8"
  "higgs p=2 3-bit, 16 rotations, int8|--method higgs --p 2 --bits 3 --rotations 16|1|"
  "higgs p=2 3-bit, 32 rotations|--method higgs --p 2 --bits 3 --rotations 32|1|--no-int8"
  "higgs p=2 3-bit, 4 rotations|--method higgs --p 2 --bits 3 --rotations 4|1|--no-int8"
  "higgs p=2 3-bit, 8 rotations|--method higgs --p 2 --bits 3 --rotations 8|1|--no-int8"
  "higgs p=2 3-bit, 8 rotations, int8|--method higgs --p 2 --bits 3 --rotations 8|1|"
  "higgs p=2 4-bit, 16 rotations|--method higgs --p 2 --bits 4 --rotations 16|1|--no-int8"
  "higgs p=4 3-bit, 4 rotations|--method higgs --p 4 --bits 3 --rotations 4|1|--no-int8"
  "higgs p=4 3-bit, 16 rotations|--method higgs --p 4 --bits 3 --rotations 16|1|--no-int8"
  "higgs p=4 3-bit, 16 rotations, int8|--method higgs --p 4 --bits 3 --rotations 16|1|"
  "higgs p=2 4-bit, blocks of 64, 16 rotations|--method higgs --p 2 --bits 4 --hadamard 64 --rotations 16|1|--no-int8"
  "higgs p=2 4-bit, blocks of 64, 32 rotations|--method higgs --p 2 --bits 4 --hadamard 64 --rotations 32|1|--no-int8"
  "higgs p=2 4-bit, blocks of 64, 32 rotations, int8|--method higgs --p 2 --bits 4 --hadamard 64 --rotations 32|1|"
  "higgs 3.25 bits (DP), 16 rotations|--target-bits 3.25 --rotations 16|1|--no-int8"
  # as run computes them by default (int8), beside llama.cpp's types (--configs llamacpp)
  "higgs p=2 4-bit, blocks of 64, 16 rotations, int8|--method higgs --p 2 --bits 4 --hadamard 64 --rotations 16|1|"
  "higgs 3.25 bits (DP), int8|--target-bits 3.25|1|"
  "higgs 3.25 bits (DP), 16 rotations, int8|--target-bits 3.25 --rotations 16|1|"
  "higgs 2.5 bits (DP), int8|--target-bits 2.5|1|"
  "higgs 2.25 bits (DP), int8|--target-bits 2.25|1|"
)
# the default rows: the methods; the scale and rotation variants only when asked for
DEFAULT_ROWS="higgs p=2 4-bit;higgs p=2 4-bit, int8;higgs p=2 4-bit, free grid;higgs p=2 4-bit, fast grid;higgs p=2 4-bit, head kept;higgs p=1 4-bit;higgs p=2 3-bit;higgs p=2 3-bit, sym grid;higgs p=2 3-bit, fast grid;higgs p=1 3-bit;higgs p=2 2-bit;higgs p=4 3-bit;higgs p=4 2-bit;higgs 4-bit default (DP);higgs 4-bit default (DP), int8;higgs 3.25 bits (DP);nf4 g64;af4 g64;rtn 4-bit g64;rtn 3-bit g64"
# --configs fast: the --grid fast rows and the same files' references (bench/results/quality-fast.md)
FAST_ROWS="higgs p=2 3-bit, fast grid;higgs p=2 3-bit, fast grid, int8;higgs p=2 3-bit, sym grid, int8;higgs p=2 3-bit, int8;higgs 4-bit default (DP), fast grid;higgs 4-bit default (DP), fast grid, int8;higgs 3.25 bits (DP), fast grid"
# --configs rotations: the rotation choice and the same grids without it (bench/results/quality-rotations.md)
ROT_ROWS="higgs p=2 3-bit;higgs p=2 3-bit, int8;higgs p=2 3-bit, 4 rotations;higgs p=2 3-bit, 8 rotations;higgs p=2 3-bit, 8 rotations, int8;higgs p=2 3-bit, 16 rotations;higgs p=2 3-bit, 16 rotations, int8;higgs p=2 3-bit, 32 rotations;higgs p=4 3-bit;higgs p=4 3-bit, 4 rotations;higgs p=4 3-bit, 16 rotations;higgs p=4 3-bit, 16 rotations, int8;higgs p=2 4-bit;higgs p=2 4-bit, 16 rotations;higgs p=2 4-bit, blocks of 64;higgs p=2 4-bit, blocks of 64, 16 rotations;higgs p=2 4-bit, blocks of 64, 32 rotations;higgs p=2 4-bit, blocks of 64, 32 rotations, int8;higgs 3.25 bits (DP);higgs 3.25 bits (DP), 16 rotations"
# --configs llamacpp: HIGGS as run decodes by default, for the rows of --llama-bin (bench/results/quality-llamacpp.md)
LLAMA_ROWS="higgs 4-bit default (DP), int8;higgs p=2 4-bit, int8;higgs p=2 4-bit, blocks of 64, 16 rotations, int8;higgs 3.25 bits (DP), int8;higgs 3.25 bits (DP), 16 rotations, int8;higgs p=2 3-bit, int8;higgs p=2 3-bit, 16 rotations, int8;higgs 2.5 bits (DP), int8;higgs 2.25 bits (DP), int8"
[ "$ONLY" != llamacpp ] || ONLY=$LLAMA_ROWS
[ "$ONLY" != fast ] || ONLY=$FAST_ROWS
[ "$ONLY" != rotations ] || ONLY=$ROT_ROWS
ONLY=${ONLY:-$DEFAULT_ROWS}

base_line=$(./run "$MODEL" -m ppl -f "$TEXT" "${CTX[@]}" -T "$THREADS" --kv f32 2>/dev/null | tail -1)
base_ppl=$(echo "$base_line" | awk '{print $2}'); base_tokens=$(echo "$base_line" | tr -d '(' | awk '{print $3}')
base_mb=$(stat -c %s "$MODEL" | awk '{printf "%.3f", $1/1e6}')
printf "f16\tnone\t0\t16\t%s\t%s\t%s\t0\t100\t%s\n" "$base_mb" "$base_ppl" "$base_ppl" "$base_tokens" | tee -a "$OUT"

IFS=';' read -r -a wanted <<< "$ONLY"
[ "$ONLY" != none ] || wanted=()      # --configs none: only the f16 row (and --llama-bin's)
if [ -n "$UPDATE" ]; then             # the earlier run's rows of every other config, as they were
  tail -n +2 "$TMP/old.tsv" | while IFS= read -r line; do
    name=${line%%$'\t'*}
    keep=1
    [ "$name" != f16 ] || keep=""
    [ -z "$LBIN" ] || case $name in *llama.cpp\ *) keep="" ;; esac   # measured again below
    for want in "${wanted[@]}"; do [ "$name" != "$want" ] || keep=""; done
    [ -z "$keep" ] || printf "%s\n" "$line" >> "$OUT"
  done
fi
for want in "${wanted[@]}"; do
  found=""
  for entry in "${configs[@]}"; do
    IFS='|' read -r name args seeded flags <<< "$entry"
    [ "$name" = "$want" ] || continue
    found=1
    seeds=0; [ "$seeded" = 1 ] && seeds=$(seq 1 "$SEEDS")
    for seed in $seeds; do
      sarg=(); [ "$seeded" = 1 ] && sarg=(--seed "$seed")
      file=$TMP/q.higgs
      # shellcheck disable=SC2086
      log=$(./quantize "$MODEL" "$file" $args "${sarg[@]}" -T "$THREADS")
      bits=$(echo "$log" | sed -n 's/^linear layers: \([0-9.]*\) bits\/weight.*/\1/p')
      [ -n "$bits" ] || bits=$(echo "$log" | sed -n 's/^allocated \([0-9.]*\) bits\/weight.*/\1/p')
      mb=$(stat -c %s "$file" | awk '{printf "%.3f", $1/1e6}')
      # shellcheck disable=SC2086
      res=$(./run "$file" -m ppl -f "$TEXT" "${CTX[@]}" -T "$THREADS" --kv f32 --kld "$MODEL" $flags 2>/dev/null)
      ppl=$(echo "$res" | sed -n 's/^perplexity: \([0-9.]*\).*/\1/p')
      bppl=$(echo "$res" | sed -n 's/^base perplexity: \([0-9.]*\).*/\1/p')
      kld=$(echo "$res" | sed -n 's/^kld: \([0-9.]*\) .*/\1/p')
      same=$(echo "$res" | sed -n 's/^kld: .*same top token \([0-9.]*\)%.*/\1/p')
      tokens=$(echo "$res" | sed -n 's/^kld: .*, \([0-9]*\) tokens)$/\1/p')
      printf "%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n" "$name" "$args" "$seed" "$bits" "$mb" "$ppl" "$bppl" "$kld" "$same" "$tokens" | tee -a "$OUT"
    done
  done
  [ -n "$found" ] || { echo "quality.sh: no config named '$want'" >&2; exit 1; }
done

# llama.cpp's (or ik_llama.cpp's) types on the same weights, scored by its own llama-perplexity
# against its own f16 logits (the same protocol as run --second-half: windows of CTX from BOS, the
# second half of each scored). Bits: the linear layers' bytes in the GGUF (bench/gguf_bits.py).
# The args column records the type, the imatrix text and the build (report.py's note on these rows).
llama_value() { sed -n "s/^$1 *: *\([0-9.]*\).*/\1/p" "$2" | head -1; }
if [ -n "$LBIN" ]; then
  help=$("$LBIN/llama-quantize" --help 2>&1 || true)
  tool=llama.cpp; echo "$help" | grep -q IQ4_KS && tool=ik_llama.cpp
  build=$("$LBIN/llama-perplexity" --version 2>&1 | sed -n 's/^version: \(.*\)/\1/p' | head -1)
  build=${build:-unknown}
  ctx=${CTX[1]}
  "$PY" bench/gguf_from_higgs.py "$MODEL" "$TMP/f16.gguf" > /dev/null
  echo "$tool: f16 logits of $MODEL (llama-perplexity -c $ctx)"
  "$LBIN/llama-perplexity" -m "$TMP/f16.gguf" -f "$TEXT" -c "$ctx" -t "$THREADS" \
    --kl-divergence-base "$TMP/f16.kld" > "$TMP/base.log" 2>&1 || { tail -5 "$TMP/base.log" >&2; exit 1; }
  chunks=$(sed -n 's/.*calculating perplexity over \([0-9]*\) chunks.*/\1/p' "$TMP/base.log" | head -1)
  tokens=$((${chunks:-0} * (ctx - 1 - ctx / 2)))     # the second half of each window but its first token
  imat=("")
  if [ -n "$IMATRIX" ]; then
    "$LBIN/llama-imatrix" -m "$TMP/f16.gguf" -f "$IMATRIX" -c "$ctx" -t "$THREADS" -o "$TMP/imatrix.dat" \
      > "$TMP/imatrix.log" 2>&1 || { tail -5 "$TMP/imatrix.log" >&2; exit 1; }
    imat+=("$TMP/imatrix.dat")
  fi
  IFS=';' read -r -a ltypes <<< "$LTYPES"
  for type in "${ltypes[@]}"; do
    echo "$help" | grep -qw -- "$type" || { echo "quality.sh: $tool's llama-quantize has no type $type: skipped" >&2; continue; }
    for im in "${imat[@]}"; do
      name="$tool $type" iarg=() args="$type"
      [ -z "$im" ] || { name="$name, imatrix"; iarg=(--imatrix "$im"); args="$type --imatrix $IMATRIX"; }
      q=$TMP/q.gguf
      rm -f "$q"
      "$LBIN/llama-quantize" "${iarg[@]}" --token-embedding-type f16 --output-tensor-type q8_0 \
        "$TMP/f16.gguf" "$q" "$type" "$THREADS" > "$TMP/quantize.log" 2>&1 ||
        { echo "quality.sh: $tool's llama-quantize $type failed:" >&2; tail -3 "$TMP/quantize.log" >&2; exit 1; }
      bits=$("$PY" bench/gguf_bits.py "$q" | cut -d' ' -f1)
      mb=$(stat -c %s "$q" | awk '{printf "%.3f", $1/1e6}')
      "$LBIN/llama-perplexity" -m "$q" -c "$ctx" -t "$THREADS" --kl-divergence-base "$TMP/f16.kld" \
        --kl-divergence > "$TMP/ppl.log" 2>&1 || { tail -5 "$TMP/ppl.log" >&2; exit 1; }
      ppl=$(llama_value 'Mean PPL(Q)' "$TMP/ppl.log"); bppl=$(llama_value 'Mean PPL(base)' "$TMP/ppl.log")
      kld=$(llama_value 'Mean    KLD' "$TMP/ppl.log"); same=$(llama_value 'Same top p' "$TMP/ppl.log")
      [ -n "$kld" ] && [ -n "$ppl" ] || { echo "quality.sh: no KLD in llama-perplexity's output:" >&2; tail -5 "$TMP/ppl.log" >&2; exit 1; }
      printf "%s\t%s\t0\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n" "$name" "$args; build $build" "$bits" "$mb" "$ppl" "$bppl" "$kld" "$same" "$tokens" | tee -a "$OUT"
    done
  done
fi
"$PY" bench/report.py quality "$OUT" "bench/results/$TAG.md" "bench/results/$TAG.svg" "$MODEL" "$TEXT" "${CTX[*]}" "$(bash bench/cpu_name.sh)${UPDATE:+ (for the rows of the last --update run)}"
case $TAG in quality) INTO=${INTO:-docs/quantization.md} ;; quality-llamacpp) INTO=${INTO:-README.md} ;; esac
if [ -n "$INTO" ]; then
  "$PY" bench/report.py readme "$INTO" "$TAG" "bench/results/$TAG.md"
  echo "wrote $OUT, bench/results/$TAG.md, bench/results/$TAG.svg and the table in $INTO"
else
  echo "wrote $OUT, bench/results/$TAG.md and bench/results/$TAG.svg"
fi
