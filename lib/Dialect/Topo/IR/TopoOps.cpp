//===- TopoOps.cpp - Operations of the topo dialect -----------------------===//

#include "TopoSyntax.h"
#include "tacos/Dialect/Topo/IR/NetworkModel.h"
#include "tacos/Dialect/Common/QuantitySyntax.h"
#include "tacos/Network/Quantity.h"

#include "mlir/IR/Builders.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/StringExtras.h"

using namespace mlir;
using namespace tacos;
using namespace tacos::topo;

#define GET_OP_CLASSES
#include "tacos/Dialect/Topo/IR/TopoOps.cpp.inc"

//===----------------------------------------------------------------------===//
// NetworkOp
//===----------------------------------------------------------------------===//

void NetworkOp::build(OpBuilder &builder, OperationState &state,
                      StringRef name) {
  state.addAttribute(getSymNameAttrName(state.name),
                     builder.getStringAttr(name));
  state.addRegion()->emplaceBlock();
}

int64_t NetworkOp::getNumNpus() {
  if (getBody().empty())
    return -1;
  for (Operation &op : getBody().front()) {
    if (auto dims = dyn_cast<DimsOp>(op)) {
      std::vector<DimSpec> specs;
      for (Attribute dim : dims.getDims())
        specs.push_back(cast<DimAttr>(dim).getSpec());
      return productSize(specs);
    }
    if (auto npus = dyn_cast<NpusOp>(op))
      return npus.getCount() <= kMaxNpus ? npus.getCount() : -1;
  }
  return -1;
}

/// The network and the record of its unwound switches are two networks:
/// nothing of the first may join the second.
static LogicalResult
verifyUnwoundReferences(const NetworkOps &ops,
                        const llvm::DenseMap<StringAttr, SwitchOp> &names) {
  auto find = [&](FlatSymbolRefAttr name) {
    return name ? names.find(name.getAttr()) : names.end();
  };
  auto isUnwound = [&](FlatSymbolRefAttr name) {
    auto it = find(name);
    return it != names.end() && SwitchOp(it->second).getUnwound();
  };
  auto isLive = [&](FlatSymbolRefAttr name) {
    auto it = find(name);
    return it != names.end() && !SwitchOp(it->second).getUnwound();
  };
  for (SwitchOp sw : ops.switches) {
    if (!sw.getSwitchPorts())
      continue;
    for (FlatSymbolRefAttr name :
         sw.getSwitchPorts()->getAsRange<FlatSymbolRefAttr>())
      if (isUnwound(name))
        return sw.emitOpError("lists @")
               << name.getValue()
               << ", an unwound switch: the record of the hardware is not "
                  "part of this network";
  }
  for (LinkOp link : ops.unwoundLinks)
    if (isLive(link.getSrcSwitchAttr()))
      return link.emitOpError("joins switch @")
             << link.getSrcSwitchAttr().getValue() << " and the unwound switch @"
             << link.getDstSwitchAttr().getValue()
             << ": the record of the hardware is not part of this network";
    else if (isLive(link.getDstSwitchAttr()))
      return link.emitOpError("joins switch @")
             << link.getDstSwitchAttr().getValue() << " and the unwound switch @"
             << link.getSrcSwitchAttr().getValue()
             << ": the record of the hardware is not part of this network";
  return success();
}

LogicalResult NetworkOp::verifyRegions() {
  if (getBody().empty())
    return emitOpError("has no NPUs: add topo.dims or topo.npus");
  NetworkOps ops = collectNetworkOps(*this);
  if (ops.dims.size() + ops.npus.size() == 0)
    return emitOpError("has no NPUs: add topo.dims or topo.npus");
  if (ops.dims.size() > 1)
    return ops.dims[1].emitOpError("repeats topo.dims; a network has one");
  if (ops.npus.size() > 1)
    return ops.npus[1].emitOpError("repeats topo.npus; a network has one");
  if (!ops.dims.empty() && !ops.npus.empty())
    return ops.npus[0].emitOpError(
        "cannot be combined with topo.dims, which already fixes the NPUs");
  llvm::DenseMap<StringAttr, SwitchOp> names;
  for (SwitchOp sw : llvm::concat<SwitchOp>(ops.switches, ops.unwoundSwitches)) {
    if (!sw.getNameAttr())
      continue;
    auto [it, inserted] = names.try_emplace(sw.getNameAttr(), sw);
    if (!inserted)
      return sw.emitOpError("redefines switch @")
             << sw.getNameAttr().getValue();
  }
  if (failed(verifyUnwoundReferences(ops, names)))
    return failure();
  return checkNetwork(*this);
}

