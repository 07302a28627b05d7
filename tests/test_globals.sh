#!/usr/bin/env bash
# No process-wide mutable state in the library: the writable data symbols (.data, .bss, TLS) of an
# object built from higgs.h's implementation alone must be the documented once-initialised tables of
# tests/globals_allowed.txt. A new one (a global counter, a scratch buffer, an option flag) fails.
set -u
cd "$(dirname "$0")/.."
TMP=$(mktemp -d); trap 'rm -rf "$TMP"' EXIT
passed=0; failed=0
for flags in "-O2 -march=native" "-O2" "-O0"; do
  if ! printf '#define HIGGS_IMPLEMENTATION\n#include "higgs.h"\n' |
       ${CC:-cc} $flags -std=c11 -D_GNU_SOURCE -I. -x c -c -o "$TMP/lib.o" - 2>"$TMP/err"; then
    cat "$TMP/err"; echo "FAIL globals ($flags): the library does not compile alone"; failed=$((failed + 1)); continue
  fi
  objdump -t "$TMP/lib.o" | awk '/ O / { sec = $(NF-2); if (sec ~ /^\.(data|bss|tdata|tbss)$/ || sec == "*COM*") print $NF }' |
    sed 's/\.[0-9]*$//' | sort -u >"$TMP/found"
  [ -s "$TMP/found" ] || { echo "FAIL globals ($flags): objdump listed nothing (is binutils installed?)"; failed=$((failed + 1)); continue; }
  awk '!/^#/ && NF { print $1 }' tests/globals_allowed.txt | sort -u >"$TMP/allowed"
  new=$(comm -23 "$TMP/found" "$TMP/allowed" | tr '\n' ' ')
  if [ -z "$new" ]; then echo "PASS globals ($flags): $(wc -l <"$TMP/found") writable symbols, all once-initialised tables"; passed=$((passed + 1))
  else echo "FAIL globals ($flags): writable data not in tests/globals_allowed.txt: $new"; failed=$((failed + 1)); fi
done
echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
