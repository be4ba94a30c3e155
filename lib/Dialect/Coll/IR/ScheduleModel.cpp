//===- ScheduleModel.cpp - coll IR <-> core schedule model ----------------===//

#include "tacos/Dialect/Coll/IR/ScheduleModel.h"

#include "mlir/IR/AsmState.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinDialect.h"
#include "mlir/IR/DialectResourceBlobManager.h"
#include "mlir/IR/BuiltinTypes.h"
#include "tacos/Dialect/Topo/IR/NetworkModel.h"
#include "tacos/Collective/ClockRange.h"

#include <cstdlib>
#include <cstring>

using namespace mlir;
using namespace tacos;
using namespace tacos::coll;

static_assert(int(Collective::all_gather) == int(CollectiveKind::AllGather) &&
                  int(Collective::scatter) == int(CollectiveKind::Scatter),
              "IR and core collective enums must agree");
static_assert(int(coll::TransferKind::reduce) ==
                  int(tacos::TransferKind::Reduce),
              "IR and core transfer kinds must agree");

CollectiveKind coll::toCore(Collective kind) { return CollectiveKind(kind); }
Collective coll::fromCore(CollectiveKind kind) { return Collective(kind); }

TransferForm coll::transferForm(AlgorithmOp algorithm) {
  return algorithm.getPacked() ? TransferForm::Packed : TransferForm::Ops;
}

/// The switch nodes of the algorithm's network: node numNpus + i is
/// names[i]. Read from the network's ops, without building its graph.
namespace {
struct SwitchNames {
  uint32_t numNpus = 0;
  std::vector<std::string> names;
  llvm::StringMap<uint32_t> ids;
};
} // namespace

static FailureOr<SwitchNames> switchNamesOf(AlgorithmOp algorithm) {
  auto networkOp = SymbolTable::lookupNearestSymbolFrom<topo::NetworkOp>(
      algorithm, algorithm.getNetworkAttr());
  if (!networkOp)
    return emitOpErrorAt(algorithm)
           << "'" << algorithm.getNetworkAttr()
           << "' does not name a topo.network, so its switches (via) cannot "
              "be read";
  if (failed(topo::checkNetwork(networkOp)))
    return failure();
  TopologySpec spec = topo::readTopologySpec(topo::collectNetworkOps(networkOp));
  SwitchNames result;
  result.numNpus = uint32_t(tacos::numNpus(spec));
  result.names = switchNames(spec);
  for (size_t i = 0; i < result.names.size(); ++i)
    result.ids.try_emplace(result.names[i], result.numNpus + uint32_t(i));
  return result;
}

/// The node ids of a list of switch symbols, or a diagnostic on `at`.
static FailureOr<std::vector<uint32_t>>
resolveSwitches(Operation *at, ArrayAttr via, const SwitchNames &switches,
                StringRef network) {
  std::vector<uint32_t> nodes;
  for (Attribute a : via) {
    auto ref = dyn_cast<FlatSymbolRefAttr>(a);
    if (!ref)
      return emitOpErrorAt(at) << "routes must list switch symbols, not " << a;
    auto it = switches.ids.find(ref.getValue());
    if (it == switches.ids.end())
      return emitOpErrorAt(at) << "@" << ref.getValue()
                               << " is not a switch of @" << network;
    nodes.push_back(it->second);
  }
  if (nodes.empty())
    return emitOpErrorAt(at) << "a route needs at least one switch";
  return nodes;
}

static InFlightDiagnostic tooManyRoutes(Operation *at) {
  return emitOpErrorAt(at) << "names more than " << RouteTable::kMaxRoutes
                           << " distinct routes, or a route of more than "
                           << RouteTable::kMaxSwitchesPerRoute << " switches";
}

