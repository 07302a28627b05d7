#!/usr/bin/env bash
# Decode and prompt speed of this tree's ./run against another commit's, alternating rounds
# (bench/ab.sh) on TinyLlama-shaped models (bench/tinyllama_model.sh), at 1 and 2 threads:
#   bench/ab_commit.sh REV ROUNDS CONFIG...      e.g. bench/ab_commit.sh 89a384c 5 p2b4 dp
# Prints a markdown report (CPU, commands, medians, B/A ratios); A is REV, B this tree.
set -euo pipefail
cd "$(dirname "$0")/.."
[ $# -ge 3 ] || { sed -n '2,5p' "$0" >&2; exit 1; }
REV=$1; R=$2; shift 2
TMP=$(mktemp -d); trap 'rm -rf "$TMP"' EXIT
git archive "$REV" | tar -x -C "$TMP"
make -s -C "$TMP" run >&2
make -s run >&2
echo "# ./run of $(git rev-parse --short HEAD) (B) against $REV (A)"
echo
echo "- CPU: $(bench/cpu_name.sh)"
echo "- command: bench/ab_commit.sh $REV $R $*  (bench/ab.sh: $R alternating rounds of each, 200 tokens after a 132-token prompt, -t 0)"
echo
echo "| model | threads | decode tok/s A | decode tok/s B | B/A | prompt tok/s A | prompt tok/s B | B/A |"
echo "|---|---|---|---|---|---|---|---|"
for c in "$@"; do
  m=$(bench/tinyllama_model.sh "$c")
  for t in 1 2; do
    out=$(bench/ab.sh "$m" "$t" "$R" "$TMP/run" ./run)
    echo "$out" | sed 's/^/    /' >&2
    read -r da db < <(echo "$out" | awk '/^median tok\/s/ {n = split($0, f, ") "); a = f[2]; sub(/,.*/, "", a); print a, f[n]}')
    read -r pa pb < <(echo "$out" | awk '/^median prompt/ {n = split($0, f, ") "); a = f[2]; sub(/,.*/, "", a); print a, f[n]}')
    awk -v c="$c" -v t="$t" -v da="$da" -v db="$db" -v pa="$pa" -v pb="$pb" \
      'BEGIN { printf "| %s | %s | %s | %s | %.3f | %s | %s | %.3f |\n", c, t, da, db, db / da, pa, pb, pb / pa }'
  done
done
