//===- UnwindTest.cpp - Switches to point-to-point links --------*- C++ -*-===//

#include "tacos/Network/Unwind.h"
#include "tacos/Network/Quantity.h"

#include "gtest/gtest.h"

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
