//===- RepairTest.cpp - Repair after links fail ---------------------------===//

#include "tacos/Synthesis/Repair.h"
#include "tacos/Simulation/Combining.h"
#include "tacos/Simulation/Simulator.h"
#include "tacos/Synthesis/Algorithms.h"
#include "tacos/Verification/Verifier.h"

#include <gtest/gtest.h>

#include <functional>
#include <tuple>

using namespace tacos;

namespace {

Network ring(int64_t n, std::vector<DropSpec> drops = {}) {
  TopologySpec spec;
  spec.dims.push_back({DimKind::Ring, n, {1e9, 1000000, ""}});
  spec.drops = std::move(drops);
  return buildNetwork(spec);
}

Network torus(int64_t a, int64_t b, std::vector<DropSpec> drops = {}) {
  TopologySpec spec;
  spec.dims.push_back({DimKind::Ring, a, {50e9, 500000, ""}});
  spec.dims.push_back({DimKind::Ring, b, {50e9, 500000, ""}});
  spec.drops = std::move(drops);
  return buildNetwork(spec);
}

CollectiveSpec request(CollectiveKind kind, int64_t bytes,
                       int64_t chunks = 1) {
  CollectiveSpec spec;
  spec.kind = kind;
  spec.sizeBytes = bytes;
  spec.chunksPerRank = chunks;
  return spec;
}

Problem problemOf(const CollectiveSpec &spec, uint32_t npus) {
  Problem problem;
  EXPECT_EQ(buildProblem(spec, npus, problem), "");
  return problem;
}

/// The native verifier accepts the repair.
void expectValid(const Network &network, const CollectiveSpec &spec,
                 const RepairResult &result) {
  ASSERT_EQ(result.error, "");
  std::vector<Violation> found = verifyAlgorithm(
      network,
      buildVerificationSpec(spec, network.numNpus(), LinkModel::Blocking),
      result.schedule.view(), result.timePs);
  EXPECT_TRUE(found.empty()) << found.front().message;
}

void expectVerifies(const Network &network, const CollectiveSpec &spec,
                    const RepairResult &result) {
  expectValid(network, spec, result);
  if (testing::Test::HasFatalFailure())
    return;
  // Consistent times (small schedules are compacted): simulating the
  // repair gives it back.
  SimulationResult again = simulateCollective(
      network, spec, result.schedule.view(), LinkModel::Blocking);
  EXPECT_EQ(again.error, "");
  EXPECT_EQ(again.timePs, result.timePs);
}

// An All-Gather on ring(4) where each chunk goes one way for two hops and
// the other way for one; timed by the simulator.
Schedule handRingAllGather(const Network &network, const Problem &problem) {
  Schedule order;
  auto add = [&](uint32_t c, uint32_t s, uint32_t d) {
    order.push_back({c, s, d, 0, TransferKind::Copy, 0, 0});
  };
  add(0, 0, 1), add(0, 0, 3), add(1, 1, 2), add(1, 1, 0);
  add(2, 2, 3), add(2, 2, 1), add(3, 3, 0), add(3, 3, 2);
  add(0, 1, 2), add(1, 2, 3), add(2, 3, 0), add(3, 0, 1);
  SimulationResult timed =
      compact(network, problem, order.view(), LinkModel::Blocking);
  EXPECT_EQ(timed.error, "");
  return std::move(timed.schedule);
}

// The kept set: a transfer over the dropped link is lost, and so is every
// transfer downstream of it (chunk 0 reaches 2 only through 1); the rest,
// including chunk 1 going 1 -> 2 -> 3, is kept.
TEST(RepairTest, KeptSetOnARing) {
  CollectiveSpec spec = request(CollectiveKind::AllGather, 4000);
  Network intact = ring(4);
  Problem problem = problemOf(spec, 4);
  Schedule old = handRingAllGather(intact, problem);
  Network degraded = ring(4, {{0, 1, true}});
  RepairResult result = repairSchedule(degraded, problem, old.view(),
                                       LinkModel::Blocking);
  ASSERT_EQ(result.error, "");
  // Lost: 0 -> 1 and 1 -> 2 of chunk 0, 1 -> 0 of chunk 1, 0 -> 1 of
  // chunk 3; the deliveries (0 at 1), (0 at 2), (1 at 0), (3 at 1).
  EXPECT_EQ(result.kept, 8u);
  EXPECT_EQ(result.lost, 4u);
  EXPECT_EQ(result.lostDeliveries, 4u);
  EXPECT_EQ(result.added, 4u);
  EXPECT_EQ(result.schedule.size(), 12u);
  for (size_t i = 0; i < result.schedule.size(); ++i) {
    Transfer t = result.schedule.view()[i];
    EXPECT_FALSE((t.src == 0 && t.dst == 1) || (t.src == 1 && t.dst == 0));
  }
  expectVerifies(degraded, spec, result);
}

// The entry point names the dropped links, verifies, and leaves an
// algorithm that uses no dropped link as it is.
TEST(RepairTest, RepairedAllGatherVerifies) {
  CollectiveSpec spec = request(CollectiveKind::AllGather, 8 << 20, 2);
  Network intact = torus(4, 4);
  AlgorithmResult old = synthesize(intact, spec, {});
  ASSERT_EQ(old.error, "");
  Network degraded = torus(4, 4, {{5, 6, true}});
  RepairResult result =
      repairAlgorithm(degraded, spec, old.schedule.view(), old.timePs);
  expectVerifies(degraded, spec, result);
  EXPECT_EQ(result.droppedLinks, "5 <-> 6");
  EXPECT_GT(result.lost, 0u);
  EXPECT_EQ(result.kept + result.lost, old.numTransfers);
  EXPECT_GE(result.timePs, 0);

  RepairResult same =
      repairAlgorithm(intact, spec, old.schedule.view(), old.timePs);
  ASSERT_EQ(same.error, "");
  EXPECT_EQ(same.droppedLinks, "");
  EXPECT_EQ(same.lost, 0u);
  EXPECT_EQ(same.timePs, old.timePs);
  ASSERT_EQ(same.schedule.size(), old.schedule.size());
  for (size_t i = 0; i < same.schedule.size(); ++i)
    EXPECT_EQ(same.schedule.view()[i], old.schedule.view()[i]);
}

// Quality: one failed link in an 8x8 torus All-Gather costs no more than
// a full re-synthesis on the degraded network, within 2 %.
TEST(RepairTest, SingleFailureIsCloseToFullResynthesis) {
  CollectiveSpec spec = request(CollectiveKind::AllGather, 64 << 20);
  AlgorithmResult old = synthesize(torus(8, 8), spec, {});
  ASSERT_EQ(old.error, "");
  Network degraded = torus(8, 8, {{9, 10, true}});
  RepairResult result =
      repairAlgorithm(degraded, spec, old.schedule.view(), old.timePs);
  expectVerifies(degraded, spec, result);
  AlgorithmResult full = synthesize(degraded, spec, {});
  ASSERT_EQ(full.error, "");
  EXPECT_LE(double(result.timePs), 1.02 * double(full.timePs));
}

// Combining collectives go through their duals; both phases of an
// All-Reduce are repaired and the result verifies.
TEST(RepairTest, RepairedCombiningCollectivesVerify) {
  for (CollectiveKind kind :
       {CollectiveKind::AllReduce, CollectiveKind::ReduceScatter}) {
    SCOPED_TRACE(collectiveName(kind));
    CollectiveSpec spec = request(kind, 16 << 20, 2);
    AlgorithmResult old = synthesize(torus(4, 4), spec, {});
    ASSERT_EQ(old.error, "");
    Network degraded = torus(4, 4, {{5, 6, true}, {0, 4, true}});
    RepairResult result =
        repairAlgorithm(degraded, spec, old.schedule.view(), old.timePs);
    expectVerifies(degraded, spec, result);
    EXPECT_EQ(result.droppedLinks, "0 <-> 4, 5 <-> 6");
    EXPECT_GT(result.added, 0u);
  }
}

// Rooted collectives, All-to-All and process groups: chunks with few
// destinations, relayed through NPUs that do not need them.
TEST(RepairTest, EveryCollectiveKindRepairsAndVerifies) {
  Network intact = torus(4, 4);
  Network degraded = torus(4, 4, {{5, 6, true}, {1, 5, true}});
  for (CollectiveKind kind :
       {CollectiveKind::Broadcast, CollectiveKind::Reduce,
        CollectiveKind::Scatter, CollectiveKind::Gather,
        CollectiveKind::AllToAll, CollectiveKind::AllGather,
        CollectiveKind::AllReduce}) {
    CollectiveSpec spec = request(kind, 16 << 20, 2);
    if (hasRoot(kind))
      spec.root = 5;
    if (kind == CollectiveKind::AllGather || kind == CollectiveKind::AllReduce)
      spec.group = {1, 5, 6, 10, 2};
    SCOPED_TRACE(collectiveName(kind));
    AlgorithmResult old = synthesize(intact, spec, {});
    ASSERT_EQ(old.error, "");
    RepairResult result =
        repairAlgorithm(degraded, spec, old.schedule.view(), old.timePs);
    expectVerifies(degraded, spec, result);
    // Every one of them used a failed link and lost something.
    EXPECT_NE(result.droppedLinks, "");
    EXPECT_GT(result.added, 0u);
  }
}

// Inverting a repaired reduction leaves slack (the routed deliveries come
// last in the dual, so first in the reduction, at the reversed clock's
// times); small schedules are compacted, and the result is as early as
// coll-simulate makes it. Uncompacted, this one took 80 us instead of 60.
TEST(RepairTest, SmallReductionIsCompacted) {
  TopologySpec topology;
  topology.dims.assign(2, {DimKind::Ring, 3, {50.0 * (1 << 30), 500000, ""}});
  CollectiveSpec spec = request(CollectiveKind::ReduceScatter, 9 << 20);
  AlgorithmResult old = synthesize(buildNetwork(topology), spec, {});
  ASSERT_EQ(old.error, "");
  topology.drops = {{4, 5, true}};
  Network degraded = buildNetwork(topology);
  RepairResult result =
      repairAlgorithm(degraded, spec, old.schedule.view(), old.timePs);
  expectVerifies(degraded, spec, result);
  EXPECT_LE(result.timePs, old.timePs);
}

// An All-Reduce with strict phases: its All-Gather is repaired on its own
// clock and still follows the repaired reductions, not twice their time.
TEST(RepairTest, StrictPhasesAllReduce) {
  CollectiveSpec spec = request(CollectiveKind::AllReduce, 16 << 20, 2);
  AlgorithmOptions strict;
  strict.pipelinePhases = false;
  AlgorithmResult old = synthesize(torus(4, 4), spec, strict);
  ASSERT_EQ(old.error, "");
  Network degraded = torus(4, 4, {{5, 6, true}});
  RepairResult result =
      repairAlgorithm(degraded, spec, old.schedule.view(), old.timePs);
  expectVerifies(degraded, spec, result);
  AlgorithmResult full = synthesize(degraded, spec, strict);
  ASSERT_EQ(full.error, "");
  EXPECT_LE(double(result.timePs), 1.25 * double(full.timePs));
}

// A one-way failure: only 0 -> 1 is gone; 1 -> 0 is still used.
TEST(RepairTest, OneWayDropIsNamedOneWay) {
  CollectiveSpec spec = request(CollectiveKind::AllGather, 4000);
  Problem problem = problemOf(spec, 4);
  Schedule old = handRingAllGather(ring(4), problem);
  Network degraded = ring(4, {{0, 1, false}});
  RepairResult result =
      repairAlgorithm(degraded, spec, old.view(), 0);
  expectVerifies(degraded, spec, result);
  EXPECT_EQ(result.droppedLinks, "0 -> 1");
}

// Two failures cut ring(4) in halves: the error names an unreachable pair
// and the links.
TEST(RepairTest, UnreachablePairIsNamed) {
  CollectiveSpec spec = request(CollectiveKind::AllGather, 4000);
  Problem problem = problemOf(spec, 4);
  Schedule old = handRingAllGather(ring(4), problem);
  Network degraded = ring(4, {{0, 1, true}, {2, 3, true}});
  RepairResult result = repairAlgorithm(degraded, spec, old.view(), 0);
  EXPECT_EQ(result.error,
            "npu 0 cannot reach npu 1 after dropping 0 <-> 1, 2 <-> 3");
  // An All-Reduce names the pair in the network's own direction.
  CollectiveSpec allReduce = request(CollectiveKind::AllReduce, 4000);
  AlgorithmResult ar = synthesize(ring(4), allReduce, {});
  ASSERT_EQ(ar.error, "");
  RepairResult cut = repairAlgorithm(degraded, allReduce, ar.schedule.view(),
                                     ar.timePs);
  EXPECT_NE(cut.error.find("cannot reach npu"), std::string::npos)
      << cut.error;
  EXPECT_NE(cut.error.find("after dropping 0 <-> 1, 2 <-> 3"),
            std::string::npos)
      << cut.error;
}

// Malformed input is refused, not indexed.
TEST(RepairTest, OutOfRangeTransfersAreRefused) {
  CollectiveSpec spec = request(CollectiveKind::AllGather, 4000);
  Schedule old;
  old.push_back({7, 0, 1, 0, TransferKind::Copy, 0, 2000000});
  RepairResult result =
      repairAlgorithm(ring(4, {{0, 1, true}}), spec, old.view(), 2000000);
  EXPECT_EQ(result.error, "transfer 0 names chunk 7 of 4");
  Schedule far;
  far.push_back({0, 0, 9, 0, TransferKind::Copy, 0, 2000000});
  result = repairAlgorithm(ring(4), spec, far.view(), 2000000);
  EXPECT_EQ(result.error, "transfer 0 names npu 9 of 4");
}

// A reduction's unreachable pair is found on G^T and named in G's own
// direction: after 2 -> 0 fails, npu 2 has no way out, while 0 still
// reaches 2 (0 -> 1 -> 2).
TEST(RepairTest, ReductionNamesThePairInTheNetworksDirection) {
  auto network = [](bool failed) {
    TopologySpec spec;
    spec.explicitNpus = 3;
    LinkSpec link{1e9, 1000000, ""};
    spec.links = {{0, 1, true, false, link}, {1, 2, false, false, link},
                  {2, 0, false, false, link}};
    if (failed)
      spec.drops = {{2, 0, false}};
    return buildNetwork(spec);
  };
  CollectiveSpec spec = request(CollectiveKind::ReduceScatter, 3000);
  AlgorithmResult old = synthesize(network(false), spec, {});
  ASSERT_EQ(old.error, "");
  RepairResult result = repairAlgorithm(network(true), spec,
                                        old.schedule.view(), old.timePs);
  EXPECT_EQ(result.error.rfind("npu 2 cannot reach npu ", 0), 0u)
      << result.error;
  EXPECT_NE(result.error.find("after dropping 2 -> 0"), std::string::npos)
      << result.error;
}

/// A network given by its links; `drops` applied.
Network linked(int64_t npus,
               std::vector<std::tuple<int64_t, int64_t, bool>> links,
               std::vector<DropSpec> drops = {}) {
  TopologySpec spec;
  spec.explicitNpus = npus;
  for (auto [a, b, both] : links)
    spec.links.push_back({a, b, both, false, {50e9, 1000000, ""}});
  spec.drops = std::move(drops);
  return buildNetwork(spec);
}

// issue 25: combining collectives over groups relay through NPUs outside
// the group. A dual whose relay into a non-member loses its next hop keeps
// a copy that leads nowhere, which inverted is a reduce from an NPU that
// holds nothing. Every group Reduce, Reduce-Scatter and All-Reduce that
// every algorithm builds, repaired after each link (one way and both ways)
// fails, verifies or is refused naming why; never an internal error.
TEST(RepairTest, GroupReductionsRepairAfterEveryDrop) {
  struct Case {
    const char *name;
    std::function<Network(std::vector<DropSpec>)> network;
    std::vector<int64_t> group;
  };
  auto ringOf = [](int64_t n) {
    return [n](std::vector<DropSpec> drops) { return ring(n, drops); };
  };
  auto irregular = [](std::vector<DropSpec> drops) {
    return linked(5,
                  {{0, 1, false}, {1, 2, false}, {2, 0, false}, {2, 3, true},
                   {3, 4, false}, {4, 2, false}, {0, 3, true}},
                  drops);
  };
  auto torus33 = [](std::vector<DropSpec> drops) {
    return torus(3, 3, drops);
  };
  const Case cases[] = {
      {"ring(4)", ringOf(4), {0, 2}},
      {"ring(6)", ringOf(6), {5, 1, 3}},
      {"ring(6)", ringOf(6), {0, 1, 3, 4}},
      {"torus(3, 3)", torus33, {0, 4, 8}},
      {"torus(3, 3)", torus33, {1, 2, 6, 7}},
      {"irregular", irregular, {4, 0, 1}},
  };
  size_t repaired = 0, refused = 0;
  for (const Case &c : cases) {
    Network intact = c.network({});
    for (CollectiveKind kind : {CollectiveKind::Reduce,
                                CollectiveKind::ReduceScatter,
                                CollectiveKind::AllReduce}) {
      std::vector<std::optional<int64_t>> roots{std::nullopt};
      if (hasRoot(kind))
        roots.assign(c.group.begin(), c.group.end());
      for (std::optional<int64_t> root : roots)
        for (Algorithm algorithm : allAlgorithms()) {
          if (algorithm == Algorithm::Exact)
            continue;
          CollectiveSpec spec = request(kind, 1 << 20, 2);
          spec.group = c.group;
          spec.root = root;
          AlgorithmOptions options;
          options.algorithm = algorithm;
          AlgorithmResult old = synthesize(intact, spec, options);
          if (!old.error.empty())
            continue;
          for (LinkId l = 0; l < intact.numLinks(); ++l)
            for (bool both : {false, true}) {
              int64_t a = intact.src(l), b = intact.dst(l);
              if (both && (!findLink(intact, b, a, 0) || b < a))
                continue;
              SCOPED_TRACE(testing::Message()
                           << algorithmName(algorithm) << " "
                           << collectiveName(kind) << " on " << c.name
                           << " group of " << c.group.size() << ", root "
                           << (root ? *root : -1) << ", drop " << a
                           << (both ? " <-> " : " -> ") << b);
              Network degraded = c.network({{a, b, both}});
              RepairResult result = repairAlgorithm(
                  degraded, spec, old.schedule.view(), old.timePs);
              if (!result.error.empty()) {
                ++refused;
                EXPECT_NE(result.error.find("cannot reach npu"),
                          std::string::npos)
                    << result.error;
                continue;
              }
              ++repaired;
              // Valid; the times need not be compacted (an All-Reduce whose
              // copies all follow its reductions is repaired as strict
              // phases).
              expectValid(degraded, spec, result);
            }
        }
    }
  }
  EXPECT_GT(repaired, 10 * refused) << repaired << " repaired, " << refused
                                    << " refused";
}

} // namespace
