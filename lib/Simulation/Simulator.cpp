//===- Simulator.cpp - Time a schedule from order and dependencies --------===//

#include "tacos/Simulation/Simulator.h"

#include <algorithm>
#include <tuple>
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

SimulationResult simulate(const Network &network, const Problem &problem,
                          const ScheduleView &transfers, LinkModel model,
                          const SimulationStart &start) {
  SimulationResult result;
  size_t n = transfers.size();
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
  bool sorted = true;
  for (size_t i = 0; i < n; ++i) {
    keys[i] = {transfers.start(i), transfers.end(i), i};
    sorted = sorted && (i == 0 || !(keys[i] < keys[i - 1]));
  }
  if (!sorted)
    std::sort(keys.begin(), keys.end());
  std::vector<size_t> order(n);
  for (size_t i = 0; i < n; ++i)
    order[i] = keys[i].index;
  keys = {};

  std::vector<int64_t> linkFree = start.linkFree;
  linkFree.resize(network.numLinks(), 0);
  ChunkCosts costs(network, problem.chunkSizes, problem.numChunks(), model);
  std::vector<int64_t> starts(n), ends(n);
  Arrivals arrivals(problem, start.chunkReady);
  for (size_t i : order) {
    Transfer t = transfers[i];
    std::optional<LinkId> link = findLink(network, t.src, t.dst, t.lane);
    if (!link) {
      result.error = "link " + std::to_string(t.src) + " -> " +
                     std::to_string(t.dst) +
                     (t.lane ? " lane " + std::to_string(t.lane) : "") +
                     " is not in the network";
      result.errorIndex = i;
      return result;
    }
    std::optional<int64_t> ready = arrivals.get(t.chunk, t.src);
    if (!ready) {
      result.error = "chunk " + std::to_string(t.chunk) + " leaves NPU " +
                     std::to_string(t.src) + " before it is there";
      result.errorIndex = i;
      return result;
    }
    LinkCost cost = costs.of(*link, t.chunk);
    int64_t start = std::max(linkFree[*link], *ready);
    starts[i] = start;
    ends[i] = start + cost.duration;
    linkFree[*link] = start + cost.occupancy;
    arrivals.deliver(t.chunk, t.dst, ends[i]);
    result.timePs = std::max(result.timePs, ends[i]);
  }
  result.schedule = Schedule(transfers);
  for (size_t i = 0; i < n; ++i)
    result.schedule.setTimes(i, starts[i], ends[i]);
  return result;
}

SimulationResult compact(const Network &network, const Problem &problem,
                         const ScheduleView &transfers, LinkModel model) {
  return compactWith(transfers, [&](const ScheduleView &round) {
    return simulate(network, problem, round, model);
  });
}

} // namespace tacos
