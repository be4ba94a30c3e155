//===- ThroughputBound.cpp - The cut bound of the hardware ----------------===//
//
// Dinkelbach's method for max over S of a(S) / b(S), a the bytes that must
// leave S and b the bandwidth leaving S: given the best ratio lambda so
// far, the set maximizing a(S) - lambda * b(S) is a minimum cut in a graph
// whose links carry lambda * bandwidth and whose terminal arcs carry bytes
// (below); a positive maximum gives a set of larger ratio, zero proves
// lambda optimal. Each round's set is re-measured exactly from the
// network, so the result is one set's true ratio whatever the
// floating-point flows did: a valid bound, and the optimum up to their
// tolerance. A handful of rounds suffice (the method converges
// superlinearly); 64 is a deterministic cap. All-Reduce adds a partition
// search (GossipPartition.h) and All-to-All an LP (ConcurrentFlow.h).
//
//===----------------------------------------------------------------------===//

#include "tacos/Synthesis/ThroughputBound.h"
#include "ConcurrentFlow.h"
#include "GossipPartition.h"
#include "tacos/Collective/Problem.h"

#include <lemon/preflow.h>
#include <lemon/smart_graph.h>

#include <algorithm>
#include <cmath>
#include <limits>
#include <numeric>

namespace tacos {

namespace {

using Graph = lemon::SmartDigraph;
using Capacities = Graph::ArcMap<double>;
using Preflow = lemon::Preflow<Graph, Capacities>;

constexpr int kMaxRounds = 64;

/// The network as a LEMON graph: node n is network node n, arc l is link l,
/// plus one terminal node and the arcs the caller adds to it.
struct FlowGraph {
  explicit FlowGraph(const Network &network)
      : network(network), capacity(graph) {
    graph.reserveNode(int(network.numNodes()) + 1);
    for (NodeId n = 0; n < network.numNodes(); ++n)
      graph.addNode();
    terminal = graph.addNode();
    for (LinkId l = 0; l < network.numLinks(); ++l)
      graph.addArc(graph.nodeFromId(int(network.src(l))),
                   graph.nodeFromId(int(network.dst(l))));
  }
  Graph::Node node(NodeId n) const { return graph.nodeFromId(int(n)); }
  /// Links carry `scale` times their bandwidth.
  void scaleLinks(double scale) {
    for (LinkId l = 0; l < network.numLinks(); ++l)
      capacity[graph.arcFromId(int(l))] = scale * network.bandwidth(l);
  }

