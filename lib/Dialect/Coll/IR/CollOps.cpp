//===- CollOps.cpp - Operations of the coll dialect -----------------------===//

#include "tacos/Dialect/Coll/IR/CollDialect.h"
#include "tacos/Dialect/Coll/IR/ScheduleModel.h"
#include "tacos/Dialect/Coll/IR/WorkloadSyntax.h"
#include "tacos/Dialect/Common/QuantitySyntax.h"
#include "tacos/Network/Quantity.h"

#include "mlir/IR/Builders.h"

using namespace mlir;
using namespace tacos;
using namespace tacos::coll;

//===----------------------------------------------------------------------===//
// Custom directives
//===----------------------------------------------------------------------===//

/// The body of an algorithm is printed only when it holds transfer ops, so a
/// packed algorithm is one line.
static ParseResult parseTransferBody(OpAsmParser &parser, Region &body) {
  OptionalParseResult result = parser.parseOptionalRegion(body);
  if (result.has_value() && failed(*result))
    return failure();
  return success();
}

static void printTransferBody(OpAsmPrinter &printer, Operation *,
                              Region &body) {
  if (body.empty() || body.front().empty())
    return;
  printer.printRegion(body, /*printEntryBlockArgs=*/false,
                      /*printBlockTerminators=*/false);
}

/// `via @sw` for one switch, `via [@a, @b]` for a path of several.
static ParseResult parseVia(OpAsmParser &parser, ArrayAttr &via) {
  SmallVector<Attribute> switches;
  FlatSymbolRefAttr one;
  if (succeeded(parser.parseOptionalLSquare())) {
    if (failed(parser.parseCommaSeparatedList([&]() -> ParseResult {
          FlatSymbolRefAttr ref;
          if (parser.parseAttribute(ref))
            return failure();
          switches.push_back(ref);
          return success();
        })) ||
        parser.parseRSquare())
      return failure();
  } else {
    if (parser.parseAttribute(one))
      return failure();
    switches.push_back(one);
  }
  via = parser.getBuilder().getArrayAttr(switches);
  return success();
}

static void printVia(OpAsmPrinter &printer, Operation *, ArrayAttr via) {
  if (via.size() == 1)
    return printer.printAttribute(via[0]);
  printer << "[";
  llvm::interleaveComma(via, printer,
                        [&](Attribute a) { printer.printAttribute(a); });
  printer << "]";
}

#define GET_OP_CLASSES
#include "tacos/Dialect/Coll/IR/CollOps.cpp.inc"

//===----------------------------------------------------------------------===//
// Collectives (requests and algorithms)
//===----------------------------------------------------------------------===//

CollectiveSpec CollectiveOpInterface::getCollectiveSpec() {
  CollectiveSpec spec;
  spec.kind = getCollectiveKind();
  if (std::optional<ArrayRef<int64_t>> group = getGroup())
    spec.group.assign(group->begin(), group->end());
  spec.root = getRoot();
  spec.sizeBytes = getSize();
  spec.chunksPerRank = getChunks();
  return spec;
}

/// Resolves the network and checks the collective against it. Returns the
/// network's NPU count through `numNpus`.
static LogicalResult verifyCollective(CollectiveOpInterface op,
                                      SymbolTableCollection &symbols,
                                      int64_t &numNpus) {
  FlatSymbolRefAttr ref = op.getNetworkAttr();
  auto network = symbols.lookupNearestSymbolFrom<topo::NetworkOp>(op, ref);
  if (!network)
    return emitOpErrorAt(op) << "'" << ref << "' does not name a topo.network";
  numNpus = network.getNumNpus();
  if (numNpus < 1)
    return emitOpErrorAt(op) << "network " << ref << " is malformed";
  if (std::optional<ArrayRef<int64_t>> group = op.getGroup();
      group && group->empty())
    return emitOpErrorAt(op) << "has an empty group";
  std::string error = checkCollective(op.getCollectiveSpec(), numNpus);
  if (!error.empty())
    return emitOpErrorAt(op) << error;
  return success();
}

#define TACOS_REQUEST_VERIFIER(OP)                                             \
  LogicalResult OP::verifySymbolUses(SymbolTableCollection &symbols) {         \
    int64_t numNpus;                                                           \
    return verifyCollective(*this, symbols, numNpus);                          \
  }
