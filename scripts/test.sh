#!/usr/bin/env bash
# Set up, build, and run the whole test suite (lit + GoogleTest).
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh
# The benchmarks are built too (not run), so that they keep compiling.
ninja -C "${TACOS_BUILD_DIR:-build}" check-tacos tacos-bench
