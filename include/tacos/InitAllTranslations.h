//===- InitAllTranslations.h - Register every tacos translation -*- C++ -*-===//
//
// For tacos-translate and for tools that embed tacos, as upstream's
// mlir/InitAllTranslations.h: one call registers every translation in and
// out of tacos IR with its command-line options. A new importer or exporter
// (lib/Target/<Format>) is added to registerAllTranslations and to
// TACOSInitAllTranslations' libraries, and nowhere else.
//
//===----------------------------------------------------------------------===//

#ifndef TACOS_INITALLTRANSLATIONS_H
#define TACOS_INITALLTRANSLATIONS_H

namespace tacos {

/// Registers upstream's SMT-LIB export (--export-smtlib, for the output of
/// convert-coll-to-smt), the LIBRA / ASTRA-sim imports
/// (--import-libra-network, --import-astra-workload) and the LLVM IR export
/// of tacos-lower-to-llvm's output (--mlir-to-llvmir), and the Chrome trace
/// and Graphviz exports (--export-chrome-trace, --export-dot).
void registerAllTranslations();

} // namespace tacos

#endif // TACOS_INITALLTRANSLATIONS_H
