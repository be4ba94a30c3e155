//===- TenSynthesizerTest.cpp - Quality and properties of TEN synthesis ---===//

#include "tacos/Synthesis/TenSynthesizer.h"
#include "FullMatching.h"
#include "tacos/Network/Unwind.h"
#include "tacos/Simulation/Simulator.h"
#include "tacos/Synthesis/Combining.h"
#include "tacos/Synthesis/LowerBounds.h"

#include <gtest/gtest.h>

#include <random>
#include <set>

using namespace tacos;

namespace {

constexpr double kGiBps = 1073741824.0;
constexpr int64_t kUs = 1000000;

DimSpec dim(DimKind kind, int64_t size, double gibps, double us) {
  return {kind, size, {gibps * kGiBps, int64_t(us * kUs), ""}};
}

Problem problemOf(CollectiveKind kind, int64_t size, int64_t chunks,
                  uint32_t numNpus, std::vector<int64_t> group = {},
                  std::optional<int64_t> root = std::nullopt) {
  CollectiveSpec spec;
  spec.kind = kind;
  spec.sizeBytes = size;
  spec.chunksPerRank = chunks;
  spec.group = std::move(group);
  spec.root = root;
  EXPECT_EQ(checkCollective(spec, numNpus), "");
  Problem problem;
  EXPECT_EQ(buildProblem(spec, numNpus, problem), "");
  return problem;
}

/// Every (chunk, destination) pair is delivered, and the schedule simulates
/// to exactly its own times.
void expectCorrect(const Network &network, const Problem &problem,
                   const AlgorithmResult &result, LinkModel model) {
  ASSERT_EQ(result.error, "");
  std::set<std::pair<uint32_t, uint32_t>> delivered;
  ScheduleView view = result.schedule.view();
  for (size_t i = 0; i < view.size(); ++i)
    delivered.insert({view.chunk(i), view.dst(i)});
  for (uint32_t c = 0; c < problem.numChunks(); ++c)
    problem.forEachDestination(c, [&](uint32_t d) {
      EXPECT_TRUE(delivered.count({c, d}))
          << "chunk " << c << " never reaches " << d;
    });
  SimulationResult timed = simulate(network, problem, view, model);
  ASSERT_EQ(timed.error, "");
  EXPECT_EQ(timed.timePs, result.timePs);
  for (size_t i = 0; i < view.size(); ++i)
    ASSERT_EQ(timed.schedule.view()[i], view[i]) << "transfer " << i;
}

struct QualityCase {
  const char *name;
  std::vector<DimSpec> dims;
  int64_t chunks;
  unsigned trials;
  /// How far above the discrete bound the best trial may be.
  double slack = 1.005;
};

// docs/Reports.md, lower bounds and issue 3: on meshes, tori and line products the greedy
// reaches the discrete bound or comes within 0.5 % of it.
TEST(TenSynthesizerTest, AllGatherReachesTheDiscreteBound) {
  std::vector<QualityCase> cases = {
      {"mesh 5x5",
       {dim(DimKind::Line, 5, 50, 0.5), dim(DimKind::Line, 5, 50, 0.5)}, 1, 1},
      {"mesh 10x10",
       {dim(DimKind::Line, 10, 100, 1), dim(DimKind::Line, 10, 100, 1)}, 2, 1},
      // The 3x4x5 torus reaches its bound only by luck of the seed: the
      // greedy before issue 15 did with 1 seed in 64 (seed 3), the faster
      // one of issue 15 with none of the first 160; every other seed
      // loses one round (10 %). Kept to catch anything worse.
      {"torus 3x4x5",
       {dim(DimKind::Ring, 3, 50, 0.5), dim(DimKind::Ring, 4, 50, 0.5),
        dim(DimKind::Ring, 5, 50, 0.5)},
       1, 32, 1.101},
      {"mesh 3x3x3",
       {dim(DimKind::Line, 3, 50, 0.5), dim(DimKind::Line, 3, 50, 0.5),
        dim(DimKind::Line, 3, 50, 0.5)},
       1, 1},
      {"heterogeneous mesh 8x5",
       {dim(DimKind::Line, 8, 80, 1), dim(DimKind::Line, 5, 35, 1)}, 2, 8},
      {"torus 8x8",
       {dim(DimKind::Ring, 8, 50, 0.5), dim(DimKind::Ring, 8, 50, 0.5)}, 1, 32},
  };
  for (const QualityCase &c : cases) {
    TopologySpec spec;
    spec.dims = c.dims;
    Network network = buildNetwork(spec);
    Problem problem = problemOf(CollectiveKind::AllGather, int64_t(1) << 30,
                                c.chunks, network.numNpus());
    AlgorithmOptions options;
    options.trials = c.trials;
    AlgorithmResult result = synthesizeTen(network, problem, options);
    expectCorrect(network, problem, result, LinkModel::Blocking);
    LowerBounds bounds =
        computeLowerBounds(network, problem, LinkModel::Blocking);
    EXPECT_GE(result.timePs, bounds.best()) << c.name;
    EXPECT_LE(double(result.timePs), c.slack * double(bounds.discretePs))
        << c.name << ": " << result.timePs << " ps vs bound "
        << bounds.discretePs;
  }
}

/// A random strongly connected network: a one-way ring backbone plus random
/// links, bandwidths and latencies, all from `seed`.
Network randomNetwork(std::mt19937_64 &rng, uint32_t n) {
  TopologySpec spec;
  spec.explicitNpus = n;
  auto link = [&] {
    return LinkSpec{double(10 + rng() % 90) * 1e9, int64_t(1 + rng() % 5) * kUs,
                    ""};
  };
  std::set<std::pair<int64_t, int64_t>> used;
  for (uint32_t v = 0; v < n; ++v) {
    spec.links.push_back({v, (v + 1) % n, false, false, link()});
    used.insert({v, (v + 1) % n});
  }
  for (uint32_t e = 0; e < n; ++e) {
    int64_t a = rng() % n, b = rng() % n;
    if (a == b || !used.insert({a, b}).second)
      continue;
    spec.links.push_back({a, b, false, false, link()});
  }
  EXPECT_TRUE(check(spec).empty());
  return buildNetwork(spec);
}

// Property: on random connected networks, for every non-combining
// collective, the schedule delivers everything, simulates to itself, and
// takes at least every lower bound; the same seed gives the same schedule.
TEST(TenSynthesizerTest, RandomNetworksProperties) {
  std::mt19937_64 rng(2024);
  for (int iteration = 0; iteration < 40; ++iteration) {
    uint32_t n = 3 + uint32_t(rng() % 10);
    Network network = randomNetwork(rng, n);
    LinkModel model = iteration % 3 == 2 ? LinkModel::Pipelined
                                         : LinkModel::Blocking;
    std::vector<int64_t> group;
    if (iteration % 4 == 3)
      for (uint32_t v = 0; v < n; v += 2)
        group.push_back(v);
    uint32_t g = group.empty() ? n : uint32_t(group.size());
    int64_t root = group.empty() ? int64_t(rng() % n) : group[0];
    std::vector<Problem> problems = {
        problemOf(CollectiveKind::AllGather, 1 << 20, 1 + iteration % 2, n,
                  group),
        problemOf(CollectiveKind::Broadcast, 1 << 20, 3, n, group, root),
        problemOf(CollectiveKind::Scatter, 1 << 20, 1, n, group, root),
        problemOf(CollectiveKind::Gather, 1 << 20, 1, n, group, root),
        problemOf(CollectiveKind::AllToAll, int64_t(g) << 16, 1, n, group)};
    for (const Problem &problem : problems) {
      AlgorithmOptions options;
      options.seed = iteration;
      options.model = model;
      AlgorithmResult result = synthesizeTen(network, problem, options);
      SCOPED_TRACE("iteration " + std::to_string(iteration) + ", " +
                   collectiveName(problem.kind));
      expectCorrect(network, problem, result, model);
      LowerBounds bounds = computeLowerBounds(network, problem, model);
      EXPECT_GE(result.timePs, bounds.ingressPs);
      EXPECT_GE(result.timePs, bounds.latencyPs);
      EXPECT_GE(result.timePs, bounds.discretePs);
      if (bounds.cutPs)
        EXPECT_GE(result.timePs, *bounds.cutPs);
      if (bounds.loadPs)
        EXPECT_GE(result.timePs, *bounds.loadPs);
      EXPECT_GE(result.timePs, bounds.pathPs);
      EXPECT_GE(result.timePs, bounds.occupancyPs);
      AlgorithmResult again = synthesizeTen(network, problem, options);
      ASSERT_EQ(again.schedule.size(), result.schedule.size());
      for (size_t i = 0; i < result.schedule.size(); ++i)
        ASSERT_EQ(again.schedule.view()[i], result.schedule.view()[i]);
    }
  }
}

// Bundles of parallel links of mixed speeds: a chunk may be sent again over
// a faster link, and most links have nothing to send most of the time. The
// due times and the skipping of such links are bookkeeping (per destination
// and chunk, per link) that must leave every schedule correct; with
// thousands of lanes they are what keeps synthesis near-linear.
TEST(TenSynthesizerTest, ManyParallelLinksOfMixedSpeeds) {
  std::mt19937_64 rng(7);
  for (uint32_t lanes : {3u, 40u, 3000u}) {
    NetworkBuilder builder(3);
    for (uint32_t i = 0; i < lanes; ++i)
      for (auto [a, b] : {std::pair{0u, 1u}, std::pair{1u, 0u}}) {
        LinkSpec spec{double(10 + rng() % 50) * 1e9,
                      int64_t(100 + rng() % 5000) * 1000, ""};
        builder.addLink(a, b, spec);
      }
    // NPU 2 hangs off NPU 1, so chunks to and from it are forwarded.
    builder.addLink(1, 2, {20e9, kUs, ""});
    builder.addLink(2, 1, {20e9, kUs, ""});
    Network network = builder.build();
    std::vector<Problem> problems = {
        problemOf(CollectiveKind::AllGather, 1 << 20, 100, 3),
        problemOf(CollectiveKind::Broadcast, 1 << 20, 70, 3, {}, 0),
        problemOf(CollectiveKind::AllToAll, 3 << 16, 5, 3),
        problemOf(CollectiveKind::Gather, 1 << 20, 20, 3, {}, 2)};
    for (const Problem &problem : problems) {
      SCOPED_TRACE(std::to_string(lanes) + " lanes, " +
                   collectiveName(problem.kind));
      AlgorithmOptions options;
      AlgorithmResult result = synthesizeTen(network, problem, options);
      expectCorrect(network, problem, result, LinkModel::Blocking);
      LowerBounds bounds =
          computeLowerBounds(network, problem, LinkModel::Blocking);
      EXPECT_GE(result.timePs, bounds.discretePs);
      EXPECT_GE(result.timePs, bounds.pathPs);
    }
  }
}

// Property: on random networks of explicit links and switches (unwound),
// with random groups and roots, every synthesized schedule of every
// non-combining collective simulates to its time and takes at least the best
// lower bound, in both link models. Small sizes make latency and the
// store-and-forward path matter as much as bandwidth.
TEST(TenSynthesizerTest, RandomSwitchedNetworksMeetEveryBound) {
  std::mt19937_64 rng(77);
  unsigned built = 0;
  for (int iteration = 0; iteration < 40; ++iteration) {
    uint32_t n = 3 + uint32_t(rng() % 10);
    TopologySpec spec;
    spec.explicitNpus = n;
    auto link = [&] {
      return LinkSpec{double(5 + rng() % 200) * 1e9,
                      int64_t(rng() % 4) * kUs / 2, ""};
    };
    std::set<std::pair<int64_t, int64_t>> used;
    for (uint32_t e = 0; e < n; ++e) {
      int64_t a = rng() % n, b = rng() % n;
      if (a != b && used.insert({a, b}).second)
        spec.links.push_back({a, b, rng() % 2 == 0, false, link()});
    }
    // One switch over every NPU keeps it connected; a second over a subset.
    std::vector<int64_t> all, some;
    for (uint32_t v = 0; v < n; ++v) {
      all.push_back(v);
      if (rng() % 2)
        some.push_back(v);
    }
    spec.switches.push_back({"sw0", all, link()});
    if (some.size() >= 2)
      spec.switches.push_back({"sw1", some, link()});
    if (!check(spec).empty())
      continue; // a duplicate two-way link: draw again
    ++built;
    std::vector<LinkOrigin> origins;
    Network network = unwindSwitches(buildNetwork(spec), origins);
    LinkModel model =
        iteration % 2 ? LinkModel::Pipelined : LinkModel::Blocking;
    std::vector<int64_t> group;
    if (iteration % 3 == 1)
      for (uint32_t v = 0; v < n; ++v)
        if (v == 0 || rng() % 2)
          group.push_back(v);
    if (group.size() == 1)
      group.push_back(n - 1);
    uint32_t g = group.empty() ? n : uint32_t(group.size());
    int64_t root =
        group.empty() ? int64_t(rng() % n) : group[rng() % group.size()];
    int64_t size = int64_t(1) << (12 + rng() % 12);
    int64_t chunks = 1 + int64_t(rng() % 3);
    std::vector<Problem> problems = {
        problemOf(CollectiveKind::AllGather, size * g, chunks, n, group),
        problemOf(CollectiveKind::Broadcast, size, chunks, n, group, root),
        problemOf(CollectiveKind::Scatter, size * g, chunks, n, group, root),
        problemOf(CollectiveKind::Gather, size * g, chunks, n, group, root),
        problemOf(CollectiveKind::AllToAll, size * g, 1, n, group)};
    for (const Problem &problem : problems) {
      SCOPED_TRACE("iteration " + std::to_string(iteration) + ", " +
                   collectiveName(problem.kind));
      AlgorithmOptions options;
      options.seed = iteration;
      options.model = model;
      AlgorithmResult result = synthesizeTen(network, problem, options);
      expectCorrect(network, problem, result, model);
      LowerBounds bounds = computeLowerBounds(network, problem, model);
      EXPECT_GE(result.timePs, bounds.best());
      EXPECT_GE(result.timePs, bounds.pathPs);
      EXPECT_GE(result.timePs, bounds.occupancyPs);
    }
    // Combining collectives: time-reversed duals on G^T, so their bounds are
    // the duals' there.
    for (CollectiveKind kind :
         {CollectiveKind::Reduce, CollectiveKind::ReduceScatter}) {
      SCOPED_TRACE("iteration " + std::to_string(iteration) + ", " +
                   collectiveName(kind));
      CollectiveSpec collective;
      collective.kind = kind;
      collective.sizeBytes = size * g;
      collective.chunksPerRank = chunks;
      collective.group = group;
      if (kind == CollectiveKind::Reduce)
        collective.root = root;
      ASSERT_EQ(checkCollective(collective, n), "");
      AlgorithmOptions options;
      options.seed = iteration;
      options.model = model;
      options.verify = false;
      AlgorithmResult result = synthesize(network, collective, options);
      ASSERT_EQ(result.error, "");
      CollectiveSpec dual = collective;
      dual.kind = dualOf(kind);
      Problem problem;
      ASSERT_EQ(buildProblem(dual, n, problem), "");
      LowerBounds bounds =
          computeLowerBounds(transposed(network), problem, model);
      EXPECT_GE(result.timePs, bounds.best());
    }
  }
  EXPECT_GE(built, 30u); // the draws are not mostly rejected
}

// Issue 10 item 13: a Gather of 64 MiB in 4 chunks per rank to root 9 on
// switch(5) x switch(4) took 3,211 us: the greedy matching pushed chunks
// through the root's slow dim-1 in-links. Relaying through the root's dim-0
// group gets within 10 % of the occupancy bound (802.8 us: the slow links
// into that group), as does the Scatter from the same root.
TEST(TenSynthesizerTest, HierarchicalRootedCollectivesRelayThroughFastLinks) {
  TopologySpec spec;
  spec.dims = {{DimKind::Switch, 5, {136 * kGiBps, 700000, ""}},
               {DimKind::Switch, 4, {12800e6, 2047000, ""}}};
  std::vector<LinkOrigin> origins;
  Network network = unwindSwitches(buildNetwork(spec), origins);
  for (CollectiveKind kind :
       {CollectiveKind::Gather, CollectiveKind::Scatter}) {
    SCOPED_TRACE(collectiveName(kind));
    Problem problem = problemOf(kind, int64_t(64) << 20, 4, 20, {}, 9);
    AlgorithmResult result = synthesizeTen(network, problem, {});
    expectCorrect(network, problem, result, LinkModel::Blocking);
    LowerBounds bounds =
        computeLowerBounds(network, problem, LinkModel::Blocking);
    EXPECT_GE(result.timePs, bounds.best());
    EXPECT_LE(double(result.timePs), 1.1 * double(bounds.best()));
  }
}

TEST(TenSynthesizerTest, TrialsKeepTheBestSeed) {
  TopologySpec spec;
  spec.dims = {dim(DimKind::Ring, 8, 50, 0.5), dim(DimKind::Ring, 8, 50, 0.5)};
  Network network = buildNetwork(spec);
  Problem problem =
      problemOf(CollectiveKind::AllGather, int64_t(1) << 30, 1, 64);
  AlgorithmOptions one, many;
  many.trials = 8;
  AlgorithmResult a = synthesizeTen(network, problem, one);
  AlgorithmResult b = synthesizeTen(network, problem, many);
  EXPECT_LE(b.timePs, a.timePs);
}

TEST(TenSynthesizerTest, NamesAnUnreachablePair) {
  TopologySpec spec;
  spec.explicitNpus = 3;
  spec.links.push_back({0, 1, true, false, {50e9, kUs, ""}});
  Network network = buildNetwork(spec);
  Problem problem = problemOf(CollectiveKind::AllGather, 3000, 1, 3);
  AlgorithmResult result = synthesizeTen(network, problem, {});
  EXPECT_EQ(result.error, "npu 0 cannot reach npu 2 (chunk 0)");
}

// Switches are nodes: the greedy routes through them (SwitchSynthesizer.h)
// where the point-to-point synthesizers still ask for unwinding.
TEST(TenSynthesizerTest, RoutesThroughSwitches) {
  TopologySpec spec;
  spec.dims = {dim(DimKind::Switch, 4, 50, 1)};
  Network network = buildNetwork(spec);
  Problem problem = problemOf(CollectiveKind::AllGather, 4000, 1, 4);
  AlgorithmResult result = synthesizeTen(network, problem, {});
  expectCorrect(network, problem, result, LinkModel::Blocking);
  ScheduleView view = result.schedule.view();
  ASSERT_EQ(view.size(), 12u);
  for (size_t i = 0; i < view.size(); ++i)
    EXPECT_NE(view.route(i), 0);
  EXPECT_EQ(checkServable(network, problem), "");
  EXPECT_NE(checkSynthesizable(network, problem).find("unwind them first"),
            std::string::npos);
}

// Full problems (everyone holds or needs every chunk) are matched by
// FullMatching.cpp, which times its schedule as the simulator does instead
// of compacting it. Property: the result simulates to itself exactly, with
// rows long enough (over 4,096 chunks) for the per-link word marks to span
// several words, chunks of two sizes, links of different speeds into one
// NPU (resends and redundant arrivals) and both link models.
TEST(TenSynthesizerTest, FullProblemsComeOutCompacted) {
  for (LinkModel model : {LinkModel::Blocking, LinkModel::Pipelined}) {
    TopologySpec spec;
    spec.dims = {dim(DimKind::Ring, 3, 50, 0.5), dim(DimKind::Line, 3, 20, 2)};
    Network network = buildNetwork(spec);
    for (auto [kind, chunks] : {std::pair{CollectiveKind::AllGather, 500},
                                std::pair{CollectiveKind::Broadcast, 700}}) {
      // 1 GB is no multiple of 4,500 or 700 chunks: two chunk sizes.
      Problem problem =
          problemOf(kind, 1000000000, chunks, 9, {},
                    kind == CollectiveKind::Broadcast
                        ? std::optional<int64_t>(4)
                        : std::nullopt);
      AlgorithmOptions options;
      options.model = model;
      options.seed = 7;
      AlgorithmResult result = synthesizeTen(network, problem, options);
      SCOPED_TRACE(std::string(collectiveName(kind)) +
                   (model == LinkModel::Pipelined ? ", pipelined" : ""));
      expectCorrect(network, problem, result, model);
      EXPECT_GE(result.timePs, computeLowerBounds(network, problem, model).best());
      AlgorithmResult again = synthesizeTen(network, problem, options);
      ASSERT_EQ(again.schedule.size(), result.schedule.size());
      for (size_t i = 0; i < result.schedule.size(); ++i)
        ASSERT_EQ(again.schedule.view()[i], result.schedule.view()[i]);
    }
  }
}

// With one trial, a whole-network All-Gather of 1,024 NPUs or more matches
// the NPUs of each instant on several threads (FullMatching.cpp); the
// schedule must not depend on how many.
TEST(TenSynthesizerTest, FullMatchingIsTheSameWhateverTheThreadCount) {
  TopologySpec spec;
  spec.dims = {dim(DimKind::Ring, 32, 50, 0.5), dim(DimKind::Line, 32, 50, 0.5)};
  Network network = buildNetwork(spec);
  Problem problem =
      problemOf(CollectiveKind::AllGather, 1000000000, 1, network.numNpus());
  AlgorithmOptions options;
  options.seed = 3;
  options.threads = 1;
  AlgorithmResult one = synthesizeTen(network, problem, options);
  ASSERT_EQ(one.error, "");
  for (unsigned threads : {2u, 3u}) {
    options.threads = threads;
    AlgorithmResult many = synthesizeTen(network, problem, options);
    ASSERT_EQ(many.schedule.size(), one.schedule.size()) << threads;
    EXPECT_EQ(many.timePs, one.timePs) << threads;
    for (size_t i = 0; i < one.schedule.size(); ++i)
      ASSERT_EQ(many.schedule.view()[i], one.schedule.view()[i])
          << threads << " threads, transfer " << i;
  }
}

// Issue 25: a fully_connected(3000) All-Gather (9 M links) did not finish
// in minutes, because every chunk an NPU received was marked on each of its
// 2,999 out-links one at a time. The work on arrivals is counted, not
// timed: per transfer it must not grow with the degree (it was about 2N).
TEST(TenSynthesizerTest, FullMatchingArrivalWorkDoesNotGrowWithTheDegree) {
  for (uint32_t n : {40u, 80u}) {
    TopologySpec spec;
    spec.dims = {dim(DimKind::FullyConnected, n, 50, 1)};
    Network network = buildNetwork(spec);
    Problem problem = problemOf(CollectiveKind::AllGather, 1 << 30, 3, n);
    AlgorithmOptions options;
    AlgorithmResult result;
    FullMatchingWork work;
    ASSERT_EQ(matchFull(network, problem, options, 1, result, &work), "");
    EXPECT_EQ(result.numTransfers, size_t(3) * n * (n - 1));
    EXPECT_LE(work.arrivalUpdates, 4 * result.numTransfers) << n << " NPUs";
  }
}

TEST(TenSynthesizerTest, UnmaterializedRunsKeepTimeAndCount) {
  TopologySpec spec;
  spec.dims = {dim(DimKind::Line, 5, 50, 0.5), dim(DimKind::Line, 5, 50, 0.5)};
  Network network = buildNetwork(spec);
  Problem problem =
      problemOf(CollectiveKind::AllGather, int64_t(1) << 30, 1, 25);
  AlgorithmOptions full, none;
  none.materialize = false;
  AlgorithmResult a = synthesizeTen(network, problem, full);
  AlgorithmResult b = synthesizeTen(network, problem, none);
  EXPECT_EQ(b.schedule.size(), 0u);
  EXPECT_EQ(b.numTransfers, a.numTransfers);
  EXPECT_EQ(b.timePs, a.timePs);
}

// Issue 15: All-to-All on tori, greedy matching alone. Every schedule
// delivers, simulates to itself and takes at least the load bound (every
// chunk on a shortest path, the busiest link); and it stays near that bound:
// among equal keys a chunk with fewer useful links goes first (only one
// link brings it closer, while another chunk may take a different link).
// Scanning every held chunk with random ties, the worst ratios over these
// seeds were 1.219 (4x4x4), 1.222 (6x6) and 1.156 (8x8); now 1.156, 1.185
// and 1.141.
TEST(TenSynthesizerTest, AllToAllOnToriStaysNearTheLoadBound) {
  struct Case {
    const char *name;
    std::vector<DimSpec> dims;
    double worst;
  };
  std::vector<Case> cases = {
      {"torus 4x4x4",
       {dim(DimKind::Ring, 4, 50, 0.5), dim(DimKind::Ring, 4, 50, 0.5),
        dim(DimKind::Ring, 4, 50, 0.5)},
       1.16},
      {"torus 6x6",
       {dim(DimKind::Ring, 6, 50, 0.5), dim(DimKind::Ring, 6, 50, 0.5)},
       1.19},
      {"torus 8x8",
       {dim(DimKind::Ring, 8, 50, 0.5), dim(DimKind::Ring, 8, 50, 0.5)},
       1.15}};
  for (const Case &c : cases) {
    TopologySpec spec;
    spec.dims = c.dims;
    Network network = buildNetwork(spec);
    uint32_t n = network.numNpus();
    Problem problem = problemOf(CollectiveKind::AllToAll,
                                int64_t(n) << 24, 1, n);
    LowerBounds bounds =
        computeLowerBounds(network, problem, LinkModel::Blocking);
    ASSERT_TRUE(bounds.loadPs);
    double worst = 0;
    for (uint64_t seed = 0; seed < 4; ++seed) {
      SCOPED_TRACE(std::string(c.name) + ", seed " + std::to_string(seed));
      AlgorithmOptions options;
      options.seed = seed;
      options.reservationRouting = false;
      AlgorithmResult result = synthesizeTen(network, problem, options);
      expectCorrect(network, problem, result, LinkModel::Blocking);
      EXPECT_GE(result.timePs, *bounds.loadPs);
      worst = std::max(worst, double(result.timePs) / double(*bounds.loadPs));
    }
    EXPECT_LE(worst, c.worst) << c.name;
  }
}

// A chunk with one destination leaves each NPU once; with two sources, both
// may send it (the per-link candidate heaps track that per NPU and chunk).
// Ring of 8: chunk c starts at NPUs c and c+4 and is needed at c+2.
TEST(TenSynthesizerTest, OneDestinationChunksWithTwoSources) {
  TopologySpec spec;
  spec.dims = {dim(DimKind::Ring, 8, 50, 0.5)};
  Network network = buildNetwork(spec);
  Problem problem;
  problem.kind = CollectiveKind::Scatter;
  problem.numNpus = 8;
  problem.chunkSizes = {8 << 20, 8};
  for (uint32_t v = 0; v < 8; ++v)
    problem.participants.push_back(v);
  for (uint32_t c = 0; c < 8; ++c) {
    problem.sources.insert(problem.sources.end(), {c, (c + 4) % 8});
    problem.sourceOffsets.push_back(uint32_t(problem.sources.size()));
    problem.destinations.push_back((c + 2) % 8);
    problem.destinationOffsets.push_back(uint32_t(problem.destinations.size()));
  }
  for (uint64_t seed = 0; seed < 4; ++seed) {
    AlgorithmOptions options;
    options.seed = seed;
    options.reservationRouting = false;
    AlgorithmResult result = synthesizeTen(network, problem, options);
    expectCorrect(network, problem, result, LinkModel::Blocking);
    EXPECT_GE(result.timePs,
              computeLowerBounds(network, problem, LinkModel::Blocking).best());
  }
}

} // namespace
