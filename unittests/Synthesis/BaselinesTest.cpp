//===- BaselinesTest.cpp - Ring, Direct, RHD and DBT schedules ------------===//
//
// Expected times are worked out by hand from the simulator's rules (each
// link takes its transfers in emission order; a hop starts once the link is
// free and the chunk is at its source, by any earlier transfer).
//
//===----------------------------------------------------------------------===//

#include "tacos/Synthesis/Baselines.h"
#include "tacos/Simulation/Simulator.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <optional>
#include <set>
#include <string>
#include <vector>

using namespace tacos;

namespace {

constexpr int64_t kUs = 1'000'000; // ps
constexpr int64_t kMB = 1'000'000;
/// One 1 MB chunk over a 50 GB/s, 1 us link: 20 us + 1 us.
constexpr int64_t kHop = 21 * kUs;

const Baseline kAll[] = {Baseline::Ring, Baseline::Direct, Baseline::RHD,
                         Baseline::DBT};
const CollectiveKind kKinds[] = {
    CollectiveKind::AllGather, CollectiveKind::Broadcast,
    CollectiveKind::Scatter, CollectiveKind::Gather, CollectiveKind::AllToAll};

LinkSpec link() {
  LinkSpec l;
  l.bandwidthBps = 50e9;
  l.latencyPs = kUs;
  return l;
}

Network network(std::vector<std::pair<DimKind, int64_t>> dims) {
  TopologySpec spec;
  for (auto [kind, size] : dims)
    spec.dims.push_back({kind, size, link()});
  return buildNetwork(spec);
}

Problem problem(const Network &net, CollectiveKind kind, int64_t sizeBytes,
                std::optional<int64_t> root = std::nullopt,
                std::vector<int64_t> group = {}, int64_t chunks = 1) {
  CollectiveSpec spec;
  spec.kind = kind;
  spec.sizeBytes = sizeBytes;
  spec.root = root;
  spec.group = std::move(group);
  spec.chunksPerRank = chunks;
  EXPECT_EQ(checkCollective(spec, net.numNpus()), "");
  Problem p;
  EXPECT_EQ(buildProblem(spec, net.numNpus(), p), "");
  return p;
}

/// Builds the baseline, times it (blocking links) and checks that every
/// (chunk, destination) of the problem is delivered.
testing::AssertionResult runs(Baseline baseline, const Network &net,
                              const Problem &p,
                              SimulationResult *out = nullptr) {
  Schedule schedule;
  std::string error = buildBaseline(baseline, net, p, schedule);
  if (!error.empty())
    return testing::AssertionFailure()
           << baselineName(baseline) << ": " << error;
  SimulationResult sim =
      simulate(net, p, schedule.view(), LinkModel::Blocking);
  if (!sim.error.empty())
    return testing::AssertionFailure()
           << baselineName(baseline) << ": transfer " << sim.errorIndex
           << ": " << sim.error;
  std::set<std::pair<uint32_t, uint32_t>> delivered;
  ScheduleView v = sim.schedule.view();
  for (size_t i = 0; i < v.size(); ++i)
    delivered.insert({v.chunk(i), v.dst(i)});
  for (uint32_t c = 0; c < p.numChunks(); ++c) {
    std::optional<uint32_t> missing;
    p.forEachDestination(c, [&](uint32_t d) {
      if (!missing && !delivered.count({c, d}))
        missing = d;
    });
    if (missing)
      return testing::AssertionFailure()
             << baselineName(baseline) << ": chunk " << c
             << " never reaches npu " << *missing;
  }
  if (out)
    *out = std::move(sim);
  return testing::AssertionSuccess();
}

int64_t timePs(Baseline baseline, const Network &net, const Problem &p) {
  SimulationResult sim;
  EXPECT_TRUE(runs(baseline, net, p, &sim));
  return sim.timePs;
}

std::string errorOf(Baseline baseline, const Network &net, const Problem &p) {
  Schedule schedule;
  std::string error = buildBaseline(baseline, net, p, schedule);
  EXPECT_EQ(schedule.size(), 0u);
  return error;
}

TEST(BaselinesTest, Names) {
  EXPECT_STREQ(baselineName(Baseline::Ring), "ring");
  EXPECT_STREQ(baselineName(Baseline::Direct), "direct");
  EXPECT_STREQ(baselineName(Baseline::RHD), "rhd");
  EXPECT_STREQ(baselineName(Baseline::DBT), "dbt");
}

// 4 MB over 4 ranks: 1 MB chunks, 21 us per hop.
TEST(BaselinesTest, RingAllGatherOnRing) {
  Network net = network({{DimKind::Ring, 4}});
  Problem p = problem(net, CollectiveKind::AllGather, 4 * kMB);
  EXPECT_EQ(timePs(Baseline::Ring, net, p), 3 * kHop);
}

// Step 1 (neighbours) and step 3 (other neighbours) take one hop each. In
// step 2 the paths are 0-1-2, 1-0-3, 2-1-0, 3-0-1 (lowest ids win ties);
// their first hops run alongside step 1 on the idle reverse links (or start
// from the chunk's own copy at the relay), and only link 0->1 carries a
// third chunk (3's, via 0), which ends at 63 us.
TEST(BaselinesTest, DirectAllGatherOnRing) {
  Network net = network({{DimKind::Ring, 4}});
  Problem p = problem(net, CollectiveKind::AllGather, 4 * kMB);
  EXPECT_EQ(timePs(Baseline::Direct, net, p), 3 * kHop);
}

// Round 0 swaps with neighbours (one hop, 21 us). Round 1 sends two chunks
// over 2 hops on paths 0-1-2, 1-0-3, 2-1-0, 3-0-1: link 1->0 carries five
// chunks in all (1's own in round 0, 0's and 1's towards 3, 2's and 3's
// towards 0), back to back from 0, so the last ends at 5 hops.
TEST(BaselinesTest, RhdAllGatherOnRing) {
  Network net = network({{DimKind::Ring, 4}});
  Problem p = problem(net, CollectiveKind::AllGather, 4 * kMB);
  EXPECT_EQ(timePs(Baseline::RHD, net, p), 5 * kHop);
}

// 8 MB over 8 ranks: 1 MB chunks. Direct uses each link once. In RHD each
// round has its own links, idle from time 0, so rounds overlap: link 0->4
// sends 0's block at 0, 1's when it arrives (1 hop), 2's (1 hop, then queued
// behind 1's) and 3's (via 2, arriving at 2 hops): 4 hops, not 1 + 2 + 4.
TEST(BaselinesTest, AllGatherOnFullyConnected) {
  Network net = network({{DimKind::FullyConnected, 8}});
  Problem p = problem(net, CollectiveKind::AllGather, 8 * kMB);
  EXPECT_EQ(timePs(Baseline::Direct, net, p), kHop);
  EXPECT_EQ(timePs(Baseline::Ring, net, p), 7 * kHop);
  EXPECT_EQ(timePs(Baseline::RHD, net, p), 4 * kHop);
}

// 4 chunks of 1 MB from NPU 0 of line(4).
TEST(BaselinesTest, BroadcastOnLine) {
  Network net = network({{DimKind::Line, 4}});
  Problem p = problem(net, CollectiveKind::Broadcast, 4 * kMB, 0, {}, 4);
  // Pipelined over 3 hops: (4 + 3 - 1) hops.
  EXPECT_EQ(timePs(Baseline::Ring, net, p), 6 * kHop);
  // Link 0->1 carries 4 chunks towards 2, then 4 towards 1.
  EXPECT_EQ(timePs(Baseline::RHD, net, p), 8 * kHop);
  // Link 0->1 carries every chunk once per destination.
  EXPECT_EQ(timePs(Baseline::Direct, net, p), 12 * kHop);
}

// Scatter sends farthest first, so link 1->2 forwards 3's chunk while 0->1
// sends 2's; Gather is its mirror image. Both keep all links busy.
TEST(BaselinesTest, RingScatterAndGatherOnLine) {
  Network net = network({{DimKind::Line, 4}});
  Problem scatter = problem(net, CollectiveKind::Scatter, 4 * kMB, 0);
  EXPECT_EQ(timePs(Baseline::Ring, net, scatter), 3 * kHop);
  Problem gather = problem(net, CollectiveKind::Gather, 4 * kMB, 0);
  EXPECT_EQ(timePs(Baseline::Ring, net, gather), 3 * kHop);
}

// 16 blocks of 1 MB; each link carries 3 + 2 + 1 of them in 3 steps.
TEST(BaselinesTest, AllToAllOnRing) {
  Network net = network({{DimKind::Ring, 4}});
  Problem p = problem(net, CollectiveKind::AllToAll, 4 * kMB);
  EXPECT_EQ(timePs(Baseline::Ring, net, p), 6 * kHop);
  EXPECT_TRUE(runs(Baseline::Direct, net, p));
  EXPECT_TRUE(runs(Baseline::RHD, net, p));
}

TEST(BaselinesTest, EveryBaselineDeliversEverywhere) {
  struct Case {
    std::vector<std::pair<DimKind, int64_t>> dims;
    std::vector<int64_t> group;
  };
  const Case cases[] = {
      {{{DimKind::Ring, 4}}, {}},
      {{{DimKind::Line, 5}}, {}},
      {{{DimKind::UniRing, 6}}, {}},
      {{{DimKind::Line, 4}, {DimKind::Line, 2}}, {}},
      {{{DimKind::Ring, 3}, {DimKind::Ring, 3}}, {}},
      {{{DimKind::FullyConnected, 8}}, {}},
      {{{DimKind::Ring, 3}, {DimKind::Line, 3}}, {7, 2, 4, 0}},
      {{{DimKind::Ring, 3}, {DimKind::Line, 3}}, {8, 1, 5}},
      {{{DimKind::Line, 2}}, {}},
  };
  for (const Case &c : cases)
    for (CollectiveKind kind : kKinds)
      for (int64_t chunks : {1, 3})
        for (Baseline baseline : kAll) {
          Network net = network(c.dims);
          std::vector<int64_t> ranks = c.group;
          if (ranks.empty())
            for (int64_t v = 0; v < net.numNpus(); ++v)
              ranks.push_back(v);
          std::vector<std::optional<int64_t>> roots{std::nullopt};
          if (hasRoot(kind))
            roots = {ranks.front(), ranks[ranks.size() / 2], ranks.back()};
          for (std::optional<int64_t> root : roots) {
            SCOPED_TRACE(testing::Message()
                         << collectiveName(kind) << " on " << net.numNpus()
                         << " npus, group size " << ranks.size()
                         << ", chunks " << chunks << ", root "
                         << (root ? *root : -1));
            Problem p = problem(net, kind, 36 * kMB, root, c.group, chunks);
            size_t g = ranks.size();
            bool dbtApplies = kind == CollectiveKind::AllGather ||
                              kind == CollectiveKind::Broadcast;
            if (baseline == Baseline::RHD && (g & (g - 1)))
              EXPECT_EQ(errorOf(baseline, net, p),
                        "rhd needs a power-of-two number of participants, "
                        "got " + std::to_string(g));
            else if (baseline == Baseline::DBT && !dbtApplies)
              EXPECT_EQ(errorOf(baseline, net, p),
                        "dbt supports all_gather and broadcast");
            else
              EXPECT_TRUE(runs(baseline, net, p));
          }
        }
}

TEST(BaselinesTest, RhdNeedsPowerOfTwo) {
  Network net = network({{DimKind::Ring, 6}});
  Problem p = problem(net, CollectiveKind::AllGather, 6 * kMB);
  EXPECT_EQ(errorOf(Baseline::RHD, net, p),
            "rhd needs a power-of-two number of participants, got 6");
}

TEST(BaselinesTest, DbtOnlyAllGatherAndBroadcast) {
  Network net = network({{DimKind::Ring, 4}});
  for (CollectiveKind kind : {CollectiveKind::Scatter, CollectiveKind::Gather,
                              CollectiveKind::AllToAll}) {
    std::optional<int64_t> root;
    if (hasRoot(kind))
      root = 0;
    Problem p = problem(net, kind, 4 * kMB, root);
    EXPECT_EQ(errorOf(Baseline::DBT, net, p),
              "dbt supports all_gather and broadcast");
  }
}

TEST(BaselinesTest, DbtBroadcastDeliversEverything) {
  for (int64_t n = 2; n <= 17; ++n)
    for (int64_t root : {int64_t(0), n / 2, n - 1}) {
      SCOPED_TRACE(testing::Message() << n << " npus, root " << root);
      Network net = network({{DimKind::FullyConnected, n}});
      Problem p =
          problem(net, CollectiveKind::Broadcast, 8 * kMB, root, {}, 8);
      SimulationResult sim;
      ASSERT_TRUE(runs(Baseline::DBT, net, p, &sim));
      // One direct link per tree edge: each chunk reaches each NPU once.
      EXPECT_EQ(sim.schedule.size(), size_t(8 * (n - 1)));
    }
}

// DBT's gather-then-broadcast and the ring both form a tree per chunk, so on
// a fully connected network (one hop per send) no NPU gets a chunk twice.
TEST(BaselinesTest, TreeAllGathersDeliverOnce) {
  for (int64_t n : {2, 5, 8, 11})
    for (Baseline baseline : {Baseline::Ring, Baseline::DBT}) {
      SCOPED_TRACE(testing::Message() << baselineName(baseline) << " on " << n);
      Network net = network({{DimKind::FullyConnected, n}});
      Problem p = problem(net, CollectiveKind::AllGather, n * kMB, {}, {}, 2);
      SimulationResult sim;
      ASSERT_TRUE(runs(baseline, net, p, &sim));
      EXPECT_EQ(sim.schedule.size(), p.numDeliveries());
    }
}

// The root feeds the tops of both trees, which alternate chunks.
TEST(BaselinesTest, DbtBroadcastUsesBothTrees) {
  Network net = network({{DimKind::FullyConnected, 8}});
  Problem p = problem(net, CollectiveKind::Broadcast, 8 * kMB, 0, {}, 8);
  SimulationResult sim;
  ASSERT_TRUE(runs(Baseline::DBT, net, p, &sim));
  std::set<uint32_t> firstHops;
  ScheduleView v = sim.schedule.view();
  for (size_t i = 0; i < v.size(); ++i)
    if (v.src(i) == 0)
      firstHops.insert(v.dst(i));
  EXPECT_EQ(firstHops.size(), 2u);
}

TEST(BaselinesTest, Deterministic) {
  Network net = network({{DimKind::Ring, 3}, {DimKind::Ring, 4}});
  for (Baseline baseline : kAll) {
    Problem p = problem(net, CollectiveKind::AllGather, 12 * kMB, {},
                        {5, 0, 11, 3}, 2);
    Schedule a, b;
    ASSERT_EQ(buildBaseline(baseline, net, p, a), "");
    ASSERT_EQ(buildBaseline(baseline, net, p, b), "");
    ASSERT_EQ(a.size(), b.size());
    for (size_t i = 0; i < a.size(); ++i)
      EXPECT_EQ(a.view()[i], b.view()[i]) << baselineName(baseline) << i;
  }
}

// Ranks 1 and 3 of ring(4) are two hops apart; both paths go through NPU 0
// (lower id than 2), so the two 1 MB chunks each take 2 hops, in parallel.
TEST(BaselinesTest, GroupPathsThroughNonMembers) {
  Network net = network({{DimKind::Ring, 4}});
  Problem p = problem(net, CollectiveKind::AllGather, 2 * kMB, {}, {1, 3});
  for (Baseline baseline : kAll) {
    SimulationResult sim;
    ASSERT_TRUE(runs(baseline, net, p, &sim));
    EXPECT_EQ(sim.timePs, 2 * kHop) << baselineName(baseline);
    std::vector<std::pair<uint32_t, uint32_t>> links;
    ScheduleView v = sim.schedule.view();
    for (size_t i = 0; i < v.size(); ++i)
      links.push_back({v.src(i), v.dst(i)});
    std::sort(links.begin(), links.end());
    std::vector<std::pair<uint32_t, uint32_t>> expected{
        {0, 1}, {0, 3}, {1, 0}, {3, 0}};
    EXPECT_EQ(links, expected) << baselineName(baseline);
  }
}

// On the square 0-1-3-2-0 both two-hop paths from 0 to 3 tie: the lower ids
// (via 1) win, unless the path via 2 has less latency.
TEST(BaselinesTest, PathsPreferLowLatencyThenLowIds) {
  TopologySpec spec;
  spec.explicitNpus = 4;
  auto add = [&](int64_t a, int64_t b, int64_t latency) {
    ExplicitLink l;
    l.src = a;
    l.dst = b;
    l.bidirectional = true;
    l.link = link();
    l.link.latencyPs = latency;
    spec.links.push_back(l);
  };
  // A square 0-1-3-2-0: two 2-hop paths from 0 to 3.
  add(0, 1, kUs);
  add(1, 3, kUs);
  add(0, 2, kUs);
  add(2, 3, kUs);
  auto firstRelay = [&](const Network &net) {
    Problem p = problem(net, CollectiveKind::Scatter, 4 * kMB, 0, {0, 3});
    Schedule s;
    EXPECT_EQ(buildBaseline(Baseline::Direct, net, p, s), "");
    EXPECT_EQ(s.size(), 2u);
    return s.size() ? s.view().dst(0) : 0;
  };
  EXPECT_EQ(firstRelay(buildNetwork(spec)), 1u);
  spec.links[1].link.latencyPs = 2 * kUs;
  EXPECT_EQ(firstRelay(buildNetwork(spec)), 2u);
}

TEST(BaselinesTest, UnreachablePairIsNamed) {
  TopologySpec spec;
  spec.explicitNpus = 3;
  ExplicitLink l;
  l.src = 0;
  l.dst = 1;
  l.bidirectional = true;
  l.link = link();
  spec.links.push_back(l);
  Network net = buildNetwork(spec);
  Problem p = problem(net, CollectiveKind::AllGather, 3 * kMB);
  EXPECT_EQ(errorOf(Baseline::Ring, net, p), "npu 1 cannot reach npu 2");
  EXPECT_EQ(errorOf(Baseline::Direct, net, p), "npu 1 cannot reach npu 2");
}

TEST(BaselinesTest, SwitchesMustBeUnwound) {
  Network net = network({{DimKind::Switch, 4}});
  Problem p = problem(net, CollectiveKind::AllGather, 4 * kMB);
  for (Baseline baseline : kAll)
    EXPECT_EQ(errorOf(baseline, net, p),
              "baselines need point-to-point links; unwind switches first");
}

TEST(BaselinesTest, SingleParticipantNeedsNothing) {
  Network net = network({{DimKind::Ring, 4}});
  Problem p = problem(net, CollectiveKind::AllGather, kMB, {}, {2});
  for (Baseline baseline : kAll) {
    Schedule s;
    EXPECT_EQ(buildBaseline(baseline, net, p, s), "");
    EXPECT_EQ(s.size(), 0u);
  }
}

} // namespace
