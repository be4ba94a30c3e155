//===- Repair.cpp - Repair an algorithm after links fail ------------------===//
//
// Kept set, then earliest-arrival routing of the lost deliveries into the
// link time the kept transfers leave free (Repair.h). The routing follows
// ReservationRouter.cpp: a chunk ready at u at time t starts over u->v at
// the first free gap of its occupancy at or after t, which is monotone in
// t, so Dijkstra on arrival times finds earliest arrivals; a chunk's tree
// uses each link once, so reserving the whole tree never double-books.
//
//===----------------------------------------------------------------------===//

#include "tacos/Synthesis/Repair.h"
#include "tacos/Collective/ChunkCosts.h"
#include "tacos/Simulation/Combining.h"
#include "tacos/Simulation/Simulator.h"
#include "tacos/Synthesis/Combining.h"
#include "tacos/Synthesis/Inversion.h"
#include "tacos/Verification/Verifier.h"

#include <algorithm>
#include <chrono>
#include <limits>
#include <numeric>
#include <queue>
#include <set>
#include <unordered_map>

namespace tacos {

namespace {

constexpr int64_t kNever = std::numeric_limits<int64_t>::max();
constexpr LinkId kNoLink = std::numeric_limits<LinkId>::max();

/// When each NPU holds each chunk. Flat for the usual sizes; hashed when
/// chunks x NPUs would not fit (All-to-All on hundreds of NPUs), where
/// few pairs are ever held.
class Holdings {
public:
  Holdings(uint32_t numChunks, uint32_t numNodes) : nodes(numNodes) {
    constexpr uint64_t kFlatLimit = uint64_t(1) << 26;
    flat = uint64_t(numChunks) * numNodes <= kFlatLimit;
    if (flat)
      table.assign(size_t(numChunks) * numNodes, kNever);
  }
  int64_t at(uint32_t c, uint32_t v) const {
    uint64_t key = uint64_t(c) * nodes + v;
    if (flat)
      return table[key];
    auto it = hashed.find(key);
    return it == hashed.end() ? kNever : it->second;
  }
  void lower(uint32_t c, uint32_t v, int64_t t) {
    uint64_t key = uint64_t(c) * nodes + v;
    if (flat) {
      table[key] = std::min(table[key], t);
      return;
    }
    auto [it, inserted] = hashed.try_emplace(key, t);
    if (!inserted)
      it->second = std::min(it->second, t);
  }

private:
  uint32_t nodes;
  bool flat;
  std::vector<int64_t> table;
  std::unordered_map<uint64_t, int64_t> hashed;
};

struct Interval {
  int64_t start, end;
};

/// Each link's reserved intervals, sorted by start and disjoint, and the
/// time before which the link is not available at all (an All-Gather
/// phase waits for the reductions on that link).
class LinkCalendar {
public:
  LinkCalendar(size_t numLinks, std::vector<int64_t> notBefore)
      : busy(numLinks), notBefore(std::move(notBefore)) {
    if (this->notBefore.empty())
      this->notBefore.assign(numLinks, 0);
  }
  /// Appends without keeping order; call sortAll() before any query.
  void add(LinkId l, int64_t start, int64_t occupancy) {
    busy[l].push_back({start, start + occupancy});
  }
  void sortAll() {
    for (std::vector<Interval> &list : busy)
      std::sort(list.begin(), list.end(), [](const Interval &a,
                                             const Interval &b) {
        return a.start != b.start ? a.start < b.start : a.end < b.end;
      });
  }
  int64_t earliestStart(LinkId l, int64_t ready, int64_t occupancy) const {
    const std::vector<Interval> &list = busy[l];
    int64_t t = std::max(ready, notBefore[l]);
    // Intervals are disjoint, so their ends are sorted too.
    auto it = std::upper_bound(
        list.begin(), list.end(), t,
        [](int64_t time, const Interval &i) { return time < i.end; });
    for (; it != list.end(); ++it) {
      if (t + occupancy <= it->start)
        return t;
      t = std::max(t, it->end);
    }
    return t;
  }
  void reserve(LinkId l, int64_t start, int64_t occupancy) {
    std::vector<Interval> &list = busy[l];
    auto it = std::lower_bound(
        list.begin(), list.end(), start,
        [](const Interval &a, int64_t time) { return a.start < time; });
    list.insert(it, {start, start + occupancy});
  }

private:
  std::vector<std::vector<Interval>> busy;
  std::vector<int64_t> notBefore;
};

/// Lane of each link among the parallel links src -> dst.
std::vector<uint16_t> lanesOf(const Network &network) {
  std::vector<uint16_t> lane(network.numLinks(), 0);
  for (LinkId l = 1; l < network.numLinks(); ++l)
    if (network.src(l - 1) == network.src(l) &&
        network.dst(l - 1) == network.dst(l))
      lane[l] = uint16_t(lane[l - 1] + 1);
  return lane;
}

/// "5 <-> 6, 7 -> 8": the links `old` uses that `degraded` lacks.
std::string describeDroppedLinks(const Network &degraded,
                                 const ScheduleView &old) {
  std::set<std::pair<uint32_t, uint32_t>> gone;
  for (size_t i = 0; i < old.size(); ++i)
    if (!findLink(degraded, old.src(i), old.dst(i), old.lane(i)))
      gone.insert({old.src(i), old.dst(i)});
  std::string text;
  for (auto [a, b] : gone) {
    bool both = gone.count({b, a});
    if (both && b < a)
      continue;
    if (!text.empty())
      text += ", ";
    text += std::to_string(a) + (both ? " <-> " : " -> ") + std::to_string(b);
  }
  return text;
}

/// One non-combining phase: the kept set, then the lost deliveries routed
/// into the free link time. `after` (an All-Gather after its reductions)
/// says when each link becomes usable and when each chunk is ready at its
/// sources; empty vectors mean 0. On an unreachable pair, fills
/// `unreachable` and leaves `error` to the caller.
struct PhaseResult {
  Schedule schedule; ///< uncompacted
  size_t kept = 0, lost = 0, added = 0, lostDeliveries = 0;
  std::optional<std::pair<uint32_t, uint32_t>> unreachable;
};

class PhaseRepair {
public:
  PhaseRepair(const Network &network, const Problem &problem,
              const ScheduleView &old, LinkModel model,
              const SimulationStart &after)
      : network(network), problem(problem), old(old),
        costs(network, problem.chunkSizes, problem.numChunks(), model),
        after(after), held(problem.numChunks(), network.numNodes()),
        calendar(network.numLinks(), after.linkFree),
        lane(lanesOf(network)), lostAt(problem.numChunks(), kNever),
        arrival(network.numNodes()), parent(network.numNodes()),
        parentStart(network.numNodes()),
        isHolder(network.numNodes(), 0), isTarget(network.numNodes(), 0),
        needed(network.numNodes(), 0) {}

