#!/usr/bin/env bash
# Decode and prompt speed against the depth of the conversation, per KV cache type, on the
# TinyLlama-1.1B shape (bench/tinyllama_model.sh; 22 layers, GQA 32/4, head_dim 64): a prompt of
# about DEPTH tokens of the held-out text, then 64 greedy tokens decoded from there. Types alternate
# within each round (this machine's speed drifts); each cell is the median over rounds.
#   bench/kv.sh [--config p2b4] [--threads 1] [--rounds 3] [--types "f32 f16 q8"] [--depths "0 512 1024 1765"]
# Prints a markdown table (depth in tokens, decode and prompt tok/s, decode at depth over decode at the
# shallowest depth, KV cache MB and peak resident MB).
set -euo pipefail
cd "$(dirname "$0")/.."
CONFIG=p2b4; T=1; R=3; TYPES="f32 f16 q8"; DEPTHS="0 512 1024 1765"
while [ $# -gt 0 ]; do
  case $1 in
    --config) CONFIG=$2; shift 2 ;; --threads) T=$2; shift 2 ;; --rounds) R=$2; shift 2 ;;
    --types) TYPES=$2; shift 2 ;; --depths) DEPTHS=$2; shift 2 ;;
    *) sed -n '2,8p' "$0" >&2; exit 1 ;;
  esac
done
MODEL=$(bench/tinyllama_model.sh "$CONFIG")
TMP=$(mktemp -d); trap 'rm -rf "$TMP"' EXIT
# bytes of held-out text per token of this tokenizer, to cut prompts of about DEPTH tokens
head -c 20000 data/brown-heldout.txt >"$TMP/sample"
BPT=$(awk -v n="$(./run "$MODEL" -m tokenize -f "$TMP/sample" | wc -w)" 'BEGIN { printf "%.3f", 20000 / n }')
echo "# KV cache types: speed against depth"
echo
echo "- CPU: $(bench/cpu_name.sh)"
echo "- model: $MODEL (TinyLlama-1.1B shape), $T thread(s), $R rounds, types alternating within a round"
echo "- command: bench/kv.sh --config $CONFIG --threads $T --rounds $R --types \"$TYPES\" --depths \"$DEPTHS\""
echo
echo "| --kv | depth (tokens) | decode tok/s | x decode at the first depth | prompt tok/s | KV cache MB | peak RSS MB |"
echo "|---|---|---|---|---|---|---|"
for d in $DEPTHS; do
  if [ "$d" -eq 0 ]; then printf 'The' >"$TMP/p$d"; else head -c "$(awk -v d="$d" -v b="$BPT" 'BEGIN { printf "%d", d * b }')" data/brown-heldout.txt >"$TMP/p$d"; fi
done
for r in $(seq "$R"); do
  for d in $DEPTHS; do
    for kv in $TYPES; do
      n=$(( $(./run "$MODEL" -m tokenize -f "$TMP/p$d" | wc -w) + 1 + 64 ))
      ./run "$MODEL" -i "$(cat "$TMP/p$d")" -n "$n" -t 0 -T "$T" --kv "$kv" --profile 2>"$TMP/err" >/dev/null
      dec=$(awk '/achieved tok\/s/ { print $3 }' "$TMP/err"); pr=$(awk '/^prompt:/ { print $2, $5 }' "$TMP/err")
      mem=$(sed -n 's/^memory: KV cache \([0-9.]*\) MB.*peak resident \([0-9.]*\) MB/\1 \2/p' "$TMP/err")
      echo "$kv $d $dec $pr $mem" >>"$TMP/rows"
      echo "round $r: --kv $kv depth $d: $dec tok/s, prompt $pr, memory $mem" >&2
    done
  done
done
med() { sort -g | awk '{ v[NR] = $1 } END { printf "%.2f", NR % 2 ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }
first=${DEPTHS%% *}
for kv in $TYPES; do
  base=$(awk -v k="$kv" -v d="$first" '$1 == k && $2 == d { print $3 }' "$TMP/rows" | med)
  for d in $DEPTHS; do
    dec=$(awk -v k="$kv" -v d="$d" '$1 == k && $2 == d { print $3 }' "$TMP/rows" | med)
    toks=$(awk -v k="$kv" -v d="$d" '$1 == k && $2 == d { print $4; exit }' "$TMP/rows")
    pr=$(awk -v k="$kv" -v d="$d" '$1 == k && $2 == d { print $5 }' "$TMP/rows" | med)
    kvmb=$(awk -v k="$kv" -v d="$d" '$1 == k && $2 == d { print $6; exit }' "$TMP/rows")
    rss=$(awk -v k="$kv" -v d="$d" '$1 == k && $2 == d { print $7 }' "$TMP/rows" | med)
    awk -v kv="$kv" -v d="$toks" -v dec="$dec" -v base="$base" -v pr="$pr" -v kvmb="$kvmb" -v rss="$rss" \
      'BEGIN { printf "| %s | %s | %s | %.3f | %s | %s | %s |\n", kv, d, dec, dec / base, pr, kvmb, rss }'
  done
done
