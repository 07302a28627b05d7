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
NJ=$(nproc 2>/dev/null || echo 2)   # compiles at once

run_suite() {   # name, command...; the output stays in $SUITE_OUT for checks after it
  local name=$1; shift
  echo "== $name"
  local t0=$SECONDS
  SUITE_OUT="$LOG/out.$BASHPID"   # one per shell: the aarch64 suites run in a background one
  "$@" > "$SUITE_OUT" 2>&1
  local rc=$?
  cat "$SUITE_OUT"
  echo "($name: $((SECONDS - t0)) s)"
  local p f
  p=$(grep -c '^PASS ' "$SUITE_OUT"); f=$(grep -c '^FAIL ' "$SUITE_OUT")
  passed=$((passed + p)); failed=$((failed + f))
  if [ $rc -ne 0 ] && [ "$f" -eq 0 ]; then
    echo "FAIL $name exited with code $rc"; failed=$((failed + 1))
  fi
}

echo "== build"
if ! make -s -j"$NJ" all sanitize >"$LOG/build" 2>&1 || grep -q 'warning' "$LOG/build"; then
  cat "$LOG/build"; echo "FAIL build (errors or warnings)"; failed=$((failed + 1))
  echo "$passed passed, $failed failed"; exit 1
fi
echo "PASS build without warnings"; passed=$((passed + 1))

# Every test program includes the whole library (about 15-60 s to compile each, dozens of builds):
# a background shell compiles them NJ at a time (compile_all, in the order the suites need them),
# while the suites below start as soon as their own program is there (built).
compile() {   # name, command...: in the background; output in $LOG/build.NAME, exit code in .rc
  local name=$1 c n; shift
  while :; do   # wait for a free slot: a compile is running until its .rc exists
    n=0; for c in "${CQUEUE[@]}"; do [ -f "$LOG/build.$c.rc" ] || n=$((n + 1)); done
    [ "$n" -lt "$NJ" ] && break; sleep 0.2
  done
  ( "$@" >"$LOG/build.$name" 2>&1; echo $? >"$LOG/build.$name.tmp" && mv "$LOG/build.$name.tmp" "$LOG/build.$name.rc" ) &
  CQUEUE+=("$name")
}
built() {   # name: waits for its compile; 0 when it had no errors or warnings, else its output and a FAIL line
  while [ ! -f "$LOG/build.$1.rc" ] && kill -0 "$COMPILE_PID" 2>/dev/null; do sleep 0.2; done   # never queued: no wait
  if [ "$(cat "$LOG/build.$1.rc" 2>/dev/null)" = 0 ] && ! grep -q warning "$LOG/build.$1"; then return 0; fi
  cat "$LOG/build.$1" 2>/dev/null; echo "FAIL build $1 (errors, warnings, or never compiled)"; failed=$((failed + 1)); return 1
}
CC=${CC:-cc}
CFLAGS_T="-O2 -std=c11 -D_GNU_SOURCE -Wall -Wextra -Werror"
HAS_AVX2=""; grep -q avx2 /proc/cpuinfo 2>/dev/null && HAS_AVX2=1
HAS_AVXVNNI=""; grep -qw avx_vnni /proc/cpuinfo 2>/dev/null && HAS_AVXVNNI=1   # Alder Lake and later, Zen 5
# the AVX2 + AVX-VNNI kernels: natively where the host has them, else with vpdpbusd emulated exactly
AVXVNNI="" AVXVNNI_HOW=""
if [ -n "$HAS_AVXVNNI" ]; then AVXVNNI="-mavx2 -mfma -mf16c -mavxvnni"
elif [ "$(uname -m)" = x86_64 ] && [ -n "$HAS_AVX2" ]; then
  AVXVNNI="-mavx2 -mfma -mf16c -include tests/emu_avxvnni.h" AVXVNNI_HOW=", emulated"
fi
# the AVX-512 VNNI kernels on a host without them: SIMDe's portable intrinsics (tests/emu_avx512.h;
# -O1 because SIMDe's headers take a minute at -O2), checked against the same scalar definitions
EMU=""
if [ "$(uname -m)" = x86_64 ] && [ -n "$HAS_AVX2" ] &&
   ! { grep -qw avx512_vnni /proc/cpuinfo && grep -qw avx512vbmi /proc/cpuinfo; } 2>/dev/null; then
  EMU="-O1 -std=c11 -D_GNU_SOURCE -Wall -Wextra -Werror -Wno-psabi -mavx2 -mfma -mf16c -include tests/emu_avx512.h"
fi
A64=""; command -v aarch64-linux-gnu-gcc >/dev/null 2>&1 && command -v qemu-aarch64 >/dev/null 2>&1 && A64="$LOG/aarch64-tests"
A64_TESTS="test_kernels test_simd_rows test_alloc test_sampler test_tables test_attention"

