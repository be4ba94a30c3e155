#!/usr/bin/env bash
# LIBRA's case studies: every model of examples/libra on the 3D and 4D
# networks with 500 GBps per NPU in total, both objectives, plus GPT-3 on the
# 4D network with DESIGN §6's constraint set. Writes the imported cases to
# $CASES (default examples/libra/cases/) and the reports to $OUT (default
# /tmp/libra-reports), then prints one line per case.
#   examples/libra/case-studies.sh            (after scripts/setup.sh)
set -euo pipefail
cd "$(dirname "$0")"
TRANSLATE=${TACOS_TRANSLATE:-../../build/bin/tacos-translate}
OPT=${TACOS_OPT:-../../build/bin/tacos-opt}
CASES=${CASES:-cases}
OUT=${OUT:-/tmp/libra-reports}
mkdir -p "$CASES" "$OUT"

communicator() { # the communicator file of a model on a network (3d or 4d)
  ls | grep -i -x "$1_$2.yml"
}

for net in 3d 4d; do
  for model in DLRM GPT_3 MSFT_1T ResNet_50 Turing_NLG; do
    "$TRANSLATE" --import-astra-workload "$model.txt" \
      --communicator="$(communicator "$model" "$net")" \
      --network="${net}_network.yml" --cost-model="${net}_cost_model.yml" \
      --total-bandwidth="500 GBps" -o "$CASES/${model}_$net.mlir"
  done
done
# GPT-3 on 4D with the constraints of DESIGN §6 (1000 GBps in total).
"$TRANSLATE" --import-astra-workload GPT_3.txt \
  --communicator=GPT_3_4d.yml --network=4d_network.yml \
  --cost-model=4d_cost_model.yml -o - |
  sed '/topo.price tier(InterPod)/a\
    topo.constraint sum == 1000 GBps\
    topo.constraint bw(0) == 500 GBps\
    topo.constraint bw(0) >= bw(1)\
    topo.constraint bw(1) >= bw(2)\
    topo.constraint bw(2) + bw(3) == 200 GBps' > "$CASES/GPT_3_4d_constrained.mlir"

printf '%-24s %-14s %-34s %12s %8s %8s\n' case objective "GB/s per dimension" "time (ms)" speedup "perf/$"
for file in "$CASES"/*.mlir; do
  name=$(basename "$file" .mlir)
  for objective in perf perf-per-cost; do
    report="$OUT/$name.$objective.json"
    "$OPT" "$file" -o /dev/null \
      --topo-allocate-bandwidth="objective=$objective report=$report"
    python3 - "$report" "$name" "$objective" <<'PY'
import json, sys
r = json.load(open(sys.argv[1]))
bw = " ".join(f"{b:.1f}" for b in r["bandwidth_gbps"])
print(f"{sys.argv[2]:<24} {sys.argv[3]:<14} {bw:<34} {r['time_ns'] / 1e6:12.3f} "
      f"{r['speedup']:8.3f} {r['perf_per_cost_gain']:8.3f}")
PY
  done
done
