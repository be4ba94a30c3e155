//===- ScheduleModel.cpp - coll IR <-> core schedule model ----------------===//

#include "tacos/Dialect/Coll/IR/ScheduleModel.h"

#include "mlir/IR/AsmState.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinTypes.h"

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

FailureOr<TransferTable> coll::readTransfers(AlgorithmOp algorithm) {
  TransferTable table;
  if (DenseResourceElementsAttr packed = algorithm.getPackedAttr()) {
    ArrayRef<char> data = packed.getData();
    if (data.size() % ScheduleView::kPackedBytesPerTransfer != 0)
      return algorithm.emitOpError("packed transfers have ")
             << data.size() << " bytes, not a multiple of "
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
      schedule->push_back(t);
    }
  }
  table.transfers = schedule->view();
  table.owned = std::move(schedule);
  return table;
}

void coll::writeTransfers(AlgorithmOp algorithm, const ScheduleView &transfers,
                          TransferForm form) {
  MLIRContext *context = algorithm.getContext();
  Region &body = algorithm.getBody();
  body.getBlocks().clear();
  algorithm.removePackedAttr();

  if (form == TransferForm::Packed) {
    size_t bytes = transfers.size() * ScheduleView::kPackedBytesPerTransfer;
    AsmResourceBlob blob = HeapAsmResourceBlob::allocate(
        bytes, ScheduleView::kPackedAlignment, /*dataIsMutable=*/true);
    transfers.packInto(blob.getMutableData().data());
    auto type = RankedTensorType::get({int64_t(bytes)},
                                      IntegerType::get(context, 8));
    algorithm.setPackedAttr(DenseResourceElementsAttr::get(
        type, (algorithm.getSymName() + "_transfers").str(), std::move(blob)));
    return;
  }

  OpBuilder builder = OpBuilder::atBlockEnd(&body.emplaceBlock());
  Location loc = algorithm.getLoc();
  for (size_t i = 0, e = transfers.size(); i < e; ++i) {
    Transfer t = transfers[i];
    TransferOp::create(builder, loc, coll::TransferKind(t.kind), t.chunk,
                       t.src, t.dst, t.lane, t.start, t.end);
  }
}
