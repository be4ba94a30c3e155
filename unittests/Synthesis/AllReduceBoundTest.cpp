//===- AllReduceBoundTest.cpp - All-Reduce's throughput bound ------------===//
//
// Hand-worked cases of the crossing and partition bounds
// (ThroughputBound.h), then a property on random small networks with
// switches: the bound is the larger of the crossing bound over every set
// (enumerated here) and its partition's ratio (re-measured here from the
// definition), the partition is one the argument allows, and no partition
// (enumerated here) has a larger ratio than the bound can claim.
//
//===----------------------------------------------------------------------===//

#include "SwitchNetworks.h"
#include "tacos/Collective/Problem.h"
#include "tacos/Synthesis/ThroughputBound.h"

#include "gtest/gtest.h"

#include <cmath>
#include <functional>

using namespace tacos;
using namespace tacos::testing;

namespace {

CollectiveSpec allReduce(int64_t bytes, std::vector<int64_t> group = {}) {
  return request(CollectiveKind::AllReduce, bytes, std::move(group));
}

// 8 NPUs on one switch, 450 GB/s ports, 1 GB: every NPU alone is a
// partition of 8 sets, 2 * 7 GB over 8 ports of 450 GB/s = 3888.9 us
// (what a ring takes). The old bound, the larger phase, was 875 MB over
// one port: 1944.4 us; the crossing bound, 1 GB over one port, 2222.2 us
// (what a switch that reduces would take).
TEST(AllReduceBoundTest, SwitchNeedsTwiceTheTransfers) {
  Network net = build({{DimKind::Switch, 8, link(450e9)}});
  auto bound = computeThroughputBound(net, allReduce(1'000'000'000));
  ASSERT_TRUE(bound);
  EXPECT_EQ(bound->ps, 3'888'888'888);
  EXPECT_EQ(bound->witness, ThroughputWitness::Partition);
  EXPECT_EQ(bound->parts.size(), 8u);
  EXPECT_DOUBLE_EQ(bound->bytes, 14e9);
  EXPECT_DOUBLE_EQ(bound->bandwidthBps, 3600e9);
}

// ring(4), 50 GB/s each way, 1 GB: 2 * 3 GB over 8 links = 15 ms, a
// ring's Reduce-Scatter then All-Gather both ways. Old: 7.5 ms.
TEST(AllReduceBoundTest, RingIsItsTwoPhases) {
  Network net = build({{DimKind::Ring, 4, link(50e9)}});
  auto bound = computeThroughputBound(net, allReduce(1'000'000'000));
  ASSERT_TRUE(bound);
  EXPECT_EQ(bound->ps, 15'000'000'000);
}

// A star of 100 GB/s links around NPU 0, 1 GB: each leaf must send and
// receive the whole buffer, 10 ms, and a Reduce into NPU 0 pipelined into
// a Broadcast from it takes that long: the phases' bounds, 7.5 ms each,
// add up to 15 ms, which is no bound.
TEST(AllReduceBoundTest, StarAroundAnNpuIsNotTheSumOfPhases) {
  NetworkBuilder b(4);
  for (NodeId leaf = 1; leaf < 4; ++leaf) {
    b.addLink(0, leaf, link(100e9));
    b.addLink(leaf, 0, link(100e9));
  }
  Network net = b.build();
  auto bound = computeThroughputBound(net, allReduce(1'000'000'000));
  ASSERT_TRUE(bound);
  EXPECT_EQ(bound->ps, 10'000'000'000);
  auto gather = computeThroughputBound(
      net, request(CollectiveKind::AllGather, 1'000'000'000));
  ASSERT_TRUE(gather);
  EXPECT_EQ(gather->ps, 7'500'000'000);
}

// Two nodes of 4 NPUs ([switch(4) 300 GBps, switch(2) 25 GBps]), 1 GB:
// the whole buffer crosses the 4 x 25 GB/s between the nodes, 10 ms. Old:
// half of it, 5 ms.
TEST(AllReduceBoundTest, TwoNodesAreCrossedByTheWholeBuffer) {
  Network net = build({{DimKind::Switch, 4, link(300e9)},
                       {DimKind::Switch, 2, link(25e9)}});
  auto bound = computeThroughputBound(net, allReduce(1'000'000'000));
  ASSERT_TRUE(bound);
  EXPECT_EQ(bound->ps, 10'000'000'000);
  EXPECT_EQ(bound->witness, ThroughputWitness::Cut);
  EXPECT_DOUBLE_EQ(bound->bandwidthBps, 100e9);
}

//===----------------------------------------------------------------------===//
// Property: the crossing bound exactly, partitions that the proof allows
//===----------------------------------------------------------------------===//

/// M over the least bandwidth out of a set holding some participant but
/// not all.
double crossingSeconds(const Network &net, const Problem &p, double bytes) {
  double best = 0;
  forEachProperSet(net.numNodes(), [&](const std::vector<bool> &in) {
    bool inside = false, outside = false;
    for (uint32_t m : p.participants)
      (in[m] ? inside : outside) = true;
    if (inside && outside)
      best = std::max(best, bytes / leaving(net, in));
  });
  return best;
}

/// 2(k-1) M / min(out, in) of a partition (-1: left out), or 0 when the
/// proof does not allow it (a set without a participant, an NPU left
/// out, fewer than two sets).
double partitionSeconds(const Network &net, const Problem &p,
                        const std::vector<int32_t> &partOf, double bytes) {
  int32_t parts = 0;
  for (int32_t q : partOf)
    parts = std::max(parts, q + 1);
  std::vector<bool> hasMember(parts, false);
  for (uint32_t m : p.participants)
    if (partOf[m] >= 0)
      hasMember[partOf[m]] = true;
  for (NodeId v = 0; v < net.numNpus(); ++v)
    if (partOf[v] < 0)
      return 0;
  for (int32_t q = 0; q < parts; ++q)
    if (!hasMember[q])
      return 0;
  if (parts < 2)
    return 0;
  double out = 0, in = 0;
  for (LinkId l = 0; l < net.numLinks(); ++l) {
    int32_t a = partOf[net.src(l)], b = partOf[net.dst(l)];
    if (a != b) {
      out += a >= 0 ? net.bandwidth(l) : 0;
      in += b >= 0 ? net.bandwidth(l) : 0;
    }
  }
  return 2.0 * (parts - 1) * bytes / std::min(out, in);
}

/// The largest partitionSeconds over every partition (sets numbered in
/// order of first appearance, switches also left out).
double bestPartitionSeconds(const Network &net, const Problem &p,
                            double bytes) {
  std::vector<int32_t> partOf(net.numNodes(), -1);
  double best = 0;
  std::function<void(NodeId, int32_t)> assign = [&](NodeId v, int32_t used) {
    if (v == net.numNodes()) {
      best = std::max(best, partitionSeconds(net, p, partOf, bytes));
      return;
    }
    for (int32_t q = net.isSwitch(v) ? -1 : 0; q <= used; ++q) {
      partOf[v] = q;
      assign(v + 1, std::max(used, q == used ? used + 1 : used));
    }
  };
  assign(0, 0);
  return best;
}

/// `net` with every link also reversed.
Network symmetrized(const Network &net) {
  NetworkBuilder b(net.numNpus());
  for (NodeId sw = net.numNpus(); sw < net.numNodes(); ++sw)
    b.addSwitch(net.switchName(sw), net.switchPorts(sw));
  for (LinkId l = 0; l < net.numLinks(); ++l) {
    b.addLink(net.src(l), net.dst(l), link(net.bandwidth(l)));
    b.addLink(net.dst(l), net.src(l), link(net.bandwidth(l)));
  }
  return b.build();
}

TEST(AllReduceBoundTest, CrossingExactlyAndAnAllowedPartition) {
  std::mt19937 rng(20261203);
  int partitionWins = 0, searchOptimal = 0, checked = 0;
  for (int trial = 0; trial < 80; ++trial) {
    uint32_t n = 2 + rng() % 5, switches = rng() % 3;
    // Symmetric networks of near-equal links too, where no single cut
    // dominates.
    Network net = trial % 2
                      ? randomSwitchNetwork(rng, n, switches, true)
                      : symmetrized(randomSwitchNetwork(rng, n, switches,
                                                        true, 2));
    std::vector<int64_t> group;
    if (n > 2 && rng() % 2)
      for (int64_t v = 0; v < n; ++v)
        if (v == 0 || rng() % 2)
          group.push_back(v);
    if (group.size() == 1)
      group.push_back(1);
    CollectiveSpec spec =
        allReduce(1'000'000 + rng() % 1'000'000, group);
    spec.chunksPerRank = 1 + rng() % 3;
    ASSERT_TRUE(checkCollective(spec, n).empty());
    auto bound = computeThroughputBound(net, spec);
    ASSERT_TRUE(bound) << "trial " << trial;
    CollectiveSpec gather = spec;
    gather.kind = CollectiveKind::AllGather;
    Problem p;
    ASSERT_TRUE(buildProblem(gather, n, p).empty());
    double bytes = 0;
    for (uint32_t c = 0; c < p.numChunks(); ++c)
      bytes += double(p.chunkBytes(c));
    double crossing = crossingSeconds(net, p, bytes);
    double claimed = crossing;
    if (bound->witness == ThroughputWitness::Partition) {
      std::vector<int32_t> partOf(net.numNodes(), -1);
      for (size_t q = 0; q < bound->parts.size(); ++q)
        for (NodeId v : bound->parts[q])
          partOf[v] = int32_t(q);
      claimed = partitionSeconds(net, p, partOf, bytes);
      ASSERT_GT(claimed, 0) << "trial " << trial << ": a partition the proof "
                            << "does not allow";
      EXPECT_GE(claimed, crossing) << "trial " << trial;
      ++partitionWins;
    } else {
      EXPECT_EQ(bound->witness, ThroughputWitness::Cut);
    }
    EXPECT_NEAR(double(bound->ps), std::floor(claimed * 1e12), 1.0)
        << "trial " << trial;
    double best = std::max(crossing, bestPartitionSeconds(net, p, bytes));
    EXPECT_LE(double(bound->ps), best * 1e12 + 1) << "trial " << trial;
    searchOptimal += double(bound->ps) >= std::floor(best * 1e12) - 1;
    ++checked;
  }
  EXPECT_GT(partitionWins, 10);
  // The search is not exhaustive, but on these small networks it should
  // rarely miss the best partition.
  EXPECT_GE(searchOptimal, checked * 9 / 10) << searchOptimal << " of " << checked;
}

} // namespace
