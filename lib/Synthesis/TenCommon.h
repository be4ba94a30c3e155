//===- TenCommon.h - Pieces both TEN matchers use ---------------*- C++ -*-===//
//
// The general matcher (TenSynthesizer.cpp) and the full-problem matcher
// (FullMatching.cpp) keep different state, but share three small pieces:
// rows of bits, the log of recent arrivals that tells what an NPU held when
// a transfer started, and the lane of each link among its parallel links.
// Internal to lib/Synthesis.
//
//===----------------------------------------------------------------------===//

#ifndef TACOS_LIB_SYNTHESIS_TENCOMMON_H
#define TACOS_LIB_SYNTHESIS_TENCOMMON_H

#include "tacos/Network/Network.h"

#include <cstdint>
#include <deque>
#include <utility>
#include <vector>

namespace tacos {

/// One bitset of `words` 64-bit words per row.
class BitRows {
public:
  BitRows(uint32_t rows, size_t words) : words(words), bits(rows * words) {}
  uint64_t *row(uint32_t r) { return &bits[r * words]; }
  const uint64_t *row(uint32_t r) const { return &bits[r * words]; }
  bool test(uint32_t r, uint32_t c) const {
    return bits[r * words + c / 64] >> (c % 64) & 1;
  }
  void set(uint32_t r, uint32_t c) { bits[r * words + c / 64] |= 1ull << (c % 64); }
  void reset(uint32_t r, uint32_t c) {
    bits[r * words + c / 64] &= ~(1ull << (c % 64));
  }

private:
  size_t words;
  std::vector<uint64_t> bits;
};

/// Recent arrivals per NPU (time, chunk), to tell what an NPU held when a
/// transfer that is landing now started: a replacement chunk must have been
/// there at the start, or the schedule would not be causal. Entries older
/// than twice the longest transfer are dropped, as no transfer in flight
/// started before them.
class RecentArrivals {
public:
  void reset(uint32_t npus, int64_t longestDuration) {
    log.assign(npus, {});
    window = 2 * longestDuration;
  }
  void record(uint32_t v, int64_t time, uint32_t chunk) {
    auto &entries = log[v];
    entries.push_back({time, chunk});
    while (!entries.empty() && entries.front().first < time - window)
      entries.pop_front();
  }
  /// Whether u, which holds c now, already held it at `time`.
  bool heldSince(uint32_t u, uint32_t c, int64_t time) const {
    for (auto it = log[u].rbegin(); it != log[u].rend(); ++it) {
      if (it->first <= time)
        break;
      if (it->second == c)
        return false;
    }
    return true;
  }

private:
  std::vector<std::deque<std::pair<int64_t, uint32_t>>> log;
  int64_t window = 0;
};

/// Each link's lane among the parallel links from its source to its
/// destination (0 for the first), as schedules record it.
inline std::vector<uint16_t> laneIndex(const Network &network) {
  std::vector<uint16_t> lanes(network.numLinks());
  for (LinkId l = 1; l < network.numLinks(); ++l)
    if (network.src(l - 1) == network.src(l) &&
        network.dst(l - 1) == network.dst(l))
      lanes[l] = uint16_t(lanes[l - 1] + 1);
  return lanes;
}

} // namespace tacos

#endif // TACOS_LIB_SYNTHESIS_TENCOMMON_H
