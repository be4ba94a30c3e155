//===- HardwareBoundTest.cpp - Hardware bounds under real schedules ------===//
//
// Property: a schedule built on the unwound version of a network
// (topo-unwind-switches' model: a switch's ports split into links between
// its NPUs) is also valid on the hardware, switches as nodes, so the
// throughput bound of the hardware, and every other bound computed on the
// hardware (what coll-report certifies against), must not exceed its time. On seeded
// random small networks with switches (NPU-switch and NPU-NPU links of
// mixed bandwidths), for every collective and every algorithm of the
// catalogue that builds it (tacos with a few seeds and the baselines;
// not exact, which is slow).
//
//===----------------------------------------------------------------------===//

#include "SwitchNetworks.h"
#include "tacos/Network/Unwind.h"
#include "tacos/Synthesis/Algorithms.h"
#include "tacos/Synthesis/LowerBounds.h"
#include "tacos/Synthesis/ThroughputBound.h"

#include "gtest/gtest.h"

#include <map>

using namespace tacos;
using namespace tacos::testing;

namespace {

TEST(HardwareBoundTest, NoScheduleOnTheUnwoundNetworkBeatsIt) {
  std::mt19937 rng(20261204);
  int schedules = 0;
  std::map<Algorithm, int> byAlgorithm;
  for (int trial = 0; trial < 40; ++trial) {
    uint32_t n = 3 + rng() % 4, switches = 1 + rng() % 2;
    Network hardware = randomSwitchNetwork(rng, n, switches, false);
    std::vector<LinkOrigin> origins;
    Network unwound = unwindSwitches(hardware, origins);
    int64_t bytes = 1'000'000 + rng() % 1'000'000;
    int64_t chunks = 1 + rng() % 2;
    for (CollectiveKind kind :
         {CollectiveKind::AllGather, CollectiveKind::ReduceScatter,
          CollectiveKind::AllReduce, CollectiveKind::Broadcast,
          CollectiveKind::Reduce, CollectiveKind::AllToAll}) {
      CollectiveSpec spec =
          request(kind, bytes, {},
                  hasRoot(kind) ? std::optional<int64_t>(rng() % n) : std::nullopt,
                  chunks);
      ASSERT_TRUE(checkCollective(spec, n).empty());
      auto bound = computeThroughputBound(hardware, spec);
      ASSERT_TRUE(bound) << "trial " << trial << " " << collectiveName(kind);
      // Every bound the report certifies against on the hardware.
      std::optional<LowerBounds> all =
          computeCollectiveBounds(hardware, spec, LinkModel::Blocking);
      ASSERT_TRUE(all);
      for (Algorithm algorithm : allAlgorithms()) {
        if (algorithm == Algorithm::Exact || algorithm == Algorithm::Best)
          continue; // slow; the others' fastest
        AlgorithmOptions options;
        options.algorithm = algorithm;
        options.trials = algorithm == Algorithm::Tacos ? 3 : 1;
        options.threads = 1;
        AlgorithmResult result = synthesize(unwound, spec, options);
        if (!result.error.empty())
          continue; // a baseline that does not apply here
        EXPECT_LE(bound->ps, result.timePs)
            << "trial " << trial << " " << collectiveName(kind) << " by "
            << algorithmName(algorithm);
        EXPECT_LE(all->best(), result.timePs)
            << "trial " << trial << " " << collectiveName(kind) << " by "
            << algorithmName(algorithm) << ": the " << all->bestName()
            << " bound";
        ++schedules;
        ++byAlgorithm[algorithm];
      }
    }
  }
  EXPECT_GT(schedules, 400);
  // Every algorithm but exact built some of them (and hierarchical, which
  // needs nodes that random networks do not have).
  for (Algorithm algorithm : allAlgorithms())
    if (isBestCandidate(algorithm) && algorithm != Algorithm::Hierarchical)
      EXPECT_GT(byAlgorithm[algorithm], 10) << algorithmName(algorithm);
}

// Where latency dominates, sharing a switch port (the unwound model)
// beats sending through it one transfer at a time: switch(8), 450 GB/s,
// 0.7 us per port, All-Gather of 8 MB. tacos on the unwound network takes
// 16.956 us; a count of whole transfers with their latency on each port
// (20.456 us) would certify a time the hardware beats.
TEST(HardwareBoundTest, ASharedPortBeatsNoCertifiedBound) {
  LinkSpec port;
  port.bandwidthBps = 450e9;
  port.latencyPs = 700'000;
  Network hardware = build({DimSpec{DimKind::Switch, 8, port}});
  std::vector<LinkOrigin> origins;
  Network unwound = unwindSwitches(hardware, origins);
  CollectiveSpec spec = request(CollectiveKind::AllGather, 8'000'000);
  AlgorithmOptions options;
  options.algorithm = Algorithm::Tacos;
  AlgorithmResult shared = synthesize(unwound, spec, options);
  ASSERT_EQ(shared.error, "");
  EXPECT_EQ(shared.timePs, 16'955'556);
  std::optional<LowerBounds> bounds =
      computeCollectiveBounds(hardware, spec, LinkModel::Blocking);
  ASSERT_TRUE(bounds);
  EXPECT_LE(bounds->best(), shared.timePs) << bounds->bestName();
}

} // namespace
