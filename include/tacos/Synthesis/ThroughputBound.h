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
//   All-Reduce: the larger of a crossing and a partition bound (below)
//   All-to-All: the maximum concurrent multicommodity flow, an LP solved
//               with GLPK (lib/Synthesis/ConcurrentFlow.h), as the time
//               1/lambda*; beyond its size or iteration budget, the cut
//               ratio over a family of sets (each NPU, all but each NPU,
//               All-Gather's worst cut)
// Every figure comes with its certificate, so a reader (or a test) can
// check it by hand: a set S (or a partition, or link lengths) whose exact
// ratio it is, valid whatever the floating-point search did.
//
// All-Reduce without in-network reduction. The model: bytes are moved
// and combined element by element (no coding across elements); NPUs, in
// the group or not, may store and combine; switches store and combine
// nothing. Transfers are NPU to NPU over a path of links, and a link
// carries at most B_l * T bytes by T. Per element of the M-byte buffer:
//   crossing: for a set S of nodes holding some participant but not all,
//     the participants outside need S's contributions and those inside
//     need the outside's, so at least one transfer leaves S and one
//     enters it:
//     T >= M / B_out(S) and M / B_in(S). The minimum of B_out(S) over
//     such S (B_in(S) is B_out of the complement, also such a set) is a
//     max-flow between participants, 2(N-1) of them in all. This holds
//     with reducing switches too, and dominates both phases' bounds
//     (their bytes are fractions of M over the same sets).
//   partition: for disjoint node sets V_1..V_k, each holding a
//     participant and all together every NPU (the nodes left out are
//     switches), contract each set into one node that may compute (which
//     can only help a schedule). Among the sets the element is a one-way
//     gossip, which needs 2(k-1) messages: before the first set holds
//     the whole sum every other set's share must have left it (k-1
//     messages, distinct senders), and after it every other set must
//     receive (k-1 more, distinct receivers). A message runs from one set
//     through left-out switches to another, so it leaves one set and
//     enters one: T >= 2(k-1) M / min(sum_i B_out(V_i), sum_i B_in(V_i)).
//     Every participant alone (switches left out) gives 2(N-1)M over the
//     NPUs' port bandwidth: on one switch 2(N-1)/N M / B, the time of a
//     ring, where the crossing bound (M / B) is what a reducing switch
//     would reach; on switch-free networks it is LowerBounds' volume.
//     The best partition is searched, not proved (GossipPartition.h).
// Not the sum of the two phases' throughput bounds, which is no bound in
// general: on a star of links B around an NPU, Reduce to the centre
// pipelined into Broadcast from it takes M / B, while the phases' bounds
// add up to 2(N-1)/N M / B. Nor does any of this hold for hardware that
// reduces or multicasts in the switch (NVLink SHARP).
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

/// What a ThroughputBound's figure is the exact ratio of.
enum class ThroughputWitness : uint8_t {
  /// bytes that must leave the set `cut` over the bandwidth leaving it.
  Cut,
  /// Broadcast-like: the worst destination's minimum cut `cut` (its
  /// bandwidth is the maximum flow to it).
  MinCut,
  /// All-Reduce: 2(k-1) M over the bandwidth leaving (or entering) the k
  /// sets of `parts`, summed.
  Partition,
  /// All-to-All: the concurrent-flow LP's dual certificate `linkLength`;
  /// bytes and bandwidthBps are length-weighted.
  LinkLengths,
};

struct ThroughputBound {
  /// The bound in picoseconds, rounded down (so that it stays a bound).
  int64_t ps = 0;
  ThroughputWitness witness = ThroughputWitness::Cut;
  /// The set S whose ratio it is (Cut, MinCut): nodes of the network given
  /// (on the transposed network for the combining duals, where S's
  /// out-links are the original's in-links), sorted. For LinkLengths the
  /// best set found (a ball of the lengths, or a family set), whose ratio
  /// is at most ps; empty for Partition.
  std::vector<NodeId> cut;
  /// Partition: the sets, each sorted (switches left out are in none).
  std::vector<std::vector<NodeId>> parts;
  /// LinkLengths: a length per link of the network.
  std::vector<double> linkLength;
  /// The bytes that must cross and the bandwidth (bytes/s) they cross:
  /// seconds = bytes / bandwidthBps (weighted sums for LinkLengths).
  double bytes = 0;
  double bandwidthBps = 0;
  /// True when the bound is the exact optimum of its family: every set
  /// for All-Gather, Broadcast, Scatter and their duals; the LP optimum
  /// for All-to-All; never for All-Reduce, whose partitions are searched.
  bool exactOverAllSets = true;
};

/// Max-flows times the graph's nodes and links that computeThroughputBound
/// takes on (about a second here); larger requests get no bound. Also the
/// units (links and nodes looked at) of All-Reduce's partition search and
/// All-to-All's set sweeps, beyond which they stop or are skipped. A
/// count, not a time, so that what is computed never depends on the
/// machine.
inline constexpr double kMaxThroughputBoundWork = 5e7;

/// The throughput bound of `spec` on `network` (switches as nodes, or an
/// unwound network: both are graphs), or nullopt when a bandwidth is
/// undecided, a destination is unreachable, the request does not fit the
/// network, or it is beyond kMaxThroughputBoundWork. Cost: for
/// All-Gather-like collectives a few rounds of one max-flow per
/// participant; Broadcast-like, one max-flow per destination; All-Reduce,
/// two per participant and a partition search of at most
/// kMaxThroughputBoundWork units; All-to-All, the All-Gather cut and an
/// LP within kMaxConcurrentFlowColumns and kConcurrentFlowIterations.
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
