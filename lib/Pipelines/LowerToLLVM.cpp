//===- LowerToLLVM.cpp - A program of MPI calls to the LLVM dialect -------===//

#include "tacos/Conversion/Passes.h"
#include "tacos/Pipelines/Pipelines.h"

#include "mlir/Conversion/AffineToStandard/AffineToStandard.h"
#include "mlir/Conversion/ReconcileUnrealizedCasts/ReconcileUnrealizedCasts.h"
#include "mlir/Conversion/SCFToControlFlow/SCFToControlFlow.h"
#include "mlir/Dialect/Arith/Transforms/Passes.h"
#include "mlir/Dialect/MemRef/Transforms/Passes.h"
#include "mlir/Pass/PassRegistry.h"

using namespace mlir;

void tacos::buildLowerToLLVMPipeline(OpPassManager &pm) {
  pm.addPass(createStripTopoColl());
  // Subviews become reinterpret_casts whose offsets are affine.apply ops:
  // both must be gone before memref and arith go to LLVM.
  pm.addPass(memref::createExpandStridedMetadataPass());
  pm.addPass(createLowerAffinePass());
  pm.addPass(arith::createArithExpandOpsPass());
  pm.addPass(createSCFToControlFlowPass());
  pm.addPass(createConvertMPIProgramToLLVM());
  pm.addPass(createReconcileUnrealizedCastsPass());
}

void tacos::registerLowerToLLVMPipeline() {
  PassPipelineRegistration<>(
      "tacos-lower-to-llvm",
      "Lower a module of func/mpi/memref/scf/arith/ub ops to the LLVM dialect",
      buildLowerToLLVMPipeline);
}
