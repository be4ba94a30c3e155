//===- RingOrder.cpp - A ring through the topology ------------------------===//

#include "RingOrder.h"

#include <algorithm>
#include <optional>
#include <set>

namespace tacos {

namespace {

/// Members joined by a link (lane 0) or through switches only, as
/// positions; with `bothWays` only pairs joined in both directions. Each
/// list is in position order.
std::vector<std::vector<uint32_t>>
memberLinks(Router &router, const std::vector<NodeId> &members,
            bool bothWays) {
  const Network &network = router.network;
  std::vector<int64_t> position(network.numNodes(), -1);
  for (uint32_t i = 0; i < members.size(); ++i)
    position[members[i]] = i;
  auto linked = [&](NodeId a, NodeId b) {
    for (LinkId l : network.outLinks(a))
      if (network.dst(l) == b)
        return true;
    return network.numSwitches() > 0 && router.adjacent(a, b);
  };
  std::vector<std::vector<uint32_t>> next(members.size());
  for (uint32_t i = 0; i < members.size(); ++i) {
    auto add = [&](uint32_t j) {
      if (j != i && (!bothWays || linked(members[j], members[i])))
        next[i].push_back(j);
    };
    if (network.numSwitches() > 0) {
      for (uint32_t j = 0; j < members.size(); ++j)
        if (router.adjacent(members[i], members[j]))
          add(j);
      continue;
    }
    std::optional<NodeId> previous;
    for (LinkId l : network.outLinks(members[i])) {
      NodeId v = network.dst(l);
      if (v == previous || position[v] < 0)
        continue;
      previous = v;
      add(uint32_t(position[v]));
    }
    std::sort(next[i].begin(), next[i].end());
  }
  return next;
}

/// A Hamiltonian cycle of `next` from position 0, depth first, within
/// `budget` steps; empty if none was found.
std::vector<uint32_t> hamiltonianCycle(
    const std::vector<std::vector<uint32_t>> &next, uint64_t budget) {
  uint32_t n = uint32_t(next.size());
  std::vector<char> visited(n, 0);
  std::vector<char> closes(n, 0); // has a link back to position 0
  std::vector<std::vector<uint32_t>> previous(n);
  // Unvisited successors of each member, kept as members are visited and
  // left, so that ranking candidates costs their count, not their degrees.
  std::vector<uint32_t> unvisitedNext(n);
  for (uint32_t v = 0; v < n; ++v) {
    closes[v] = std::binary_search(next[v].begin(), next[v].end(), 0u);
    unvisitedNext[v] = uint32_t(next[v].size());
    for (uint32_t w : next[v])
      previous[w].push_back(v);
  }
  auto visit = [&](uint32_t v, bool in) {
    visited[v] = in;
    for (uint32_t u : previous[v])
      in ? --unvisitedNext[u] : ++unvisitedNext[u];
  };
  // One frame per position of the path: its candidates, best first.
  struct Frame {
    std::vector<uint32_t> candidates;
    size_t tried = 0;
  };
  auto candidatesOf = [&](uint32_t v) {
    std::vector<std::pair<uint32_t, uint32_t>> ranked;
    for (uint32_t w : next[v])
      if (!visited[w])
        ranked.push_back({unvisitedNext[w], w});
    std::sort(ranked.begin(), ranked.end());
    std::vector<uint32_t> out;
    for (auto [degree, w] : ranked)
      out.push_back(w);
    return out;
  };
  std::vector<uint32_t> path{0};
  visit(0, true);
  std::vector<Frame> frames;
  frames.push_back({candidatesOf(0)});
  uint64_t steps = 0;
  while (!frames.empty()) {
    if (path.size() == n && (n == 1 || closes[path.back()]))
      return path;
    Frame &top = frames.back();
    if (path.size() == n || top.tried == top.candidates.size()) {
      if (path.size() > 1)
        visit(path.back(), false);
      path.pop_back();
      frames.pop_back();
      continue;
    }
    if (++steps > budget)
      return {};
    uint32_t w = top.candidates[top.tried++];
    if (visited[w])
      continue;
    visit(w, true);
    path.push_back(w);
    frames.push_back({candidatesOf(w)});
  }
  return {};
}

/// Nearest unvisited member next, from position 0.
std::vector<uint32_t> nearestTour(Router &router,
                                  const std::vector<NodeId> &members) {
  uint32_t n = uint32_t(members.size());
  std::vector<char> visited(n, 0);
  std::vector<uint32_t> tour{0};
  visited[0] = 1;
  while (tour.size() < n) {
    NodeId at = members[tour.back()];
    std::optional<uint32_t> best;
    int32_t bestHops = 0;
    for (uint32_t i = 0; i < n; ++i) {
      if (visited[i])
        continue;
      int32_t h = router.hops(at, members[i]);
      if (h >= 0 && (!best || h < bestHops)) {
        best = i;
        bestHops = h;
      }
    }
    if (!best)
      break; // some member cannot reach another: the order stops short
    visited[*best] = 1;
    tour.push_back(*best);
  }
  return tour;
}

/// The (from, to) node pairs of the links every step of `order` (cyclic)
/// crosses, forwards or backwards; false if a step has no route.
bool stepLinks(Router &router, const std::vector<NodeId> &members,
               const std::vector<uint32_t> &order, bool backwards,
               std::set<std::pair<NodeId, NodeId>> &links) {
  std::vector<NodeId> path;
  for (size_t i = 0; i < order.size(); ++i) {
    NodeId a = members[order[i]], b = members[order[(i + 1) % order.size()]];
    if (backwards)
      std::swap(a, b);
    if (!router.route(a, b, path))
      return false;
    for (size_t h = 0; h + 1 < path.size(); ++h)
      links.insert({path[h], path[h + 1]});
  }
  return true;
}

/// Whether every step of `order` takes as many hops backwards as forwards.
bool symmetricSteps(Router &router, const std::vector<NodeId> &members,
                    const std::vector<uint32_t> &order) {
  for (size_t i = 0; i < order.size(); ++i) {
    NodeId a = members[order[i]], b = members[order[(i + 1) % order.size()]];
    if (router.hops(a, b) != router.hops(b, a))
      return false;
  }
  return true;
}

/// Whether the ring run backwards crosses none of the links it crosses
/// forwards (a cycle of links that exist both ways; not a ring that relays
/// back over its own links).
bool reversible(Router &router, const std::vector<NodeId> &members,
                const std::vector<uint32_t> &order) {
  std::set<std::pair<NodeId, NodeId>> forwards, backwards;
  if (!stepLinks(router, members, order, false, forwards) ||
      !stepLinks(router, members, order, true, backwards))
    return false;
  for (const auto &link : backwards)
    if (forwards.count(link))
      return false;
  return true;
}

} // namespace

RingOrder findRing(Router &router, const std::vector<NodeId> &members) {
  RingOrder ring;
  uint64_t budget =
      kRingSearchBaseSteps + kRingSearchStepsPerMember * members.size();
  if (members.size() <= 2) {
    ring.order.resize(members.size());
    for (uint32_t i = 0; i < members.size(); ++i)
      ring.order[i] = i;
  } else {
    for (bool bothWays : {true, false}) {
      ring.order = hamiltonianCycle(
          memberLinks(router, members, bothWays), budget);
      if (!ring.order.empty())
        break;
    }
  }
  if (ring.order.empty())
    ring.order = nearestTour(router, members);
  if (ring.order.size() < members.size())
    return ring;
  ring.symmetric = symmetricSteps(router, members, ring.order);
  ring.bothWays = members.size() >= 2 && ring.symmetric &&
                  reversible(router, members, ring.order);
  return ring;
}

} // namespace tacos
