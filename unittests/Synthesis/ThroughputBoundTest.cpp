//===- ThroughputBoundTest.cpp - The cut bound of the hardware --*- C++ -*-===//
//
// Hand-worked cases, then a property test: on random small networks with
// switches as nodes, the parametric max-flow search equals the maximum over
// every set of nodes, computed here by enumeration from the definitions
// (written again, not shared with the code under test), for every
// collective whose bound is a cut (All-Reduce and All-to-All have their
// own tests: AllReduceBoundTest, ConcurrentFlowTest).
//
//===----------------------------------------------------------------------===//

#include "tacos/Synthesis/ThroughputBound.h"
#include "SwitchNetworks.h"
#include "tacos/Collective/Problem.h"
#include "tacos/Network/Network.h"

#include "gtest/gtest.h"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <random>
#include <vector>

using namespace tacos;

namespace {

using namespace tacos::testing;

// ring(4), 50 GB/s each way. All-Gather of 1 GB: each NPU owns 250 MB.
// All but one NPU: 750 MB over its two in-links (100 GB/s) = 7.5 ms; two
// neighbours: 500 MB over 100 GB/s = 5 ms. The bound is 7.5 ms.
TEST(ThroughputBoundTest, RingAllGatherIsItsIngress) {
  Network net = build({{DimKind::Ring, 4, link(50e9)}});
  auto bound = computeThroughputBound(net, request(CollectiveKind::AllGather, 1'000'000'000));
  ASSERT_TRUE(bound);
  EXPECT_EQ(bound->ps, 7'500'000'000);
  EXPECT_EQ(bound->cut.size(), 3u);
  EXPECT_DOUBLE_EQ(bound->bytes, 750e6);
  EXPECT_DOUBLE_EQ(bound->bandwidthBps, 100e9);
}

// 8 NPUs on one switch, 450 GB/s ports: 7/8 of 1 GB over one port,
// 875 MB / 450 GB/s = 1944.444... us, rounded down.
TEST(ThroughputBoundTest, SwitchAllGatherRunsAtPortSpeed) {
  Network net = build({{DimKind::Switch, 8, link(450e9)}});
  ASSERT_EQ(net.numSwitches(), 1u);
  auto bound = computeThroughputBound(net, request(CollectiveKind::AllGather, 1'000'000'000));
  ASSERT_TRUE(bound);
  EXPECT_EQ(bound->ps, 1'944'444'444);
}

// Two nodes of 4 NPUs: inside a node a switch with 300 GB/s ports, between
// nodes a second switch level with 25 GB/s ports per NPU
// ([switch(4) 300, switch(2) 25]). All-Gather of 8 GB (1 GB each): one
// node holds 4 GB that the other needs, over 4 x 25 GB/s = 40 ms; one NPU
// lacks 7 GB over 325 GB/s = 21.5 ms. The node cut wins.
TEST(ThroughputBoundTest, TwoNodesAreCutBetweenThem) {
  Network net = build({{DimKind::Switch, 4, link(300e9)},
                       {DimKind::Switch, 2, link(25e9)}});
  auto bound = computeThroughputBound(net, request(CollectiveKind::AllGather, 8'000'000'000));
  ASSERT_TRUE(bound);
  EXPECT_EQ(bound->ps, 40'000'000'000);
  EXPECT_DOUBLE_EQ(bound->bandwidthBps, 100e9);
}

// Broadcast of 1 GB from NPU 0 on ring(4): two disjoint paths to every
// NPU, so the min cut is 100 GB/s: 10 ms. Reduce is the same on the
// symmetric ring.
TEST(ThroughputBoundTest, BroadcastIsTheRootsMinCut) {
  Network net = build({{DimKind::Ring, 4, link(50e9)}});
  for (CollectiveKind kind : {CollectiveKind::Broadcast, CollectiveKind::Reduce}) {
    auto bound = computeThroughputBound(net, request(kind, 1'000'000'000, {}, 0));
    ASSERT_TRUE(bound);
    EXPECT_EQ(bound->ps, 10'000'000'000);
    EXPECT_EQ(bound->witness, ThroughputWitness::MinCut);
  }
}

TEST(ThroughputBoundTest, UndecidedBandwidthHasNoBound) {
  Network net = build({{DimKind::Ring, 4, link(std::nan(""))}});
  EXPECT_FALSE(computeThroughputBound(net, request(CollectiveKind::AllGather, 1000)));
}

//===----------------------------------------------------------------------===//
// Property: equal to the maximum over every set
//===----------------------------------------------------------------------===//

/// The bound by enumeration: for every set S of nodes, the bytes that must
/// leave S (All-Gather family: owned in S, when a participant is outside;
/// Broadcast: everything, when the root is in and a member outside;
/// Scatter: wanted outside, when the root is in) over the bandwidth out of
/// S; on the transposed network for the reversed kinds (S's in-links).
double bruteForceSeconds(const Network &net, const CollectiveSpec &spec) {
  Problem p;
  CollectiveSpec dual = spec;
  dual.kind = dualOf(spec.kind);
  if (spec.kind == CollectiveKind::Gather)
    dual.kind = CollectiveKind::Scatter;
  EXPECT_TRUE(buildProblem(dual, net.numNpus(), p).empty());
  bool reversed = isCombining(spec.kind) || spec.kind == CollectiveKind::Gather;
  Network t = transposed(net);
  auto one = [&](const Network &g) {
    double best = 0;
    uint32_t nodes = g.numNodes();
    forEachProperSet(nodes, [&](const std::vector<bool> &in) {
      double bytes = 0;
      bool memberOutside = false;
      for (uint32_t m : p.participants)
        memberOutside |= !in[m];
      switch (p.kind) {
      case CollectiveKind::AllGather:
        if (!memberOutside)
          return;
        for (uint32_t c = 0; c < p.numChunks(); ++c)
          bytes += in[p.sources[p.sourceOffsets[c]]] ? p.chunkBytes(c) : 0;
        break;
      case CollectiveKind::Broadcast:
        if (!in[*p.root] || !memberOutside)
          return;
        for (uint32_t c = 0; c < p.numChunks(); ++c)
          bytes += p.chunkBytes(c);
        break;
      case CollectiveKind::Scatter:
        if (!in[*p.root])
          return;
        for (uint32_t c = 0; c < p.numChunks(); ++c)
          p.forEachDestination(c, [&](uint32_t d) {
            bytes += in[d] ? 0 : p.chunkBytes(c);
          });
        break;
      default:
        ADD_FAILURE() << "no enumeration for this kind";
        return;
      }
      if (bytes == 0)
        return;
      double bw = leaving(g, in);
      EXPECT_GT(bw, 0) << "an unreachable NPU in a strongly connected network";
      best = std::max(best, bytes / bw);
    });
    return best;
  };
  return reversed ? one(t) : one(net);
}

TEST(ThroughputBoundTest, EqualsTheMaximumOverEverySet) {
  std::mt19937 rng(20261201);
  int checked = 0;
  for (int trial = 0; trial < 150; ++trial) {
    uint32_t n = 2 + rng() % 5, switches = rng() % 3;
    Network net = randomSwitchNetwork(rng, n, switches, true);
    std::vector<int64_t> group;
    if (n > 2 && rng() % 2)
      for (int64_t v = 0; v < n; ++v)
        if (v == 0 || rng() % 2)
          group.push_back(v);
    if (group.size() == 1)
      group.push_back(1);
    int64_t bytes = 1'000'000 + rng() % 1'000'000;
    int64_t chunks = 1 + rng() % 3;
    for (CollectiveKind kind :
         {CollectiveKind::AllGather, CollectiveKind::ReduceScatter,
          CollectiveKind::Broadcast,
          CollectiveKind::Reduce, CollectiveKind::Scatter,
          CollectiveKind::Gather}) {
      CollectiveSpec spec =
          request(kind, bytes, group,
                  hasRoot(kind) ? std::optional<int64_t>(group.empty() ? 0 : group[0])
                                : std::nullopt,
                  chunks);
      if (!checkCollective(spec, n).empty())
        continue;
      auto bound = computeThroughputBound(net, spec);
      ASSERT_TRUE(bound) << "trial " << trial << " " << collectiveName(kind);
      double expected = bruteForceSeconds(net, spec);
      // The search's set is exact; its picoseconds are rounded down.
      EXPECT_NEAR(double(bound->ps), std::floor(expected * 1e12), 1.0)
          << "trial " << trial << " " << collectiveName(kind);
      EXPECT_NEAR(bound->bytes / bound->bandwidthBps, expected, expected * 1e-12);
      ++checked;
    }
  }
  EXPECT_GT(checked, 600);
}

// The witness is a set whose ratio is the bound, by the definition.
TEST(ThroughputBoundTest, WitnessHasTheBoundsRatio) {
  std::mt19937 rng(7);
  for (int trial = 0; trial < 20; ++trial) {
    Network net = randomSwitchNetwork(rng, 6, 2, true);
    CollectiveSpec spec = request(CollectiveKind::AllGather, 6'000'000);
    auto bound = computeThroughputBound(net, spec);
    ASSERT_TRUE(bound);
    std::vector<bool> in(net.numNodes());
    for (NodeId n : bound->cut)
      in[n] = true;
    EXPECT_NEAR(allGatherCutSeconds(net, spec, in) * 1e12, double(bound->ps), 1.0);
  }
}

} // namespace