//===----------------------------------------------------------------------===//
// Member ops
//===----------------------------------------------------------------------===//

LogicalResult DimsOp::verify() {
  if (getDims().empty())
    return emitOpError("needs at least one dimension");
  return success();
}

LogicalResult NpusOp::verify() {
  if (getCount() < 1)
    return emitOpError("needs at least 1 NPU, got ") << getCount();
  if (getCount() > kMaxNpus)
    return emitOpError("network has more than ")
           << kMaxNpus << " NPUs (" << getCount() << ")";
  return success();
}

/// Ids are checked against the network size by the network's verifier; here
/// only what the op alone can tell.
static LogicalResult verifyEndpoints(Operation *op, int64_t src, int64_t dst) {
  if (src < 0 || dst < 0)
    return op->emitOpError("has a negative NPU id");
  if (src == dst)
    return op->emitOpError("is a self link ") << src << " -> " << dst;
  return success();
}

/// `3` or `@nvs`, for diagnostics.
static std::string endName(std::optional<int64_t> npu,
                           FlatSymbolRefAttr sw) {
  return sw ? "@" + sw.getValue().str() : std::to_string(npu.value_or(-1));
}

LogicalResult LinkOp::verify() {
  // The custom syntax makes each end one or the other; generic text might not.
  if (bool(getSrc()) == bool(getSrcSwitchAttr()) ||
      bool(getDst()) == bool(getDstSwitchAttr()))
    return emitOpError("needs each end to be an NPU id or a switch, not both "
                       "or neither");
  if (getSrc() && getDst())
    return verifyEndpoints(*this, *getSrc(), *getDst());
  if ((getSrc() && *getSrc() < 0) || (getDst() && *getDst() < 0))
    return emitOpError("has a negative NPU id");
  if (getSrcSwitchAttr() && getSrcSwitchAttr() == getDstSwitchAttr())
    return emitOpError("is a self link ")
           << endName(getSrc(), getSrcSwitchAttr()) << " -> "
           << endName(getDst(), getDstSwitchAttr());
  return success();
}

LogicalResult DropOp::verify() {
  return verifyEndpoints(*this, getSrc(), getDst());
}

LogicalResult SwitchOp::verify() {
  ArrayRef<int64_t> ports = getPorts();
  size_t listed = ports.size() + (getSwitchPorts() ? getSwitchPorts()->size() : 0);
  // Nothing can add ports to a switch without a name.
  if (!getNameAttr() && listed < 2)
    return emitOpError("needs at least 2 ports, got ") << listed;
  if (listed > 0 && !getSpecAttr())
    return emitOpError("lists ports but has no link spec");
  if (listed == 0 && getSpecAttr())
    return emitOpError("lists no ports for its link spec; write "
                       "'topo.switch @")
           << getNameAttr().getValue()
           << "' alone for a switch whose ports are all topo.link ops or "
              "other switches' lists";
  llvm::SmallDenseSet<int64_t, 16> seen;
  for (int64_t port : ports) {
    if (port < 0)
      return emitOpError("has a negative NPU id");
    if (!seen.insert(port).second)
      return emitOpError("lists NPU ") << port << " twice";
  }
  if (!getSwitchPorts())
    return success();
  llvm::SmallDenseSet<StringAttr, 8> names;
  for (FlatSymbolRefAttr name : getSwitchPorts()->getAsRange<FlatSymbolRefAttr>()) {
    if (getNameAttr() && name.getAttr() == getNameAttr())
      return emitOpError("lists itself: a switch cannot be linked to itself");
    if (!names.insert(name.getAttr()).second)
      return emitOpError("lists switch @") << name.getValue() << " twice";
  }
  return success();
}

