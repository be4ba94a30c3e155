//===- MSCCLImportTranslation.cpp - MSCCL-IR XML -> tacos IR --------------===//
//
// Options, the network (given, or derived from the threadblocks' peers), the
// located diagnostics, and the IR written through the model conversions
// (writeExplicitNetwork, createAlgorithm). Reading and running the program
// is exec::msccl's (tacos/Execution/MSCCLImport.h).
//
//===----------------------------------------------------------------------===//

#include "tacos/Target/MSCCL/MSCCLImport.h"

#include "tacos/Dialect/Coll/IR/CollDialect.h"
#include "tacos/Dialect/Coll/IR/ScheduleModel.h"
#include "tacos/Dialect/Topo/IR/NetworkModel.h"
#include "tacos/Dialect/Topo/IR/TopoDialect.h"
#include "tacos/Execution/MSCCLImport.h"
#include "tacos/Network/Quantity.h"
#include "tacos/Network/SwitchPaths.h"
#include "tacos/Support/NestingDepth.h"
#include "tacos/Verification/Verifier.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/Parser/Parser.h"
#include "mlir/Tools/mlir-translate/Translation.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/SourceMgr.h"

using namespace mlir;
using namespace tacos;

namespace {

constexpr const char *kName = "import-msccl-xml";

/// Created by registerMSCCLImportTranslation, so that tools that do not
/// register the translation do not get the options either.
struct Options {
  llvm::cl::OptionCategory category{"MSCCL-IR XML import options"};
  llvm::cl::opt<std::string> network{
      "msccl-network",
      llvm::cl::desc("A .mlir file with the topo.network to run the program "
                     "on (default: one link per ordered pair of GPUs that "
                     "communicate)"),
      llvm::cl::value_desc("file"), llvm::cl::cat(category)};
  llvm::cl::opt<std::string> networkName{
      "msccl-network-name",
      llvm::cl::desc("Symbol of the topo.network in --msccl-network (default: "
                     "the only one)"),
      llvm::cl::value_desc("sym"), llvm::cl::cat(category)};
  llvm::cl::opt<std::string> bandwidth{
      "msccl-bandwidth",
      llvm::cl::desc("Bandwidth of each derived link (default 50 GBps)"),
      llvm::cl::init("50 GBps"), llvm::cl::cat(category)};
  llvm::cl::opt<std::string> latency{
      "msccl-latency",
      llvm::cl::desc("Latency of each derived link (default 1 us)"),
      llvm::cl::init("1 us"), llvm::cl::cat(category)};
  llvm::cl::opt<uint64_t> chunkBytes{
      "msccl-chunk-bytes",
      llvm::cl::desc("Bytes of one chunk (default 1048576)"),
      llvm::cl::init(1 << 20), llvm::cl::cat(category)};
  llvm::cl::opt<uint64_t> size{
      "msccl-size",
      llvm::cl::desc("Size of the request in bytes, as coll ops write it "
                     "(instead of --msccl-chunk-bytes; chunks may then differ "
                     "by a byte)"),
      llvm::cl::cat(category)};
  llvm::cl::opt<std::string> linkModel{
      "msccl-link-model",
      llvm::cl::desc("blocking or pipelined (default blocking)"),
      llvm::cl::init("blocking"), llvm::cl::cat(category)};
  llvm::cl::opt<int64_t> root{
      "msccl-root",
      llvm::cl::desc("Root GPU of a rooted collective (default: the one GPU "
                     "that never receives, or never sends)"),
      llvm::cl::init(-1), llvm::cl::cat(category)};
  llvm::cl::opt<std::string> ranks{
      "msccl-ranks",
      llvm::cl::desc("NPU of each GPU, comma-separated (default: GPU g is NPU "
                     "g); the collective's group on --msccl-network"),
      llvm::cl::value_desc("npu,npu,..."), llvm::cl::cat(category)};
  llvm::cl::opt<std::string> name{
      "msccl-name",
      llvm::cl::desc("Symbol of the algorithm (default: the program's name)"),
      llvm::cl::value_desc("sym"), llvm::cl::cat(category)};
};
Options *options = nullptr;

InFlightDiagnostic optionError(MLIRContext *context, const char *option) {
  return emitError(UnknownLoc::get(context))
         << kName << ": --" << option << ": ";
}

/// A bare MLIR identifier: other characters become '_'.
std::string symbolFrom(llvm::StringRef text, llvm::StringRef fallback) {
  std::string name;
  for (char c : text)
    name += llvm::isAlnum(c) || c == '_' || c == '$' || c == '.' ? c : '_';
  if (name.empty())
    return fallback.str();
  if (!llvm::isAlpha(name[0]) && name[0] != '_')
    name.insert(name.begin(), '_');
  return name;
}

/// The derived network: one link per ordered pair that exchanges messages.
/// Channels share their pair's link: they are the executor's parallelism
/// over one connection, not extra hardware.
std::optional<Network> deriveNetwork(const exec::msccl::ParsedProgram &parsed,
                                     MLIRContext *context) {
  double bps = 0;
  std::string err = parseBandwidth(options->bandwidth.getValue(), bps);
  if (err.empty() && bps <= 0)
    err = "the bandwidth must be positive";
  if (!err.empty()) {
    optionError(context, "msccl-bandwidth") << err;
    return std::nullopt;
  }
  int64_t latencyPs = 0;
  err = parseTime(options->latency.getValue(), latencyPs);
  // topo.link takes positive latencies only.
  if (err.empty() && latencyPs <= 0)
    err = "the latency must be positive";
  if (!err.empty()) {
    optionError(context, "msccl-latency") << err;
    return std::nullopt;
  }
  NetworkBuilder builder(uint32_t(parsed.program.gpus.size()));
  LinkSpec spec;
  spec.bandwidthBps = bps;
  spec.latencyPs = latencyPs;
  for (const exec::msccl::PeerPair &pair : exec::msccl::peerPairs(parsed))
    builder.addLink(pair.src, pair.dst, spec);
  return builder.build();
}

/// The topo.network of a file: the one named, or the only one.
FailureOr<topo::NetworkOp> readNetworkFile(OwningOpRef<ModuleOp> &file,
                                           llvm::SourceMgr &sourceMgr,
                                           MLIRContext *context) {
  std::string path = options->network.getValue();
  auto buffer = llvm::MemoryBuffer::getFile(path);
  if (!buffer) {
    optionError(context, "msccl-network")
        << "cannot read " << path << ": " << buffer.getError().message();
    return failure();
  }
  unsigned id = sourceMgr.AddNewSourceBuffer(std::move(*buffer), llvm::SMLoc());
  if (failed(tacos::checkNestingDepth(sourceMgr, context, id)))
    return failure();
  file = parseSourceFile<ModuleOp>(sourceMgr, ParserConfig(context));
  if (!file)
    return failure();
  SmallVector<topo::NetworkOp> networks;
  llvm::StringRef wanted =
      llvm::StringRef(options->networkName.getValue()).ltrim('@');
  file->walk([&](topo::NetworkOp op) {
    if (wanted.empty() || op.getSymName() == wanted)
      networks.push_back(op);
  });
  if (!wanted.empty() && networks.empty()) {
    optionError(context, "msccl-network-name")
        << path << " has no topo.network @" << wanted;
    return failure();
  }
  if (networks.size() != 1) {
    // At the network that makes one too many, or at the start of the file.
    Location at = networks.size() > 1
                      ? networks[1].getLoc()
                      : Location(FileLineColLoc::get(context, path, 1, 1));
    emitError(at) << kName << ": --msccl-network: " << path << " has "
        << networks.size()
        << " topo.network ops; choose one with --msccl-network-name";
    return failure();
  }
  return networks.front();
}

/// --msccl-ranks as NPU ids.
std::optional<std::vector<uint32_t>> parseRanks(MLIRContext *context) {
  std::vector<uint32_t> ranks;
  SmallVector<llvm::StringRef> parts;
  llvm::StringRef(options->ranks.getValue()).split(parts, ',');
  for (llvm::StringRef part : parts) {
    uint32_t npu;
    if (part.trim().getAsInteger(10, npu)) {
      optionError(context, "msccl-ranks")
          << "expected comma-separated NPU ids, got '" << part << "'";
      return std::nullopt;
    }
    ranks.push_back(npu);
  }
  return ranks;
}

OwningOpRef<Operation *>
importXml(const std::shared_ptr<llvm::SourceMgr> &sourceMgr,
          MLIRContext *context) {
  context->loadDialect<topo::TopoDialect, coll::CollDialect>();
  const llvm::MemoryBuffer *buffer =
      sourceMgr->getMemoryBuffer(sourceMgr->getMainFileID());
  std::string fileName = buffer->getBufferIdentifier().str();
  auto locOf = [&](xml::Position at) -> Location {
    return FileLineColLoc::get(context, fileName, at.line, at.column);
  };

  exec::msccl::ImportOptions importOptions;
  importOptions.chunkBytes = options->chunkBytes;
  // Unset is the option's absence: --msccl-size=0 is a size, and no valid one.
  if (options->size.getNumOccurrences()) {
    if (options->size == 0) {
      optionError(context, "msccl-size")
          << "a collective of 0 bytes moves nothing; give its size in bytes "
             "(at least 1)";
      return nullptr;
    }
    importOptions.sizeBytes = options->size;
  }
  if (options->size.getNumOccurrences() &&
      options->chunkBytes.getNumOccurrences()) {
    optionError(context, "msccl-size")
        << "give either --msccl-size or --msccl-chunk-bytes";
    return nullptr;
  }
  if (options->linkModel == "blocking") {
    importOptions.model = LinkModel::Blocking;
  } else if (options->linkModel == "pipelined") {
    importOptions.model = LinkModel::Pipelined;
  } else {
    optionError(context, "msccl-link-model")
        << "expected 'blocking' or 'pipelined', got '"
        << options->linkModel.getValue() << "'";
    return nullptr;
  }
  if (options->root >= 0)
    importOptions.rootGpu = uint32_t(options->root);
  if (!options->networkName.empty() && options->network.empty()) {
    optionError(context, "msccl-network-name")
        << "needs --msccl-network (the network is derived otherwise)";
    return nullptr;
  }
  if (!options->ranks.empty()) {
    if (options->network.empty()) {
      optionError(context, "msccl-ranks")
          << "needs --msccl-network (a derived network has one NPU per GPU)";
      return nullptr;
    }
    auto ranks = parseRanks(context);
    if (!ranks)
      return nullptr;
    importOptions.npuOf = *ranks;
  }

  exec::msccl::ImportError error;
  std::optional<exec::msccl::ParsedProgram> parsed =
      exec::msccl::parseProgram(buffer->getBuffer(), error);
  if (!parsed) {
    emitError(locOf(error.at)) << error.message;
    return nullptr;
  }

  // The network: given or derived.
  OwningOpRef<ModuleOp> networkFile;
  llvm::SourceMgr networkSources;
  topo::NetworkOp givenNetwork;
  std::optional<Network> network;
  std::string networkName = "msccl";
  if (!options->network.empty()) {
    FailureOr<topo::NetworkOp> op =
        readNetworkFile(networkFile, networkSources, context);
    if (failed(op))
      return nullptr;
    FailureOr<Network> model = topo::buildNetworkModel(*op);
    if (failed(model))
      return nullptr;
    givenNetwork = *op;
    network = std::move(*model);
    networkName = op->getSymName().str();
    // Transfers are timed on the network's links: each needs a bandwidth.
    if (network->hasUndecidedBandwidth()) {
      emitError(op->getLoc())
          << "@" << networkName << " has undecided ('?') bandwidths, so the "
          << "program's transfers cannot be timed; run "
          << "topo-allocate-bandwidth first";
      return nullptr;
    }
    uint32_t gpus = uint32_t(parsed->program.gpus.size());
    if (importOptions.npuOf.empty() && gpus > network->numNpus()) {
      emitError(locOf(parsed->where.algo))
          << "the program has " << gpus << " gpus but @" << networkName
          << " has " << network->numNpus() << " NPUs";
      return nullptr;
    }
    // Fewer GPUs than NPUs: the program runs on NPUs 0..ngpus-1 (a group).
    if (importOptions.npuOf.empty())
      for (uint32_t g = 0; g < gpus; ++g)
        importOptions.npuOf.push_back(g);
    if (importOptions.npuOf.size() != gpus) {
      optionError(context, "msccl-ranks")
          << "names " << importOptions.npuOf.size() << " NPUs for "
          << gpus << " gpus";
      return nullptr;
    }
    std::vector<bool> seen(network->numNpus(), false);
    for (uint32_t npu : importOptions.npuOf) {
      if (npu < network->numNpus() && seen[npu]) {
        optionError(context, "msccl-ranks")
            << "NPU " << npu << " is named twice";
        return nullptr;
      }
      if (npu < network->numNpus())
        seen[npu] = true;
    }
    for (uint32_t npu : importOptions.npuOf)
      if (npu >= network->numNpus()) {
        optionError(context, "msccl-ranks")
            << "NPU " << npu << " is not in @" << networkName << " ("
            << network->numNpus() << " NPUs)";
        return nullptr;
      }
    for (const exec::msccl::PeerPair &pair : exec::msccl::peerPairs(*parsed)) {
      uint32_t src = importOptions.npuOf[pair.src],
               dst = importOptions.npuOf[pair.dst];
      if (!findLink(*network, src, dst, 0) &&
          switchPaths(*network, src, dst, 1).empty()) {
        emitError(locOf(pair.at))
            << "gpu " << pair.src << " sends to gpu " << pair.dst
            << ", but @" << networkName << " has no link from NPU " << src
            << " to NPU " << dst << " and no path through switches";
        return nullptr;
      }
    }
  } else {
    network = deriveNetwork(*parsed, context);
    if (!network)
      return nullptr;
  }

  std::optional<exec::msccl::ImportedAlgorithm> imported =
      exec::msccl::interpret(*parsed, *network, importOptions, error);
  if (!imported) {
    emitError(locOf(error.at)) << error.message;
    return nullptr;
  }

  // The run keeps the transfer model's values consistent with the
  // program's; the verifier checks the result all the same, so that a case
  // the run does not foresee is refused here rather than written.
  std::vector<Violation> violations = verifyAlgorithm(
      *network,
      buildVerificationSpec(imported->spec, network->numNpus(),
                            importOptions.model),
      imported->schedule.view(), imported->timePs);
  if (!violations.empty()) {
    emitError(locOf(parsed->where.algo))
        << "the program's transfers are no valid coll.algorithm: "
        << propertyName(violations.front().property) << ": "
        << violations.front().message;
    return nullptr;
  }

  std::string name = options->name.empty()
                         ? symbolFrom(parsed->program.name, "msccl_algorithm")
                         : llvm::StringRef(options->name).ltrim('@').str();
  if (name == networkName)
    name += "_algorithm";
  Location loc = locOf(parsed->where.algo);
  OwningOpRef<ModuleOp> module = ModuleOp::create(loc);
  OpBuilder builder(context);
  builder.setInsertionPointToEnd(module->getBody());
  if (givenNetwork) {
    builder.clone(*givenNetwork);
  } else {
    auto op = topo::NetworkOp::create(builder, loc, networkName);
    topo::writeExplicitNetwork(op, *network);
  }
  coll::createAlgorithm(builder, loc, name, networkName, imported->spec,
                        imported->schedule.view(), imported->timePs,
                        importOptions.model, coll::TransferForm::Ops);
  return module.release().getOperation();
}

} // namespace

void tacos::registerMSCCLImportTranslation() {
  static Options storage;
  options = &storage;
  TranslateToMLIRRegistration registration(
      kName,
      "MSCCL-IR XML -> topo.network + coll.algorithm (options: "
      "--msccl-network, --msccl-chunk-bytes, --msccl-root, --msccl-ranks, "
      "...)",
      importXml, [](DialectRegistry &registry) {
        registry.insert<coll::CollDialect, topo::TopoDialect>();
      });
}
