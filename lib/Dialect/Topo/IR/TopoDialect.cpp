//===- TopoDialect.cpp - The topo dialect and its attributes --------------===//

#include "tacos/Dialect/Topo/IR/TopoDialect.h"
#include "tacos/Network/Quantity.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/DialectImplementation.h"
#include "llvm/ADT/TypeSwitch.h"

using namespace mlir;
using namespace tacos;
using namespace tacos::topo;

#include "tacos/Dialect/Topo/IR/TopoOpsDialect.cpp.inc"

#define GET_ATTRDEF_CLASSES
#include "tacos/Dialect/Topo/IR/TopoAttrs.cpp.inc"

void TopoDialect::initialize() {
  addAttributes<
#define GET_ATTRDEF_LIST
#include "tacos/Dialect/Topo/IR/TopoAttrs.cpp.inc"
      >();
  addOperations<
#define GET_OP_LIST
#include "tacos/Dialect/Topo/IR/TopoOps.cpp.inc"
      >();
}

//===----------------------------------------------------------------------===//
// LinkAttr
//===----------------------------------------------------------------------===//

LinkSpec LinkAttr::getSpec() const {
  LinkSpec spec;
  spec.bandwidthBps = getBandwidth() ? getBandwidth().getValueAsDouble() : NAN;
  spec.latencyPs = getLatency();
  if (getTier())
    spec.tier = getTier().str();
  return spec;
}

LinkAttr LinkAttr::get(MLIRContext *context, const LinkSpec &spec) {
  FloatAttr bandwidth;
  if (spec.isBandwidthDecided())
    bandwidth = FloatAttr::get(Float64Type::get(context), spec.bandwidthBps);
  StringAttr tier =
      spec.tier.empty() ? StringAttr() : StringAttr::get(context, spec.tier);
  return get(context, bandwidth, spec.latencyPs, tier);
}

LogicalResult LinkAttr::verify(function_ref<InFlightDiagnostic()> emitError,
                               FloatAttr bandwidthAttr, int64_t latency,
                               StringAttr tier) {
  if (bandwidthAttr) {
    std::optional<double> bandwidth = bandwidthAttr.getValueAsDouble();
    if (std::isnan(*bandwidth))
      return emitError() << "link bandwidth is NaN";
    if (*bandwidth <= 0)
      return emitError() << "link has " << (*bandwidth == 0 ? "zero" : "negative")
                         << " bandwidth";
    if (!(*bandwidth <= kMaxBandwidthBps))
      return emitError() << "link bandwidth exceeds the limit of "
                         << formatBandwidth(kMaxBandwidthBps);
  }
  if (latency <= 0)
    return emitError() << "link has " << (latency == 0 ? "zero" : "negative")
                       << " latency";
  if (latency > kMaxTimePs)
    return emitError() << "link latency exceeds the limit of "
                       << formatTime(kMaxTimePs);
  if (tier && tier.getValue().empty())
    return emitError() << "link tier name is empty";
  return success();
}

//===----------------------------------------------------------------------===//
// DimAttr
//===----------------------------------------------------------------------===//

DimSpec DimAttr::getSpec() const {
  return DimSpec{getKind(), getSize(), getLink().getSpec()};
}

LogicalResult DimAttr::verify(function_ref<InFlightDiagnostic()> emitError,
                              DimKind kind, int64_t size, LinkAttr link) {
  if (size < 1)
    return emitError() << dimKindName(kind) << "(" << size
                       << ") has fewer than 1 NPU";
  if (kind == DimKind::Switch && size < 2)
    return emitError() << "switch(" << size << ") needs at least 2 ports";
  if (size > kMaxNpus)
    return emitError() << dimKindName(kind) << "(" << size
                       << ") has more than " << kMaxNpus << " NPUs";
  if (!link)
    return emitError() << "dimension has no link";
  return success();
}
