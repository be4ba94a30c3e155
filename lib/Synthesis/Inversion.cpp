//===- Inversion.cpp - Combining collectives from their duals -------------===//

#include "tacos/Synthesis/Inversion.h"

#include <algorithm>
#include <limits>
#include <unordered_set>
#include <vector>

namespace tacos {

namespace {

/// (chunk, npu) pairs seen: a flat bitmap when chunks x nodes is moderate
/// (hashing millions of pairs costs more than the whole inversion), else
/// a hash set.
class PairSet {
public:
  explicit PairSet(const ScheduleView &schedule) {
    uint64_t chunks = 0, nodes = 0;
    for (size_t i = 0; i < schedule.size(); ++i) {
      chunks = std::max<uint64_t>(chunks, schedule.chunk(i) + 1);
      nodes = std::max<uint64_t>(
          nodes, std::max(schedule.src(i), schedule.dst(i)) + 1);
    }
    constexpr uint64_t kFlatLimit = uint64_t(1) << 30;
    width = nodes;
    if (chunks * nodes <= kFlatLimit)
      bits.assign(chunks * nodes, false);
  }
  /// False if (chunk, npu) was inserted before.
  bool insert(uint32_t chunk, uint32_t npu) {
    uint64_t key = uint64_t(chunk) * width + npu;
    if (bits.empty())
      return hashed.insert(key).second;
    if (bits[key])
      return false;
    bits[key] = true;
    return true;
  }

private:
  uint64_t width = 0;
  std::vector<bool> bits;
  std::unordered_set<uint64_t> hashed;
};

/// True if copy i may be a dead end. Where the destinations are implicit:
/// iff it brings its chunk to an NPU that is not one of them (outside the
/// group, or a source). Explicit lists are left to the walk, which marks
/// them.
bool mayLeadNowhere(const Problem &problem,
                    const std::vector<uint8_t> &participant,
                    const ScheduleView &schedule, size_t i) {
  if (schedule.kindByte(i) != uint8_t(TransferKind::Copy))
    return false;
  if (!problem.othersAreDestinations)
    return true;
  uint32_t v = schedule.dst(i);
  return v >= participant.size() || !participant[v] ||
         problem.isSource(schedule.chunk(i), v);
}

} // namespace

std::vector<size_t> findDeadEnds(const Problem &problem,
                                 const ScheduleView &schedule) {
  std::vector<uint8_t> participant(problem.numNpus, 0);
  for (uint32_t v : problem.participants)
    if (v < participant.size())
      participant[v] = 1;
  // The chunks that may have one, and their transfers.
  std::vector<uint8_t> suspect(problem.numChunks(), 0);
  bool any = false;
  for (size_t i = 0; i < schedule.size(); ++i)
    if (schedule.chunk(i) < suspect.size() &&
        mayLeadNowhere(problem, participant, schedule, i)) {
      suspect[schedule.chunk(i)] = 1;
      any = true;
    }
  if (!any)
    return {};
  std::vector<size_t> walk;
  for (size_t i = 0; i < schedule.size(); ++i)
    if (schedule.chunk(i) < suspect.size() && suspect[schedule.chunk(i)])
      walk.push_back(i);
  // By chunk, then backwards in time (the simulator's order reversed): a
  // copy's onward copies from its NPU come before it.
  std::sort(walk.begin(), walk.end(), [&](size_t a, size_t b) {
    if (schedule.chunk(a) != schedule.chunk(b))
      return schedule.chunk(a) < schedule.chunk(b);
    if (schedule.start(a) != schedule.start(b))
      return schedule.start(a) > schedule.start(b);
    if (schedule.end(a) != schedule.end(b))
      return schedule.end(a) > schedule.end(b);
    return a > b;
  });
  uint32_t nodes = problem.numNpus;
  for (size_t i = 0; i < schedule.size(); ++i)
    nodes = std::max(nodes, std::max(schedule.src(i), schedule.dst(i)) + 1);
  constexpr int64_t kNever = std::numeric_limits<int64_t>::min();
  // Per NPU, for the chunk at hand: whether it is a destination, and the
  // latest start of a copy that leads somewhere out of it.
  std::vector<uint8_t> destination(nodes, 0);
  std::vector<int64_t> leavesAt(nodes, kNever);
  std::vector<uint32_t> touched;
  std::vector<size_t> deadEnds;
  for (size_t k = 0; k < walk.size();) {
    uint32_t c = schedule.chunk(walk[k]);
    problem.forEachDestination(c, [&](uint32_t d) { destination[d] = 1; });
    for (; k < walk.size() && schedule.chunk(walk[k]) == c; ++k) {
      size_t i = walk[k];
      uint32_t u = schedule.src(i), v = schedule.dst(i);
      bool leads = schedule.kindByte(i) != uint8_t(TransferKind::Copy) ||
                   destination[v] || leavesAt[v] >= schedule.end(i);
      if (!leads) {
        deadEnds.push_back(i);
        continue;
      }
      if (leavesAt[u] == kNever)
        touched.push_back(u);
      leavesAt[u] = std::max(leavesAt[u], schedule.start(i));
    }
    problem.forEachDestination(c, [&](uint32_t d) { destination[d] = 0; });
    for (uint32_t u : touched)
      leavesAt[u] = kNever;
    touched.clear();
  }
  std::sort(deadEnds.begin(), deadEnds.end());
  return deadEnds;
}

Schedule removeTransfers(const ScheduleView &schedule,
                         const std::vector<size_t> &indices) {
  Schedule kept;
  kept.routes() = schedule.routes();
  kept.reserve(schedule.size() - indices.size());
  size_t next = 0;
  for (size_t i = 0; i < schedule.size(); ++i) {
    if (next < indices.size() && indices[next] == i) {
      ++next;
      continue;
    }
    kept.push_back(schedule[i]);
  }
  return kept;
}

std::string invertDual(const Problem &problem, const ScheduleView &dual,
                       int64_t timePs, Schedule &reduction, bool flipKinds) {
  std::vector<size_t> deadEnds = findDeadEnds(problem, dual);
  Schedule pruned;
  ScheduleView tree = dual;
  if (!deadEnds.empty()) {
    pruned = removeTransfers(dual, deadEnds);
    tree = pruned.view();
  }
  return invertSchedule(tree, timePs, reduction, flipKinds, &problem);
}

std::optional<CollectiveKind> inverseOf(CollectiveKind kind) {
  return collectiveInfo(kind).inverse;
}

std::string invertAlgorithm(const CollectiveSpec &spec, uint32_t numNpus,
                            const ScheduleView &schedule, int64_t timePs,
                            Schedule &inverted) {
  bool flipKinds = collectiveInfo(spec.kind).inversionReduces;
  if (isCombining(spec.kind))
    return invertSchedule(schedule, timePs, inverted, flipKinds);
  Problem problem;
  if (std::string error = buildProblem(spec, numNpus, problem);
      !error.empty())
    return error;
  return invertDual(problem, schedule, timePs, inverted, flipKinds);
}

std::string invertSchedule(const ScheduleView &schedule, int64_t timePs,
                           Schedule &inverted, bool flipKinds,
                           const Problem *problem) {
  inverted = Schedule();
  inverted.reserve(schedule.size());
  // A tree of copies receives each chunk once per NPU; its inverse, a tree
  // of reductions, sends each partial chunk once per NPU.
  PairSet received(schedule), sent(schedule);
  for (size_t i = 0; i < schedule.size(); ++i) {
    Transfer t = schedule[i];
    // A source holds its chunk from the start (a baseline's path may relay
    // through it): a copy into it is a second receipt.
    if (t.kind == TransferKind::Copy && problem &&
        t.chunk < problem->numChunks() && problem->isSource(t.chunk, t.dst))
      return "npu " + std::to_string(t.dst) + " receives chunk " +
             std::to_string(t.chunk) +
             ", which it starts with; only a tree (each chunk received "
             "once) inverts";
    if (t.kind == TransferKind::Copy &&
        !received.insert(t.chunk, t.dst))
      return "npu " + std::to_string(t.dst) + " receives chunk " +
             std::to_string(t.chunk) +
             " twice; only a tree (each chunk received once) inverts";
    if (t.kind == TransferKind::Reduce &&
        !sent.insert(t.chunk, t.src))
      return "npu " + std::to_string(t.src) + " sends partial chunk " +
             std::to_string(t.chunk) +
             " twice; only a reduction tree (each partial sent once) inverts";
    TransferKind kind = t.kind;
    if (flipKinds)
      kind = kind == TransferKind::Copy ? TransferKind::Reduce
                                        : TransferKind::Copy;
    // Turned dst -> src, a route's switches are passed the other way.
    inverted.push_back(
        {t.chunk, t.dst, t.src, t.lane, kind, timePs - t.end, timePs - t.start,
         inverted.adoptRoute(schedule.routes(), t.route, /*reversed=*/true)});
  }
  return "";
}

Schedule concatenate(const ScheduleView &first, const ScheduleView &second,
                     int64_t offsetPs) {
  Schedule result;
  result.reserve(first.size() + second.size());
  for (size_t i = 0; i < first.size(); ++i)
    result.pushFrom(first, i);
  for (size_t i = 0; i < second.size(); ++i) {
    Transfer t = second[i];
    t.start += offsetPs;
    t.end += offsetPs;
    t.route = result.adoptRoute(second.routes(), t.route);
    result.push_back(t);
  }
  return result;
}

} // namespace tacos
