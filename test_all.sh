#!/usr/bin/env bash
# Runs every test of higgs.c: C kernel tests (native SIMD, AVX2 and scalar
# builds), then the Python suites in tests/ against ./run, ./quantize and
# their ASan+UBSan builds. Each suite prints PASS/FAIL lines; the last line
# here is "N passed, M failed" and the exit code is non-zero on any failure.
set -u
cd "$(dirname "$0")"

# What the tests need from Debian: compilers (gcc, clang with its fuzzer and sanitizer runtimes),
# numpy and sentencepiece for the Python references, the aarch64 / armhf cross toolchains with
# qemu-user, SIMDe (portable AVX-512 intrinsics) for the emulated AVX-512 kernel tests, and curl as
# one of the server's clients. Missing
# ones are installed when running as root (a fresh machine or CI); otherwise one line says which apt
# command installs them.
DEB_PACKAGES="build-essential clang libclang-rt-dev python3-numpy python3-sentencepiece gcc-aarch64-linux-gnu libc6-dev-arm64-cross
  qemu-user gcc-arm-linux-gnueabihf libc6-dev-armhf-cross libsimde-dev curl"
if command -v dpkg >/dev/null 2>&1 && [ -z "${HIGGS_NO_INSTALL:-}" ]; then
  missing=""
  for pkg in $DEB_PACKAGES; do dpkg -s "$pkg" >/dev/null 2>&1 || missing="$missing $pkg"; done
  if [ -n "$missing" ]; then
    if [ "$(id -u)" = 0 ]; then
      echo "test_all.sh: installing$missing"
      export DEBIAN_FRONTEND=noninteractive
      if ! { apt-get update -qq && apt-get install -y -qq --no-install-recommends $missing >/dev/null; }; then
        echo "test_all.sh: apt-get could not install$missing" >&2; exit 1
      fi
    else
      echo "test_all.sh: missing Debian packages; install them with: sudo apt-get install$missing" >&2; exit 1
    fi
  fi
fi

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
  local t0=$SECONDS
  "$@" > "$LOG/out" 2>&1
  local rc=$?
  cat "$LOG/out"
  echo "($name: $((SECONDS - t0)) s)"
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
if grep -qw avx_vnni /proc/cpuinfo 2>/dev/null; then   # AVX2 + AVX-VNNI (Alder Lake and later, Zen 5): vpdpbusd
  build_kernels tests/test_kernels_avxvnni -mavx2 -mfma -mf16c -mavxvnni && run_suite "kernels (avx2 + avx-vnni)" ./tests/test_kernels_avxvnni
fi
build_kernels tests/test_kernels_scalar && run_suite "kernels (scalar)" ./tests/test_kernels_scalar
# attention over every KV cache type pair against its scalar definition, on the same builds
for variant in "native:-march=native" "avx2:-mavx2 -mfma -mf16c" "scalar:"; do
  IFS=: read -r vname vflags <<< "$variant"
  [ "$vname" = avx2 ] && ! grep -q avx2 /proc/cpuinfo 2>/dev/null && continue
  ${CC:-cc} $CFLAGS_T $vflags -o tests/test_attention_$vname tests/test_attention.c -lm -lpthread &&
    run_suite "attention ($vname)" ./tests/test_attention_$vname
