//===- ReservationRouter.cpp - Chunk-by-chunk earliest-arrival routing ----===//
//
// Each link keeps its reserved intervals [start, start + occupancy), sorted
// and disjoint (back-to-back ones merged). A chunk ready at u at time t
// can start over u->v at the first gap of length occupancy at or after t;
// that start is monotone in t, so Dijkstra on arrival times finds earliest
// arrivals. A tree's links are distinct (one parent link per node), so
// reserving a whole tree at once never double-books a link. Every
// reservation respects the simulator's rules (link order by start, a chunk
// leaves only after it arrived), so compacting the result can only make it
// earlier.
//
//===----------------------------------------------------------------------===//

#include "tacos/Synthesis/ReservationRouter.h"
#include "LinkCalendar.h"
#include "TenCommon.h"
#include "tacos/Network/ShortestPaths.h"
#include "tacos/Simulation/Simulator.h"

#include <algorithm>
#include <limits>
#include <map>
#include <numeric>
#include <queue>
#include <random>

namespace tacos {

namespace {

constexpr int64_t kNever = std::numeric_limits<int64_t>::max();
constexpr LinkId kNoLink = std::numeric_limits<LinkId>::max();

class Router {
public:
  Router(const Network &network, const Problem &problem, LinkModel model,
         bool evenSlots);
  /// Routes chunk c to all its destinations; returns its last arrival.
  int64_t route(uint32_t c, Schedule &schedule);
  /// Cost-weighted distance of c's farthest destination, free network.
  int64_t reach(uint32_t c) const;

private:
  /// How long chunk c reserves link l (routeByReservation's evenSlots).
  int64_t slot(LinkId l, uint32_t c) const {
    return evenSlots ? costs.largest(l).occupancy : costs.of(l, c).occupancy;
  }