ctest() {   # name, source in tests/, flags...: compiles tests/NAME
  local name=$1 src=$2; shift 2
  compile "$name" $CC $CFLAGS_T "$@" -o "tests/$name" "tests/$src.c" -lm -lpthread
}
CL=""; command -v clang >/dev/null 2>&1 && CL="$LOG/clang"
ARMHF=""; command -v arm-linux-gnueabihf-gcc >/dev/null 2>&1 && ARMHF="$LOG/armhf"
for d in ${A64:+"$A64/run"} $CL $ARMHF; do mkdir -p "$d"; cp -r Makefile run.c quantize.c higgs.h src tools "$d"/; done
[ -z "$A64" ] || mkdir -p "$A64"
# x86 feature subsets a user may build for (-march of an older CPU, or flags copied from elsewhere)
SUBSETS=("-mavx2 -mfma" "-mavx2 -mfma -mf16c" "-mavx2 -mfma -mf16c -mavxvnni" "-mavx512f -mavx512bw" "-mavx512f -mavx512bw -mavx512vbmi")
compile_all() {
  CQUEUE=()
  if [ -n "$A64" ]; then   # first: their suites run in the background beside the rest
    compile a64_run env -u CC make -s -C "$A64/run" CROSS=aarch64-linux-gnu- run quantize
    # ARMv8.2 dot product (sdot in the int8 kernels; Raspberry Pi 5 class), qemu's default CPU has it
    compile a64_test_kernels_dotprod aarch64-linux-gnu-gcc $CFLAGS_T -march=armv8.2-a+dotprod -o "$A64/test_kernels_dotprod" tests/test_kernels.c -lm -lpthread
    for t in $A64_TESTS; do compile "a64_$t" aarch64-linux-gnu-gcc $CFLAGS_T -march=armv8-a -o "$A64/$t" "tests/$t.c" -lm -lpthread; done
  fi
  ctest test_kernels test_kernels -march=native
  [ -n "$HAS_AVX2" ] && ctest test_kernels_avx2 test_kernels -mavx2 -mfma -mf16c
  if [ -n "$AVXVNNI" ]; then   # AVX2 + AVX-VNNI (Intel client CPUs), native or emulated (tests/emu_avxvnni.h)
    ctest test_kernels_avxvnni test_kernels $AVXVNNI
    ctest test_attention_avxvnni test_attention $AVXVNNI
  fi
  ctest test_kernels_scalar test_kernels
  for variant in "native:-march=native" "avx2:-mavx2 -mfma -mf16c" "scalar:"; do   # attention: the same builds
    IFS=: read -r vname vflags <<< "$variant"
    [ "$vname" = avx2 ] && [ -z "$HAS_AVX2" ] && continue
    ctest "test_attention_$vname" test_attention $vflags
  done
  if [ -n "$EMU" ]; then
    for level in 3 1; do   # 3: + VBMI + VNNI (Ice Lake, Zen 4); 1: F, BW, VL, DQ (Skylake-X: AVX2 int8 kernels)
      compile "test_kernels_emu512_l$level" $CC $EMU -DHG_EMU_AVX512_LEVEL=$level -o "tests/test_kernels_emu512_l$level" tests/test_kernels.c -lm -lpthread
    done
    compile test_attention_emu512 $CC $EMU -o tests/test_attention_emu512 tests/test_attention.c -lm -lpthread
    compile test_tables_emu512 $CC $EMU -o tests/test_tables_emu512 tests/test_tables.c -lm -lpthread
    compile run_emu512 $CC $EMU -o "$LOG/run-emu512" run.c -lm -lpthread
  fi
  # x86 feature subsets (SUBSETS): run.c and quantize.c must compile without warnings with each
  if [ "$(uname -m)" = x86_64 ]; then
    for i in "${!SUBSETS[@]}"; do
      for f in run quantize; do compile "subset${i}_$f" $CC $CFLAGS_T ${SUBSETS[$i]} -c -o "$LOG/subset${i}_$f.o" "$f.c"; done
    done
  fi
  # clang (the other supported compiler): warning-free build of run and quantize, and the native
  # kernel tests, whose bit-for-bit checks catch a compiler that fuses multiply-adds on its own
  if [ -n "$CL" ]; then
    compile clang_run make -s -C "$CL" CC=clang run quantize
    compile test_kernels_clang clang $CFLAGS_T -march=native -o tests/test_kernels_clang tests/test_kernels.c -lm -lpthread
  fi
  if [ -n "$ARMHF" ]; then   # 32-bit ARM, scalar kernels: compile only
    compile armhf env -u CC make -s -C "$ARMHF" CROSS=arm-linux-gnueabihf- portable
  fi
  for t in test_alloc test_sampler test_pool; do ctest $t $t; done
  ctest test_json test_json
  ctest test_http test_http
  ctest test_engine test_engine -march=native
  SAN_T="-O1 -g -std=c11 -D_GNU_SOURCE -Wall -Wextra -Werror -march=native -fno-omit-frame-pointer"
  compile test_engine_asan $CC $SAN_T -fsanitize=address,undefined -fno-sanitize-recover=all -o tests/test_engine_asan tests/test_engine.c -lm -lpthread
  compile test_engine_tsan $CC $SAN_T -fsanitize=thread -o tests/test_engine_tsan tests/test_engine.c -lm -lpthread
  ctest test_tables test_tables -march=native
  # other builds of run, whose forward pass is checked against numpy below (attention and kernels have a path per ISA)
  compile run_portable $CC -O3 -std=c11 -D_GNU_SOURCE -Wall -Wextra -o "$LOG/run-portable" run.c -lm -lpthread
  [ -n "$HAS_AVX2" ] && compile run_avx2 $CC -O3 -std=c11 -D_GNU_SOURCE -Wall -Wextra -mavx2 -mfma -mf16c -o "$LOG/run-avx2" run.c -lm -lpthread
  wait
}
compile_all &
COMPILE_PID=$!

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
  local text="$LOG/heldout.$label" tok_n tok_a m pn pa
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
make_check_models

