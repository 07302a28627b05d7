#!/usr/bin/env bash
# Port pressure of the hot decode and prompt loops on Intel and AMD cores without the hardware
# (issue 37, docs/intel.md): compiles bench/mca/kernels.c (the project's kernels through higgs.h)
# with -S per target, cuts each kernel's inner loop out of the assembly (bench/mca/cut_loop.py) and
# runs llvm-mca on it per CPU model, one markdown row per (loop, build, CPU) (bench/mca/summarize.py).
#
# Needs gcc and an llvm-mca with the Sapphire Rapids, Alder Lake and Zen 4 scheduling models
# (LLVM 17 or later; LLVM 14's "sapphirerapids" and "alderlake" reuse older cores' models). On
# Debian 12:  apt-get install -y llvm-19   (gives /usr/bin/llvm-mca-19; Debian's plain `llvm` is 14).
#
# usage: bench/mca.sh [--rev REV | --worktree] [--mca PATH] [--keep DIR] [--proto]
#   --rev REV    the kernels of commit REV (default HEAD: git archive of higgs.h, src/, tools/)
#   --worktree   the kernels as they are in the working tree
#   --mca PATH   the llvm-mca to run (default: the newest llvm-mca-N on PATH, else llvm-mca)
#   --keep DIR   keep the .s files, the cut loops and llvm-mca's full reports in DIR
#   --proto      also the prototype loops of bench/mca/proto.c (rewrites proposed in docs/intel.md)
# Prints the tables to stdout. Columns: instructions per iteration, weights (multiply-add lanes:
# weight x activation products) per iteration, simulated cycles per iteration, llvm-mca's block
# reciprocal throughput, cycles per 64 weights, the busiest resource and its cycles per 64 weights,
# port 5 per 64 weights and as a share of the cycles with ports 0/1/5 beside it (Intel), or the
# busiest FP pipe and FP0-FP3 (AMD), uops per 64 weights.
set -euo pipefail
cd "$(dirname "$0")/.."
MCA=""
KEEP=""
PROTO=0
REV=HEAD
while [ $# -gt 0 ]; do
  case "$1" in
    --mca) MCA=$2; shift 2 ;;
    --keep) KEEP=$2; shift 2 ;;
    --proto) PROTO=1; shift ;;
    --rev) REV=$2; shift 2 ;;
    --worktree) REV=""; shift ;;
    *) echo "usage: bench/mca.sh [--rev REV | --worktree] [--mca PATH] [--keep DIR] [--proto]" >&2; exit 2 ;;
  esac
done
if [ -z "$MCA" ]; then
  MCA=$(compgen -c llvm-mca- | grep -E '^llvm-mca-[0-9]+$' | sort -t- -k3 -n | tail -1 || true)
  [ -n "$MCA" ] || MCA=llvm-mca
fi
command -v "$MCA" >/dev/null || { echo "no $MCA: apt-get install -y llvm-19" >&2; exit 1; }
case "$("$MCA" -mcpu=help 2>&1)" in *sapphirerapids*) ;; *) echo "$MCA knows no sapphirerapids model" >&2; exit 1 ;; esac
W=${KEEP:-$(mktemp -d)}
mkdir -p "$W"
[ -n "$KEEP" ] || trap 'rm -rf "$W"' EXIT
# the sources: commit REV's (or the working tree's) higgs.h, src/ and tools/, with bench/mca/ as it is here
T="$W/tree"
rm -rf "$T"
mkdir -p "$T/bench"
if [ -n "$REV" ]; then
  git archive "$REV" higgs.h src tools | tar -x -C "$T"
else
  cp -r higgs.h src tools "$T/"
fi
cp -r bench/mca "$T/bench/"
CC=${CC:-gcc}
CFLAGS="-O3 -std=c11 -D_GNU_SOURCE"
SYM=0   # the sign-symmetric p=2 4-bit VNNI kernels (hg_qrows8_p2n256sym_avx512): in the sources from its commit on
grep -q hg_qrows8_p2n256sym_avx512 "$T/src/int8_avx512.h" && SYM=1
PL512=0   # the packed VNNI kernels on planar codes (hg_codes64_avx512): in the sources from its commit on
grep -q hg_codes64_avx512 "$T/src/int8_avx512.h" && PL512=1
R8N=0   # the AVX2 several-token kernel (hg_qrows8n_p2n256sym_avx2_n): in the sources from its commit on
grep -q hg_qrows8n_p2n256sym_avx2_n "$T/src/int8_avx2.h" && R8N=1
ITER=500

