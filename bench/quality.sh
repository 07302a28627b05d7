#!/usr/bin/env bash
# Quality vs size of every quantization method: perplexity and KL divergence from the
# unquantized model on a held-out text, HIGGS rows averaged over random-sign seeds.
#
#   bench/quality.sh [options] [MODEL.higgs [TEXT]]
#     --seeds N        HIGGS realizations (sign seeds 1..N), default 4
#     --configs LIST   which rows (names in the list below, separated by ";"); default: the
#                      methods side by side (scale and block variants only when named);
#                      "fast": the --grid fast rows and their references (--tag quality-fast);
#                      "rotations": the rotation choice beside the same grids (--tag quality-rotations)
#     --tag NAME       write bench/results/NAME.{tsv,md,svg}; default "quality"
#     --into FILE      put the table into FILE between <!-- NAME:begin --> and <!-- NAME:end -->
#                      (default for the tag "quality": README.md; other tags: nowhere)
#     --ctx N          perplexity window (run -c), default: run's
#     --update         keep the other rows of bench/results/NAME.tsv, measure only --configs again
#   Defaults: models/brown-f16.higgs, data/brown-heldout.txt; THREADS (default 2).
#
# Every file is scored with `run -m ppl --kld MODEL --no-int8` (float activations: all
# methods side by side); rows named "..., int8" score the same files as run computes them
# by default. One file is one realization of the rounding errors: a HIGGS row is the mean
# and the standard deviation over the seeds (RTN, NF4, AF4 have no randomness).
set -euo pipefail
cd "$(dirname "$0")/.."
SEEDS=4; ONLY=""; TAG=quality; CTX=(); INTO=""; UPDATE=""
while [ $# -gt 0 ]; do
  case $1 in
    --seeds) SEEDS=$2; shift 2 ;;
    --configs) ONLY=$2; shift 2 ;;
    --tag) TAG=$2; shift 2 ;;
    --ctx) CTX=(-c "$2"); shift 2 ;;
    --into) INTO=$2; shift 2 ;;
    --update) UPDATE=1; shift ;;
    -h|--help) sed -n '2,20p' "$0"; exit 0 ;;
    -*) echo "quality.sh: unknown option $1" >&2; exit 1 ;;
    *) break ;;
  esac
done
MODEL=${1:-models/brown-f16.higgs}
TEXT=${2:-data/brown-heldout.txt}
THREADS=${THREADS:-2}
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
)
# the default rows: the methods; the scale and rotation variants only when asked for
DEFAULT_ROWS="higgs p=2 4-bit;higgs p=2 4-bit, int8;higgs p=2 4-bit, free grid;higgs p=2 4-bit, fast grid;higgs p=2 4-bit, head kept;higgs p=1 4-bit;higgs p=2 3-bit;higgs p=2 3-bit, sym grid;higgs p=2 3-bit, fast grid;higgs p=1 3-bit;higgs p=2 2-bit;higgs p=4 3-bit;higgs p=4 2-bit;higgs 4-bit default (DP);higgs 4-bit default (DP), int8;higgs 3.25 bits (DP);nf4 g64;af4 g64;rtn 4-bit g64;rtn 3-bit g64"
# --configs fast: the --grid fast rows and the same files' references (bench/results/quality-fast.md)
FAST_ROWS="higgs p=2 3-bit, fast grid;higgs p=2 3-bit, fast grid, int8;higgs p=2 3-bit, sym grid, int8;higgs p=2 3-bit, int8;higgs 4-bit default (DP), fast grid;higgs 4-bit default (DP), fast grid, int8;higgs 3.25 bits (DP), fast grid"
# --configs rotations: the rotation choice and the same grids without it (bench/results/quality-rotations.md)
ROT_ROWS="higgs p=2 3-bit;higgs p=2 3-bit, int8;higgs p=2 3-bit, 4 rotations;higgs p=2 3-bit, 8 rotations;higgs p=2 3-bit, 8 rotations, int8;higgs p=2 3-bit, 16 rotations;higgs p=2 3-bit, 16 rotations, int8;higgs p=2 3-bit, 32 rotations;higgs p=4 3-bit;higgs p=4 3-bit, 4 rotations;higgs p=4 3-bit, 16 rotations;higgs p=4 3-bit, 16 rotations, int8;higgs p=2 4-bit;higgs p=2 4-bit, 16 rotations;higgs p=2 4-bit, blocks of 64;higgs p=2 4-bit, blocks of 64, 16 rotations;higgs p=2 4-bit, blocks of 64, 32 rotations;higgs p=2 4-bit, blocks of 64, 32 rotations, int8;higgs 3.25 bits (DP);higgs 3.25 bits (DP), 16 rotations"
[ "$ONLY" != fast ] || ONLY=$FAST_ROWS
[ "$ONLY" != rotations ] || ONLY=$ROT_ROWS
ONLY=${ONLY:-$DEFAULT_ROWS}

base_line=$(./run "$MODEL" -m ppl -f "$TEXT" "${CTX[@]}" -T "$THREADS" 2>/dev/null | tail -1)
base_ppl=$(echo "$base_line" | awk '{print $2}'); base_tokens=$(echo "$base_line" | tr -d '(' | awk '{print $3}')
base_mb=$(stat -c %s "$MODEL" | awk '{printf "%.3f", $1/1e6}')
printf "f16\tnone\t0\t16\t%s\t%s\t%s\t0\t100\t%s\n" "$base_mb" "$base_ppl" "$base_ppl" "$base_tokens" | tee -a "$OUT"

IFS=';' read -r -a wanted <<< "$ONLY"
if [ -n "$UPDATE" ]; then             # the earlier run's rows of every other config, as they were
  tail -n +2 "$TMP/old.tsv" | while IFS= read -r line; do
    name=${line%%$'\t'*}
    keep=1
    [ "$name" != f16 ] || keep=""
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
      res=$(./run "$file" -m ppl -f "$TEXT" "${CTX[@]}" -T "$THREADS" --kld "$MODEL" $flags 2>/dev/null)
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
"$PY" bench/report.py quality "$OUT" "bench/results/$TAG.md" "bench/results/$TAG.svg" "$MODEL" "$TEXT"
[ -n "$INTO" ] || { [ "$TAG" = quality ] && INTO=README.md; } || true
if [ -n "$INTO" ]; then
  "$PY" bench/report.py readme "$INTO" "$TAG" "bench/results/$TAG.md"
  echo "wrote $OUT, bench/results/$TAG.md, bench/results/$TAG.svg and the table in $INTO"
else
  echo "wrote $OUT, bench/results/$TAG.md and bench/results/$TAG.svg"
fi
