#!/usr/bin/env bash
# Set up, build, and run the whole test suite (lit, GoogleTest, pytest, the
# MPI runs). TACOS_WITH_SANITIZERS=1 then runs the same suite again under
# AddressSanitizer and UndefinedBehaviorSanitizer (scripts/test-sanitizers.sh,
# in build-sanitize/), which about triples the time.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh
# The benchmarks are built too (not run), so that they keep compiling.
ninja -C "${TACOS_BUILD_DIR:-build}" check-tacos tacos-bench
if [ -n "${TACOS_WITH_SANITIZERS:-}" ]; then
  scripts/test-sanitizers.sh
fi
