//===- ModelTest.cpp - LIBRA's loads, times and costs by hand -------------===//

#include "tacos/Libra/Model.h"

#include <gtest/gtest.h>

#include <cmath>

using namespace tacos;
using namespace tacos::libra;

namespace {

WorkloadCollective over(CollectiveKind kind, double bytes,
                        std::vector<std::pair<unsigned, int64_t>> dims,
                        double count = 1) {
  return {kind, bytes, std::move(dims), count};
}

// 1 GB over dimensions of size 4 and 8, worked out by hand from docs/Algorithms.md, LIBRA.
TEST(LibraModelTest, LoadsPerCollective) {
  std::vector<double> a;
  ASSERT_EQ(dimensionLoads(over(CollectiveKind::AllReduce, 1e9,
                                {{0, 4}, {1, 8}}),
                           2, a),
            "");
  EXPECT_DOUBLE_EQ(a[0], 2 * 1e9 * 3 / 4);     // 1.5e9
  EXPECT_DOUBLE_EQ(a[1], 2 * 0.25e9 * 7 / 8);  // 0.4375e9
  ASSERT_EQ(dimensionLoads(over(CollectiveKind::ReduceScatter, 1e9,
                                {{1, 8}, {0, 4}}),
                           2, a),
            "");
  EXPECT_DOUBLE_EQ(a[0], 0.75e9);
  EXPECT_DOUBLE_EQ(a[1], 0.21875e9);
  // All-Gather: from the 1e9/32 shard, dimension 1 first.
  ASSERT_EQ(dimensionLoads(over(CollectiveKind::AllGather, 1e9,
                                {{0, 4}, {1, 8}}),
                           2, a),
            "");
  EXPECT_DOUBLE_EQ(a[1], 31.25e6 * 7);
  EXPECT_DOUBLE_EQ(a[0], 250e6 * 3);
  ASSERT_EQ(dimensionLoads(over(CollectiveKind::AllToAll, 1e9,
                                {{0, 4}, {1, 8}}),
                           2, a),
            "");
  EXPECT_DOUBLE_EQ(a[0], 0.75e9);
  EXPECT_DOUBLE_EQ(a[1], 0.875e9);
  EXPECT_NE(dimensionLoads(over(CollectiveKind::Broadcast, 1e9, {{0, 4}}), 2,
                           a),
            "");
  EXPECT_NE(dimensionLoads(over(CollectiveKind::AllReduce, 1e9, {{5, 4}}), 2,
                           a),
            "");
}

// A collective's time is its slowest dimension's; dimensions within 1e-6
// of it are bottlenecks too (an optimum balances them).
TEST(LibraModelTest, CollectiveTimeAndBottlenecks) {
  // All-Reduce of 1 GB over 4 x 8: a = (1.5e9, 0.4375e9).
  WorkloadCollective c = over(CollectiveKind::AllReduce, 1e9, {{0, 4}, {1, 8}});
  CollectiveTime t = collectiveTime(c, 3, {100, 100, 1});
  EXPECT_EQ(t.error, "");
  EXPECT_DOUBLE_EQ(t.timeNs, 1.5e7);
  EXPECT_EQ(t.bottleneckDims, std::vector<unsigned>{0});
  t = collectiveTime(c, 3, {150, 43.75 * (1 + 1e-9), 1});
  EXPECT_DOUBLE_EQ(t.timeNs, 1e7);
  EXPECT_EQ(t.bottleneckDims, (std::vector<unsigned>{0, 1}));
  t = collectiveTime(c, 3, {150, 40, 1});
  EXPECT_EQ(t.bottleneckDims, std::vector<unsigned>{1});
  EXPECT_TRUE(
      collectiveTime(over(CollectiveKind::Broadcast, 1, {{0, 4}}), 3, {1, 1, 1})
          .bottleneckDims.empty());
}

TEST(LibraModelTest, TimeIsComputePlusSlowestDimension) {
  AllocationProblem p;
  p.numDims = 2;
  p.numNpus = 32;
  p.pricePerGBps = {2, 10};
  Workload w;
  w.computeNs = 1000;
  w.collectives.push_back(
      over(CollectiveKind::AllReduce, 1e9, {{0, 4}, {1, 8}}, 3));
  p.workloads.push_back(w);
  // a = (1.5e9, 0.4375e9) bytes; at (300, 50) GB/s: max(5e6, 8.75e6) ns.
  EXPECT_DOUBLE_EQ(workloadTimeNs(p, {300, 50}), 1000 + 3 * 8.75e6);
  EXPECT_DOUBLE_EQ(networkCost(p, {300, 50}), 32 * (2 * 300 + 10 * 50));
  EXPECT_TRUE(std::isinf(workloadTimeNs(p, {300, 0})));
}

} // namespace
