#!/usr/bin/env bash
# Decode and prompt speed against the depth of the conversation, per KV cache type, on the
# TinyLlama-1.1B shape (bench/tinyllama_model.sh; 22 layers, GQA 32/4, head_dim 64): a prompt of
# about DEPTH tokens of the held-out text, then 64 greedy tokens decoded from there. Types alternate
# within each round (this machine's speed drifts); each cell is the median over rounds.
#   bench/kv.sh [--config p2b4] [--threads 1] [--rounds 3] [--types "f32 f16 q8"] [--depths "0 512 1024 1765"]
#       [--ctx 2048] [--llama-bin DIR [--llama-types "f16 q8_0 q4_0"]]
# --ctx N: the model with an N-token context (bench/tinyllama_model.sh --ctx: same shape and weights)
# Prints a markdown table (depth in tokens, decode and prompt tok/s, decode at depth over decode at the
# shallowest depth, KV cache MB and peak resident MB). Without --llama-bin a type's depths run back to
# back and its ratio is the median of each round's own ratio.
# --llama-bin DIR: a llama.cpp build's bin folder (the project never builds it; ../shared/peers/README.md).
# Adds rows of llama-batched-bench on the same shape and weights (the f16 model as an F16 GGUF by
# bench/gguf_from_higgs.py, then llama-quantize to Q4_0; both cached in bench/cache/) with -fa and
# -ctk/-ctv TYPE for each of --llama-types, -npp the prompt length ./run gets at each depth, -ntg 64,
# -npl 1, -c npp+64, --no-mmap; in every round each depth's llama.cpp rows follow ./run's. Its
# prompts are synthetic (token id 0 repeated), not the held-out text; every call is killed after 900 s.
set -euo pipefail
cd "$(dirname "$0")/.."
CONFIG=p2b4; T=1; R=3; TYPES="f32 f16 q8 q4"; DEPTHS="0 512 1024 1765"; LBIN=""; LTYPES="f16 q8_0 q4_0"; CTX=2048
while [ $# -gt 0 ]; do
  case $1 in
    --config) CONFIG=$2; shift 2 ;; --threads) T=$2; shift 2 ;; --rounds) R=$2; shift 2 ;;
    --types) TYPES=$2; shift 2 ;; --depths) DEPTHS=$2; shift 2 ;;
    --llama-bin) LBIN=$2; shift 2 ;; --llama-types) LTYPES=$2; shift 2 ;; --ctx) CTX=$2; shift 2 ;;
    *) sed -n '2,9p' "$0" >&2; exit 1 ;;
  esac
done
MODEL=$(bench/tinyllama_model.sh --ctx "$CTX" "$CONFIG")
ALL=$TYPES
if [ -n "$LBIN" ]; then
  for b in llama-batched-bench llama-quantize; do [ -x "$LBIN/$b" ] || { echo "kv.sh: no $LBIN/$b" >&2; exit 1; }; done
  PY=$(for p in "${HIGGS_PYTHON:-}" python3 /usr/bin/python3; do [ -n "$p" ] && "$p" -c 'import numpy' 2>/dev/null && echo "$p" && break; done || true)
  [ -n "$PY" ] || { echo "kv.sh: needs a Python with numpy (apt-get install python3-numpy)" >&2; exit 1; }
  F16=$(bench/tinyllama_model.sh f16); GF16=${F16%-f16.higgs}-F16.gguf; GQ4=${F16%-f16.higgs}-Q4_0.gguf
  [ -f "$GF16" ] || { timeout 1800 "$PY" bench/gguf_from_higgs.py "$F16" "$GF16.tmp" >&2 && mv "$GF16.tmp" "$GF16"; }
  [ -f "$GQ4" ] || { timeout 1800 "$LBIN/llama-quantize" "$GF16" "$GQ4.tmp" Q4_0 2 >/dev/null 2>&1 && mv "$GQ4.tmp" "$GQ4"; } ||
    { echo "kv.sh: $LBIN/llama-quantize could not make $GQ4" >&2; exit 1; }
  FA=(-fa); HELP=$(timeout 60 "$LBIN/llama-batched-bench" --help 2>&1 || true)
  [ "$(printf '%s\n' "$HELP" | grep -c -- '--flash-attn.*on|off')" = 0 ] || FA=(-fa on)   # newer builds take a value
  LVER=$(timeout 60 "$LBIN/llama-batched-bench" --version 2>&1 | sed -n 's/^version: //p' | head -1)
  for lt in $LTYPES; do ALL="$ALL llama:$lt"; done
