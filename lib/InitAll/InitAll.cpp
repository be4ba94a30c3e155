//===- InitAll.cpp - Register every tacos dialect and pass ----------------===//

#include "tacos/InitAll.h"
#include "tacos/Dialect/Coll/Transforms/Passes.h"
#include "tacos/Conversion/Passes.h"
#include "tacos/Dialect/Topo/Transforms/Passes.h"
#include "tacos/Pipelines/Pipelines.h"

#include "mlir/Conversion/ShardToMPI/ShardToMPI.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Arith/Transforms/BufferizableOpInterfaceImpl.h"
#include "mlir/Dialect/Bufferization/IR/Bufferization.h"
#include "mlir/Dialect/Bufferization/Transforms/FuncBufferizableOpInterfaceImpl.h"
#include "mlir/Dialect/Bufferization/Transforms/Passes.h"
#include "mlir/Dialect/ControlFlow/IR/ControlFlow.h"
#include "mlir/Dialect/DLTI/DLTI.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Linalg/Passes.h"
#include "mlir/Dialect/Linalg/Transforms/BufferizableOpInterfaceImpl.h"
#include "mlir/Dialect/MPI/IR/MPI.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/SMT/IR/SMTDialect.h"
#include "mlir/Dialect/Shard/IR/ShardDialect.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Dialect/Tensor/Transforms/BufferizableOpInterfaceImpl.h"
#include "mlir/Dialect/UB/IR/UBOps.h"

#include "mlir/IR/DialectRegistry.h"

#include <mutex>

void tacos::registerAllDialects(mlir::DialectRegistry &registry) {
  // smt: the output of convert-coll-to-smt, so it can be read back.
  registry.insert<topo::TopoDialect, coll::CollDialect, mlir::smt::SMTDialect>();
  // The executable back end: what convert-coll-to-mpi makes, the DLTI entry
  // naming the MPI ABI, and what tacos-lower-to-llvm makes of it.
  registry.insert<mlir::arith::ArithDialect, mlir::cf::ControlFlowDialect,
                  mlir::DLTIDialect, mlir::func::FuncDialect,
                  mlir::LLVM::LLVMDialect, mlir::memref::MemRefDialect,
                  mlir::mpi::MPIDialect, mlir::scf::SCFDialect,
                  mlir::ub::UBDialect>();
  // The shard bridge (tacos-lower-shard-collectives): its input, and what
  // One-Shot Bufferize needs after it for functions on tensors. Only these:
  // a compiler that embeds tacos registers the rest of its own dialects.
  registry.insert<mlir::shard::ShardDialect,
                  mlir::bufferization::BufferizationDialect>();
  mlir::bufferization::func_ext::registerBufferizableOpInterfaceExternalModels(
      registry);
  // The compute of a compiled step around the collectives (examples/mlp):
  // linalg on tensors, bufferized, then lowered to loops.
  registry.insert<mlir::linalg::LinalgDialect, mlir::tensor::TensorDialect>();
  mlir::arith::registerBufferizableOpInterfaceExternalModels(registry);
  mlir::linalg::registerBufferizableOpInterfaceExternalModels(registry);
  mlir::tensor::registerBufferizableOpInterfaceExternalModels(registry);
}

void tacos::registerAllPasses() {
  // The registry is global and a name registered twice is a fatal error;
  // embedders (the C API, Python) may call this from several places.
  static std::once_flag once;
  std::call_once(once, [] {
    topo::registerTopoPasses();
    coll::registerCollPasses();
    registerConversionPasses();
    registerTacosPipeline();
    registerLowerToLLVMPipeline();
    // Runs after the shard bridge on functions on tensors.
    mlir::bufferization::registerOneShotBufferizePass();
    // linalg on buffers to scf loops, before tacos-lower-to-llvm.
    mlir::registerConvertLinalgToLoopsPass();
    // Upstream's lowering of shard.all_reduce to MPI_Allreduce, to compare
    // with (examples/mlp) or to run after the bridge on the ops it leaves.
    mlir::registerPass([] { return mlir::createConvertShardToMPIPass(); });
  });
}