  PhaseResult run() {
    PhaseResult result;
    std::vector<uint8_t> keep = keptSet();
    for (size_t i = 0; i < old.size(); ++i)
      if (keep[i])
        result.schedule.push_back(old[i]);
    result.kept = result.schedule.size();
    result.lost = old.size() - result.kept;
    calendar.sortAll();
    for (uint32_t c : lostChunks()) {
      std::vector<uint32_t> targets = lostDestinations(c);
      result.lostDeliveries += targets.size();
      if (!route(c, targets, result.schedule)) {
        result.unreachable = unreachablePair(c, targets);
        return result;
      }
    }
    result.added = result.schedule.size() - result.kept;
    return result;
  }

private:
  /// Walks `old` in (start, end, index) order, the simulator's order.
  std::vector<uint8_t> keptSet() {
    for (uint32_t c = 0; c < problem.numChunks(); ++c)
      for (uint32_t i = problem.sourceOffsets[c];
           i < problem.sourceOffsets[c + 1]; ++i)
        held.lower(c, problem.sources[i], 0);
    std::vector<size_t> order(old.size());
    std::iota(order.begin(), order.end(), size_t(0));
    std::sort(order.begin(), order.end(), [&](size_t a, size_t b) {
      if (old.start(a) != old.start(b))
        return old.start(a) < old.start(b);
      if (old.end(a) != old.end(b))
        return old.end(a) < old.end(b);
      return a < b;
    });
    std::vector<uint8_t> keep(old.size(), 0);
    for (size_t i : order) {
      uint32_t c = old.chunk(i);
      std::optional<LinkId> l =
          findLink(network, old.src(i), old.dst(i), old.lane(i));
      if (!l || held.at(c, old.src(i)) > old.start(i)) {
        lostAt[c] = std::min(lostAt[c], old.start(i));
        continue;
      }
      keep[i] = 1;
      calendar.add(*l, old.start(i), costs.of(*l, c).occupancy);
      held.lower(c, old.dst(i), old.end(i));
    }
    return keep;
  }

