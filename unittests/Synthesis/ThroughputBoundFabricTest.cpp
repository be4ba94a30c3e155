//===- ThroughputBoundFabricTest.cpp - Bounds of switch fabrics -*- C++ -*-===//
//
// The throughput bound on networks with switch-to-switch links, written as
// a user writes them (TopologySpec with switch ports naming switches):
// a two-level leaf-spine fat-tree and a rail-optimized fabric. Each figure
// is worked out by hand in the comment above its test, from the set S the
// bound must find; the bound's witness set is checked against it.
//
//===----------------------------------------------------------------------===//

#include "tacos/Synthesis/ThroughputBound.h"
#include "tacos/Network/Network.h"

#include "gtest/gtest.h"

#include <string>

using namespace tacos;

namespace {

constexpr int64_t kUs = 1'000'000; // ps

LinkSpec link(double bw) {
  LinkSpec l;
  l.bandwidthBps = bw;
  l.latencyPs = kUs;
  return l;
}

Network build(const TopologySpec &spec) {
  EXPECT_TRUE(check(spec).empty());
  return buildNetwork(spec);
}

CollectiveSpec allGather(int64_t bytes) {
  CollectiveSpec spec;
  spec.kind = CollectiveKind::AllGather;
  spec.sizeBytes = bytes;
  return spec;
}

/// 4 leaves of 4 NPUs (100 GB/s ports), each leaf linked to 2 spines at
/// `uplink` per link:
///   topo.switch @leafL [4L .. 4L+3] link(100 GBps, 1 us)
///   topo.switch @spineS [@leaf0, @leaf1, @leaf2, @leaf3] link(uplink, 1 us)
TopologySpec fatTree(double uplink) {
  TopologySpec s;
  s.explicitNpus = 16;
  for (int64_t leaf = 0; leaf < 4; ++leaf)
    s.switches.push_back({"leaf" + std::to_string(leaf),
                          {4 * leaf, 4 * leaf + 1, 4 * leaf + 2, 4 * leaf + 3},
                          link(100e9),
                          {}});
  for (int spine = 0; spine < 2; ++spine)
    s.switches.push_back({"spine" + std::to_string(spine),
                          {},
                          link(uplink),
                          {"leaf0", "leaf1", "leaf2", "leaf3"}});
  return s;
}

// Oversubscribed 4:1 (25 GB/s per leaf-spine link, 50 GB/s up per leaf,
// 400 GB/s down). All-Gather of 16 GB, 1 GB per NPU. S = everything but
// one leaf and its 4 NPUs holds 12 GB that those NPUs need, and only the
// two spine -> leaf links (50 GB/s) leave S: 12 GB / 50 GB/s = 240 ms.
// Other sets are lower: one NPU's ingress, 15 GB / 100 GB/s = 150 ms; all
// but a leaf block and both spines, 12 GB over the 3 x 2 leaf -> spine
// links (150 GB/s) = 80 ms; all but two leaf blocks, 8 GB / 100 GB/s =
// 80 ms.
TEST(ThroughputBoundFabricTest, OversubscribedFatTreeIsCutAtTheSpine) {
  Network net = build(fatTree(25e9));
  ASSERT_EQ(net.numSwitches(), 6u);
  auto bound = computeThroughputBound(net, allGather(16'000'000'000));
  ASSERT_TRUE(bound);
  EXPECT_EQ(bound->ps, 240'000'000'000);
  EXPECT_DOUBLE_EQ(bound->bytes, 12e9);
  EXPECT_DOUBLE_EQ(bound->bandwidthBps, 50e9);
  // The witness: 12 NPUs (and whichever switches do not change the ratio).
  size_t npusInCut = 0;
  for (NodeId n : bound->cut)
    npusInCut += !net.isSwitch(n);
  EXPECT_EQ(npusInCut, 12u);
}

// Full bisection (200 GB/s per leaf-spine link, 400 GB/s up per leaf): the
// leaf cut is 12 GB / 400 GB/s = 30 ms, so the bound is an NPU's ingress,
// 15 GB / 100 GB/s = 150 ms, as on one big switch.
TEST(ThroughputBoundFabricTest, FullBisectionFatTreeIsItsPorts) {
  Network net = build(fatTree(200e9));
  auto bound = computeThroughputBound(net, allGather(16'000'000'000));
  ASSERT_TRUE(bound);
  EXPECT_EQ(bound->ps, 150'000'000'000);
  EXPECT_DOUBLE_EQ(bound->bandwidthBps, 100e9);
}

// Rail-optimized: 4 nodes of 2 GPUs on an NVSwitch each (200 GB/s ports),
// GPU x of every node on rail switch x (25 GB/s ports), and a spine over
// the two rails (10 GB/s links):
//   topo.dims [switch(2) link(200 GBps, 1 us), switch(4) link(25 GBps, 1 us)]
//   topo.switch @spine [@dim1_0, @dim1_1] link(10 GBps, 1 us)
// All-Gather of 8 GB, 1 GB per GPU. The last node needs the 6 GB the
// others hold, and only its two NICs' downlinks (50 GB/s) enter it:
// S = all but that node's GPUs and NVSwitch, 6 GB / 50 GB/s = 120 ms. The
// spine adds no way in. One GPU's ingress is 7 GB / 225 GB/s = 31.1 ms.
TEST(ThroughputBoundFabricTest, RailFabricIsCutAtANodesNics) {
  TopologySpec s;
  s.dims = {{DimKind::Switch, 2, link(200e9)}, {DimKind::Switch, 4, link(25e9)}};
  s.switches.push_back({"spine", {}, link(10e9), {"dim1_0", "dim1_1"}});
  Network net = build(s);
  ASSERT_EQ(net.numSwitches(), 4u + 2u + 1u);
  auto bound = computeThroughputBound(net, allGather(8'000'000'000));
  ASSERT_TRUE(bound);
  EXPECT_EQ(bound->ps, 120'000'000'000);
  EXPECT_DOUBLE_EQ(bound->bytes, 6e9);
  EXPECT_DOUBLE_EQ(bound->bandwidthBps, 50e9);
}

} // namespace
