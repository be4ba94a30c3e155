//===- GossipPartition.h - All-Reduce's partition bound ---------*- C++ -*-===//
//
// A partition bound on All-Reduce without in-network reduction
// (ThroughputBound.h has the proof): for disjoint sets V_1..V_k of nodes,
// each holding a participant, together holding every NPU (the nodes left
// out are switches), every reduced byte takes at least 2(k-1) transfers
// between the sets (one-way gossip among them), each of which leaves one
// set and enters one. So T >= 2(k-1) M / min(sum_i B_out(V_i),
// sum_i B_in(V_i)).
//
// The best partition is a hard problem (it contains multiway cut), so it
// is searched: steepest ascent from every participant alone (NPUs outside
// the group joined to their nearest participant, every switch left out),
// by merging two linked sets, moving a switch into a set, out of it, or
// between two. Each partition it measures is a valid bound, so the search
// only decides how strong it is; its work is counted (a link or node
// looked at is one unit), not timed.
//
//===----------------------------------------------------------------------===//

#ifndef TACOS_LIB_SYNTHESIS_GOSSIPPARTITION_H
#define TACOS_LIB_SYNTHESIS_GOSSIPPARTITION_H

#include "tacos/Network/Network.h"

#include <cstdint>
#include <optional>
#include <vector>

namespace tacos {

struct GossipPartition {
  /// The set of each node, 0..parts-1, or -1 for a switch left out.
  std::vector<int32_t> partOf;
  uint32_t parts = 0;
  /// Bandwidth of the links leaving, and entering, each set, summed.
  double outBandwidth = 0, inBandwidth = 0;
  /// The bottleneck: min(outBandwidth, inBandwidth).
  double bandwidth() const { return std::min(outBandwidth, inBandwidth); }
};

/// The best partition the search finds for `participants` within `work`
/// units, or nullopt for fewer than two participants or when some set
/// has no link out or in (a participant out of reach).
std::optional<GossipPartition>
searchGossipPartition(const Network &network,
                      const std::vector<uint32_t> &participants,
                      uint64_t work);

/// outBandwidth and inBandwidth of `partOf` measured from the links (the
/// definition; `parts` is counted as the distinct sets used).
GossipPartition measureGossipPartition(const Network &network,
                                       std::vector<int32_t> partOf);

} // namespace tacos

#endif // TACOS_LIB_SYNTHESIS_GOSSIPPARTITION_H
