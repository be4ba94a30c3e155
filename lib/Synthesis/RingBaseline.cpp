//===- RingBaseline.cpp - NCCL's ring through the topology ----------------===//
//
// The ring is a cycle through the participants (RingOrder.h), run in both
// directions where its links allow (RingWalks.h). All-Gather: every block
// goes around the ring, one step per round. Reduce-Scatter: every block
// starts at the rank after its owner and collects each rank's share on its
// way around into the owner (N-1 steps of reduce-and-forward). All-Reduce
// is that Reduce-Scatter, then that All-Gather (NCCL's ring All-Reduce).
// Broadcast and Reduce are pipelined chains from and into the root;
// Scatter sends farthest first, Gather nearest first, All-to-All each block
// the steps to its destination, farthest-bound first on every link.
//
//===----------------------------------------------------------------------===//

#include "BaselineAlgorithms.h"
#include "RingWalks.h"

#include <algorithm>
#include <numeric>

namespace tacos {

namespace {

/// Every chunk of every rank's block, as `walk(chunk, rank)`.
template <typename F>
std::vector<Walk> everyBlock(const Builder &b, F &&walk) {
  std::vector<Walk> walks;
  for (uint32_t r = 0; r < b.numRanks; ++r)
    for (uint32_t c = r * b.blockSize; c < (r + 1) * b.blockSize; ++c)
      walks.push_back(walk(c, r));
  return walks;
}

/// Every chunk of the buffer (Broadcast, Reduce), as `walk(chunk)`.
template <typename F>
std::vector<Walk> everyChunk(const Builder &b, F &&walk) {
  std::vector<Walk> walks;
  for (uint32_t c = 0; c < b.problem.numChunks(); ++c)
    walks.push_back(walk(c));
  return walks;
}

/// The walks of rooted Scatter (out of the root) or Gather (into it), the
/// longest first or last.
std::vector<Walk> rootedWalks(const Builder &b, const RankRing &ring,
                              bool outOfRoot) {
  std::vector<Walk> walks;
  for (uint32_t r = 0; r < b.numRanks; ++r) {
    if (r == b.rootRank)
      continue;
    for (uint32_t c = r * b.blockSize; c < (r + 1) * b.blockSize; ++c)
      walks.push_back(outOfRoot ? fromTo(ring, c, b.rootRank, r)
                                : fromTo(ring, c, r, b.rootRank, true));
  }
  std::stable_sort(walks.begin(), walks.end(),
                   [&](const Walk &x, const Walk &y) {
                     return outOfRoot ? x.length > y.length
                                      : x.length < y.length;
                   });
  return walks;
}

} // namespace

void ringBaseline(Builder &b) {
  std::vector<uint32_t> ranks(b.numRanks);
  std::iota(ranks.begin(), ranks.end(), 0u);
  RankRing ring(b, ranks);
  if (!b.error.empty())
    return;
  auto spread = [&](uint32_t c, uint32_t r) { return spreadFrom(ring, c, r); };
  auto collect = [&](uint32_t c, uint32_t r) { return reduceInto(ring, c, r); };
  switch (b.kind) {
  case CollectiveKind::AllGather:
    walkRing(b, ring, everyBlock(b, spread), TransferKind::Copy);
    break;
  case CollectiveKind::ReduceScatter:
    walkRing(b, ring, everyBlock(b, collect), TransferKind::Reduce);
    break;
  case CollectiveKind::AllReduce:
    walkRing(b, ring, everyBlock(b, collect), TransferKind::Reduce);
    walkRing(b, ring, everyBlock(b, spread), TransferKind::Copy);
    break;
  case CollectiveKind::Broadcast:
    walkRing(b, ring,
             everyChunk(b, [&](uint32_t c) { return spread(c, b.rootRank); }),
             TransferKind::Copy);
    break;
  case CollectiveKind::Reduce:
    walkRing(b, ring,
             everyChunk(b,
                        [&](uint32_t c) {
                          return reduceIntoRoot(ring, c, b.rootRank);
                        }),
             TransferKind::Reduce);
    break;
  case CollectiveKind::Scatter:
  case CollectiveKind::Gather:
    walkRing(b, ring,
             rootedWalks(b, ring, b.kind == CollectiveKind::Scatter),
             TransferKind::Copy);
    break;
  case CollectiveKind::AllToAll: {
    // Per source, farthest-bound first, so that the blocks travelling on
    // are ahead of the one that stops at the next rank.
    std::vector<Walk> walks;
    for (uint32_t s = 0; s < b.numRanks; ++s) {
      size_t first = walks.size();
      for (uint32_t d = 0; d < b.numRanks; ++d)
        if (d != s)
          for (uint32_t i = 0; i < b.blockSize; ++i)
            walks.push_back(fromTo(ring, *b.block(s, d) + i, s, d));
      std::stable_sort(walks.begin() + first, walks.end(),
                       [](const Walk &x, const Walk &y) {
                         return x.length > y.length;
                       });
    }
    walkRing(b, ring, walks, TransferKind::Copy);
    break;
  }
  }
}

} // namespace tacos
