#!/usr/bin/env bash
# The main job: set up, then summarize the example networks.
# Usage: scripts/demo.sh [file.mlir]   (default: examples/networks.mlir)
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh tacos-opt
input=${1:-examples/networks.mlir}
"${TACOS_BUILD_DIR:-build}/bin/tacos-opt" "$input" --topo-summary -o /dev/null
