//===- BaselinePropertiesTest.cpp - Every baseline, every collective ------===//
//
// Properties of every baseline on seeded random networks and every
// collective, combining ones included (which the baselines build by their
// own construction, not by inverting a dual): the schedule passes the
// native verifier, takes at least every lower bound, and is a fixed point
// of the simulator (coll-simulate gives its times back). A baseline may
// refuse only for its documented reasons: rhd on a participant count that
// is not a power of two, hierarchical where there are no nodes and rails.
//
//===----------------------------------------------------------------------===//

#include "tacos/Simulation/Combining.h"
#include "tacos/Synthesis/Algorithms.h"
#include "tacos/Synthesis/LowerBounds.h"
#include "tacos/Synthesis/ThroughputBound.h"
#include "tacos/Verification/Verifier.h"
#include "SwitchNetworks.h"

#include <gtest/gtest.h>

#include <random>
#include <set>
#include <string>

using namespace tacos;

namespace {

constexpr int64_t kUs = 1'000'000; // ps

const Algorithm kBaselines[] = {Algorithm::Ring, Algorithm::Direct,
                                Algorithm::RHD, Algorithm::DBT,
                                Algorithm::Hierarchical};
const CollectiveKind kKinds[] = {
    CollectiveKind::AllGather, CollectiveKind::ReduceScatter,
    CollectiveKind::AllReduce, CollectiveKind::AllToAll,
    CollectiveKind::Broadcast, CollectiveKind::Reduce,
    CollectiveKind::Gather,    CollectiveKind::Scatter};

struct Subject {
  std::string name;
  Network network;
  /// Nodes and rails exist (a product of two or more dimensions, or NPUs
  /// grouped by faster links): hierarchical must build for the whole
  /// network.
  bool hasNodes = false;
};

LinkSpec randomLink(std::mt19937_64 &rng, double slowest, double spread) {
  return LinkSpec{(slowest + double(rng() % uint64_t(spread))) * 1e9,
                  int64_t(1 + rng() % 3) * kUs / 2, ""};
}

/// Strongly connected: a ring backbone (one-way or both ways) plus random
/// links, some both ways, some parallel.
Subject randomNetwork(std::mt19937_64 &rng, uint32_t n) {
  TopologySpec spec;
  spec.explicitNpus = n;
  bool twoWay = rng() % 2;
  std::vector<uint32_t> order(n);
  for (uint32_t i = 0; i < n; ++i)
    order[i] = i;
  std::shuffle(order.begin(), order.end(), rng);
  for (uint32_t i = 0; i < n; ++i)
    spec.links.push_back({order[i], order[(i + 1) % n], twoWay, false,
                          randomLink(rng, 10, 90)});
  for (uint32_t e = 0; e < n; ++e) {
    int64_t a = rng() % n, b = rng() % n;
    if (a == b)
      continue;
    spec.links.push_back(
        {a, b, rng() % 2 == 0, true, randomLink(rng, 10, 90)});
  }
  EXPECT_TRUE(check(spec).empty());
  return {"random " + std::to_string(n), buildNetwork(spec), false};
}

/// Nodes of `locals` NPUs joined by fast links (a random connected graph
/// both ways), and rails: NPU l of each node linked to NPU l of the next,
/// slower.
Subject clusteredNetwork(std::mt19937_64 &rng, uint32_t nodes,
                         uint32_t locals) {
  TopologySpec spec;
  spec.explicitNpus = nodes * locals;
  for (uint32_t n = 0; n < nodes; ++n) {
    uint32_t base = n * locals;
    for (uint32_t l = 1; l < locals; ++l)
      spec.links.push_back({int64_t(base + rng() % l), base + l, true, false,
                            randomLink(rng, 200, 100)});
    for (uint32_t e = 0; e < locals; ++e) {
      uint32_t a = rng() % locals, b = rng() % locals;
      if (a != b)
        spec.links.push_back(
            {base + a, base + b, true, true, randomLink(rng, 200, 100)});
    }
  }
  for (uint32_t n = 0; n + (nodes > 2 ? 0 : 1) < nodes; ++n)
    for (uint32_t l = 0; l < locals; ++l)
      spec.links.push_back({n * locals + l, (n + 1) % nodes * locals + l,
                            true, false, randomLink(rng, 10, 10)});
  EXPECT_TRUE(check(spec).empty());
  return {"clustered " + std::to_string(nodes) + "x" + std::to_string(locals),
          buildNetwork(spec), true};
}

Subject product(std::string name,
                std::vector<std::pair<DimKind, int64_t>> dims) {
  TopologySpec spec;
  for (auto [kind, size] : dims)
    spec.dims.push_back({kind, size, {50e9, kUs, ""}});
  return {name, buildNetwork(spec), dims.size() >= 2};
}

struct Tally {
  unsigned verified = 0, refused = 0;
  std::set<std::string> refusals;
};

/// Builds, verifies and bounds one baseline on one request.
void checkOne(const Subject &subject, const CollectiveSpec &spec,
              Algorithm baseline, LinkModel model, Tally &tally) {
  const Network &network = subject.network;
  AlgorithmOptions options;
  options.algorithm = baseline;
  options.model = model;
  options.verify = false; // verified below, explicitly
  AlgorithmResult result = synthesize(network, spec, options);
  int64_t g = spec.participants(network.numNpus());
  if (!result.error.empty()) {
    ++tally.refused;
    tally.refusals.insert(result.error);
    bool powerOfTwo = (g & (g - 1)) == 0;
    if (baseline == Algorithm::RHD && !powerOfTwo) {
      EXPECT_EQ(result.error,
                "rhd needs a power-of-two number of participants, got " +
                    std::to_string(g));
      return;
    }
    if (baseline == Algorithm::Hierarchical &&
        (!subject.hasNodes || !spec.group.empty())) {
      EXPECT_EQ(result.error.rfind("hierarchical needs ", 0), 0u)
          << result.error;
      return;
    }
    ADD_FAILURE() << "refused: " << result.error;
    return;
  }
  ++tally.verified;
  std::vector<Violation> found = verifyAlgorithm(
      network, buildVerificationSpec(spec, network.numNpus(), model),
      result.schedule.view(), result.timePs);
  EXPECT_TRUE(found.empty())
      << propertyName(found[0].property) << ": " << found[0].message;
  if (network.numSwitches() == 0) {
    std::optional<LowerBounds> bounds =
        computeCollectiveBounds(network, spec, model);
    ASSERT_TRUE(bounds);
    EXPECT_GE(result.timePs, bounds->best()) << bounds->bestName();
  } else if (std::optional<ThroughputBound> bound =
                 computeThroughputBound(network, spec)) {
    // Switches as nodes: the hardware's throughput bound.
    EXPECT_GE(result.timePs, bound->ps);
  }
  SimulationResult again =
      simulateCollective(network, spec, result.schedule.view(), model);
  ASSERT_EQ(again.error, "");
  EXPECT_EQ(again.timePs, result.timePs);
  for (size_t i = 0; i < again.schedule.size(); ++i)
    ASSERT_EQ(again.schedule.view()[i], result.schedule.view()[i])
        << "transfer " << i << " is not where the simulator puts it";
}

void checkSubject(const Subject &subject, std::mt19937_64 &rng,
                  std::vector<int64_t> group, Tally &tally) {
  uint32_t n = subject.network.numNpus();
  int64_t g = group.empty() ? n : int64_t(group.size());
  for (CollectiveKind kind : kKinds)
    for (Algorithm baseline : kBaselines) {
      CollectiveSpec spec;
      spec.kind = kind;
      spec.group = group;
      spec.chunksPerRank = 1 + int64_t(rng() % 3);
      // Sizes that split into whole but uneven chunks now and then.
      spec.sizeBytes = g * spec.chunksPerRank * (1 << 16) + int64_t(rng() % 7);
      if (kind == CollectiveKind::AllToAll)
        spec.sizeBytes = g * g * spec.chunksPerRank * 4096;
      if (hasRoot(kind))
        spec.root = group.empty() ? int64_t(rng() % n) : group[rng() % g];
      LinkModel model =
          rng() % 3 == 0 ? LinkModel::Pipelined : LinkModel::Blocking;
      SCOPED_TRACE(::testing::Message()
                   << subject.name << ", " << algorithmName(baseline) << " "
                   << collectiveName(kind) << ", group size " << g
                   << ", chunks " << spec.chunksPerRank << ", root "
                   << spec.root.value_or(-1)
                   << (model == LinkModel::Pipelined ? ", pipelined" : ""));
      checkOne(subject, spec, baseline, model, tally);
    }
}

TEST(BaselinePropertiesTest, RandomNetworksEveryCollective) {
  std::mt19937_64 rng(26);
  Tally tally;
  for (int iteration = 0; iteration < 24; ++iteration) {
    Subject subject = randomNetwork(rng, 2 + uint32_t(rng() % 9));
    checkSubject(subject, rng, {}, tally);
    if (subject.network.numNpus() >= 4 && iteration % 3 == 0) {
      std::vector<int64_t> group;
      for (uint32_t v = rng() % 2; v < subject.network.numNpus(); v += 2)
        group.push_back(v);
      std::shuffle(group.begin(), group.end(), rng);
      checkSubject(subject, rng, group, tally);
    }
  }
  // Not vacuous: ring, direct and dbt always build, rhd and hierarchical
  // often.
  EXPECT_GT(tally.verified, 2 * tally.refused);
}

TEST(BaselinePropertiesTest, ClusteredNetworksEveryCollective) {
  std::mt19937_64 rng(126);
  Tally tally;
  for (auto [nodes, locals] :
       {std::pair{2u, 2u}, {2u, 4u}, {3u, 3u}, {4u, 2u}, {2u, 5u}, {4u, 4u}})
    checkSubject(clusteredNetwork(rng, nodes, locals), rng, {}, tally);
  EXPECT_GT(tally.verified, 0u);
  for (const std::string &refusal : tally.refusals)
    EXPECT_EQ(refusal.rfind("rhd needs", 0), 0u) << refusal;
}

// Switches as nodes: transfers between NPUs routed through them.
TEST(BaselinePropertiesTest, SwitchNetworksEveryCollective) {
  std::mt19937 rng(326);
  std::mt19937_64 requests(327);
  Tally tally;
  for (int iteration = 0; iteration < 10; ++iteration) {
    uint32_t n = 3 + uint32_t(rng() % 6);
    Subject subject{"switches " + std::to_string(iteration),
                    tacos::testing::randomSwitchNetwork(rng, n, 1 + rng() % 2,
                                                        iteration % 2),
                    false};
    checkSubject(subject, requests, {}, tally);
  }
  checkSubject(product("[switch(4), switch(2)]",
                       {{DimKind::Switch, 4}, {DimKind::Switch, 2}}),
               requests, {}, tally);
  EXPECT_GT(tally.verified, 2 * tally.refused);
}

TEST(BaselinePropertiesTest, ProductNetworksEveryCollective) {
  std::mt19937_64 rng(226);
  Tally tally;
  const Subject subjects[] = {
      product("torus 4x4", {{DimKind::Ring, 4}, {DimKind::Ring, 4}}),
      product("torus 3x3", {{DimKind::Ring, 3}, {DimKind::Ring, 3}}),
      product("mesh 3x3", {{DimKind::Line, 3}, {DimKind::Line, 3}}),
      product("mesh 4x2", {{DimKind::Line, 4}, {DimKind::Line, 2}}),
      product("hypercube",
              {{DimKind::Line, 2}, {DimKind::Line, 2}, {DimKind::Line, 2}}),
      product("ring(6)", {{DimKind::Ring, 6}}),
      product("line(5)", {{DimKind::Line, 5}}),
      product("unidirectional ring(5)", {{DimKind::UniRing, 5}}),
      product("fully_connected(8)", {{DimKind::FullyConnected, 8}}),
      product("uniring 3 x ring 4", {{DimKind::UniRing, 3}, {DimKind::Ring, 4}}),
  };
  for (const Subject &subject : subjects) {
    checkSubject(subject, rng, {}, tally);
    if (subject.network.numNpus() >= 6)
      checkSubject(subject, rng, {5, 0, 3, 1}, tally);
  }
  EXPECT_GT(tally.verified, 3 * tally.refused);
}

} // namespace
