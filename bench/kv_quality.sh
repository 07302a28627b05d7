#!/usr/bin/env bash
# What each KV cache type costs in quality: KL divergence of the model with that cache from the same
# model with the exact f32 cache (run -m ppl --kv TYPE --kld MODEL: the base always runs f32), on
# the held-out text in llama.cpp's protocol (-c 256 --second-half), on the bundled model and on its
# copy with outlier key channels (tools/outlier_keys.py: the same logits with an f32 cache).
#   bench/kv_quality.sh [--llama-bin DIR [--llama-only]] [TYPES...]      (default: every type pair below)
# Prints a markdown table; bench/results/kv-quality.md is its output.
# --llama-bin DIR: a llama.cpp build's bin folder (the project never builds it; ../shared/peers/README.md).
# A second table follows: llama-perplexity on the same two models as F16 GGUFs (bench/gguf_from_higgs.py,
# cached in bench/cache/), same text, -c 256 -b 256: first its base logits with an f32 cache
# (-ctk f32 -ctv f32, no flash attention: --kl-divergence-base), then --kl-divergence with -fa and each
# -ctk K -ctv V of $LLAMA_KV (default below; "K,V" pairs, "K,V,nofa" without -fa); its "Mean KLD" x1000 and
# "Same top p" fill the same columns. --llama-only: that table alone. Every llama.cpp call is killed after
# 900 s. About 5 minutes a llama-perplexity run on two Zen 5 cores (-b 256: one sequence per batch).
set -euo pipefail
cd "$(dirname "$0")/.."
LBIN="" LONLY="" ARGS=()
while [ $# -gt 0 ]; do
  case $1 in
    --llama-bin) LBIN=$2; shift 2 ;; --llama-only) LONLY=1; shift ;;
    -*) sed -n '6,14p' "$0" >&2; exit 1 ;;
    *) ARGS+=("$1"); shift ;;
  esac
done
[ -n "$LBIN" ] || [ -z "$LONLY" ] || { echo "kv_quality.sh: --llama-only needs --llama-bin DIR" >&2; exit 1; }
[ -z "$LBIN" ] || [ -x "$LBIN/llama-perplexity" ] || { echo "kv_quality.sh: no $LBIN/llama-perplexity" >&2; exit 1; }
TYPES=${ARGS[*]:-"f16 q8 q5 q4 q3 q8,q4 f16,q4 q4,f16 q8,f16 f16,q8 bits:6.5 bits:5.5 bits:4.75"}
LLAMA_KV=${LLAMA_KV:-"f16,f16 q8_0,q8_0 q5_0,q5_0 q8_0,q4_0 iq4_nl,iq4_nl q4_0,q4_0 q4_0,f16 q4_0,f16,nofa"}
MODEL=models/brown-f16.higgs
PY=$(for p in "${HIGGS_PYTHON:-}" python3 /usr/bin/python3; do [ -n "$p" ] && "$p" -c 'import numpy' 2>/dev/null && echo "$p" && break; done || true)
[ -n "$PY" ] || { echo "kv_quality.sh: needs a Python with numpy (apt-get install python3-numpy)" >&2; exit 1; }
[ -n "$LONLY" ] || make -s run >&2
mkdir -p bench/cache
OUTLIERS=bench/cache/brown-f16-outliers.higgs
[ -f "$OUTLIERS" ] || "$PY" tools/outlier_keys.py "$MODEL" "$OUTLIERS" >&2
HD=$(./run "$MODEL" --info | sed -n 's/.*(head_dim \([0-9]*\)).*/\1/p')   # q8: one 32-bit scale per head of HD values
echo "# KV cache types: KL divergence from the f32 cache"
echo
echo "- CPU: $(bench/cpu_name.sh)"
echo "- models: $MODEL and $OUTLIERS (tools/outlier_keys.py: two RoPE pairs of each kv head's keys x8)"
echo "- text: data/brown-heldout.txt, -c 256 --second-half (llama.cpp's perplexity protocol)"
echo "- command: bench/kv_quality.sh${LBIN:+ --llama-bin $LBIN}${LONLY:+ --llama-only}$([ -n "$LONLY" ] || echo " $TYPES")"
echo
# bits per value as src/kv_cache.h stores them: q8 an f32 scale per head; HIGGS keys two f16 per channel
# and 32 tokens, HIGGS values one f16 scale per head (key: K, value: V)
bits() { awk -v t="$1" -v hd="$HD" -v side="$2" 'BEGIN { b = substr(t, 2) + 0
  print t == "f32" ? 32 : t == "f16" ? 16 : t == "q8" ? 8 + 32 / hd : side == "K" ? b + 1 : b + 16 / hd }'; }
