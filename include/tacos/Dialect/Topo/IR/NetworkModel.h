//===- NetworkModel.h - topo IR <-> core network model ----------*- C++ -*-===//
//
// The one place where `topo.network` ops and the core model meet. Passes and
// verifiers never read network ops themselves; they ask for a spec or a
// Network here, and write networks back through here.
//
//===----------------------------------------------------------------------===//

#ifndef TACOS_DIALECT_TOPO_IR_NETWORKMODEL_H
#define TACOS_DIALECT_TOPO_IR_NETWORKMODEL_H

#include "tacos/Dialect/Topo/IR/TopoDialect.h"
#include "tacos/Network/Network.h"
#include "tacos/Network/Unwind.h"

namespace tacos::topo {

/// The ops of a network body, grouped by kind in op order. SpecError indices
/// refer to these vectors.
struct NetworkOps {
  llvm::SmallVector<DimsOp, 1> dims;
  llvm::SmallVector<NpusOp, 1> npus;
  llvm::SmallVector<LinkOp> links;
  llvm::SmallVector<SwitchOp> switches;
  /// Switches topo-unwind-switches replaced: a record of the hardware, not
  /// part of the network (readHardwareSpec).
  llvm::SmallVector<SwitchOp> unwoundSwitches;
  /// Links that end at an unwound switch: part of the same record.
  llvm::SmallVector<LinkOp> unwoundLinks;
  llvm::SmallVector<DropOp> drops;
  llvm::SmallVector<PriceOp> prices;
  llvm::SmallVector<ConstraintOp> constraints;
};
NetworkOps collectNetworkOps(NetworkOp network);

/// Reads a network op as plain data (no validation).
TopologySpec readTopologySpec(const NetworkOps &ops);

/// True when switches of the network were unwound into point-to-point
/// links (some link has `via`): the network is the TACOS paper's model of
/// the hardware, not the hardware.
bool isUnwound(const NetworkOps &ops);

/// The hardware an unwound network models: its links without `via` plus
/// its unwound switches and their links (no validation). The network itself
/// otherwise.
TopologySpec readHardwareSpec(const NetworkOps &ops);

/// Validates a network with the core checker and emits every problem as an
/// error on the op that caused it.
mlir::LogicalResult checkNetwork(NetworkOp network);

/// Builds the core model of a valid network. Fails with a diagnostic on the
/// network if it is malformed.
mlir::FailureOr<Network> buildNetworkModel(NetworkOp network);

/// The core model of the hardware (readHardwareSpec), or nothing when an
/// unwound network does not record the switches it replaced (it was
/// unwound by hand, or before the record existed) or the record is
/// malformed: then nothing is known of the hardware.
std::optional<Network> buildHardwareModel(NetworkOp network);

/// The core model of every network of a module, built once per network op
/// and shared by every request on it (an analysis: `getAnalysis<
/// NetworkModels>()`). Checking and building a network costs more than
/// reading most requests, and a module often has many requests on one
/// network. A pass that does not change any `topo.network` marks it
/// preserved; one that rewrites networks (topo-expand, topo-unwind-switches,
/// topo-allocate-bandwidth) does not, so the next pass rebuilds.
class NetworkModels {
public:
  explicit NetworkModels(mlir::Operation *) {}

  /// The model of `network`, built on first use. Fails with a diagnostic on
  /// the network if it is malformed (every time: failures are not kept).
  mlir::FailureOr<std::shared_ptr<const Network>> get(NetworkOp network);

private:
  llvm::DenseMap<mlir::Operation *, std::shared_ptr<const Network>> models;
};

/// Replaces the body of `network` with explicit `topo.npus`, `topo.link` and
/// `topo.switch` ops describing `model` exactly. Link pairs with the same spec
/// (and origin) in both directions become one `<->` link. With `origins`
/// (from switch unwinding), links that replace a switch carry
/// `{via = "<switch>"}`, and `unwoundFrom`, the network before unwinding,
/// has its switches written as `unwound` records of the hardware.
void writeExplicitNetwork(NetworkOp network, const Network &model,
                          const std::vector<LinkOrigin> *origins = nullptr,
                          const Network *unwoundFrom = nullptr);

} // namespace tacos::topo

#endif // TACOS_DIALECT_TOPO_IR_NETWORKMODEL_H