  /// Chunks with a lost delivery, in the order the old schedule first lost
  /// them: it served them in that order, so its priorities carry over.
  std::vector<uint32_t> lostChunks() const {
    std::vector<uint32_t> chunks;
    for (uint32_t c = 0; c < problem.numChunks(); ++c)
      if (lostAt[c] != kNever)
        chunks.push_back(c);
    std::sort(chunks.begin(), chunks.end(), [&](uint32_t a, uint32_t b) {
      return lostAt[a] != lostAt[b] ? lostAt[a] < lostAt[b] : a < b;
    });
    return chunks;
  }

  std::vector<uint32_t> lostDestinations(uint32_t c) const {
    std::vector<uint32_t> targets;
    problem.forEachDestination(c, [&](uint32_t d) {
      if (held.at(c, d) == kNever)
        targets.push_back(d);
    });
    return targets;
  }

  int64_t readyAtSource(uint32_t c) const {
    return after.chunkReady.empty() ? 0 : after.chunkReady[c];
  }

  /// Routes c to `targets` over the earliest-arrival tree from its
  /// holders; false if some target cannot be reached.
  bool route(uint32_t c, const std::vector<uint32_t> &targets,
             Schedule &schedule) {
    using Item = std::pair<int64_t, NodeId>;
    std::priority_queue<Item, std::vector<Item>, std::greater<Item>> queue;
    std::fill(arrival.begin(), arrival.end(), kNever);
    for (NodeId v = 0; v < network.numNpus(); ++v) {
      int64_t t = held.at(c, v);
      if (t == kNever)
        continue;
      if (problem.isSource(c, v))
        t = std::max(t, readyAtSource(c));
      // A holder keeps its own copy: no second delivery to it.
      isHolder[v] = 1;
      arrival[v] = t;
      parent[v] = kNoLink;
      queue.push({t, v});
    }
    for (uint32_t d : targets)
      isTarget[d] = 1;
    size_t left = targets.size();
    while (!queue.empty() && left > 0) {
      auto [t, x] = queue.top();
      queue.pop();
      if (t != arrival[x])
        continue;
      if (isTarget[x])
        --left;
      for (LinkId l : network.outLinks(x)) {
        NodeId y = network.dst(l);
        if (isHolder[y])
          continue;
        LinkCost cost = costs.of(l, c);
        int64_t start = calendar.earliestStart(l, t, cost.occupancy);
        if (start + cost.duration < arrival[y]) {
          arrival[y] = start + cost.duration;
          parent[y] = l;
          parentStart[y] = start;
          queue.push({arrival[y], y});
        }
      }
    }
    bool reached = left == 0;
    if (reached)
      reserveTree(c, targets, schedule);
    for (uint32_t d : targets)
      isTarget[d] = 0;
    std::fill(isHolder.begin(), isHolder.end(), 0);
    return reached;
  }

  /// Reserves the branches that lead to `targets`, each link once.
  void reserveTree(uint32_t c, const std::vector<uint32_t> &targets,
                   Schedule &schedule) {
    for (uint32_t d : targets)
      for (NodeId x = d; parent[x] != kNoLink && !needed[x];
           x = network.src(parent[x])) {
        needed[x] = 1;
        LinkId l = parent[x];
        calendar.reserve(l, parentStart[x], costs.of(l, c).occupancy);
        held.lower(c, x, arrival[x]);
        schedule.push_back({c, network.src(l), x, lane[l], TransferKind::Copy,
                            parentStart[x], arrival[x]});
      }
    for (uint32_t d : targets)
      for (NodeId x = d; needed[x] && parent[x] != kNoLink;
           x = network.src(parent[x]))
        needed[x] = 0;
  }

