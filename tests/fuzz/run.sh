#!/usr/bin/env bash
# Builds the libFuzzer harnesses (clang, ASan+UBSan) and fuzzes each for SECONDS (default 30),
# starting from the committed seeds (copied, so the seeds stay as they are). Prints PASS/FAIL
# per harness; a crash leaves its input in tests/fuzz/crashes/ for a regression test.
#   tests/fuzz/run.sh [SECONDS]
set -u
cd "$(dirname "$0")/../.."
SECONDS_EACH=${1:-30}
if ! command -v clang >/dev/null; then echo "FAIL fuzz: clang missing (apt-get install clang)"; exit 1; fi
WORK=$(mktemp -d)
trap 'rm -rf "$WORK"' EXIT
mkdir -p tests/fuzz/crashes
fails=0
# leak detection on everywhere: the reader, the tokenizer and the engine free what they allocated on errors
TARGETS="1:model:200000:1 2:text:8192:1 3:tokenizer:20000:1 4:json:65536:1 5:http:8192:1"
# the builds side by side (three compile the whole engine under the sanitizers, minutes each on one
# core), then each harness fuzzed alone
for target in $TARGETS; do
  IFS=: read -r id name maxlen leaks <<< "$target"
  ( clang -g -O1 -fsanitize=fuzzer,address,undefined -fno-sanitize-recover=undefined \
      -DFUZZ_TARGET="$id" -D_GNU_SOURCE -std=c11 -Wall -Wextra -Wno-unused-function -march=native \
      -o "$WORK/fuzz-$name" tests/fuzz/fuzz_run.c -lm -lpthread > "$WORK/build-$name.log" 2>&1
    echo $? > "$WORK/build-$name.rc" ) &
done
wait
for target in $TARGETS; do
  IFS=: read -r id name maxlen leaks <<< "$target"
  bin=$WORK/fuzz-$name
  if [ "$(cat "$WORK/build-$name.rc" 2>/dev/null)" != 0 ]; then
    cat "$WORK/build-$name.log"; echo "FAIL fuzz $name: build"; fails=$((fails + 1)); continue
  fi
  mkdir -p "$WORK/corpus-$name"; cp tests/fuzz/seeds-"$name"/* "$WORK/corpus-$name"/
  ASAN_OPTIONS=detect_leaks=$leaks "$bin" "$WORK/corpus-$name" -max_total_time="$SECONDS_EACH" -max_len="$maxlen" \
      -artifact_prefix=tests/fuzz/crashes/"$name"- -print_final_stats=1 > "$WORK/$name.log" 2>&1
  rc=$?
  execs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$WORK/$name.log")
  if [ $rc -eq 0 ]; then echo "PASS fuzz $name (${execs:-?} executions in ${SECONDS_EACH}s, no crash)"
  else tail -30 "$WORK/$name.log"; echo "FAIL fuzz $name: crash, input saved under tests/fuzz/crashes/"; fails=$((fails + 1)); fi
done
exit $fails
