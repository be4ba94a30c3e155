//===- InitAll.h - Register every tacos dialect and pass --------*- C++ -*-===//
//
// For tools and for compilers that embed tacos: one call each.
//
//===----------------------------------------------------------------------===//

#ifndef TACOS_INITALL_H
#define TACOS_INITALL_H

namespace mlir {
class DialectRegistry;
} // namespace mlir

namespace tacos {

/// Adds the topo and coll dialects, smt (the output of
/// convert-coll-to-smt), and the dialects of the executable back end (func,
/// mpi, memref, scf, arith, ub, cf, dlti, llvm) to `registry`.
void registerAllDialects(mlir::DialectRegistry &registry);

/// Registers every tacos pass and pipeline with the global pass registry, so
/// that `--topo-expand` etc. parse in textual pipelines. Only the first call
/// registers; later ones (from any thread) do nothing.
void registerAllPasses();

} // namespace tacos

#endif // TACOS_INITALL_H
