#!/usr/bin/env bash
# Perplexity vs size of every quantization method on the bundled model.
#   bench/quality.sh [MODEL.higgs] [TEXT]      (defaults: models/brown-f16.higgs, data/brown-heldout.txt)
# Writes bench/results/quality.tsv, quality.md and quality.svg, and the table into README.md.
set -euo pipefail
cd "$(dirname "$0")/.."
MODEL=${1:-models/brown-f16.higgs}
TEXT=${2:-data/brown-heldout.txt}
THREADS=${THREADS:-2}
PY=$(for p in "${HIGGS_PYTHON:-}" python3 /usr/bin/python3; do [ -n "$p" ] && "$p" -c 'import numpy' 2>/dev/null && echo "$p" && break; done || true)
[ -n "$PY" ] || { echo "quality.sh: needs a Python with numpy (apt-get install python3-numpy)" >&2; exit 1; }
make -s run quantize
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT
OUT=bench/results/quality.tsv
printf "config\tmethod\tbits_linear\tfile_mb\tppl\ttokens\n" > "$OUT"
configs=(
  "f16|"
  "higgs p=2 4-bit|--method higgs --p 2 --bits 4"
  "higgs p=1 4-bit|--method higgs --p 1 --bits 4"
  "higgs p=2 3-bit|--method higgs --p 2 --bits 3"
  "higgs p=1 3-bit|--method higgs --p 1 --bits 3"
  "higgs p=2 2-bit|--method higgs --p 2 --bits 2"
  "higgs p=1 2-bit|--method higgs --p 1 --bits 2"
  "nf4 g64|--method nf4 --group 64"
  "af4 g64|--method af4 --group 64"
  "rtn 4-bit g64|--method rtn --bits 4 --group 64"
  "rtn 3-bit g64|--method rtn --bits 3 --group 64"
)
for entry in "${configs[@]}"; do
  name=${entry%%|*}; args=${entry#*|}
  file=$MODEL; bits=16
  if [ -n "$args" ]; then
    file=$TMP/q.higgs
    # shellcheck disable=SC2086
    log=$(./quantize "$MODEL" "$file" $args -T "$THREADS")
    bits=$(echo "$log" | sed -n 's/^linear layers: \([0-9.]*\) bits\/weight.*/\1/p')
  fi
  mb=$(stat -c %s "$file" | awk '{printf "%.3f", $1/1e6}')
  # float activations: the quantization methods side by side (RTN/NF4/AF4 have no int8 path)
  line=$(./run "$file" -m ppl -f "$TEXT" -T "$THREADS" --no-int8 2>/dev/null | tail -1)
  ppl=$(echo "$line" | awk '{print $2}'); tokens=$(echo "$line" | tr -d '(' | awk '{print $3}')
  printf "%s\t%s\t%s\t%s\t%s\t%s\n" "$name" "${args:-none}" "$bits" "$mb" "$ppl" "$tokens" | tee -a "$OUT"
  # the grids this build decodes with int8 activations (`run --info`: "int8 grids: p1 4-bit, p2 3/4-bit")
  int8=no
  case $name in
    "higgs p="*)
      p=${name#higgs p=}; b=${p#* }; p=${p%% *}; b=${b%-bit}
      grids=$(./run "$file" --info | sed -n 's/.*int8 grids: //p')
      if echo "$grids" | tr ',' '\n' | grep -Eq "^ *p$p ([0-9]+/)*$b(/[0-9]+)*-bit"; then int8=yes; fi ;;
  esac
  case $int8 in
    yes)
      # the same file as run computes it by default: int8 activations and grid (prompts and decoding alike)
      line=$(./run "$file" -m ppl -f "$TEXT" -T "$THREADS" 2>/dev/null | tail -1)
      ppl=$(echo "$line" | awk '{print $2}'); tokens=$(echo "$line" | tr -d '(' | awk '{print $3}')
      printf "%s\t%s\t%s\t%s\t%s\t%s\n" "$name, int8 (run's default)" "$args" "$bits" "$mb" "$ppl" "$tokens" | tee -a "$OUT" ;;
  esac
done
"$PY" bench/report.py quality "$OUT" bench/results/quality.md bench/results/quality.svg "$MODEL" "$TEXT"
"$PY" bench/report.py readme README.md quality bench/results/quality.md
echo "wrote $OUT, bench/results/quality.md, bench/results/quality.svg and the README table"