FailureOr<TransferTable> coll::readTransfers(AlgorithmOp algorithm) {
  TransferTable table;
  std::optional<SwitchNames> switches;
  auto readSwitches = [&]() -> LogicalResult {
    if (switches)
      return success();
    FailureOr<SwitchNames> read = switchNamesOf(algorithm);
    if (failed(read))
      return failure();
    switches = std::move(*read);
    return success();
  };
  StringRef network = algorithm.getNetworkAttr().getValue();
  if (DenseResourceElementsAttr packed = algorithm.getPackedAttr()) {
    // The blob and its type are separate in the text (a hand-edited file
    // can change one and not the other): they must agree.
    ShapedType type = packed.getType();
    if (!type.hasStaticShape() || type.getRank() != 1 ||
        !type.getElementType().isInteger(8))
      return emitOpErrorAt(algorithm)
             << "packed transfers must be a tensor<Nxi8>, not " << type;
    DenseResourceElementsHandle handle = packed.getRawHandle();
    if (!handle.getBlob())
      return emitOpErrorAt(algorithm)
             << "packed transfers: no resource '" << handle.getKey()
             << "' in the file's dialect_resources";
    ArrayRef<char> data = packed.getData();
    if (int64_t(data.size()) != type.getNumElements())
      return emitOpErrorAt(algorithm)
             << "packed transfers: " << type << " declares "
             << type.getNumElements() << " bytes, but resource '"
             << handle.getKey() << "' holds " << data.size();
    if (data.size() % ScheduleView::kPackedBytesPerTransfer != 0)
      return emitOpErrorAt(algorithm) << "packed transfers have " << data.size()
                                      << " bytes, not a multiple of "
                                      << ScheduleView::kPackedBytesPerTransfer;
    std::optional<ScheduleView> view =
        ScheduleView::fromPacked(data.data(), data.size());
    if (!view) {
      // A blob that lost its alignment (e.g. a hand-edited file) is copied
      // into aligned storage rather than rejected.
      table.alignedCopy = std::make_shared<std::vector<int64_t>>(
          (data.size() + 7) / 8);
      std::memcpy(table.alignedCopy->data(), data.data(), data.size());
      view = ScheduleView::fromPacked(
          reinterpret_cast<const char *>(table.alignedCopy->data()),
          data.size());
    }
    table.transfers = *view;
    if (ArrayAttr routes = algorithm.getRoutesAttr()) {
      if (failed(readSwitches()))
        return failure();
      auto owned = std::make_shared<RouteTable>();
      for (Attribute entry : routes) {
        auto via = dyn_cast<ArrayAttr>(entry);
        if (!via)
          return emitOpErrorAt(algorithm)
                 << "routes must be lists of switches, not " << entry;
        FailureOr<std::vector<uint32_t>> nodes =
            resolveSwitches(algorithm, via, *switches, network);
        if (failed(nodes))
          return failure();
        if (!owned->append(*nodes))
          return tooManyRoutes(algorithm);
      }
      table.routes = owned;
      table.transfers = table.transfers.withRoutes(owned.get());
    }
    return table;
  }
  auto schedule = std::make_shared<Schedule>();
  if (!algorithm.getBody().empty()) {
    for (TransferOp op : algorithm.getBody().getOps<TransferOp>()) {
      Transfer t;
      t.chunk = uint32_t(op.getChunk());
      t.src = uint32_t(op.getSrc());
      t.dst = uint32_t(op.getDst());
      t.lane = uint16_t(op.getLane());
      t.kind = tacos::TransferKind(op.getKind());
      t.start = op.getStart();
      t.end = op.getEnd();
      if (ArrayAttr via = op.getViaAttr()) {
        if (failed(readSwitches()))
          return failure();
        FailureOr<std::vector<uint32_t>> nodes =
            resolveSwitches(op, via, *switches, network);
        if (failed(nodes))
          return failure();
        std::optional<uint16_t> route = schedule->routes().intern(*nodes);
        if (!route)
          return tooManyRoutes(op);
        t.route = *route;
      }
      schedule->push_back(t);
    }
  }
  table.transfers = schedule->view();
  table.owned = std::move(schedule);
  return table;
}

/// Empties the algorithm's transfers (and its verified marks: new transfers
/// have not been verified, see coll-verify).
static void clearTransfers(AlgorithmOp algorithm) {
  algorithm.getBody().getBlocks().clear();
  algorithm.removePackedAttr();
  algorithm.removeRoutesAttr();
  algorithm->removeAttr("coll.verified");
  algorithm->removeAttr("coll.verified_smt");
}

static void setPackedBlob(AlgorithmOp algorithm, AsmResourceBlob blob) {
  auto type = RankedTensorType::get({int64_t(blob.getData().size())},
                                    IntegerType::get(algorithm.getContext(), 8));
  algorithm.setPackedAttr(DenseResourceElementsAttr::get(
      type, (algorithm.getSymName() + "_transfers").str(), std::move(blob)));
}