score() {   # model, kv -> "KLD ± SE|top"
  local out
  local kv=(--kv "$2")
  case $2 in bits:*) kv=(--kv-bits "${2#bits:}" -s 1) ;; esac   # per-layer types by the DP, measured on the model's own samples
  out=$(./run "$1" -m ppl -f data/brown-heldout.txt -c 256 --second-half "${kv[@]}" --kld "$1" -T "${THREADS:-2}" 2>/dev/null)
  echo "$(echo "$out" | sed -n 's/^kld x1000: \([0-9.]*\) +- \([0-9.]*\)/\1 ± \2/p') | $(echo "$out" | sed -n 's/^kld: [0-9.]* (same top token \([0-9.]*%\).*/\1/p')"
}
if [ -z "$LONLY" ]; then
  echo "| --kv (keys,values) | bits per value (K, V; head_dim $HD) | KLD x1000 | same top token | KLD x1000, outlier keys | same top token |"
  echo "|---|---|---|---|---|---|"
  for kv in $TYPES; do
    k=${kv%%,*}; v=${kv#*,}
    case $kv in
      bits:*) echo "| --kv-bits ${kv#bits:} (per layer) | ${kv#bits:} on average | $(score "$MODEL" "$kv") | $(score "$OUTLIERS" "$kv") |" ;;
      *) echo "| $kv | $(bits "$k" K), $(bits "$v" V) | $(score "$MODEL" "$kv") | $(score "$OUTLIERS" "$kv") |" ;;
    esac
  done
fi
[ -n "$LBIN" ] || exit 0

# llama.cpp: the same models as F16 GGUFs, its own perplexity tool and cache types
TMP=$(mktemp -d); trap 'rm -rf "$TMP"' EXIT
LP=$LBIN/llama-perplexity
FA=(-fa); HELP=$(timeout 60 "$LP" --help 2>&1 || true)
[ "$(printf '%s\n' "$HELP" | grep -c -- '--flash-attn.*on|off')" = 0 ] || FA=(-fa on)   # newer builds take a value
LVER=$(timeout 60 "$LP" --version 2>&1 | sed -n 's/^version: //p' | head -1)
PPL=(-f data/brown-heldout.txt -c 256 -b 256 -t "${THREADS:-2}")
gguf() {   # .higgs -> its F16 GGUF in bench/cache
  local g; g=bench/cache/$(basename "$1" .higgs).gguf
  [ "$g" -nt "$1" ] || { timeout 1800 "$PY" bench/gguf_from_higgs.py "$1" "$g.tmp" >&2 && mv "$g.tmp" "$g"; }
  echo "$g"
}
lrun() {   # log, args... : llama-perplexity, killed after 900 s
  local log=$1; shift
  timeout 900 "$LP" "$@" >"$log" 2>&1 || { echo "kv_quality.sh: $LP $* failed (exit $?; 124: killed after 900 s):" >&2; tail -5 "$log" >&2; exit 1; }
}
lscore() {   # tag, GGUF, K, V, nofa or "" -> "KLD ± SE|top"
  local fa=("${FA[@]}"); [ "$5" != nofa ] || fa=()
  lrun "$TMP/$1-$3-$4$5.log" -m "$2" "${PPL[@]}" --kl-divergence-base "$TMP/$1.kld" --kl-divergence -ctk "$3" -ctv "$4" "${fa[@]}"
  awk '/^Mean +KLD:/ { printf "%.3f ± %.3f | ", $3 * 1000, $5 * 1000 } /^Same top p:/ { printf "%s%%", $4 }' "$TMP/$1-$3-$4$5.log"
}
lbits() { case $1 in f32) echo 32 ;; f16|bf16) echo 16 ;; q8_0) echo 8.5 ;; q5_1) echo 6 ;; q5_0|q4_1) echo 5.5 ;; q4_0|iq4_nl) echo 4.5 ;; *) echo "?" ;; esac; }
G1=$(gguf "$MODEL"); G2=$(gguf "$OUTLIERS")
for t in 1 2; do   # base logits with the f32 cache
  g=G$t; lrun "$TMP/base$t.log" -m "${!g}" "${PPL[@]}" --kl-divergence-base "$TMP/base$t.kld" -ctk f32 -ctv f32
done
echo
echo "## llama.cpp's cache types on the same weights"
echo
echo "- llama.cpp: $LP (version $LVER), models $G1 and $G2 (bench/gguf_from_higgs.py)"
echo "- base: llama-perplexity -m GGUF ${PPL[*]} -ctk f32 -ctv f32 --kl-divergence-base BASE.kld"
echo "- each row: llama-perplexity -m GGUF ${PPL[*]} --kl-divergence-base BASE.kld --kl-divergence -ctk K -ctv V ${FA[*]}"
echo "  (a row marked nofa: without ${FA[*]}; llama.cpp needs it for a quantized V cache)"
echo "- KLD x1000: its \"Mean KLD\" (± its standard error) x1000, which it prints to 6 decimals; same top token: its \"Same top p\""
echo
echo "| -ctk,-ctv (keys,values), flash attention | bits per value (K, V) | KLD x1000 | same top token | KLD x1000, outlier keys | same top token |"
echo "|---|---|---|---|---|---|"
for kv in $LLAMA_KV; do
  IFS=, read -r k v nofa <<<"$kv"
  c1=$(lscore base1 "$G1" "$k" "$v" "$nofa"); c2=$(lscore base2 "$G2" "$k" "$v" "$nofa")
  echo "| $k,$v, $([ "$nofa" = nofa ] && echo off || echo "${FA[*]}") | $(lbits "$k"), $(lbits "$v") | $c1 | $c2 |"
done
