//===- RingOrderTest.cpp - A ring through the topology --------------------===//

#include "RingOrder.h"

#include <gtest/gtest.h>

#include <numeric>
#include <set>

using namespace tacos;

namespace {

Network network(std::vector<std::pair<DimKind, int64_t>> dims) {
  TopologySpec spec;
  for (auto [kind, size] : dims)
    spec.dims.push_back({kind, size, {50e9, 1000000, ""}});
  return buildNetwork(spec);
}

std::vector<NodeId> everyNpu(const Network &net) {
  std::vector<NodeId> all(net.numNpus());
  std::iota(all.begin(), all.end(), 0u);
  return all;
}

/// Each member once, and how many steps of the cycle are one link.
size_t directSteps(const Network &net, const std::vector<NodeId> &members,
                   const RingOrder &ring) {
  EXPECT_EQ(std::set<uint32_t>(ring.order.begin(), ring.order.end()).size(),
            members.size());
  Router router(net);
  size_t direct = 0;
  std::vector<NodeId> path;
  for (size_t i = 0; i < ring.order.size(); ++i) {
    EXPECT_TRUE(router.route(members[ring.order[i]],
                             members[ring.order[(i + 1) % ring.order.size()]],
                             path));
    direct += path.size() == 2;
  }
  return direct;
}

// Tori, hypercubes, fully connected networks and DGX-1's cube-mesh have a
// cycle of links that exist both ways: every step is a link, and a second
// channel runs it backwards.
TEST(RingOrderTest, CyclesBothWaysWhereTheyExist) {
  for (auto dims : std::vector<std::vector<std::pair<DimKind, int64_t>>>{
           {{DimKind::Ring, 4}, {DimKind::Ring, 4}},
           {{DimKind::Ring, 3}, {DimKind::Ring, 5}},
           {{DimKind::Line, 2}, {DimKind::Line, 2}, {DimKind::Line, 2}},
           {{DimKind::Line, 4}, {DimKind::Line, 3}},
           {{DimKind::FullyConnected, 8}},
           {{DimKind::Ring, 32}, {DimKind::Ring, 32}}}) {
    Network net = network(dims);
    Router router(net);
    std::vector<NodeId> all = everyNpu(net);
    RingOrder ring = findRing(router, all);
    SCOPED_TRACE(net.numNpus());
    EXPECT_EQ(directSteps(net, all, ring), all.size());
    EXPECT_TRUE(ring.bothWays);
    EXPECT_TRUE(ring.symmetric);
  }
}

// A 3x3 mesh is bipartite with an odd count: no cycle. The ring takes the
// nearest NPU next and relays back; run backwards it would cross its own
// links, so it has one channel, but its steps are as long both ways.
TEST(RingOrderTest, RelaysWhereNoCycleExists) {
  Network net = network({{DimKind::Line, 3}, {DimKind::Line, 3}});
  Router router(net);
  std::vector<NodeId> all = everyNpu(net);
  RingOrder ring = findRing(router, all);
  EXPECT_LT(directSteps(net, all, ring), all.size());
  EXPECT_FALSE(ring.bothWays);
  EXPECT_TRUE(ring.symmetric);
}

// A one-way ring has its cycle one way only.
TEST(RingOrderTest, OneWayRingsHaveOneDirection) {
  Network net = network({{DimKind::UniRing, 5}});
  Router router(net);
  std::vector<NodeId> all = everyNpu(net);
  RingOrder ring = findRing(router, all);
  EXPECT_EQ(directSteps(net, all, ring), 5u);
  EXPECT_FALSE(ring.bothWays);
  EXPECT_FALSE(ring.symmetric);
}

// A group whose members are never neighbours: every step relays.
TEST(RingOrderTest, GroupsRelayThroughOthers) {
  Network net = network({{DimKind::Ring, 8}});
  Router router(net);
  std::vector<NodeId> members{6, 0, 2, 4};
  RingOrder ring = findRing(router, members);
  EXPECT_EQ(directSteps(net, members, ring), 0u);
  // 6 -> 0 -> 2 -> 4 -> 6 clockwise, and back counter-clockwise.
  EXPECT_TRUE(ring.bothWays);
}

} // namespace