/// The symbols of every route of `routes`, by route id - 1. The network
/// must exist beside the algorithm (every writer puts it there first).
static std::vector<ArrayAttr> routeSymbols(AlgorithmOp algorithm,
                                           const RouteTable &routes) {
  std::vector<ArrayAttr> symbols;
  if (routes.empty())
    return symbols;
  FailureOr<SwitchNames> switches = switchNamesOf(algorithm);
  if (failed(switches))
    llvm::report_fatal_error("writing routed transfers of an algorithm "
                             "whose network cannot be read");
  MLIRContext *context = algorithm.getContext();
  for (uint16_t r = 1; r <= routes.size(); ++r) {
    SmallVector<Attribute> refs;
    for (uint32_t node : routes.switches(r)) {
      uint32_t index = node - switches->numNpus;
      if (node < switches->numNpus || index >= switches->names.size())
        llvm::report_fatal_error("a route names a node that is not a switch");
      refs.push_back(FlatSymbolRefAttr::get(context, switches->names[index]));
    }
    symbols.push_back(ArrayAttr::get(context, refs));
  }
  return symbols;
}

static void writeOps(AlgorithmOp algorithm, const ScheduleView &transfers) {
  std::vector<ArrayAttr> routes = routeSymbols(algorithm, transfers.routes());
  OpBuilder builder = OpBuilder::atBlockEnd(&algorithm.getBody().emplaceBlock());
  Location loc = algorithm.getLoc();
  for (size_t i = 0, e = transfers.size(); i < e; ++i) {
    Transfer t = transfers[i];
    TransferOp::create(builder, loc, coll::TransferKind(t.kind), t.chunk,
                       t.src, t.dst, t.lane,
                       t.route ? routes[t.route - 1] : ArrayAttr(), t.start,
                       t.end);
  }
}

/// Packed algorithms keep their route table beside the blob.
static void writeRoutes(AlgorithmOp algorithm, const RouteTable &routes) {
  if (routes.empty())
    return;
  std::vector<ArrayAttr> symbols = routeSymbols(algorithm, routes);
  algorithm.setRoutesAttr(ArrayAttr::get(
      algorithm.getContext(),
      SmallVector<Attribute>(symbols.begin(), symbols.end())));
}

void coll::writeTransfers(AlgorithmOp algorithm, const ScheduleView &transfers,
                          TransferForm form) {
  clearTransfers(algorithm);
  if (form == TransferForm::Ops)
    return writeOps(algorithm, transfers);
  size_t bytes = transfers.size() * ScheduleView::kPackedBytesPerTransfer;
  AsmResourceBlob blob = HeapAsmResourceBlob::allocate(
      bytes, ScheduleView::kPackedAlignment, /*dataIsMutable=*/true);
  transfers.packInto(blob.getMutableData().data());
  setPackedBlob(algorithm, std::move(blob));
  writeRoutes(algorithm, transfers.routes());
}

void coll::writeTransfers(AlgorithmOp algorithm, Schedule &&transfers,
                          TransferForm form) {
  if (form == TransferForm::Ops || transfers.size() == 0)
    return writeTransfers(algorithm, transfers.view(), form);
  clearTransfers(algorithm);
  writeRoutes(algorithm, transfers.routes());
  // The blob takes the schedule's buffer over: no copy of the transfers.
  PackedSchedule packed = transfers.releasePacked();
  ArrayRef<char> data(packed.bytesData(), packed.size());
  setPackedBlob(algorithm,
                AsmResourceBlob(
                    data, ScheduleView::kPackedAlignment,
                    [](void *p, size_t, size_t) { std::free(p); },
                    /*dataIsMutable=*/true));
  packed.release();
}

tacos::LinkModel coll::toCore(coll::LinkModel model) {
  return model == coll::LinkModel::pipelined ? tacos::LinkModel::Pipelined
                                             : tacos::LinkModel::Blocking;
}
coll::LinkModel coll::fromCore(tacos::LinkModel model) {
  return model == tacos::LinkModel::Pipelined ? coll::LinkModel::pipelined
                                              : coll::LinkModel::blocking;
}

