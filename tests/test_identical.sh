#!/usr/bin/env bash
# Two builds of run give byte-identical outputs: logits files (prompt and decode paths, 1 and 2
# threads, int8 and --no-int8), perplexity and KL divergence, seeded generation, chat and alphas,
# on the bundled models, quantized files of every kind of kernel, and synthetic Qwen2 (q/k/v
# biases) and sliding-window (Mistral, Phi-3) models.
#   tests/test_identical.sh REF_RUN [NEW_RUN]     (NEW_RUN: ./run)
#   tests/test_identical.sh --commit REV          (builds REV's run from git into a temporary folder)
# test_all.sh runs it against the commit before the engine became a library (89a384c): the engine's
# refactor changed no result. Prints PASS/FAIL lines and "N passed, M failed".
set -u
cd "$(dirname "$0")/.."
TMP=$(mktemp -d "${TMPDIR:-/tmp}/higgs-identical.XXXXXX")
trap 'rm -rf "$TMP"' EXIT
passed=0; failed=0
pass() { echo "PASS $1"; passed=$((passed + 1)); }
fail() { echo "FAIL $1"; failed=$((failed + 1)); }

if [ "${1:-}" = --commit ]; then
  rev=$2
  if ! git cat-file -e "$rev^{commit}" 2>/dev/null; then   # a shallow clone: nothing to compare against
    echo "SKIP (not counted): commit $rev is not in this clone's history"; exit 0
  fi
  mkdir -p "$TMP/ref"
  git archive "$rev" | tar -x -C "$TMP/ref"
  make -s -C "$TMP/ref" run >"$TMP/ref-build.log" 2>&1 || { cat "$TMP/ref-build.log"; fail "build of $rev"; exit 1; }
  REF=$TMP/ref/run
else
  REF=${1:?usage: tests/test_identical.sh REF_RUN [NEW_RUN] | --commit REV}
fi
NEW=${2:-./run}
# the new build runs with the exact cache the reference had (run's default cache has been q8 since
# the KV cache issue; the commits compared against predate it)
NEW_KV="--kv f32"
[ "${1:-}" = --commit ] && NEW=./run
PY=${HIGGS_PYTHON:-/usr/bin/python3}

# the models: bundled, quantized (planar rows, p=4 paired planar and 2-bit, the rotation choice),
# synthetic families
M=$TMP/models; mkdir -p "$M"
./quantize models/brown-f16.higgs "$M/default.higgs" >/dev/null 2>&1
./quantize models/brown-f16.higgs "$M/p4b3.higgs" --p 4 --bits 3 >/dev/null 2>&1
./quantize models/brown-f16.higgs "$M/p4b2.higgs" --p 4 --bits 2 >/dev/null 2>&1
./quantize models/brown-f16.higgs "$M/p2b3r16.higgs" --p 2 --bits 3 --rotations 16 >/dev/null 2>&1
./quantize models/brown288-f16.higgs "$M/b288-p2b4.higgs" --p 2 --bits 4 >/dev/null 2>&1
"$PY" - "$M" <<'EOF' || fail "synthetic models (tests/make_synthetic.py, export.py)"
import os, subprocess, sys
sys.path.insert(0, "tests")
import make_synthetic as ms
out = sys.argv[1]
tok = "models/brown-hf/tokenizer.model"
for name, kw in [("qwen2", dict(arch="qwen2", dim=64, hidden_dim=128, n_layers=2, n_heads=8, n_kv_heads=2)),
                 ("mistral_w5", dict(arch="mistral", sliding_window=5, dim=96, hidden_dim=160, n_layers=2, n_heads=6,
                                     n_kv_heads=1)),
                 ("phi3_w20", dict(arch="phi3", sliding_window=20, dim=128, hidden_dim=128, n_layers=2, n_heads=2,
                                   n_kv_heads=2))]:
    d = os.path.join(out, name)
    ms.make_checkpoint(d, vocab_size=4096, seq_len=256, tokenizer_model=tok, seed=7, **kw)
    subprocess.run([sys.executable, "export.py", "--hf", d, d + ".higgs", "--dtype", "f32"], check=True,
                   stdout=subprocess.DEVNULL)