# aarch64: the cross-built C tests (NEON kernels) and ./run under qemu-user, ./run checked against the
# native build. Minutes of one core each, so they run in a background shell beside the suites below;
# its output is replayed at the end. armhf (scalar): build only.
qemu_a64() { QEMU_LD_PREFIX=/usr/aarch64-linux-gnu qemu-aarch64 "$@"; }
aarch64_suites() {
  local t
  for t in $A64_TESTS; do
    built "a64_$t" || continue
    run_suite "$t (aarch64, qemu)" qemu_a64 "$A64/$t"
    case $t in test_kernels|test_simd_rows|test_attention)
      grep -q '^kernels: neon$' "$SUITE_OUT" || echo "FAIL $t (aarch64) did not use the NEON kernels" ;;
    esac
  done
  if built a64_test_kernels_dotprod; then
    run_suite "test_kernels (aarch64 + dotprod, qemu)" qemu_a64 "$A64/test_kernels_dotprod"
    grep -q '^kernels: neon+dotprod$' "$SUITE_OUT" || echo "FAIL test_kernels (aarch64 + dotprod) did not use the dotprod kernels"
  fi
  if built a64_run; then
    echo "PASS aarch64 build without warnings"
    run_suite "aarch64 run vs native run (qemu)" same_as_native aarch64 "${HIGGS_A64_PPL_BYTES:-800}" qemu_a64 "$A64/run/run"
  fi
  echo "aarch64 suites finished"
}
A64_PID=""
if [ -n "$A64" ]; then
  aarch64_suites >"$LOG/aarch64.out" 2>&1 &
  A64_PID=$!
else
  echo "FAIL aarch64 toolchain missing (install gcc-aarch64-linux-gnu qemu-user)"; failed=$((failed + 1))
fi

built test_kernels && run_suite "kernels (native)" ./tests/test_kernels
[ -n "$HAS_AVX2" ] && built test_kernels_avx2 && run_suite "kernels (avx2)" ./tests/test_kernels_avx2
if [ -n "$AVXVNNI" ]; then
  built test_kernels_avxvnni && run_suite "kernels (avx2 + avx-vnni$AVXVNNI_HOW)" ./tests/test_kernels_avxvnni
  built test_attention_avxvnni && run_suite "attention (avx2 + avx-vnni$AVXVNNI_HOW)" ./tests/test_attention_avxvnni
fi
built test_kernels_scalar && run_suite "kernels (scalar)" ./tests/test_kernels_scalar
for vname in native avx2 scalar; do   # attention over every KV cache type pair against its scalar definition
  [ "$vname" = avx2 ] && [ -z "$HAS_AVX2" ] && continue
  built "test_attention_$vname" && run_suite "attention ($vname)" "./tests/test_attention_$vname"
done
if [ -n "$EMU" ]; then
  for level in 3 1; do
    if built "test_kernels_emu512_l$level"; then
      run_suite "kernels (avx-512 level $level, emulated)" "./tests/test_kernels_emu512_l$level"
      grep -q '^kernels: avx512$' "$SUITE_OUT" || { echo "FAIL emulated AVX-512 build did not use the AVX-512 kernels"; failed=$((failed + 1)); }
    fi
  done
  built test_attention_emu512 && run_suite "attention (avx-512, emulated)" ./tests/test_attention_emu512
  built test_tables_emu512 && run_suite "kernel tables (avx-512 vnni, emulated)" ./tests/test_tables_emu512
  built run_emu512 && EMU512_RUN="$LOG/run-emu512"   # ./run of that build, checked against the native one below
