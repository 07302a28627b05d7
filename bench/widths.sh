#!/usr/bin/env bash
# Rows whose width is not a multiple of a large power of two (288, 576, 960, 896, ...): size and
# decode speed of HIGGS p=2 4-bit in the default blocks (one block of H(m) x Sylvester per row,
# e.g. 960 = 60 x 16) against power-of-two blocks of 64 (four times the scales) and 1024 (rows
# padded), on synthetic models with random weights.
#   bench/widths.sh [--rounds R] [--threads T] [--tag NAME] [SHAPE ...]
#   SHAPE = name:dim:hidden:layers:heads:kv_heads (vocab 4096, so the layers dominate)
#   default shapes: stories15M-like 288:768:6:6:6, SmolLM2-360M-like 960:2560:32:15:5
# Rounds alternate the files; the table gives the median decode tok/s of each (200 tokens after a
# short prompt) and bits per weight of the linear layers. Writes bench/results/NAME.{tsv,md}
# (default NAME: widths).
set -euo pipefail
cd "$(dirname "$0")/.."
ROUNDS=3; THREADS=1; TAG=widths
while [ $# -gt 0 ]; do
  case $1 in
    --rounds) ROUNDS=$2; shift 2 ;;
    --threads) THREADS=$2; shift 2 ;;
    --tag) TAG=$2; shift 2 ;;
    -h|--help) sed -n '2,11p' "$0"; exit 0 ;;
    -*) echo "widths.sh: unknown option $1" >&2; exit 1 ;;
    *) break ;;
  esac
done
SHAPES=("$@")
[ ${#SHAPES[@]} -gt 0 ] || SHAPES=("stories15M-like:288:768:6:6:6" "SmolLM2-360M-like:960:2560:32:15:5")
PY=$(for p in "${HIGGS_PYTHON:-}" python3 /usr/bin/python3; do [ -n "$p" ] && "$p" -c 'import numpy' 2>/dev/null && echo "$p" && break; done || true)
[ -n "$PY" ] || { echo "widths.sh: needs a Python with numpy (apt-get install python3-numpy)" >&2; exit 1; }
make -s run quantize
CACHE=bench/cache; mkdir -p "$CACHE" bench/results
OUT=bench/results/$TAG.tsv
printf "shape\tblocks\tbits_linear\tdecode_tok_s\trounds\n" > "$OUT"
PROMPT="The quick brown fox jumps over the lazy dog."
median() { tr ' ' '\n' | grep -v '^$' | sort -g | awk '{v[NR] = $1} END {print NR % 2 ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2}'; }
for shape in "${SHAPES[@]}"; do
  IFS=: read -r name dim hidden layers heads kv <<< "$shape"
  base=$CACHE/width-$dim-$hidden-L$layers-f16.higgs
  if [ ! -f "$base" ]; then
    "$PY" bench/make_big.py "$base" --dim "$dim" --hidden "$hidden" --layers "$layers" --heads "$heads" \
        --kv-heads "$kv" --vocab 4096 --seq-len 512 >/dev/null
  fi
  labels=("default (whole rows)" "power of two, 64" "power of two up to 1024, rows padded")
  args=("" "--hadamard 64" "--hadamard 1024")
  files=(); bits=()
  for i in 0 1 2; do
    f=$CACHE/width-$dim-$hidden-L$layers-p2b4-$i.higgs
    # shellcheck disable=SC2086
    log=$(./quantize "$base" "$f" --method higgs --p 2 --bits 4 ${args[$i]} -T 2)
    files+=("$f"); bits+=("$(echo "$log" | sed -n 's/^linear layers: \([0-9.]*\) bits\/weight.*/\1/p')")
  done
  declare -a tps=("" "" "")
  for r in $(seq "$ROUNDS"); do
    for i in 0 1 2; do
      t=$(./run "${files[$i]}" -i "$PROMPT" -n 220 -t 0 -T "$THREADS" 2>&1 >/dev/null | awk '/achieved tok\/s/{printf "%.2f", $3}')
      tps[$i]="${tps[$i]} $t"
    done
  done
  for i in 0 1 2; do
    printf "%s (%s x %s)\t%s\t%s\t%s\t%s\n" "$name" "$dim" "$hidden" "${labels[$i]}" "${bits[$i]}" \
        "$(echo "${tps[$i]}" | median)" "$(echo "${tps[$i]}" | xargs)" | tee -a "$OUT"
  done
done
{
  echo "\`bench/widths.sh --rounds $ROUNDS --threads $THREADS\` on $(bench/cpu_name.sh)."
  echo
  echo "| model | HIGGS p=2 4-bit blocks | bits/weight (linear) | decode tok/s ($THREADS thread$([ "$THREADS" = 1 ] || echo s), median of $ROUNDS) |"
  echo "|---|---|---|---|"
  tail -n +2 "$OUT" | awk -F'\t' '{printf "| %s | %s | %s | %s |\n", $1, $2, $3, $4}'
} > "bench/results/$TAG.md"
cat "bench/results/$TAG.md"
