//===- LLVMIRExport.h - LLVM-dialect modules as LLVM IR ---------*- C++ -*-===//
//
// `--mlir-to-llvmir` for tacos-translate: what tacos-lower-to-llvm makes,
// printed as LLVM IR for clang or llc. Upstream's registration of the same
// name registers the LLVM IR translation of every dialect (OpenMP, GPU,
// NVVM, ...); this one knows builtin and llvm only, which is all the
// pipeline leaves.
//
//===----------------------------------------------------------------------===//

#ifndef TACOS_TARGET_LLVMIR_LLVMIREXPORT_H
#define TACOS_TARGET_LLVMIR_LLVMIREXPORT_H

namespace tacos {

/// Registers `--mlir-to-llvmir`.
void registerLLVMIRExportTranslation();

} // namespace tacos

#endif // TACOS_TARGET_LLVMIR_LLVMIREXPORT_H
