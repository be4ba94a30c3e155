//===- AstraWorkloadTest.cpp - ASTRA-sim layers -> workload, by hand ------===//

#include "tacos/Libra/AstraWorkload.h"

#include <gtest/gtest.h>

#include <cmath>

using namespace tacos;
using namespace tacos::libra;

namespace {

constexpr auto AR = CollectiveKind::AllReduce;
constexpr auto AG = CollectiveKind::AllGather;
constexpr auto A2A = CollectiveKind::AllToAll;
constexpr auto RS = CollectiveKind::ReduceScatter;

AstraPhase phase(double computeNs, std::optional<CollectiveKind> kind = {},
                 double bytes = 0) {
  return {computeNs, kind, bytes};
}

std::vector<DimSpec> dims(std::vector<std::pair<DimKind, int64_t>> shape) {
  std::vector<DimSpec> out;
  for (auto [kind, size] : shape)
    out.push_back({kind, size, LinkSpec()});
  return out;
}

void expectCollective(const WorkloadCollective &c, CollectiveKind kind,
                      double bytes,
                      std::vector<std::pair<unsigned, int64_t>> used,
                      double count) {
  EXPECT_EQ(c.kind, kind);
  EXPECT_EQ(c.bytes, bytes);
  EXPECT_EQ(c.dims, used);
  EXPECT_EQ(c.count, count);
}

const std::vector<DimSpec> kRingSwitch =
    dims({{DimKind::Ring, 4}, {DimKind::Switch, 8}});

// Three layers worked through the loop by hand:
//   forward:  L1 AR 100, L2 AR 100                        -> AR 100 x2
//   backward: L2 ig AR 100 (x3), wg AR 0 (no data, dropped)
//             L1 ig AG 50 (new; a shard: 200 B gathered over 4 NPUs),
//             L0 ig AR 100 (x4), wg AR 500 (new)
TEST(AstraWorkloadTest, MergesInLoopOrder) {
  std::vector<AstraLayer> layers = {
      {"L0", phase(10), phase(20, AR, 100), phase(30, AR, 500)},
      {"L1", phase(1, AR, 100), phase(2, AG, 50), phase(3)},
      {"L2", phase(5, AR, 100), phase(6, AR, 100), phase(7, AR, 0)},
  };
  Communicator comm{{4, -1}, {4, -1}, {-1, 8}};
  Workload w;
  ASSERT_EQ(workloadFromLayers(layers, comm, kRingSwitch, w), "");
  EXPECT_EQ(w.computeNs, 84); // 10+20+30 + 1+2+3 + 5+6+7
  EXPECT_EQ(w.weight, 1);
  ASSERT_EQ(w.collectives.size(), 3u);
  expectCollective(w.collectives[0], AR, 100, {{0, 4}}, 4);
  expectCollective(w.collectives[1], AG, 200, {{0, 4}}, 1);
  expectCollective(w.collectives[2], AR, 500, {{1, 8}}, 1);
}

// Backward visits input-grad before weight-grad of each layer, layers last
// to first: L1's weight-grad A2A precedes L0's input-grad AG.
TEST(AstraWorkloadTest, BackwardOrder) {
  std::vector<AstraLayer> layers = {
      {"L0", phase(0), phase(0, AG, 8), phase(0)},
      {"L1", phase(0), phase(0, AR, 8), phase(0, A2A, 8)},
  };
  Communicator comm{{4, 8}, {4, 8}, {4, 8}};
  Workload w;
  ASSERT_EQ(workloadFromLayers(layers, comm, kRingSwitch, w), "");
  ASSERT_EQ(w.collectives.size(), 3u);
  expectCollective(w.collectives[0], AR, 8, {{0, 4}, {1, 8}}, 1);
  expectCollective(w.collectives[1], A2A, 8, {{0, 4}, {1, 8}}, 1);
  expectCollective(w.collectives[2], AG, 8 * 32, {{0, 4}, {1, 8}}, 1);
}

// Same kind and size merge only with the same dimensions and groups.
TEST(AstraWorkloadTest, GroupsKeepCollectivesApart) {
  auto shape = dims({{DimKind::Ring, 4}, {DimKind::FullyConnected, 8}});
  std::vector<AstraLayer> layers = {
      {"L0", phase(0, AR, 64), phase(0, AR, 64), phase(0, AR, 64)},
      {"L1", phase(0, AR, 64), phase(0, AR, 64), phase(0, AR, 64)},
  };
  // Forward TP-2 inside dimension 0, input-grad over all of it; weight-grad
  // over 2 of dimension 1's 8 NPUs (group 1 in dimension 0 = unused).
  Communicator comm{{2, -1}, {4, -1}, {1, 2}};
  Workload w;
  ASSERT_EQ(workloadFromLayers(layers, comm, shape, w), "");
  ASSERT_EQ(w.collectives.size(), 3u);
  expectCollective(w.collectives[0], AR, 64, {{0, 2}}, 2);
  expectCollective(w.collectives[1], AR, 64, {{0, 4}}, 2);
  expectCollective(w.collectives[2], AR, 64, {{1, 2}}, 2);
}

// A phase that uses no dimension (all -1 or 1) moves no data; its compute
// still counts.
TEST(AstraWorkloadTest, DropsCollectivesWithoutDimensions) {
  std::vector<AstraLayer> layers = {
      {"L0", phase(1.5, A2A, 10), phase(2, AR, 10), phase(3, AR, 20)},
  };
  Communicator comm{{-1, -1}, {1, 1}, {4, 8}};
  Workload w;
  ASSERT_EQ(workloadFromLayers(layers, comm, kRingSwitch, w), "");
  EXPECT_EQ(w.computeNs, 6.5);
  ASSERT_EQ(w.collectives.size(), 1u);
  expectCollective(w.collectives[0], AR, 20, {{0, 4}, {1, 8}}, 1);
}

// ASTRA-sim's (and LIBRA's) ALLGATHER size is each NPU's shard, the IR's is
// the gathered output: times the product of the groups (2 x 8 here, not the
// 4 x 8 NPUs of the dimensions). The other collectives' sizes are each
// NPU's whole buffer in both, and stay as they are.
TEST(AstraWorkloadTest, AllGatherSizeIsTheGatheredOutput) {
  std::vector<AstraLayer> layers = {
      {"L0", phase(0, AG, 3), phase(0, RS, 3), phase(0, A2A, 3)},
      {"L1", phase(0, AR, 3), phase(0), phase(0)},
  };
  Communicator comm{{2, 8}, {2, 8}, {2, 8}};
  Workload w;
  ASSERT_EQ(workloadFromLayers(layers, comm, kRingSwitch, w), "");
  ASSERT_EQ(w.collectives.size(), 4u);
  expectCollective(w.collectives[0], AG, 48, {{0, 2}, {1, 8}}, 1);
  expectCollective(w.collectives[1], AR, 3, {{0, 2}, {1, 8}}, 1);
  expectCollective(w.collectives[2], RS, 3, {{0, 2}, {1, 8}}, 1);
  expectCollective(w.collectives[3], A2A, 3, {{0, 2}, {1, 8}}, 1);
  // LIBRA's first All-Gather dimension (the last one used) moves the shard
  // times (c - 1): our model, fed the gathered size, agrees.
  std::vector<double> loads;
  ASSERT_EQ(dimensionLoads(w.collectives[0], 2, loads), "");
  EXPECT_DOUBLE_EQ(loads[1], 3 * 7);
  EXPECT_DOUBLE_EQ(loads[0], 3 * 8 * 1);
}

// A shard that gathers to more than the IR can hold is an error.
TEST(AstraWorkloadTest, GatheredSizeOverTheLimit) {
  std::vector<AstraLayer> layers = {
      {"L0", phase(0, AG, double(int64_t(1) << 46)), phase(0), phase(0)}};
  Workload w;
  EXPECT_EQ(
      workloadFromLayers(layers, {{4, 8}, {4, 8}, {4, 8}}, kRingSwitch, w),
      "layer 'L0' forward phase gathers 2251799813685248 bytes, more "
      "than 1 PiB");
}

TEST(AstraWorkloadTest, NoLayers) {
  Workload w;
  ASSERT_EQ(
      workloadFromLayers({}, {{-1, -1}, {-1, -1}, {-1, -1}}, kRingSwitch, w),
      "");
  EXPECT_EQ(w.computeNs, 0);
  EXPECT_TRUE(w.collectives.empty());
}

TEST(AstraWorkloadTest, CheckCommunicatorGroup) {
  EXPECT_EQ(checkCommunicatorGroup(-1, 8), "");
  EXPECT_EQ(checkCommunicatorGroup(1, 8), "");
  EXPECT_EQ(checkCommunicatorGroup(2, 8), "");
  EXPECT_EQ(checkCommunicatorGroup(8, 8), "");
  EXPECT_EQ(checkCommunicatorGroup(9, 8),
            "group size 9 exceeds the 8 NPUs of its dimension");
  EXPECT_NE(checkCommunicatorGroup(0, 8), "");
  EXPECT_NE(checkCommunicatorGroup(-2, 8), "");
}

TEST(AstraWorkloadTest, Errors) {
  std::vector<AstraLayer> ok = {{"L0", phase(1), phase(1), phase(1)}};
  Workload w;
  EXPECT_EQ(workloadFromLayers(ok, {{4, 8}, {4}, {4, 8}}, kRingSwitch, w),
            "communicator InputGrad has 1 entries but the network has 2 "
            "dimensions");
  EXPECT_EQ(workloadFromLayers(ok, {{4, 8}, {4, 8}, {4, 8, 1}}, kRingSwitch, w),
            "communicator WeightGrad has 3 entries but the network has 2 "
            "dimensions");
  EXPECT_EQ(workloadFromLayers(ok, {{4, 9}, {4, 8}, {4, 8}}, kRingSwitch, w),
            "communicator Forward, dimension 1: group size 9 exceeds the 8 "
            "NPUs of its dimension");
  EXPECT_NE(workloadFromLayers(ok, {{0, 8}, {4, 8}, {4, 8}}, kRingSwitch, w),
            "");
  EXPECT_NE(workloadFromLayers(ok, {{4, 8}, {-2, 8}, {4, 8}}, kRingSwitch, w),
            "");

  Communicator comm{{4, 8}, {4, 8}, {4, 8}};
  std::vector<AstraLayer> negative = {{"L0", phase(1), phase(-1), phase(1)}};
  EXPECT_EQ(workloadFromLayers(negative, comm, kRingSwitch, w),
            "layer 'L0' input-gradient phase has a negative or non-finite "
            "compute time");
  std::vector<AstraLayer> nanSize = {
      {"L0", phase(1), phase(1), phase(1, AR, NAN)}};
  EXPECT_EQ(workloadFromLayers(nanSize, comm, kRingSwitch, w),
            "layer 'L0' weight-gradient phase has a negative or non-finite "
            "size");
}

} // namespace
