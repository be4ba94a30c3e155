//===- UnwindTest.cpp - Switches to point-to-point links --------*- C++ -*-===//

#include "tacos/Network/Unwind.h"
#include "tacos/Network/Quantity.h"

#include "gtest/gtest.h"

#include <cmath>
#include <vector>

using namespace tacos;

namespace {

LinkSpec link(double bw, int64_t latPs) {
  LinkSpec l;
  l.bandwidthBps = bw;
  l.latencyPs = latPs;
  return l;
}

Network build(TopologySpec spec) {
  EXPECT_TRUE(check(spec).empty());
  return buildNetwork(spec);
}

TEST(UnwindTest, CountWithoutUnwinding) {
  // The switched model has 2 * 10^5 links; unwound it would have 10^10.
  TopologySpec big;
  big.dims = {{DimKind::Switch, 100000, link(50e9, 1)}};
  Network network = build(big);
  EXPECT_EQ(network.numLinks(), 200000u);
  EXPECT_EQ(countUnwoundLinks(network), 9'999'900'000u);
  EXPECT_GT(countUnwoundLinks(network), uint64_t(kMaxLinks));
}

TEST(UnwindTest, CountIsWhatUnwindingMakes) {
  TopologySpec s;
  s.dims = {{DimKind::Ring, 4, link(10e9, 1)},
            {DimKind::Switch, 3, link(50e9, 2)}};
  s.links = {{0, 5, true, false, link(5e9, 3)}};
  s.switches = {{"nvs", {0, 1, 2, 3}, link(100e9, 4)}};
  Network network = build(s);
  // 24 ring links + 2 explicit, 4 switches of 3 ports, 1 of 4.
  EXPECT_EQ(countUnwoundLinks(network), 26u + 4 * 6 + 12);
  std::vector<LinkOrigin> origins;
  Network unwound = unwindSwitches(network, origins);
  EXPECT_EQ(unwound.numLinks(), countUnwoundLinks(network));
  EXPECT_EQ(unwound.numSwitches(), 0u);
  ASSERT_EQ(origins.size(), unwound.numLinks());
  // Each link knows its switch; the spec follows from it.
  size_t viaNvs = 0, direct = 0;
  for (LinkId l = 0; l < unwound.numLinks(); ++l) {
    const LinkOrigin &o = origins[l];
    if (!o.viaSwitch) {
      ++direct;
      EXPECT_TRUE(unwound.latency(l) == 1 || unwound.latency(l) == 3) << l;
      continue;
    }
    EXPECT_EQ(o.switchName, network.switchName(o.switchNode)) << l;
    if (o.switchName == "nvs") {
      ++viaNvs;
      EXPECT_EQ(unwound.latency(l), 8);
      EXPECT_EQ(unwound.bandwidth(l), 100e9 / 3);
    } else {
      EXPECT_EQ(unwound.latency(l), 4);
      EXPECT_EQ(unwound.bandwidth(l), 50e9 / 2);
    }
  }
  EXPECT_EQ(viaNvs, 12u);
  EXPECT_EQ(direct, 26u);
}

/// Leaves {0, 1} and {2, 3} (100 GB/s ports), two spines joined to both
/// leaves at `uplink`.
TopologySpec leafSpine(double uplink) {
  TopologySpec s;
  s.explicitNpus = 4;
  s.switches = {{"leaf0", {0, 1}, link(100e9, 1000), {}},
                {"leaf1", {2, 3}, link(100e9, 1000), {}},
                {"spine0", {}, link(uplink, 1000), {"leaf0", "leaf1"}},
                {"spine1", {}, link(uplink, 1000), {"leaf0", "leaf1"}}};
  return s;
}

const LinkId *findUnwound(const Network &net, NodeId a, NodeId b) {
  for (const LinkId &l : net.outLinks(a))
    if (net.dst(l) == b)
      return &l;
  return nullptr;
}

// Loads, each pair sending one unit: NPU 0's uplink carries its 3
// destinations (100/3 GB/s each); leaf0 -> spine0 carries half of each of
// the 4 pairs {0, 1} -> {2, 3} (2 units: 40/2 = 20 GB/s), as does
// spine0 -> leaf1. So a cross-leaf pair gets min(100/3, 20, 20, 100/3) =
// 20 GB/s over 4 hops (4 ns), a pair on one leaf 100/3 GB/s over 2; and
// all pairs at those rates load leaf0 -> spine0 with 4 * 20 / 2 = 40 GB/s,
// its bandwidth.
TEST(UnwindTest, FabricSharesEveryLinkAmongItsRoutes) {
  Network network = build(leafSpine(40e9));
  EXPECT_EQ(countUnwoundLinks(network), 12u);
  std::vector<LinkOrigin> origins;
  Network unwound = unwindSwitches(network, origins);
  ASSERT_EQ(unwound.numLinks(), 12u);
  EXPECT_EQ(unwound.numSwitches(), 0u);
  const LinkId *cross = findUnwound(unwound, 0, 3);
  ASSERT_TRUE(cross);
  EXPECT_DOUBLE_EQ(unwound.bandwidth(*cross), 20e9);
  EXPECT_EQ(unwound.latency(*cross), 4000);
  EXPECT_EQ(origins[*cross].switchNode, 4u); // the first crossed: leaf0
  EXPECT_EQ(origins[*cross].switchName, "leaf0, leaf1, spine0, spine1");
  const LinkId *local = findUnwound(unwound, 3, 2);
  ASSERT_TRUE(local);
  EXPECT_DOUBLE_EQ(unwound.bandwidth(*local), 100e9 / 3);
  EXPECT_EQ(unwound.latency(*local), 2000);
  EXPECT_EQ(origins[*local].switchNode, 5u);
  EXPECT_EQ(origins[*local].switchName, "leaf1");
  // Full bisection: the NPU ports bind, as on one 4-port switch.
  Network fat = build(leafSpine(400e9));
  Network fatUnwound = unwindSwitches(fat, origins);
  EXPECT_DOUBLE_EQ(fatUnwound.bandwidth(*findUnwound(fatUnwound, 0, 3)),
                   100e9 / 3);
}

// One-way a -> b: NPUs 0 and 2 on a, NPU 1 on b. 0 and 2 reach each other
// and 1; 1 reaches nobody. 4 pairs, not the 3 * 3 - 3 of a fabric whose
// switches all reach each other.
TEST(UnwindTest, OneWayFabricJoinsOnlyReachablePairs) {
  TopologySpec s;
  s.explicitNpus = 3;
  s.switches = {{"a", {0, 2}, link(10e9, 1), {}}, {"b", {1}, link(10e9, 1), {}}};
  ExplicitLink ab{0, 0, false, false, link(10e9, 1), "a", "b"};
  s.links = {ab};
  Network network = build(s);
  EXPECT_EQ(countUnwoundLinks(network), 4u);
  std::vector<LinkOrigin> origins;
  Network unwound = unwindSwitches(network, origins);
  EXPECT_EQ(unwound.numLinks(), 4u);
  EXPECT_TRUE(findUnwound(unwound, 0, 1));
  EXPECT_TRUE(findUnwound(unwound, 2, 1));
  EXPECT_FALSE(findUnwound(unwound, 1, 0));
  // a -> b carries 2 pairs: 5 GB/s each, 3 hops of 1 ps.
  EXPECT_DOUBLE_EQ(unwound.bandwidth(*findUnwound(unwound, 0, 1)), 5e9);
  EXPECT_EQ(unwound.latency(*findUnwound(unwound, 0, 1)), 3);
}

TEST(UnwindTest, UndecidedBandwidthStaysUndecided) {
  Network network = build(leafSpine(NAN));
  std::vector<LinkOrigin> origins;
  Network unwound = unwindSwitches(network, origins);
  EXPECT_TRUE(std::isnan(unwound.bandwidth(*findUnwound(unwound, 0, 3))));
  EXPECT_DOUBLE_EQ(unwound.bandwidth(*findUnwound(unwound, 0, 1)), 100e9 / 3);
}

TEST(UnwindTest, BuilderTellsWhichAddedLinkIsWhich) {
  NetworkBuilder builder(3);
  builder.addLink(2, 0, link(1, 20));
  builder.addLink(0, 1, link(1, 1));
  builder.addLink(0, 1, link(1, 2)); // parallel: keeps its order
  builder.addLink(1, 2, link(1, 12));
  std::vector<LinkId> added;
  Network network = builder.build(&added);
  EXPECT_EQ(added, (std::vector<LinkId>{1, 2, 3, 0}));
  for (LinkId l = 0; l < network.numLinks(); ++l)
    EXPECT_EQ(network.latency(l),
              std::vector<int64_t>({20, 1, 2, 12})[added[l]]);
  // Already sorted: the identity.
  NetworkBuilder sorted(2);
  sorted.addLink(0, 1, link(1, 1));
  sorted.addLink(1, 0, link(1, 1));
  sorted.build(&added);
  EXPECT_EQ(added, (std::vector<LinkId>{0, 1}));
}

} // namespace