done
# the AVX-512 VNNI kernels on a host without them: SIMDe's portable intrinsics (tests/emu_avx512.h;
# -O1 because SIMDe's headers take a minute at -O2), checked against the same scalar definitions
if [ "$(uname -m)" = x86_64 ] && grep -q avx2 /proc/cpuinfo 2>/dev/null &&
   ! { grep -qw avx512_vnni /proc/cpuinfo && grep -qw avx512vbmi /proc/cpuinfo; } 2>/dev/null; then
  EMU="-O1 -std=c11 -D_GNU_SOURCE -Wall -Wextra -Werror -Wno-psabi -mavx2 -mfma -mf16c -include tests/emu_avx512.h"
  for level in 3 1; do   # 3: + VBMI + VNNI (Ice Lake, Zen 4); 1: F, BW, VL, DQ (Skylake-X: AVX2 int8 kernels)
    if ${CC:-cc} $EMU -DHG_EMU_AVX512_LEVEL=$level -o tests/test_kernels_emu512 tests/test_kernels.c -lm -lpthread; then
      run_suite "kernels (avx-512 level $level, emulated)" ./tests/test_kernels_emu512
      grep -q '^kernels: avx512$' "$LOG/out" || { echo "FAIL emulated AVX-512 build did not use the AVX-512 kernels"; failed=$((failed + 1)); }
    else
      echo "FAIL emulated AVX-512 (level $level) build of tests/test_kernels.c"; failed=$((failed + 1))
    fi
  done
  ${CC:-cc} $EMU -o tests/test_attention_emu512 tests/test_attention.c -lm -lpthread &&
    run_suite "attention (avx-512, emulated)" ./tests/test_attention_emu512
  ${CC:-cc} $EMU -o tests/test_tables_emu512 tests/test_tables.c -lm -lpthread &&
    run_suite "kernel tables (avx-512 vnni, emulated)" ./tests/test_tables_emu512
  EMU512_RUN="$LOG/run-emu512"   # ./run of that build, checked against the native one below
  ${CC:-cc} $EMU -o "$EMU512_RUN" run.c -lm -lpthread || { echo "FAIL emulated AVX-512 build of run.c"; failed=$((failed + 1)); }
fi
# x86 feature subsets a user may build for (-march of an older CPU, or flags copied from elsewhere):
# run.c and quantize.c must compile without warnings with each
if [ "$(uname -m)" = x86_64 ]; then
  for flags in "-mavx2 -mfma" "-mavx2 -mfma -mf16c" "-mavx2 -mfma -mf16c -mavxvnni" "-mavx512f -mavx512bw" "-mavx512f -mavx512bw -mavx512vbmi"; do
    if ${CC:-cc} $CFLAGS_T $flags -c -o /dev/null run.c >"$LOG/subset" 2>&1 &&
       ${CC:-cc} $CFLAGS_T $flags -c -o /dev/null quantize.c >>"$LOG/subset" 2>&1; then
      echo "PASS build with $flags"; passed=$((passed + 1))
    else
      cat "$LOG/subset"; echo "FAIL build with $flags"; failed=$((failed + 1))
    fi
  done
fi
# clang (the other supported compiler): warning-free build of run and quantize, and the native
# kernel tests, whose bit-for-bit checks catch a compiler that fuses multiply-adds on its own
if command -v clang >/dev/null 2>&1; then
  CL="$LOG/clang"; mkdir -p "$CL"; cp -r Makefile run.c quantize.c higgs.h src tools "$CL"/
  if make -s -C "$CL" -j2 CC=clang run quantize >"$CL/build" 2>&1 && ! grep -q warning "$CL/build"; then
    echo "PASS clang build without warnings"; passed=$((passed + 1))
  else
    cat "$CL/build"; echo "FAIL clang build (make CC=clang: errors or warnings)"; failed=$((failed + 1))
  fi
  clang $CFLAGS_T -march=native -o tests/test_kernels_clang tests/test_kernels.c -lm -lpthread &&
    run_suite "kernels (clang, native)" ./tests/test_kernels_clang
else
  echo "FAIL clang missing (install clang)"; failed=$((failed + 1))
fi
${CC:-cc} $CFLAGS_T -o tests/test_alloc tests/test_alloc.c -lm -lpthread && run_suite "bit allocation" ./tests/test_alloc
${CC:-cc} $CFLAGS_T -o tests/test_sampler tests/test_sampler.c -lm -lpthread && run_suite "sampler (top-p)" ./tests/test_sampler
${CC:-cc} $CFLAGS_T -o tests/test_pool tests/test_pool.c -lm -lpthread && run_suite "thread pool" ./tests/test_pool
# the server's JSON reader and writer: its own checks, then against Python's json module
${CC:-cc} $CFLAGS_T -o tests/test_json tests/test_json.c && run_suite "json (src/json.h)" ./tests/test_json &&
  run_suite "json against Python's json" "$PY" tests/test_json.py
${CC:-cc} $CFLAGS_T -o tests/test_http tests/test_http.c && run_suite "http request heads (src/http.h)" ./tests/test_http
# the engine's contract (errors, allocation failures, sessions in two threads), plain and under
# ASan+UBSan and ThreadSanitizer; timeout: a pool that took two jobs at once would hang, not fail
${CC:-cc} $CFLAGS_T -march=native -o tests/test_engine tests/test_engine.c -lm -lpthread &&
  run_suite "engine" timeout 300 ./tests/test_engine
