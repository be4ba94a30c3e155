//===- Combining.cpp - Timing schedules of any collective -----------------===//

#include "tacos/Simulation/Combining.h"
#include "tacos/Collective/TransferPath.h"

#include <algorithm>
#include <numeric>
#include <tuple>
#include <unordered_map>

namespace tacos {

namespace {

/// What is known of one chunk at one NPU.
struct Holding {
  /// Reduce transfers into the NPU not taken yet.
  uint32_t pendingReduces = 0;
  /// The last contribution's arrival, if any arrived.
  std::optional<int64_t> reduced;
  /// The earliest copy's arrival, if any.
  std::optional<int64_t> copied;
};

/// Transfer indices by (start, end, index): the order simulate() takes.
std::vector<size_t> startOrder(const ScheduleView &transfers) {
  std::vector<size_t> order(transfers.size());
  std::iota(order.begin(), order.end(), size_t(0));
  std::sort(order.begin(), order.end(), [&](size_t a, size_t b) {
    return std::make_tuple(transfers.start(a), transfers.end(a), a) <
           std::make_tuple(transfers.start(b), transfers.end(b), b);
  });
  return order;
}

SimulationResult fail(size_t index, std::string message) {
  SimulationResult result;
  result.error = std::move(message);
  result.errorIndex = index;
  return result;
}

SimulationResult simulateReduction(const Network &network,
                                   const Problem &dual,
                                   const ScheduleView &transfers,
                                   LinkModel model) {
  uint64_t numNpus = network.numNpus();
  // Flat when chunks x NPUs is moderate (a 1,024-NPU All-Reduce: 1M
  // holdings, where hashing costs seconds per simulation), else hashed.
  constexpr uint64_t kFlatLimit = uint64_t(1) << 26;
  uint64_t pairs = uint64_t(dual.numChunks()) * numNpus;
  std::vector<Holding> flat(pairs <= kFlatLimit ? pairs : 0);
  std::unordered_map<uint64_t, Holding> holdings;
  auto at = [&](uint32_t chunk, uint32_t npu) -> Holding & {
    uint64_t key = uint64_t(chunk) * numNpus + npu;
    // Malformed input (a chunk or NPU out of range) is reported later;
    // until then it must not index past the table.
    bool inRange = chunk < dual.numChunks() && npu < numNpus;
    return flat.empty() || !inRange ? holdings[key] : flat[key];
  };
  std::vector<bool> contributes(numNpus, false);
  for (uint32_t v : dual.participants)
    contributes[v] = true;
  for (size_t i = 0; i < transfers.size(); ++i)
    if (transfers[i].kind == TransferKind::Reduce)
      ++at(transfers.chunk(i), transfers.dst(i)).pendingReduces;

  std::vector<int64_t> linkFree(network.numLinks(), 0);
  std::vector<LinkId> path;
  std::vector<int64_t> starts(transfers.size()), ends(transfers.size());
  int64_t timePs = 0;
  for (size_t i : startOrder(transfers)) {
    Transfer t = transfers[i];
    if (!transferPath(network, t, transfers.routes(), path))
      return fail(i, "link " +
                         transferLinkText(network, t, transfers.routes()) +
                         " is not in the network");
    if (t.chunk >= dual.numChunks() || t.src >= numNpus)
      return fail(i, "chunk " + std::to_string(t.chunk) + " leaves NPU " +
                         std::to_string(t.src) + " before it is there");
    Holding &source = at(t.chunk, t.src);
    if (source.pendingReduces > 0)
      return fail(i, "chunk " + std::to_string(t.chunk) + " leaves NPU " +
                         std::to_string(t.src) + " before " +
                         std::to_string(source.pendingReduces) +
                         " contribution(s) to it arrive");
    // A reduction is complete at an NPU once its own share (if it has one)
    // and every partial sent to it are there.
    std::optional<int64_t> complete = source.reduced;
    if (contributes[t.src])
      complete = std::max<int64_t>(complete.value_or(0), 0);
    // A copy leaves with the chunk's copy there, else with the reduction
    // there: at the chunk's owner, or at any NPU that partials were reduced
    // into (the root of a tree's All-Reduce, which then broadcasts).
    std::optional<int64_t> ready;
    if (t.kind == TransferKind::Reduce)
      ready = complete;
    else if (source.copied)
      ready = source.copied;
    else if (dual.isSource(t.chunk, t.src) || source.reduced)
      ready = complete;
    if (!ready)
      return fail(i, "chunk " + std::to_string(t.chunk) + " leaves NPU " +
                         std::to_string(t.src) + " before it is there");
    LinkCost cost =
        transferCost(network, path, dual.chunkBytes(t.chunk), model);
    int64_t start = *ready;
    for (LinkId l : path)
      start = std::max(start, linkFree[l]);
    starts[i] = start;
    ends[i] = start + cost.duration;
    for (LinkId l : path)
      linkFree[l] = start + cost.occupancy;
    Holding &target = at(t.chunk, t.dst);
    if (t.kind == TransferKind::Reduce) {
      --target.pendingReduces;
      target.reduced = std::max(target.reduced.value_or(ends[i]), ends[i]);
    } else {
      target.copied = std::min(target.copied.value_or(ends[i]), ends[i]);
    }
    timePs = std::max(timePs, ends[i]);
  }
  SimulationResult result;
  result.schedule = Schedule(transfers);
  for (size_t i = 0; i < transfers.size(); ++i)
    result.schedule.setTimes(i, starts[i], ends[i]);
  result.timePs = timePs;
  return result;
}

} // namespace

SimulationResult simulateCollective(const Network &network,
                                    const CollectiveSpec &spec,
                                    const ScheduleView &transfers,
                                    LinkModel model) {
  CollectiveSpec dualSpec = spec;
  dualSpec.kind = dualOf(spec.kind);
  Problem dual;
  if (std::string error = buildProblem(dualSpec, network.numNpus(), dual);
      !error.empty())
    return fail(0, error);
  if (!isCombining(spec.kind))
    return simulate(network, dual, transfers, model);
  return simulateReduction(network, dual, transfers, model);
}

SimulationResult compactCollective(const Network &network,
                                   const CollectiveSpec &spec,
                                   const ScheduleView &transfers,
                                   LinkModel model) {
  return compactWith(transfers, [&](const ScheduleView &round) {
    return simulateCollective(network, spec, round, model);
  });
}

} // namespace tacos
