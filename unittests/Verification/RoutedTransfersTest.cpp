//===- RoutedTransfersTest.cpp - Transfers through switches ---------------===//
//
// The native verifier and the simulator on transfers routed through
// switches (Routes.h): a path's links are all busy at once, it costs the
// sum of its latencies plus the bytes over its slowest link, and its ends
// are NPUs.
//
//===----------------------------------------------------------------------===//

#include "tacos/Collective/TransferPath.h"
#include "tacos/Simulation/Simulator.h"
#include "tacos/Verification/Verifier.h"

#include <gtest/gtest.h>

using namespace tacos;

namespace {

constexpr int64_t kUs = 1'000'000; // ps
constexpr int64_t kMB = 1'000'000;

LinkSpec port(double bandwidth, int64_t latency) {
  return {bandwidth, latency, ""};
}

/// Two leaves of two NPUs each, joined by one spine: NPU ports 100 GB/s and
/// 0.5 us, leaf-spine links 50 GB/s and 1 us. Nodes: NPUs 0-3, leaf0 4,
/// leaf1 5, spine 6.
Network leafSpine() {
  NetworkBuilder builder(4);
  NodeId leaf0 = builder.addSwitch("leaf0", {0, 1});
  NodeId leaf1 = builder.addSwitch("leaf1", {2, 3});
  NodeId spine = builder.addSwitch("spine", {});
  for (NodeId npu = 0; npu < 4; ++npu) {
    NodeId leaf = npu < 2 ? leaf0 : leaf1;
    builder.addLink(npu, leaf, port(100e9, kUs / 2));
    builder.addLink(leaf, npu, port(100e9, kUs / 2));
  }
  for (NodeId leaf : {leaf0, leaf1}) {
    builder.addLink(leaf, spine, port(50e9, kUs));
    builder.addLink(spine, leaf, port(50e9, kUs));
  }
  return builder.build();
}

struct Fixture {
  Network network = leafSpine();
  Schedule schedule;
  uint16_t inLeaf0 = *schedule.routes().intern({4});
  uint16_t acrossSpine = *schedule.routes().intern({4, 6, 5});
  uint16_t backAcross = *schedule.routes().intern({5, 6, 4});

