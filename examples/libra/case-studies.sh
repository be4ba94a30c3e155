#!/usr/bin/env bash
# LIBRA's case studies: every model of examples/libra on the 3D and 4D
# networks with 500 GBps per NPU in total, both objectives, plus GPT-3 on the
# 4D network with docs/Algorithms.md, LIBRA's constraint set. Imports every case, sizes it
# with topo-allocate-bandwidth and prints one line per case and objective.
#   examples/libra/case-studies.sh            (after scripts/setup.sh)
# Environment (other relative paths are taken from where you run it):
#   TACOS_BUILD_DIR  the build directory, as for scripts/setup.sh (default
#                    build; a relative path is taken from the repository)
#   TACOS_TRANSLATE  tacos-translate to use (default $TACOS_BUILD_DIR/bin/...)
#   TACOS_OPT        tacos-opt to use (default $TACOS_BUILD_DIR/bin/...)
#   CASES            where the imported cases go (default examples/libra/cases)
#   OUT              where the JSON reports go (default /tmp/libra-reports)
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)

absolute() { # $1, relative to $2 (default: the caller's directory)
  case $1 in
    /*) printf '%s\n' "$1" ;;
    *) printf '%s\n' "${2:-$PWD}/$1" ;;
  esac
}
# As in scripts/setup.sh, a relative TACOS_BUILD_DIR is in the repository.
build=$(absolute "${TACOS_BUILD_DIR:-build}" "$root")
tool() { # $1: the variable that overrides it, $2: the tool
  local given=${!1:-}
  local path=${given:-$build/bin/$2}
  # A bare name (no slash) is looked up in PATH, as the shell would.
  [[ $path == */* ]] && path=$(absolute "$path")
  if ! command -v "$path" >/dev/null 2>&1; then
    if [ -n "$given" ]; then
      echo "case-studies.sh: $1=$given is not an executable" >&2
    else
      echo "case-studies.sh: no $2 in $build/bin (set TACOS_BUILD_DIR to" \
        "your build directory, or $1; run scripts/setup.sh to build)" >&2
    fi
    exit 1
  fi
  printf '%s\n' "$path"
}
TRANSLATE=$(tool TACOS_TRANSLATE tacos-translate)
OPT=$(tool TACOS_OPT tacos-opt)
CASES=$(absolute "${CASES:-$here/cases}")
OUT=$(absolute "${OUT:-/tmp/libra-reports}")
mkdir -p "$CASES" "$OUT"
cd "$here"

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
# GPT-3 on 4D with the constraints of docs/Algorithms.md, LIBRA (1000 GBps in total).
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
