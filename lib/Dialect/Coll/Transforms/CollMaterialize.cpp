//===- CollMaterialize.cpp - Choose the storage form of transfers ---------===//

#include "tacos/Dialect/Coll/IR/ScheduleModel.h"
#include "tacos/Dialect/Coll/Transforms/Passes.h"

namespace tacos::coll {
#define GEN_PASS_DEF_COLLMATERIALIZE
#include "tacos/Dialect/Coll/Transforms/Passes.h.inc"
} // namespace tacos::coll

using namespace mlir;
using namespace tacos;
using namespace tacos::coll;

namespace {
struct CollMaterializePass : coll::impl::CollMaterializeBase<CollMaterializePass> {
  using CollMaterializeBase::CollMaterializeBase;

  void runOnOperation() override {
    TransferForm target = form;
    ResourceLimits limits = resourceLimits(maxMemory, TimeoutOption());
    for (AlgorithmOp algorithm : getOperation().getOps<AlgorithmOp>()) {
      if (transferForm(algorithm) == target)
        continue;
      FailureOr<TransferTable> table = readTransfers(algorithm);
      if (failed(table))
        return signalPassFailure();
      if (target == TransferForm::Ops) {
        MemoryEstimate ops = estimateTransferOps(double(table->size()));
        ops.remedy = "keep the packed form";
        if (std::string error = checkMemory(limits, ops); !error.empty()) {
          emitErrorAt(algorithm) << "coll-materialize: " << error;
          return signalPassFailure();
        }
      }
      // Copy first: the view may point into the blob being replaced.
      Schedule copy(table->view());
      writeTransfers(algorithm, std::move(copy), target);
    }
  }
};
} // namespace
