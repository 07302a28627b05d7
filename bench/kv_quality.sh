#!/usr/bin/env bash
# What each KV cache type costs in quality: KL divergence of the model with that cache from the same
# model with the exact f32 cache (run -m ppl --kv TYPE --kld MODEL: the base always runs f32), on
# the held-out text in llama.cpp's protocol (-c 256 --second-half), on the bundled model and on its
# copy with outlier key channels (tools/outlier_keys.py: the same logits with an f32 cache).
#   bench/kv_quality.sh [TYPES...]      (default: every type pair below)
# Prints a markdown table; bench/results/kv-quality.md is its output.
set -euo pipefail
cd "$(dirname "$0")/.."
TYPES=${*:-"f16 q8 q8,f16 f16,q8 q8,f32 f32,q8"}
MODEL=models/brown-f16.higgs
PY=$(for p in "${HIGGS_PYTHON:-}" python3 /usr/bin/python3; do [ -n "$p" ] && "$p" -c 'import numpy' 2>/dev/null && echo "$p" && break; done || true)
[ -n "$PY" ] || { echo "kv_quality.sh: needs a Python with numpy (apt-get install python3-numpy)" >&2; exit 1; }
make -s run >&2
mkdir -p bench/cache
OUTLIERS=bench/cache/brown-f16-outliers.higgs
[ -f "$OUTLIERS" ] || "$PY" tools/outlier_keys.py "$MODEL" "$OUTLIERS" >&2
HD=$(./run "$MODEL" --info | sed -n 's/.*(head_dim \([0-9]*\)).*/\1/p')   # q8: one 32-bit scale per head of HD values
echo "# KV cache types: KL divergence from the f32 cache"
echo
echo "- CPU: $(bench/cpu_name.sh)"
echo "- models: $MODEL and $OUTLIERS (tools/outlier_keys.py: two RoPE pairs of each kv head's keys x8)"
echo "- text: data/brown-heldout.txt, -c 256 --second-half (llama.cpp's perplexity protocol)"
echo "- command: bench/kv_quality.sh $TYPES"
echo
echo "| --kv (keys,values) | bits per value (K, V; head_dim $HD) | KLD x1000 | same top token | KLD x1000, outlier keys | same top token |"
echo "|---|---|---|---|---|---|"
bits() { awk -v t="$1" -v hd="$HD" 'BEGIN { print t == "f32" ? 32 : t == "f16" ? 16 : 8 + 32 / hd }'; }
score() {   # model, kv -> "KLD ± SE|top"
  local out
  out=$(./run "$1" -m ppl -f data/brown-heldout.txt -c 256 --second-half --kv "$2" --kld "$1" -T "${THREADS:-2}" 2>/dev/null)
  echo "$(echo "$out" | sed -n 's/^kld x1000: \([0-9.]*\) +- \([0-9.]*\)/\1 ± \2/p') | $(echo "$out" | sed -n 's/^kld: [0-9.]* (same top token \([0-9.]*%\).*/\1/p')"
}
for kv in $TYPES; do
  k=${kv%%,*}; v=${kv#*,}
  echo "| $kv | $(bits "$k"), $(bits "$v") | $(score "$MODEL" "$kv") | $(score "$OUTLIERS" "$kv") |"
done
