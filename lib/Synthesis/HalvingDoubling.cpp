//===- HalvingDoubling.cpp - Recursive halving and doubling ---------------===//
//
// On a power-of-two number of ranks, partners differ in one bit. All-Gather
// doubles what each rank holds per round (recursive doubling);
// Reduce-Scatter halves it (recursive halving: each round a rank reduces
// half of the blocks it still holds into its partner and keeps the half
// its own block is in); All-Reduce is the one then the other
// (Rabenseifner's). Broadcast, Scatter, Gather and Reduce are binomial
// trees relative to the root by XOR, so that their partners are the same
// hypercube neighbours as All-Gather's.
//
//===----------------------------------------------------------------------===//

#include "BaselineAlgorithms.h"

namespace tacos {

namespace {

/// Before the round with distance `bit`, rank r holds the blocks of the
/// ranks r ^ x, x < bit. Ascending x is the order they arrived in, so the
/// link never waits on a block while an earlier one is ready.
void recursiveDoubling(Builder &b) {
  uint32_t g = b.numRanks, k = b.blockSize;
  for (uint32_t bit = 1; bit < g; bit <<= 1)
    for (uint32_t r = 0; r < g; ++r)
      for (uint32_t x = 0; x < bit; ++x)
        b.sendBlock((r ^ x) * k, r, r ^ bit);
}

/// Before the round with distance m, rank r holds partials of the blocks
/// that agree with r on the bits above m; it reduces those that differ in
/// bit m into r ^ m, which agrees with them there.
void recursiveHalving(Builder &b) {
  uint32_t g = b.numRanks, k = b.blockSize;
  for (uint32_t m = g / 2; m >= 1; m /= 2)
    for (uint32_t r = 0; r < g; ++r) {
      uint32_t base = r & ~(2 * m - 1);
      for (uint32_t x = 0; x < 2 * m; ++x) {
        uint32_t blk = base | x;
        if ((blk ^ r) & m)
          b.sendBlock(blk * k, r, r ^ m, TransferKind::Reduce);
      }
    }
}

/// A holder at relative rank v owns the blocks of [v, v + 2m) and hands
/// the upper half to v + m.
void binomialScatter(Builder &b) {
  uint32_t g = b.numRanks, k = b.blockSize, root = b.rootRank;
  for (uint32_t m = g / 2; m >= 1; m /= 2)
    for (uint32_t r = 0; r < g; ++r) {
      uint32_t v = r ^ root;
      if ((v & (2 * m - 1)) == 0)
        for (uint32_t t = v + m; t < v + 2 * m; ++t)
          b.sendBlock((t ^ root) * k, r, r ^ m);
    }
}

void binomialGather(Builder &b) {
  uint32_t g = b.numRanks, k = b.blockSize, root = b.rootRank;
  for (uint32_t m = 1; m < g; m *= 2)
    for (uint32_t r = 0; r < g; ++r) {
      uint32_t v = r ^ root;
      if ((v & (2 * m - 1)) == m)
        for (uint32_t t = v; t < v + m; ++t)
          b.sendBlock((t ^ root) * k, r, r ^ m);
    }
}

/// Broadcast from the root, the farthest partner first; Reduce, its mirror,
/// into the root, the nearest partner first.
void binomialTree(Builder &b, bool down) {
  uint32_t g = b.numRanks, root = b.rootRank;
  for (uint32_t i = 1; i < g; i *= 2) {
    uint32_t m = down ? g / (2 * i) : i;
    for (uint32_t r = 0; r < g; ++r) {
      uint32_t v = r ^ root;
      if (down && (v & (2 * m - 1)) == 0)
        b.sendBlock(0, r, r ^ m);
      if (!down && (v & (2 * m - 1)) == m)
        b.sendBlock(0, r, r ^ m, TransferKind::Reduce);
    }
  }
}

} // namespace

void rhdBaseline(Builder &b) {
  uint32_t g = b.numRanks;
  if ((g & (g - 1)) != 0) {
    b.error = "rhd needs a power-of-two number of participants, got " +
              std::to_string(g);
    return;
  }
  switch (b.kind) {
  case CollectiveKind::AllGather:
    recursiveDoubling(b);
    break;
  case CollectiveKind::ReduceScatter:
    recursiveHalving(b);
    break;
  case CollectiveKind::AllReduce:
    recursiveHalving(b);
    recursiveDoubling(b);
    break;
  case CollectiveKind::Broadcast:
    binomialTree(b, /*down=*/true);
    break;
  case CollectiveKind::Reduce:
    binomialTree(b, /*down=*/false);
    break;
  case CollectiveKind::Scatter:
    binomialScatter(b);
    break;
  case CollectiveKind::Gather:
    binomialGather(b);
    break;
  case CollectiveKind::AllToAll:
    // Before the round with distance `bit`, block (s, d) sits at the rank
    // with d's bits below `bit` and s's bits from `bit` up.
    for (uint32_t bit = 1; bit < g; bit <<= 1)
      for (uint32_t s = 0; s < g; ++s)
        for (uint32_t d = 0; d < g; ++d) {
          uint32_t holder = (s & ~(bit - 1)) | (d & (bit - 1));
          if ((holder ^ d) & bit)
            b.sendBlock(*b.block(s, d), holder, holder ^ bit);
        }
    break;
  }
}

} // namespace tacos
