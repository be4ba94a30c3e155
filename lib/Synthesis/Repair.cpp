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
#include "LinkCalendar.h"
#include "TenCommon.h"
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
#include <unordered_set>

namespace tacos {

namespace {

constexpr int64_t kNever = std::numeric_limits<int64_t>::max();
constexpr LinkId kNoLink = std::numeric_limits<LinkId>::max();

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
        after(after), calendar(network.numLinks(), after.linkFree),
        lane(laneIndex(network)), lostAt(problem.numChunks(), kNever),
        lostOffsets(problem.numChunks() + 1, 0),
        heldAt(network.numNodes(), kNever), arrival(network.numNodes()),
        parent(network.numNodes()), parentStart(network.numNodes()),
        isTarget(network.numNodes(), 0), needed(network.numNodes(), 0) {}

  PhaseResult run() {
    PhaseResult result;
    std::vector<uint8_t> keep = keptSet();
    result.schedule.reserve(old.size() + lostTargets.size());
    for (size_t i = 0; i < old.size(); ++i)
      if (keep[i])
        result.schedule.pushFrom(old, i);
    result.kept = result.schedule.size();
    result.lost = old.size() - result.kept;
    result.lostDeliveries = lostTargets.size();
    calendar.sortAll();
    for (uint32_t c : lostChunks()) {
      if (!route(c, keep, result.schedule)) {
        result.unreachable = unreachablePair(c);
        return result;
      }
    }
    result.added = result.schedule.size() - result.kept;
    return result;
  }

private:
  /// Every transfer of a chunk that uses no dropped link is kept: the old
  /// schedule delivered it without one. The chunks that do are walked in
  /// the simulator's order, (start, end, index), with their holders.
  std::vector<uint8_t> keptSet() {
    linkOf.resize(old.size());
    std::vector<uint8_t> affected(problem.numChunks(), 0);
    for (size_t i = 0; i < old.size(); ++i) {
      std::optional<LinkId> l =
          findLink(network, old.src(i), old.dst(i), old.lane(i));
      linkOf[i] = l ? *l : kNoLink;
      affected[old.chunk(i)] |= !l;
    }
    // The affected chunks' transfers, copied out by chunk in one pass:
    // walking them through indices would read the columns at random.
    stepOffsets.assign(problem.numChunks() + 1, 0);
    for (size_t i = 0; i < old.size(); ++i)
      stepOffsets[old.chunk(i) + 1] += affected[old.chunk(i)];
    for (uint32_t c = 0; c < problem.numChunks(); ++c)
      stepOffsets[c + 1] += stepOffsets[c];
    steps.resize(stepOffsets.back());
    std::vector<size_t> next(stepOffsets.begin(), stepOffsets.end() - 1);
    for (size_t i = 0; i < old.size(); ++i)
      if (affected[old.chunk(i)])
        steps[next[old.chunk(i)]++] = {old.start(i), old.end(i), old.src(i),
                                       old.dst(i), i};

    std::vector<uint8_t> keep(old.size(), 1);
    for (uint32_t c = 0; c < problem.numChunks(); ++c) {
      if (affected[c])
        walkChunk(c, keep);
      lostOffsets[c + 1] = lostTargets.size();
    }
    for (size_t i = 0; i < old.size(); ++i)
      if (keep[i])
        calendar.add(linkOf[i], old.start(i),
                     costs.of(linkOf[i], old.chunk(i)).occupancy);
    return keep;
  }

  void walkChunk(uint32_t c, std::vector<uint8_t> &keep) {
    Step *first = steps.data() + stepOffsets[c],
         *last = steps.data() + stepOffsets[c + 1];
    std::sort(first, last, [](const Step &a, const Step &b) {
      if (a.start != b.start)
        return a.start < b.start;
      return a.end != b.end ? a.end < b.end : a.index < b.index;
    });
    for (uint32_t i = problem.sourceOffsets[c];
         i < problem.sourceOffsets[c + 1]; ++i)
      hold(problem.sources[i], 0);
    for (Step *step = first; step != last; ++step) {
      if (linkOf[step->index] == kNoLink || heldAt[step->src] > step->start) {
        keep[step->index] = 0;
        lostAt[c] = std::min(lostAt[c], step->start);
        continue;
      }
      hold(step->dst, step->end);
    }
    problem.forEachDestination(c, [&](uint32_t d) {
      if (heldAt[d] == kNever)
        lostTargets.push_back(d);
    });
    releaseHolders();
  }

