//===- TopoSummary.cpp - Print a summary of every network -----------------===//

#include "tacos/Dialect/Topo/IR/NetworkModel.h"
#include "tacos/Dialect/Topo/Transforms/Passes.h"
#include "tacos/Network/Summary.h"
#include "tacos/Support/ReportSink.h"

#include "mlir/Support/FileUtilities.h"
#include "llvm/Support/ToolOutputFile.h"

#include <sstream>

namespace tacos::topo {
#define GEN_PASS_DEF_TOPOSUMMARY
#include "tacos/Dialect/Topo/Transforms/Passes.h.inc"
} // namespace tacos::topo

using namespace mlir;
using namespace tacos;
using namespace tacos::topo;

namespace {
struct TopoSummaryPass : topo::impl::TopoSummaryBase<TopoSummaryPass> {
  using TopoSummaryBase::TopoSummaryBase;

  void runOnOperation() override {
    std::ostringstream text;
    for (NetworkOp network : getOperation().getOps<NetworkOp>()) {
      FailureOr<Network> model = buildNetworkModel(network);
      if (failed(model))
        return signalPassFailure();
      printNetworkSummary(text, network.getSymName().str(), *model);
    }
    // The terminal, or an embedder's sink instead (ReportSink.h).
    if (output == "-") {
      writeReport(&getContext(), text.str(), llvm::outs());
      markAllAnalysesPreserved();
      return;
    }
    std::string error;
    std::unique_ptr<llvm::ToolOutputFile> file =
        openOutputFile(output, &error);
    if (!file) {
      getOperation().emitError("cannot write the summary: ") << error;
      return signalPassFailure();
    }
    file->os() << text.str();
    file->keep();
    markAllAnalysesPreserved();
  }
};
} // namespace
