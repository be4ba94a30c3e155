#!/usr/bin/env bash
# Plots busbw against size from the output of `tacos-run --emulate
# --sweep ...`: every algorithm measured (points) and predicted (line, the
# schedule simulated at the emulated rates), and Open MPI's collectives
# measured. gnuplot (Debian's gnuplot-nox) draws the PNG.
# Usage: bench/plot-sweep.sh RUN_OUTPUT.txt OUT.png [TITLE]
set -euo pipefail
INPUT=$1
OUT=$2
TITLE=${3:-busbw against size}
WORK=$(mktemp -d)
trap 'rm -rf "$WORK"' EXIT

# The run's table: name collective ranks elements dtype time(us) algbw
# busbw sent check; the predictions: @name elements measured predicted
# ratio busbw vs-baseline. busbw is recomputed from the times, which have
# more digits than the table's busbw: bytes / time x the bus factor
# (2(n-1)/n for All-Reduce, 1 for Broadcast and Reduce, else (n-1)/n).
awk -v dir="$WORK" '
  function bytesOf(dtype) { return dtype ~ /64/ ? 8 : dtype ~ /16/ ? 2 : 4 }
  function factorOf(kind, n) {
    if (kind == "all_reduce") return 2 * (n - 1) / n
    if (kind == "broadcast" || kind == "reduce") return 1
    return (n - 1) / n
  }
  $0 ~ /^# algorithm .*measured\(us\)/ { predictions = 1; next }
  /^#/ { next }
  !predictions && NF == 10 && $10 == "ok" && $6 != "-" {
    bytes = $4 * bytesOf($5)
    size[$1 " " $4] = bytes
    factor[$1 " " $4] = factorOf($2, $3)
    print bytes, bytes / ($6 * 1e-6) / 1e9 * factorOf($2, $3) > (dir "/measured-" $1 ".dat")
  }
  predictions && NF == 7 && $4 != "-" && (($1 " " $2) in size) {
    key = $1 " " $2
    print size[key], size[key] / ($4 * 1e-6) / 1e9 * factor[key] > (dir "/predicted-" $1 ".dat")
  }
' "$INPUT"

plots=()
for file in "$WORK"/measured-*.dat; do
  name=$(basename "$file" .dat); name=${name#measured-}
  plots+=("'$file' using 1:2 with linespoints title '$name measured'")
  if [ -f "$WORK/predicted-$name.dat" ]; then
    plots+=("'$WORK/predicted-$name.dat' using 1:2 with lines dashtype 2 title '$name predicted'")
  fi
done
IFS=,
gnuplot <<GNUPLOT
set terminal png size 900,600
set output '$OUT'
set title '$TITLE' noenhanced
set key noenhanced
set logscale x 2
set format x '%.0b%B'
set xlabel 'size (bytes)'
set ylabel 'busbw (GB/s)'
set key top left
set grid
plot ${plots[*]}
GNUPLOT