//===----------------------------------------------------------------------===//
// PriceOp
//===----------------------------------------------------------------------===//

ParseResult PriceOp::parse(OpAsmParser &parser, OperationState &state) {
  StringAttr tier;
  std::optional<double> link, switchPrice, nic;
  SMLoc linkLoc;
  if (parser.parseKeyword("tier") || parser.parseLParen() ||
      parseTierName(parser, tier) || parser.parseRParen())
    return failure();
  linkLoc = parser.getCurrentLocation();
  if (parseOptionalNumberIn(parser, "link", link) ||
      parseOptionalNumberIn(parser, "switch", switchPrice) ||
      parseOptionalNumberIn(parser, "nic", nic) ||
      parser.parseOptionalAttrDict(state.attributes))
    return failure();
  if (!link)
    return parser.emitError(linkLoc, "expected 'link(<dollars per GB/s>)'");
  Builder &b = parser.getBuilder();
  state.addAttribute(getTierAttrName(state.name), tier);
  state.addAttribute(getLinkAttrName(state.name), b.getF64FloatAttr(*link));
  if (switchPrice)
    state.addAttribute(getSwitchPriceAttrName(state.name),
                       b.getF64FloatAttr(*switchPrice));
  if (nic)
    state.addAttribute(getNicAttrName(state.name), b.getF64FloatAttr(*nic));
  return success();
}

void PriceOp::print(OpAsmPrinter &printer) {
  printer << " tier(";
  printer.printKeywordOrString(getTier());
  printer << ")";
  printNumberIn(printer, "link", getLink().convertToDouble());
  if (std::optional<APFloat> price = getSwitchPrice())
    printNumberIn(printer, "switch", price->convertToDouble());
  if (std::optional<APFloat> price = getNic())
    printNumberIn(printer, "nic", price->convertToDouble());
  printer.printOptionalAttrDict((*this)->getAttrs(),
                                {getTierAttrName(), getLinkAttrName(),
                                 getSwitchPriceAttrName(), getNicAttrName()});
}

LogicalResult PriceOp::verify() {
  for (std::optional<APFloat> price :
       {std::optional<APFloat>(getLink()), getSwitchPrice(), getNic()})
    if (price && (!price->isFinite() || price->isNegative()))
      return emitOpError("has a negative or non-finite price");
  for (Operation &op : (*this)->getBlock()->getOperations()) {
    auto other = dyn_cast<PriceOp>(op);
    if (other == *this)
      break;
    if (other && other.getTier() == getTier())
      return emitOpError("prices tier '") << getTier() << "' twice";
  }
  return success();
}


//===----------------------------------------------------------------------===//
// ConstraintOp
//===----------------------------------------------------------------------===//

/// `term (+ term)*` with terms `sum`, `bw(<dim>)` and bandwidth quantities.
static ParseResult parseConstraintSide(OpAsmParser &parser,
                                       SmallVectorImpl<int64_t> &dims,
                                       bool &sum, std::optional<double> &bps) {
  do {
    SMLoc loc = parser.getCurrentLocation();
    if (succeeded(parser.parseOptionalKeyword("sum"))) {
      if (sum)
        return parser.emitError(loc, "'sum' appears twice on one side");
      sum = true;
    } else if (succeeded(parser.parseOptionalKeyword("bw"))) {
      int64_t dim;
      if (parser.parseLParen() || parser.parseInteger(dim) ||
          parser.parseRParen())
        return failure();
      dims.push_back(dim);
    } else {
      std::optional<double> value;
      if (parseBandwidth(parser, value))
        return failure();
      if (!value)
        return parser.emitError(loc, "'?' cannot appear in a constraint");
      bps = bps.value_or(0) + *value;
    }
  } while (succeeded(parser.parseOptionalPlus()));
  return success();
}

