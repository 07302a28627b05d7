#!/usr/bin/env bash
# The HTTP server's throughput and latency against the number of concurrent streaming clients, and
# what prompt caching saves, on the TinyLlama shape (bench/tinyllama_model.sh). Loopback only; every
# load is a fixed number of requests.
#   bench/serve.sh [--config p2b4] [--threads 2] [--slots 4] [--clients "1 2 4 8"] [--tokens 64]
#                  [--rounds 3] [--llama-bin DIR]
# Prints markdown: per count of clients (all streaming --tokens tokens at once, counts alternating
# within each round, the best round's aggregate), the aggregate decode tokens/s, each client's
# decode speed and the time to first token; then the time to first token of a fresh ~100-token
# prompt against the second turn of a ~1,500-token conversation (bench/serve_client.py).
# --llama-bin DIR: a llama.cpp build's bin folder (the project never builds it): the same for
# llama-server --parallel SLOTS on the same weights as Q4_0 (made from the f16 checkpoint by its
# llama-quantize, as bench/kv.sh does).
set -euo pipefail
cd "$(dirname "$0")/.."
CONFIG=p2b4 T=2 SLOTS=4 CLIENTS="1 2 4 8" TOKENS=64 R=3 LBIN=""
while [ $# -gt 0 ]; do
  case $1 in
    --config) CONFIG=$2; shift 2 ;; --threads) T=$2; shift 2 ;; --slots) SLOTS=$2; shift 2 ;;
    --clients) CLIENTS=$2; shift 2 ;; --tokens) TOKENS=$2; shift 2 ;; --rounds) R=$2; shift 2 ;;
    --llama-bin) LBIN=$2; shift 2 ;;
    *) sed -n '2,13p' "$0" >&2; exit 1 ;;
  esac
done
MODEL=$(bench/tinyllama_model.sh "$CONFIG")
PY=$(command -v python3 || command -v /usr/bin/python3)
PORT=$((20000 + RANDOM % 20000))
LIST=$(echo "$CLIENTS" | tr ' ' ',')
SRV=""
trap '[ -n "$SRV" ] && kill "$SRV" 2>/dev/null; true' EXIT

wait_ready() {   # $1 port: /health answers 200 within 600 s
  for _ in $(seq 600); do
    curl -sf "http://127.0.0.1:$1/health" >/dev/null 2>&1 && return 0
    sleep 1
  done
  echo "serve.sh: the server on port $1 did not become ready" >&2; return 1
}

echo "# Serving: throughput and latency against concurrent clients"
echo
echo "- CPU: $(bench/cpu_name.sh)"
echo "- model: $MODEL (TinyLlama-1.1B shape), $T thread(s), $SLOTS slots, $TOKENS tokens a request, best of $R rounds"
echo "- command: bench/serve.sh --config $CONFIG --threads $T --slots $SLOTS --clients \"$CLIENTS\" --tokens $TOKENS --rounds $R${LBIN:+ --llama-bin $LBIN}"
echo
echo "## run -m serve"
echo
./run "$MODEL" -m serve --port "$PORT" --slots "$SLOTS" -T "$T" -c 2048 >/dev/null 2>&1 &
SRV=$!
wait_ready "$PORT"
"$PY" bench/serve_client.py "$PORT" clients "$LIST" --tokens "$TOKENS" --rounds "$R"
echo
"$PY" bench/serve_client.py "$PORT" cache --long-text data/brown-heldout.txt
kill "$SRV"; wait "$SRV" 2>/dev/null || true; SRV=""

if [ -n "$LBIN" ]; then
  [ -x "$LBIN/llama-server" ] || { echo "serve.sh: no $LBIN/llama-server" >&2; exit 1; }
  F16=$(bench/tinyllama_model.sh f16); GF16=${F16%-f16.higgs}-F16.gguf; GQ4=${F16%-f16.higgs}-Q4_0.gguf
  PYN=$(for p in "${HIGGS_PYTHON:-}" python3 /usr/bin/python3; do [ -n "$p" ] && "$p" -c 'import numpy' 2>/dev/null && echo "$p" && break; done || true)
  [ -f "$GF16" ] || { timeout 1800 "$PYN" bench/gguf_from_higgs.py "$F16" "$GF16.tmp" >&2 && mv "$GF16.tmp" "$GF16"; }
  [ -f "$GQ4" ] || { timeout 1800 "$LBIN/llama-quantize" "$GF16" "$GQ4.tmp" Q4_0 2 >/dev/null 2>&1 && mv "$GQ4.tmp" "$GQ4"; }
  echo
  echo "## llama-server --parallel $SLOTS ($GQ4, Q4_0 from the same f16 weights)"
  echo
  PORT=$((PORT + 1))
  "$LBIN/llama-server" -m "$GQ4" --host 127.0.0.1 --port "$PORT" --parallel "$SLOTS" -c $((2048 * SLOTS)) -t "$T" \
    --no-mmap >/dev/null 2>&1 &
  SRV=$!
  wait_ready "$PORT"
  "$PY" bench/serve_client.py "$PORT" clients "$LIST" --tokens "$TOKENS" --rounds "$R"
  echo
  "$PY" bench/serve_client.py "$PORT" cache --long-text data/brown-heldout.txt
fi
