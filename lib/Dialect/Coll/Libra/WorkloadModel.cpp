//===- WorkloadModel.cpp - coll.workload <-> LIBRA workload ---------------===//

#include "tacos/Dialect/Coll/Libra/WorkloadModel.h"
#include "tacos/Dialect/Coll/IR/ScheduleModel.h"

#include "mlir/IR/Builders.h"

#include <cmath>

using namespace mlir;
using namespace tacos;
using namespace tacos::coll;

libra::Workload coll::readWorkload(WorkloadOp op, ArrayRef<DimSpec> dims) {
  libra::Workload workload;
  workload.computeNs = double(op.getCompute()) / 1e3;
  workload.weight = op.getWeight().convertToDouble();
  for (Attribute attr : op.getCollectives()) {
    auto entry = cast<WorkloadCollectiveAttr>(attr);
    libra::WorkloadCollective c;
    c.kind = toCore(entry.getKind());
    c.bytes = double(entry.getSize());
    c.count = double(entry.getCount());
    for (auto [i, dim] : llvm::enumerate(entry.getDims()))
      c.dims.push_back({unsigned(dim), entry.getGroups().empty()
                                           ? dims[dim].size
                                           : entry.getGroups()[i]});
    workload.collectives.push_back(std::move(c));
  }
  return workload;
}

WorkloadOp coll::createWorkload(OpBuilder &builder, Location loc,
                                StringRef name, StringRef network,
                                const libra::Workload &workload,
                                ArrayRef<DimSpec> dims) {
  MLIRContext *context = builder.getContext();
  SmallVector<Attribute> entries;
  for (const libra::WorkloadCollective &c : workload.collectives) {
    SmallVector<int64_t> usedDims, groups;
    bool full = true;
    for (auto [dim, group] : c.dims) {
      usedDims.push_back(dim);
      groups.push_back(group);
      full = full && group == dims[dim].size;
    }
    if (full)
      groups.clear();
    entries.push_back(WorkloadCollectiveAttr::get(
        context, fromCore(c.kind), int64_t(std::llround(c.bytes)), usedDims,
        groups, int64_t(std::llround(c.count))));
  }
  return WorkloadOp::create(
      builder, loc, builder.getStringAttr(name),
      FlatSymbolRefAttr::get(context, network),
      builder.getI64IntegerAttr(int64_t(std::llround(workload.computeNs * 1e3))),
      builder.getF64FloatAttr(workload.weight), builder.getArrayAttr(entries));
}
