#!/usr/bin/env bash
# LeakSanitizer on successful runs: every mode of ./run-san and ./quantize-san (make sanitize)
# must exit 0 with no leak or sanitizer report. (Error paths exit through die(), which does not
# free; tests/test_bad_input.py covers those with leak detection off.)
set -u
cd "$(dirname "$0")/.."
M=models/brown-higgs4.higgs; F=models/brown-f16.higgs
T=$(mktemp -d); trap 'rm -rf "$T"' EXIT
head -c 4000 data/brown-heldout.txt > "$T/text.txt"
echo "1 450 23 99" > "$T/ids.txt"
fails=0
check() {  # name, command...
  local name=$1; shift
  ASAN_OPTIONS=detect_leaks=1 "$@" > /dev/null 2> "$T/err" < /dev/null
  local rc=$?
  if [ $rc -eq 0 ] && ! grep -q -E 'LeakSanitizer|AddressSanitizer|runtime error' "$T/err"; then echo "PASS leaks: $name"
  else echo "FAIL leaks: $name (rc $rc)"; head -20 "$T/err"; fails=$((fails + 1)); fi
}
check "run generate" ./run-san $M -i "The jury" -n 16 -t 0.8 -s 1
check "run chat" ./run-san $M -m chat -y "Be brief." -i "Hello" -n 48
check "run ppl" ./run-san $M -m ppl -f "$T/text.txt"
check "run logits" ./run-san $F -m logits -f "$T/ids.txt" -o "$T/l.bin"
check "run tokenize/decode" ./run-san $M -m decode -f "$T/ids.txt"
check "run info/verify" ./run-san --info $M
check "run -z tokenizer.bin" ./run-san $F -z tokenizer.bin -i "The jury" -n 8
Q=tests/fuzz/seeds-model/tiny-bytelevel-qwen2.higgs   # qwen2: q/k/v biases, sliding window 4, ChatML
check "run qwen2 generate past the window" ./run-san $Q -i "the 12 then in" -n 16 -t 0.8 -s 3
check "run qwen2 chat (ChatML)" ./run-san $Q -m chat -y "Be brief." -i "hi" -n 16 -t 0
echo "264 45 23 99 200 7 8 9 10 11" > "$T/idsq.txt"
check "run qwen2 logits" ./run-san $Q -m logits -f "$T/idsq.txt" -o "$T/lq.bin" --no-batch
check "quantize higgs" ./quantize-san $F "$T/q.higgs" --method higgs --bits 3 --p 2 -T 2
check "quantize nf4 + dtype" ./quantize-san $F "$T/n.higgs" --method nf4 --dtype bf16
check "quantize info" ./quantize-san --info "$T/q.higgs"
printf 'metric kl\n' > "$T/a.alphas"
for n in $(./quantize --info $F | awk '/^model.layers.*(proj)/{print $1}'); do echo "$n 1.0" >> "$T/a.alphas"; done
check "quantize --target-bits" ./quantize-san $F "$T/dp.higgs" --target-bits 3.5 --alphas "$T/a.alphas"
exit $fails
