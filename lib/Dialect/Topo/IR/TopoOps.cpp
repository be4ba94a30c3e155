//===- TopoOps.cpp - Operations of the topo dialect -----------------------===//

#include "TopoSyntax.h"
#include "tacos/Dialect/Topo/IR/NetworkModel.h"
#include "tacos/Network/Quantity.h"

#include "mlir/IR/Builders.h"
#include "llvm/ADT/DenseSet.h"

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
  for (SwitchOp sw : ops.switches) {
    if (!sw.getNameAttr())
      continue;
    auto [it, inserted] = names.try_emplace(sw.getNameAttr(), sw);
    if (!inserted)
      return sw.emitOpError("redefines switch @")
             << sw.getNameAttr().getValue();
  }
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

LogicalResult LinkOp::verify() {
  return verifyEndpoints(*this, getSrc(), getDst());
}

LogicalResult DropOp::verify() {
  return verifyEndpoints(*this, getSrc(), getDst());
}

LogicalResult SwitchOp::verify() {
  ArrayRef<int64_t> ports = getPorts();
  if (ports.size() < 2)
    return emitOpError("needs at least 2 ports, got ") << ports.size();
  llvm::SmallDenseSet<int64_t, 16> seen;
  for (int64_t port : ports) {
    if (port < 0)
      return emitOpError("has a negative NPU id");
    if (!seen.insert(port).second)
      return emitOpError("lists NPU ") << port << " twice";
  }
  return success();
}
