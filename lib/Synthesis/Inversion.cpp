//===- Inversion.cpp - Combining collectives from their duals -------------===//

#include "tacos/Synthesis/Inversion.h"

#include <unordered_set>

namespace tacos {

std::string invertSchedule(const ScheduleView &schedule, int64_t timePs,
                           Schedule &inverted) {
  inverted = Schedule();
  inverted.reserve(schedule.size());
  std::unordered_set<uint64_t> received;
  for (size_t i = 0; i < schedule.size(); ++i) {
    Transfer t = schedule[i];
    uint64_t key = (uint64_t(t.chunk) << 32) | t.dst;
    if (!received.insert(key).second)
      return "npu " + std::to_string(t.dst) + " receives chunk " +
             std::to_string(t.chunk) +
             " twice; only a tree (each chunk received once) inverts";
    inverted.push_back({t.chunk, t.dst, t.src, t.lane,
                        t.kind == TransferKind::Copy ? TransferKind::Reduce
                                                     : TransferKind::Copy,
                        timePs - t.end, timePs - t.start});
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
