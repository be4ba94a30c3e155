//===- LibraImport.cpp - LIBRA / ASTRA-sim inputs -> tacos IR -------------===//
//
// The two translations: options, then IR built through the model
// conversions (createDimsNetwork, createWorkload) so that the IR spelling
// lives in one place. The files are read by LibraInputs.cpp and
// AstraLayers.cpp, which point every problem at its token; the core
// (libra::workloadFromLayers) turns layers into the merged workload.
//
//===----------------------------------------------------------------------===//

#include "tacos/Target/Libra/LibraImport.h"

#include "LibraInputs.h"

#include "tacos/Dialect/Coll/Libra/WorkloadModel.h"
#include "tacos/Dialect/Topo/Libra/BandwidthModel.h"
#include "tacos/Network/Quantity.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/Tools/mlir-translate/Translation.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"

#include <cmath>

using namespace mlir;
using namespace tacos;
using namespace tacos::libra_import;

namespace {

//===----------------------------------------------------------------------===//
// Options
//===----------------------------------------------------------------------===//

/// Created by registerLibraImportTranslations, so that tools that do not
/// register the translations do not get the options either.
struct Options {
  llvm::cl::OptionCategory category{"LIBRA / ASTRA-sim import options"};
  llvm::cl::opt<std::string> costModel{
      "cost-model",
      llvm::cl::desc("LIBRA cost model (.yml): topo.price per tier"),
      llvm::cl::value_desc("yml"), llvm::cl::cat(category)};
  llvm::cl::opt<std::string> totalBandwidth{
      "total-bandwidth",
      llvm::cl::desc("Add `topo.constraint sum == <bandwidth>`"),
      llvm::cl::value_desc("e.g. '500 GBps'"), llvm::cl::cat(category)};
  llvm::cl::opt<std::string> linkLatency{
      "link-latency", llvm::cl::desc("Latency of every link (default 1 us)"),
      llvm::cl::value_desc("time"), llvm::cl::init("1 us"),
      llvm::cl::cat(category)};
  llvm::cl::opt<std::string> networkName{
      "network-name",
      llvm::cl::desc("Symbol of the network (default libra<N>d)"),
      llvm::cl::value_desc("sym"), llvm::cl::cat(category)};
  llvm::cl::opt<std::string> workloadName{
      "workload-name",
      llvm::cl::desc("Symbol of the workload (default: the layer file's stem)"),
      llvm::cl::value_desc("sym"), llvm::cl::cat(category)};
  llvm::cl::opt<std::string> communicator{
      "communicator",
      llvm::cl::desc("LIBRA communicator (.yml), for --import-astra-workload"),
      llvm::cl::value_desc("yml"), llvm::cl::cat(category)};
  llvm::cl::opt<std::string> network{
      "network",
      llvm::cl::desc("LIBRA network (.yml), for --import-astra-workload"),
      llvm::cl::value_desc("yml"), llvm::cl::cat(category)};
};
Options *options = nullptr;

//===----------------------------------------------------------------------===//
// Translations
//===----------------------------------------------------------------------===//

/// A bare MLIR identifier from a file name: other characters become '_'.
std::string symbolFromFileName(llvm::StringRef path) {
  llvm::StringRef stem = llvm::sys::path::stem(path);
  if (path == "<stdin>" || stem.empty())
    return "workload";
  std::string name;
  for (char c : stem)
    name += llvm::isAlnum(c) || c == '_' || c == '$' || c == '.' ? c : '_';
  if (!llvm::isAlpha(name[0]) && name[0] != '_')
    name.insert(name.begin(), '_');
  return name;
}

/// What both translations share: the network and its options.
struct NetworkInputs {
  LibraNetwork network;
  std::vector<libra::TierPrice> prices;
  std::optional<double> totalGBps;
  std::string name;
  Location loc;
};

/// Reads the options and the network file; reports every problem.
std::optional<NetworkInputs> readNetworkInputs(InputFile &networkFile) {
  MLIRContext *context = networkFile.context;
  int64_t latencyPs = 0;
  if (std::string err = parseTime(options->linkLatency.getValue(), latencyPs);
      !err.empty()) {
    optionError(context, "link-latency") << err;
    return std::nullopt;
  }
  NetworkInputs in{{}, {}, {}, "", networkFile.loc()};
  if (!options->totalBandwidth.getValue().empty()) {
    double bps = 0;
    std::string err = parseBandwidth(options->totalBandwidth.getValue(), bps);
    if (err.empty() && bps <= 0)
      err = "the total bandwidth must be positive";
    if (!err.empty()) {
      optionError(context, "total-bandwidth") << err;
      return std::nullopt;
    }
    in.totalGBps = bps / 1e9;
  }

  if (!readNetwork(networkFile, latencyPs, in.network))
    return std::nullopt;
  in.name = llvm::StringRef(options->networkName.getValue()).ltrim('@').str();
  if (in.name.empty())
    in.name = "libra" + std::to_string(in.network.dims.size()) + "d";

  if (!options->costModel.getValue().empty()) {
    auto costFile =
        InputFile::open(options->costModel.getValue(), "cost-model", context);
    if (!costFile)
      return std::nullopt;
    if (!readCostModel(*costFile, in.prices))
      return std::nullopt;
    // Not an error: bandwidth allocation for performance needs no prices.
    for (size_t d = 0; d < in.network.dims.size(); ++d) {
      const std::string &tier = in.network.dims[d].link.tier;
      if (llvm::none_of(in.prices, [&](const libra::TierPrice &p) {
            return p.tier == tier;
          }))
        emitWarning(networkFile.loc(in.network.tierLocs[d]))
            << "tier '" << tier << "' has no price in " << costFile->name();
    }
  }
  return in;
}

OwningOpRef<ModuleOp> createModule(const NetworkInputs &in, Location loc,
                                   OpBuilder &builder) {
  // The registry only makes the dialects available; building ops needs them
  // loaded.
  builder.getContext()->loadDialect<topo::TopoDialect, coll::CollDialect>();
  OwningOpRef<ModuleOp> module = ModuleOp::create(loc);
  builder.setInsertionPointToEnd(module->getBody());
  topo::createDimsNetwork(builder, in.loc, in.name, in.network.dims, in.prices,
                          in.totalGBps);
  return module;
}

InputFile mainFile(const std::shared_ptr<llvm::SourceMgr> &sourceMgr,
                   MLIRContext *context) {
  const llvm::MemoryBuffer *buffer =
      sourceMgr->getMemoryBuffer(sourceMgr->getMainFileID());
  return InputFile(llvm::MemoryBuffer::getMemBuffer(buffer->getMemBufferRef(),
                                                    /*RequiresNullTerminator=*/
                                                    false),
                   context);
}

OwningOpRef<Operation *>
importNetwork(const std::shared_ptr<llvm::SourceMgr> &sourceMgr,
              MLIRContext *context) {
  InputFile file = mainFile(sourceMgr, context);
  std::optional<NetworkInputs> in = readNetworkInputs(file);
  if (!in)
    return nullptr;
  OpBuilder builder(context);
  return createModule(*in, file.loc(), builder).release().getOperation();
}

OwningOpRef<Operation *>
importWorkload(const std::shared_ptr<llvm::SourceMgr> &sourceMgr,
               MLIRContext *context) {
  InputFile layerFile = mainFile(sourceMgr, context);
  for (auto [value, option] :
       {std::pair(&options->communicator.getValue(), "communicator"),
        std::pair(&options->network.getValue(), "network")})
    if (value->empty()) {
      emitError(UnknownLoc::get(context))
          << "--import-astra-workload needs --" << option << "=<yml>";
      return nullptr;
    }
  auto networkFile =
      InputFile::open(options->network.getValue(), "network", context);
  if (!networkFile)
    return nullptr;
  std::optional<NetworkInputs> in = readNetworkInputs(*networkFile);
  if (!in)
    return nullptr;

  auto commFile = InputFile::open(options->communicator.getValue(),
                                  "communicator", context);
  if (!commFile)
    return nullptr;
  libra::Communicator communicator;
  if (!readCommunicator(*commFile, in->network.dims, communicator))
    return nullptr;

  std::vector<libra::AstraLayer> layers;
  std::vector<llvm::SMLoc> starts;
  if (!readAstraLayers(layerFile, layers, starts))
    return nullptr;
  libra::Workload workload;
  size_t badLayer = 0;
  if (std::string err = libra::workloadFromLayers(
          layers, communicator, in->network.dims, workload, &badLayer);
      !err.empty()) {
    // At the layer's line (the file's start if the communicator is at
    // fault).
    layerFile.error(badLayer < starts.size() ? starts[badLayer]
                                             : llvm::SMLoc())
        << err;
    return nullptr;
  }
  if (workload.computeNs * 1e3 > double(kMaxTimePs)) {
    layerFile.error(llvm::SMLoc())
        << "the total compute time exceeds the limit of 1000 s";
    return nullptr;
  }

  std::string name =
      llvm::StringRef(options->workloadName.getValue()).ltrim('@').str();
  if (name.empty())
    name = symbolFromFileName(layerFile.name());
  if (name == in->name) {
    optionError(context, "workload-name")
        << "the workload and the network would both be @" << name;
    return nullptr;
  }
  OpBuilder builder(context);
  OwningOpRef<ModuleOp> module = createModule(*in, layerFile.loc(), builder);
  coll::createWorkload(builder, layerFile.loc(), name, in->name, workload,
                       in->network.dims);
  return module.release().getOperation();
}

void registerDialects(DialectRegistry &registry) {
  registry.insert<topo::TopoDialect, coll::CollDialect>();
}

} // namespace

void tacos::registerLibraImportTranslations() {
  static Options storage;
  options = &storage;
  TranslateToMLIRRegistration network(
      "import-libra-network",
      "LIBRA network .yml -> topo.network (options: --cost-model, "
      "--total-bandwidth, --link-latency, --network-name)",
      importNetwork, registerDialects);
  TranslateToMLIRRegistration workload(
      "import-astra-workload",
      "ASTRA-sim layer .txt -> topo.network + coll.workload (needs "
      "--communicator and --network; an ALLGATHER size is each NPU's shard, "
      "written as the gathered size)",
      importWorkload, registerDialects);
}
