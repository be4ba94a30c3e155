//===- StepSearchTest.cpp - Fewest SCCL steps, then rounds, with Z3 -------===//

#include "tacos/Simulation/Simulator.h"
#include "tacos/Synthesis/StepSearch.h"
#include "tacos/Synthesis/LowerBounds.h"
#include "tacos/Synthesis/TenSynthesizer.h"

#include <gtest/gtest.h>

#include <random>

using namespace tacos;

namespace {

Problem allGather(uint32_t n, int64_t size) {
  CollectiveSpec spec;
  spec.kind = CollectiveKind::AllGather;
  spec.sizeBytes = size;
  Problem problem;
  EXPECT_EQ(buildProblem(spec, n, problem), "");
  return problem;
}

Network ring(int64_t n, DimKind kind = DimKind::Ring) {
  TopologySpec spec;
  spec.dims.push_back({kind, n, {50e9, 1000000, ""}});
  return buildNetwork(spec);
}

// On ring(n) every NPU needs n-1 chunks over two in-links, and the farthest
// chunk is n/2 hops away: n/2 steps (and rounds) are optimal.
TEST(StepSearchTest, RingsNeedHalfTheirSizeInSteps) {
  for (int64_t n : {3, 4, 6}) {
    Network network = ring(n);
    Problem problem = allGather(uint32_t(n), n * 1000000);
    AlgorithmResult result = synthesizeFewestSteps(network, problem, {});
    ASSERT_EQ(result.error, "") << n;
    EXPECT_EQ(result.steps, unsigned(n / 2)) << n;
    EXPECT_EQ(result.rounds, unsigned(n / 2)) << n;
    // One 1 MB chunk per hop at 50 GBps + 1 us = 21 us per round.
    EXPECT_EQ(result.timePs, int64_t(n / 2) * 21000000) << n;
    SimulationResult again = simulate(network, problem, result.schedule.view(),
                                      LinkModel::Blocking);
    EXPECT_EQ(again.error, "");
    EXPECT_EQ(again.timePs, result.timePs);
  }
}

TEST(StepSearchTest, NeverWorseThanTheGreedyInSteps) {
  Network network = ring(5, DimKind::UniRing);
  Problem problem = allGather(5, 5000000);
  AlgorithmResult exact = synthesizeFewestSteps(network, problem, {});
  ASSERT_EQ(exact.error, "");
  EXPECT_EQ(exact.steps, 4u); // a one-way ring: 4 hops to the farthest NPU
  AlgorithmResult greedy = synthesizeTen(network, problem, {});
  EXPECT_LE(exact.timePs, greedy.timePs);
  LowerBounds bounds = computeLowerBounds(network, problem, LinkModel::Blocking);
  EXPECT_GE(exact.timePs, bounds.best());
}

// The bounds hold for schedules the greedy would not find either: the exact
// optimum of small rooted and All-to-All problems on random heterogeneous
// networks (both link models) is never below the best lower bound.
TEST(StepSearchTest, OptimaOfRandomRootedProblemsMeetTheBounds) {
  std::mt19937_64 rng(5);
  const CollectiveKind kinds[] = {
      CollectiveKind::Broadcast, CollectiveKind::Scatter,
      CollectiveKind::Gather, CollectiveKind::AllToAll};
  unsigned solved = 0;
  for (int iteration = 0; iteration < 8; ++iteration) {
    TopologySpec topo;
    topo.explicitNpus = 4;
    for (int64_t v = 0; v < 4; ++v)
      topo.links.push_back(
          {v,
           (v + 1) % 4,
           iteration % 2 == 0,
           false,
           {double(10 + rng() % 90) * 1e9, int64_t(rng() % 3) * 500000, ""}});
    topo.links.push_back(
        {0, 2, false, false, {double(10 + rng() % 90) * 1e9, 500000, ""}});
    ASSERT_TRUE(check(topo).empty());
    Network network = buildNetwork(topo);
    CollectiveSpec spec;
    spec.kind = kinds[iteration % 4];
    spec.chunksPerRank = 1 + iteration % 2;
    spec.sizeBytes = 4 * 1000000 * spec.chunksPerRank;
    if (spec.kind != CollectiveKind::AllToAll)
      spec.root = int64_t(rng() % 4);
    ASSERT_EQ(checkCollective(spec, 4), "");
    Problem problem;
    ASSERT_EQ(buildProblem(spec, 4, problem), "");
    LinkModel model =
        iteration % 3 == 2 ? LinkModel::Pipelined : LinkModel::Blocking;
    AlgorithmOptions options;
    options.model = model;
    // Z3's resource units, not seconds: which cases are solved is the same
    // on every machine.
    options.rlimit = 20000000;
    options.timeLimitMs = 0;
    options.maxSteps = 8;
    AlgorithmResult exact = synthesizeFewestSteps(network, problem, options);
    if (!exact.error.empty())
      continue;
    ++solved;
    SCOPED_TRACE("iteration " + std::to_string(iteration));
    LowerBounds bounds = computeLowerBounds(network, problem, model);
    EXPECT_GE(exact.timePs, bounds.best());
  }
  EXPECT_GE(solved, 6u);
}

} // namespace