echo "llvm-mca: $("$MCA" --version | grep -m1 -i 'llvm version' | sed 's/^ *//'); compiler: $($CC --version | head -1); $CFLAGS"
if [ -n "$REV" ]; then echo "kernels: commit $(git rev-parse --short "$REV")"
else echo "kernels: working tree on $(git rev-parse --short HEAD)$(git diff --quiet HEAD -- src higgs.h || echo ' (src/ modified)')"; fi
echo
echo "| loop | build | -mcpu | instr/iter | weights/iter | cycles/iter | block RThroughput | cycles per 64 weights | busiest resource (cycles/64 w) | port 5 (share of cycles); p0/p1/p5, or AMD's busiest FP pipe; FP0-3 (cycles/64 w) | uops/64 w |"
echo "|---|---|---|---|---|---|---|---|---|---|---|"

# build NAME FLAGS SRC: the assembly of SRC for FLAGS into $W/NAME.s
build() {
  $CC $CFLAGS $2 $([ $SYM = 1 ] && echo -DMCA_P2N256SYM) $([ $PL512 = 1 ] && echo -DMCA_PLANAR512) \
    $([ $R8N = 1 ] && echo -DMCA_ROWS8N_AVX2) -S -o "$W/$1.s" "$T/$3"
}
# row LABEL BUILD FUNCTION KEY "CPUS" [SKIP] [WEIGHTS]
row() {
  local label=$1 b=$2 fn=$3 key=$4 cpus=$5 skip=${6:-} wts=${7:-}
  local loop="$W/$b.$fn.loop.s"
  python3 bench/mca/cut_loop.py "$W/$b.s" "$fn" "$key" ${skip:+--skip "$skip"} > "$loop"
  for cpu in $cpus; do
    "$MCA" -mcpu="$cpu" -iterations=$ITER "$loop" > "$W/$b.$fn.$cpu.mca" 2>/dev/null
    python3 bench/mca/summarize.py "$loop" "$W/$b.$fn.$cpu.mca" "$label" "$b" "$cpu" $wts
  done
}

# AVX-512 VNNI builds (what `make` gives on these CPUs), each analysed on its own CPU model; a GCC
# without -march=znver4 (GCC 12) gets what its -march=native gives on Zen 4: znver3 plus the AVX-512 flags
ZEN4="-march=znver4"
$CC -march=znver4 -E -x c /dev/null >/dev/null 2>&1 ||
  ZEN4="-march=znver3 -mavx512f -mavx512cd -mavx512bw -mavx512dq -mavx512vl -mavx512vbmi -mavx512vbmi2 -mavx512vnni -mavx512bitalg -mavx512vpopcntdq -mavx512ifma -mavx512bf16 -mgfni -mvpclmulqdq -mvaes"
echo "builds: sapphirerapids = -march=sapphirerapids; zen4 = $ZEN4; avx2 = -mavx2 -mfma -mf16c; alderlake = -march=alderlake"
echo
build sapphirerapids "-march=sapphirerapids" bench/mca/kernels.c
build zen4 "$ZEN4" bench/mca/kernels.c
# AVX2-only builds (the issue's "AVX2-only builds": make NATIVE="-mavx2 -mfma -mf16c") and an
# Alder Lake build (AVX-VNNI: the AVX2 kernels add with vpdpbusd)
build avx2 "-mavx2 -mfma -mf16c" bench/mca/kernels.c
build alderlake "-march=alderlake" bench/mca/kernels.c