fi
TMP=$(mktemp -d); trap 'rm -rf "$TMP"' EXIT
# bytes of held-out text per token of this tokenizer, to cut prompts of about DEPTH tokens
head -c 20000 data/brown-heldout.txt >"$TMP/sample"
BPT=$(awk -v n="$(./run "$MODEL" -m tokenize -f "$TMP/sample" | wc -w)" 'BEGIN { printf "%.3f", 20000 / n }')
echo "# KV cache types: speed against depth"
echo
echo "- CPU: $(bench/cpu_name.sh)"
echo "- model: $MODEL (TinyLlama-1.1B shape), $T thread(s), $R rounds, types alternating within a round"
echo "- command: bench/kv.sh --config $CONFIG --ctx $CTX --threads $T --rounds $R --types \"$TYPES\" --depths \"$DEPTHS\"${LBIN:+ --llama-bin $LBIN --llama-types \"$LTYPES\"}"
if [ -n "$LBIN" ]; then
  echo "- llama.cpp rows: $LBIN/llama-batched-bench (version $LVER) on $GQ4 (Q4_0, by llama-quantize"
  echo "  from the same f16 weights): ${FA[*]} -ctk TYPE -ctv TYPE -npp N -ntg 64 -npl 1 -c N+64 -t $T --no-mmap, N the"
  echo "  length of ./run's prompt at that depth. Its prompts are synthetic (N copies of token 0), not the held-out"
  echo "  text. KV cache MB as it reports it (MiB x 1.048576; with -fa it pads the context to 256 positions); peak"
  echo "  RSS by /usr/bin/time."
fi
echo
echo "| --kv | depth (tokens) | decode tok/s | x decode at the first depth | prompt tok/s | KV cache MB | peak RSS MB |"
echo "|---|---|---|---|---|---|---|"
for d in $DEPTHS; do
  if [ "$d" -eq 0 ]; then printf 'The' >"$TMP/p$d"; else head -c "$(awk -v d="$d" -v b="$BPT" 'BEGIN { printf "%d", d * b }')" data/brown-heldout.txt >"$TMP/p$d"; fi
