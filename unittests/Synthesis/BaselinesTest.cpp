//===- BaselinesTest.cpp - Ring, Direct, RHD and DBT schedules ------------===//
//
// Expected times are worked out by hand from the simulator's rules (each
// link takes its transfers in emission order; a hop starts once the link is
// free and the chunk is at its source, by any earlier transfer; a partial
// leaves once every contribution sent to it has arrived). Combining
// collectives go through the catalogue (Algorithms.h), which times them
// and runs the verifier.
//
//===----------------------------------------------------------------------===//

#include "tacos/Synthesis/Baselines.h"
#include "tacos/Simulation/Simulator.h"
#include "tacos/Synthesis/Algorithms.h"

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

/// A combining (or any) collective through the catalogue, verified.
AlgorithmResult combined(Baseline baseline, const Network &net,
                         CollectiveKind kind, int64_t sizeBytes,
                         int64_t chunks = 1,
                         std::optional<int64_t> root = std::nullopt) {
  CollectiveSpec spec;
  spec.kind = kind;
  spec.sizeBytes = sizeBytes;
  spec.chunksPerRank = chunks;
  spec.root = root;
  AlgorithmOptions options;
  options.algorithm = *parseAlgorithm(baselineName(baseline));
  AlgorithmResult result = synthesize(net, spec, options);
  EXPECT_EQ(result.error, "") << baselineName(baseline) << " "
                              << collectiveName(kind);
  return result;
}

