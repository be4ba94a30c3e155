#!/usr/bin/env bash
# Byte-identical outputs for a change that must not change behaviour (issue
# 11). Usage: REF=<reference bin dir> scripts/compare-outputs.sh build/bin
# Runs the same commands (examples, pipeline, LIBRA, SMT-LIB) with the
# reference tacos-opt/tacos-translate (e.g. a build of the commit before) and
# with these, and diffs stdout and stderr (synthesis wall times removed).
set -u
new=${1:?usage: compare-outputs.sh <your bin dir>}
ref=${REF:?set REF to the reference binaries directory}
root=$(git rev-parse --show-toplevel)
out=$(mktemp -d)
cases=(
  "tacos-opt $root/examples/networks.mlir --topo-summary"
  "tacos-opt $root/examples/synthesis.mlir --coll-synthesize=trials=4 --coll-report=baselines=true"
  "tacos-opt $root/examples/synthesis.mlir --coll-synthesize=trials=4 --coll-report=format=json"
  "tacos-opt $root/examples/synthesis.mlir --tacos-pipeline"
  "tacos-opt $root/examples/synthesis.mlir --coll-synthesize=algorithm=ring --coll-verify --coll-simulate"
  "tacos-opt $root/examples/synthesis.mlir --coll-synthesize=algorithm=direct --coll-verify"
  "tacos-opt $root/examples/synthesis.mlir --coll-synthesize=materialize=packed --emit-bytecode"
  "tacos-opt $root/examples/networks.mlir --topo-expand --topo-unwind-switches"
  "tacos-opt $root/examples/libra/cases/GPT_3_4d.mlir --topo-allocate-bandwidth"
  "tacos-opt $root/examples/libra/cases/MSFT_1T_3d.mlir --topo-allocate-bandwidth=objective=perf-per-cost"
  "tacos-translate --import-astra-workload $root/examples/libra/GPT_3.txt --communicator=$root/examples/libra/GPT_3_3d.yml --network=$root/examples/libra/3d_network.yml --cost-model=$root/examples/libra/3d_cost_model.yml --total-bandwidth='500 GBps'"
  "tacos-translate --export-smtlib $root/test/Conversion/CollToSMT/convert-coll-to-smt.mlir"
)
fail=0
for i in "${!cases[@]}"; do
  c=${cases[$i]}
  (cd "$root" && eval "$ref/$c" >"$out/ref$i.out" 2>"$out/ref$i.err")
  (cd "$root" && eval "$new/$c" >"$out/new$i.out" 2>"$out/new$i.err")
  for k in out err; do
    if ! diff <(grep -a -v -E 'synthesis_ms|synthesis +[0-9.]+ ms' "$out/ref$i.$k") \
              <(grep -a -v -E 'synthesis_ms|synthesis +[0-9.]+ ms' "$out/new$i.$k") >/dev/null; then
      echo "DIFFERS ($k): $c"; fail=1
    fi
  done
done
[ $fail = 0 ] && echo "all ${#cases[@]} outputs identical"
echo "outputs in $out"
exit $fail
