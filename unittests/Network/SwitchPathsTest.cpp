//===- SwitchPathsTest.cpp - Routes between NPUs through switches ---------===//

#include "tacos/Network/SwitchPaths.h"

#include <gtest/gtest.h>

using namespace tacos;

namespace {

LinkSpec port() { return {100e9, 1'000'000, ""}; }

void both(NetworkBuilder &b, NodeId x, NodeId y) {
  b.addLink(x, y, port());
  b.addLink(y, x, port());
}

// Two leaves (NPUs 0-1 on leaf 4, 2-3 on leaf 5) under two spines (6, 7),
// and a direct link 1 <-> 2 that a switch path must not use.
Network leafSpine() {
  NetworkBuilder b(4);
  NodeId leaf0 = b.addSwitch("leaf0", {0, 1});
  NodeId leaf1 = b.addSwitch("leaf1", {2, 3});
  NodeId spine0 = b.addSwitch("spine0", {});
  NodeId spine1 = b.addSwitch("spine1", {});
  both(b, 0, leaf0);
  both(b, 1, leaf0);
  both(b, 2, leaf1);
  both(b, 3, leaf1);
  for (NodeId leaf : {leaf0, leaf1})
    for (NodeId spine : {spine0, spine1})
      both(b, leaf, spine);
  both(b, 1, 2);
  return b.build();
}

TEST(SwitchPathsTest, LeafSpine) {
  Network n = leafSpine();
  using Paths = std::vector<std::vector<NodeId>>;
  EXPECT_EQ(switchPaths(n, 0, 1), (Paths{{4}}));
  // Across the spines: one path per spine, in order.
  EXPECT_EQ(switchPaths(n, 0, 3), (Paths{{4, 6, 5}, {4, 7, 5}}));
  EXPECT_EQ(switchPaths(n, 0, 3, 1).size(), 1u);
  // The direct link is not a switch path; the fabric still is.
  EXPECT_EQ(switchPaths(n, 1, 2), (Paths{{4, 6, 5}, {4, 7, 5}}));
  // Not between an NPU and itself, nor to a switch.
  EXPECT_TRUE(switchPaths(n, 0, 0).empty());
  EXPECT_TRUE(switchPaths(n, 0, 4).empty());
}

TEST(SwitchPathsTest, NoPathThroughAnNpu) {
  // 0 - sw - 1 - sw2 - 2: reaching 2 from 0 needs NPU 1 to store and
  // forward, so there is no switch path.
  NetworkBuilder b(3);
  NodeId sw = b.addSwitch("sw", {0, 1});
  NodeId sw2 = b.addSwitch("sw2", {1, 2});
  both(b, 0, sw);
  both(b, 1, sw);
  both(b, 1, sw2);
  both(b, 2, sw2);
  Network n = b.build();
  EXPECT_TRUE(switchPaths(n, 0, 2).empty());
  EXPECT_EQ(switchPaths(n, 1, 2).size(), 1u);
}

} // namespace
