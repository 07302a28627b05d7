#!/usr/bin/env bash
# Alternating A/B of two decode commands on one model, speed.sh's prompt and length:
#   bench/ab.sh MODEL THREADS ROUNDS "COMMAND A" "COMMAND B"
# e.g. bench/ab.sh bench/cache/tinyllama-shape-L22-p2b4.higgs 2 4 "./run" "./run --no-pairs"
# MODEL may be two files, MODEL_A,MODEL_B: A runs the first and B the second (two files, one build:
# e.g. a grid with and without the rotation choice).
# Each command gets "MODEL -i PROMPT -n STEPS -t 0 -T THREADS --profile" appended; prints each
# round's decode and prompt tok/s and profile, then the medians of each. This host's speed drifts from minute to
# minute, so rounds alternate A and B; trust differences that hold in most rounds.
set -euo pipefail
cd "$(dirname "$0")/.."
[ $# -eq 5 ] || { sed -n '2,4p' "$0" >&2; exit 1; }
MODEL_A=${1%%,*}; MODEL_B=${1#*,}; T=$2; R=$3; A=$4; B=$5
PROMPT=$(printf 'The quick brown fox jumps over the lazy dog. %.0s' $(seq 1 12))
STEPS=$(( $(./run "$MODEL_A" -m tokenize -i "$PROMPT" | wc -w) + 1 + 200 ))
ta=""; tb=""; pa=""; pb=""
for r in $(seq "$R"); do
  for side in A B; do
    cmd=$A; MODEL=$MODEL_A; [ $side = B ] && cmd=$B && MODEL=$MODEL_B
    err=$($cmd "$MODEL" -i "$PROMPT" -n "$STEPS" -t 0 -T "$T" --profile 2>&1 >/dev/null)
    tps=$(echo "$err" | awk '/achieved tok\/s/{printf "%.2f", $3}')
    pps=$(echo "$err" | awk '/^prompt:/{printf "%.2f", $5}')
    echo "round $r $side: $tps tok/s, prompt $pps tok/s; $(echo "$err" | grep 'decode profile' | sed 's/decode profile, //')"
    if [ $side = A ]; then ta="$ta $tps"; pa="$pa $pps"; else tb="$tb $tps"; pb="$pb $pps"; fi
  done
done
med() { echo $1 | tr ' ' '\n' | sort -g | awk '{v[NR] = $1} END{printf "%.2f", NR % 2 ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2}'; }
echo "median tok/s: A ($A $MODEL_A) $(med "$ta"), B ($B $MODEL_B) $(med "$tb")"
echo "median prompt tok/s: A ($A $MODEL_A) $(med "$pa"), B ($B $MODEL_B) $(med "$pb")"