TACOS_REQUEST_VERIFIER(AllGatherOp)
TACOS_REQUEST_VERIFIER(ReduceScatterOp)
TACOS_REQUEST_VERIFIER(AllReduceOp)
TACOS_REQUEST_VERIFIER(AllToAllOp)
TACOS_REQUEST_VERIFIER(BroadcastOp)
TACOS_REQUEST_VERIFIER(ReduceOp)
TACOS_REQUEST_VERIFIER(GatherOp)
TACOS_REQUEST_VERIFIER(ScatterOp)
#undef TACOS_REQUEST_VERIFIER

//===----------------------------------------------------------------------===//
// AlgorithmOp
//===----------------------------------------------------------------------===//

CollectiveKind AlgorithmOp::getCollectiveKind() {
  return toCore(getCollective());
}

LogicalResult AlgorithmOp::verify() {
  if (getTime() < 0)
    return emitOpErrorAt(*this) << "has a negative time";
  bool hasOps = !getBody().empty() && !getBody().front().empty();
  if (getPacked() && hasOps)
    return emitOpErrorAt(*this)
           << "has both packed transfers and coll.transfer ops";
  if (getRoutes() && !getPacked())
    return emitOpErrorAt(*this)
           << "lists routes but has no packed transfers (coll.transfer ops "
              "name their switches with via)";
  if (getUnmaterialized() && (hasOps || getPacked()))
    return emitOpErrorAt(*this) << "is unmaterialized but has transfers";
  if (getUnmaterialized() && *getUnmaterialized() < 0)
    return emitOpErrorAt(*this) << "has a negative transfer count";
  return success();
}

LogicalResult AlgorithmOp::verifySymbolUses(SymbolTableCollection &symbols) {
  int64_t numNpus;
  if (failed(verifyCollective(*this, symbols, numNpus)))
    return failure();
  FailureOr<TransferTable> table = readTransfers(*this);
  if (failed(table))
    return failure();
  int64_t numChunks =
      CollectiveOpInterface(*this).getCollectiveSpec().numChunks(numNpus);
  // Point at the transfer op when there is one, else name the index.
  SmallVector<TransferOp> ops;
  if (!getBody().empty())
    ops = llvm::to_vector(getBody().getOps<TransferOp>());
  auto emitAt = [&](size_t i) -> InFlightDiagnostic {
    if (i < ops.size())
      return emitOpErrorAt(ops[i]);
    InFlightDiagnostic diag = emitOpErrorAt(*this);
    diag << "transfer " << i << ": ";
    return diag;
  };
  const ScheduleView &view = table->view();
  for (size_t i = 0, e = view.size(); i < e; ++i) {
    if (view.chunk(i) >= numChunks)
      return emitAt(i) << "chunk " << view.chunk(i) << " is out of range: "
                       << getNetworkAttr() << " gives " << numChunks
                       << " chunks";
    if (view.src(i) >= numNpus || view.dst(i) >= numNpus)
      return emitAt(i) << "link " << view.src(i) << " -> " << view.dst(i)
                       << " names an NPU out of range: " << getNetworkAttr()
                       << " has " << numNpus << " NPUs";
    if (view.src(i) == view.dst(i))
      return emitAt(i) << "is a self transfer on NPU " << view.src(i);
    if (view.kindByte(i) > uint8_t(tacos::TransferKind::Reduce))
      return emitAt(i) << "has an unknown kind " << int(view.kindByte(i));
    if (uint16_t route = view.route(i); route && !view.routes().has(route))
      return emitAt(i) << "names route " << route << ", but the algorithm "
                       << "lists " << view.routes().size() << " routes";
    if (view.start(i) < 0 || view.end(i) < view.start(i))
      return emitAt(i) << "has times [" << view.start(i) << ", "
                       << view.end(i) << "]; need 0 <= start <= end";
    // Every time tacos adds up stays on the clock (Network/Quantity.h).
    if (view.end(i) > kMaxClockPs)
      return emitAt(i) << "ends at " << view.end(i)
                       << " ps, past the clock's limit of 2^62 ps (about 53 "
                          "days)";
  }
  return success();
}

//===----------------------------------------------------------------------===//
// TransferOp
//===----------------------------------------------------------------------===//

/// The ranges the core's columns can hold; the network-dependent ranges are
/// checked by the algorithm.
LogicalResult TransferOp::verify() {
  auto fits32 = [](int64_t v) { return v >= 0 && v <= 0xffffffffLL; };
  if (!fits32(getChunk()))
    return emitOpError("chunk ") << getChunk() << " is out of range";
  if (!fits32(getSrc()) || !fits32(getDst()))
    return emitOpError("names an NPU out of range: ")
           << getSrc() << " -> " << getDst();
  if (getLane() < 0 || getLane() > 0xffff)
    return emitOpError("lane ") << getLane() << " is out of range [0, 65535]";
  if (getVia() && getLane() != 0)
    return emitOpError("has both a lane and via: a routed transfer takes the "
                       "first link of each hop");
  return success();
}

