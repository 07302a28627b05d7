#!/bin/sh
# The linearity theorem and the DP allocation on the bundled model; see bench/linearity.py.
# Writes bench/results/TAG.{tsv,md,svg} and the tables in docs/linearity.md.
cd "$(dirname "$0")/.." || exit 1
for p in "${HIGGS_PYTHON:-}" python3 /usr/bin/python3; do
  [ -n "$p" ] && "$p" -c 'import numpy' 2>/dev/null && exec "$p" bench/linearity.py "$@"
done
echo "linearity.sh: needs a Python 3 with numpy (apt-get install python3-numpy)" >&2; exit 1
