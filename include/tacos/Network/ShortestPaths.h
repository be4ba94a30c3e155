//===- ShortestPaths.h - The one shortest-path routine ----------*- C++ -*-===//
//
// Dijkstra over the network model with any non-negative link weight
// (latency, a chunk's duration, its occupancy). The network model, the
// lower bounds and the synthesizers all ask it; a template so that the
// weight is inlined into the inner loop.
//
//===----------------------------------------------------------------------===//

#ifndef TACOS_NETWORK_SHORTESTPATHS_H
#define TACOS_NETWORK_SHORTESTPATHS_H

#include "tacos/Network/Network.h"

#include <cstdint>
#include <functional>
#include <limits>
#include <queue>
#include <utility>
#include <vector>

namespace tacos {

/// Distance of a node no source reaches (and where sums saturate).
inline constexpr int64_t kUnreachable = std::numeric_limits<int64_t>::max();

/// Which way paths run: from the sources along out-links, or to the
/// sources (distances of every node to them) along in-links.
enum class PathDirection : uint8_t { FromSources, ToSources };

/// The least sum of weight(l) over a path between each node and the
/// nearest of `sources` (0 at a source), kUnreachable where there is none.
/// weight(l) must be >= 0; sums saturate at kUnreachable.
template <typename Weight>
std::vector<int64_t>
shortestDistances(const Network &network, const std::vector<NodeId> &sources,
                  Weight &&weight,
                  PathDirection direction = PathDirection::FromSources) {
  std::vector<int64_t> dist(network.numNodes(), kUnreachable);
  using Item = std::pair<int64_t, NodeId>;
  std::priority_queue<Item, std::vector<Item>, std::greater<Item>> queue;
  for (NodeId s : sources)
    if (s < network.numNodes() && dist[s] != 0) {
      dist[s] = 0;
      queue.push({0, s});
    }
  const bool forward = direction == PathDirection::FromSources;
  while (!queue.empty()) {
    auto [d, x] = queue.top();
    queue.pop();
    if (d != dist[x])
      continue;
    for (LinkId l : forward ? network.outLinks(x) : network.inLinks(x)) {
      NodeId y = forward ? network.dst(l) : network.src(l);
      int64_t w = weight(l);
      int64_t next = d > kUnreachable - w ? kUnreachable : d + w;
      if (next < dist[y]) {
        dist[y] = next;
        queue.push({next, y});
      }
    }
  }
  return dist;
}

} // namespace tacos

#endif // TACOS_NETWORK_SHORTESTPATHS_H