  const Network &network;
  Graph graph;
  Capacities capacity;
  Graph::Node terminal;
};

/// A set of nodes and its exact ratio.
struct Candidate {
  std::vector<bool> inS;
  /// Bytes that must leave S (an integer count) and bandwidth leaving S.
  uint64_t bytes = 0;
  double bandwidth = 0;
  /// bytes / bandwidth in seconds (+inf when bandwidth is 0).
  double seconds() const {
    return bandwidth > 0 ? double(bytes) / bandwidth
                         : std::numeric_limits<double>::infinity();
  }
};

double bandwidthLeaving(const Network &network, const std::vector<bool> &inS) {
  double sum = 0;
  for (LinkId l = 0; l < network.numLinks(); ++l)
    if (inS[network.src(l)] && !inS[network.dst(l)])
      sum += network.bandwidth(l);
  return sum;
}

/// bytes / bandwidth in picoseconds, rounded down exactly when the
/// bandwidth is a whole number of bytes per second (the usual case), else
/// one picosecond below the long-double quotient.
int64_t floorPs(uint64_t bytes, double bandwidth) {
  __extension__ typedef unsigned __int128 u128;
  if (bandwidth >= 1 && bandwidth < 9.2e18 && bandwidth == std::floor(bandwidth))
    return int64_t(u128(bytes) * 1000000000000ull / u128(uint64_t(bandwidth)));
  long double ps = (long double)bytes * 1e12L / (long double)bandwidth;
  return std::max<int64_t>(0, int64_t(std::floor(ps)) - 1);
}

ThroughputBound toBound(const Candidate &best) {
  ThroughputBound bound;
  bound.ps = floorPs(best.bytes, best.bandwidth);
  for (NodeId n = 0; n < best.inS.size(); ++n)
    if (best.inS[n])
      bound.cut.push_back(n);
  bound.bytes = double(best.bytes);
  bound.bandwidthBps = best.bandwidth;
  return bound;
}

/// The source side of `flow`'s minimum cut, without the terminal.
template <typename Flow>
std::vector<bool> sourceSide(const FlowGraph &g, const Flow &flow) {
  std::vector<bool> inS(g.network.numNodes());
  for (NodeId n = 0; n < g.network.numNodes(); ++n)
    inS[n] = flow.minCut(g.node(n));
  return inS;
}

/// S's candidate: `bytesOf(inS)` bytes must leave it. Nothing when they
/// cannot (no link leaves S): some destination is unreachable.
template <typename BytesOf>
std::optional<Candidate> measure(const Network &network, std::vector<bool> inS,
                                 BytesOf &&bytesOf) {
  Candidate c;
  c.bytes = bytesOf(inS);
  c.bandwidth = bandwidthLeaving(network, inS);
  c.inS = std::move(inS);
  if (c.bytes > 0 && c.bandwidth == 0)
    return std::nullopt;
  return c;
}

/// Dinkelbach's rounds from `best`: with the links of `g` carrying lambda
/// times their bandwidth, `improving()` returns the source side of the cut
/// that gains most over lambda (by more than the flows' tolerance), if
/// any; its set, measured exactly, replaces `best` while its ratio grows.
template <typename Improving, typename BytesOf>
std::optional<Candidate> dinkelbach(const Network &network, FlowGraph &g,
                                    Candidate best, Improving &&improving,
                                    BytesOf &&bytesOf) {
  for (int round = 0; round < kMaxRounds; ++round) {
    double lambda = best.seconds();
    g.scaleLinks(lambda);
    std::optional<std::vector<bool>> inS = improving();
    if (!inS)
      break;
    std::optional<Candidate> c = measure(network, std::move(*inS), bytesOf);
    if (!c)
      return std::nullopt;
    if (!(c->seconds() > lambda))
      break;
    best = std::move(*c);
  }
  return best;
}

/// All-Gather: `owned[p]` bytes start at participant p and every other
/// participant needs them. For S with a participant t outside, the bytes
/// owned in S must leave S. With a source arc of owned[p] into each
/// participant, the minimum cut between the source and t is
/// min over S not holding t of lambda b(S) + owned(outside S), so
/// total - cut = max a(S) - lambda b(S).
std::optional<Candidate> maxOwnedRatio(const Network &network,
                                       const std::vector<uint32_t> &members,
                                       const std::vector<uint64_t> &owned) {
  uint64_t total = 0;
  for (uint32_t p : members)
    total += owned[p];
  if (members.size() < 2 || total == 0)
    return std::nullopt;
  auto ownedIn = [&](const std::vector<bool> &inS) {
    uint64_t bytes = 0;
    for (uint32_t p : members)
      bytes += inS[p] ? owned[p] : 0;
    return bytes;
  };
  // Start from the best "all but t": everything t lacks crosses its
  // in-links.
  std::optional<Candidate> best;
  for (uint32_t t : members) {
    std::vector<bool> allButT(network.numNodes(), true);
    allButT[t] = false;
    std::optional<Candidate> c = measure(network, std::move(allButT), ownedIn);
    if (!c)
      return std::nullopt;
    if (!best || c->seconds() > best->seconds())
      best = std::move(c);
  }
  FlowGraph g(network);
  for (uint32_t p : members) {
    Graph::Arc a = g.graph.addArc(g.terminal, g.node(p));
    g.capacity[a] = double(owned[p]);
  }
  auto improving = [&]() -> std::optional<std::vector<bool>> {
    double bestGain = 1e-9 * double(total);
    std::optional<std::vector<bool>> inS;
    for (uint32_t t : members) {
      Preflow flow(g.graph, g.capacity, g.terminal, g.node(t));
      flow.runMinCut();
      double gain = double(total) - flow.flowValue();
      if (gain > bestGain) {
        bestGain = gain;
        inS = sourceSide(g, flow);
      }
    }
    return inS;
  };
  return dinkelbach(network, g, std::move(*best), improving, ownedIn);
}

/// Scatter: `wanted[v]` bytes start at the root and only v needs them.
/// For S holding the root, the bytes wanted outside S must leave it. With
/// an arc of wanted[v] from each v to a sink, the minimum cut between the
/// root and the sink is min over S of lambda b(S) + wanted(inside S).
std::optional<Candidate> maxWantedRatio(const Network &network, uint32_t root,
                                        const std::vector<uint64_t> &wanted) {
  uint64_t total = 0;
  for (uint64_t w : wanted)
    total += w;
  if (total == 0)
    return std::nullopt;
  auto wantedOutside = [&](const std::vector<bool> &inS) {
    uint64_t bytes = 0;
    for (NodeId v = 0; v < network.numNpus(); ++v)
      bytes += inS[v] ? 0 : wanted[v];
    return bytes;
  };
  std::vector<bool> rootAlone(network.numNodes(), false);
  rootAlone[root] = true;
  std::optional<Candidate> best =
      measure(network, std::move(rootAlone), wantedOutside);
  if (!best)
    return std::nullopt;
  FlowGraph g(network);
  for (NodeId v = 0; v < network.numNpus(); ++v) {
    if (v == root || wanted[v] == 0)
      continue;
    Graph::Arc a = g.graph.addArc(g.node(v), g.terminal);
    g.capacity[a] = double(wanted[v]);
  }
  auto improving = [&]() -> std::optional<std::vector<bool>> {
    Preflow flow(g.graph, g.capacity, g.node(root), g.terminal);
    flow.runMinCut();
    if (!(double(total) - flow.flowValue() > 1e-9 * double(total)))
      return std::nullopt;
    return sourceSide(g, flow);
  };
  return dinkelbach(network, g, std::move(*best), improving, wantedOutside);
}

/// Broadcast: every destination needs all `bytes`, which start at the
/// root; the worst destination's minimum cut bounds the rate (Edmonds: the
/// bound is also achievable by packed arborescences).
std::optional<Candidate> minCutRatio(const Network &network, uint32_t root,
                                     const std::vector<uint32_t> &members,
                                     uint64_t bytes) {
  FlowGraph g(network);
  g.scaleLinks(1);
  std::optional<Candidate> best;
  for (uint32_t v : members) {
    if (v == root)
      continue;
    Preflow flow(g.graph, g.capacity, g.node(root), g.node(v));
    flow.runMinCut();
    Candidate c;
    c.inS = sourceSide(g, flow);
    c.bytes = bytes;
    c.bandwidth = bandwidthLeaving(network, c.inS);
    if (c.bandwidth == 0)
      return std::nullopt;
    if (!best || c.seconds() > best->seconds())
      best = std::move(c);
  }
  return best;
}

/// All-Reduce's crossing bound: the smallest bandwidth out of a set holding
/// some participant but not all, the minimum over t of the max-flows
/// between the first participant and t both ways; `bytes` must cross it.
std::optional<Candidate> minCrossing(const Network &network,
                                     const std::vector<uint32_t> &members,
                                     uint64_t bytes) {
  FlowGraph g(network);
  g.scaleLinks(1);
  std::optional<Candidate> best;
  uint32_t first = members.front();
  for (uint32_t t : members) {
    if (t == first)
      continue;
    for (auto [from, to] : {std::pair(first, t), std::pair(t, first)}) {
      Preflow flow(g.graph, g.capacity, g.node(from), g.node(to));
      flow.runMinCut();
      Candidate c;
      c.inS = sourceSide(g, flow);
      c.bytes = bytes;
      c.bandwidth = bandwidthLeaving(network, c.inS);
      if (c.bandwidth == 0)
        return std::nullopt;
      if (!best || c.seconds() > best->seconds())
        best = std::move(c);
    }
  }
  return best;
}

/// All-Reduce's partition bound (GossipPartition.h) for `bytes` per
/// participant.
std::optional<ThroughputBound>
partitionBound(const Network &network, const std::vector<uint32_t> &members,
               uint64_t bytes) {
  std::optional<GossipPartition> g = searchGossipPartition(
      network, members, uint64_t(kMaxThroughputBoundWork));
  if (!g)
    return std::nullopt;
  ThroughputBound bound;
  bound.witness = ThroughputWitness::Partition;
  uint64_t crossings = 2 * uint64_t(g->parts - 1) * bytes;
  bound.ps = floorPs(crossings, g->bandwidth());
  bound.parts.resize(g->parts);
  for (NodeId n = 0; n < network.numNodes(); ++n)
    if (g->partOf[n] >= 0)
      bound.parts[g->partOf[n]].push_back(n);
  bound.bytes = double(crossings);
  bound.bandwidthBps = g->bandwidth();
  bound.exactOverAllSets = false;
  return bound;
}

/// All-Reduce of `bytes` per participant: the larger of its crossing and
/// partition bounds (ThroughputBound.h has the argument).
std::optional<ThroughputBound>
allReduceBound(const Network &network, const std::vector<uint32_t> &members,
               uint64_t bytes) {
  if (members.size() < 2 || bytes == 0)
    return std::nullopt;
  std::optional<Candidate> crossing = minCrossing(network, members, bytes);
  if (!crossing)
    return std::nullopt;
  ThroughputBound bound = toBound(*crossing);
  bound.exactOverAllSets = false;
  if (std::optional<ThroughputBound> partition =
          partitionBound(network, members, bytes);
      partition && partition->ps > bound.ps)
    return partition;
  return bound;
}

/// All-to-All: `bytes[c]` from `from[c]` to `to[c]`; the ratio over each
/// NPU, all but each NPU, and `extra` sets.
Candidate familyRatio(const Network &network, const Problem &problem,
                      const std::vector<std::vector<bool>> &extra) {
  auto measure = [&](std::vector<bool> inS) {
    Candidate c;
    for (uint32_t ch = 0; ch < problem.numChunks(); ++ch) {
      uint32_t s = problem.sources[problem.sourceOffsets[ch]];
      if (!inS[s])
        continue;
      problem.forEachDestination(ch, [&](uint32_t d) {
        if (!inS[d])
          c.bytes += problem.chunkBytes(ch);
      });
    }
    c.bandwidth = bandwidthLeaving(network, inS);
    c.inS = std::move(inS);
    return c;
  };
  // No set yet: bytes 0 (whose seconds() would be +inf).
  Candidate best;
  auto keep = [&](Candidate c) {
    if (c.bytes > 0 && (best.bytes == 0 || c.seconds() > best.seconds()))
      best = std::move(c);
  };
  for (uint32_t v : problem.participants) {
    std::vector<bool> alone(network.numNodes(), false);
    alone[v] = true;
    std::vector<bool> others(network.numNodes(), true);
    others[v] = false;
    keep(measure(std::move(alone)));
    keep(measure(std::move(others)));
  }
  for (const std::vector<bool> &s : extra)
    keep(measure(s));
  return best;
}

/// Bytes each participant sends each NPU.
DemandMatrix demandOf(const Network &network, const Problem &problem) {
  DemandMatrix demand(network.numNpus(),
                      std::vector<uint64_t>(network.numNpus(), 0));
  for (uint32_t c = 0; c < problem.numChunks(); ++c) {
    uint32_t s = problem.sources[problem.sourceOffsets[c]];
    problem.forEachDestination(
        c, [&](uint32_t d) { demand[s][d] += problem.chunkBytes(c); });
  }
  return demand;
}

/// Keeps `ball` in `best` if its ratio is larger.
void keepBall(const BallCut &ball, Candidate &best) {
  if (ball.bytes == 0 ||
      !(double(ball.bytes) * best.bandwidth > double(best.bytes) * ball.bandwidth))
    return;
  best.inS = ball.inS;
  best.bytes = ball.bytes;
  best.bandwidth = ball.bandwidth;
}

/// All-to-All: the concurrent-flow LP's certificate where the LP is within
/// its budget, else (or where it is weaker, by rounding) the best set
/// found: the family's `family`, the balls of the LP's lengths, or without
/// the LP the balls of each link's time per byte and the prefixes of the
/// node order. The certificate's
/// picoseconds are taken 10^-9 below its ratio: its sums of positive
/// doubles are exact to far less than that.
ThroughputBound allToAllBound(const Network &network, const Problem &problem,
                              Candidate family) {
  double sources = double(problem.participants.size());
  // The N x N demands and the sweeps are built only within the budget.
  if (sources * (double(network.numNodes()) * network.numNpus() +
                 double(network.numLinks())) >
      kMaxThroughputBoundWork) {
    ThroughputBound bound = toBound(family);
    bound.exactOverAllSets = false;
    return bound;
  }
  DemandMatrix demand = demandOf(network, problem);
  std::optional<ConcurrentFlowBound> flow = concurrentFlowBound(network, demand);
  if (!flow) {
    std::vector<double> perByte(network.numLinks());
    for (LinkId l = 0; l < network.numLinks(); ++l)
      perByte[l] = 1 / network.bandwidth(l);
    BallCut ball = sweepBalls(network, demand, perByte);
    // Prefixes of the node order: the rows of a torus, the nodes of a
    // hierarchy (topologies number NPUs dimension by dimension).
    std::vector<NodeId> order(network.numNodes());
    std::iota(order.begin(), order.end(), 0);
    sweepPrefixes(network, demand, order, ball);
    keepBall(ball, family);
    ThroughputBound bound = toBound(family);
    bound.exactOverAllSets = false;
    return bound;
  }
  keepBall(flow->cut, family);
  ThroughputBound bound = toBound(family);
  // Optimal: the certificate is the LP optimum, which no cut exceeds.
  bound.exactOverAllSets = flow->optimal;
  if (!(flow->weightedBandwidth > 0))
    return bound;
  long double ps = (long double)flow->weightedBytes * 1e12L /
                   (long double)flow->weightedBandwidth * (1 - 1e-9L);
  // A time past int64's picoseconds (a link of a few bytes per second) is
  // no better a bound than the largest that fits.
  ps = std::min(ps, (long double)std::numeric_limits<int64_t>::max() / 2);
  if (int64_t lp = int64_t(std::floor(ps)); lp > bound.ps) {
    bound.ps = lp;
    bound.witness = ThroughputWitness::LinkLengths;
    bound.linkLength = std::move(flow->linkLength);
    bound.bytes = flow->weightedBytes;
    bound.bandwidthBps = flow->weightedBandwidth;
  }
  return bound;
}

/// The bound of a non-combining problem on `network`.
std::optional<ThroughputBound> problemBound(const Network &network,
                                            const Problem &problem) {
  std::vector<uint64_t> perNpu(network.numNodes(), 0);
  switch (problem.kind) {
  case CollectiveKind::AllGather: {
    for (uint32_t c = 0; c < problem.numChunks(); ++c)
      perNpu[problem.sources[problem.sourceOffsets[c]]] += problem.chunkBytes(c);
    std::optional<Candidate> best =
        maxOwnedRatio(network, problem.participants, perNpu);
    if (!best)
      return std::nullopt;
    return toBound(*best);
  }
  case CollectiveKind::Broadcast: {
    uint64_t bytes = 0;
    for (uint32_t c = 0; c < problem.numChunks(); ++c)
      bytes += problem.chunkBytes(c);
    std::optional<Candidate> best =
        minCutRatio(network, *problem.root, problem.participants, bytes);
    if (!best)
      return std::nullopt;
    ThroughputBound bound = toBound(*best);
    bound.witness = ThroughputWitness::MinCut;
    return bound;
  }
  case CollectiveKind::Scatter: {
    for (uint32_t c = 0; c < problem.numChunks(); ++c)
      problem.forEachDestination(
          c, [&](uint32_t d) { perNpu[d] += problem.chunkBytes(c); });
    std::optional<Candidate> best =
        maxWantedRatio(network, *problem.root, perNpu);
    if (!best)
      return std::nullopt;
    return toBound(*best);
  }
  case CollectiveKind::AllToAll: {
    // All-Gather's worst cut for the same bytes per source is a good
    // candidate (a thin cut between groups of NPUs).
    for (uint32_t c = 0; c < problem.numChunks(); ++c)
      perNpu[problem.sources[problem.sourceOffsets[c]]] += problem.chunkBytes(c);
    std::vector<std::vector<bool>> extra;
    if (std::optional<Candidate> cut =
            maxOwnedRatio(network, problem.participants, perNpu))
      extra.push_back(cut->inS);
    Candidate best = familyRatio(network, problem, extra);
    if (best.bytes == 0 || best.bandwidth == 0)
      return std::nullopt;
    return allToAllBound(network, problem, std::move(best));
  }
  case CollectiveKind::Gather:
  case CollectiveKind::ReduceScatter:
  case CollectiveKind::AllReduce:
  case CollectiveKind::Reduce:
    break;
  }
  return std::nullopt;
}

} // namespace

double allGatherCutSeconds(const Network &network, const CollectiveSpec &spec,
                           const std::vector<bool> &inS) {
  Problem problem;
  CollectiveSpec gather = spec;
  gather.kind = CollectiveKind::AllGather;
  if (!buildProblem(gather, network.numNpus(), problem).empty())
    return 0;
  Candidate c;
  bool someoneOutside = false;
  for (uint32_t p : problem.participants)
    someoneOutside |= !inS[p];
  if (!someoneOutside)
    return 0;
  for (uint32_t ch = 0; ch < problem.numChunks(); ++ch)
    if (inS[problem.sources[problem.sourceOffsets[ch]]])
      c.bytes += problem.chunkBytes(ch);
  if (c.bytes == 0)
    return 0;
  c.bandwidth = bandwidthLeaving(network, inS);
  return c.seconds();
}

std::optional<ThroughputBound>
computeThroughputBound(const Network &network, const CollectiveSpec &spec) {
  if (network.hasUndecidedBandwidth() ||
      !checkCollective(spec, network.numNpus()).empty())
    return std::nullopt;
  // One max-flow per participant (one in all for Scatter and Gather), a
  // few rounds each: beyond the budget the bound is left out rather than
  // made to cost more than the synthesis it judges.
  double flows = spec.kind == CollectiveKind::Scatter ||
                         spec.kind == CollectiveKind::Gather
                     ? 1.0
                     : double(spec.participants(network.numNpus()));
  if (flows * double(network.numNodes() + network.numLinks()) >
      kMaxThroughputBoundWork)
    return std::nullopt;
  if (spec.kind == CollectiveKind::AllReduce)
    flows *= 2;
  CollectiveSpec dual = spec;
  dual.kind = dualOf(spec.kind);
  // Gather is Scatter time-reversed on G^T, as Reduce-Scatter and Reduce
  // are their duals'; Gather's dual is itself, so it is turned here.
  bool reversed = isCombining(spec.kind) || spec.kind == CollectiveKind::Gather;
  if (spec.kind == CollectiveKind::Gather)
    dual.kind = CollectiveKind::Scatter;
  Problem problem;
  if (!buildProblem(dual, network.numNpus(), problem).empty())
    return std::nullopt;
  if (spec.kind == CollectiveKind::AllReduce) {
    uint64_t bytes = 0;
    for (uint32_t c = 0; c < problem.numChunks(); ++c)
      bytes += problem.chunkBytes(c);
    return allReduceBound(network, problem.participants, bytes);
  }
  if (!reversed)
    return problemBound(network, problem);
  return problemBound(transposed(network), problem);
}

} // namespace tacos