  void hold(NodeId v, int64_t t) {
    if (heldAt[v] == kNever)
      holders.push_back(v);
    heldAt[v] = std::min(heldAt[v], t);
  }
  void releaseHolders() {
    for (NodeId v : holders)
      heldAt[v] = kNever;
    holders.clear();
  }

  /// Chunks with a lost delivery, in the order the old schedule first lost
  /// them: it served them in that order, so its priorities carry over.
  std::vector<uint32_t> lostChunks() const {
    std::vector<uint32_t> chunks;
    for (uint32_t c = 0; c < problem.numChunks(); ++c)
      if (lostOffsets[c + 1] > lostOffsets[c])
        chunks.push_back(c);
    std::sort(chunks.begin(), chunks.end(), [&](uint32_t a, uint32_t b) {
      return lostAt[a] != lostAt[b] ? lostAt[a] < lostAt[b] : a < b;
    });
    return chunks;
  }

  int64_t readyAtSource(uint32_t c) const {
    return after.chunkReady.empty() ? 0 : after.chunkReady[c];
  }

  /// Routes c to its lost destinations over the earliest-arrival tree from
  /// its holders (its sources and the kept transfers' destinations); false
  /// if some destination cannot be reached.
  bool route(uint32_t c, const std::vector<uint8_t> &keep,
             Schedule &schedule) {
    for (uint32_t i = problem.sourceOffsets[c];
         i < problem.sourceOffsets[c + 1]; ++i)
      hold(problem.sources[i], readyAtSource(c));
    for (size_t k = stepOffsets[c]; k < stepOffsets[c + 1]; ++k)
      if (keep[steps[k].index])
        hold(steps[k].dst, steps[k].end);
    const uint32_t *targets = lostTargets.data() + lostOffsets[c];
    size_t numTargets = lostOffsets[c + 1] - lostOffsets[c];

    using Item = std::pair<int64_t, NodeId>;
    std::priority_queue<Item, std::vector<Item>, std::greater<Item>> queue;
    std::fill(arrival.begin(), arrival.end(), kNever);
    for (NodeId v : holders) {
      arrival[v] = heldAt[v];
      parent[v] = kNoLink;
      // Holders surrounded by holders relay nothing.
      for (LinkId l : network.outLinks(v))
        if (heldAt[network.dst(l)] == kNever) {
          queue.push({heldAt[v], v});
          break;
        }
    }
    for (size_t k = 0; k < numTargets; ++k)
      isTarget[targets[k]] = 1;
    size_t left = numTargets;
    while (!queue.empty() && left > 0) {
      auto [t, x] = queue.top();
      queue.pop();
      if (t != arrival[x])
        continue;
      if (isTarget[x])
        --left;
      for (LinkId l : network.outLinks(x)) {
        NodeId y = network.dst(l);
        // A holder keeps its own copy: no second delivery to it.
        if (heldAt[y] != kNever)
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
      reserveTree(c, targets, numTargets, schedule);
    for (size_t k = 0; k < numTargets; ++k)
      isTarget[targets[k]] = 0;
    releaseHolders();
    return reached;
  }

  /// Reserves the branches that lead to the targets, each link once.
  void reserveTree(uint32_t c, const uint32_t *targets, size_t numTargets,
                   Schedule &schedule) {
    for (size_t k = 0; k < numTargets; ++k)
      for (NodeId x = targets[k]; parent[x] != kNoLink && !needed[x];
           x = network.src(parent[x])) {
        needed[x] = 1;
        LinkId l = parent[x];
        calendar.reserve(l, parentStart[x], costs.of(l, c).occupancy);
        schedule.push_back({c, network.src(l), x, lane[l], TransferKind::Copy,
                            parentStart[x], arrival[x]});
      }
    for (size_t k = 0; k < numTargets; ++k)
      for (NodeId x = targets[k]; needed[x]; x = network.src(parent[x]))
        needed[x] = 0;
  }

  /// c's first source and its first destination left unreached.
  std::pair<uint32_t, uint32_t> unreachablePair(uint32_t c) const {
    uint32_t source = problem.sources[problem.sourceOffsets[c]];
    for (size_t k = lostOffsets[c]; k < lostOffsets[c + 1]; ++k)
      if (arrival[lostTargets[k]] == kNever)
        return {source, lostTargets[k]};
    return {source, lostTargets[lostOffsets[c]]};
  }

  const Network &network;
  const Problem &problem;
  const ScheduleView &old;
  ChunkCosts costs;
  const SimulationStart &after;
  LinkCalendar calendar;
  std::vector<uint16_t> lane;
  /// Per old transfer: its link on the degraded network, or kNoLink.
  std::vector<LinkId> linkOf;
  /// The transfers of the chunks that used a dropped link, by chunk (CSR).
  struct Step {
    int64_t start, end;
    uint32_t src, dst;
    size_t index;
  };
  std::vector<size_t> stepOffsets;
  std::vector<Step> steps;
  /// Per chunk: when the old schedule first lost it, and its destinations
  /// no kept transfer reaches (CSR).
  std::vector<int64_t> lostAt;
  std::vector<size_t> lostOffsets;
  std::vector<uint32_t> lostTargets;
  /// The chunk at hand: when each NPU holds it, and who does.
  std::vector<int64_t> heldAt;
  std::vector<NodeId> holders;
  std::vector<int64_t> arrival;
  std::vector<LinkId> parent;
  std::vector<int64_t> parentStart;
  std::vector<uint8_t> isTarget, needed;
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

int64_t lastEnd(const ScheduleView &schedule) {
  int64_t last = 0;
  for (size_t i = 0; i < schedule.size(); ++i)
    last = std::max(last, schedule.end(i));
  return last;
}

/// Repairs one phase; with `compactResult`, moves every transfer as early
/// as the simulator allows (else the kept transfers keep their times and
/// the routed ones their reservations, which is already a valid timing).
RepairResult repairPhase(const Network &network, const Problem &problem,
                         const ScheduleView &old, LinkModel model,
                         const SimulationStart &after, bool transposedNetwork,
                         bool compactResult) {
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
  // A kept relay into an NPU outside the group whose next hop was dropped
  // leads nowhere now (inverted, it would reduce from an NPU that holds
  // nothing): it is lost too. (Routed copies all lead to a destination;
  // the schedule holds the kept transfers first.)
  std::vector<size_t> deadEnds = findDeadEnds(problem, phase.schedule.view());
  if (!deadEnds.empty()) {
    size_t keptDeadEnds =
        std::lower_bound(deadEnds.begin(), deadEnds.end(), phase.kept) -
        deadEnds.begin();
    result.kept -= keptDeadEnds;
    result.lost += keptDeadEnds;
    result.added -= deadEnds.size() - keptDeadEnds;
    phase.schedule = removeTransfers(phase.schedule.view(), deadEnds);
  }
  if (!compactResult) {
    result.timePs = lastEnd(phase.schedule.view());
    result.schedule = std::move(phase.schedule);
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
  size_t count = 0;
  for (size_t i = 0; i < schedule.size(); ++i)
    count += schedule.kindByte(i) == uint8_t(kind);
  Schedule part;
  part.reserve(count);
  for (size_t i = 0; i < schedule.size(); ++i)
    if (schedule.kindByte(i) == uint8_t(kind))
      part.pushFrom(schedule, i);
  return part;
}

/// `schedule` with every time moved by `offsetPs`.
Schedule shifted(const ScheduleView &schedule, int64_t offsetPs) {
  return concatenate(ScheduleView(), schedule, offsetPs);
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

/// `dual` with each chunk's source moved to where `reductions` end it: the
/// NPU that receives reduces of the chunk and sends none. A chunk's
/// reduction usually ends at its owner, the dual's source; a tree's
/// All-Reduce (the dbt baseline's) ends it at the tree's root, from which
/// its copies leave, and both phases are repaired from there.
Problem withReductionRoots(const Problem &dual,
                           const ScheduleView &reductions) {
  std::unordered_set<uint64_t> senders;
  auto key = [&](uint32_t chunk, uint32_t npu) {
    return uint64_t(chunk) * dual.numNpus + npu;
  };
  for (size_t i = 0; i < reductions.size(); ++i)
    senders.insert(key(reductions.chunk(i), reductions.src(i)));
  std::vector<int64_t> root(dual.numChunks(), -1);
  bool moved = false;
  for (size_t i = 0; i < reductions.size(); ++i) {
    uint32_t c = reductions.chunk(i), v = reductions.dst(i);
    if (senders.count(key(c, v)) || dual.numSources(c) != 1)
      continue;
    root[c] = v;
    moved |= v != dual.sources[dual.sourceOffsets[c]];
  }
  if (!moved)
    return dual;
  Problem problem = dual;
  for (uint32_t c = 0; c < problem.numChunks(); ++c)
    if (root[c] >= 0)
      problem.sources[problem.sourceOffsets[c]] = uint32_t(root[c]);
  return problem;
}

/// Reduce-Scatter, Reduce, All-Reduce: through the duals (Repair.h).
RepairResult repairCombining(const Network &degraded,
                             const CollectiveSpec &spec,
                             const Problem &ownersProblem,
                             const ScheduleView &old,
                             const RepairOptions &options) {
  LinkModel model = options.model;
  RepairResult result;
  Schedule reductions = transfersOfKind(old, TransferKind::Reduce);
  Problem dualProblem = withReductionRoots(ownersProblem, reductions.view());
  Schedule gatherOld;
  result.error = invertSchedule(reductions.view(), lastEnd(reductions.view()),
                                gatherOld);
  if (!result.error.empty()) {
    result.error = "cannot repair: " + result.error;
    return result;
  }
  RepairResult gather = repairPhase(transposed(degraded), dualProblem,
                                    gatherOld.view(), model, {}, true,
                                    options.compact);
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
    SimulationStart start;
    if (phase.pipelinePhases) {
      // Route the lost copies after the repaired reductions: where the
      // All-Gather will run once the phases are put together.
      Schedule repairedReductions;
      invertSchedule(gather.schedule.view(), gather.timePs,
                     repairedReductions);
      start = afterReduction(degraded, dualProblem,
                             repairedReductions.view(), model);
    } else {
      // Strict phases: the All-Gather on its own clock, which
      // combinePhases shifts past the repaired reductions.
      copies = shifted(copies.view(), -reductionEnd);
    }
    RepairResult copiesRepaired =
        repairPhase(degraded, dualProblem, copies.view(), model, start,
                    false, /*compactResult=*/false);
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
                    spread ? &*spread : nullptr, phase, options.compact);
  if (!combined.error.empty()) {
    result.error = combined.error;
    return result;
  }
  result.schedule = std::move(combined.schedule);
  result.timePs = combined.timePs;
  return result;
}

/// The repair indexes by chunk and NPU, so it checks what it indexes.
std::string checkTransfers(const Problem &problem, const ScheduleView &old) {
  for (size_t i = 0; i < old.size(); ++i) {
    if (old.chunk(i) >= problem.numChunks())
      return "transfer " + std::to_string(i) + " names chunk " +
             std::to_string(old.chunk(i)) + " of " +
             std::to_string(problem.numChunks());
    if (old.src(i) >= problem.numNpus || old.dst(i) >= problem.numNpus)
      return "transfer " + std::to_string(i) + " names npu " +
             std::to_string(std::max(old.src(i), old.dst(i))) + " of " +
             std::to_string(problem.numNpus);
    if (old.kindByte(i) > uint8_t(TransferKind::Reduce))
      return "transfer " + std::to_string(i) + " has an unknown kind";
  }
  return "";
}

} // namespace

RepairResult repairSchedule(const Network &degraded, const Problem &problem,
                            const ScheduleView &old, LinkModel model) {
  if (std::string error = checkTransfers(problem, old); !error.empty()) {
    RepairResult result;
    result.error = error;
    return result;
  }
  return repairPhase(degraded, problem, old, model, {}, false,
                     /*compactResult=*/true);
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
  if (std::string error = checkTransfers(problem, old); !error.empty()) {
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
    RepairOptions effective = options;
    effective.compact |= old.size() <= kRepairAlwaysCompacts;
    std::string dropped = std::move(result.droppedLinks);
    result = isCombining(spec.kind)
                 ? repairCombining(degraded, spec, problem, old, effective)
                 : repairPhase(degraded, problem, old, options.model, {},
                               false, effective.compact);
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
    // Internal, unless the old algorithm was not valid to begin with.
    result.error = std::string("the repaired schedule fails verification "
                               "(does the old one verify?): ") +
                   propertyName(found[0].property) + ": " + found[0].message;
  return result;
}

} // namespace tacos
