//===- ThroughputBound.h - The cut bound of the hardware -------*- C++ -*-===//
//
// docs/Reports.md, throughput bound. A lower bound on a collective's time
// that holds on the network as described, switches as nodes (a switch
// stores nothing and forwards at its ports' rates): for a set S of nodes
// (NPUs and switches), the bytes that must leave S divided by the
// bandwidth of the links leaving S. It ignores latency and whole chunks,
// so it holds for any schedule, fluid or not, on any link model; it is
// the bandwidth part of ForestColl's optimum (Zhao et al.), computed
// exactly by parametric max-flow (Dinkelbach's method over LEMON's
// preflow) instead of over every set:
//   All-Gather: max over S with a participant outside of
//               bytes owned in S / B_out(S)
//   Broadcast:  bytes / min over destinations v of maxflow(root, v)
//   Scatter:    max over S holding the root of
//               bytes destined outside S / B_out(S)
//   Reduce-Scatter, Reduce, Gather: their dual on the transposed network
//   All-Reduce: the larger of its two phases (not their sum: pipelined
//               phases overlap, LowerBounds.h)
//   All-to-All: the same ratio over a family of sets (each NPU, all but
//               each NPU, and All-Gather's worst cut), not the
//               concurrent-flow optimum
// Every figure comes with the set S it was computed from, so a reader
// (or a test) can check it by hand: the bound is valid whatever the
// floating-point search did, as it is one set's exact ratio.
//
//===----------------------------------------------------------------------===//

#ifndef TACOS_SYNTHESIS_THROUGHPUTBOUND_H
#define TACOS_SYNTHESIS_THROUGHPUTBOUND_H

#include "tacos/Collective/Collective.h"
#include "tacos/Network/Network.h"

#include <cstdint>
#include <optional>
#include <vector>

namespace tacos {

struct ThroughputBound {
  /// The bound in picoseconds, rounded down (so that it stays a bound).
  int64_t ps = 0;
  /// The set S whose ratio it is: nodes of the network given (on the
  /// transposed network for the combining duals, where S's out-links are
  /// the original's in-links), sorted.
  std::vector<NodeId> cut;
  /// The bytes that must cross out of S and the bandwidth (bytes/s) of the
  /// links leaving S.
  double bytes = 0;
  double bandwidthBps = 0;
  /// Broadcast-like bounds: the maximum flow (bytes/s) to the worst
  /// destination, which equals bandwidthBps of its minimum cut.
  bool fromMinCut = false;
  /// True when the bound is the exact optimum of its family (every set for
  /// All-Gather, Broadcast, Scatter and their duals; a family of sets for
  /// All-to-All).
  bool exactOverAllSets = true;
};

/// Max-flows times the graph's nodes and links that computeThroughputBound
/// takes on (about a second here); larger requests get no bound. A count,
/// not a time, so that whether a bound is computed never depends on the
/// machine.
inline constexpr double kMaxThroughputBoundWork = 5e7;

/// The throughput bound of `spec` on `network` (switches as nodes, or an
/// unwound network: both are graphs), or nullopt when a bandwidth is
/// undecided, a destination is unreachable, the request does not fit the
/// network, or it is beyond kMaxThroughputBoundWork. Cost: for
/// All-Gather-like collectives a few rounds of one max-flow per
/// participant; Broadcast-like, one max-flow per destination.
std::optional<ThroughputBound>
computeThroughputBound(const Network &network, const CollectiveSpec &spec);

/// Bytes that must leave S divided by the bandwidth leaving S, for the
/// All-Gather of `spec` (the definition the search maximizes; tests check
/// its witnesses with it). Seconds; +inf when nothing leaves S but some
/// data must, 0 when no data must.
double allGatherCutSeconds(const Network &network, const CollectiveSpec &spec,
                           const std::vector<bool> &inS);

} // namespace tacos

#endif // TACOS_SYNTHESIS_THROUGHPUTBOUND_H