  VerificationSpec spec(CollectiveKind kind, LinkModel model) const {
    CollectiveSpec c;
    c.kind = kind;
    c.sizeBytes = kind == CollectiveKind::Broadcast ? kMB : 4 * kMB;
    c.root = kind == CollectiveKind::Broadcast ? std::optional<int64_t>(0)
                                               : std::nullopt;
    return buildVerificationSpec(c, 4, model);
  }
  std::vector<Violation> verify(const VerificationSpec &vs, int64_t time) {
    return verifyAlgorithm(network, vs, schedule.view(), time, {0});
  }
};

Transfer copy(uint32_t chunk, uint32_t src, uint32_t dst, uint16_t route,
              int64_t start, int64_t end) {
  Transfer t;
  t.chunk = chunk;
  t.src = src;
  t.dst = dst;
  t.route = route;
  t.start = start;
  t.end = end;
  return t;
}

// Across the spine: 0.5 + 1 + 1 + 0.5 us of latency and 1 MB over the
// slowest link (50 GB/s, 20 us): 23 us, every link of the path held.
constexpr int64_t kAcross = 23 * kUs;
// Within a leaf: 1 us and 1 MB at 100 GB/s: 11 us.
constexpr int64_t kWithin = 11 * kUs;

TEST(RoutedTransfersTest, PathCostIsCutThrough) {
  Fixture f;
  std::vector<LinkId> path;
  ASSERT_TRUE(transferPath(f.network, copy(0, 0, 2, f.acrossSpine, 0, 0),
                           f.schedule.routes(), path));
  ASSERT_EQ(path.size(), 4u);
  LinkCost blocking = transferCost(f.network, path, kMB, LinkModel::Blocking);
  EXPECT_EQ(blocking.duration, kAcross);
  EXPECT_EQ(blocking.occupancy, kAcross);
  LinkCost pipelined = transferCost(f.network, path, kMB, LinkModel::Pipelined);
  EXPECT_EQ(pipelined.duration, kAcross);
  EXPECT_EQ(pipelined.occupancy, 20 * kUs);
  // A route through an NPU, or a hop without a link, is no path.
  EXPECT_FALSE(transferPath(f.network, copy(0, 0, 2, *f.schedule.routes().intern({1}), 0, 0),
                            f.schedule.routes(), path));
  EXPECT_FALSE(transferPath(f.network, copy(0, 0, 2, f.inLeaf0, 0, 0),
                            f.schedule.routes(), path));
}

TEST(RoutedTransfersTest, BroadcastAcrossTheSpineVerifies) {
  Fixture f;
  f.schedule.push_back(copy(0, 0, 1, f.inLeaf0, 0, kWithin));
  f.schedule.push_back(copy(0, 0, 2, f.acrossSpine, kWithin, kWithin + kAcross));
  f.schedule.push_back(copy(0, 1, 3, f.acrossSpine, kWithin, kWithin + kAcross));
  VerificationSpec vs = f.spec(CollectiveKind::Broadcast, LinkModel::Blocking);
  // 0 -> 2 and 1 -> 3 both cross leaf0 -> spine -> leaf1 at once.
  std::vector<Violation> found = f.verify(vs, kWithin + kAcross);
  // One report for the transfer, at the first link they share.
  ASSERT_EQ(found.size(), 1u);
  EXPECT_EQ(found[0].property, Property::Overlap);
  EXPECT_EQ(found[0].transfer, 2u);
  EXPECT_EQ(found[0].message,
            "chunk 0 over 1 -> 3 via @leaf0, @spine, @leaf1 at [11000000, "
            "34000000] overlaps chunk 0 at [11000000, 34000000] on link "
            "@leaf0 -> @spine of its path");
  // Serialized on the spine, the schedule is correct.
  f.schedule.setTimes(2, kWithin + kAcross, kWithin + 2 * kAcross);
  EXPECT_TRUE(f.verify(vs, kWithin + 2 * kAcross).empty());
  // The simulator times it the same way.
  Problem problem;
  CollectiveSpec c;
  c.kind = CollectiveKind::Broadcast;
  c.sizeBytes = kMB;
  c.root = 0;
  ASSERT_TRUE(buildProblem(c, 4, problem).empty());
  Schedule zeroed = f.schedule;
  for (size_t i = 0; i < zeroed.size(); ++i)
    zeroed.setTimes(i, 0, 0);
  SimulationResult sim =
      simulate(f.network, problem, zeroed.view(), LinkModel::Blocking);
  ASSERT_EQ(sim.error, "");
  EXPECT_EQ(sim.timePs, kWithin + 2 * kAcross);
  for (size_t i = 0; i < f.schedule.size(); ++i)
    EXPECT_EQ(sim.schedule.view()[i], f.schedule.view()[i]) << i;
}

TEST(RoutedTransfersTest, PipelinedPathsFreeLinksAtTheBottleneckRate) {
  Fixture f;
  // Two chunks back to back across the spine: the second may start when the
  // first's bytes have left (20 us), not when it arrives (23 us).
  f.schedule.push_back(copy(0, 0, 2, f.acrossSpine, 0, kAcross));
  f.schedule.push_back(copy(1, 1, 3, f.acrossSpine, 20 * kUs, 20 * kUs + kAcross));
  VerificationSpec vs = f.spec(CollectiveKind::AllGather, LinkModel::Pipelined);
  std::vector<Violation> found = f.verify(vs, 20 * kUs + kAcross);
  for (const Violation &v : found)
    EXPECT_NE(v.property, Property::Overlap) << v.message;
  f.schedule.setTimes(1, 19 * kUs, 19 * kUs + kAcross);
  found = f.verify(vs, 19 * kUs + kAcross);
  ASSERT_FALSE(found.empty());
  EXPECT_EQ(found[0].property, Property::Overlap);
}

TEST(RoutedTransfersTest, MalformedRoutes) {
  Fixture f;
  VerificationSpec vs = f.spec(CollectiveKind::Broadcast, LinkModel::Blocking);
  // A switch stores nothing: a transfer may not end at one.
  Transfer toSwitch = copy(0, 0, 4, 0, 0, 11 * kUs / 2);
  f.schedule.push_back(toSwitch);
  std::vector<Violation> found = f.verify(vs, 11 * kUs / 2);
  ASSERT_FALSE(found.empty());
  EXPECT_EQ(found[0].property, Property::Link);
  EXPECT_EQ(found[0].message,
            "chunk 0 over 0 -> 4 at [0, 5500000]: switch @leaf0 stores "
            "nothing: a transfer goes from NPU to NPU, through switches "
            "with `via`");
  // A route the table does not have, and one whose hop has no link.
  Fixture g;
  g.schedule.push_back(copy(0, 0, 1, 9, 0, kWithin));
  g.schedule.push_back(copy(0, 0, 2, g.inLeaf0, 0, kWithin));
  found = g.verify(vs, kWithin);
  ASSERT_GE(found.size(), 2u);
  EXPECT_EQ(found[0].message,
            "chunk 0 over 0 -> 1 via route 9 at [0, 11000000]: no such route");
  EXPECT_EQ(found[1].message,
            "chunk 0 over 0 -> 2 via @leaf0 at [0, 11000000]: its route is "
            "not a path of switches in the network");
}

} // namespace
