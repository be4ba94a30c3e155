//===- Inversion.cpp - Combining collectives from their duals -------------===//

#include "tacos/Synthesis/Inversion.h"

#include <unordered_set>

namespace tacos {

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
  std::unordered_set<uint64_t> received, sent;
  for (size_t i = 0; i < schedule.size(); ++i) {
    Transfer t = schedule[i];
    if (t.kind == TransferKind::Copy &&
        !received.insert((uint64_t(t.chunk) << 32) | t.dst).second)
      return "npu " + std::to_string(t.dst) + " receives chunk " +
             std::to_string(t.chunk) +
             " twice; only a tree (each chunk received once) inverts";
    if (t.kind == TransferKind::Reduce &&
        !sent.insert((uint64_t(t.chunk) << 32) | t.src).second)
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
