#!/usr/bin/env bash
# Runs every test of higgs.c: C kernel tests (native SIMD, AVX2 and scalar
# builds), then the Python suites in tests/ against ./run, ./quantize and
# their ASan+UBSan builds. Each suite prints PASS/FAIL lines; the last line
# here is "N passed, M failed" and the exit code is non-zero on any failure.
set -u
cd "$(dirname "$0")"

# a Python that has numpy (the first python3 on PATH may be a pyenv build without it)
PY=""
for cand in "${HIGGS_PYTHON:-}" python3 /usr/bin/python3 /usr/local/bin/python3; do
  [ -n "$cand" ] || continue
  if command -v "$cand" >/dev/null 2>&1 && "$cand" -c "import numpy" >/dev/null 2>&1; then PY="$cand"; break; fi
done
if [ -z "$PY" ]; then
  echo "test_all.sh: no Python with numpy found; install python3-numpy (apt-get install python3-numpy) or set HIGGS_PYTHON" >&2
  exit 1
fi
export HIGGS_PYTHON="$PY"

LOG=$(mktemp -d)
trap 'rm -rf "$LOG"' EXIT
passed=0; failed=0

run_suite() {   # name, command...
  local name=$1; shift
  echo "== $name"
  "$@" > "$LOG/out" 2>&1
  local rc=$?
  cat "$LOG/out"
  local p f
  p=$(grep -c '^PASS ' "$LOG/out"); f=$(grep -c '^FAIL ' "$LOG/out")
  passed=$((passed + p)); failed=$((failed + f))
  if [ $rc -ne 0 ] && [ "$f" -eq 0 ]; then
    echo "FAIL $name exited with code $rc"; failed=$((failed + 1))
  fi
}

echo "== build"
if ! make -s all sanitize >"$LOG/build" 2>&1 || grep -q 'warning' "$LOG/build"; then
  cat "$LOG/build"; echo "FAIL build (errors or warnings)"; failed=$((failed + 1))
  echo "$passed passed, $failed failed"; exit 1
fi
echo "PASS build without warnings"; passed=$((passed + 1))

CFLAGS_T="-O2 -std=c11 -D_GNU_SOURCE -Wall -Wextra -Werror"
build_kernels() {  # output, extra flags
  ${CC:-cc} $CFLAGS_T "${@:2}" -o "$1" tests/test_kernels.c -lm -lpthread
}
build_kernels tests/test_kernels -march=native && run_suite "kernels (native)" ./tests/test_kernels
if grep -q avx2 /proc/cpuinfo 2>/dev/null; then
  build_kernels tests/test_kernels_avx2 -mavx2 -mfma -mf16c && run_suite "kernels (avx2)" ./tests/test_kernels_avx2
fi
build_kernels tests/test_kernels_scalar && run_suite "kernels (scalar)" ./tests/test_kernels_scalar
${CC:-cc} $CFLAGS_T -o tests/test_alloc tests/test_alloc.c -lm -lpthread && run_suite "bit allocation" ./tests/test_alloc

for t in tests/test_export_unit.py tests/test_grids.py tests/test_forward.py tests/test_quant.py tests/test_tokenizer.py tests/test_bad_input.py tests/test_safety.py tests/test_model.py; do
  [ -f "$t" ] || { echo "FAIL missing $t"; failed=$((failed + 1)); continue; }
  run_suite "$t" "$PY" "$t"
done

echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