fi
if [ "$(uname -m)" = x86_64 ]; then
  for i in "${!SUBSETS[@]}"; do
    built "subset${i}_run" && built "subset${i}_quantize" && { echo "PASS build with ${SUBSETS[$i]}"; passed=$((passed + 1)); }
  done
fi
if [ -n "$CL" ]; then
  built clang_run && { echo "PASS clang build without warnings"; passed=$((passed + 1)); }
  built test_kernels_clang && run_suite "kernels (clang, native)" ./tests/test_kernels_clang
else
  echo "FAIL clang missing (install clang)"; failed=$((failed + 1))
fi
if [ -n "$ARMHF" ]; then built armhf && { echo "PASS armhf portable build without warnings"; passed=$((passed + 1)); }; fi
built test_alloc && run_suite "bit allocation" ./tests/test_alloc
built test_sampler && run_suite "sampler (top-p)" ./tests/test_sampler
built test_pool && run_suite "thread pool" ./tests/test_pool
# the server's JSON reader and writer: its own checks, then against Python's json module
built test_json && run_suite "json (src/json.h)" ./tests/test_json && run_suite "json against Python's json" "$PY" tests/test_json.py
built test_http && run_suite "http request heads (src/http.h)" ./tests/test_http
# the engine's contract (errors, allocation failures, sessions in two threads), plain and under
# ASan+UBSan and ThreadSanitizer; timeout: a pool that took two jobs at once would hang, not fail
built test_engine && run_suite "engine" timeout 300 ./tests/test_engine
built test_engine_asan && run_suite "engine (asan+ubsan)" timeout 300 ./tests/test_engine_asan
built test_engine_tsan && run_suite "engine (tsan)" env TSAN_OPTIONS=halt_on_error=1 timeout 600 ./tests/test_engine_tsan
run_suite "no writable globals in the library" tests/test_globals.sh
# the engine's refactor into a library changed no output: byte-identical to the last commit before it
run_suite "outputs identical to 89a384c" tests/test_identical.sh --commit 89a384c
# `make check`: the quick suite, with the embedding example
run_suite "make check (with the embedding example)" make -s check
built test_tables && run_suite "kernel tables" ./tests/test_tables

if [ -n "${EMU512_RUN:-}" ] && [ -x "$EMU512_RUN" ]; then
  run_suite "avx-512 vnni run (emulated) vs native run" same_as_native avx512-emulated 800 "$EMU512_RUN"
fi

run_suite "leak checks (ASan+LSan)" tests/test_leaks.sh

# libFuzzer harnesses (model file, tokenizer text, llama2.c tokenizer.bin), bounded time each
run_suite "fuzz (${FUZZ_SECONDS:-20} s each)" tests/fuzz/run.sh "${FUZZ_SECONDS:-20}"

# the forward pass of other builds of run (attention and kernels have a path per ISA) against numpy
built run_portable && run_suite "forward variants (portable run)" env HIGGS_RUN="$LOG/run-portable" "$PY" tests/test_forward.py --variants
if [ -n "$HAS_AVX2" ]; then
  built run_avx2 && run_suite "forward variants (avx2 run)" env HIGGS_RUN="$LOG/run-avx2" "$PY" tests/test_forward.py --variants
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

# tests/test_quant.py (minutes of one core) runs in a background shell beside the other Python suites
( run_suite tests/test_quant.py "$PY" tests/test_quant.py ) >"$LOG/quant.out" 2>&1 &
QUANT_PID=$!
for t in tests/test_export_unit.py tests/test_grids.py tests/test_grids_vector.py tests/test_forward.py tests/test_tokenizer.py tests/test_families.py tests/test_gguf_writer.py tests/test_bad_input.py tests/test_chat_shift.py tests/test_safety.py tests/test_model.py; do
  [ -f "$t" ] || { echo "FAIL missing $t"; failed=$((failed + 1)); continue; }
  run_suite "$t" "$PY" "$t"
done
wait "$QUANT_PID"
# a background shell's output, counted here; FAIL when its last line (pattern $2) is missing
replay() { cat "$1"; grep -q "$2" "$1" || echo "FAIL $3"; }
run_suite "tests/test_quant.py (ran in the background)" replay "$LOG/quant.out" '^(tests/test_quant.py: ' \
  "tests/test_quant.py did not finish"

if [ -n "$A64_PID" ]; then   # the aarch64 suites from the background shell
  wait "$A64_PID"
  run_suite "aarch64 suites (qemu; ran in the background)" replay "$LOG/aarch64.out" '^aarch64 suites finished$' \
    "the aarch64 suites stopped early"
fi

wait "$COMPILE_PID"
echo "(all suites: $SECONDS s)"
echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
