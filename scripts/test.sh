#!/usr/bin/env bash
# Set up, build, and run the whole test suite (lit, GoogleTest, pytest, the
# MPI runs), then the same suite again under AddressSanitizer and
# UndefinedBehaviorSanitizer (scripts/test-sanitizers.sh, in build-sanitize/).
# TACOS_SKIP_SANITIZERS=1 runs the first part only (about a quarter of the
# time: the sanitized build and suite are the slow part).
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh
# The benchmarks are built too (not run), so that they keep compiling.
ninja -C "${TACOS_BUILD_DIR:-build}" check-tacos tacos-bench
if [ -z "${TACOS_SKIP_SANITIZERS:-}" ]; then
  scripts/test-sanitizers.sh
fi
