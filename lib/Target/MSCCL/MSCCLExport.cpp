//===- MSCCLExport.cpp - coll.algorithm as MSCCL-IR XML -------------------===//
//
// Options, the choice of the algorithm, the size window (given, or derived
// from the chunk size by exec::msccl::defaultWindow), and the refusals
// (unmaterialized, rejected by coll-verify, beyond the format); the program
// and the XML are exec::msccl's.
//
//===----------------------------------------------------------------------===//

#include "tacos/Target/MSCCL/MSCCLExport.h"
#include "tacos/Target/Common/GuardedTranslation.h"

#include "tacos/Dialect/Coll/IR/CollDialect.h"
#include "tacos/Dialect/Coll/Verification/AlgorithmModel.h"
#include "tacos/Target/Common/ExportedAlgorithm.h"
#include "tacos/Dialect/Topo/IR/TopoDialect.h"
#include "tacos/Execution/MSCCLProgram.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/Tools/mlir-translate/Translation.h"
#include "llvm/Support/CommandLine.h"

#include <sstream>

using namespace mlir;
using namespace tacos;
using namespace tacos::coll;

namespace {

constexpr const char *kName = "export-msccl-xml";

/// Created by registerMSCCLExportTranslation, so that tools that do not
/// register the translation do not get the options either.
struct Options {
  llvm::cl::OptionCategory category{"MSCCL-IR XML export options"};
  llvm::cl::opt<std::string> protocol{
      "msccl-protocol", llvm::cl::desc("Simple, LL or LL128 (default Simple)"),
      llvm::cl::init("Simple"), llvm::cl::cat(category)};
  llvm::cl::opt<uint64_t> minBytes{
      "msccl-min-bytes",
      llvm::cl::desc("Smallest call size (bytes) the executor picks it for "
                     "(default: half the algorithm's buffer, nchunksperloop "
                     "times its chunk size)"),
      llvm::cl::init(0), llvm::cl::cat(category)};
  llvm::cl::opt<uint64_t> maxBytes{
      "msccl-max-bytes",
      llvm::cl::desc("Largest call size (bytes) it is picked for (default: "
                     "twice the algorithm's buffer; 0: no bound)"),
      llvm::cl::init(0), llvm::cl::cat(category)};
  llvm::cl::opt<bool> astraSim{
      "msccl-astra-sim",
      llvm::cl::desc("Only s, r, rrc and nop steps with srcoff == dstoff, for "
                     "ASTRA-sim's converter"),
      llvm::cl::init(false), llvm::cl::cat(category)};
  llvm::cl::opt<bool> fuse{
      "msccl-fuse",
      llvm::cl::desc("Fuse forwards into rcs/rrs/rrcs steps and aggregate "
                     "chunks moved together into cnt > 1 steps (default on; "
                     "never in the ASTRA-sim mode)"),
      llvm::cl::init(true), llvm::cl::cat(category)};
};
Options *options = nullptr;

/// The algorithm to export: the one named, or the only one.
LogicalResult exportAlgorithm(Operation *root, llvm::raw_ostream &output) {
  std::optional<exec::msccl::Protocol> protocol =
      exec::msccl::parseProtocol(options->protocol);
  if (!protocol)
    return emitError(root->getLoc())
           << kName << ": unknown protocol '" << options->protocol
           << "'; expected 'Simple', 'LL' or 'LL128'";
  FailureOr<AlgorithmOp> algorithm = chooseExportedAlgorithm(root, kName);
  if (failed(algorithm))
    return failure();
  SymbolTableCollection symbols;
  FailureOr<AlgorithmModel> model =
      buildVerifiedAlgorithmModel(*algorithm, symbols, kName, "export");
  if (failed(model))
    return failure();
  exec::msccl::Options programOptions;
  programOptions.name = algorithm->getSymName().str();
  programOptions.protocol = *protocol;
  programOptions.astraSim = options->astraSim;
  programOptions.fuse = options->fuse;
  std::string error;
  std::optional<exec::msccl::Program> program = exec::msccl::buildProgram(
      exec::CallShape::of(model->collective.spec,
                          model->collective.network.numNpus()),
      model->transfers.view(), programOptions, error);
  if (!program)
    return emitErrorAt(*algorithm) << kName << ": cannot export @"
                                   << algorithm->getSymName() << ": " << error;
  // The window: what the user gives, the rest from the chunk size.
  auto [minBytes, maxBytes] = exec::msccl::defaultWindow(
      *program,
      model->collective.spec.chunkSizes(model->collective.network.numNpus())
          .largest());
  if (options->minBytes.getNumOccurrences())
    minBytes = options->minBytes;
  if (options->maxBytes.getNumOccurrences())
    maxBytes = options->maxBytes;
  if (maxBytes != 0 && maxBytes < minBytes)
    return emitError(root->getLoc())
           << kName << ": the size window [" << minBytes << ", " << maxBytes
           << "] is empty";
  program->minBytes = minBytes;
  program->maxBytes = maxBytes;
  std::ostringstream xml;
  exec::msccl::writeXml(*program, xml);
  output << xml.str();
  return success();
}

} // namespace

void tacos::registerMSCCLExportTranslation() {
  static Options storage;
  options = &storage;
  registerAlgorithmOption();
  tacos::GuardedFromMLIRRegistration registration(
      kName,
      "Translate a coll.algorithm to MSCCL-IR XML (option: --algorithm=NAME)",
      exportAlgorithm,
      [](DialectRegistry &registry) {
        registry.insert<CollDialect, topo::TopoDialect>();
      });
}
