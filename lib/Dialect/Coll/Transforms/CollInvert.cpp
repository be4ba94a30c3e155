//===- CollInvert.cpp - Invert algorithms ---------------------------------===//

#include "tacos/Dialect/Coll/Verification/AlgorithmModel.h"
#include "tacos/Dialect/Coll/IR/ScheduleModel.h"
#include "tacos/Dialect/Coll/Transforms/Passes.h"
#include "tacos/Dialect/Topo/IR/NetworkModel.h"
#include "tacos/Synthesis/Inversion.h"

#include "mlir/IR/Builders.h"

namespace tacos::coll {
#define GEN_PASS_DEF_COLLINVERT
#include "tacos/Dialect/Coll/Transforms/Passes.h.inc"
} // namespace tacos::coll

using namespace mlir;
using namespace tacos;
using namespace tacos::coll;

namespace {
struct CollInvertPass : coll::impl::CollInvertBase<CollInvertPass> {
  void runOnOperation() override {
    SymbolTableCollection symbols;
    for (AlgorithmOp algorithm :
         llvm::to_vector(getOperation().getOps<AlgorithmOp>()))
      if (failed(invert(algorithm, symbols)))
        return signalPassFailure();
  }

  LogicalResult invert(AlgorithmOp algorithm, SymbolTableCollection &symbols) {
    std::optional<CollectiveKind> inverse =
        inverseOf(algorithm.getCollectiveKind());
    if (!inverse) {
      // Other algorithms of the same file are still worth inverting.
      mlir::emitRemark(algorithm.getLoc(), "coll-invert: ")
          << collectiveName(algorithm.getCollectiveKind())
          << " has no inverse; left as it is";
      return success();
    }
    FailureOr<AlgorithmModel> model =
        buildAlgorithmModel(algorithm, symbols, "coll-invert");
    if (failed(model))
      return failure();
    const CollectiveModel &collective = model->collective;
    Schedule inverted;
    std::string error =
        invertAlgorithm(collective.spec, collective.network.numNpus(),
                        model->transfers.view(), algorithm.getTime(),
                        inverted);
    if (!error.empty())
      return emitErrorAt(algorithm) << "coll-invert: " << error;

    if (!isSymmetric(collective.network))
      algorithm.setNetworkAttr(
          transposedNetwork(collective.networkOp, collective.network));
    algorithm.setCollective(fromCore(*inverse));
    writeTransfers(algorithm, std::move(inverted), transferForm(algorithm));
    return success();
  }

  /// `@<name>_transposed` next to the network, created once; inverting an
  /// algorithm on it again finds the original, which is its transpose.
  FlatSymbolRefAttr transposedNetwork(topo::NetworkOp network,
                                      const Network &model) {
    std::string name = (network.getSymName() + "_transposed").str();
    if (StringRef(network.getSymName()).ends_with("_transposed"))
      name = network.getSymName().drop_back(strlen("_transposed")).str();
    ModuleOp module = getOperation();
    if (!SymbolTable::lookupSymbolIn(module, name)) {
      OpBuilder builder(network);
      builder.setInsertionPointAfter(network);
      auto created =
          topo::NetworkOp::create(builder, network.getLoc(), name);
      topo::writeExplicitNetwork(created, transposed(model));
    }
    return FlatSymbolRefAttr::get(&getContext(), name);
  }
};
} // namespace