FailureOr<CollectiveModel>
coll::buildCollectiveModel(CollectiveOpInterface op,
                           SymbolTableCollection &symbols,
                           topo::NetworkModels *networks) {
  auto networkOp =
      symbols.lookupNearestSymbolFrom<topo::NetworkOp>(op, op.getNetworkAttr());
  if (!networkOp)
    return emitOpErrorAt(op)
           << "'" << op.getNetworkAttr() << "' does not name a topo.network";
  std::shared_ptr<const Network> network;
  if (networks) {
    FailureOr<std::shared_ptr<const Network>> cached = networks->get(networkOp);
    if (failed(cached))
      return failure();
    network = std::move(*cached);
  } else {
    FailureOr<Network> built = topo::buildNetworkModel(networkOp);
    if (failed(built))
      return failure();
    network = std::make_shared<const Network>(std::move(*built));
  }
  CollectiveSpec spec = op.getCollectiveSpec();
  // An algorithm's transfers are timed on its links (a request on such a
  // network is the synthesizer's to refuse, with its own message).
  if (isa<AlgorithmOp>(op.getOperation()) && network->hasUndecidedBandwidth())
    return op->emitOpError("runs on ")
           << op.getNetworkAttr()
           << ", which has undecided ('?') bandwidths: its transfers cannot "
              "be timed (run topo-allocate-bandwidth first)";
  if (std::string error = checkClockRange(*network, spec); !error.empty())
    return op->emitOpError(error);
  return CollectiveModel{networkOp, network, *network, std::move(spec)};
}

MemoryEstimate coll::estimateTransferOps(double count) {
  MemoryEstimate estimate;
  estimate.what = "writing the transfers as coll.transfer ops";
  estimate.add(count, kBytesPerTransferOp, "transfer ops");
  return estimate;
}

FailureOr<size_t> coll::countTransfers(AlgorithmOp algorithm) {
  if (std::optional<int64_t> count = algorithm.getUnmaterialized())
    return size_t(*count);
  FailureOr<TransferTable> table = readTransfers(algorithm);
  if (failed(table))
    return failure();
  return table->size();
}

AlgorithmOp coll::replaceWithAlgorithm(CollectiveOpInterface request,
                                       Schedule transfers,
                                       size_t numTransfers, int64_t timePs,
                                       tacos::LinkModel model,
                                       std::optional<TransferForm> form) {
  OpBuilder builder(request);
  Builder &b = builder;
  std::optional<ArrayRef<int64_t>> group = request.getGroup();
  std::optional<int64_t> root = request.getRoot();
  auto algorithm = AlgorithmOp::create(
      builder, request.getLoc(),
      b.getStringAttr(SymbolTable::getSymbolName(request).getValue()),
      CollectiveAttr::get(b.getContext(), fromCore(request.getCollectiveKind())),
      request.getNetworkAttr(), root ? b.getI64IntegerAttr(*root) : IntegerAttr(),
      group ? b.getDenseI64ArrayAttr(*group) : DenseI64ArrayAttr(),
      b.getI64IntegerAttr(request.getSize()),
      b.getI64IntegerAttr(request.getChunks()), b.getI64IntegerAttr(timePs),
      LinkModelAttr::get(b.getContext(), fromCore(model)),
      DenseResourceElementsAttr(), ArrayAttr(),
      form ? IntegerAttr() : b.getI64IntegerAttr(int64_t(numTransfers)));
  algorithm.getBody().emplaceBlock();
  if (form)
    writeTransfers(algorithm, std::move(transfers), *form);
  request->erase();
  return algorithm;
}

AlgorithmOp coll::createAlgorithm(OpBuilder &builder, Location loc,
                                  StringRef name, StringRef network,
                                  const CollectiveSpec &spec,
                                  const ScheduleView &transfers,
                                  int64_t timePs, tacos::LinkModel model,
                                  TransferForm form) {
  Builder &b = builder;
  auto algorithm = AlgorithmOp::create(
      builder, loc, b.getStringAttr(name),
      CollectiveAttr::get(b.getContext(), fromCore(spec.kind)),
      FlatSymbolRefAttr::get(b.getContext(), network),
      spec.root ? b.getI64IntegerAttr(*spec.root) : IntegerAttr(),
      spec.group.empty() ? DenseI64ArrayAttr()
                         : b.getDenseI64ArrayAttr(spec.group),
      b.getI64IntegerAttr(spec.sizeBytes),
      b.getI64IntegerAttr(spec.chunksPerRank), b.getI64IntegerAttr(timePs),
      LinkModelAttr::get(b.getContext(), fromCore(model)),
      DenseResourceElementsAttr(), ArrayAttr(), IntegerAttr());
  algorithm.getBody().emplaceBlock();
  writeTransfers(algorithm, transfers, form);
  return algorithm;
}
