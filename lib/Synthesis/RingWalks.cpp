//===- RingWalks.cpp - Chunks moved around a ring of ranks ----------------===//

#include "RingWalks.h"
#include "RingOrder.h"

#include <algorithm>

namespace tacos {

RankRing::RankRing(Builder &b, const std::vector<uint32_t> &ranks)
    : position(b.numRanks, -1) {
  std::vector<NodeId> npus;
  for (uint32_t r : ranks)
    npus.push_back(b.npu(r));
  RingOrder ring = findRing(b.router, npus);
  for (uint32_t i : ring.order)
    order.push_back(ranks[i]);
  for (uint32_t p = 0; p < order.size(); ++p)
    position[order[p]] = p;
  if (order.size() < ranks.size() && b.error.empty()) {
    std::vector<char> reached(ranks.size(), 0);
    for (uint32_t i : ring.order)
      reached[i] = 1;
    uint32_t missing = 0;
    while (reached[missing])
      ++missing;
    b.error = "npu " + std::to_string(b.npu(order.back())) +
              " cannot reach npu " + std::to_string(npus[missing]);
  }
  // Two members have one link each way: a second channel would share it.
  numChannels = ring.bothWays && order.size() > 2 ? 2 : 1;
  backwardsIn = ring.symmetric ? 1 : 0;
}

uint32_t RankRing::at(uint32_t channel, int64_t p) const {
  int64_t m = size();
  int64_t q = ((p % m) + m) % m;
  return channel == 0 ? order[q] : order[(m - q) % m];
}

uint32_t RankRing::positionOf(uint32_t channel, uint32_t rank) const {
  uint32_t p = uint32_t(position[rank]), m = size();
  return channel == 0 ? p : (m - p) % m;
}

uint32_t RankRing::distance(uint32_t channel, uint32_t from,
                            uint32_t to) const {
  uint32_t m = size();
  return (positionOf(channel, to) + m - positionOf(channel, from)) % m;
}

void walkRing(Builder &b, const RankRing &ring, const std::vector<Walk> &walks,
              TransferKind kind) {
  uint32_t steps = 0;
  for (const Walk &w : walks)
    steps = std::max(steps, w.length);
  for (uint32_t s = 0; s < steps; ++s)
    for (const Walk &w : walks) {
      if (s >= w.length)
        continue;
      int64_t p = int64_t(ring.positionOf(w.channel, w.from)) + s;
      b.send(w.chunk, 1, ring.at(w.channel, p), ring.at(w.channel, p + 1),
             kind);
    }
}

Walk spreadFrom(const RankRing &ring, uint32_t chunk, uint32_t from) {
  return {chunk, ring.channelOf(chunk), from, ring.size() - 1};
}

Walk reduceInto(const RankRing &ring, uint32_t chunk, uint32_t to) {
  uint32_t channel = ring.channelOf(chunk);
  return {chunk, channel,
          ring.at(channel, int64_t(ring.positionOf(channel, to)) + 1),
          ring.size() - 1};
}

Walk reduceIntoRoot(const RankRing &ring, uint32_t chunk, uint32_t to) {
  uint32_t channel = ring.inboundChannelOf(chunk);
  return {chunk, channel,
          ring.at(channel, int64_t(ring.positionOf(channel, to)) + 1),
          ring.size() - 1};
}

Walk fromTo(const RankRing &ring, uint32_t chunk, uint32_t from, uint32_t to,
            bool inbound) {
  uint32_t channel =
      inbound ? ring.inboundChannelOf(chunk) : ring.channelOf(chunk);
  return {chunk, channel, from, ring.distance(channel, from, to)};
}

} // namespace tacos
