#!/usr/bin/env bash
# Decode speed while other programs hold the cores: ./run on the TinyLlama-shaped model
# (bench/tinyllama_model.sh) at 1 thread, the default thread count and twice the CPUs, while K
# busy-loop processes run (K = 0, 1, 2; each bounded in time, started and stopped by this script).
#   bench/contention.sh [--config p2b4] [--rounds R] [--tokens N] [--loads "0 1 2"] [--threads "1 0 4"]
#                       [--llama-bench PATH --gguf FILE] [--run PATH] [--tag NAME]
# --threads: 0 means run's default (-T left out). Within a load, rounds alternate the thread counts
# (and ./run with llama-bench), so each cell sees the machine in the same states; the table gives
# medians. With --llama-bench (a llama.cpp build's binary; the project never builds it) and --gguf (the
# same model as a GGUF, e.g. Q4_0 made by bench/vs_llamacpp.sh), llama-bench -p 0 -n N -t T runs
# beside every ./run cell (T = the CPUs where ./run uses its default).
# --run: time another build of run (default ./run), e.g. an older one copied aside.
# Writes bench/results/NAME.tsv (every run) and NAME.md (default NAME: contention); the default tag
# also puts the table into docs/speed.md between its contention markers.
set -euo pipefail
cd "$(dirname "$0")/.."
die() { echo "contention.sh: $*" >&2; exit 1; }
RUN=./run CONFIG=p2b4 ROUNDS=3 TOKENS=128 LOADS="0 1 2" CPUS=$(nproc) TAG=contention LB='' GGUF=''
THREADS="1 0 $((2 * CPUS))"
while [ $# -gt 0 ]; do
  case $1 in
    --config) CONFIG=$2; shift 2 ;;
    --rounds) ROUNDS=$2; shift 2 ;;
    --tokens) TOKENS=$2; shift 2 ;;
    --loads) LOADS=$2; shift 2 ;;
    --threads) THREADS=$2; shift 2 ;;
    --llama-bench) LB=$2; shift 2 ;;
    --gguf) GGUF=$2; shift 2 ;;
    --run) RUN=$2; shift 2 ;;
    --tag) TAG=$2; shift 2 ;;
    -h|--help) sed -n '2,13p' "$0"; exit 0 ;;
    *) die "unknown option $1" ;;
  esac
done
[ -z "$LB" ] || [ -f "$GGUF" ] || die "--llama-bench needs --gguf FILE (the same model as a GGUF)"
RUNARG=''; [ "$RUN" = ./run ] || RUNARG=" --run $RUN"
MODEL=$(bench/tinyllama_model.sh "$CONFIG")
PROMPT="The quick brown fox jumps over the lazy dog."
STEPS=$(( $(./run "$MODEL" -m tokenize -i "$PROMPT" | wc -w) + 1 + TOKENS ))   # -n counts the prompt
LIMIT=300                        # seconds: a cell slower than this is reported as a timeout
OUT=bench/results/$TAG.tsv MD=bench/results/$TAG.md
BUSY=()
stop_load() { for p in "${BUSY[@]}"; do kill "$p" 2>/dev/null || true; done; wait 2>/dev/null || true; BUSY=(); }
trap stop_load EXIT
start_load() {   # K processes spinning, each killed by timeout at the latest after an hour
  for _ in $(seq "$1"); do timeout 3600 sh -c 'while :; do :; done' & BUSY+=($!); done
}
med() { tr ' ' '\n' <<<"$1" | grep -v '^$' | sort -g | awk '{v[NR] = $1} END{if (!NR) {print "-"; exit} printf "%.2f", NR % 2 ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2}'; }
"$RUN" "$MODEL" -i "Warm" -n 3 -t 0 >/dev/null 2>&1 || true     # page the file in
printf "load\tprogram\tthreads\tround\tdecode tok/s\tprompt tok/s\n" > "$OUT"
declare -A cell
for K in $LOADS; do
  start_load "$K"
  sleep 1
  for r in $(seq "$ROUNDS"); do
    for T in $THREADS; do
      targ=(); [ "$T" = 0 ] || targ=(-T "$T")
      err=$(timeout "$LIMIT" "$RUN" "$MODEL" -i "$PROMPT" -n "$STEPS" -t 0 "${targ[@]}" 2>&1 >/dev/null || true)
      d=$(awk '/achieved tok\/s/{printf "%.2f", $3}' <<<"$err"); p=$(awk '/^prompt:/{print $5}' <<<"$err")
      [ -n "$d" ] || d=timeout
      printf "%s\trun\t%s\t%s\t%s\t%s\n" "$K" "$T" "$r" "$d" "${p:--}" >> "$OUT"
      [ "$d" = timeout ] || cell[$K,run,$T]="${cell[$K,run,$T]:-} $d"
      echo "load $K, run -T ${T/#0/default}, round $r: $d tok/s"
      if [ -n "$LB" ]; then
        lt=$T; [ "$T" != 0 ] || lt=$CPUS
        csv=$(timeout "$LIMIT" "$LB" -m "$GGUF" -p 0 -n "$TOKENS" -t "$lt" -r 1 -o csv 2>/dev/null || true)
        l=$(awk -F, 'NR > 1 {for (i = 1; i <= NF; i++) if (h[i] == "\"avg_ts\"") {gsub(/"/, "", $i); printf "%.2f", $i}} NR == 1 {for (i = 1; i <= NF; i++) h[i] = $i}' <<<"$csv")
        [ -n "$l" ] || l=timeout
        printf "%s\tllama-bench\t%s\t%s\t%s\t-\n" "$K" "$T" "$r" "$l" >> "$OUT"
        [ "$l" = timeout ] || cell[$K,llama,$T]="${cell[$K,llama,$T]:-} $l"
        echo "load $K, llama-bench -t $lt, round $r: $l tok/s"
      fi
    done
  done
  stop_load