TEST(BaselinesTest, Names) {
  EXPECT_STREQ(baselineName(Baseline::Ring), "ring");
  EXPECT_STREQ(baselineName(Baseline::Direct), "direct");
  EXPECT_STREQ(baselineName(Baseline::RHD), "rhd");
  EXPECT_STREQ(baselineName(Baseline::DBT), "dbt");
  EXPECT_STREQ(baselineName(Baseline::Hierarchical), "hierarchical");
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

// 16 blocks of 1 MB over both directions of the ring: blocks to even ranks
// go clockwise, to odd ones counter-clockwise, so each link carries 3 of
// them (on one channel it carried 3 + 2 + 1, 6 hops); the last lands after
// 4 hops, one waiting for a block that is still on its first hop.
TEST(BaselinesTest, AllToAllOnRing) {
  Network net = network({{DimKind::Ring, 4}});
  Problem p = problem(net, CollectiveKind::AllToAll, 4 * kMB);
  EXPECT_EQ(timePs(Baseline::Ring, net, p), 4 * kHop);
  EXPECT_TRUE(runs(Baseline::Direct, net, p));
  EXPECT_TRUE(runs(Baseline::RHD, net, p));
}

//===----------------------------------------------------------------------===//
// Combining collectives, by each baseline's own construction
//===----------------------------------------------------------------------===//

// 8 MB in 2 chunks per rank: 1 MB chunks, 21 us a hop. The ring runs both
// ways, one chunk of every block each way: N-1 = 3 steps of
// reduce-and-forward, then 3 of the All-Gather, one chunk per link and
// direction each step.
TEST(BaselinesTest, RingReduceScatterAndAllReduceOnRing) {
  Network net = network({{DimKind::Ring, 4}});
  AlgorithmResult rs =
      combined(Baseline::Ring, net, CollectiveKind::ReduceScatter, 8 * kMB, 2);
  EXPECT_EQ(rs.timePs, 3 * kHop);
  EXPECT_EQ(rs.numTransfers, 8u * 3);
  AlgorithmResult ar =
      combined(Baseline::Ring, net, CollectiveKind::AllReduce, 8 * kMB, 2);
  EXPECT_EQ(ar.timePs, 6 * kHop);
  EXPECT_EQ(ar.numTransfers, 8u * 3 * 2);
  ScheduleView v = ar.schedule.view();
  for (size_t i = 0; i < v.size(); ++i)
    EXPECT_EQ(v.kindByte(i), uint8_t(i < 24 ? TransferKind::Reduce
                                            : TransferKind::Copy));
}

// A one-way ring has one channel: 3 steps of a 2 MB chunk (41 us).
TEST(BaselinesTest, RingReduceScatterOnOneWayRing) {
  Network net = network({{DimKind::UniRing, 4}});
  AlgorithmResult rs =
      combined(Baseline::Ring, net, CollectiveKind::ReduceScatter, 8 * kMB);
  EXPECT_EQ(rs.timePs, 3 * 41 * kUs);
}

// Reduce pipelines 4 chunks into the root on the two chains of the ring,
// two chunks each over 3 hops: (2 + 3 - 1) hops.
TEST(BaselinesTest, RingReduceIsAPipelinedChain) {
  Network net = network({{DimKind::Ring, 4}});
  AlgorithmResult r =
      combined(Baseline::Ring, net, CollectiveKind::Reduce, 4 * kMB, 4, 0);
  EXPECT_EQ(r.timePs, 4 * kHop);
  EXPECT_EQ(r.numTransfers, 4u * 3);
}

// Every rank sends each peer its piece over its own link: one hop, and
// All-Reduce a second to send the reduced pieces back.
TEST(BaselinesTest, DirectReductionsOnFullyConnected) {
  Network net = network({{DimKind::FullyConnected, 4}});
  EXPECT_EQ(
      combined(Baseline::Direct, net, CollectiveKind::ReduceScatter, 4 * kMB)
          .timePs,
      kHop);
  EXPECT_EQ(
      combined(Baseline::Direct, net, CollectiveKind::AllReduce, 4 * kMB)
          .timePs,
      2 * kHop);
  EXPECT_EQ(combined(Baseline::Direct, net, CollectiveKind::Reduce, 4 * kMB,
                     1, 2)
                .numTransfers,
            3u);
}

// Recursive halving on a hypercube of 8: each round a rank reduces half of
// what it holds into its partner (4, 2, then 1 blocks of 1 MB, 7 in all,
// over one link per round). A round's link starts as soon as its first
// block is reduced: rank 0 sends block 2 to 2 once 4's share of it lands
// (3 hops), block 3 after it (5 hops), and 2 sends block 3 on to 3 at 6
// hops, not 7. Rabenseifner's All-Reduce adds recursive doubling (1, 2, 4
// blocks), which likewise starts as blocks are reduced: 10 hops.
TEST(BaselinesTest, RhdReductionsOnHypercube) {
  Network net = network(
      {{DimKind::Line, 2}, {DimKind::Line, 2}, {DimKind::Line, 2}});
  AlgorithmResult rs =
      combined(Baseline::RHD, net, CollectiveKind::ReduceScatter, 8 * kMB);
  EXPECT_EQ(rs.timePs, 6 * kHop);
  EXPECT_EQ(rs.numTransfers, 8u * 7);
  AlgorithmResult ar =
      combined(Baseline::RHD, net, CollectiveKind::AllReduce, 8 * kMB);
  EXPECT_EQ(ar.timePs, 10 * kHop);
  EXPECT_EQ(ar.numTransfers, 8u * 7 * 2);
}

// NCCL's tree All-Reduce: every chunk reduced up its tree into rank 0 (7
// reduces), then broadcast down (7 copies); rank 0 exchanges with the tops
// of the two trees only.
TEST(BaselinesTest, DbtAllReduceGoesUpThenDown) {
  Network net = network({{DimKind::FullyConnected, 8}});
  AlgorithmResult ar =
      combined(Baseline::DBT, net, CollectiveKind::AllReduce, 8 * kMB);
  EXPECT_EQ(ar.numTransfers, 8u * 7 * 2);
  std::set<uint32_t> reducesInto0, copiesFrom0;
  ScheduleView v = ar.schedule.view();
  for (size_t i = 0; i < v.size(); ++i) {
    if (v.kindByte(i) == uint8_t(TransferKind::Reduce)) {
      EXPECT_NE(v.src(i), 0u);
      if (v.dst(i) == 0)
        reducesInto0.insert(v.src(i));
    } else if (v.src(i) == 0) {
      copiesFrom0.insert(v.dst(i));
    }
  }
  EXPECT_EQ(reducesInto0.size(), 2u);
  EXPECT_EQ(copiesFrom0, reducesInto0);
}

// [line(2), line(2)]: nodes {0, 1} and {2, 3}, rails {0, 2} and {1, 3}.
// 4 MB, 1 MB chunks. Inside the nodes, chunks 0 and 2 are reduced into
// local 0, 1 and 3 into local 1, two per link: done at 21 and 42 us. Along
// the rails, chunk 0 (ready at 2 at 21 us) reaches 0 at 42, chunk 2 (ready
// at 0 at 42) reaches 2 at 63. Back along the rails each link first
// finishes its reduction: chunks 0 and 2 land at 84. Inside the nodes each
// link sends its node's chunk, done at 63, then the other: 105 us = 5
// hops, where the ring (3 + 3 steps of 1 MB) takes 6.
TEST(BaselinesTest, HierarchicalAllReduceOnTwoNodes) {
  Network net = network({{DimKind::Line, 2}, {DimKind::Line, 2}});
  EXPECT_EQ(combined(Baseline::Hierarchical, net, CollectiveKind::AllReduce,
                     4 * kMB)
                .timePs,
            5 * kHop);
  EXPECT_EQ(
      combined(Baseline::Ring, net, CollectiveKind::AllReduce, 4 * kMB).timePs,
      6 * kHop);
}

// Where the links between nodes are slow, reducing inside the nodes first
// sends a quarter of the data across them: hierarchical beats the ring,
// which crosses a slow link at every fourth step.
TEST(BaselinesTest, HierarchicalBeatsTheRingOnSlowRails) {
  TopologySpec spec;
  spec.dims.push_back({DimKind::Ring, 4, {100e9, kUs, ""}});
  spec.dims.push_back({DimKind::Ring, 4, {10e9, kUs, ""}});
  Network net = buildNetwork(spec);
  for (CollectiveKind kind :
       {CollectiveKind::AllReduce, CollectiveKind::ReduceScatter}) {
    int64_t ring = combined(Baseline::Ring, net, kind, 64 * kMB, 2).timePs;
    int64_t hierarchical =
        combined(Baseline::Hierarchical, net, kind, 64 * kMB, 2).timePs;
    EXPECT_LT(hierarchical, ring) << collectiveName(kind);
  }
}

TEST(BaselinesTest, HierarchicalNeedsNodes) {
  Network ring = network({{DimKind::Ring, 8}});
  Problem p = problem(ring, CollectiveKind::AllGather, 8 * kMB);
  EXPECT_EQ(errorOf(Baseline::Hierarchical, ring, p),
            "hierarchical needs nodes: a topo.dims product of two or more "
            "dimensions, or groups of npus joined by links at least twice as "
            "fast as the others");
  Network torus = network({{DimKind::Ring, 4}, {DimKind::Ring, 4}});
  // Both members in node 0.
  Problem oneNode =
      problem(torus, CollectiveKind::AllGather, 2 * kMB, {}, {0, 1});
  EXPECT_EQ(errorOf(Baseline::Hierarchical, torus, oneNode),
            "hierarchical needs participants in two or more nodes");
  Problem alone =
      problem(torus, CollectiveKind::AllGather, 4 * kMB, {}, {0, 1, 4, 8});
  EXPECT_EQ(errorOf(Baseline::Hierarchical, torus, alone),
            "hierarchical needs two or more participants in every node; npu "
            "4 is alone in its node");
  Problem noRails =
      problem(torus, CollectiveKind::AllGather, 4 * kMB, {}, {0, 1, 4, 6});
  EXPECT_EQ(errorOf(Baseline::Hierarchical, torus, noRails),
            "hierarchical needs the same local npus in every node (the "
            "rails); the nodes of npu 0 and npu 4 differ");
}

// NVLink-like links inside groups of 4, slow links between: the groups are
// nodes, found by bandwidth, and each rail is the NPUs with the same rank
// in their group.
TEST(BaselinesTest, HierarchicalFindsNodesByBandwidth) {
  TopologySpec spec;
  spec.explicitNpus = 8;
  auto add = [&](int64_t a, int64_t b, double gbps) {
    spec.links.push_back({a, b, true, false, {gbps * 1e9, kUs, ""}});
  };
  for (int64_t n : {0, 4})
    for (int64_t i = 0; i < 4; ++i)
      add(n + i, n + (i + 1) % 4, 200);
  for (int64_t i = 0; i < 4; ++i)
    add(i, 4 + i, 25);
  Network net = buildNetwork(spec);
  AlgorithmResult ar = combined(Baseline::Hierarchical, net,
                                CollectiveKind::AllReduce, 8 * kMB, 2);
  // Only rails cross between the groups.
  ScheduleView v = ar.schedule.view();
  for (size_t i = 0; i < v.size(); ++i)
    if (v.src(i) / 4 != v.dst(i) / 4)
      EXPECT_EQ(v.src(i) % 4, v.dst(i) % 4);
  // DGX-1's faster pairs (two NVLinks) join every GPU: one node.
  TopologySpec flat = spec;
  for (ExplicitLink &l : flat.links)
    l.link.bandwidthBps = 25e9;
  EXPECT_EQ(errorOf(Baseline::Hierarchical, buildNetwork(flat),
                    problem(net, CollectiveKind::AllGather, 8 * kMB)),
            "hierarchical needs nodes: a topo.dims product of two or more "
            "dimensions, or groups of npus joined by links at least twice as "
            "fast as the others");
}

// Where the ring relays (line(4) has no cycle: 3 -> 0 goes back through 2
// and 1), an NPU cannot pass a partial through while adding its own share;
// the reduction is folded into the tree the relays induce, each NPU
// sending once, and verifies.
TEST(BaselinesTest, RelayedReductionsFoldIntoTrees) {
  Network net = network({{DimKind::Line, 4}});
  for (Baseline baseline : {Baseline::Ring, Baseline::Direct, Baseline::DBT})
    for (CollectiveKind kind :
         {CollectiveKind::ReduceScatter, CollectiveKind::AllReduce}) {
      AlgorithmResult r = combined(baseline, net, kind, 4 * kMB);
      std::set<std::pair<uint32_t, uint32_t>> sent;
      ScheduleView v = r.schedule.view();
      for (size_t i = 0; i < v.size(); ++i)
        if (v.kindByte(i) == uint8_t(TransferKind::Reduce))
          EXPECT_TRUE(sent.insert({v.chunk(i), v.src(i)}).second)
              << baselineName(baseline) << " " << collectiveName(kind);
      // Every chunk: one reduce from each of the 3 other NPUs.
      EXPECT_EQ(sent.size(), 4u * 3);
    }
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
            if (baseline == Baseline::RHD && (g & (g - 1)))
              EXPECT_EQ(errorOf(baseline, net, p),
                        "rhd needs a power-of-two number of participants, "
                        "got " + std::to_string(g));
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

// Scatter, Gather and All-to-All send each chunk along its tree's path, so
// the root talks to the tops of the two trees only, and on a fully
// connected network (one link per tree edge) every chunk reaches each NPU
// on its path once.
TEST(BaselinesTest, DbtPathsFollowTheTrees) {
  Network net = network({{DimKind::FullyConnected, 8}});
  for (CollectiveKind kind : {CollectiveKind::Scatter, CollectiveKind::Gather,
                              CollectiveKind::AllToAll}) {
    SCOPED_TRACE(collectiveName(kind));
    std::optional<int64_t> root;
    if (hasRoot(kind))
      root = 0;
    Problem p = problem(net, kind, 64 * kMB, root, {}, 2);
    SimulationResult sim;
    ASSERT_TRUE(runs(Baseline::DBT, net, p, &sim));
    std::set<uint32_t> rootPeers;
    std::set<std::pair<uint32_t, uint32_t>> arrivals;
    ScheduleView v = sim.schedule.view();
    for (size_t i = 0; i < v.size(); ++i) {
      if (v.src(i) == 0)
        rootPeers.insert(v.dst(i));
      if (v.dst(i) == 0)
        rootPeers.insert(v.src(i));
      EXPECT_TRUE(arrivals.insert({v.chunk(i), v.dst(i)}).second);
    }
    EXPECT_EQ(rootPeers.size(), 2u);
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

// A ring through a switch: each step is one transfer cut through the
// switch (two links of 1 us, 1 MB at the full 50 GB/s port speed: 22 us),
// not a link of an unwound switch at a third of it.
TEST(BaselinesTest, RingThroughASwitchRunsAtFullPortSpeed) {
  Network net = network({{DimKind::Switch, 4}});
  AlgorithmResult rs =
      combined(Baseline::Ring, net, CollectiveKind::ReduceScatter, 4 * kMB);
  EXPECT_EQ(rs.timePs, 3 * 22 * kUs);
  ScheduleView v = rs.schedule.view();
  ASSERT_EQ(v.size(), 4u * 3);
  for (size_t i = 0; i < v.size(); ++i)
    EXPECT_NE(v.route(i), 0u);
  // Hierarchical on nodes of switches: [switch(4), switch(2)].
  Network pod = network({{DimKind::Switch, 4}, {DimKind::Switch, 2}});
  EXPECT_EQ(combined(Baseline::Hierarchical, pod, CollectiveKind::AllReduce,
                     8 * kMB, 2)
                .error,
            "");
}

// Two nodes of 4 GPUs on an NVSwitch each (300 GB/s ports), one 25 GB/s
// NIC per GPU on one network switch: the NVSwitch groups are the nodes,
// and only rails (the same local GPU) cross between them.
TEST(BaselinesTest, HierarchicalFindsNodesOfSwitches) {
  NetworkBuilder builder(8);
  auto attach = [&](NodeId sw, NodeId npu, double gbps) {
    LinkSpec spec{gbps * 1e9, kUs, ""};
    builder.addLink(npu, sw, spec);
    builder.addLink(sw, npu, spec);
  };
  for (uint32_t node = 0; node < 2; ++node) {
    std::vector<NodeId> ports{4 * node, 4 * node + 1, 4 * node + 2,
                              4 * node + 3};
    NodeId nvswitch = builder.addSwitch("nvs" + std::to_string(node), ports);
    for (NodeId v : ports)
      attach(nvswitch, v, 300);
  }
  NodeId ib = builder.addSwitch("ib", {0, 1, 2, 3, 4, 5, 6, 7});
  for (NodeId v = 0; v < 8; ++v)
    attach(ib, v, 25);
  Network net = builder.build();
  AlgorithmResult ar = combined(Baseline::Hierarchical, net,
                                CollectiveKind::AllReduce, 8 * kMB, 2);
  ScheduleView v = ar.schedule.view();
  ASSERT_GT(v.size(), 0u);
  for (size_t i = 0; i < v.size(); ++i)
    if (v.src(i) / 4 != v.dst(i) / 4)
      EXPECT_EQ(v.src(i) % 4, v.dst(i) % 4);
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