ParseResult ConstraintOp::parse(OpAsmParser &parser, OperationState &state) {
  Builder &b = parser.getBuilder();
  SmallVector<int64_t> lhsDims, rhsDims;
  bool lhsSum = false, rhsSum = false;
  std::optional<double> lhsBps, rhsBps;
  if (parseConstraintSide(parser, lhsDims, lhsSum, lhsBps))
    return failure();
  SMLoc relationLoc = parser.getCurrentLocation();
  StringRef relation;
  // `==`, `<=` and `>=` lex as two tokens each.
  if (succeeded(parser.parseOptionalEqual()))
    relation = "==";
  else if (succeeded(parser.parseOptionalLess()))
    relation = "<=";
  else if (succeeded(parser.parseOptionalGreater()))
    relation = ">=";
  else
    return parser.emitError(relationLoc, "expected '==', '<=' or '>='");
  if (parser.parseEqual() ||
      parseConstraintSide(parser, rhsDims, rhsSum, rhsBps) ||
      parser.parseOptionalAttrDict(state.attributes))
    return failure();
  auto props = [&](StringRef name, Attribute value) {
    if (value)
      state.addAttribute(name, value);
  };
  props(getLhsDimsAttrName(state.name), b.getDenseI64ArrayAttr(lhsDims));
  props(getRhsDimsAttrName(state.name), b.getDenseI64ArrayAttr(rhsDims));
  props(getRelationAttrName(state.name), b.getStringAttr(relation));
  if (lhsSum)
    props(getLhsSumAttrName(state.name), b.getUnitAttr());
  if (rhsSum)
    props(getRhsSumAttrName(state.name), b.getUnitAttr());
  if (lhsBps)
    props(getLhsBpsAttrName(state.name), b.getF64FloatAttr(*lhsBps));
  if (rhsBps)
    props(getRhsBpsAttrName(state.name), b.getF64FloatAttr(*rhsBps));
  return success();
}

static void printConstraintSide(OpAsmPrinter &printer, ArrayRef<int64_t> dims,
                                bool sum, std::optional<APFloat> bps) {
  llvm::ListSeparator plus(" + ");
  raw_ostream &os = printer.getStream();
  if (sum)
    os << plus << "sum";
  for (int64_t dim : dims)
    os << plus << "bw(" << dim << ")";
  if (bps) {
    os << plus;
    printBandwidth(printer, bps->convertToDouble());
  }
}

void ConstraintOp::print(OpAsmPrinter &printer) {
  printer << " ";
  printConstraintSide(printer, getLhsDims(), getLhsSum(), getLhsBps());
  printer << " " << getRelation() << " ";
  printConstraintSide(printer, getRhsDims(), getRhsSum(), getRhsBps());
  printer.printOptionalAttrDict(
      (*this)->getAttrs(),
      {getLhsDimsAttrName(), getRhsDimsAttrName(), getRelationAttrName(),
       getLhsSumAttrName(), getRhsSumAttrName(), getLhsBpsAttrName(),
       getRhsBpsAttrName()});
}

LogicalResult ConstraintOp::verify() {
  if (getRelation() != "==" && getRelation() != "<=" && getRelation() != ">=")
    return emitOpError("has unknown relation '") << getRelation() << "'";
  if (getLhsDims().empty() && getRhsDims().empty() && !getLhsSum() &&
      !getRhsSum())
    return emitOpError("constrains no bandwidth: use bw(<dim>) or sum");
  for (std::optional<APFloat> bps : {getLhsBps(), getRhsBps()})
    if (bps && (!bps->isFinite() || bps->isNegative()))
      return emitOpError("has a negative or non-finite bandwidth");
  size_t numDims = 0;
  for (Operation &op : (*this)->getBlock()->getOperations())
    if (auto dims = dyn_cast<DimsOp>(op))
      numDims = dims.getDims().size();
  if (numDims == 0)
    return emitOpError("needs the network's topo.dims");
  for (ArrayRef<int64_t> side : {getLhsDims(), getRhsDims()})
    for (int64_t dim : side)
      if (dim < 0 || size_t(dim) >= numDims)
        return emitOpError("bw(") << dim << ") is out of range: the network has "
                                  << numDims << " dimensions";
  return success();
}