  const Network &network;
  const Problem &problem;
  ChunkCosts costs;
  bool evenSlots;
  std::vector<uint16_t> laneOf;
  LinkCalendar calendar;
  std::vector<int64_t> arrival;
  std::vector<LinkId> parent;
  std::vector<int64_t> parentStart;
  std::vector<uint8_t> isDestination, needed;
  /// Free-network distances from each NPU that is a source (lazily).
  mutable std::vector<std::vector<int64_t>> freeFrom;
};

Router::Router(const Network &network, const Problem &problem, LinkModel model,
               bool evenSlots)
    : network(network), problem(problem),
      costs(network, problem.chunkSizes, problem.numChunks(), model),
      evenSlots(evenSlots),
      laneOf(laneIndex(network)), calendar(network.numLinks()),
      arrival(network.numNodes()), parent(network.numNodes()),
      parentStart(network.numNodes()), isDestination(network.numNodes(), 0),
      needed(network.numNodes(), 0), freeFrom(network.numNodes()) {}

int64_t Router::reach(uint32_t c) const {
  int64_t farthest = 0;
  for (uint32_t i = problem.sourceOffsets[c]; i < problem.sourceOffsets[c + 1];
       ++i) {
    uint32_t s = problem.sources[i];
    std::vector<int64_t> &dist = freeFrom[s];
    if (dist.empty())
      dist = shortestDistances(network, {s}, [&](LinkId l) {
        return costs.largest(l).duration;
      });
    problem.forEachDestination(c, [&](uint32_t d) {
      if (dist[d] != kNever)
        farthest = std::max(farthest, dist[d]);
    });
  }
  return farthest;
}

int64_t Router::route(uint32_t c, Schedule &schedule) {
  std::fill(arrival.begin(), arrival.end(), kNever);
  using Item = std::pair<int64_t, NodeId>;
  std::priority_queue<Item, std::vector<Item>, std::greater<Item>> queue;
  for (uint32_t i = problem.sourceOffsets[c]; i < problem.sourceOffsets[c + 1];
       ++i) {
    arrival[problem.sources[i]] = 0;
    parent[problem.sources[i]] = kNoLink;
    queue.push({0, problem.sources[i]});
  }
  std::vector<uint32_t> destinations;
  problem.forEachDestination(c, [&](uint32_t d) {
    destinations.push_back(d);
    isDestination[d] = 1;
  });
  size_t left = destinations.size();
  while (!queue.empty() && left > 0) {
    auto [t, x] = queue.top();
    queue.pop();
    if (t != arrival[x])
      continue;
    if (isDestination[x])
      --left;
    for (LinkId l : network.outLinks(x)) {
      NodeId y = network.dst(l);
      int64_t start = calendar.earliestStart(l, t, slot(l, c));
      int64_t end = start + costs.of(l, c).duration;
      if (end < arrival[y]) {
        arrival[y] = end;
        parent[y] = l;
        parentStart[y] = start;
        queue.push({end, y});
      }
    }
  }
  // Reserve the branches that lead to destinations, each link once.
  int64_t last = 0;
  for (uint32_t d : destinations) {
    last = std::max(last, arrival[d]);
    for (NodeId x = d; parent[x] != kNoLink && !needed[x];
         x = network.src(parent[x])) {
      needed[x] = 1;
      LinkId l = parent[x];
      calendar.reserve(l, parentStart[x], slot(l, c));
      schedule.push_back({c, network.src(l), x, laneOf[l], TransferKind::Copy,
                          parentStart[x], arrival[x]});
    }
  }
  for (uint32_t d : destinations)
    for (NodeId x = d; needed[x]; x = network.src(parent[x]))
      needed[x] = 0;
  for (uint32_t d : destinations)
    isDestination[d] = 0;
  return last;
}

} // namespace

bool routerApplies(const Network &network, const Problem &problem) {
  if (problem.kind == CollectiveKind::AllGather &&
      problem.participants.size() == problem.numNpus)
    return false;
  constexpr uint64_t kBudget = 40'000'000;
  return uint64_t(problem.numChunks()) *
             (network.numLinks() + network.numNodes()) <=
         kBudget;
}

int64_t routeByReservation(const Network &network, const Problem &problem,
                           LinkModel model, uint64_t orderKind,
                           Schedule &schedule, bool evenSlots,
                           const Deadline &deadline) {
  Router router(network, problem, model, evenSlots);
  std::vector<uint32_t> order(problem.numChunks());
  std::iota(order.begin(), order.end(), 0);
  if (orderKind <= 1) {
    // Farthest first: the farthest chunks get the earliest link time. In
    // rounds (order 1), round r holds the r-th chunk of every (first
    // source, first destination) pair, so the chunks of one pair (a
    // Scatter's k chunks to one NPU) do not take every route to it before
    // the other pairs are placed. Ties keep chunk order.
    std::vector<int64_t> reach(problem.numChunks());
    std::vector<uint32_t> round(problem.numChunks(), 0);
    std::map<std::pair<uint32_t, uint32_t>, uint32_t> seen;
    for (uint32_t c = 0; c < problem.numChunks(); ++c) {
      reach[c] = router.reach(c);
      if (orderKind == 0)
        continue;
      uint32_t first = UINT32_MAX;
      problem.forEachDestination(c, [&](uint32_t d) {
        if (first == UINT32_MAX)
          first = d;
      });
      uint32_t source = problem.numSources(c) > 0
                            ? problem.sources[problem.sourceOffsets[c]]
                            : UINT32_MAX;
      round[c] = seen[{source, first}]++;
    }
    std::stable_sort(order.begin(), order.end(), [&](uint32_t a, uint32_t b) {
      return round[a] != round[b] ? round[a] < round[b] : reach[a] > reach[b];
    });
  } else {
    std::mt19937_64 rng(orderKind);
    std::shuffle(order.begin(), order.end(), rng);
  }
  int64_t finish = 0;
  DeadlinePoll poll(deadline);
  for (uint32_t c : order) {
    if (poll.expired())
      return -1;
    if (problem.numDestinations(c) > 0)
      finish = std::max(finish, router.route(c, schedule));
  }
  return finish;
}

} // namespace tacos
