// A client that only parses and prints the topo and coll dialects
// (unittests/Dialect/DialectsOnlyTest.cpp, linked with TACOSTopoDialect and
// TACOSCollDialect alone) must not link Z3 or NLopt, nor LIBRA, a
// synthesizer, the simulator or the verifier: the dialect libraries depend on
// the core model (Network, Collective) only. If a dialect library starts
// depending on TACOSLibra*, TACOSSynthesis, TACOSSimulation,
// TACOSVerification or TACOSCollToSMT, this fails.
// REQUIRES: system-linux

// The binary runs: it parses, verifies and prints both dialects.
// RUN: %tacos_build/unittests/DialectsOnlyTests | FileCheck %s --check-prefix=GTEST
// GTEST: [  PASSED  ] 1 test

// The shared libraries it links (its own DT_NEEDED entries, not ldd's
// closure: Debian's libLLVM itself needs libz3): MLIR, but neither libz3 nor
// libnlopt.
// RUN: llvm-readobj --needed-libs %tacos_build/unittests/DialectsOnlyTests \
// RUN:   | FileCheck %s --check-prefix=NEEDED --implicit-check-not=libz3 \
// RUN:       --implicit-check-not=libnlopt
// NEEDED: NeededLibraries [
// NEEDED: libMLIR.so

// Its symbols: no Z3 or NLopt call, nothing from LIBRA, a synthesizer, the
// simulator or the verifier.
// RUN: llvm-nm -C %tacos_build/unittests/DialectsOnlyTests \
// RUN:   | FileCheck %s --check-prefix=NM --implicit-check-not=Z3_ \
// RUN:       --implicit-check-not=nlopt_ --implicit-check-not=tacos::libra:: \
// RUN:       --implicit-check-not=tacos::synthesize \
// RUN:       --implicit-check-not=tacos::simulate \
// RUN:       --implicit-check-not=tacos::verifyAlgorithm \
// RUN:       --implicit-check-not=tacos::buildVerificationSpec
// NM-DAG: tacos::topo::TopoDialect::initialize
// NM-DAG: tacos::coll::CollDialect::initialize
