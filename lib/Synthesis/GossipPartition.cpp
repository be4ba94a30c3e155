//===- GossipPartition.cpp - All-Reduce's partition bound -----------------===//
//
// Steepest ascent over partitions (GossipPartition.h). Every round looks
// at each link and each switch once, evaluates every move in constant
// time from per-set sums, applies the one that raises
// (k-1) / min(out, in) most, and re-measures the partition from the links
// (so no rounding accumulates across rounds). The ratio rises strictly,
// so the search ends; the work budget ends it earlier on large networks.
//
//===----------------------------------------------------------------------===//

#include "GossipPartition.h"

#include <algorithm>
#include <deque>
#include <map>

namespace tacos {

namespace {

/// A candidate: k sets with these summed bandwidths.
struct Score {
  uint32_t parts = 0;
  double out = 0, in = 0;
  /// True if this ratio (k-1)/min(out, in) beats `other`'s by more than
  /// rounding.
  bool beats(const Score &other) const {
    double mine = std::min(out, in), theirs = std::min(other.out, other.in);
    if (!(mine > 0))
      return false;
    return double(parts - 1) * theirs >
           double(other.parts - 1) * mine * (1 + 1e-12);
  }
};

/// A change of one switch's set (from -1 = left out, to -1 = left out) or
/// a merge of two sets.
struct Move {
  bool merge = false;
  int32_t a = -1, b = -1;
  NodeId node = 0;
};

/// Every participant alone, the other NPUs with the participant nearest in
/// hops (breadth-first over links either way), switches left out.
std::vector<int32_t> initialPartition(const Network &network,
                                      const std::vector<uint32_t> &members) {
  std::vector<int32_t> nearest(network.numNodes(), -1);
  std::deque<NodeId> queue;
  for (uint32_t i = 0; i < members.size(); ++i) {
    nearest[members[i]] = int32_t(i);
    queue.push_back(members[i]);
  }
  auto visit = [&](NodeId from, NodeId to) {
    if (nearest[to] < 0) {
      nearest[to] = nearest[from];
      queue.push_back(to);
    }
  };
  while (!queue.empty()) {
    NodeId u = queue.front();
    queue.pop_front();
    for (LinkId l : network.outLinks(u))
      visit(u, network.dst(l));
    for (LinkId l : network.inLinks(u))
      visit(u, network.src(l));
  }
  std::vector<int32_t> partOf(network.numNodes(), -1);
  for (NodeId v = 0; v < network.numNpus(); ++v)
    partOf[v] = std::max(nearest[v], 0);
  return partOf;
}

/// The sets a switch's links touch, with the bandwidth to and from each.
struct SwitchSides {
  double outTotal = 0, inTotal = 0;
  std::map<int32_t, std::pair<double, double>> toFrom;
};

SwitchSides sidesOf(const Network &network, const std::vector<int32_t> &partOf,
                    NodeId sw) {
  SwitchSides sides;
  for (LinkId l : network.outLinks(sw)) {
    sides.outTotal += network.bandwidth(l);
    if (int32_t p = partOf[network.dst(l)]; p >= 0)
      sides.toFrom[p].first += network.bandwidth(l);
  }
  for (LinkId l : network.inLinks(sw)) {
    sides.inTotal += network.bandwidth(l);
    if (int32_t p = partOf[network.src(l)]; p >= 0)
      sides.toFrom[p].second += network.bandwidth(l);
  }
  return sides;
}

/// The best move from `now` within `work`, if one improves.
std::optional<Move> bestMove(const Network &network,
                             const std::vector<int32_t> &partOf,
                             const Score &now, uint64_t &work) {
  Score best = now;
  std::optional<Move> move;
  auto consider = [&](Score s, Move m) {
    if (s.beats(best)) {
      best = s;
      move = m;
    }
  };
  // Merges of two linked sets drop the links between them both ways.
  std::map<std::pair<int32_t, int32_t>, double> between;
  for (LinkId l = 0; l < network.numLinks(); ++l) {
    int32_t a = partOf[network.src(l)], b = partOf[network.dst(l)];
    if (a >= 0 && b >= 0 && a != b)
      between[{std::min(a, b), std::max(a, b)}] += network.bandwidth(l);
  }
  work += network.numLinks();
  if (now.parts > 2)
    for (const auto &[pair, w] : between)
      consider({now.parts - 1, now.out - w, now.in - w},
               {true, pair.first, pair.second, 0});
  // A switch joins set a: its links with a become inner, its other links
  // now leave or enter a.
  for (NodeId sw = network.numNpus(); sw < network.numNodes(); ++sw) {
    SwitchSides sides = sidesOf(network, partOf, sw);
    work += network.outLinks(sw).size() + network.inLinks(sw).size();
    int32_t from = partOf[sw];
    Score left = now;
    if (from >= 0) {
      auto [to, fromA] = sides.toFrom[from];
      left.out += fromA - (sides.outTotal - to);
      left.in += to - (sides.inTotal - fromA);
      consider(left, {false, from, -1, sw});
    }
    for (const auto &[a, tf] : sides.toFrom) {
      if (a == from)
        continue;
      Score joined = left;
      joined.out += (sides.outTotal - tf.first) - tf.second;
      joined.in += (sides.inTotal - tf.second) - tf.first;
      consider(joined, {false, from, a, sw});
    }
  }
  return move;
}

void applyMove(std::vector<int32_t> &partOf, const Move &move) {
  if (!move.merge) {
    partOf[move.node] = move.b;
    return;
  }
  for (int32_t &p : partOf)
    if (p == move.b)
      p = move.a;
}

} // namespace

GossipPartition measureGossipPartition(const Network &network,
                                       std::vector<int32_t> partOf) {
  // Number the sets used 0..k-1 in order of first appearance.
  std::map<int32_t, int32_t> renumber;
  for (int32_t &p : partOf)
    if (p >= 0)
      p = renumber.emplace(p, int32_t(renumber.size())).first->second;
  GossipPartition g;
  g.parts = uint32_t(renumber.size());
  for (LinkId l = 0; l < network.numLinks(); ++l) {
    int32_t a = partOf[network.src(l)], b = partOf[network.dst(l)];
    if (a == b)
      continue;
    if (a >= 0)
      g.outBandwidth += network.bandwidth(l);
    if (b >= 0)
      g.inBandwidth += network.bandwidth(l);
  }
  g.partOf = std::move(partOf);
  return g;
}

std::optional<GossipPartition>
searchGossipPartition(const Network &network,
                      const std::vector<uint32_t> &participants,
                      uint64_t work) {
  if (participants.size() < 2)
    return std::nullopt;
  GossipPartition g =
      measureGossipPartition(network, initialPartition(network, participants));
  if (g.parts < 2 || !(g.bandwidth() > 0))
    return std::nullopt;
  uint64_t used = 0;
  while (used < work) {
    Score now{g.parts, g.outBandwidth, g.inBandwidth};
    std::optional<Move> move = bestMove(network, g.partOf, now, used);
    if (!move)
      break;
    applyMove(g.partOf, *move);
    g = measureGossipPartition(network, std::move(g.partOf));
  }
  return g;
}

} // namespace tacos
