//===- ScheduleModel.h - coll IR <-> core schedule model --------*- C++ -*-===//
//
// The one place where `coll.algorithm` transfers and the core Schedule meet.
// Whatever form an algorithm stores its transfers in (ops or a packed blob),
// consumers get a ScheduleView from readTransfers and write with
// writeTransfers.
//
//===----------------------------------------------------------------------===//

#ifndef TACOS_DIALECT_COLL_IR_SCHEDULEMODEL_H
#define TACOS_DIALECT_COLL_IR_SCHEDULEMODEL_H

#include "tacos/Collective/Schedule.h"
#include "tacos/Dialect/Coll/IR/CollDialect.h"

#include <memory>

namespace tacos::coll {

enum class TransferForm { Ops, Packed };

/// The transfers of an algorithm. For packed algorithms the view points into
/// the resource blob (no copy) and stays valid while the op's attribute does;
/// for the readable form it owns a copy.
class TransferTable {
public:
  const ScheduleView &view() const { return transfers; }
  size_t size() const { return transfers.size(); }
  Transfer operator[](size_t i) const { return transfers[i]; }

private:
  friend mlir::FailureOr<TransferTable> readTransfers(AlgorithmOp);
  ScheduleView transfers;
  std::shared_ptr<Schedule> owned;
  std::shared_ptr<std::vector<int64_t>> alignedCopy;
};

/// Reads the transfers; fails with a diagnostic on the op if the packed blob
/// is malformed.
mlir::FailureOr<TransferTable> readTransfers(AlgorithmOp algorithm);

/// Replaces the algorithm's transfers with `transfers` in the given form.
void writeTransfers(AlgorithmOp algorithm, const ScheduleView &transfers,
                    TransferForm form);

/// The form an algorithm currently stores its transfers in.
TransferForm transferForm(AlgorithmOp algorithm);

/// Conversions between the IR enums and the core's.
CollectiveKind toCore(Collective kind);
Collective fromCore(CollectiveKind kind);

} // namespace tacos::coll

#endif // TACOS_DIALECT_COLL_IR_SCHEDULEMODEL_H
