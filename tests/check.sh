#!/usr/bin/env bash
# Quick check of a build (`make check`): generation from the bundled model, a quantize round trip,
# perplexity against stored values and the embedding example (tests/embed_example.c). Needs only
# ./run, ./quantize, tests/embed_example (make check builds them) and the files in the repository:
# no Python, no packages, no network; under a minute (3-6 s with the AVX-512
# build, about 25 s with `make portable`, on a 2-core AMD EPYC Zen 5). Every check prints "PASS name"
# or "FAIL name: detail"; the last line is "N passed, M failed" and the exit status is non-zero on
# any failure. The full suite is ./test_all.sh.
set -u
cd "$(dirname "$0")/.."

MODEL=models/brown-higgs4.higgs     # the bundled HIGGS 4-bit model (quantize's default per-layer grids)
F16=models/brown-f16.higgs          # the same model in full precision
PROMPT="The jury said"
# One thread throughout: the results do not depend on the thread count (checked below with two), and
# one thread stays fast on a machine that other programs keep busy.
T1="-T 1"
# the exact f32 KV cache, as the stored values were measured (run's default cache is q8)
KV="--kv f32"

# Stored values. Produced on an x86-64 CPU with AVX-512 (AMD EPYC, Zen 5) by `make` (gcc 12),
# PPL_BUNDLED with the bundled file that sensitivities on the model's own samples allocated, with
#   head -n 100 data/brown-heldout.txt > slice.txt
#   ./run models/brown-higgs4.higgs -m ppl -f slice.txt -T 1                   -> PPL_BUNDLED
#   ./quantize models/brown-f16.higgs q4.higgs --bits 4 && ./run q4.higgs -m ppl -f slice.txt -T 1
#                                                                              -> PPL_ROUNDTRIP
#   ./run models/brown-higgs4.higgs -i "The jury said" -n 24 -t 0 -T 1         -> GREEDY_TEXT
# The AVX2-only (-mavx2 -mfma -mf16c) and clang builds give the same values and text; the portable
# build (`make portable`) the same text and perplexities 4e-5 (bundled) and 5e-6 (round trip)
# relative lower. The tolerance, 2e-4 relative, is far above the differences between correct
# builds and under a quarter of what 4-bit quantization adds on this text (9e-4: f16 scores 144.52).
SLICE_LINES=100
SLICE_TOKENS=8162
PPL_BUNDLED=144.636646
PPL_ROUNDTRIP=144.747575
PPL_TOL=2e-4
GREEDY_TEXT='The jury said, "I'"'"'ll be a man".
"I'"'"'m a man, I'"'"'m'

passed=0; failed=0
pass() { echo "PASS $1"; passed=$((passed + 1)); }
fail() { echo "FAIL $1"; failed=$((failed + 1)); }
finish() { echo "$passed passed, $failed failed"; [ "$failed" -eq 0 ]; exit $?; }

for f in ./run ./quantize "$MODEL" "$F16" data/brown-heldout.txt; do
  [ -e "$f" ] || { fail "missing $f (build with make; models/ and data/ come with the repository)"; finish; }
done

TMP=$(mktemp -d "${TMPDIR:-/tmp}/higgs-check.XXXXXX") || { fail "mktemp"; finish; }
trap 'rm -rf "$TMP"' EXIT
head -n "$SLICE_LINES" data/brown-heldout.txt >"$TMP/slice.txt"

# ppl_check NAME MODEL EXPECTED: "perplexity: X (N tokens)" with N = SLICE_TOKENS and X within PPL_TOL
ppl_check() {
  local out
  out=$(./run "$2" -m ppl -f "$TMP/slice.txt" $T1 $KV 2>"$TMP/ppl.err" | tail -n 1)
  if awk -v line="$out" -v want="$3" -v tol="$PPL_TOL" -v n="$SLICE_TOKENS" 'BEGIN {
       if (split(line, f, " ") < 4 || f[1] != "perplexity:" || f[3] != "(" n) exit 1
       r = (f[2] - want) / want; if (r < 0) r = -r; exit !(r <= tol) }'; then
    pass "$1: $out"
  else
    [ -n "$out" ] || out="nothing ($(tail -c 300 "$TMP/ppl.err" | tr '\n' ' '))"
    fail "$1: got $out, want perplexity $3 +- $PPL_TOL relative over $SLICE_TOKENS tokens"
  fi
}

# 1. the model loads and its checksum holds
if ./run "$MODEL" --verify >"$TMP/verify" 2>&1; then pass "run --verify $MODEL"
else fail "run --verify $MODEL: $(tail -c 300 "$TMP/verify")"; fi