SAN_T="-O1 -g -std=c11 -D_GNU_SOURCE -Wall -Wextra -Werror -march=native -fno-omit-frame-pointer"
${CC:-cc} $SAN_T -fsanitize=address,undefined -fno-sanitize-recover=all -o tests/test_engine_asan tests/test_engine.c -lm -lpthread &&
  run_suite "engine (asan+ubsan)" timeout 300 ./tests/test_engine_asan
${CC:-cc} $SAN_T -fsanitize=thread -o tests/test_engine_tsan tests/test_engine.c -lm -lpthread &&
  run_suite "engine (tsan)" env TSAN_OPTIONS=halt_on_error=1 timeout 600 ./tests/test_engine_tsan
run_suite "no writable globals in the library" tests/test_globals.sh
# the engine's refactor into a library changed no output: byte-identical to the last commit before it
run_suite "outputs identical to 89a384c" tests/test_identical.sh --commit 89a384c
# `make check`: the quick suite, with the embedding example
run_suite "make check (with the embedding example)" make -s check
${CC:-cc} $CFLAGS_T -march=native -o tests/test_tables tests/test_tables.c -lm -lpthread && run_suite "kernel tables" ./tests/test_tables

# Other builds of ./run against the native one, on the bundled models and quantized files that take
# every kind of kernel: the same tokens, perplexity within 1e-4 relative (the int8 products are
# bit-identical across builds; attention and the float paths round differently per instruction set).
CHECK_MODELS="$LOG/check-models"
make_check_models() {   # once: the default file (planar rows), p=4 3-bit (paired planar) and 2-bit (a bit
  [ -d "$CHECK_MODELS" ] && return   # stream), and the rotation choice (each block reads its copy)
  mkdir -p "$CHECK_MODELS"
  ./quantize models/brown-f16.higgs "$CHECK_MODELS/brown-default.higgs" >/dev/null 2>&1
  ./quantize models/brown-f16.higgs "$CHECK_MODELS/brown-p4b3.higgs" --p 4 --bits 3 >/dev/null 2>&1
  ./quantize models/brown-f16.higgs "$CHECK_MODELS/brown-p4b2.higgs" --p 4 --bits 2 >/dev/null 2>&1
  ./quantize models/brown-f16.higgs "$CHECK_MODELS/brown-p2b3r16.higgs" --p 2 --bits 3 --rotations 16 >/dev/null 2>&1
  ./quantize models/brown-f16.higgs "$CHECK_MODELS/brown-p4b3r4.higgs" --p 4 --bits 3 --rotations 4 >/dev/null 2>&1
}
same_as_native() {   # label, ppl text bytes, run command (a binary, or a runner and its binary)
  local label=$1 bytes=$2; shift 2
  local text="$LOG/heldout" tok_n tok_a m pn pa
  make_check_models
  head -c 20000 data/brown-heldout.txt >"$text.tok"
  head -c "$bytes" data/brown-heldout.txt >"$text.ppl"
  for m in models/brown-f16.higgs models/brown-higgs4.higgs "$CHECK_MODELS"/brown-default.higgs "$CHECK_MODELS"/brown-p4b3.higgs \
           "$CHECK_MODELS"/brown-p4b2.higgs "$CHECK_MODELS"/brown-p2b3r16.higgs "$CHECK_MODELS"/brown-p4b3r4.higgs; do
    [ -f "$m" ] || { echo "FAIL $label ppl $m: model missing"; continue; }
    tok_n=$(./run "$m" -m tokenize -f "$text.tok" 2>&1); tok_a=$("$@" "$m" -m tokenize -f "$text.tok" 2>&1)
    if [ -n "$tok_n" ] && [ "$tok_n" = "$tok_a" ]; then echo "PASS $label tokenize $m"
    else echo "FAIL $label tokenize $m: output differs from native ./run"; fi
    pn=$(./run "$m" -m ppl -f "$text.ppl" -T 2 2>/dev/null | tail -n 1)
    pa=$("$@" "$m" -m ppl -f "$text.ppl" -T 2 2>/dev/null | tail -n 1)
    if awk -v a="$pn" -v b="$pa" 'BEGIN {
         if (split(a, x, " ") < 4 || split(b, y, " ") < 4 || x[1] != "perplexity:" || y[1] != "perplexity:") exit 1
         if (x[3] != y[3] || x[2] <= 0) exit 1                       # same "(N" token count
         r = (y[2] - x[2]) / x[2]; if (r < 0) r = -r; exit !(r <= 1e-4) }'; then
      echo "PASS $label ppl $m ($pa; native $pn)"
    else
      echo "FAIL $label ppl $m: $label '$pa' vs native '$pn' (want equal within 1e-4 relative)"
    fi
  done
}