EOF
MODELS="models/brown-f16.higgs models/brown-higgs4.higgs models/brown288-f16.higgs $M/default.higgs $M/p4b3.higgs
  $M/p4b2.higgs $M/p2b3r16.higgs $M/b288-p2b4.higgs $M/qwen2.higgs $M/mistral_w5.higgs $M/phi3_w20.higgs"

# 250 token ids: two prompt passes (128 + 122), positions past every sliding window
head -c 6000 data/brown-heldout.txt >"$TMP/text"
same() {   # name, command args (run's, after the binary)
  local name=$1; shift
  "$REF" "$@" >"$TMP/a.out" 2>"$TMP/a.err"; local ra=$?
  "$NEW" "$@" $NEW_KV >"$TMP/b.out" 2>"$TMP/b.err"; local rb=$?
  grep -a -v '^kld x1000: ' "$TMP/b.out" >"$TMP/b.cmp"   # a line 89a384c's ppl did not print
  if [ $ra -eq 0 ] && [ $rb -eq 0 ] && cmp -s "$TMP/a.out" "$TMP/b.cmp"; then pass "$name"
  else fail "$name: exit $ra/$rb, outputs differ ($(head -c 200 "$TMP/b.err" | tr '\n' ' '))"; fi
}
same_file() {   # name, output file, command args
  local name=$1 out=$2; shift 2
  "$REF" "$@" -o "$out.a" >/dev/null 2>"$TMP/a.err"; local ra=$?
  "$NEW" "$@" $NEW_KV -o "$out.b" >/dev/null 2>"$TMP/b.err"; local rb=$?
  if [ $ra -eq 0 ] && [ $rb -eq 0 ] && cmp -s "$out.a" "$out.b"; then pass "$name ($(stat -c %s "$out.b") bytes)"
  else fail "$name: exit $ra/$rb, files differ ($(head -c 200 "$TMP/b.err" | tr '\n' ' '))"; fi
  rm -f "$out.a" "$out.b"
}
for m in $MODELS; do
  [ -f "$m" ] || { fail "model $m missing"; continue; }
  b=$(basename "$m" .higgs)
  "$NEW" "$m" -m tokenize -f "$TMP/text" | tr ' ' '\n' | head -n 250 | tr '\n' ' ' >"$TMP/ids-$b"
  for opts in "-T 1" "-T 2" "-T 1 --no-batch" "-T 2 --no-batch" "-T 1 --no-int8" "-T 2 --no-int8 --no-batch" "-T 2 --no-pairs --no-batch"; do
    same_file "logits $b $opts" "$TMP/logits" "$m" -m logits -f "$TMP/ids-$b" $opts
  done
  same "generate $b -s 7 -t 0.8 -T 2" "$m" -i "The jury said" -n 60 -s 7 -t 0.8 -T 2
  same "generate $b -t 0 --no-batch -T 1" "$m" -i "The jury said" -n 40 -t 0 -T 1 --no-batch
  same "chat $b -s 3" "$m" -m chat -i "Tell me about the city." -y "You are terse." -n 120 -c 120 -s 3 -T 2
done
head -c 3000 data/brown-heldout.txt >"$TMP/ppl.txt"
same "ppl --kld default vs f16 -c 128" "$M/default.higgs" -m ppl -f "$TMP/ppl.txt" -c 128 --kld models/brown-f16.higgs -T 2
same "ppl --second-half --no-batch p4b3 -c 64" "$M/p4b3.higgs" -m ppl -f "$TMP/ppl.txt" -c 64 --second-half --no-batch -T 2
same "ppl mistral_w5 -c 200" "$M/mistral_w5.higgs" -m ppl -f "$TMP/ppl.txt" -c 200 -T 1
same_file "alphas (data-free) brown-f16 -c 32" "$TMP/alphas" models/brown-f16.higgs -m alphas -c 32 -s 5 -T 2
same_file "alphas (text) brown-f16 -c 32" "$TMP/alphas" models/brown-f16.higgs -m alphas -c 32 -f "$TMP/ppl.txt" -T 2
echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