//===----------------------------------------------------------------------===//
// WorkloadOp
//===----------------------------------------------------------------------===//

LogicalResult WorkloadOp::verify() {
  if (getCompute() < 0)
    return emitOpError("has a negative compute time");
  double weight = getWeight().convertToDouble();
  if (!std::isfinite(weight) || weight <= 0)
    return emitOpError("weight must be positive and finite");
  return success();
}

LogicalResult WorkloadOp::verifySymbolUses(SymbolTableCollection &symbols) {
  FlatSymbolRefAttr ref = getNetworkAttr();
  auto network = symbols.lookupNearestSymbolFrom<topo::NetworkOp>(*this, ref);
  if (!network)
    return emitOpError("'") << ref << "' does not name a topo.network";
  auto dimsOps = network.getBody().getOps<topo::DimsOp>();
  if (dimsOps.empty())
    return emitOpError("needs a network with topo.dims; ")
           << ref << " has none";
  ArrayAttr dims = (*dimsOps.begin()).getDims();
  for (auto [index, attr] : llvm::enumerate(getCollectives())) {
    auto entry = cast<WorkloadCollectiveAttr>(attr);
    for (auto [i, dim] : llvm::enumerate(entry.getDims())) {
      if (dim >= int64_t(dims.size()))
        return emitOpError("collective ")
               << index << ": dimension " << dim << " is out of range: " << ref
               << " has " << dims.size() << " dimensions";
      int64_t size = cast<topo::DimAttr>(dims[dim]).getSize();
      if (!entry.getGroups().empty() && entry.getGroups()[i] > size)
        return emitOpError("collective ")
               << index << ": group size " << entry.getGroups()[i]
               << " exceeds dimension " << dim << " (" << size << " NPUs)";
    }
  }
  return success();
}

/// `@name on @network compute(<time>) (weight(<w>))? attributes? {` one
/// collective per line, as `coll.<kind> ...` `}`.
ParseResult WorkloadOp::parse(OpAsmParser &parser, OperationState &state) {
  StringAttr name;
  FlatSymbolRefAttr network;
  IntegerAttr compute;
  std::optional<double> weight;
  if (parser.parseSymbolName(name) || parser.parseKeyword("on") ||
      parser.parseAttribute(network) || parser.parseKeyword("compute") ||
      parser.parseLParen() || parseTime(parser, compute) ||
      parser.parseRParen() ||
      parseOptionalNumberIn(parser, "weight", weight) ||
      parser.parseOptionalAttrDictWithKeyword(state.attributes) ||
      parser.parseLBrace())
    return failure();
  SmallVector<Attribute> entries;
  while (failed(parser.parseOptionalRBrace())) {
    WorkloadCollectiveAttr entry;
    if (parseWorkloadCollective(parser, entry))
      return failure();
    entries.push_back(entry);
  }
  Builder &b = parser.getBuilder();
  state.addAttribute(getSymNameAttrName(state.name), name);
  state.addAttribute(getNetworkAttrName(state.name), network);
  state.addAttribute(getComputeAttrName(state.name), compute);
  if (weight)
    state.addAttribute(getWeightAttrName(state.name),
                       b.getF64FloatAttr(*weight));
  state.addAttribute(getCollectivesAttrName(state.name),
                     b.getArrayAttr(entries));
  return success();
}

void WorkloadOp::print(OpAsmPrinter &printer) {
  printer << " ";
  printer.printSymbolName(getSymName());
  printer << " on " << getNetworkAttr() << " compute(";
  printTime(printer, getCompute());
  printer << ")";
  if (getWeight().convertToDouble() != 1.0)
    printNumberIn(printer, "weight", getWeight().convertToDouble());
  printer.printOptionalAttrDictWithKeyword(
      (*this)->getAttrs(),
      {getSymNameAttrName(), getNetworkAttrName(), getComputeAttrName(),
       getWeightAttrName(), getCollectivesAttrName()});
  printer << " {";
  printer.increaseIndent();
  for (Attribute entry : getCollectives()) {
    printer.printNewline();
    printer << "coll.";
    printWorkloadCollective(printer, cast<WorkloadCollectiveAttr>(entry));
  }
  printer.decreaseIndent();
  printer.printNewline();
  printer << "}";
}
