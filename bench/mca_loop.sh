#!/bin/sh
# bench/mca_loop.sh - llvm-mca's estimate for one loop of a compiler's assembly: for kernels on a CPU
# family this machine is not (aarch64 from the cross compiler, say).
# The loop is the code from LABEL: to the first branch back to LABEL, directives left out.
#   usage: bench/mca_loop.sh FILE.s LABEL [llvm-mca flags, e.g. -mtriple=aarch64 -mcpu=cortex-a72]
# Find LABEL by reading FILE.s (for example: aarch64-linux-gnu-gcc -O3 -std=c11 -D_GNU_SOURCE
# -march=armv8-a -S -o run-a64.s run.c, then the loop with the instructions of interest).
set -eu
[ $# -ge 2 ] || { echo "usage: $0 FILE.s LABEL [llvm-mca flags]" >&2; exit 2; }
file=$1 label=$2; shift 2
command -v llvm-mca >/dev/null 2>&1 || { echo "$0: llvm-mca not found (Debian: apt-get install llvm)" >&2; exit 1; }
loop=$(mktemp)
trap 'rm -f "$loop"' EXIT
awk -v L="$label" '
  $0 == L ":" { on = 1; next }
  on && /^\.L[0-9A-Za-z_]*:/ { next }
  on && $1 ~ /^\./ { next }
  on { print; n++; if ($0 ~ ("[ \t,]" L "$")) exit }
  END { if (!n) exit 1 }' "$file" >"$loop" || { echo "$0: no loop at $label in $file" >&2; exit 1; }
echo "$file $label: $(wc -l <"$loop") instructions"
llvm-mca -iterations=200 "$@" "$loop" | sed -n '1,12p'