# 2. greedy generation: non-empty, the stored text, the same with two threads
./run "$MODEL" -i "$PROMPT" -n 24 -t 0 $T1 $KV >"$TMP/g1" 2>"$TMP/g1.err"; rc=$?
if [ $rc -eq 0 ] && [ -s "$TMP/g1" ] && [ "$(cat "$TMP/g1")" != "$PROMPT" ]; then pass "generate -t 0: $(head -c 60 "$TMP/g1" | tr '\n' ' ')..."
else fail "generate -t 0: exit $rc, output '$(head -c 200 "$TMP/g1")' $(tail -c 300 "$TMP/g1.err")"; fi
if [ "$(cat "$TMP/g1")" = "$GREEDY_TEXT" ]; then pass "generate -t 0 gives the stored text"
else fail "generate -t 0 gives '$(cat "$TMP/g1")', stored: '$GREEDY_TEXT'"; fi
./run "$MODEL" -i "$PROMPT" -n 24 -t 0 -T 2 $KV >"$TMP/g2" 2>/dev/null
if cmp -s "$TMP/g1" "$TMP/g2"; then pass "generate -t 0: same text with -T 2"
else fail "generate -t 0: -T 2 gives '$(cat "$TMP/g2")', -T 1 '$(cat "$TMP/g1")'"; fi

# 3. sampling with a seed is repeatable and stays within -n
./run "$MODEL" -i "$PROMPT" -n 40 -t 0.8 -s 42 $T1 >"$TMP/s1" 2>/dev/null
./run "$MODEL" -i "$PROMPT" -n 40 -t 0.8 -s 42 $T1 >"$TMP/s2" 2>/dev/null
ntok=$(./run "$MODEL" -m tokenize -f "$TMP/s1" $T1 2>/dev/null | wc -w)
if [ -s "$TMP/s1" ] && cmp -s "$TMP/s1" "$TMP/s2" && [ "$ntok" -ge 5 ] && [ "$ntok" -le 60 ]; then
  pass "generate -t 0.8 -s 42: repeatable, $ntok tokens with the prompt (-n 40)"
else
  fail "generate -t 0.8 -s 42: runs differ, empty or $ntok tokens for -n 40 (want at most about 40)"
fi

# 4. perplexity of the bundled model against the stored value
ppl_check "perplexity of $MODEL" "$MODEL" "$PPL_BUNDLED"

# 5. quantize round trip: f16 -> uniform HIGGS 4-bit (no sensitivities needed), then load, generate, score
Q="$TMP/brown-q4.higgs"
if ./quantize "$F16" "$Q" --bits 4 $T1 >"$TMP/q.log" 2>&1 && [ -s "$Q" ]; then
  pass "quantize $F16 --bits 4 ($(wc -c <"$Q") bytes)"
  if ./run "$Q" --verify >/dev/null 2>&1; then pass "run --verify on the quantized file"
  else fail "run --verify on the quantized file"; fi
  if ./quantize --info "$Q" >"$TMP/info" 2>&1 && grep -qi higgs "$TMP/info"; then pass "quantize --info on the quantized file"
  else fail "quantize --info on the quantized file: $(tail -c 300 "$TMP/info")"; fi
  out=$(./run "$Q" -i "$PROMPT" -n 24 -t 0 $T1 2>/dev/null)
  if [ -n "$out" ] && [ "$out" != "$PROMPT" ]; then pass "generate from the quantized file"
  else fail "generate from the quantized file: '$out'"; fi
  ppl_check "perplexity of the quantized file" "$Q" "$PPL_ROUNDTRIP"
else
  fail "quantize $F16 --bits 4: $(tail -c 500 "$TMP/q.log")"
fi

# 6. the library embedded (tests/embed_example.c): two conversations taking turns on one model, each
# reply the same as run -m chat's for its system prompt and message at temperature 0
# (the library's default cache is f32, run's q8: $KV pins run to f32)
if [ -x tests/embed_example ]; then
  if tests/embed_example "$MODEL" >"$TMP/embed" 2>"$TMP/embed.err"; then
    { ./run "$MODEL" -m chat -y "You are terse." -i "Tell me about the jury." -t 0 $T1 $KV 2>/dev/null | sed '1s/^Assistant: /A: /'
      ./run "$MODEL" -m chat -y "" -i "What did the committee say about the city?" -t 0 $T1 $KV 2>/dev/null | sed '1s/^Assistant: /B: /'
    } >"$TMP/embed.want"
    if [ -s "$TMP/embed" ] && cmp -s "$TMP/embed" "$TMP/embed.want"; then pass "embed_example: two interleaved conversations = run -m chat's replies"
    else fail "embed_example: '$(head -c 200 "$TMP/embed")' differs from run -m chat: '$(head -c 200 "$TMP/embed.want")'"; fi
  else fail "embed_example: $(tail -c 300 "$TMP/embed.err")"; fi
else
  fail "tests/embed_example missing (make check builds it)"
fi

finish
