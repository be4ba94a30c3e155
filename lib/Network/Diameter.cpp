//===- Diameter.cpp - Hop and latency diameters, exact or bounded ---------===//
//
// Exact: on a Cartesian product the distance between two nodes is the sum
// of the per-dimension distances, and the per-dimension maxima can be taken
// independently, so the diameter is the sum of the blocks' diameters; any
// other network takes a search from every NPU.
//
// Bounds, when that is over budget: for NPUs a, b and any node v,
// d(a, b) <= d(a, v) + d(v, b), so D <= ecc_in(v) + ecc_out(v) (over NPUs);
// and every eccentricity is at most D. The lower bound is the double sweep
// (search from the NPU farthest from where we started); v is taken halfway
// along the longest path that sweep found, which is the centre of a line or
// a tree (there the bounds meet). A second round starts from the NPU
// farthest from v (4-sweep). Ten linear searches at most.
//
//===----------------------------------------------------------------------===//

#include "tacos/Network/Diameter.h"
#include "tacos/Network/ShortestPaths.h"

#include <algorithm>
#include <limits>
#include <utility>
#include <vector>

namespace tacos {

namespace {

/// Largest hop distance between two nodes of a 1-D block; a path through a
/// switch is two hops.
int64_t blockHopDiameter(const DimSpec &d) {
  if (d.size < 2)
    return 0;
  switch (d.kind) {
  case DimKind::Line:
  case DimKind::UniRing:
    return d.size - 1;
  case DimKind::Ring:
    return d.size / 2;
  case DimKind::FullyConnected:
    return 1;
  case DimKind::Switch:
    return 2;
  }
  return 0;
}

/// Max over NPU pairs of `distances(a)[b]`, or nothing if some is -1.
template <typename DistFn>
std::optional<int64_t> npuDiameter(uint32_t npus, DistFn distances) {
  int64_t best = 0;
  for (NodeId a = 0; a < npus; ++a) {
    auto dist = distances(a);
    for (NodeId b = 0; b < npus; ++b) {
      if (a == b)
        continue;
      if (dist[b] < 0)
        return std::nullopt;
      best = std::max<int64_t>(best, dist[b]);
    }
  }
  return best;
}

int64_t saturatingAdd(int64_t a, int64_t b) {
  return a > kUnreachable - b ? kUnreachable : a + b;
}

/// Hop distances from (or to) `source`, kUnreachable where there is no path.
std::vector<int64_t> hopSearch(const Network &network, NodeId source,
                               PathDirection direction) {
  std::vector<int64_t> dist(network.numNodes(), kUnreachable);
  std::vector<NodeId> queue;
  queue.reserve(network.numNodes());
  dist[source] = 0;
  queue.push_back(source);
  const bool forward = direction == PathDirection::FromSources;
  for (size_t head = 0; head < queue.size(); ++head) {
    NodeId u = queue[head];
    for (LinkId l : forward ? network.outLinks(u) : network.inLinks(u)) {
      NodeId v = forward ? network.dst(l) : network.src(l);
      if (dist[v] == kUnreachable) {
        dist[v] = dist[u] + 1;
        queue.push_back(v);
      }
    }
  }
  return dist;
}

std::vector<int64_t> latencySearch(const Network &network, NodeId source,
                                   PathDirection direction) {
  return shortestDistances(
      network, {source}, [&](LinkId l) { return network.latency(l); },
      direction);
}

/// The NPU farthest in `dist` and its distance. The network is connected
/// (checked before), so every NPU has a distance.
std::pair<NodeId, int64_t> farthestNpu(const Network &network,
                                       const std::vector<int64_t> &dist) {
  NodeId arg = 0;
  int64_t best = -1;
  for (NodeId v = 0; v < network.numNpus(); ++v)
    if (dist[v] > best) {
      best = dist[v];
      arg = v;
    }
  return {arg, best};
}

template <typename Search>
DiameterBounds sweepBounds(const Network &network, Search search) {
  constexpr auto from = PathDirection::FromSources, to = PathDirection::ToSources;
  DiameterBounds bounds{0, kUnreachable};
  NodeId start = 0;
  for (int round = 0; round < 2 && !bounds.exact(); ++round) {
    auto [r, fromStart] = farthestNpu(network, search(start, from));
    bounds.lower = std::max(bounds.lower, fromStart);
    std::vector<int64_t> fromR = search(r, from);
    auto [a, longest] = farthestNpu(network, fromR);
    bounds.lower = std::max(bounds.lower, longest);
    // Halfway along a shortest path r -> a: the node on one (distances from
    // r and to a add up to the longest) whose larger half is smallest.
    std::vector<int64_t> toA = search(a, to);
    NodeId middle = r;
    int64_t half = longest;
    for (NodeId x = 0; x < network.numNodes(); ++x) {
      if (fromR[x] == kUnreachable || toA[x] == kUnreachable ||
          saturatingAdd(fromR[x], toA[x]) != longest)
        continue;
      int64_t larger = std::max(fromR[x], toA[x]);
      if (larger < half) {
        half = larger;
        middle = x;
      }
    }
    auto [far, outOfMiddle] = farthestNpu(network, search(middle, from));
    int64_t intoMiddle = farthestNpu(network, search(middle, to)).second;
    bounds.lower = std::max(bounds.lower, outOfMiddle);
    bounds.upper = std::min(bounds.upper, saturatingAdd(outOfMiddle, intoMiddle));
    start = far;
  }
  bounds.upper = std::max(bounds.upper, bounds.lower); // only if saturated
  return bounds;
}

template <typename Exact, typename Search>
std::optional<DiameterBounds> diameterBounds(const Network &network,
                                             uint64_t budget, Exact exact,
                                             Search search) {
  const uint64_t work = uint64_t(network.numNpus()) *
                        (uint64_t(network.numNodes()) + network.numLinks());
  if (!network.productDims().empty() || work <= budget) {
    std::optional<int64_t> d = exact();
    if (!d)
      return std::nullopt;
    return DiameterBounds{*d, *d};
  }
  if (network.findUnreachablePair())
    return std::nullopt;
  return sweepBounds(network, search);
}

} // namespace

std::optional<int64_t> Network::hopDiameter() const {
  if (!pureDims.empty()) {
    int64_t sum = 0;
    for (const DimSpec &d : pureDims)
      sum += blockHopDiameter(d);
    return sum;
  }
  return npuDiameter(npus, [&](NodeId a) { return hopDistances(a); });
}

std::optional<int64_t> Network::latencyDiameter() const {
  if (!pureDims.empty()) {
    int64_t sum = 0;
    for (const DimSpec &d : pureDims)
      sum += blockHopDiameter(d) * d.link.latencyPs;
    return sum;
  }
  return npuDiameter(npus, [&](NodeId a) { return shortestLatencies(a); });
}

std::optional<DiameterBounds> hopDiameterBounds(const Network &network,
                                                uint64_t budget) {
  return diameterBounds(
      network, budget, [&] { return network.hopDiameter(); },
      [&](NodeId s, PathDirection d) { return hopSearch(network, s, d); });
}

std::optional<DiameterBounds> latencyDiameterBounds(const Network &network,
                                                    uint64_t budget) {
  return diameterBounds(
      network, budget, [&] { return network.latencyDiameter(); },
      [&](NodeId s, PathDirection d) { return latencySearch(network, s, d); });
}

} // namespace tacos
