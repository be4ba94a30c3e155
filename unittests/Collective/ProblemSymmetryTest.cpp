//===- ProblemSymmetryTest.cpp - Symmetries a collective keeps --*- C++ -*-===//

#include "tacos/Collective/ProblemSymmetry.h"

#include "gtest/gtest.h"

#include <set>

using namespace tacos;

namespace {

LinkSpec link() {
  LinkSpec l;
  l.bandwidthBps = 25e9;
  l.latencyPs = 300'000;
  return l;
}

Network dims(std::vector<DimSpec> d) {
  TopologySpec s;
  s.dims = std::move(d);
  EXPECT_TRUE(check(s).empty());
  return buildNetwork(s);
}

Network ring(int64_t n) { return dims({{DimKind::Ring, n, link()}}); }

Problem problem(CollectiveKind kind, uint32_t numNpus, int64_t chunks,
                std::vector<int64_t> group = {},
                std::optional<int64_t> root = std::nullopt,
                int64_t bytes = 0) {
  CollectiveSpec spec;
  spec.kind = kind;
  spec.group = std::move(group);
  spec.root = root;
  spec.chunksPerRank = chunks;
  spec.sizeBytes = bytes ? bytes : 1'000'000 * chunks * numNpus;
  EXPECT_EQ(checkCollective(spec, numNpus), "");
  Problem p;
  EXPECT_EQ(buildProblem(spec, numNpus, p), "");
  return p;
}

/// Independent check: c -> image[c] is a bijection that maps each chunk's
/// sources and destinations through p and keeps its size.
void expectMapsProblem(const Problem &pr, const NpuPermutation &p,
                       const std::vector<uint32_t> &image) {
  ASSERT_EQ(image.size(), pr.numChunks());
  EXPECT_EQ(std::set<uint32_t>(image.begin(), image.end()).size(),
            image.size());
  for (uint32_t c = 0; c < pr.numChunks(); ++c) {
    uint32_t d = image[c];
    EXPECT_EQ(pr.chunkBytes(c), pr.chunkBytes(d));
    std::set<uint32_t> src, dst, imgSrc, imgDst;
    for (uint32_t v = 0; v < pr.numNpus; ++v) {
      if (pr.isSource(c, v))
        src.insert(p[v]);
      if (pr.isSource(d, v))
        imgSrc.insert(v);
    }
    pr.forEachDestination(c, [&](uint32_t v) { dst.insert(p[v]); });
    pr.forEachDestination(d, [&](uint32_t v) { imgDst.insert(v); });
    EXPECT_EQ(src, imgSrc);
    EXPECT_EQ(dst, imgDst);
  }
}

void expectSubgroup(const NpuSymmetry &sub, const NpuSymmetry &of) {
  std::set<NpuPermutation> all(of.elements.begin(), of.elements.end());
  std::set<NpuPermutation> set(sub.elements.begin(), sub.elements.end());
  EXPECT_EQ(set.size(), sub.order());
  ASSERT_FALSE(sub.elements.empty());
  EXPECT_EQ(sub.elements[0], of.elements[0]); // identity first
  for (const NpuPermutation &a : sub.elements) {
    EXPECT_TRUE(all.count(a));
    for (const NpuPermutation &b : sub.elements)
      EXPECT_TRUE(set.count(compose(a, b))) << "not closed";
  }
}

TEST(ProblemSymmetryTest, AllGatherMapsRankChunks) {
  Network net = ring(8);
  NpuSymmetry g = findFreeSymmetry(net);
  ASSERT_EQ(g.order(), 8u);
  const uint32_t k = 3;
  Problem pr = problem(CollectiveKind::AllGather, 8, k);
  for (const NpuPermutation &p : g.elements) {
    std::optional<std::vector<uint32_t>> image = chunkPermutation(pr, p);
    ASSERT_TRUE(image);
    for (uint32_t r = 0; r < 8; ++r)
      for (uint32_t i = 0; i < k; ++i)
        EXPECT_EQ((*image)[r * k + i], p[r] * k + i);
    expectMapsProblem(pr, p, *image);
  }
  EXPECT_EQ(restrictToInvariant(g, pr).order(), 8u);
}

TEST(ProblemSymmetryTest, BroadcastKeepsOnlyWhatFixesTheRoot) {
  // A free group fixes no NPU, so only the identity fixes the root.
  Network net = ring(6);
  NpuSymmetry g = findFreeSymmetry(net);
  Problem pr = problem(CollectiveKind::Broadcast, 6, 2, {}, 2);
  EXPECT_FALSE(chunkPermutation(pr, g.elements[1]));
  std::optional<std::vector<uint32_t>> id =
      chunkPermutation(pr, g.elements[0]);
  ASSERT_TRUE(id);
  EXPECT_EQ(*id, (std::vector<uint32_t>{0, 1}));
  NpuSymmetry sub = restrictToInvariant(g, pr);
  EXPECT_TRUE(sub.isTrivial());
  EXPECT_TRUE(sub.generators.empty());
}

TEST(ProblemSymmetryTest, GroupMustMapOntoItself) {
  Network net = ring(8);
  NpuSymmetry g = findFreeSymmetry(net);
  // The even NPUs are invariant under rotations by even amounts only.
  Problem even = problem(CollectiveKind::AllGather, 8, 1, {0, 2, 4, 6});
  NpuSymmetry sub = restrictToInvariant(g, even);
  EXPECT_EQ(sub.order(), 4u);
  expectSubgroup(sub, g);
  for (const NpuPermutation &p : sub.elements) {
    EXPECT_EQ(p[0] % 2, 0u);
    expectMapsProblem(even, p, *chunkPermutation(even, p));
  }
  // The rank order does not matter, only the set.
  Problem shuffled = problem(CollectiveKind::AllGather, 8, 1, {6, 0, 4, 2});
  EXPECT_EQ(restrictToInvariant(g, shuffled).order(), 4u);
  // {0, 1, 2} is mapped onto itself by no rotation.
  Problem three = problem(CollectiveKind::AllGather, 8, 1, {0, 1, 2});
  EXPECT_TRUE(restrictToInvariant(g, three).isTrivial());
}

TEST(ProblemSymmetryTest, AllToAllAndScatter) {
  Network net = dims({{DimKind::Ring, 4, link()}, {DimKind::Ring, 2, link()}});
  NpuSymmetry g = findFreeSymmetry(net);
  ASSERT_EQ(g.order(), 8u);
  Problem a2a = problem(CollectiveKind::AllToAll, 8, 2);
  NpuSymmetry sub = restrictToInvariant(g, a2a);
  EXPECT_EQ(sub.order(), 8u);
  for (const NpuPermutation &p : g.elements)
    expectMapsProblem(a2a, p, *chunkPermutation(a2a, p));
  Problem scatter = problem(CollectiveKind::Scatter, 8, 1, {}, 0);
  EXPECT_TRUE(restrictToInvariant(g, scatter).isTrivial());
  Problem gather = problem(CollectiveKind::Gather, 8, 1, {}, 5);
  EXPECT_TRUE(restrictToInvariant(g, gather).isTrivial());
}

TEST(ProblemSymmetryTest, UnequalChunkSizesBreakInvariance) {
  // 8 chunks of 1,000,001 B or 1,000,000 B: the first ones are larger, so
  // a rotation that moves rank 0's chunk onto rank 7's changes sizes.
  Network net = ring(8);
  NpuSymmetry g = findFreeSymmetry(net);
  Problem pr = problem(CollectiveKind::AllGather, 8, 1, {}, std::nullopt,
                       8'000'004);
  ASSERT_NE(pr.chunkBytes(0), pr.chunkBytes(7));
  NpuSymmetry sub = restrictToInvariant(g, pr);
  EXPECT_LT(sub.order(), 8u);
  expectSubgroup(sub, g);
  for (const NpuPermutation &p : sub.elements)
    expectMapsProblem(pr, p, *chunkPermutation(pr, p));
  // Sizes ignored: every rotation, rank r's chunk onto rank p[r]'s.
  NpuSymmetry all = restrictToInvariant(g, pr, /*ignoreSizes=*/true);
  EXPECT_EQ(all.order(), 8u);
  for (const NpuPermutation &p : g.elements) {
    std::optional<std::vector<uint32_t>> image = chunkPermutation(pr, p, true);
    ASSERT_TRUE(image);
    for (uint32_t r = 0; r < 8; ++r)
      EXPECT_EQ((*image)[r], p[r]);
  }
}

TEST(ProblemSymmetryTest, WrongSizeIsNotInvariant) {
  Problem pr = problem(CollectiveKind::AllGather, 4, 1);
  EXPECT_FALSE(chunkPermutation(pr, {1, 2, 0}));
  NpuSymmetry g = trivialSymmetry(3);
  EXPECT_EQ(restrictToInvariant(g, pr).elements[0], identityPermutation(4));
}

} // namespace
