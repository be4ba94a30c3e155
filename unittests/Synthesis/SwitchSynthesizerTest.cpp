//===- SwitchSynthesizerTest.cpp - TACOS on switches as nodes -------------===//
//
// The greedy on networks whose switches are nodes (SwitchSynthesizer.h):
// channels (cheapest cut-through paths, spread over equal ones), the
// hierarchy rule (a chunk enters a node once), and the properties every
// schedule must have (the native verifier passes, no schedule beats the
// hardware's throughput bound).
//
//===----------------------------------------------------------------------===//

#include "SwitchChannels.h"
#include "SwitchNetworks.h"
#include "tacos/Synthesis/Algorithms.h"
#include "tacos/Synthesis/LowerBounds.h"
#include "tacos/Synthesis/ThroughputBound.h"
#include "tacos/Verification/Verifier.h"

#include "gtest/gtest.h"

#include <map>
#include <set>

using namespace tacos;
using namespace tacos::testing;

namespace {

LinkSpec spec(double gbps, int64_t latencyPs) {
  LinkSpec l;
  l.bandwidthBps = gbps * 1e9;
  l.latencyPs = latencyPs;
  return l;
}

AlgorithmResult tacosOn(const Network &network, const CollectiveSpec &request,
                        unsigned trials = 1, uint64_t seed = 0,
                        LinkModel model = LinkModel::Blocking) {
  AlgorithmOptions options;
  options.trials = trials;
  options.seed = seed;
  options.threads = 1;
  options.model = model;
  return synthesize(network, request, options);
}

/// The native verifier's violations of `result` (empty: correct).
std::vector<Violation> violations(const Network &network,
                                  const CollectiveSpec &request,
                                  const AlgorithmResult &result,
                                  LinkModel model) {
  return verifyAlgorithm(
      network, buildVerificationSpec(request, network.numNpus(), model),
      result.schedule.view(), result.timePs);
}

/// Transfers whose ends lie in different nodes of `perNode` NPUs.
size_t crossNode(const AlgorithmResult &result, uint32_t perNode) {
  ScheduleView view = result.schedule.view();
  size_t crossing = 0;
  for (size_t i = 0; i < view.size(); ++i)
    crossing += view.src(i) / perNode != view.dst(i) / perNode;
  return crossing;
}

/// ForestColl's MI250 model (topologies.py, mi250_topology): per node 16
/// GCDs joined by xGMI links of 50 GB/s, MI250_ADJ_MAT[b][c] parallel
/// links per pair; every GCD of every node on one IB switch at 16 GB/s.
/// Latencies are assumptions (ForestColl has none): 1 us per xGMI link,
/// 1.3 us per IB port.
Network mi250(uint32_t nodes) {
  static const int kLinks[16][16] = {
      {0, 4, 0, 0, 2, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0},
      {4, 0, 0, 0, 0, 1, 0, 0, 0, 1, 1, 0, 0, 0, 0, 0},
      {0, 0, 0, 4, 0, 0, 1, 0, 0, 1, 1, 0, 0, 0, 0, 0},
      {0, 0, 4, 0, 0, 0, 0, 2, 0, 0, 0, 1, 0, 0, 0, 0},
      {2, 0, 0, 0, 0, 4, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0},
      {0, 1, 0, 0, 4, 0, 1, 1, 0, 0, 0, 0, 0, 0, 0, 0},
      {0, 0, 1, 0, 1, 1, 0, 4, 0, 0, 0, 0, 0, 0, 0, 0},
      {0, 0, 0, 2, 0, 1, 4, 0, 0, 0, 0, 0, 0, 0, 0, 0},
      {1, 0, 0, 0, 0, 0, 0, 0, 0, 4, 0, 0, 2, 0, 0, 0},
      {0, 1, 1, 0, 0, 0, 0, 0, 4, 0, 0, 0, 0, 1, 0, 0},
      {0, 1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 4, 0, 0, 1, 0},
      {0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 4, 0, 0, 0, 0, 2},
      {0, 0, 0, 0, 0, 0, 0, 0, 2, 0, 0, 0, 0, 4, 1, 0},
      {0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 0, 0, 4, 0, 1, 1},
      {0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 0, 1, 1, 0, 4},
      {0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 2, 0, 1, 4, 0},
  };
  NetworkBuilder b(16 * nodes);
  std::vector<NodeId> gcds;
  for (NodeId v = 0; v < 16 * nodes; ++v)
    gcds.push_back(v);
  NodeId ib = b.addSwitch("ib", gcds);
  for (uint32_t n = 0; n < nodes; ++n)
    for (uint32_t i = 0; i < 16; ++i)
      for (uint32_t j = 0; j < 16; ++j)
        for (int k = 0; k < kLinks[i][j]; ++k)
          b.addLink(16 * n + i, 16 * n + j, spec(50, kUs));
  for (NodeId v : gcds) {
    b.addLink(v, ib, spec(16, 1'300'000));
    b.addLink(ib, v, spec(16, 1'300'000));
  }
  return b.build();
}

/// Two nodes of 8 GPUs on an NVSwitch of 300 GB/s per GPU, GPU g of each
/// node on rail switch g at 25 GB/s (ForestColl's A100 NICs as rails).
Network a100(uint32_t nodes) {
  DimSpec nvswitch{DimKind::Switch, 8, spec(300, kUs)};
  DimSpec rails{DimKind::Switch, nodes, spec(25, 2 * kUs)};
  return build({nvswitch, rails});
}

// switch(8), one chunk each: every round is a permutation (each uplink and
// downlink busy with a different pair), so 7 rounds of 2 us + 1 MB / 50
// GB/s; the unwound model needs 7x the time per round (each pair gets a
// seventh of a port).
TEST(SwitchSynthesizerTest, OneSwitchAllGatherRunsAtPortSpeed) {
  Network network = build({{DimKind::Switch, 8, link(50e9)}});
  CollectiveSpec ag = request(CollectiveKind::AllGather, 8'000'000);
  AlgorithmResult result = tacosOn(network, ag, 4);
  ASSERT_EQ(result.error, "");
  EXPECT_EQ(result.timePs, 7 * (2 * kUs + 20 * kUs));
  ScheduleView view = result.schedule.view();
  ASSERT_EQ(view.size(), 56u);
  for (size_t i = 0; i < view.size(); ++i)
    EXPECT_NE(view.route(i), 0) << "transfer " << i << " is not routed";
  ASSERT_TRUE(view.hasRoutes());
  EXPECT_EQ(view.routes().size(), 1u);
}

// Item 4 of issue 26: All-Gather on two nodes of n GPUs, k chunks each.
// Each of node A's n*k chunks must enter node B at least once and vice
// versa, so at least 2*n*k transfers cross: 32k on MI250 2x16, 16k on
// A100 2x8. The hierarchy rule makes every chunk cross exactly once (the
// unwound greedy sent 2,832 of them across on MI250 with 16 chunks).
TEST(SwitchSynthesizerTest, ChunksCrossBetweenNodesOncePerNode) {
  struct Case {
    const char *name;
    Network network;
    uint32_t perNode;
  };
  Case cases[] = {{"mi250 2x16", mi250(2), 16}, {"a100 2x8", a100(2), 8}};
  for (const Case &c : cases)
    for (int64_t chunks : {1, 4}) {
      CollectiveSpec ag =
          request(CollectiveKind::AllGather, int64_t(1) << 30, {}, {}, chunks);
      AlgorithmResult result = tacosOn(c.network, ag, 2);
      ASSERT_EQ(result.error, "") << c.name;
      EXPECT_EQ(crossNode(result, c.perNode), 2 * c.perNode * chunks)
          << c.name << ", " << chunks << " chunks";
      std::optional<ThroughputBound> bound =
          computeThroughputBound(c.network, ag);
      ASSERT_TRUE(bound);
      EXPECT_GE(result.timePs, bound->ps) << c.name;
    }
}

// A leaf-spine fabric written with NetworkBuilder: 4 NPUs on each of 2
// leaves, both leaves on 2 spines. Pairs on different leaves have two
// equally cheap paths; the channels spread over both spines.
TEST(SwitchSynthesizerTest, LeafSpinePairsSpreadOverSpines) {
  NetworkBuilder b(8);
  NodeId leaf0 = b.addSwitch("leaf0", {0, 1, 2, 3});
  NodeId leaf1 = b.addSwitch("leaf1", {4, 5, 6, 7});
  NodeId spine0 = b.addSwitch("spine0", {});
  NodeId spine1 = b.addSwitch("spine1", {});
  for (NodeId v = 0; v < 8; ++v) {
    NodeId leaf = v < 4 ? leaf0 : leaf1;
    b.addLink(v, leaf, spec(50, kUs));
    b.addLink(leaf, v, spec(50, kUs));
  }
  for (NodeId leaf : {leaf0, leaf1})
    for (NodeId spine : {spine0, spine1}) {
      b.addLink(leaf, spine, spec(100, kUs));
      b.addLink(spine, leaf, spec(100, kUs));
    }
  Network network = b.build();
  SwitchChannels channels;
  ChunkSizes sizes{1'000'000, 1};
  ASSERT_EQ(channels.build(network, sizes, LinkModel::Blocking), "");
  std::set<NodeId> spines;
  size_t across = 0;
  for (uint32_t id = 0; id < channels.size(); ++id) {
    const Channel &c = channels[id];
    std::vector<uint32_t> via = channels.switches(network, c);
    if ((c.src < 4) == (c.dst < 4)) {
      EXPECT_EQ(via.size(), c.routed() ? 1u : 0u);
      continue;
    }
    ASSERT_EQ(via.size(), 3u);
    EXPECT_EQ(c.small.duration, 4 * kUs + 20 * kUs);
    spines.insert(via[1]);
    ++across;
  }
  EXPECT_EQ(across, 32u);
  EXPECT_EQ(spines, (std::set<NodeId>{spine0, spine1}));
  for (CollectiveKind kind :
       {CollectiveKind::AllGather, CollectiveKind::AllToAll,
        CollectiveKind::AllReduce}) {
    CollectiveSpec r = request(kind, 8'000'000);
    AlgorithmResult result = tacosOn(network, r, 2);
    ASSERT_EQ(result.error, "") << collectiveName(kind);
    EXPECT_TRUE(violations(network, r, result, LinkModel::Blocking).empty());
    std::optional<ThroughputBound> bound = computeThroughputBound(network, r);
    ASSERT_TRUE(bound);
    EXPECT_GE(result.timePs, bound->ps) << collectiveName(kind);
  }
}

// A path is chosen by its cut-through cost: a large chunk takes the fast
// path through two switches over a slow one-switch path with less latency,
// a tiny chunk the other way.
TEST(SwitchChannelsTest, TheCheapestCutThroughPathWins) {
  NetworkBuilder b(2);
  NodeId fastA = b.addSwitch("fastA", {0});
  NodeId fastB = b.addSwitch("fastB", {1});
  NodeId slow = b.addSwitch("slow", {0, 1});
  auto both = [&](NodeId x, NodeId y, const LinkSpec &l) {
    b.addLink(x, y, l);
    b.addLink(y, x, l);
  };
  both(0, fastA, spec(100, kUs));
  both(fastA, fastB, spec(100, kUs));
  both(fastB, 1, spec(100, kUs));
  both(0, slow, spec(10, kUs / 10));
  both(slow, 1, spec(10, kUs / 10));
  Network network = b.build();
  for (auto [bytes, hops] : {std::pair<uint64_t, size_t>{10'000'000, 3},
                             std::pair<uint64_t, size_t>{1'000, 2}}) {
    SwitchChannels channels;
    ASSERT_EQ(
        channels.build(network, ChunkSizes{bytes, 1}, LinkModel::Blocking), "");
    ASSERT_EQ(channels.size(), 2u);
    for (uint32_t id = 0; id < 2; ++id)
      EXPECT_EQ(channels.links(channels[id]).size(), hops) << bytes << " B";
  }
}

// The rule "no chunk over a slow channel into a group that has it" must
// not leave a chunk stranded: here the two NPUs form a fast group (a fast
// path through three switches), but for a tiny chunk the cheapest channel
// between them is the slow switch, which the rule forbids. The rule is
// lifted once nothing else can move, and the All-Gather completes.
TEST(SwitchSynthesizerTest, TheHierarchyRuleYieldsWhenNothingElseMoves) {
  NetworkBuilder b(2);
  NodeId s1 = b.addSwitch("s1", {0});
  NodeId s2 = b.addSwitch("s2", {});
  NodeId s3 = b.addSwitch("s3", {1});
  NodeId slow = b.addSwitch("slow", {0, 1});
  auto both = [&](NodeId x, NodeId y, const LinkSpec &l) {
    b.addLink(x, y, l);
    b.addLink(y, x, l);
  };
  both(0, s1, spec(100, 10 * kUs));
  both(s1, s2, spec(100, 10 * kUs));
  both(s2, s3, spec(100, 10 * kUs));
  both(s3, 1, spec(100, 10 * kUs));
  both(0, slow, spec(10, kUs));
  both(slow, 1, spec(10, kUs));
  Network network = b.build();
  CollectiveSpec ag = request(CollectiveKind::AllGather, 2'000);
  SwitchChannels channels;
  ASSERT_EQ(channels.build(network, ChunkSizes{1'000, 1}, LinkModel::Blocking),
            "");
  ASSERT_EQ(channels.size(), 2u);
  EXPECT_TRUE(channels[0].fromInside);
  AlgorithmResult result = tacosOn(network, ag);
  ASSERT_EQ(result.error, "");
  EXPECT_TRUE(violations(network, ag, result, LinkModel::Blocking).empty());
  EXPECT_EQ(result.schedule.size(), 2u);
}

TEST(SwitchSynthesizerTest, TheSameSeedGivesTheSameSchedule) {
  Network network = a100(2);
  CollectiveSpec ar = request(CollectiveKind::AllReduce, 64 << 20, {}, {}, 2);
  AlgorithmResult first = tacosOn(network, ar, 1, 7);
  AlgorithmResult second = tacosOn(network, ar, 1, 7);
  ASSERT_EQ(first.error, "");
  ASSERT_EQ(first.schedule.size(), second.schedule.size());
  for (size_t i = 0; i < first.schedule.size(); ++i)
    ASSERT_EQ(first.schedule.view()[i], second.schedule.view()[i]);
}

/// A random group of at least two NPUs, in random order.
std::vector<int64_t> randomGroup(std::mt19937 &rng, uint32_t n) {
  std::vector<int64_t> all(n);
  for (uint32_t v = 0; v < n; ++v)
    all[v] = v;
  std::shuffle(all.begin(), all.end(), rng);
  all.resize(2 + rng() % (n - 1));
  return all;
}

// Property: on seeded random switch networks (NPU-switch and NPU-NPU links
// of mixed bandwidths, one to three switches, switches sometimes joined to
// each other), for every collective, with and without a group, under both
// link models: the schedule passes the native verifier and takes no less
// than the hardware's throughput bound, nor than any of the lower bounds
// reports certify with on such networks.
TEST(SwitchSynthesizerTest, EveryScheduleVerifiesAndRespectsTheHardwareBound) {
  std::mt19937 rng(20261226);
  std::map<CollectiveKind, int> built;
  int routed = 0;
  for (int trial = 0; trial < 60; ++trial) {
    uint32_t n = 3 + rng() % 5, switches = 1 + rng() % 3;
    Network network = randomSwitchNetwork(rng, n, switches, rng() % 2);
    LinkModel model = rng() % 3 ? LinkModel::Blocking : LinkModel::Pipelined;
    int64_t bytes = 1'000'000 + rng() % 1'000'000;
    for (CollectiveKind kind :
         {CollectiveKind::AllGather, CollectiveKind::ReduceScatter,
          CollectiveKind::AllReduce, CollectiveKind::Broadcast,
          CollectiveKind::Reduce, CollectiveKind::Scatter,
          CollectiveKind::Gather, CollectiveKind::AllToAll}) {
      std::vector<int64_t> group;
      if (rng() % 3 == 0)
        group = randomGroup(rng, n);
      std::optional<int64_t> root;
      if (hasRoot(kind))
        root = group.empty() ? int64_t(rng() % n) : group[rng() % group.size()];
      CollectiveSpec r = request(kind, bytes, group, root, 1 + rng() % 2);
      if (!checkCollective(r, n).empty())
        continue; // a size that does not split into the chunks
      std::string what = "trial " + std::to_string(trial) + " " +
                         collectiveName(kind) +
                         (group.empty() ? "" : " on a group");
      AlgorithmResult result = tacosOn(network, r, 2, trial, model);
      ASSERT_EQ(result.error, "") << what;
      std::vector<Violation> found = violations(network, r, result, model);
      EXPECT_TRUE(found.empty()) << what << ": " << found[0].message;
      if (std::optional<ThroughputBound> bound =
              computeThroughputBound(network, r))
        EXPECT_GE(result.timePs, bound->ps) << what;
      // The bounds coll-report certifies with hold for routed transfers.
      std::optional<LowerBounds> bounds =
          computeCollectiveBounds(network, r, model);
      ASSERT_TRUE(bounds) << what;
      EXPECT_GE(result.timePs, bounds->best())
          << what << ": the " << bounds->bestName() << " bound";
      routed += result.schedule.view().hasRoutes();
      ++built[kind];
    }
  }
  for (auto [kind, count] : built)
    EXPECT_GT(count, 40) << collectiveName(kind);
  EXPECT_GT(routed, 300);
}

} // namespace
