#!/usr/bin/env bash
# What each KV cache type costs in quality: KL divergence of the model with that cache from the same
# model with the exact f32 cache (run -m ppl --kv TYPE --kld MODEL: the base always runs f32), on
# the held-out text in llama.cpp's protocol (-c 256 --second-half), and the cache's bits per value.
#   bench/kv_quality.sh [MODEL] [TYPES...]      (default: models/brown-f16.higgs, every type pair below)
# Prints a markdown table; bench/results/kv-quality.md is its output.
set -euo pipefail
cd "$(dirname "$0")/.."
MODEL=${1:-models/brown-f16.higgs}; shift || true
TYPES=${*:-"f16 q8 q8,f16 f16,q8 q8,f32 f32,q8"}
make -s run >&2
HD=$(./run "$MODEL" --info | sed -n 's/.*(head_dim \([0-9]*\)).*/\1/p')   # q8: one 32-bit scale per head of HD values
echo "# KV cache types: KL divergence from the f32 cache"
echo
echo "- CPU: $(bench/cpu_name.sh)"
echo "- model: $MODEL; text: data/brown-heldout.txt, -c 256 --second-half (llama.cpp's perplexity protocol)"
echo "- command: bench/kv_quality.sh $MODEL $TYPES"
echo
echo "| --kv (keys,values) | bits per value (K, V; head_dim $HD) | KLD x1000 | same top token |"
echo "|---|---|---|---|"
for kv in $TYPES; do
  out=$(./run "$MODEL" -m ppl -f data/brown-heldout.txt -c 256 --second-half --kv "$kv" --kld "$MODEL" -T "${THREADS:-2}" 2>/dev/null)
  k=${kv%%,*}; v=${kv#*,}
  kld=$(echo "$out" | sed -n 's/^kld x1000: \([0-9.]*\) +- \([0-9.]*\)/\1 ± \2/p')
  top=$(echo "$out" | sed -n 's/^kld: [0-9.]* (same top token \([0-9.]*%\).*/\1/p')
  bk=$(awk -v t="$k" -v hd="$HD" 'BEGIN { print t == "f32" ? 32 : t == "f16" ? 16 : 8 + 32 / hd }')
  bv=$(awk -v t="$v" -v hd="$HD" 'BEGIN { print t == "f32" ? 32 : t == "f16" ? 16 : 8 + 32 / hd }')
  echo "| $kv | $bk, $bv | $kld | $top |"
done
