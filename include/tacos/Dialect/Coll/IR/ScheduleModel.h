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

#include "tacos/Collective/Problem.h"
#include "tacos/Collective/Schedule.h"
#include "tacos/Network/LinkCost.h"
#include "tacos/Network/Network.h"
#include "tacos/Dialect/Coll/IR/CollDialect.h"

#include <memory>

namespace tacos::topo {
class NetworkModels;
} // namespace tacos::topo

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
  /// A packed algorithm's route table (the `routes` attribute).
  std::shared_ptr<RouteTable> routes;
  std::shared_ptr<std::vector<int64_t>> alignedCopy;
};

/// Reads the transfers; fails with a diagnostic on the op if the packed blob
/// is malformed.
mlir::FailureOr<TransferTable> readTransfers(AlgorithmOp algorithm);

/// Replaces the algorithm's transfers with `transfers` in the given form.
void writeTransfers(AlgorithmOp algorithm, const ScheduleView &transfers,
                    TransferForm form);
/// The same for a schedule the caller gives up: the packed form takes its
/// buffer over instead of copying it (Schedule::releasePacked).
void writeTransfers(AlgorithmOp algorithm, Schedule &&transfers,
                    TransferForm form);

/// Memory of `count` transfers written in the readable form: one
/// `coll.transfer` op each (kBytesPerTransferOp, measured: an op, its
/// properties and its share of the block), where the packed form takes 31
/// bytes.
inline constexpr double kBytesPerTransferOp = 400;
MemoryEstimate estimateTransferOps(double count);

/// The form an algorithm currently stores its transfers in.
TransferForm transferForm(AlgorithmOp algorithm);

/// A collective op (request or algorithm) as the core sees it: its network
/// model and its pre/postconditions.
struct CollectiveModel {
  topo::NetworkOp networkOp;
  /// Owns `network`; shared with the NetworkModels cache when there is one.
  std::shared_ptr<const Network> networkStorage;
  const Network &network;
  /// The request; its Problem (buildProblem) is left to the consumers that
  /// need one, after they have checked that it fits in memory.
  CollectiveSpec spec;
};

/// Builds the model of a verified collective op, or fails with a diagnostic
/// on the op. With `networks`, the network model comes from (and goes to)
/// that cache instead of being built for this op alone.
mlir::FailureOr<CollectiveModel>
buildCollectiveModel(CollectiveOpInterface op,
                     mlir::SymbolTableCollection &symbols,
                     topo::NetworkModels *networks = nullptr);

/// The transfer count of an algorithm, whatever its form.
mlir::FailureOr<size_t> countTransfers(AlgorithmOp algorithm);

/// Replaces `request` by a `coll.algorithm` with the same name and fields
/// holding `transfers` (or only their count when `form` is empty).
AlgorithmOp replaceWithAlgorithm(CollectiveOpInterface request,
                                 Schedule transfers,
                                 size_t numTransfers, int64_t timePs,
                                 tacos::LinkModel model,
                                 std::optional<TransferForm> form);

/// Creates, at the builder's insertion point, a `coll.algorithm` @name on
/// @network for the request `spec` with `transfers` (an imported schedule:
/// its network is the one the caller writes beside it).
AlgorithmOp createAlgorithm(mlir::OpBuilder &builder, mlir::Location loc,
                            llvm::StringRef name, llvm::StringRef network,
                            const CollectiveSpec &spec,
                            const ScheduleView &transfers, int64_t timePs,
                            tacos::LinkModel model, TransferForm form);

/// Conversions between the IR enums and the core's.
CollectiveKind toCore(Collective kind);
Collective fromCore(CollectiveKind kind);
tacos::LinkModel toCore(coll::LinkModel model);
coll::LinkModel fromCore(tacos::LinkModel model);

} // namespace tacos::coll

#endif // TACOS_DIALECT_COLL_IR_SCHEDULEMODEL_H
