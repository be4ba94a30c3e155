//===- Compile.h - tacos-run: lower, compile and link ahead of time -*- C++ -*-===//
//
// tacos-run compiles once, before mpirun starts: one object file and one
// shared object that every rank loads. With 2 cores and up to 16 ranks, a
// JIT inside each rank would compile the same module 16 times over on
// cores the ranks need to run, and make every rank link LLVM and MLIR.
//
//===----------------------------------------------------------------------===//

#ifndef TACOS_TOOLS_TACOS_RUN_COMPILE_H
#define TACOS_TOOLS_TACOS_RUN_COMPILE_H

#include "mlir/IR/BuiltinOps.h"
#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"

#include <string>

namespace tacos::run {

/// Runs a textual pass pipeline (e.g. "convert-coll-to-mpi{...},
/// tacos-lower-to-llvm") on `module`. Errors go to the context's
/// diagnostic handler; an unknown pass name fails here, not at build time.
mlir::LogicalResult runPipeline(mlir::ModuleOp module, llvm::StringRef pipeline);

/// Translates an LLVM-dialect module to LLVM IR, optimizes it at O2 for
/// `cpu` (empty: this machine's CPU and all its features; "generic" or a
/// name LLVM knows: that CPU, for ranks on other hosts) and writes a
/// position-independent object file; with `irPath`, also the optimized
/// LLVM IR. Returns an error message, empty on success.
std::string emitObject(mlir::ModuleOp module, llvm::StringRef objectPath,
                       llvm::StringRef irPath = "", llvm::StringRef cpu = "");

/// Links `object` into the shared object `library` with the system compiler
/// driver `cc` (`cc -shared`), adding `libraries` (paths). Returns an error
/// message, empty on success.
std::string linkSharedObject(llvm::StringRef cc, llvm::StringRef object,
                             llvm::StringRef library,
                             llvm::ArrayRef<std::string> libraries);

} // namespace tacos::run

#endif // TACOS_TOOLS_TACOS_RUN_COMPILE_H