# aarch64: cross-build with the Makefile's CROSS support (NEON kernels), run the
# C tests and ./run under qemu-user, and check ./run against the native build.
# armhf (scalar): build only. Everything is built in $LOG, so nothing here touches
# the native binaries.
aarch64_checks() {
  local d="$LOG/aarch64"
  mkdir -p "$d"; cp -r Makefile run.c quantize.c higgs.h src tools "$d"/
  if ! env -u CC make -s -C "$d" -j2 CROSS=aarch64-linux-gnu- run quantize >"$d/build" 2>&1 || grep -q warning "$d/build"; then
    cat "$d/build"; echo "FAIL aarch64 build (make CROSS=aarch64-linux-gnu-: errors or warnings)"; return
  fi
  echo "PASS aarch64 build without warnings"
  same_as_native aarch64 "${HIGGS_A64_PPL_BYTES:-800}" qemu_a64 "$d/run"
}
qemu_a64() { QEMU_LD_PREFIX=/usr/aarch64-linux-gnu qemu-aarch64 "$@"; }
if command -v aarch64-linux-gnu-gcc >/dev/null 2>&1 && command -v qemu-aarch64 >/dev/null 2>&1; then
  A64="$LOG/aarch64-tests"; mkdir -p "$A64"
  # ARMv8.2 dot product (sdot in the int8 kernels; Raspberry Pi 5 class), qemu's default CPU has it. Its
  # test_kernels runs in the background beside the plain one: each takes minutes under qemu.
  dotprod_pid=""
  if aarch64-linux-gnu-gcc $CFLAGS_T -march=armv8.2-a+dotprod -o "$A64/test_kernels_dotprod" tests/test_kernels.c -lm -lpthread; then
    (qemu_a64 "$A64/test_kernels_dotprod" >"$A64/dotprod.out" 2>&1; echo $? >"$A64/dotprod.rc") &
    dotprod_pid=$!
  else
    echo "FAIL aarch64 + dotprod build of tests/test_kernels.c"; failed=$((failed + 1))
  fi
  for t in test_kernels test_simd_rows test_alloc test_sampler test_tables test_attention; do
    if ! aarch64-linux-gnu-gcc $CFLAGS_T -march=armv8-a -o "$A64/$t" "tests/$t.c" -lm -lpthread; then
      echo "FAIL aarch64 build of tests/$t.c"; failed=$((failed + 1)); continue
    fi
    run_suite "$t (aarch64, qemu)" qemu_a64 "$A64/$t"
    case $t in test_kernels|test_simd_rows|test_attention)
      grep -q '^kernels: neon$' "$LOG/out" || { echo "FAIL $t (aarch64) did not use the NEON kernels"; failed=$((failed + 1)); } ;;
    esac
  done
  if [ -n "$dotprod_pid" ]; then
    wait "$dotprod_pid"
    replay() { cat "$1"; return "$(cat "$2" 2>/dev/null || echo 1)"; }   # a finished run's output and exit code
    run_suite "test_kernels (aarch64 + dotprod, qemu)" replay "$A64/dotprod.out" "$A64/dotprod.rc"
    grep -q '^kernels: neon+dotprod$' "$LOG/out" || { echo "FAIL test_kernels (aarch64 + dotprod) did not use the dotprod kernels"; failed=$((failed + 1)); }
  fi
  run_suite "aarch64 run vs native run (qemu)" aarch64_checks
else
  echo "FAIL aarch64 toolchain missing (install gcc-aarch64-linux-gnu qemu-user)"; failed=$((failed + 1))
