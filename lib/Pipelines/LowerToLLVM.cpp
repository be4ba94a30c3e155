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
  // bf16 sums run in f32, and the bf16 <-> f32 conversions become integer
  // arithmetic: Debian 12's libgcc has no __truncsfbf2, which LLVM would
  // otherwise call.
  arith::ArithEmulateUnsupportedFloatsOptions emulate;
  emulate.sourceTypeStrs = {"bf16"};
  emulate.targetTypeStr = "f32";
  pm.addPass(arith::createArithEmulateUnsupportedFloats(emulate));
  arith::ArithExpandOpsPassOptions expand;
  expand.includeBf16 = true;
  pm.addPass(arith::createArithExpandOpsPass(expand));
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
