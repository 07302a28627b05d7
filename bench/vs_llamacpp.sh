#!/usr/bin/env bash
# ./run against a llama.cpp build on models of the same shape and weights, in alternating rounds.
#   bench/vs_llamacpp.sh --llama-bench PATH [--llama-quantize PATH] [--pair HIGGS GGUF ...]
#       [--llama-bench-avx2 PATH --run-avx2 PATH] [--llama-args ARGS] [--rounds R] [--threads "1 2"] [--wait S]
#       [--note TEXT] [--tag NAME]
# Default pairs: the TinyLlama-shaped synthetic model that bench/speed.sh caches in bench/cache/
# (run it first), p2b4 vs Q4_0, p2b4b (the block grid, --grid fast) vs Q4_0, p2b4f (the free p=2 grid,
# --grid free) vs Q4_0, p1b4 vs Q4_0,
# p2b3 vs Q3_K_S, p2b3s (the sign-symmetric 3-bit grid, --grid sym) vs Q3_K_S, p2b3b (the 3-bit block grid,
# --grid fast) vs Q3_K_S, p2b2 vs Q2_K and f16 vs F16. Their
# GGUFs are made once, cached in bench/cache/: bench/gguf_from_higgs.py writes the f16 model as an
# F16 GGUF, then --llama-quantize (llama.cpp's quantize tool) makes the quantized ones.
# Every (pair, build, threads) cell runs R rounds (default 3), each ./run (a 194-token prompt, then
# 200 decoded tokens, as in bench/speed.sh) right before llama-bench (-p 194 -n 200 -r 1) on the
# same model, so both see the machine in the same state; the table gives medians over rounds. ./run
# uses the f32 KV cache, as when the stored results were measured (bench/kv.sh compares the caches).
# --llama-args: more llama-bench options, default "-mmp 0": read the model into memory, as ./run does
# by default (mapped from the page cache, llama.cpp's F16 decode ran at half speed on our VM). Each
# round first waits (up to --wait S, default 600) until other processes use under 10% of the CPUs:
# with a core taken, both programs' spinning thread pools slow down several-fold at 2 threads; a
# round during which they took 10% or more is run again (3 tries at most; the TSV has every try).
# Every llama-bench call is killed after 900 s (a build whose thread pool never lets the process exit
# hung the script forever); the script then stops with an error naming the binary and model.
# --llama-bench-avx2 / --run-avx2: a second pair of builds timed the same way (rows "avx2"), e.g.
# llama.cpp built for AVX2 only and ./run built with `make NATIVE="-mavx2 -mfma -mf16c"` copied
# aside. The project never builds llama.cpp itself; --note describes the build in the report.
# Writes bench/results/NAME.tsv (every round) and NAME.md (default NAME: vs_llamacpp).
set -euo pipefail
cd "$(dirname "$0")/.."
die() { echo "vs_llamacpp.sh: $*" >&2; exit 1; }
LB='' LQ='' LB2='' RUN2='' NOTE='' TAG=vs_llamacpp ROUNDS=3 THREADS="1 2" WAIT=600 LARGS="-mmp 0" PAIRS=()
while [ $# -gt 0 ]; do
  case $1 in
    --llama-bench) LB=$2; shift 2 ;;
    --llama-quantize) LQ=$2; shift 2 ;;
    --llama-bench-avx2) LB2=$2; shift 2 ;;
    --run-avx2) RUN2=$2; shift 2 ;;
    --pair) PAIRS+=("$2 $3"); shift 3 ;;
    --rounds) ROUNDS=$2; shift 2 ;;
    --threads) THREADS=$2; shift 2 ;;
    --note) NOTE=$2; shift 2 ;;
    --wait) WAIT=$2; shift 2 ;;
    --llama-args) LARGS=$2; shift 2 ;;
    --tag) TAG=$2; shift 2 ;;
    *) die "unknown argument $1 (see the comment at the top of this script)" ;;
  esac
done
[ -n "$LB" ] || die "--llama-bench PATH is required (a llama-bench binary of a llama.cpp build)"
for b in "$LB" ${LB2:+"$LB2"} ${RUN2:+"$RUN2"} ${LQ:+"$LQ"}; do [ -x "$b" ] || die "not an executable: $b"; done
{ [ -n "$LB2" ] && [ -n "$RUN2" ]; } || { [ -z "$LB2" ] && [ -z "$RUN2" ]; } ||
  die "--llama-bench-avx2 and --run-avx2 go together"
PY=$(for p in "${HIGGS_PYTHON:-}" python3 /usr/bin/python3; do [ -n "$p" ] && "$p" -c 'import numpy' 2>/dev/null && echo "$p" && break; done || true)
[ -n "$PY" ] || die "needs a Python with numpy (apt-get install python3-numpy)"
make -s run quantize