  /// A (source, target) pair with no path at all: the first unreached
  /// target and c's first source.
  std::pair<uint32_t, uint32_t>
  unreachablePair(uint32_t c, const std::vector<uint32_t> &targets) const {
    uint32_t source = problem.sources[problem.sourceOffsets[c]];
    for (uint32_t d : targets)
      if (arrival[d] == kNever)
        return {source, d};
    return {source, targets.front()};
  }

  const Network &network;
  const Problem &problem;
  const ScheduleView &old;
  ChunkCosts costs;
  const SimulationStart &after;
  Holdings held;
  LinkCalendar calendar;
  std::vector<uint16_t> lane;
  std::vector<int64_t> lostAt;
  std::vector<int64_t> arrival;
  std::vector<LinkId> parent;
  std::vector<int64_t> parentStart;
  std::vector<uint8_t> isHolder, isTarget, needed;
};

std::string unreachableText(std::pair<uint32_t, uint32_t> pair,
                            bool transposedNetwork) {
  auto [from, to] = pair;
  // On G^T a path from -> to is a path to -> from on the network itself.
  if (transposedNetwork)
    std::swap(from, to);
  return "npu " + std::to_string(from) + " cannot reach npu " +
         std::to_string(to);
}

/// Repairs one phase and compacts it.
RepairResult repairPhase(const Network &network, const Problem &problem,
                         const ScheduleView &old, LinkModel model,
                         const SimulationStart &after, bool transposedNetwork) {
  RepairResult result;
  PhaseResult phase = PhaseRepair(network, problem, old, model, after).run();
  result.kept = phase.kept;
  result.lost = phase.lost;
  result.added = phase.added;
  result.lostDeliveries = phase.lostDeliveries;
  if (phase.unreachable) {
    result.error = unreachableText(*phase.unreachable, transposedNetwork);
    return result;
  }
  SimulationResult timed =
      compact(network, problem, phase.schedule.view(), model);
  if (!timed.error.empty()) {
    result.error = "internal error: repaired schedule does not simulate: " +
                   timed.error;
    return result;
  }
  result.schedule = std::move(timed.schedule);
  result.timePs = timed.timePs;
  return result;
}

/// The reductions (`kind` Reduce) or the copies of `schedule`.
Schedule transfersOfKind(const ScheduleView &schedule, TransferKind kind) {
  Schedule part;
  for (size_t i = 0; i < schedule.size(); ++i)
    if (schedule.kindByte(i) == uint8_t(kind))
      part.push_back(schedule[i]);
  return part;
}

int64_t lastEnd(const ScheduleView &schedule) {
  int64_t last = 0;
  for (size_t i = 0; i < schedule.size(); ++i)
    last = std::max(last, schedule.end(i));
  return last;
}

void addCounts(RepairResult &total, const RepairResult &phase) {
  total.kept += phase.kept;
  total.lost += phase.lost;
  total.added += phase.added;
  total.lostDeliveries += phase.lostDeliveries;
}

AlgorithmResult asAlgorithmResult(RepairResult &&phase) {
  AlgorithmResult result;
  result.schedule = std::move(phase.schedule);
  result.timePs = phase.timePs;
  result.numTransfers = result.schedule.size();
  return result;
}

/// Reduce-Scatter, Reduce, All-Reduce: through the duals (Repair.h).
RepairResult repairCombining(const Network &degraded,
                             const CollectiveSpec &spec,
                             const Problem &dualProblem,
                             const ScheduleView &old, LinkModel model) {
  RepairResult result;
  Schedule reductions = transfersOfKind(old, TransferKind::Reduce);
  Schedule gatherOld;
  result.error = invertSchedule(reductions.view(), lastEnd(reductions.view()),
                                gatherOld);
  if (!result.error.empty()) {
    result.error = "cannot repair: " + result.error;
    return result;
  }
  RepairResult gather = repairPhase(transposed(degraded), dualProblem,
                                    gatherOld.view(), model, {}, true);
  addCounts(result, gather);
  if (!gather.error.empty()) {
    result.error = gather.error;
    return result;
  }
  AlgorithmOptions phase;
  phase.model = model;
  std::optional<AlgorithmResult> spread;
  if (spec.kind == CollectiveKind::AllReduce) {
    Schedule copies = transfersOfKind(old, TransferKind::Copy);
    // Pipelined phases iff some copy left before the last reduction ended.
    int64_t reductionEnd = lastEnd(reductions.view());
    phase.pipelinePhases = false;
    for (size_t i = 0; i < copies.size(); ++i)
      phase.pipelinePhases |= copies.view().start(i) < reductionEnd;
    // Route the lost copies after the repaired reductions: where the
    // All-Gather will run once the phases are put together.
    Schedule repairedReductions;
    invertSchedule(gather.schedule.view(), gather.timePs, repairedReductions);
    SimulationStart start =
        phase.pipelinePhases
            ? afterReduction(degraded, dualProblem, repairedReductions.view(),
                         model)
            : SimulationStart{};
    RepairResult copiesRepaired =
        repairPhase(degraded, dualProblem, copies.view(), model, start, false);
    addCounts(result, copiesRepaired);
    if (!copiesRepaired.error.empty()) {
      result.error = copiesRepaired.error;
      return result;
    }
    spread = asAlgorithmResult(std::move(copiesRepaired));
  }
  AlgorithmResult combined =
      combinePhases(degraded, spec, dualProblem,
                    asAlgorithmResult(std::move(gather)),
                    spread ? &*spread : nullptr, phase);
  if (!combined.error.empty()) {
    result.error = combined.error;
    return result;
  }
  result.schedule = std::move(combined.schedule);
  result.timePs = combined.timePs;
  return result;
}

} // namespace

RepairResult repairSchedule(const Network &degraded, const Problem &problem,
                            const ScheduleView &old, LinkModel model) {
  return repairPhase(degraded, problem, old, model, {}, false);
}

RepairResult repairAlgorithm(const Network &degraded,
                             const CollectiveSpec &spec,
                             const ScheduleView &old, int64_t oldTimePs,
                             const RepairOptions &options) {
  RepairResult result;
  auto started = std::chrono::steady_clock::now();
  if (std::string error = checkCollective(spec, degraded.numNpus());
      !error.empty()) {
    result.error = error;
    return result;
  }
  if (degraded.numSwitches() > 0) {
    result.error = "repair needs a network without switches; run "
                   "topo-unwind-switches first";
    return result;
  }
  CollectiveSpec dual = spec;
  dual.kind = dualOf(spec.kind);
  Problem problem;
  if (std::string error = buildProblem(dual, degraded.numNpus(), problem);
      !error.empty()) {
    result.error = error;
    return result;
  }
  result.droppedLinks = describeDroppedLinks(degraded, old);
  if (result.droppedLinks.empty()) {
    // Nothing it uses failed: the algorithm stands as it is.
    result.schedule = Schedule(old);
    result.timePs = oldTimePs;
    result.kept = old.size();
  } else {
    std::string dropped = std::move(result.droppedLinks);
    result = isCombining(spec.kind)
                 ? repairCombining(degraded, spec, problem, old, options.model)
                 : repairSchedule(degraded, problem, old, options.model);
    result.droppedLinks = std::move(dropped);
    if (!result.error.empty()) {
      if (result.error.rfind("npu ", 0) == 0)
        result.error += " after dropping " + result.droppedLinks;
      return result;
    }
  }
  result.repairMs = std::chrono::duration<double, std::milli>(
                        std::chrono::steady_clock::now() - started)
                        .count();
  if (!options.verify)
    return result;
  std::vector<Violation> found = verifyAlgorithm(
      degraded,
      buildVerificationSpec(spec, degraded.numNpus(), options.model),
      result.schedule.view(), result.timePs);
  if (!found.empty())
    result.error = std::string("internal error: the repaired schedule fails "
                               "verification: ") +
                   propertyName(found[0].property) + ": " + found[0].message;
  return result;
}

} // namespace tacos
