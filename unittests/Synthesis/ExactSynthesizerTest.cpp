//===- ExactSynthesizerTest.cpp - Time-optimal schedules with Z3 ----------===//

#include "TimeIndexedEncoding.h"
#include "tacos/Simulation/Simulator.h"
#include "tacos/Synthesis/ExactSynthesizer.h"
#include "tacos/Synthesis/LowerBounds.h"

#include <gtest/gtest.h>

#include <numeric>

using namespace tacos;

namespace {

const LinkSpec kLink{50e9, 1000000, ""};

/// A budget that settles the easy cases and stops the hard ones: a twelfth
/// of what the All-to-All on ring(8) takes (see its test below).
constexpr unsigned kSmallBudget = 1000000;

Network product(std::vector<std::pair<DimKind, int64_t>> dims,
                LinkSpec link = kLink) {
  TopologySpec spec;
  for (auto [kind, size] : dims)
    spec.dims.push_back({kind, size, link});
  return buildNetwork(spec);
}

/// NVIDIA DGX-1 with NVLink multiplicities as parallel links
/// (examples/networks.mlir).
Network dgx1() {
  TopologySpec spec;
  spec.explicitNpus = 8;
  const int pairs[][3] = {{0, 1, 2}, {0, 2, 1}, {0, 3, 1}, {0, 4, 2},
                          {1, 2, 1}, {1, 3, 2}, {1, 5, 1}, {2, 3, 2},
                          {2, 6, 2}, {3, 7, 1}, {4, 5, 2}, {4, 6, 1},
                          {4, 7, 1}, {5, 6, 1}, {5, 7, 2}, {6, 7, 2}};
  for (auto [u, v, m] : pairs)
    for (int k = 0; k < m; ++k)
      spec.links.push_back({u, v, true, k > 0, {25e9, 300000, ""}});
  EXPECT_TRUE(check(spec).empty());
  return buildNetwork(spec);
}

/// A 4-NPU ring with a chord, every link of its own bandwidth.
Network heterogeneous() {
  TopologySpec spec;
  spec.explicitNpus = 4;
  spec.links.push_back({0, 1, true, false, {50e9, 1000000, ""}});
  spec.links.push_back({1, 2, true, false, {25e9, 1000000, ""}});
  spec.links.push_back({2, 3, true, false, {50e9, 1000000, ""}});
  spec.links.push_back({3, 0, true, false, {100e9, 1000000, ""}});
  spec.links.push_back({0, 2, true, false, {50e9, 1000000, ""}});
  EXPECT_TRUE(check(spec).empty());
  return buildNetwork(spec);
}

/// A 3x3 torus that lost the link 0 -> 1 (one way).
Network degradedTorus() {
  TopologySpec spec;
  spec.dims.push_back({DimKind::Ring, 3, kLink});
  spec.dims.push_back({DimKind::Ring, 3, kLink});
  spec.drops.push_back({0, 1, false});
  EXPECT_TRUE(check(spec).empty());
  return buildNetwork(spec);
}

CollectiveSpec request(CollectiveKind kind, int64_t bytes, int64_t chunks = 1,
                       std::optional<int64_t> root = std::nullopt) {
  CollectiveSpec spec;
  spec.kind = kind;
  spec.sizeBytes = bytes;
  spec.chunksPerRank = chunks;
  spec.root = root;
  return spec;
}

/// Exact with `rlimit` of Z3's resource units and no wall-clock limit: the
/// budget, counted the same on every machine, ends every search, so no
/// outcome depends on the machine's speed or load.
AlgorithmOptions exactOptions(unsigned rlimit = kDefaultRlimit) {
  AlgorithmOptions options;
  options.algorithm = Algorithm::Exact;
  options.rlimit = rlimit;
  options.timeLimitMs = 0;
  return options;
}

/// g of TimeIndexedEncoding.h for the (dual) problem of `spec`: the gcd of
/// every link's occupancy and duration for its chunk sizes.
int64_t timeUnit(const Network &network, const CollectiveSpec &spec,
                 LinkModel model) {
  CollectiveSpec dual = spec;
  dual.kind = dualOf(spec.kind);
  Problem problem;
  EXPECT_EQ(buildProblem(dual, network.numNpus(), problem), "");
  int64_t g = 0;
  for (LinkId l = 0; l < network.numLinks(); ++l)
    for (uint32_t c = 0; c < problem.numChunks(); ++c) {
      LinkCost cost = linkCost(network, l, problem.chunkBytes(c), model);
      g = std::gcd(g, std::gcd(cost.occupancy, cost.duration));
    }
  return g;
}

TEST(ExactSynthesizerTest, DgxOneAllGatherIsOptimalAtOnce) {
  // The case: the old steps/rounds search ran 60 s into 604.5 us.
  Network network = dgx1();
  AlgorithmResult result = synthesize(
      network, request(CollectiveKind::AllGather, 48000000, 6), exactOptions());
  ASSERT_EQ(result.error, "");
  EXPECT_EQ(result.timePs, 282100000);
  EXPECT_TRUE(result.optimal);
  EXPECT_EQ(result.proof, "equals the discrete lower bound");
  // At once: TACOS meets the bound, Z3 is not asked.
  EXPECT_EQ(result.rlimitUsed, 0u);
  EXPECT_EQ(result.stoppedBy, SearchLimit::None);
  EXPECT_LE(result.firstBestMs, result.synthesisMs);
}

// Exact's promise on a spread of small networks and every kind of
// collective: it verifies (synthesize() runs the verifier), is never slower
// than TACOS, never faster than the lower bounds, and "optimal" means the
// bound or a proof that one time unit less is infeasible.
TEST(ExactSynthesizerTest, NeverWorseThanTacosNeverBelowTheBound) {
  struct Case {
    const char *name;
    Network network;
    int64_t bytes;
  };
  std::vector<Case> networks;
  networks.push_back({"ring4", product({{DimKind::Ring, 4}}), 4000000});
  networks.push_back({"ring8", product({{DimKind::Ring, 8}}), 8000000});
  networks.push_back({"line4", product({{DimKind::Line, 4}}), 4000000});
  networks.push_back(
      {"mesh2x3", product({{DimKind::Line, 2}, {DimKind::Line, 3}}), 6000000});
  networks.push_back({"uni4", product({{DimKind::UniRing, 4}}), 4000000});
  networks.push_back({"dgx1", dgx1(), 8000000});
  networks.push_back(
      {"torus3x3", product({{DimKind::Ring, 3}, {DimKind::Ring, 3}}),
       9000000});
  networks.push_back({"cube8",
                      product({{DimKind::Line, 2},
                               {DimKind::Line, 2},
                               {DimKind::Line, 2}}),
                      8000000});
  networks.push_back({"degraded3x3", degradedTorus(), 9000000});
  networks.push_back({"heterogeneous", heterogeneous(), 4000000});
  unsigned optimal = 0, byZ3 = 0, cases = 0;
  for (const Case &net : networks)
    for (CollectiveKind kind :
         {CollectiveKind::AllGather, CollectiveKind::Broadcast,
          CollectiveKind::ReduceScatter, CollectiveKind::AllReduce,
          CollectiveKind::Reduce, CollectiveKind::AllToAll})
      for (LinkModel model : {LinkModel::Blocking, LinkModel::Pipelined}) {
        std::optional<int64_t> root;
        if (kind == CollectiveKind::Broadcast ||
            kind == CollectiveKind::Reduce)
          root = 1;
        // Two chunks where it stays small; All-to-All has N^2 already.
        int64_t chunks = kind == CollectiveKind::AllToAll ? 1 : 2;
        CollectiveSpec spec = request(kind, net.bytes, chunks, root);
        SCOPED_TRACE(std::string(net.name) + " " + collectiveName(kind) +
                     (model == LinkModel::Pipelined ? " pipelined" : ""));
        AlgorithmOptions options = exactOptions(kSmallBudget);
        options.model = model;
        AlgorithmResult exact = synthesize(net.network, spec, options);
        ASSERT_EQ(exact.error, "");
        AlgorithmOptions greedy;
        greedy.model = model;
        AlgorithmResult tacos = synthesize(net.network, spec, greedy);
        ASSERT_EQ(tacos.error, "");
        EXPECT_LE(exact.timePs, tacos.timePs);
        std::optional<LowerBounds> bounds =
            computeCollectiveBounds(net.network, spec, model);
        ASSERT_TRUE(bounds);
        EXPECT_GE(exact.timePs, bounds->best());
        EXPECT_FALSE(exact.proof.empty());
        if (exact.provedInfeasiblePs >= 0)
          EXPECT_LT(exact.provedInfeasiblePs, exact.timePs);
        if (exact.optimal) {
          ++optimal;
          int64_t g = timeUnit(net.network, spec, model);
          EXPECT_TRUE(exact.timePs == bounds->best() ||
                      exact.provedInfeasiblePs + g >= exact.timePs ||
                      (exact.provedInfeasiblePs < 0 &&
                       (bounds->best() + g - 1) / g * g == exact.timePs))
              << exact.proof;
        } else {
          EXPECT_EQ(exact.proof.rfind("gap: ", 0), 0u) << exact.proof;
        }
        byZ3 += exact.proof.find("(Z3)") != std::string::npos;
        ++cases;
      }
  // Most are settled within the small budget (83 of 120 with Z3 4.8.12;
  // pipelined links take a finer time unit and more slots); the count is
  // the same on every machine.
  EXPECT_GE(optimal, cases / 2);
  (void)byZ3;
}

TEST(ExactSynthesizerTest, ProvesTimesBeyondTheBoundsInfeasible) {
  // Broadcast from NPU 1 over links of 25, 50 and 100 GBps: the bounds say
  // 83 us, TACOS takes 103 us, and Z3 proves 102 us infeasible.
  Network network = heterogeneous();
  CollectiveSpec spec = request(CollectiveKind::Broadcast, 4000000, 2, 1);
  AlgorithmResult result = synthesize(network, spec, exactOptions());
  ASSERT_EQ(result.error, "");
  EXPECT_EQ(result.timePs, 103000000);
  EXPECT_TRUE(result.optimal);
  EXPECT_EQ(result.provedInfeasiblePs, 102000000);
  EXPECT_EQ(result.proof, "no schedule finishes by 102 us (Z3), and "
                          "schedules take multiples of 1 us");
  // Its Reduce, the inverse on the transposed network, inherits the proof.
  spec.kind = CollectiveKind::Reduce;
  AlgorithmResult reduce = synthesize(network, spec, exactOptions());
  ASSERT_EQ(reduce.error, "");
  EXPECT_EQ(reduce.timePs, 103000000);
  EXPECT_TRUE(reduce.optimal);
  EXPECT_EQ(reduce.provedInfeasiblePs, 102000000);
}

TEST(ExactSynthesizerTest, ResourceBudgetKeepsTacosWithTheGap) {
  // All-to-All on ring(8): TACOS takes 189 us, the load bound is 168 us,
  // and Z3 needs about 1.2 x 10^7 resource units to find it. With 10^6 the
  // first two checks (symmetric, then full) run out, on every machine.
  Network network = product({{DimKind::Ring, 8}});
  CollectiveSpec spec = request(CollectiveKind::AllToAll, 8000000);
  AlgorithmOptions options = exactOptions(kSmallBudget);
  AlgorithmResult stopped = synthesize(network, spec, options);
  ASSERT_EQ(stopped.error, "");
  AlgorithmOptions greedy;
  greedy.trials = kExactIncumbentTrials;
  AlgorithmResult tacos = synthesize(network, spec, greedy);
  EXPECT_EQ(stopped.timePs, tacos.timePs);
  EXPECT_FALSE(stopped.optimal);
  EXPECT_EQ(stopped.stoppedBy, SearchLimit::Resources);
  EXPECT_EQ(stopped.proof,
            "gap: the optimum lies in [168 us (load lower bound), 189 us]; "
            "the resource budget rlimit=1000000 ran out; raise rlimit= (0: "
            "no limit)");
  // Every unit given was used, and a second run does the same work.
  EXPECT_GE(stopped.rlimitUsed, kSmallBudget);
  AlgorithmResult again = synthesize(network, spec, options);
  EXPECT_EQ(again.rlimitUsed, stopped.rlimitUsed);
  EXPECT_EQ(again.proof, stopped.proof);
  // With the default budget it is proved optimal, the same way each time.
  AlgorithmResult proved = synthesize(network, spec, exactOptions());
  ASSERT_EQ(proved.error, "");
  EXPECT_EQ(proved.timePs, 168000000);
  EXPECT_TRUE(proved.optimal);
  EXPECT_EQ(proved.stoppedBy, SearchLimit::None);
  EXPECT_EQ(synthesize(network, spec, exactOptions()).rlimitUsed,
            proved.rlimitUsed);
}

TEST(ExactSynthesizerTest, WallClockLimitIsASafetyNetThatSaysSo) {
  // The same search with no resource budget and 1 ms: the first Z3 check
  // alone needs about 2 x 10^6 units (0.2-0.4 s on the machines here), so
  // no machine finishes it in time; only the message's shape is checked.
  Network network = product({{DimKind::Ring, 8}});
  CollectiveSpec spec = request(CollectiveKind::AllToAll, 8000000);
  AlgorithmOptions options = exactOptions(0);
  options.timeLimitMs = 1;
  AlgorithmResult hurried = synthesize(network, spec, options);
  ASSERT_EQ(hurried.error, "");
  EXPECT_FALSE(hurried.optimal);
  EXPECT_EQ(hurried.stoppedBy, SearchLimit::TimeLimit);
  EXPECT_EQ(hurried.proof.rfind("gap: the optimum lies in [168 us (load lower "
                                "bound), 189 us]; the time limit "
                                "time-limit-ms=1 ran out (wall-clock time",
                                0),
            0u)
      << hurried.proof;
}

TEST(ExactSynthesizerTest, TooLargeAnEncodingKeepsTacos) {
  // Chunks of 1333333 and 1333334 bytes: the time unit is a few ps, far too
  // many slots.
  Network network = heterogeneous();
  CollectiveSpec spec = request(CollectiveKind::Broadcast, 4000000, 3, 1);
  AlgorithmResult result = synthesize(network, spec, exactOptions());
  ASSERT_EQ(result.error, "");
  AlgorithmOptions greedy;
  greedy.trials = kExactIncumbentTrials;
  EXPECT_EQ(result.timePs, synthesize(network, spec, greedy).timePs);
  EXPECT_FALSE(result.optimal);
  EXPECT_EQ(result.stoppedBy, SearchLimit::EncodingSize);
  EXPECT_NE(result.proof.find("variables, more than"), std::string::npos)
      << result.proof;
}

TEST(ExactSynthesizerTest, SizeLimits) {
  CollectiveSpec spec = request(CollectiveKind::AllGather, 40000000);
  Network ring40 = product({{DimKind::Ring, 40}});
  EXPECT_EQ(synthesize(ring40, spec, exactOptions(kSmallBudget)).error,
            "exact synthesis takes at most 32 NPUs, not 40");
  Network mesh = product({{DimKind::Line, 4}, {DimKind::Line, 5}});
  EXPECT_EQ(synthesize(mesh, spec, exactOptions(kSmallBudget)).error,
            "exact synthesis takes networks other than tori and hypercubes "
            "of at most 16 NPUs, not 20");
  // A 4x8 torus and a 32-NPU hypercube are in.
  Network torus = product({{DimKind::Ring, 4}, {DimKind::Ring, 8}});
  EXPECT_EQ(synthesize(torus, spec, exactOptions(kSmallBudget)).error, "");
  Network cube = product({{DimKind::Line, 2},
                          {DimKind::Line, 2},
                          {DimKind::Line, 2},
                          {DimKind::Line, 2},
                          {DimKind::Line, 2}});
  EXPECT_EQ(synthesize(cube, spec, exactOptions(kSmallBudget)).error, "");
}

// Symmetric schedules are a smaller search, and a "no" among them says
// nothing: on ring(8), a rotation-symmetric All-to-All sends every
// antipodal chunk the same way round, 10 chunks on one direction's links,
// so it cannot meet the 8-slot load bound that a balanced one meets.
TEST(ExactSynthesizerTest, SymmetricUnsatisfiableProvesNothing) {
  Network network = product({{DimKind::Ring, 8}});
  CollectiveSpec spec = request(CollectiveKind::AllToAll, 8000000);
  Problem problem;
  ASSERT_EQ(buildProblem(spec, 8, problem), "");
  SlotModel slots(network, problem, LinkModel::Blocking);
  EXPECT_EQ(slots.slotPs(), 21000000);
  EXPECT_EQ(slots.symmetryOrder, 8u);
  Z3_config config = Z3_mk_config();
  Z3_context ctx = Z3_mk_context(config);
  Z3_del_config(config);
  {
    SearchBudget budget = SearchBudget::unlimited();
    TimeIndexedEncoding symmetric(ctx, slots, 8, true);
    EXPECT_EQ(symmetric.check(budget), Z3_L_FALSE);
    TimeIndexedEncoding full(ctx, slots, 8);
    ASSERT_EQ(full.check(budget), Z3_L_TRUE);
    SimulationResult timed =
        compact(network, problem, full.schedule(), LinkModel::Blocking);
    EXPECT_EQ(timed.error, "");
    EXPECT_LE(timed.timePs, 8 * 21000000);
    // All-Gather on the ring: the symmetric search meets the bound.
    Problem gather;
    ASSERT_EQ(buildProblem(request(CollectiveKind::AllGather, 8000000, 2), 8,
                           gather),
              "");
    SlotModel gatherSlots(network, gather, LinkModel::Blocking);
    int64_t bound =
        computeLowerBounds(network, gather, LinkModel::Blocking).best();
    int64_t slotsNeeded = (bound + gatherSlots.slotPs() - 1) /
                          gatherSlots.slotPs();
    TimeIndexedEncoding ring(ctx, gatherSlots, slotsNeeded, true);
    EXPECT_EQ(ring.check(budget), Z3_L_TRUE);
  }
  Z3_del_context(ctx);
}

TEST(ExactSynthesizerTest, ExpiredDeadlineIsAnError) {
  AlgorithmOptions options = exactOptions(kSmallBudget);
  options.limits.deadline = Deadline::expiredNow();
  AlgorithmResult result =
      synthesize(product({{DimKind::Ring, 4}}),
                 request(CollectiveKind::AllGather, 4000000), options);
  EXPECT_EQ(result.error, timeoutMessage(options.limits, "exact synthesis"));
}

} // namespace