done
run_llama() {   # llama-batched-bench at depth $2 in round $1, each type of --llama-types
  local r=$1 d=$2 npp lt rc dec pr kvmb rss
  npp=$(( $(./run "$MODEL" -m tokenize -f "$TMP/p$d" </dev/null | wc -w) + 1 ))   # the prompt ./run gets: its ids and BOS
  for lt in $LTYPES; do
    rc=0
    if [ -x /usr/bin/time ]; then tm=(/usr/bin/time -f 'maxrss %M' -o "$TMP/time"); else tm=(); echo "maxrss -" >"$TMP/time"; fi
    "${tm[@]}" timeout 900 "$LBIN/llama-batched-bench" -m "$GQ4" "${FA[@]}" -ctk "$lt" -ctv "$lt" -npp "$npp" -ntg 64 -npl 1 \
      -c $((npp + 64)) -t "$T" --no-mmap --output-format jsonl </dev/null >"$TMP/lout" 2>"$TMP/lerr" || rc=$?
    [ "$rc" = 0 ] || { echo "kv.sh: llama-batched-bench -ctk $lt failed at depth $d (exit $rc; 124: killed after 900 s):" >&2; tail -5 "$TMP/lerr" >&2; exit 1; }
    # jsonl goes to stdout or stderr depending on the build's log settings: read both
    read -r dec pr <<<"$(cat "$TMP/lout" "$TMP/lerr" | sed -n 's/.*"speed_pp": *\([0-9.]*\).*"speed_tg": *\([0-9.]*\).*/\2 \1/p' | tail -1)"
    kvmb=$(cat "$TMP/lout" "$TMP/lerr" | sed -n 's/.*KV self size *= *\([0-9.]*\) MiB.*/\1/p' | tail -1 | awk '{ printf "%.1f", $1 * 1.048576 }')
    rss=$(awk '/maxrss/ { print $2 == "-" ? "-" : $2 / 1024 * 1.048576 }' "$TMP/time")
    [ -n "$dec" ] || { echo "kv.sh: no timings from llama-batched-bench -ctk $lt at depth $d" >&2; exit 1; }
    echo "llama:$lt $d $dec $npp $pr $kvmb $rss $r" >>"$TMP/rows"
    echo "round $r: llama.cpp -ctk/-ctv $lt depth $d: $dec tok/s, prompt $npp tokens at $pr tok/s, KV $kvmb MB, peak RSS $rss MB" >&2
  done
}
# Without llama.cpp rows each type's depths run back to back (this machine drifts within minutes), and
# a type's ratio column is the median over rounds of the ratio within each round; with them each
# depth's llama.cpp rows follow ./run's at that depth, and the ratio is of the medians.
if [ -n "$LBIN" ]; then ORDER=$(for d in $DEPTHS; do for kv in $TYPES; do echo "$d $kv"; done; echo "$d -"; done)
else ORDER=$(for kv in $TYPES; do for d in $DEPTHS; do echo "$d $kv"; done; done); fi
for r in $(seq "$R"); do
  while read -r d kv; do
    if [ "$kv" = - ]; then run_llama "$r" "$d"; continue; fi
    n=$(( $(./run "$MODEL" -m tokenize -f "$TMP/p$d" </dev/null | wc -w) + 1 + 64 ))
    ./run "$MODEL" -i "$(cat "$TMP/p$d")" -n "$n" -t 0 -T "$T" --kv "$kv" --profile </dev/null 2>"$TMP/err" >/dev/null
    dec=$(awk '/achieved tok\/s/ { print $3 }' "$TMP/err"); pr=$(awk '/^prompt:/ { print $2, $5 }' "$TMP/err")
    mem=$(sed -n 's/^memory: KV cache \([0-9.]*\) MB.*peak resident \([0-9.]*\) MB/\1 \2/p' "$TMP/err")
    echo "$kv $d $dec $pr $mem $r" >>"$TMP/rows"
    echo "round $r: --kv $kv depth $d: $dec tok/s, prompt $pr, memory $mem" >&2
  done <<<"$ORDER"
done
med() { { grep -E '^[0-9.]+$' || true; } | sort -g | awk -v f="${1:-%.2f}" '{ v[NR] = $1 } END { if (!NR) printf "-"; else printf f, NR % 2 ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }
first=${DEPTHS%% *}
for kv in $ALL; do
  base=$(awk -v k="$kv" -v d="$first" '$1 == k && $2 == d { print $3 }' "$TMP/rows" | med)
  for d in $DEPTHS; do
    dec=$(awk -v k="$kv" -v d="$d" '$1 == k && $2 == d { print $3 }' "$TMP/rows" | med)
    toks=$(awk -v k="$kv" -v d="$d" '$1 == k && $2 == d { print $4; exit }' "$TMP/rows")
    pr=$(awk -v k="$kv" -v d="$d" '$1 == k && $2 == d { print $5 }' "$TMP/rows" | med)
    kvmb=$(awk -v k="$kv" -v d="$d" '$1 == k && $2 == d { print $6; exit }' "$TMP/rows")
    rss=$(awk -v k="$kv" -v d="$d" '$1 == k && $2 == d { print $7 }' "$TMP/rows" | med)
    ratio=$(awk -v d="$dec" -v b="$base" 'BEGIN { printf "%.3f", d / b }')
    [ -n "$LBIN" ] || ratio=$(awk -v k="$kv" -v d="$d" -v f="$first" '$1 == k && $2 == f { b[$8] = $3 }
      $1 == k && $2 == d { x[$8] = $3 } END { for (r in x) if (b[r] > 0) print x[r] / b[r] }' "$TMP/rows" | med "%.3f")
    label=$kv; [ "${kv#llama:}" = "$kv" ] || label="llama.cpp Q4_0, -fa -ctk/-ctv ${kv#llama:}"
    echo "| $label | $toks | $dec | $ratio | $pr | $kvmb | $rss |"
  done
done