done
{
  echo "# Decode under load: busy-loop processes holding the cores"
  echo
  echo "- machine: $(bench/cpu_name.sh); $(date -u +%Y-%m-%d); ./run's default thread count here: $("$RUN" "$MODEL" --info | awk -F'[:,]' '/default threads/{gsub(/ /, "", $2); print $2}')"
  echo "- model: $(basename "$MODEL") ($CONFIG), $TOKENS decoded tokens after a short prompt; $ROUNDS rounds per load, thread counts alternating; medians (tok/s)"
  echo "- command: bench/contention.sh --config $CONFIG --rounds $ROUNDS --tokens $TOKENS --loads \"$LOADS\" --threads \"$THREADS\"$RUNARG${LB:+ --llama-bench $LB --gguf $GGUF} --tag $TAG"
  echo
  hdr="| busy processes |"; sep="|---|"
  for T in $THREADS; do hdr="$hdr run -T ${T/#0/default} |"; sep="$sep---|"; done
  if [ -n "$LB" ]; then for T in $THREADS; do lt=$T; [ "$T" != 0 ] || lt=$CPUS; hdr="$hdr llama-bench -t $lt |"; sep="$sep---|"; done; fi
  echo "$hdr"; echo "$sep"
  for K in $LOADS; do
    row="| $K |"
    for T in $THREADS; do row="$row $(med "${cell[$K,run,$T]:-}") |"; done
    if [ -n "$LB" ]; then for T in $THREADS; do row="$row $(med "${cell[$K,llama,$T]:-}") |"; done; fi
    echo "$row"
  done
  echo
  T2C=$((2 * CPUS))
  if [[ " $THREADS " == *" 1 "* && " $THREADS " == *" 0 "* ]]; then
    for K in $LOADS; do
      one=$(med "${cell[$K,run,1]:-}"); def=$(med "${cell[$K,run,0]:-}"); over=$(med "${cell[$K,run,$T2C]:-}")
      awk -v k="$K" -v a="$one" -v b="$def" -v c="$over" -v t="$T2C" 'BEGIN {
        printf "- %s busy: the default thread count decodes at %s of -T 1", k, (a > 0 && b > 0) ? sprintf("%.2fx", b / a) : "-"
        if (c != "-" && c > 0 && b > 0) printf "; -T %s at %.2fx of the default", t, c / b
        printf "\n" }'
    done
    echo
  fi
  echo "A dash: every round ran past ${LIMIT} s. Every run: $(basename "$OUT")."
} > "$MD"
cat "$MD"
if [ "$TAG" = contention ]; then   # the table into docs/speed.md, between its markers
  awk -v md="$MD" '/<!-- contention:begin -->/ {print; while ((getline l < md) > 0) print l; skip = 1; next}
                   /<!-- contention:end -->/ {skip = 0} !skip' docs/speed.md > docs/speed.md.tmp && mv docs/speed.md.tmp docs/speed.md
fi
