//===- MSCCLPPExport.cpp - coll.algorithm as an MSCCL++ plan --------------===//
//
// Options, the choice of the algorithm, and the refusals (unmaterialized,
// rejected by coll-verify, beyond the format); the plan and the JSON are
// exec::mscclpp's.
//
//===----------------------------------------------------------------------===//

#include "tacos/Target/MSCCLPP/MSCCLPPExport.h"
#include "tacos/Target/Common/GuardedTranslation.h"

#include "tacos/Dialect/Coll/IR/CollDialect.h"
#include "tacos/Dialect/Coll/Verification/AlgorithmModel.h"
#include "tacos/Target/Common/ExportedAlgorithm.h"
#include "tacos/Dialect/Topo/IR/TopoDialect.h"
#include "tacos/Execution/MSCCLPPPlan.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/Tools/mlir-translate/Translation.h"
#include "llvm/Support/CommandLine.h"

#include <sstream>

using namespace mlir;
using namespace tacos;
using namespace tacos::coll;

namespace {

constexpr const char *kName = "export-mscclpp-plan";

/// Created by registerMSCCLPPExportTranslation, so that tools that do not
/// register the translation do not get the options either.
struct Options {
  llvm::cl::OptionCategory category{"MSCCL++ execution plan export options"};
  llvm::cl::opt<std::string> name{
      "mscclpp-name",
      llvm::cl::desc("The plan's name (default: the algorithm's symbol)"),
      llvm::cl::cat(category)};
  llvm::cl::opt<std::string> protocol{
      "mscclpp-protocol",
      llvm::cl::desc("Simple (the only one written; LL needs packet "
                     "operations)"),
      llvm::cl::init("Simple"), llvm::cl::cat(category)};
  llvm::cl::opt<uint64_t> minMessageSize{
      "mscclpp-min-message-size",
      llvm::cl::desc("Smallest message (bytes) the executor runs it for"),
      llvm::cl::init(0), llvm::cl::cat(category)};
  llvm::cl::opt<uint64_t> maxMessageSize{
      "mscclpp-max-message-size",
      llvm::cl::desc("Largest message (bytes) the executor runs it for "
                     "(default: no limit)"),
      llvm::cl::init(UINT64_MAX), llvm::cl::cat(category)};
  llvm::cl::opt<uint32_t> threadsPerBlock{
      "mscclpp-threads-per-block",
      llvm::cl::desc("num_threads_per_block, 1 to 1024 (default 1024)"),
      llvm::cl::init(exec::mscclpp::kDefaultThreadsPerBlock),
      llvm::cl::cat(category)};
  llvm::cl::opt<uint32_t> maxThreadblocks{
      "mscclpp-max-threadblocks",
      llvm::cl::desc("Refuse plans with more threadblocks per GPU (all must "
                     "be resident at once: at most the GPU's SMs); 0: no "
                     "limit"),
      llvm::cl::init(0), llvm::cl::cat(category)};
};
Options *options = nullptr;

/// The options the plan does not depend on the algorithm for.
LogicalResult checkOptions(Operation *root) {
  if (options->protocol == "LL")
    return emitError(root->getLoc())
           << kName << ": protocol 'LL' is not written: LL plans move data "
           << "with packet operations (ppkt, upkt, ...) into scratch; use "
           << "'Simple'";
  if (options->protocol != "Simple")
    return emitError(root->getLoc())
           << kName << ": unknown protocol '" << options->protocol
           << "'; expected 'Simple'";
  if (options->maxMessageSize < options->minMessageSize)
    return emitError(root->getLoc())
           << kName << ": the message size window ["
           << options->minMessageSize.getValue() << ", "
           << options->maxMessageSize.getValue() << "] is empty";
  if (options->threadsPerBlock == 0 || options->threadsPerBlock > 1024)
    return emitError(root->getLoc())
           << kName << ": --mscclpp-threads-per-block="
           << options->threadsPerBlock.getValue()
           << " is outside [1, 1024], the executor kernel's bounds";
  return success();
}

LogicalResult exportAlgorithm(Operation *root, llvm::raw_ostream &output) {
  if (failed(checkOptions(root)))
    return failure();
  FailureOr<AlgorithmOp> algorithm = chooseExportedAlgorithm(root, kName);
  if (failed(algorithm))
    return failure();
  SymbolTableCollection symbols;
  FailureOr<AlgorithmModel> model =
      buildVerifiedAlgorithmModel(*algorithm, symbols, kName, "export");
  if (failed(model))
    return failure();
  exec::mscclpp::Options planOptions;
  planOptions.name = options->name.empty() ? algorithm->getSymName().str()
                                           : options->name.getValue();
  planOptions.minMessageSize = options->minMessageSize;
  planOptions.maxMessageSize = options->maxMessageSize;
  planOptions.threadsPerBlock = options->threadsPerBlock;
  planOptions.maxThreadblocks = options->maxThreadblocks;
  std::string error;
  std::optional<exec::mscclpp::Plan> plan = exec::mscclpp::buildPlan(
      exec::CallShape::of(model->collective.spec,
                          model->collective.network.numNpus()),
      model->transfers.view(), planOptions, error);
  if (!plan)
    return emitErrorAt(*algorithm) << kName << ": cannot export @"
                                   << algorithm->getSymName() << ": " << error;
  std::ostringstream json;
  exec::mscclpp::writeJson(*plan, json);
  output << json.str();
  return success();
}

} // namespace

void tacos::registerMSCCLPPExportTranslation() {
  static Options storage;
  options = &storage;
  registerAlgorithmOption();
  tacos::GuardedFromMLIRRegistration registration(
      kName,
      "Translate a coll.algorithm to an MSCCL++ JSON execution plan (option: "
      "--algorithm=NAME)",
      exportAlgorithm, [](DialectRegistry &registry) {
        registry.insert<CollDialect, topo::TopoDialect>();
      });
}
