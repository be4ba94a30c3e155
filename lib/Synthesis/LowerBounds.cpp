//===- LowerBounds.cpp - Lower bounds on collective time ------------------===//
//
// docs/Reports.md, lower bounds, generalized from All-Gather to any non-combining Problem
// through deliveries(v): the number of (chunk, destination v) pairs. Every
// bound is a time no schedule valid under §5.5 can beat, in integer
// picoseconds. Where the exact value is not an integer, bounds round up only
// when that is exact; floating-point results round toward the smaller value,
// because a bound one picosecond too high would wrongly reject an optimal
// schedule, while one picosecond too low costs nothing.
//
// A bound that cannot be met at all (a destination without in-links, an
// undecided `?` bandwidth in the way, an unreachable destination) is
// INT64_MAX; the caller reports unreachability separately.
//
//===----------------------------------------------------------------------===//

#include "tacos/Synthesis/LowerBounds.h"
#include "tacos/Synthesis/ThroughputBound.h"
#include "tacos/Network/Diameter.h"
#include "tacos/Network/LinkCost.h"
#include "tacos/Network/Quantity.h"
#include "tacos/Network/ShortestPaths.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdint>
#include <limits>
#include <map>
#include <queue>
#include <utility>
#include <vector>

namespace tacos {

namespace {

__extension__ typedef __int128 i128;
__extension__ typedef unsigned __int128 u128;

constexpr int64_t kInfinite = std::numeric_limits<int64_t>::max();
constexpr int64_t kPsPerSecond = 1'000'000'000'000;

int64_t saturatingAdd(int64_t a, int64_t b) {
  // Both are non-negative here (times); saturate instead of wrapping.
  return a > kInfinite - b ? kInfinite : a + b;
}

/// Time to carry `count` chunks of `chunkBytes` over `bandwidth` bytes/s, in
/// ps: ceil(count * chunkBytes * 10^12 / bandwidth). Exact for integral bytes
/// and bandwidth (the common case, so that 30 us is not reported as 30 us +
/// 1 ps); otherwise computed in long double and rounded down when within
/// floating-point noise of an integer (see the file comment).
int64_t serializationPs(uint64_t count, double chunkBytes,
                        long double bandwidth) {
  if (count == 0)
    return 0;
  // No capacity (no links, or an undecided one making the sum NaN): the data
  // never arrives, whatever its size.
  if (!(bandwidth > 0) || std::isinf(chunkBytes))
    return kInfinite;
  if (!(chunkBytes > 0))
    return 0;
  if (std::isinf(bandwidth))
    return 0;
  if (chunkBytes == std::floor(chunkBytes) && chunkBytes < 0x1p63 &&
      bandwidth == std::floor(bandwidth) && bandwidth < 0x1p63L) {
    // count < 2^64 and bytes < 2^63 could overflow 128 bits once multiplied
    // by 10^12 (< 2^40), so check the byte total first: < 2^87 is safe.
    u128 bytes = (u128)count * (u128)int64_t(chunkBytes);
    if (bytes < ((u128)1 << 87)) {
      u128 num = bytes * (u128)kPsPerSecond;
      u128 den = (u128)(uint64_t)bandwidth;
      u128 q = (num + den - 1) / den;
      return q >= (u128)kInfinite ? kInfinite : int64_t(q);
    }
  }
  long double x = (long double)count * (long double)chunkBytes *
                  (long double)kPsPerSecond / bandwidth;
  if (!(x < 0x1p63L))
    return kInfinite;
  // Chunks are whole bytes, but the bandwidth here (a sum of link
  // bandwidths, unwound shares among them) need not be whole, so x carries
  // a relative error of a few ulps; 1e-12 is far above that. Taking the
  // nearest integer instead of ceil gives up at most the 1 ps a noisy ceil
  // could have added wrongly.
  long double nearest = std::nearbyint(x);
  if (std::fabs(x - nearest) <= x * 1e-12L)
    return int64_t(nearest);
  return int64_t(std::ceil(x));
}

/// What the bounds need to know about the problem, per node.
struct Deliveries {
  std::vector<uint64_t> perNode; ///< deliveries(v), sized numNodes
  bool outOfRange = false;       ///< a destination is not a node
};

Deliveries countDeliveries(const Network &network, const Problem &problem) {
  Deliveries d;
  d.perNode.assign(network.numNodes(), 0);
  std::vector<uint64_t> perNpu = problem.deliveriesPerNpu();
  for (uint32_t v = 0; v < perNpu.size(); ++v) {
    if (v < network.numNodes())
      d.perNode[v] = perNpu[v];
    else
      d.outOfRange |= perNpu[v] > 0;
  }
  if (!problem.othersAreDestinations)
    for (uint32_t v : problem.destinations)
      d.outOfRange |= v >= network.numNodes();
  return d;
}

/// ingress: every chunk v needs crosses one of v's in-links, whose total
/// bandwidth is B_in(v).
int64_t ingressBound(const Network &network, const Problem &problem,
                     const Deliveries &deliveries) {
  int64_t bound = 0;
  for (NodeId v = 0; v < network.numNpus(); ++v) {
    uint64_t n = deliveries.perNode[v];
    if (n == 0)
      continue;
    // NaN (some in-link undecided) counts as no capacity, as transferTimePs
    // treats an undecided link as never finishing.
    double bw = network.ingressBandwidth(v);
    if (!(bw > 0))
      return kInfinite;
    bound = std::max(bound, serializationPs(n, problem.chunkSizes.smallest(), bw));
  }
  return bound;
}

/// latency: a chunk reaches destination d over some path from one of its
/// sources. Transfers are store-and-forward (a chunk leaves an NPU only after
/// it has arrived there, §5.5), so the path takes at least the sum of its
/// link latencies, which is at least the shortest-path latency, plus the
/// serialization of its last hop, which carries the chunk whole and is one
/// of d's in-links: at least the smallest c/B_e over those. (Charging every
/// hop its serialization would be stronger; §5.4 keeps the pure latency and
/// we add only the last hop.)
int64_t latencyBound(const Network &network, const Problem &problem,
                     const Deliveries &deliveries,
                     const std::vector<LinkCost> &cost) {
  if (problem.numDeliveries() == 0)
    return 0;
  if (deliveries.outOfRange)
    return kInfinite;
  const uint32_t numChunks = problem.numChunks();

  // Smallest last-hop serialization into each destination. The duration
  // (transferTimePs) minus the latency is exactly the ceil'd c/B_e the
  // simulator charges.
  std::vector<int64_t> lastHop(network.numNodes(), kInfinite);
  for (NodeId d = 0; d < network.numNodes(); ++d) {
    if (deliveries.perNode[d] == 0)
      continue;
    for (LinkId e : network.inLinks(d)) {
      int64_t t = cost[e].duration;
      int64_t ser = t == kInfinite ? kInfinite : t - network.latency(e);
      lastHop[d] = std::min(lastHop[d], ser);
    }
  }

  // An All-Gather on a large network: every NPU sends to every other, so the
  // largest source-destination latency is the latency diameter (answered
  // from the factors for products), where one Dijkstra per NPU would take
  // minutes at 40,000 NPUs. Adding the smallest last hop instead of each
  // destination's own keeps it a valid, slightly weaker bound.
  constexpr uint32_t kPerSourceLimit = 1024;
  if (problem.kind == CollectiveKind::AllGather &&
      problem.othersAreDestinations &&
      problem.participants.size() == network.numNpus() &&
      network.numNpus() > kPerSourceLimit) {
    // Past the work budget of an exact diameter its lower bound still
    // bounds the collective from below.
    std::optional<DiameterBounds> diameter = latencyDiameterBounds(network);
    if (!diameter)
      return kInfinite;
    int64_t smallestLastHop = kInfinite;
    for (NodeId d = 0; d < network.numNpus(); ++d)
      smallestLastHop = std::min(smallestLastHop, lastHop[d]);
    return saturatingAdd(diameter->lower, smallestLastHop);
  }

  // One Dijkstra per distinct source, each applied to every chunk that
  // source holds. Chunks with one source (every built-in collective) take
  // their maximum directly; chunks with several need the minimum over
  // sources per destination first, kept in `best`.
  std::vector<std::vector<uint32_t>> chunksOf(network.numNodes());
  for (uint32_t c = 0; c < numChunks; ++c) {
    uint32_t first = problem.sourceOffsets[c],
             last = problem.sourceOffsets[c + 1];
    if (problem.numDestinations(c) == 0)
      continue; // nothing to deliver
    if (first == last)
      return kInfinite; // a chunk nobody holds never arrives
    bool held = false;
    for (uint32_t i = first; i < last; ++i) {
      uint32_t s = problem.sources[i];
      if (s >= network.numNodes())
        continue; // not in this network; another source may be
      chunksOf[s].push_back(c);
      held = true;
    }
    if (!held)
      return kInfinite;
  }
  // Nearest source per (chunk, destination) of multi-source chunks.
  std::map<std::pair<uint32_t, uint32_t>, int64_t> best;

  int64_t bound = 0;
  for (NodeId s = 0; s < network.numNodes(); ++s) {
    if (chunksOf[s].empty())
      continue;
    std::vector<int64_t> dist = network.shortestLatencies(s);
    for (uint32_t c : chunksOf[s]) {
      bool single = problem.numSources(c) == 1;
      bool unreachable = false;
      problem.forEachDestination(c, [&](uint32_t d) {
        int64_t dd = dist[d];
        if (single) {
          unreachable |= dd < 0;
          if (dd >= 0)
            bound = std::max(bound, saturatingAdd(dd, lastHop[d]));
          return;
        }
        auto [it, inserted] = best.try_emplace({c, d}, -1);
        if (dd >= 0 && (it->second < 0 || dd < it->second))
          it->second = dd;
      });
      if (unreachable)
        return kInfinite;
    }
  }
  for (auto &[pair, dd] : best) {
    if (dd < 0)
      return kInfinite;
    bound = std::max(bound, saturatingAdd(dd, lastHop[pair.second]));
  }
  return bound;
}

/// The smallest T by which `links` (their costs) can together have
/// finished `need` transfers: link e finishes its first no earlier than
/// duration_e and each next one occupancy_e later. kInfinite if no link
/// ever finishes one.
int64_t timeToCarry(const std::vector<LinkCost> &costs, uint64_t need) {
  if (need == 0)
    return 0;
  // Runs of equal costs count once per step of the search, times their
  // length: a node's links are mostly of one spec (2,999 of one at
  // fully_connected(3000), searched 64 steps for each of 3,000 NPUs).
  std::vector<std::pair<LinkCost, uint64_t>> runs;
  for (const LinkCost &cost : costs) {
    if (cost.duration == kInfinite)
      continue;
    if (!runs.empty() && runs.back().first.duration == cost.duration &&
        runs.back().first.occupancy == cost.occupancy)
      ++runs.back().second;
    else
      runs.push_back({cost, 1});
  }
  int64_t hi = kInfinite;
  for (const auto &[cost, count] : runs) {
    i128 alone = i128(cost.duration) + i128(need - 1) * cost.occupancy;
    if (alone < i128(hi))
      hi = int64_t(alone);
  }
  if (hi == kInfinite)
    return kInfinite;
  auto enough = [&](int64_t t) {
    uint64_t total = 0;
    for (const auto &[cost, links] : runs) {
      if (t < cost.duration)
        continue;
      if (cost.occupancy <= 0)
        return true;
      uint64_t each = 1 + uint64_t((t - cost.duration) / cost.occupancy);
      uint64_t left = need - total;
      // links * each >= left, without overflowing the product.
      if (each >= left || links >= (left + each - 1) / each)
        return true;
      total += links * each;
    }
    return false;
  };
  int64_t lo = 0;
  while (lo < hi) {
    int64_t mid = lo + (hi - lo) / 2;
    if (enough(mid))
      hi = mid;
    else
      lo = mid + 1;
  }
  return lo;
}

/// discrete: in-link e of v can have finished at most count_e(T) chunks by
/// time T: the first ends no earlier than duration_e, each next one
/// occupancy_e later (blocking: occupancy = duration, so this is
/// floor(T / cost_e)). Chunks v does not need (forwarded or duplicated ones)
/// only use up that capacity, so v needs sum_e count_e(T) >= deliveries(v).
int64_t discreteBound(const Network &network, const Deliveries &deliveries,
                      const std::vector<LinkCost> &cost) {
  int64_t bound = 0;
  std::vector<LinkCost> costs;
  for (NodeId v = 0; v < network.numNpus(); ++v) {
    const uint64_t need = deliveries.perNode[v];
    if (need == 0)
      continue;
    costs.clear();
    for (LinkId e : network.inLinks(v))
      costs.push_back(cost[e]);
    int64_t carried = timeToCarry(costs, need);
    if (carried == kInfinite)
      return kInfinite; // no in-link ever delivers (undecided bandwidth)
    bound = std::max(bound, carried);
  }
  return bound;
}

/// cut: every chunk some NPU of S needs but no NPU of S holds crosses into S
/// at least once, over the links from outside S into S. (Written
/// with B_out of the complement, these are the same links.) Exhaustive over subsets,
/// so only for small networks without switches (a switch would have to be
/// put on one side of each cut too).
std::optional<int64_t> cutBound(const Network &network, const Problem &problem,
                                const Deliveries &deliveries) {
  const uint32_t n = network.numNpus();
  if (n > 16 || problem.participants.size() > 16 || network.numSwitches() != 0)
    return std::nullopt;
  if (problem.numDeliveries() == 0)
    return 0;
  if (deliveries.outOfRange)
    return kInfinite;

  // Chunks only matter through (holders, needers) as NPU masks; built-in
  // collectives have at most N^2 distinct pairs however many chunks, so
  // group them before the 2^N loop.
  std::map<std::pair<uint32_t, uint32_t>, uint64_t> groups;
  for (uint32_t c = 0; c < problem.numChunks(); ++c) {
    uint32_t src = 0, dst = 0;
    for (uint32_t i = problem.sourceOffsets[c];
         i < problem.sourceOffsets[c + 1]; ++i)
      if (problem.sources[i] < n)
        src |= 1u << problem.sources[i];
    problem.forEachDestination(c, [&](uint32_t d) { dst |= 1u << d; });
    if (dst != 0)
      ++groups[{src, dst}];
  }
  std::vector<std::pair<std::pair<uint32_t, uint32_t>, uint64_t>> chunkSets(
      groups.begin(), groups.end());

  // B_in(S), summed link by link. An undecided link into S makes B_in(S)
  // NaN, which serializationPs treats like no capacity (as ingress does).
  const uint32_t all = (1u << n) - 1;
  int64_t bound = 0;
  for (uint32_t set = 1; set < all; ++set) {
    uint64_t chunks = 0;
    for (const auto &[masks, count] : chunkSets)
      if ((masks.second & set) && !(masks.first & set))
        chunks += count;
    if (chunks == 0)
      continue;
    long double bandwidth = 0;
    for (LinkId e = 0; e < network.numLinks(); ++e)
      if (!(set >> network.src(e) & 1) && (set >> network.dst(e) & 1))
        bandwidth += network.bandwidth(e);
    bound =
        std::max(bound, serializationPs(chunks, problem.chunkSizes.smallest(), bandwidth));
    if (bound == kInfinite)
      break;
  }
  return bound;
}

/// Cost-weighted distances from s along out-links, or kInfinite where s
/// cannot reach.
std::vector<int64_t> distancesFrom(const Network &network, NodeId s,
                                   const std::vector<int64_t> &weight) {
  return shortestDistances(network, {s},
                           [&](LinkId l) { return weight[l]; });
}

/// path: a chunk is store-and-forward whole (§5.5): each hop takes the
/// link's full duration (latency + bytes/bandwidth) from its start to the
/// arrival the next hop waits for. So a destination gets a chunk no earlier
/// than the cheapest duration-weighted path from one of its sources. This
/// is the latency bound with every hop's serialization charged, not only
/// the last one's; it is exact for one chunk on a path (a ring Broadcast).
int64_t pathBound(const Network &network, const Problem &problem,
                  const Deliveries &deliveries,
                  const std::vector<LinkCost> &cost) {
  if (problem.numDeliveries() == 0)
    return 0;
  if (deliveries.outOfRange)
    return kInfinite;
  std::vector<int64_t> duration(network.numLinks());
  for (LinkId l = 0; l < network.numLinks(); ++l)
    duration[l] = cost[l].duration;

  // A whole-network All-Gather on a large network: every NPU is a source,
  // and the farthest destination of any one of them is a valid bound (on
  // the symmetric tori this is meant for, it is the diameter). One
  // Dijkstra instead of one per NPU.
  constexpr uint32_t kPerSourceLimit = 1024;
  if (problem.othersAreDestinations &&
      problem.participants.size() > kPerSourceLimit) {
    for (uint32_t c = 0; c < problem.numChunks(); ++c) {
      if (problem.numSources(c) != 1 || problem.numDestinations(c) == 0)
        continue;
      uint32_t s = problem.sources[problem.sourceOffsets[c]];
      if (s >= network.numNodes())
        continue;
      std::vector<int64_t> dist = distancesFrom(network, s, duration);
      int64_t bound = 0;
      problem.forEachDestination(
          c, [&](uint32_t d) { bound = std::max(bound, dist[d]); });
      return bound;
    }
    return 0;
  }

  // Per (chunk, destination): the nearest of the chunk's sources. Chunks
  // are visited grouped by their first source, so a single-source chunk
  // (every built-in collective) reuses that source's distances, and only one
  // source's distances are held at a time (a group on a large network would
  // otherwise keep participants x nodes of them).
  std::vector<uint32_t> order;
  for (uint32_t c = 0; c < problem.numChunks(); ++c)
    if (problem.numDestinations(c) > 0) {
      if (problem.numSources(c) == 0)
        return kInfinite;
      order.push_back(c);
    }
  auto firstSource = [&](uint32_t c) {
    return problem.sources[problem.sourceOffsets[c]];
  };
  std::stable_sort(order.begin(), order.end(), [&](uint32_t a, uint32_t b) {
    return firstSource(a) < firstSource(b);
  });
  int64_t bound = 0;
  uint32_t cachedSource = UINT32_MAX;
  std::vector<int64_t> cached;
  for (uint32_t c : order) {
    std::vector<std::vector<int64_t>> others;
    bool anyHolder = false;
    for (uint32_t i = problem.sourceOffsets[c];
         i < problem.sourceOffsets[c + 1]; ++i) {
      uint32_t s = problem.sources[i];
      if (s >= network.numNodes())
        continue;
      anyHolder = true;
      if (i == problem.sourceOffsets[c]) {
        if (s != cachedSource) {
          cached = distancesFrom(network, s, duration);
          cachedSource = s;
        }
      } else {
        others.push_back(distancesFrom(network, s, duration));
      }
    }
    if (!anyHolder)
      return kInfinite;
    bool firstInNetwork = firstSource(c) < network.numNodes();
    problem.forEachDestination(c, [&](uint32_t d) {
      int64_t nearest = firstInNetwork ? cached[d] : kInfinite;
      for (const std::vector<int64_t> &dist : others)
        nearest = std::min(nearest, dist[d]);
      bound = std::max(bound, nearest);
    });
    if (bound == kInfinite)
      return kInfinite;
  }
  return bound;
}

/// When each node can first hold a chunk some NPU needs: Dijkstra from
/// every source of such a chunk, whole-chunk durations as weights.
std::vector<int64_t> releaseTimes(const Network &network,
                                  const Problem &problem,
                                  const std::vector<int64_t> &duration) {
  std::vector<NodeId> sources;
  for (uint32_t c = 0; c < problem.numChunks(); ++c)
    if (problem.numDestinations(c) > 0)
      for (uint32_t i = problem.sourceOffsets[c];
           i < problem.sourceOffsets[c + 1]; ++i)
        sources.push_back(problem.sources[i]);
  return shortestDistances(network, sources,
                           [&](LinkId l) { return duration[l]; });
}

/// occupancy: for a set S of nodes, every chunk some node of S needs and no
/// node of S holds must cross a link into S, and every chunk only S holds
/// that a node outside S needs must cross a link out of S; each crossing
/// ends by T, and a link finishes at most count_e(T) chunks by T (as in
/// discrete). Evaluated for every NPU alone (its in- and out-links: the out
/// side is what bounds a Scatter's or Broadcast's root) and, on networks
/// small enough, for neighbourhoods: the NPUs within each of the few
/// smallest duration-weighted distances of an NPU. A neighbourhood is a
/// group of a hierarchical network (the NPUs behind one fast switch), whose
/// few slow links into the group bound a Gather to one of its NPUs.
int64_t occupancyBound(const Network &network, const Problem &problem,
                       const Deliveries &deliveries,
                       std::vector<LinkCost> cost) {
  if (problem.numDeliveries() == 0)
    return 0;
  if (deliveries.outOfRange)
    return kInfinite;
  const uint32_t numNodes = network.numNodes();
  std::vector<int64_t> duration(network.numLinks());
  for (LinkId l = 0; l < network.numLinks(); ++l)
    duration[l] = cost[l].duration;
  // A link can carry a chunk only once its source holds one: no earlier
  // than the release time of its source node, the cheapest whole-chunk path
  // from any chunk's source (0 at sources). So its first transfer ends no
  // earlier than release + duration. This is what bounds a Broadcast whose
  // root reaches every NPU in one hop: the second chunk an NPU needs comes
  // from the root after the first, or from a peer that got it first.
  std::vector<int64_t> release = releaseTimes(network, problem, duration);
  for (LinkId l = 0; l < network.numLinks(); ++l)
    if (cost[l].duration != kInfinite)
      cost[l].duration =
          saturatingAdd(release[network.src(l)], cost[l].duration);
  std::vector<uint8_t> inSet(numNodes, 0);
  std::vector<LinkCost> crossing;
  // Chunks into S and out of S, and the bound they give.
  auto evaluate = [&]() {
    uint64_t into = 0, outOf = 0;
    for (uint32_t c = 0; c < problem.numChunks(); ++c) {
      bool heldInside = false, allInside = true;
      for (uint32_t i = problem.sourceOffsets[c];
           i < problem.sourceOffsets[c + 1]; ++i) {
        bool inside =
            problem.sources[i] < numNodes && inSet[problem.sources[i]];
        heldInside |= inside;
        allInside &= inside;
      }
      bool neededInside = false, neededOutside = false;
      problem.forEachDestination(c, [&](uint32_t d) {
        if (d < numNodes && inSet[d])
          neededInside = true;
        else
          neededOutside = true;
      });
      into += neededInside && !heldInside;
      outOf += neededOutside && allInside && problem.numSources(c) > 0;
    }
    int64_t bound = 0;
    crossing.clear();
    for (LinkId l = 0; l < network.numLinks(); ++l)
      if (!inSet[network.src(l)] && inSet[network.dst(l)])
        crossing.push_back(cost[l]);
    bound = std::max(bound, timeToCarry(crossing, into));
    crossing.clear();
    for (LinkId l = 0; l < network.numLinks(); ++l)
      if (inSet[network.src(l)] && !inSet[network.dst(l)])
        crossing.push_back(cost[l]);
    return std::max(bound, timeToCarry(crossing, outOf));
  };

  // Singletons: the counts come from the problem directly, O(links) each.
  std::vector<uint64_t> outOnly(numNodes, 0);
  for (uint32_t c = 0; c < problem.numChunks(); ++c)
    if (problem.numSources(c) == 1 && problem.numDestinations(c) > 0 &&
        problem.sources[problem.sourceOffsets[c]] < numNodes)
      ++outOnly[problem.sources[problem.sourceOffsets[c]]];
  int64_t bound = 0;
  for (NodeId v = 0; v < network.numNpus(); ++v) {
    std::vector<LinkCost> links;
    for (LinkId l : network.outLinks(v))
      links.push_back(cost[l]);
    bound = std::max(bound, timeToCarry(links, outOnly[v]));
    links.clear();
    for (LinkId l : network.inLinks(v))
      links.push_back(cost[l]);
    bound = std::max(bound, timeToCarry(links, deliveries.perNode[v]));
  }

  // Neighbourhoods, within a work budget: each costs a Dijkstra plus a pass
  // over chunks and links per radius.
  constexpr uint32_t kRadii = 4;
  constexpr uint64_t kBudget = 50'000'000;
  uint64_t perSet = uint64_t(problem.numChunks()) + problem.sources.size() +
                    problem.numDeliveries() + network.numLinks();
  if (uint64_t(network.numNpus()) * kRadii * perSet > kBudget)
    return bound;
  for (NodeId v = 0; v < network.numNpus() && bound != kInfinite; ++v) {
    std::vector<int64_t> dist = distancesFrom(network, v, duration);
    std::vector<int64_t> radii;
    for (NodeId u = 0; u < numNodes; ++u)
      if (u != v && dist[u] != kInfinite)
        radii.push_back(dist[u]);
    std::sort(radii.begin(), radii.end());
    radii.erase(std::unique(radii.begin(), radii.end()), radii.end());
    // The largest radius would take every reachable NPU: nothing crosses.
    if (!radii.empty())
      radii.pop_back();
    if (radii.size() > kRadii)
      radii.resize(kRadii);
    for (int64_t radius : radii) {
      for (NodeId u = 0; u < numNodes; ++u)
        inSet[u] = dist[u] <= radius;
      bound = std::max(bound, evaluate());
    }
  }
  return bound;
}

} // namespace

const char *boundName(BoundKind kind) {
  switch (kind) {
  case BoundKind::Ingress:
    return "ingress";
  case BoundKind::Latency:
    return "latency";
  case BoundKind::Discrete:
    return "discrete";
  case BoundKind::Cut:
    return "cut";
  case BoundKind::Load:
    return "load";
  case BoundKind::Path:
    return "path";
  case BoundKind::Occupancy:
    return "occupancy";
  case BoundKind::Volume:
    return "volume";
  case BoundKind::Throughput:
    return "throughput";
  }
  return "unknown";
}

static constexpr BoundKind kAllBounds[] = {
    BoundKind::Ingress, BoundKind::Latency, BoundKind::Discrete,
    BoundKind::Cut,     BoundKind::Load,    BoundKind::Path,
    BoundKind::Occupancy, BoundKind::Volume, BoundKind::Throughput};

std::optional<int64_t> LowerBounds::get(BoundKind kind) const {
  switch (kind) {
  case BoundKind::Ingress:
    return ingressPs;
  case BoundKind::Latency:
    return latencyPs;
  case BoundKind::Discrete:
    return discretePs;
  case BoundKind::Cut:
    return cutPs;
  case BoundKind::Load:
    return loadPs;
  case BoundKind::Path:
    return pathPs;
  case BoundKind::Occupancy:
    return occupancyPs;
  case BoundKind::Volume:
    return volumePs;
  case BoundKind::Throughput:
    return throughputPs;
  }
  return std::nullopt;
}

BoundKind LowerBounds::bestKind() const {
  BoundKind best = BoundKind::Ingress;
  int64_t bestPs = ingressPs;
  for (BoundKind kind : kAllBounds) {
    std::optional<int64_t> ps = get(kind);
    if (ps && *ps > bestPs) {
      best = kind;
      bestPs = *ps;
    }
  }
  return best;
}

int64_t LowerBounds::best() const { return *get(bestKind()); }

std::string OptimalityCertificate::describe() const {
  char us[64];
  if (boundPs == kInfinite)
    std::snprintf(us, sizeof us, "unreachable");
  else
    std::snprintf(us, sizeof us, "%.3f us", double(boundPs) / 1e6);
  std::string bound = std::string(this->bound) + " lower bound (" + us + ")";
  if (optimal)
    return "equals the " + bound;
  if (contradiction)
    return "below the " + bound + ": a wrong bound or time";
  if (!gap)
    return "above the " + bound;
  return "gap " + formatGap(timePs, boundPs) + " to the " + bound;
}

std::string formatGap(int64_t timePs, int64_t referencePs) {
  std::string ratio = formatRatio(timePs, referencePs);
  size_t decimals = ratio.size() - ratio.find('.') - 1;
  if (decimals <= size_t(kRatioDecimals))
    return ratio;
  return formatTime(timePs - referencePs) + " (ratio " + ratio + ")";
}

OptimalityCertificate certify(int64_t timePs, const LowerBounds &bounds) {
  OptimalityCertificate certificate;
  certificate.boundKind = bounds.bestKind();
  certificate.bound = boundName(certificate.boundKind);
  certificate.boundPs = bounds.best();
  certificate.timePs = timePs;
  // Integers on both sides: the bounds round down wherever they are not
  // exact, so equality is a proof and a picosecond above is a gap.
  certificate.optimal = timePs == certificate.boundPs;
  certificate.contradiction = timePs < certificate.boundPs;
  if (certificate.optimal)
    certificate.gap = 1.0;
  else if (!certificate.contradiction && certificate.boundPs > 0)
    certificate.gap = double(timePs) / double(certificate.boundPs);
  return certificate;
}

ExactVerdict judgeExact(int64_t timePs, bool provedOptimal,
                        const std::string &proof, int64_t provedInfeasiblePs,
                        const std::optional<LowerBounds> &bounds) {
  ExactVerdict verdict;
  std::optional<OptimalityCertificate> certificate;
  if (bounds)
    certificate = certify(timePs, *bounds);
  if (provedOptimal) {
    verdict.optimal = true;
    verdict.proof = proof.empty() ? "proved by the search" : proof;
  } else if (certificate && certificate->optimal) {
    verdict.optimal = true;
    verdict.proof = certificate->describe();
  }
  if (verdict.optimal) {
    verdict.text = "optimal: " + verdict.proof;
    return verdict;
  }
  // The optimum is above provedInfeasiblePs and at or above the best
  // bound: the gap is to the larger of the two.
  if (provedInfeasiblePs >= 0 &&
      (!certificate || provedInfeasiblePs >= certificate->boundPs)) {
    char us[64];
    std::snprintf(us, sizeof us, "%.3f us", double(provedInfeasiblePs) / 1e6);
    verdict.text = "gap " +
                   (provedInfeasiblePs > 0
                        ? formatGap(timePs, provedInfeasiblePs)
                        : std::string("n/a")) +
                   " to the best proved infeasible time " + us;
    return verdict;
  }
  verdict.text = provedInfeasiblePs >= 0 ? "" : "not proved optimal";
  if (certificate)
    verdict.text +=
        (verdict.text.empty() ? "" : "; ") + certificate->describe();
  return verdict;
}

/// load: when every chunk goes from one source to one destination
/// (All-to-All, Scatter, Gather), each chunk keeps some path of links busy
/// for at least the sum of their occupancies, and no link is busy longer
/// than T; so T >= (sum over chunks of the cheapest such path) / links. The
/// per-NPU bounds miss this multi-hop traffic entirely.
static std::optional<int64_t> loadBound(const Network &network,
                                        const Problem &problem,
                                        const std::vector<LinkCost> &cost) {
  if (problem.othersAreDestinations || network.numLinks() == 0)
    return std::nullopt;
  std::vector<std::vector<uint32_t>> chunksFrom(network.numNodes());
  for (uint32_t c = 0; c < problem.numChunks(); ++c) {
    if (problem.numDestinations(c) == 0)
      continue;
    if (problem.numSources(c) != 1 || problem.numDestinations(c) != 1)
      return std::nullopt;
    uint32_t s = problem.sources[problem.sourceOffsets[c]];
    if (s >= network.numNodes())
      return std::nullopt;
    chunksFrom[s].push_back(c);
  }
  __int128 total = 0;
  for (NodeId s = 0; s < network.numNodes(); ++s) {
    if (chunksFrom[s].empty())
      continue;
    std::vector<int64_t> dist = shortestDistances(
        network, {s}, [&](LinkId l) { return cost[l].occupancy; });
    for (uint32_t c : chunksFrom[s]) {
      int64_t d = 0;
      problem.forEachDestination(c, [&](uint32_t t) { d = dist[t]; });
      if (d == kInfinite)
        return kInfinite;
      total += d;
    }
  }
  __int128 links = network.numLinks();
  return int64_t((total + links - 1) / links);
}

/// What a bound that counts whole transfers per link may charge one of
/// `bytes` on each link: linkCosts, except on a link to or from a switch.
/// A switch port may also carry several transfers at once at a share of
/// its rate each (the TACOS paper's unwound model, valid on the same
/// hardware, measured faster than one at a time where latency dominates),
/// so there a transfer is charged its bytes over the port's rate and no
/// latency: the port still carries at most its rate.
static std::vector<LinkCost> shareableCosts(const Network &network,
                                            uint64_t bytes, LinkModel model) {
  std::vector<LinkCost> cost = linkCosts(network, bytes, model);
  if (network.numSwitches() == 0)
    return cost;
  for (LinkId l = 0; l < network.numLinks(); ++l)
    if (network.isSwitch(network.src(l)) || network.isSwitch(network.dst(l))) {
      int64_t bytesOnly = network.transferTimePs(l, bytes) - network.latency(l);
      cost[l] = {bytesOnly, bytesOnly};
    }
  return cost;
}

LowerBounds computeLowerBounds(const Network &network, const Problem &problem,
                               LinkModel model) {
  LowerBounds bounds;
  Deliveries deliveries = countDeliveries(network, problem);
  // Every bound may assume the smallest chunk's cost of any chunk.
  std::vector<LinkCost> cost =
      linkCosts(network, problem.chunkSizes.smallest(), model);
  bounds.ingressPs = deliveries.outOfRange
                         ? kInfinite
                         : ingressBound(network, problem, deliveries);
  bounds.latencyPs = latencyBound(network, problem, deliveries, cost);
  std::vector<LinkCost> counted =
      shareableCosts(network, problem.chunkSizes.smallest(), model);
  bounds.discretePs = deliveries.outOfRange
                          ? kInfinite
                          : discreteBound(network, deliveries, counted);
  bounds.cutPs = cutBound(network, problem, deliveries);
  bounds.loadPs = loadBound(network, problem, counted);
  // Both assume every node stores and forwards whole chunks, which is what
  // unwound networks do; a switch node's timing is not that, so they are
  // left at 0 there (no bound) rather than guessed.
  if (network.numSwitches() == 0) {
    bounds.pathPs = pathBound(network, problem, deliveries, cost);
    bounds.occupancyPs =
        occupancyBound(network, problem, deliveries, std::move(cost));
  }
  return bounds;
}

/// volume: an All-Reduce leaves every participant with every chunk reduced
/// over all N contributions. Without in-network reduction that takes at
/// least 2(N-1) transfers per chunk, the minimum of one-way gossip: each
/// other NPU's contribution must leave it before the first NPU holds the
/// sum, and each other NPU must then receive it. Every transfer occupies
/// some link, so all links together must finish 2(N-1) per chunk by T. On
/// a network where all NPUs see the same bandwidth this is what adding
/// the two phases' ingress bounds gives, which only strict phases obey.
/// Only when every NPU participates: relays outside a group are not
/// counted by the gossip argument. `problem` is the All-Gather dual.
static std::optional<int64_t> volumeBound(const Network &network,
                                          const Problem &problem,
                                          LinkModel model) {
  uint64_t n = problem.participants.size();
  if (n < 2 || n != network.numNodes())
    return std::nullopt;
  return timeToCarry(
      shareableCosts(network, problem.chunkSizes.smallest(), model),
      2 * (n - 1) * uint64_t(problem.numChunks()));
}

std::optional<LowerBounds> computeCollectiveBounds(const Network &network,
                                                   const CollectiveSpec &spec,
                                                   LinkModel model) {
  // With switches as nodes every bound computeLowerBounds gives holds on
  // the hardware too: a transfer through switches holds each link of its
  // path at least as long as that link alone would take (the slowest
  // link's rate, every latency), so what an NPU's in-links, a path's
  // latency or the links' total time allow stays an upper limit; and the
  // counting bounds charge a switch port only its bytes (shareableCosts),
  // so they hold for schedules that share a port (unwound ones) too.
  if (network.hasUndecidedBandwidth())
    return std::nullopt;
  CollectiveSpec dual = spec;
  dual.kind = dualOf(spec.kind);
  Problem problem;
  if (!buildProblem(dual, network.numNpus(), problem).empty())
    return std::nullopt;
  std::optional<ThroughputBound> throughput =
      computeThroughputBound(network, spec);
  std::optional<int64_t> throughputPs;
  if (throughput)
    throughputPs = throughput->ps;
  if (!isCombining(spec.kind)) {
    LowerBounds bounds = computeLowerBounds(network, problem, model);
    bounds.throughputPs = throughputPs;
    return bounds;
  }
  LowerBounds reduction =
      computeLowerBounds(transposed(network), problem, model);
  reduction.throughputPs = throughputPs;
  if (spec.kind != CollectiveKind::AllReduce)
    return reduction;
  LowerBounds gather = computeLowerBounds(network, problem, model);
  LowerBounds both;
  both.ingressPs = std::max(reduction.ingressPs, gather.ingressPs);
  both.volumePs = volumeBound(network, problem, model);
  both.latencyPs = std::max(reduction.latencyPs, gather.latencyPs);
  both.discretePs = std::max(reduction.discretePs, gather.discretePs);
  both.pathPs = std::max(reduction.pathPs, gather.pathPs);
  both.occupancyPs = std::max(reduction.occupancyPs, gather.occupancyPs);
  both.throughputPs = throughputPs;
  return both;
}

} // namespace tacos