CACHE=bench/cache NAME=tinyllama-shape-L22
if [ ${#PAIRS[@]} -eq 0 ]; then
  [ -f "$CACHE/$NAME-f16.higgs" ] || die "$CACHE/$NAME-f16.higgs is missing: run bench/speed.sh first"
  for cq in p2b4:Q4_0 p2b4b:Q4_0 p2b4f:Q4_0 p1b4:Q4_0 p2b3:Q3_K_S p2b3s:Q3_K_S p2b3b:Q3_K_S p2b2:Q2_K f16:F16; do
    c=${cq%%:*} q=${cq#*:}
    h=$CACHE/$NAME-$c.higgs g=$CACHE/$NAME-$q.gguf
    grid=(); [ "${c:4:1}" != f ] || grid=(--grid free); [ "${c:4:1}" != s ] || grid=(--grid sym)   # p2b4f: the free p=2 4-bit grid
    [ "${c:4:1}" != b ] || grid=(--grid fast)                                                      # p2b4b, p2b3b: the block grids
    # a file older than quantize.c may hold another default: made again
    [ "$h" -nt quantize.c ] || ./quantize "$CACHE/$NAME-f16.higgs" "$h" --method higgs --p "${c:1:1}" --bits "${c:3:1}" "${grid[@]}" | tail -1
    [ -f "$CACHE/$NAME-F16.gguf" ] || "$PY" bench/gguf_from_higgs.py "$CACHE/$NAME-f16.higgs" "$CACHE/$NAME-F16.gguf"
    if [ ! -f "$g" ]; then
      [ -n "$LQ" ] || die "$g is missing: pass --llama-quantize PATH (llama.cpp's quantize) to make it"
      "$LQ" "$CACHE/$NAME-F16.gguf" "$g.tmp" "$q" 2 >/dev/null 2>&1 || die "$LQ could not make $q"
      mv "$g.tmp" "$g"
    fi
    PAIRS+=("$h $g")
  done
fi
for p in "${PAIRS[@]}"; do for f in $p; do [ -f "$f" ] || die "no such file: $f"; done; done

PROMPT=$(printf 'The quick brown fox jumps over the lazy dog. %.0s' $(seq 1 12))
read -r h0 _ <<< "${PAIRS[0]}"
NPROMPT=$(( $(./run "$h0" -m tokenize -i "$PROMPT" | wc -w) + 1 ))   # the prompt's ids and BOS
STEPS=$(( NPROMPT + 200 ))                                            # run's -n counts positions
BUILDS=("native ./run $LB")
[ -z "$LB2" ] || BUILDS+=("avx2 $RUN2 $LB2")

llama_json() {  # GGUF threads -> "pp tg size_bytes type_k build_commit build_number"
  # shellcheck disable=SC2086
  timeout 900 "$3" -m "$1" -t "$2" -p "$NPROMPT" -n 200 -r 1 $LARGS -o json 2>/dev/null | "$PY" -c '
import json, sys
r = json.load(sys.stdin)
pp = next(x for x in r if x["n_prompt"] > 0); tg = next(x for x in r if x["n_gen"] > 0)
print("%.2f %.2f %d %s %s %s" % (pp["avg_ts"], tg["avg_ts"], tg["model_size"], tg["type_k"], tg["build_commit"], tg["build_number"]))'
}
# CPU time of other processes (the machine may be shared): busy ticks in /proc/stat minus those of
# this script's children, as a % of all CPUs; before each round, wait (up to --wait seconds) for them
# to use under 10% for 2 s. The TSV records the % during every timed run.
ticks() { echo "$(awk '/^cpu /{print $2+$3+$4+$7+$8+$9, $2+$3+$4+$5+$6+$7+$8+$9}' /proc/stat) $(awk '{print $16+$17}' "/proc/$$/stat")"; }
others() { awk -v a="$1" -v b="$2" 'BEGIN{split(a, x); split(b, y); t = y[2] - x[2]
  o = t > 0 ? 100 * (y[1] - x[1] - y[3] + x[3]) / t : 0; printf "%.0f", (o > 0 ? o : 0)}'; }
wait_quiet() {
  local s0 s1 start=$SECONDS
  while s0=$(ticks); sleep 2; s1=$(ticks); [ "$(others "$s0" "$s1")" -ge 10 ] && [ $((SECONDS - start)) -lt "$WAIT" ]; do :; done
}
median() { tr ' ' '\n' | grep . | sort -g | awk '{v[NR] = $1} END{printf "%.2f", NR % 2 ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2}'; }

OUT=bench/results/$TAG.tsv MD=bench/results/$TAG.md
CPU=$(bash "$(dirname "$0")/cpu_name.sh")   # every table names the CPU it was measured on (issue 37)
printf "# CPU: %s\n" "$CPU" > "$OUT"
printf "higgs\tgguf\tbuild\tthreads\tround\ttry\tused\thiggs MB\tllama.cpp MB\thiggs decode\tllama.cpp decode\thiggs prompt\tllama.cpp prompt\tothers %% (higgs)\tothers %% (llama.cpp)\n" >> "$OUT"
ROWS="" MAXO=0 KV=""
for p in "${PAIRS[@]}"; do
  read -r h g <<< "$p"
  hmb=$("$PY" -c "import sys; sys.path.insert(0, '.'); import export
print('%.1f' % (sum(t['nbytes'] for t in export.read_higgs('$h', load_tensors=False)['tensors']) / 1e6))")
  label="$(basename "$h" .higgs | sed "s/^$NAME-//") vs $(basename "$g" .gguf | sed "s/^$NAME-//")"
  for b in "${BUILDS[@]}"; do
    read -r bname run lbench <<< "$b"
    "$run" "$h" -i "Warm" -n 3 -t 0 >/dev/null 2>&1 || true      # page both files in
    # shellcheck disable=SC2086
    timeout 900 "$lbench" -m "$g" -p 8 -n 8 -r 1 $LARGS >/dev/null 2>&1 || die "$lbench failed or did not exit within 900 s on $g"
    for T in $THREADS; do
      hd="" ld="" hp="" lp=""
      for r in $(seq "$ROUNDS"); do
        for try in 1 2 3; do   # a round disturbed by other processes (10% of the CPUs) is run again
          wait_quiet
          t0=$(ticks); err=$("$run" "$h" -i "$PROMPT" -n "$STEPS" -t 0 -T "$T" --kv f32 2>&1 >/dev/null); t1=$(ticks)
          d=$(echo "$err" | awk '/achieved tok\/s/{print $3}'); q=$(echo "$err" | awk '/^prompt:/{print $5}')
          if [ -z "$d" ] || [ -z "$q" ]; then die "no timing lines from $run on $h"; fi
          read -r pp tg lsize ktype lcommit lnum <<< "$(llama_json "$g" "$T" "$lbench")"; t2=$(ticks)
          [ -n "$tg" ] || die "no timings from $lbench on $g (it failed, or was killed after 900 s)"
          o1=$(others "$t0" "$t1") o2=$(others "$t1" "$t2") used=no
          if [ "$o1" -lt 10 ] && [ "$o2" -lt 10 ] || [ "$try" = 3 ]; then used=yes; fi
          lmb=$(awk -v s="$lsize" 'BEGIN{printf "%.1f", s / 1e6}')
          printf "%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n" "$h" "$g" "$bname" "$T" "$r" "$try" "$used" \
            "$hmb" "$lmb" "$d" "$tg" "$q" "$pp" "$o1" "$o2" >> "$OUT"
          [ "$used" = no ] || break
        done
        MAXO=$(( o1 > MAXO ? o1 : MAXO )) MAXO=$(( o2 > MAXO ? o2 : MAXO ))
        hd="$hd $d" ld="$ld $tg" hp="$hp $q" lp="$lp $pp"
      done
      read -r -a m <<< "$(echo "$hd" | median) $(echo "$ld" | median) $(echo "$hp" | median) $(echo "$lp" | median)"
      row=$(awk -v l="$label" -v b="$bname" -v t="$T" -v hm="$hmb" -v lm="$lmb" -v a="${m[0]}" -v c="${m[1]}" -v e="${m[2]}" -v f="${m[3]}" \
        'BEGIN{printf "| %s | %s | %s | %s | %s | %.2f | %.2f | %.2f | %.1f | %.1f | %.2f |", l, b, t, hm, lm, a, c, a / c, e, f, e / f}')
      echo "$row"; ROWS="$ROWS$row"$'\n'
      case " $KV " in *" $bname $ktype;"*) ;; *) KV="$KV $bname $ktype;" ;; esac
    done
  done
done

{
  echo "# HIGGS (./run) vs llama.cpp (llama-bench), same model shape and weights"
  echo
  echo "Medians over $ROUNDS alternating rounds (./run, then llama-bench, on the same model). Decode: tok/s"
  echo "over 200 generated tokens; prompt: tok/s over a $NPROMPT-token prompt. Ratio: HIGGS / llama.cpp."
  echo "MB: tensor bytes of the file (10^6 bytes; llama.cpp's as llama-bench reports it)."
  echo
  echo "CPU: $CPU"
  echo
  echo "| config | build | threads | HIGGS MB | llama.cpp MB | HIGGS decode | llama.cpp decode | ratio | HIGGS prompt | llama.cpp prompt | ratio |"
  echo "|---|---|---|---|---|---|---|---|---|---|---|"
  printf "%s" "$ROWS"
  echo
  echo "- machine: $CPU; $(date -u +%Y-%m-%d)"
  echo "- HIGGS: ./run of commit $(git rev-parse --short HEAD)$(git diff --quiet HEAD -- run.c higgs.h || echo ' (run.c/higgs.h modified)')${RUN2:+; avx2 rows: $RUN2}"
  echo "- llama.cpp: $LB${LB2:+; avx2 rows: $LB2} (build_commit $lcommit, build_number $lnum as llama-bench reports them; options -p $NPROMPT -n 200 -r 1 $LARGS; its default KV cache type:${KV%;})"
  [ -z "$NOTE" ] || echo "- $NOTE"
  echo "- Other processes used at most $MAXO% of the CPUs during a timed run the table uses (each round waited up to ${WAIT} s for them to use under 10% and was run again, up to 3 tries, when they took more; every try in $OUT)."
  echo "- llama-bench's decode test starts from an empty context (positions 0-199); ./run decodes after the prompt (positions $NPROMPT-$((STEPS - 1)))."
} > "$MD"
echo "wrote $OUT and $MD"
