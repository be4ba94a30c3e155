//===- BandwidthModel.h - topo.network <-> LIBRA's problem ------*- C++ -*-===//
//
// The one place where `topo.network` ops and LIBRA's core model
// (libra::AllocationProblem, docs/Algorithms.md, LIBRA) meet: what topo-allocate-bandwidth
// reads from a network of dimensions and writes back, and what the LIBRA
// importers create. It sits beside the Topo dialect, not in it, so that the
// dialect library depends on the network model only; this library adds
// LIBRA's model (TACOSLibraModel), never its solvers.
//
//===----------------------------------------------------------------------===//

#ifndef TACOS_DIALECT_TOPO_LIBRA_BANDWIDTHMODEL_H
#define TACOS_DIALECT_TOPO_LIBRA_BANDWIDTHMODEL_H

#include "tacos/Dialect/Topo/IR/NetworkModel.h"
#include "tacos/Libra/Model.h"

#include <optional>
#include <string>
#include <vector>

namespace tacos::topo {

/// LIBRA's view of a network with `topo.dims` (docs/Algorithms.md, LIBRA).
struct BandwidthModel {
  std::vector<DimSpec> dims;
  /// Everything but the workloads: numDims, numNpus, u_d from `topo.price`
  /// (NaN for a dimension without a priced tier), and the constraints:
  /// every `topo.constraint`, plus B_d == its bandwidth for each dimension
  /// whose link bandwidth is already decided (not `?`).
  libra::AllocationProblem problem;
  /// Per constraint of `problem`: where it comes from and how to name it in
  /// a diagnostic (the topo.constraint as written, or the dimension whose
  /// bandwidth is fixed).
  std::vector<mlir::Location> constraintLocs;
  std::vector<std::string> constraintNames;
  /// Why the network has no cost ("dimension 2 (tier pod) has no
  /// topo.price"), or "" when every dimension is priced.
  std::string unpriced;
};

/// Fails with a diagnostic if the network is not a pure product of
/// dimensions (no topo.dims, or explicit links, switches or drops).
mlir::FailureOr<BandwidthModel> readBandwidthModel(NetworkOp network);

/// Sets the link bandwidth of every `?` dimension from its per-NPU
/// bandwidth B_d (GB/s; see libra::linksPerNpu).
void writeDimBandwidths(NetworkOp network,
                        llvm::ArrayRef<double> perNpuGBps);

/// Builds `topo.network @name` from dimensions, with one `topo.price` per
/// tier price given and, if `totalGBps` is set, `topo.constraint sum == ...`.
NetworkOp createDimsNetwork(mlir::OpBuilder &builder, mlir::Location loc,
                            llvm::StringRef name,
                            llvm::ArrayRef<DimSpec> dims,
                            llvm::ArrayRef<libra::TierPrice> prices,
                            std::optional<double> totalGBps);

} // namespace tacos::topo

#endif // TACOS_DIALECT_TOPO_LIBRA_BANDWIDTHMODEL_H