for t in sapphirerapids zen4; do
  cpus=$t
  [ $t = zen4 ] && cpus="znver4 znver5"
  row "p2 4-bit (256 pts) VNNI, 1 row" $t hg_qrows8_p2n256_avx512 vpdpbusd "$cpus"
  row "p2 4-bit (256 pts) VNNI, 2 rows" $t hg_qrows8x2_p2n256_avx512 vpdpbusd "$cpus"
  if [ $SYM = 1 ]; then
    row "p2 4-bit sign-sym VNNI, 1 row" $t hg_qrows8_p2n256sym_avx512 vpdpbusd "$cpus"
    row "p2 4-bit sign-sym VNNI, 2 rows" $t hg_qrows8x2_p2n256sym_avx512 vpdpbusd "$cpus"
  fi
  if [ $PL512 = 1 ]; then
    # bench/mca/kernels.c names these by code bits (p2b6: p=2 3-bit; docs/grids.md#names)
    for k in p1b6:"p1 6-bit" p1b5:"p1 5-bit" p2b6:"p2 3-bit"; do
      row "${k#*:} packed VNNI, bit stream, 2 rows" $t mca_${k%%:*}_stream_vnni_2row vpdpbusd "$cpus"
      row "${k#*:} packed VNNI, planar, 2 rows" $t mca_${k%%:*}_planar_vnni_2row vpdpbusd "$cpus"
    done
  fi
  row "p2 3-bit block planar (AVX2 kernel), 1 row" $t hg_qdot8_p2n64blkpl_avx2 vpdpbusd "$cpus"
  row "p2 3-bit block planar (AVX2 kernel), 2 rows" $t hg_qrows8x2_p2n64blkpl_avx2 vpdpbusd "$cpus"
  row "prompt product 4x4 tile (VNNI)" $t hg_qmatmul8_vnni vpdpbusd "$cpus" 'vpunpck|\{z\}'
  row "prompt: p2 4-bit row decode (VNNI)" $t hg_row8_decode_vnni 'vpermt2b|vpermi2b' "$cpus" '\{%k[0-7]\}\{z\}|vpshufb' 128
done
for b in avx2 alderlake; do
  cpus="alderlake sapphirerapids znver3 znver4"
  [ $b = alderlake ] && cpus="alderlake"
  row "p2 4-bit sign-sym, 1 row" $b hg_qdot8_p2n256sym_avx2 'vpdpbusd|vpmaddubsw' "$cpus"
  row "p2 4-bit sign-sym, 2 rows" $b hg_qrows8x2_p2n256sym_avx2 'vpdpbusd|vpmaddubsw' "$cpus"
  if [ $R8N = 1 ]; then   # weights: 128 a step, times the tokens
    row "p2 4-bit sign-sym, 1 token (rows8n)" $b mca_p2s_avx2_tokens1 'vpdpbusd|vpmaddubsw' "$cpus" "" 128
    row "p2 4-bit sign-sym, 4 tokens (rows8n)" $b mca_p2s_avx2_tokens4 'vpdpbusd|vpmaddubsw' "$cpus" "" 512
  fi
  row "p2 3-bit block planar, 1 row" $b hg_qdot8_p2n64blkpl_avx2 'vpdpbusd|vpmaddubsw' "$cpus"
  row "p2 3-bit block planar, 2 rows" $b hg_qrows8x2_p2n64blkpl_avx2 'vpdpbusd|vpmaddubsw' "$cpus"
  row "prompt product 2x4 (AVX2)" $b hg_qmatmul8_avx2 'vpdpbusd|vpmaddubsw' "$cpus"
done

if [ $PROTO = 1 ]; then
  echo
  echo "Prototypes (bench/mca/proto.c; not in src/):"
  echo
  echo "| loop | build | -mcpu | instr/iter | weights/iter | cycles/iter | block RThroughput | cycles per 64 weights | busiest resource (cycles/64 w) | port 5 (share of cycles); p0/p1/p5, or AMD's busiest FP pipe; FP0-3 (cycles/64 w) | uops/64 w |"
  echo "|---|---|---|---|---|---|---|---|---|---|---|"
  for t in sapphirerapids zen4; do
    if [ $t = zen4 ]; then build proto-zen4 "$ZEN4" bench/mca/proto.c; else build proto-$t -march=$t bench/mca/proto.c; fi
    for fn in $(grep -o '^void mca_proto_[a-z0-9_]*' bench/mca/proto.c | sed 's/^void //'); do
      row "$fn" "proto-$t" "$fn" 'vpdpbusd|vpmaddubsw' "$([ $t = zen4 ] && echo znver4 || echo $t)"
    done
  done
  build proto-avx2 "-mavx2 -mfma -mf16c" bench/mca/proto.c
  build proto-alderlake "-march=alderlake" bench/mca/proto.c
  for fn in $(grep -o '^void mca_proto_[a-z0-9_]*avx2[a-z0-9_]*' bench/mca/proto.c | sed 's/^void //'); do
    row "$fn" proto-avx2 "$fn" 'vpdpbusd|vpmaddubsw' "alderlake sapphirerapids znver3 znver4"
    row "$fn" proto-alderlake "$fn" 'vpdpbusd|vpmaddubsw' alderlake
  done
fi
