//===- Simulator.cpp - Time a schedule from order and dependencies --------===//

#include "tacos/Simulation/Simulator.h"
#include "tacos/Collective/TransferPath.h"

#include <algorithm>
#include <tuple>
#include <utility>
#include <unordered_map>

namespace tacos {

namespace {
/// Earliest known arrival of each (chunk, NPU). Dense while that fits in
/// 512 MB (every All-Gather up to 8,000 NPUs), sparse beyond.
class Arrivals {
public:
  Arrivals(const Problem &problem, const std::vector<int64_t> &ready)
      : numNpus(problem.numNpus) {
    uint64_t pairs = uint64_t(problem.numChunks()) * numNpus;
    if (pairs <= (uint64_t(1) << 26))
      dense.assign(pairs, kUnknown);
    for (uint32_t c = 0; c < problem.numChunks(); ++c)
      for (uint32_t i = problem.sourceOffsets[c];
           i < problem.sourceOffsets[c + 1]; ++i)
        deliver(c, problem.sources[i], ready.empty() ? 0 : ready[c]);
  }
  std::optional<int64_t> get(uint32_t chunk, uint32_t npu) const {
    uint64_t k = key(chunk, npu);
    if (!dense.empty())
      return dense[k] == kUnknown ? std::nullopt
                                  : std::optional<int64_t>(dense[k]);
    auto it = sparse.find(k);
    if (it == sparse.end())
      return std::nullopt;
    return it->second;
  }
  void deliver(uint32_t chunk, uint32_t npu, int64_t time) {
    uint64_t k = key(chunk, npu);
    int64_t &slot = dense.empty() ? sparse.try_emplace(k, kUnknown).first->second
                                  : dense[k];
    slot = std::min(slot, time);
  }

private:
  static constexpr int64_t kUnknown = INT64_MAX;
  uint64_t key(uint32_t chunk, uint32_t npu) const {
    return uint64_t(chunk) * numNpus + npu;
  }
  uint64_t numNpus;
  std::vector<int64_t> dense;
  std::unordered_map<uint64_t, int64_t> sparse;
};
} // namespace

namespace {
/// The order simulate() takes transfers in: by (start, end, index) of the
/// input. Empty when that is index order already (the usual case: every
/// synthesizer emits transfers in time order), which saves 32 bytes per
/// transfer.
std::vector<size_t> takingOrder(const ScheduleView &transfers) {
  size_t n = transfers.size();
  bool sorted = true;
  for (size_t i = 1; i < n && sorted; ++i)
    sorted = std::make_pair(transfers.start(i - 1), transfers.end(i - 1)) <=
             std::make_pair(transfers.start(i), transfers.end(i));
  if (sorted)
    return {};
  // Sort contiguous (start, end, index) keys rather than indices with
  // indirect comparisons: the index makes the order total, so the result is
  // deterministic, and it is cache-friendly for millions of transfers.
  struct Key {
    int64_t start, end;
    size_t index;
    bool operator<(const Key &o) const {
      return std::tie(start, end, index) < std::tie(o.start, o.end, o.index);
    }
  };
  std::vector<Key> keys(n);
  for (size_t i = 0; i < n; ++i)
    keys[i] = {transfers.start(i), transfers.end(i), i};
  std::sort(keys.begin(), keys.end());
  std::vector<size_t> order(n);
  for (size_t i = 0; i < n; ++i)
    order[i] = keys[i].index;
  return order;
}

/// One simulation, writing the times into `schedule` itself: the order is
/// fixed before any time changes, and each transfer's times are written
/// only after it is read. Returns whether any time changed; on failure sets
/// result.error and leaves `schedule` partly retimed.
bool retime(const Network &network, const Problem &problem,
            Schedule &schedule, LinkModel model, const SimulationStart &start,
            SimulationResult &result) {
  ScheduleView transfers = schedule.view();
  size_t n = transfers.size();
  std::vector<size_t> order = takingOrder(transfers);
  std::vector<int64_t> linkFree = start.linkFree;
  linkFree.resize(network.numLinks(), 0);
  ChunkCosts costs(network, problem.chunkSizes, problem.numChunks(), model);
  Arrivals arrivals(problem, start.chunkReady);
  std::vector<LinkId> path;
  result.timePs = 0;
  bool changed = false;
  for (size_t k = 0; k < n; ++k) {
    size_t i = order.empty() ? k : order[k];
    Transfer t = transfers[i];
    if (!transferPath(network, t, transfers.routes(), path)) {
      result.error = "link " + transferLinkText(network, t, transfers.routes()) +
                     " is not in the network";
      result.errorIndex = i;
      return changed;
    }
    std::optional<int64_t> ready = arrivals.get(t.chunk, t.src);
    if (!ready) {
      result.error = "chunk " + std::to_string(t.chunk) + " leaves NPU " +
                     std::to_string(t.src) + " before it is there";
      result.errorIndex = i;
      return changed;
    }
    // A routed transfer holds every link of its path at once.
    LinkCost cost = path.size() == 1
                        ? costs.of(path[0], t.chunk)
                        : transferCost(network, path,
                                       problem.chunkBytes(t.chunk), model);
    int64_t begin = *ready;
    for (LinkId l : path)
      begin = std::max(begin, linkFree[l]);
    int64_t end = begin + cost.duration;
    changed = changed || begin != t.start || end != t.end;
    schedule.setTimes(i, begin, end);
    for (LinkId l : path)
      linkFree[l] = begin + cost.occupancy;
    arrivals.deliver(t.chunk, t.dst, end);
    result.timePs = std::max(result.timePs, end);
  }
  return changed;
}
} // namespace

MemoryEstimate estimateSimulation(const Network &network,
                                  const ProblemShape &shape, double transfers,
                                  bool copies, bool sorted) {
  MemoryEstimate estimate;
  estimate.what = "simulating the schedule";
  // ChunkCosts' two costs and the free time of every link.
  estimate.add(double(network.numLinks()), 40, "links");
  if (copies)
    estimate.add(transfers, double(ScheduleView::kPackedBytesPerTransfer),
                 "timed transfers");
  // Arrivals (above): dense while the (chunk, NPU) pairs fit 2^26, else a
  // hash map node per (chunk, NPU) reached: at most one per transfer and
  // source, about 64 bytes each with the bucket array.
  double pairs = shape.chunks * shape.npus;
  if (pairs <= double(uint64_t(1) << 26))
    estimate.add(pairs, 8, "chunk arrivals");
  else
    estimate.add(transfers + shape.chunks, 64, "chunk arrivals");
  if (!sorted)
    estimate.add(transfers, 32, "transfer order keys");
  return estimate;
}

SimulationResult simulate(const Network &network, const Problem &problem,
                          const ScheduleView &transfers, LinkModel model,
                          const SimulationStart &start) {
  return simulate(network, problem, Schedule(transfers), model, start);
}

SimulationResult simulate(const Network &network, const Problem &problem,
                          Schedule &&transfers, LinkModel model,
                          const SimulationStart &start) {
  SimulationResult result;
  result.schedule = std::move(transfers);
  retime(network, problem, result.schedule, model, start, result);
  if (!result.error.empty())
    result.schedule = Schedule();
  return result;
}

SimulationResult compact(const Network &network, const Problem &problem,
                         const ScheduleView &transfers, LinkModel model) {
  return compact(network, problem, Schedule(transfers), model);
}

SimulationResult compact(const Network &network, const Problem &problem,
                         Schedule &&transfers, LinkModel model) {
  // In place: the same rounds as compactWith, without a copy per round.
  SimulationResult result;
  result.schedule = std::move(transfers);
  bool changed = true;
  while (changed && result.error.empty())
    changed = retime(network, problem, result.schedule, model, {}, result);
  if (!result.error.empty())
    result.schedule = Schedule();
  return result;
}

} // namespace tacos