fi
if command -v arm-linux-gnueabihf-gcc >/dev/null 2>&1; then   # 32-bit ARM, scalar kernels: compile only
  ARMHF="$LOG/armhf"; mkdir -p "$ARMHF"; cp -r Makefile run.c quantize.c higgs.h src tools "$ARMHF"/
  if env -u CC make -s -C "$ARMHF" -j2 CROSS=arm-linux-gnueabihf- portable >"$ARMHF/build" 2>&1 && ! grep -q warning "$ARMHF/build"; then
    echo "PASS armhf portable build without warnings"; passed=$((passed + 1))
  else
    cat "$ARMHF/build"; echo "FAIL armhf portable build (make CROSS=arm-linux-gnueabihf- portable: errors or warnings)"; failed=$((failed + 1))
  fi
fi

if [ -n "${EMU512_RUN:-}" ] && [ -x "$EMU512_RUN" ]; then
  run_suite "avx-512 vnni run (emulated) vs native run" same_as_native avx512-emulated 800 "$EMU512_RUN"
fi

run_suite "leak checks (ASan+LSan)" tests/test_leaks.sh

# libFuzzer harnesses (model file, tokenizer text, llama2.c tokenizer.bin), bounded time each
run_suite "fuzz (${FUZZ_SECONDS:-20} s each)" tests/fuzz/run.sh "${FUZZ_SECONDS:-20}"

# the forward pass of other builds of run (attention and kernels have a path per ISA) against numpy
other_run() {
  local bin="$LOG/run-$1"; shift
  ${CC:-cc} -O3 -std=c11 -D_GNU_SOURCE -Wall -Wextra "$@" -o "$bin" run.c -lm -lpthread || return 1
  HIGGS_RUN="$bin" "$PY" tests/test_forward.py --variants
}
run_suite "forward variants (portable run)" other_run portable
if grep -q avx2 /proc/cpuinfo 2>/dev/null; then
  run_suite "forward variants (avx2 run)" other_run avx2 -mavx2 -mfma -mf16c
fi
if [ -n "${EMU512_RUN:-}" ] && [ -x "$EMU512_RUN" ]; then   # the emulated AVX-512 VNNI run built above
  run_suite "forward variants (avx-512 run, emulated)" env HIGGS_RUN="$EMU512_RUN" "$PY" tests/test_forward.py --variants
fi

# the HTTP server (run -m serve) through http.client, curl and the openai npm client (tests only:
# Debian's nodejs and npm when node is missing, openai@4 from npm into build/npm), plain and under
# ASan+UBSan (./run-san)
if ! command -v node >/dev/null 2>&1 || ! command -v npm >/dev/null 2>&1; then
  if [ "$(id -u)" = 0 ] && [ -z "${HIGGS_NO_INSTALL:-}" ]; then
    echo "test_all.sh: installing nodejs npm"
    { apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends nodejs npm >/dev/null; } ||
      echo "test_all.sh: apt-get could not install nodejs npm" >&2
  else
    echo "test_all.sh: the openai client test needs node and npm: sudo apt-get install nodejs npm" >&2
  fi
fi
if command -v npm >/dev/null 2>&1 && [ ! -d build/npm/node_modules/openai ]; then
  mkdir -p build/npm && timeout 300 npm install --silent --no-audit --no-fund --prefix build/npm openai@4 >/dev/null 2>&1 ||
    echo "test_all.sh: npm could not install openai@4 into build/npm" >&2
fi
run_suite "server (tests/test_server.py)" "$PY" tests/test_server.py
run_suite "server, asan+ubsan build" env HIGGS_RUN=./run-san "$PY" tests/test_server.py

for t in tests/test_export_unit.py tests/test_grids.py tests/test_grids_vector.py tests/test_forward.py tests/test_quant.py tests/test_tokenizer.py tests/test_families.py tests/test_gguf_writer.py tests/test_bad_input.py tests/test_chat_shift.py tests/test_safety.py tests/test_model.py; do
  [ -f "$t" ] || { echo "FAIL missing $t"; failed=$((failed + 1)); continue; }
  run_suite "$t" "$PY" "$t"
done

echo "(all suites: $SECONDS s)"
echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
