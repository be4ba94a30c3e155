//===- TestbedTest.cpp - The emulated cluster's plan ------------*- C++ -*-===//

#include "Testbed.h"

#include "gtest/gtest.h"

using namespace tacos;
using namespace tacos::run;

namespace {

constexpr int64_t kUs = 1'000'000; // ps

LinkSpec link(double bandwidth, int64_t latency = kUs) {
  LinkSpec spec;
  spec.bandwidthBps = bandwidth;
  spec.latencyPs = latency;
  return spec;
}

void both(NetworkBuilder &builder, NodeId a, NodeId b, double bandwidth) {
  builder.addLink(a, b, link(bandwidth));
  builder.addLink(b, a, link(bandwidth));
}

Network ring(uint32_t n, double bandwidth = 50e9) {
  NetworkBuilder builder(n);
  for (NodeId i = 0; i < n; ++i)
    both(builder, i, (i + 1) % n, bandwidth);
  return builder.build();
}

/// Two switches of two NPUs each, ports at 50 GBps, 25 GBps between them.
Network twoSwitches() {
  NetworkBuilder builder(4);
  NodeId s0 = builder.addSwitch("s0", {0, 1});
  NodeId s1 = builder.addSwitch("s1", {2, 3});
  for (NodeId npu : {0u, 1u})
    both(builder, npu, s0, 50e9);
  for (NodeId npu : {2u, 3u})
    both(builder, npu, s1, 50e9);
  both(builder, s0, s1, 25e9);
  return builder.build();
}

TestbedPlan planOf(const Network &network, double mbit = 100) {
  std::string error;
  std::optional<TestbedPlan> plan = TestbedPlan::build(network, mbit, error);
  EXPECT_TRUE(plan) << error;
  return *plan;
}

TEST(Testbed, RingWiresRatesAndRoutes) {
  Network network = ring(4);
  TestbedPlan plan = planOf(network);
  ASSERT_EQ(plan.wires().size(), 4u);
  for (const TestbedWire &wire : plan.wires()) {
    EXPECT_DOUBLE_EQ(wire.mbitAB, 100);
    EXPECT_DOUBLE_EQ(wire.mbitBA, 100);
  }
  // 50 GB/s shown as 12.5 MB/s.
  EXPECT_DOUBLE_EQ(plan.slowdown(), 4000);
  // Opposite NPUs: one way round, the same from either end of the path.
  EXPECT_EQ(plan.path(0, 2), (std::vector<NodeId>{0, 1, 2}));
  ASSERT_EQ(plan.routes(0).size(), 3u);
  for (const TestbedRoute &route : plan.routes(0)) {
    NodeId expected = route.destination == 3 ? 3 : 1;
    EXPECT_EQ(route.gateway, expected);
    EXPECT_EQ(plan.wireBetween(0, expected), route.wire);
  }
}

// Every path is a shortest one over existing wires, and consistent: the
// rest of a path from any node on it is that node's own path.
TEST(Testbed, PathsAreShortestAndConsistent) {
  NetworkBuilder builder(9);
  for (NodeId r = 0; r < 3; ++r)
    for (NodeId c = 0; c < 3; ++c) {
      both(builder, r * 3 + c, r * 3 + (c + 1) % 3, 50e9);
      both(builder, r * 3 + c, ((r + 1) % 3) * 3 + c, 25e9);
    }
  Network network = builder.build();
  TestbedPlan plan = planOf(network);
  for (NodeId src = 0; src < 9; ++src) {
    std::vector<int32_t> hops = network.hopDistances(src);
    for (NodeId dst = 0; dst < 9; ++dst) {
      std::vector<NodeId> path = plan.path(src, dst);
      ASSERT_EQ(int32_t(path.size()) - 1, hops[dst]);
      for (size_t i = 0; i + 1 < path.size(); ++i) {
        EXPECT_TRUE(plan.wireBetween(path[i], path[i + 1]));
        std::vector<NodeId> rest(path.begin() + i, path.end());
        EXPECT_EQ(plan.path(path[i], dst), rest);
      }
    }
  }
}

TEST(Testbed, SwitchesAreBridgedAndScaled) {
  Network network = twoSwitches();
  TestbedPlan plan = planOf(network);
  EXPECT_EQ(plan.wires().size(), 5u);
  std::optional<size_t> trunk = plan.wireBetween(4, 5);
  ASSERT_TRUE(trunk);
  EXPECT_DOUBLE_EQ(plan.wires()[*trunk].mbitAB, 50);
  EXPECT_EQ(plan.path(0, 2), (std::vector<NodeId>{0, 4, 5, 2}));
  EXPECT_EQ(plan.nodeName(4), "@s0");
  // Across the switches the destination is reached at layer 2.
  for (const TestbedRoute &route : plan.routes(0)) {
    EXPECT_EQ(route.gateway, route.destination);
    EXPECT_EQ(route.wire, *plan.wireBetween(0, 4));
  }
}

TEST(Testbed, ParallelLinksAreOneWire) {
  NetworkBuilder builder(2);
  builder.addLink(0, 1, link(10e9));
  builder.addLink(0, 1, link(10e9));
  builder.addLink(1, 0, link(10e9));
  TestbedPlan plan = planOf(builder.build(), 80);
  ASSERT_EQ(plan.wires().size(), 1u);
  EXPECT_DOUBLE_EQ(plan.wires()[0].modelAB, 20e9);
  EXPECT_DOUBLE_EQ(plan.wires()[0].mbitAB, 80);
  EXPECT_DOUBLE_EQ(plan.wires()[0].mbitBA, 40);
}

TEST(Testbed, OneWayLinkCarriesAcknowledgementsBack) {
  NetworkBuilder builder(2);
  builder.addLink(0, 1, link(10e9));
  TestbedPlan plan = planOf(builder.build());
  EXPECT_DOUBLE_EQ(plan.wires()[0].mbitBA, 100);
}

TEST(Testbed, Refusals) {
  std::string error;
  NetworkBuilder loop(4);
  NodeId a = loop.addSwitch("a", {0, 1});
  NodeId b = loop.addSwitch("b", {2, 3});
  NodeId c = loop.addSwitch("c", {});
  for (NodeId npu : {0u, 1u})
    both(loop, npu, a, 50e9);
  for (NodeId npu : {2u, 3u})
    both(loop, npu, b, 50e9);
  both(loop, a, b, 50e9);
  both(loop, b, c, 50e9);
  both(loop, c, a, 50e9);
  EXPECT_FALSE(TestbedPlan::build(loop.build(), 100, error));
  EXPECT_NE(error.find("cycle"), std::string::npos) << error;

  NetworkBuilder undecided(2);
  both(undecided, 0, 1, NAN);
  EXPECT_FALSE(TestbedPlan::build(undecided.build(), 100, error));
  EXPECT_NE(error.find("no decided bandwidth"), std::string::npos) << error;

  NetworkBuilder apart(3);
  both(apart, 0, 1, 50e9);
  EXPECT_FALSE(TestbedPlan::build(apart.build(), 100, error));
  EXPECT_NE(error.find("cannot reach"), std::string::npos) << error;
}

TEST(Testbed, PredictedTrafficFollowsLinksRoutesAndPaths) {
  Network network = twoSwitches();
  TestbedPlan plan = planOf(network);
  size_t port0 = *plan.wireBetween(0, 4), trunk = *plan.wireBetween(4, 5),
         port2 = *plan.wireBetween(2, 5), port1 = *plan.wireBetween(1, 4);
  // Routed 0 -> s0 -> s1 -> 2; unrouted 1 -> 3 (no link of its own: the
  // emulation's path); 3 calls.
  std::vector<uint64_t> bytes =
      plan.predictTraffic({{0, 2, {4, 5}, 100}, {1, 3, {}, 10}}, 3);
  auto on = [&](size_t wire, NodeId from) {
    return bytes[2 * wire + (plan.wires()[wire].a == from ? 0 : 1)];
  };
  EXPECT_EQ(on(port0, 0), 300u);
  EXPECT_EQ(on(port0, 4), 0u);
  EXPECT_EQ(on(trunk, 4), 330u);
  EXPECT_EQ(on(trunk, 5), 0u);
  EXPECT_EQ(on(port2, 5), 300u);
  EXPECT_EQ(on(port1, 1), 30u);
}

TEST(Testbed, EmulatedNetworkScalesRatesAndLatency) {
  Network network = twoSwitches();
  TestbedPlan plan = planOf(network);
  Network emulated = plan.emulatedNetwork(network, 0.5, 100 * kUs);
  ASSERT_EQ(emulated.numLinks(), network.numLinks());
  EXPECT_EQ(emulated.numSwitches(), 2u);
  for (LinkId l = 0; l < emulated.numLinks(); ++l) {
    // 50 GBps at 100 Mbit/s (12.5 MB/s), half of it.
    EXPECT_DOUBLE_EQ(emulated.bandwidth(l),
                     network.bandwidth(l) / 4000 * 0.5);
    bool trunk = emulated.isSwitch(emulated.src(l)) &&
                 emulated.isSwitch(emulated.dst(l));
    EXPECT_EQ(emulated.latency(l), trunk ? 0 : 50 * kUs);
  }
  Network direct = ring(3);
  EXPECT_EQ(planOf(direct).emulatedNetwork(direct, 1, 7).latency(0), 7);
}

} // namespace
