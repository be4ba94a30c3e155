#!/usr/bin/env bash
# Installs what tacos needs (Debian 12 packages), configures and builds.
# Usage: scripts/setup.sh [ninja targets...]   (default: all)
# Safe to run again: installs only missing packages, reconfigures only once.
# Environment (used by scripts/test-sanitizers.sh):
#   TACOS_BUILD_DIR       build directory (default build)
#   TACOS_EXTRA_PACKAGES  more Debian packages to install, space-separated
#   TACOS_CMAKE_ARGS      more cmake arguments for the first configure,
#                         space-separated
set -euo pipefail
cd "$(dirname "$0")/.."

PACKAGES=(llvm-22-dev llvm-22-tools libmlir-22-dev mlir-22-tools clang-22
          ninja-build cmake ccache libz3-dev z3 libgtest-dev libbenchmark-dev
          libnlopt-dev liblemon-dev libglpk-dev libopenmpi-dev openmpi-bin python3-dev
          pybind11-dev python3-pybind11 python3-numpy python3-pytest
          iproute2 procps util-linux gnuplot-nox)
read -r -a extra_packages <<< "${TACOS_EXTRA_PACKAGES:-}"
PACKAGES+=("${extra_packages[@]}")

missing=()
for p in "${PACKAGES[@]}"; do
  dpkg -s "$p" >/dev/null 2>&1 || missing+=("$p")
done
if [ ${#missing[@]} -gt 0 ]; then
  echo "tacos: installing ${missing[*]}" >&2
  SUDO=""
  [ "$(id -u)" -eq 0 ] || SUDO="sudo"
  export DEBIAN_FRONTEND=noninteractive
  $SUDO apt-get update -q >&2
  $SUDO apt-get install -y -q --no-install-recommends "${missing[@]}" >&2
fi

BUILD=${TACOS_BUILD_DIR:-build}
read -r -a cmake_args <<< "${TACOS_CMAKE_ARGS:-}"
if [ ! -f "$BUILD/build.ninja" ]; then
  cmake -G Ninja -S . -B "$BUILD" -DCMAKE_BUILD_TYPE=Release \
    -DCMAKE_C_COMPILER=clang-22 -DCMAKE_CXX_COMPILER=clang++-22 \
    -DMLIR_DIR=/usr/lib/llvm-22/lib/cmake/mlir \
    -DLLVM_EXTERNAL_LIT=/usr/lib/llvm-22/bin/lit \
    -DCMAKE_CXX_COMPILER_LAUNCHER=ccache -DCMAKE_C_COMPILER_LAUNCHER=ccache \
    "${cmake_args[@]}" >&2
fi
ninja -C "$BUILD" "$@" >&2
