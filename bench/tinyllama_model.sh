#!/usr/bin/env bash
# Prints the path of the synthetic TinyLlama-1.1B-shaped model (dim 2048, hidden 5632, 32/4 heads,
# vocab 32000, random weights) in one config, building it in bench/cache/ when missing:
#   bench/tinyllama_model.sh [--layers N] [--ctx N] CONFIG   (--ctx: seq_len, default 2048)
# CONFIG: f16, or pPbB (quantize --p P --bits B: B bits per weight, docs/grids.md#names) with an
# optional grid letter: f (--grid free), s (--grid sym), b (--grid fast), then optionally hH
# (--hadamard H, e.g. p2b4h64) and rK (--rotations K, e.g. p2b3r16, p2b4h64r16); dp / dpb: quantize's
# default per-layer allocation (dpb with --grid fast), from the bundled model's sensitivities mapped
# onto the layers by relative depth (bench/map_alphas.py: random weights have no sensitivity pattern
# of their own).
# A cached quantized file older than quantize.c is made again (its defaults may have changed).
set -euo pipefail
cd "$(dirname "$0")/.."
LAYERS=22 CTX=2048
while [ "${1:-}" = --layers ] || [ "${1:-}" = --ctx ]; do
  if [ "$1" = --layers ]; then LAYERS=$2; else CTX=$2; fi
  shift 2
done
[ $# -eq 1 ] || { sed -n '2,4p' "$0" >&2; exit 1; }
c=$1
PY=$(for p in "${HIGGS_PYTHON:-}" python3 /usr/bin/python3; do [ -n "$p" ] && "$p" -c 'import numpy' 2>/dev/null && echo "$p" && break; done || true)
[ -n "$PY" ] || { echo "tinyllama_model.sh: needs a Python with numpy (apt-get install python3-numpy)" >&2; exit 1; }
make -s run quantize >&2
CACHE=bench/cache; mkdir -p "$CACHE"
NAME=tinyllama-shape-L$LAYERS
[ "$CTX" = 2048 ] || NAME=$NAME-ctx$CTX
if [ ! -f "$CACHE/$NAME-f16.higgs" ]; then
  echo "building the synthetic checkpoint ($LAYERS layers) ..." >&2
  "$PY" - "$CACHE/$NAME" "$LAYERS" "$CTX" <<'PYEOF'
import sys
sys.path.insert(0, "tests")
import make_synthetic as ms
out, layers, ctx = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
ms.make_checkpoint(out, dim=2048, hidden_dim=5632, n_layers=layers, n_heads=32, n_kv_heads=4, vocab_size=32000,
                   seq_len=ctx, dtype="F16", shards=4, tokenizer_model="models/brown-hf/tokenizer.model", seed=1)
PYEOF
  "$PY" export.py --hf "$CACHE/$NAME" "$CACHE/$NAME-f16.higgs" --dtype f16 >&2
  rm -rf "${CACHE:?}/$NAME"
fi
out=$CACHE/$NAME-$c.higgs
if [ "$c" != f16 ] && ! [ "$out" -nt quantize.c ]; then
  if [ "$c" = dp ] || [ "$c" = dpb ]; then
    [ -f models/brown-f16.higgs.alphas ] || ./run models/brown-f16.higgs -m alphas -o models/brown-f16.higgs.alphas >&2
    "$PY" bench/map_alphas.py models/brown-f16.higgs.alphas 8 "$LAYERS" "$CACHE/$NAME-mapped.alphas" >&2
    grid=(); [ "$c" = dp ] || grid=(--grid fast)
    ./quantize "$CACHE/$NAME-f16.higgs" "$out" --alphas "$CACHE/$NAME-mapped.alphas" "${grid[@]}" | tail -2 >&2
  else
    p=${c:1:1}; b=${c:3:1}; grid=(); rot=(); had=()
    case ${c:4:1} in f) grid=(--grid free) ;; s) grid=(--grid sym) ;; b) grid=(--grid fast) ;; esac
    case $c in *h[0-9]*) h=${c#*h}; had=(--hadamard "${h%%r*}") ;; esac
    case $c in *r[0-9]*) rot=(--rotations "${c##*r}") ;; esac
    ./quantize "$CACHE/$NAME-f16.higgs" "$out" --method higgs --p "$p" --bits "$b" "${grid[@]}" "${had[@]}" "${rot[@]}" | tail -2 >&2
  fi
fi
echo "$out"
