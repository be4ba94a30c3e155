//===- HierarchicalBaseline.cpp - Rings inside nodes and along rails ------===//
//
// NCCL's and Open MPI HAN's two-level collectives on the nodes and rails of
// NodeGroups.h, with a ring (RingWalks.h) inside every node and along every
// rail. All-Reduce: each node reduce-scatters its data over its NPUs, so
// that local index l holds the node's sum of the chunks whose owner has
// local index l; each rail reduce-scatters those across the nodes and
// all-gathers them back (the rail's All-Reduce); each node all-gathers.
// Reduce-Scatter is the first half, All-Gather the second. Broadcast and
// Reduce run along the root's rail and inside every node; Scatter, Gather
// and All-to-All move each chunk inside a node to the local index of the
// rail it crosses on, and along that rail.
//
//===----------------------------------------------------------------------===//

#include "BaselineAlgorithms.h"
#include "NodeGroups.h"
#include "RingWalks.h"

#include <algorithm>

namespace tacos {

namespace {

/// The rings of both levels.
struct Levels {
  NodeGroups groups;
  std::vector<RankRing> intra, rails;

  /// The rank in `rank`'s node on the rail of `other`.
  uint32_t onRailOf(uint32_t rank, uint32_t other) const {
    return groups.nodes[groups.nodeOf[rank]][groups.localOf[other]];
  }
  const RankRing &nodeRing(uint32_t rank) const {
    return intra[groups.nodeOf[rank]];
  }
  const RankRing &railRing(uint32_t rank) const {
    return rails[groups.localOf[rank]];
  }
};

/// The walks of one phase on the rings of one level, emitted ring after
/// ring (the rings of a level share no links unless their routes relay);
/// each ring's walks in order of their keys, then of adding.
class Phase {
public:
  explicit Phase(const std::vector<RankRing> &rings)
      : rings(rings), walks(rings.size()) {}
  void add(const RankRing &ring, Walk walk, int64_t key = 0) {
    walks[size_t(&ring - rings.data())].push_back({key, walk});
  }
  void emit(Builder &b, TransferKind kind) {
    for (size_t i = 0; i < rings.size(); ++i) {
      std::stable_sort(walks[i].begin(), walks[i].end(),
                       [](const Keyed &x, const Keyed &y) {
                         return x.key < y.key;
                       });
      std::vector<Walk> ordered;
      for (const Keyed &w : walks[i])
        ordered.push_back(w.walk);
      walkRing(b, rings[i], ordered, kind);
    }
  }

private:
  struct Keyed {
    int64_t key;
    Walk walk;
  };
  const std::vector<RankRing> &rings;
  std::vector<std::vector<Keyed>> walks;
};

/// The rank a reduced or gathered chunk belongs to: its block's rank, or
/// the root for Broadcast and Reduce.
uint32_t ownerOf(const Builder &b, uint32_t c) {
  return b.kind == CollectiveKind::Broadcast ||
                 b.kind == CollectiveKind::Reduce
             ? b.rootRank
             : c / b.blockSize;
}

/// Inside every node, each chunk's shares reduced into the NPU on its
/// owner's rail; then along that rail into the owner. Reduce's chunks all
/// go to the root, on chains.
void reduceToOwners(Builder &b, const Levels &levels) {
  Phase inNodes(levels.intra), alongRails(levels.rails);
  auto collect = b.kind == CollectiveKind::Reduce ? reduceIntoRoot
                                                  : reduceInto;
  for (uint32_t c = 0; c < b.problem.numChunks(); ++c) {
    uint32_t owner = ownerOf(b, c);
    for (const std::vector<uint32_t> &node : levels.groups.nodes) {
      uint32_t onRail = levels.onRailOf(node[0], owner);
      const RankRing &ring = levels.nodeRing(onRail);
      inNodes.add(ring, collect(ring, c, onRail));
    }
    const RankRing &rail = levels.railRing(owner);
    alongRails.add(rail, collect(rail, c, owner));
  }
  inNodes.emit(b, TransferKind::Reduce);
  alongRails.emit(b, TransferKind::Reduce);
}

/// Along the rail from each chunk's owner, then inside every node; a
/// node's ring takes the chunks in the order they arrive.
void spreadFromOwners(Builder &b, const Levels &levels) {
  Phase alongRails(levels.rails), inNodes(levels.intra);
  for (uint32_t c = 0; c < b.problem.numChunks(); ++c) {
    uint32_t owner = ownerOf(b, c);
    const RankRing &rail = levels.railRing(owner);
    alongRails.add(rail, spreadFrom(rail, c, owner));
    for (const std::vector<uint32_t> &node : levels.groups.nodes) {
      uint32_t onRail = levels.onRailOf(node[0], owner);
      const RankRing &ring = levels.nodeRing(onRail);
      int64_t arrival = rail.distance(rail.channelOf(c), owner, onRail);
      inNodes.add(ring, spreadFrom(ring, c, onRail), arrival);
    }
  }
  alongRails.emit(b, TransferKind::Copy);
  inNodes.emit(b, TransferKind::Copy);
}

/// Each chunk from `from(c)` to `to(c)`: inside the source's node to the
/// rail of `railOf(c)`, along it to the destination's node, and inside that
/// node to the destination. Every link takes its farthest-bound chunks
/// first, and a node's second leg takes chunks in the order they arrive.
template <typename From, typename To, typename Rail>
void moveEach(Builder &b, const Levels &levels, From from, To to,
              Rail railOf, bool inbound) {
  Phase first(levels.intra), rails(levels.rails), last(levels.intra);
  for (uint32_t c = 0; c < b.problem.numChunks(); ++c) {
    uint32_t s = from(c), d = to(c), via = railOf(c);
    if (s == d)
      continue;
    uint32_t leave = levels.onRailOf(s, via), enter = levels.onRailOf(d, via);
    Walk out = fromTo(levels.nodeRing(s), c, s, leave, inbound);
    Walk across = fromTo(levels.railRing(via), c, leave, enter, inbound);
    Walk in = fromTo(levels.nodeRing(d), c, enter, d, inbound);
    first.add(levels.nodeRing(s), out, -int64_t(out.length));
    rails.add(levels.railRing(via), across, -int64_t(across.length));
    last.add(levels.nodeRing(d), in,
             int64_t(out.length + across.length) * b.numRanks - in.length);
  }
  first.emit(b, TransferKind::Copy);
  rails.emit(b, TransferKind::Copy);
  last.emit(b, TransferKind::Copy);
}

} // namespace

void hierarchicalBaseline(Builder &b) {
  Levels levels;
  b.error =
      findNodeGroups(b.router.network, b.problem.participants, levels.groups);
  if (!b.error.empty())
    return;
  const std::vector<std::vector<uint32_t>> &nodes = levels.groups.nodes;
  for (const std::vector<uint32_t> &node : nodes)
    levels.intra.emplace_back(b, node);
  for (uint32_t l = 0; l < nodes[0].size(); ++l) {
    std::vector<uint32_t> rail;
    for (const std::vector<uint32_t> &node : nodes)
      rail.push_back(node[l]);
    levels.rails.emplace_back(b, rail);
  }
  if (!b.error.empty())
    return;
  uint32_t root = b.rootRank, k = b.blockSize, g = b.numRanks;
  switch (b.kind) {
  case CollectiveKind::ReduceScatter:
  case CollectiveKind::Reduce:
    reduceToOwners(b, levels);
    break;
  case CollectiveKind::AllGather:
  case CollectiveKind::Broadcast:
    spreadFromOwners(b, levels);
    break;
  case CollectiveKind::AllReduce:
    reduceToOwners(b, levels);
    spreadFromOwners(b, levels);
    break;
  case CollectiveKind::Scatter:
    // Along the root's rail, then inside each node.
    moveEach(
        b, levels, [&](uint32_t) { return root; },
        [&](uint32_t c) { return c / k; }, [&](uint32_t) { return root; },
        false);
    break;
  case CollectiveKind::Gather:
    moveEach(
        b, levels, [&](uint32_t c) { return c / k; },
        [&](uint32_t) { return root; }, [&](uint32_t) { return root; }, true);
    break;
  case CollectiveKind::AllToAll:
    // Inside the source's node to the destination's rail (as NCCL's PXN),
    // then along it.
    moveEach(
        b, levels, [&](uint32_t c) { return c / k / g; },
        [&](uint32_t c) { return c / k % g; },
        [&](uint32_t c) { return c / k % g; }, false);
    break;
  }
}

} // namespace tacos
