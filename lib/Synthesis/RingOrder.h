//===- RingOrder.h - A ring through the topology ----------------*- C++ -*-===//
//
// NCCL's ring visits the GPUs in an order where each one sends to a
// neighbour. findRing looks for such a cycle through a set of NPUs (a
// Hamiltonian cycle of the links between them): a depth-first search that
// tries the neighbour with the fewest unvisited neighbours first
// (Warnsdorff's rule, ties by position), within a count of steps so that
// it ends on any network. It looks first for a cycle whose links all exist
// both ways, which carries a second channel in the other direction over
// the reverse links. Where
// no cycle is found it takes the nearest unvisited NPU next (fewest hops,
// ties by position), and the ring relays through other NPUs where no link
// joins two consecutive ones. Private to the Synthesis library.
//
//===----------------------------------------------------------------------===//

#ifndef TACOS_LIB_SYNTHESIS_RINGORDER_H
#define TACOS_LIB_SYNTHESIS_RINGORDER_H

#include "BaselineBuilder.h"

#include <cstdint>
#include <vector>

namespace tacos {

struct RingOrder {
  /// Positions into the member list, in ring order, starting with 0.
  std::vector<uint32_t> order;
  /// Every step takes as many hops backwards as forwards: chains into a
  /// root can run the ring backwards (the time-reversal of a chain out of
  /// it).
  bool symmetric = false;
  /// The ring run backwards crosses none of the links it crosses forwards
  /// (every step is a link that exists both ways, or relays over others):
  /// a second channel can run it backwards.
  bool bothWays = false;
};

/// Steps the cycle search may take per member, beyond a fixed allowance:
/// tori, meshes with an even side, hypercubes, fully connected networks
/// and DGX-1 need about one per member.
inline constexpr uint64_t kRingSearchStepsPerMember = 64;
inline constexpr uint64_t kRingSearchBaseSteps = 100000;

/// A ring through `members` (NPUs, at least one), routed with `router`.
/// Where some member cannot reach another, the order stops short of every
/// member.
RingOrder findRing(Router &router, const std::vector<NodeId> &members);

} // namespace tacos

#endif // TACOS_LIB_SYNTHESIS_RINGORDER_H
