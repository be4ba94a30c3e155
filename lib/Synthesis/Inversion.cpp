//===- Inversion.cpp - Combining collectives from their duals -------------===//

#include "tacos/Synthesis/Inversion.h"

#include <algorithm>
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

} // namespace

std::optional<CollectiveKind> inverseOf(CollectiveKind kind) {
  return collectiveInfo(kind).inverse;
}

std::string invertAlgorithm(CollectiveKind kind, const ScheduleView &schedule,
                            int64_t timePs, Schedule &inverted) {
  return invertSchedule(schedule, timePs, inverted,
                        collectiveInfo(kind).inversionReduces);
}

std::string invertSchedule(const ScheduleView &schedule, int64_t timePs,
                           Schedule &inverted, bool flipKinds) {
  inverted = Schedule();
  inverted.reserve(schedule.size());
  // A tree of copies receives each chunk once per NPU; its inverse, a tree
  // of reductions, sends each partial chunk once per NPU.
  PairSet received(schedule), sent(schedule);
  for (size_t i = 0; i < schedule.size(); ++i) {
    Transfer t = schedule[i];
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
    inverted.push_back({t.chunk, t.dst, t.src, t.lane, kind, timePs - t.end,
                        timePs - t.start});
  }
  return "";
}

Schedule concatenate(const ScheduleView &first, const ScheduleView &second,
                     int64_t offsetPs) {
  Schedule result;
  result.reserve(first.size() + second.size());
  for (size_t i = 0; i < first.size(); ++i)
    result.push_back(first[i]);
  for (size_t i = 0; i < second.size(); ++i) {
    Transfer t = second[i];
    t.start += offsetPs;
    t.end += offsetPs;
    result.push_back(t);
  }
  return result;
}

} // namespace tacos
