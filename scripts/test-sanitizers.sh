#!/usr/bin/env bash
# Builds tacos with AddressSanitizer + UndefinedBehaviorSanitizer
# (-DTACOS_SANITIZE=ON) in a build directory of its own and runs the whole
# suite there: lit, GoogleTest, pytest, the C API, the package install,
# the MPI end-to-end tests and, since the build has -DTACOS_FUZZ=ON, a short
# run of every fuzz target (TACOS_FUZZ_SECONDS each, default 60). The sanitizer options and the suppressions
# (scripts/sanitizers/) are set by the lit configuration (test/lit.cfg.py),
# so `ninja -C build-sanitize check-tacos` or lit on one test behave the same.
# Usage: scripts/test-sanitizers.sh [ninja options, e.g. -j2]
# Environment: TACOS_SANITIZE_BUILD_DIR (default build-sanitize; a directory
# configured earlier keeps its options).
set -euo pipefail
cd "$(dirname "$0")/.."
# clang's sanitizer runtimes (libclang_rt.asan, .ubsan) are in
# libclang-rt-22-dev, not in clang-22.
TACOS_BUILD_DIR=${TACOS_SANITIZE_BUILD_DIR:-build-sanitize} \
TACOS_EXTRA_PACKAGES="libclang-rt-22-dev ${TACOS_EXTRA_PACKAGES:-}" \
TACOS_CMAKE_ARGS="-DTACOS_SANITIZE=ON -DTACOS_FUZZ=ON ${TACOS_CMAKE_ARGS:-}" \
  scripts/setup.sh "$@" check-tacos
