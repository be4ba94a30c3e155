// tacos-translate registers every translation through
// tacos::registerAllTranslations (include/tacos/InitAllTranslations.h).
// RUN: tacos-translate --help | FileCheck %s
// CHECK-DAG: --export-smtlib
// CHECK-DAG: --import-astra-workload
// CHECK-DAG: --import-libra-network

// The translations solve nothing: tacos-translate links neither Z3 nor
// NLopt (its own DT_NEEDED entries; Debian's libLLVM needs libz3 itself).
// REQUIRES: system-linux
// RUN: llvm-readobj --needed-libs %tacos_build/bin/tacos-translate \
// RUN:   | FileCheck %s --check-prefix=NEEDED --implicit-check-not=libz3 \
// RUN:       --implicit-check-not=libnlopt
// NEEDED: NeededLibraries [
// NEEDED: libMLIR.so
