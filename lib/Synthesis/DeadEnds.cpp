//===- DeadEnds.cpp - Forwards that lead nowhere --------------------------===//

#include "DeadEnds.h"

#include <algorithm>
#include <utility>
#include <vector>

namespace tacos {

Schedule pruneDeadEnds(const ScheduleView &transfers, const Problem &problem) {
  std::vector<uint8_t> participant(problem.numNpus, 0);
  for (uint32_t v : problem.participants)
    participant[v] = 1;
  // byChunk: transfer indices, latest start first (ties: schedule order),
  // grouped by chunk with a stable counting sort. One sort of contiguous
  // keys, not one per chunk.
  size_t n = transfers.size();
  std::vector<std::pair<int64_t, size_t>> latestFirst(n);
  for (size_t i = 0; i < n; ++i)
    latestFirst[i] = {-transfers.start(i), i};
  std::sort(latestFirst.begin(), latestFirst.end());
  uint32_t numChunks = problem.numChunks();
  std::vector<size_t> offsets(size_t(numChunks) + 1, 0), byChunk(n);
  for (size_t i = 0; i < n; ++i)
    ++offsets[transfers.chunk(i) + 1];
  for (uint32_t c = 0; c < numChunks; ++c)
    offsets[c + 1] += offsets[c];
  std::vector<size_t> next(offsets.begin(), offsets.end() - 1);
  for (auto [negatedStart, i] : latestFirst)
    byChunk[next[transfers.chunk(i)]++] = i;
  latestFirst = {};
  // destinationOf[v] == c: v is an explicit destination of chunk c;
  // forwards[v] == c: v passes chunk c on in a kept transfer.
  constexpr uint32_t kNone = UINT32_MAX;
  std::vector<uint32_t> destinationOf(problem.numNpus, kNone),
      forwards(problem.numNpus, kNone);
  std::vector<uint8_t> keep(n, 0);
  for (uint32_t c = 0; c < numChunks; ++c) {
    auto first = byChunk.begin() + offsets[c],
         last = byChunk.begin() + offsets[c + 1];
    if (!problem.othersAreDestinations)
      problem.forEachDestination(c, [&](uint32_t d) { destinationOf[d] = c; });
    for (auto it = first; it != last; ++it) {
      uint32_t v = transfers.dst(*it);
      bool isDestination = problem.othersAreDestinations
                               ? participant[v] && !problem.isSource(c, v)
                               : destinationOf[v] == c;
      if (isDestination || forwards[v] == c) {
        keep[*it] = 1;
        forwards[transfers.src(*it)] = c;
      }
    }
  }
  Schedule pruned;
  for (size_t i = 0; i < n; ++i)
    if (keep[i])
      pruned.pushFrom(transfers, i);
  return pruned;
}

} // namespace tacos
