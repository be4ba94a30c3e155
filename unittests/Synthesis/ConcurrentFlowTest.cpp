//===- ConcurrentFlowTest.cpp - All-to-All's concurrent-flow bound -------===//
//
// Hand-worked cases (a ring, a switch, K_{3,3}, where the LP beats every
// cut), then a property on random small networks with switches: the
// reported bound is at least every set's cut ratio (enumerated here) and
// at most its certificate, recomputed here from the link lengths with
// Floyd-Warshall.
//
//===----------------------------------------------------------------------===//

#include "ConcurrentFlow.h"
#include "SwitchNetworks.h"
#include "tacos/Collective/Problem.h"
#include "tacos/Synthesis/ThroughputBound.h"

#include "gtest/gtest.h"

#include <cmath>
#include <limits>

using namespace tacos;
using namespace tacos::testing;

namespace {

constexpr double kPs = 1e12;

/// The bound within [exact (1 - 1e-8), exact]: the certificate is taken
/// 1e-9 below its ratio.
void expectNear(const ThroughputBound &bound, double seconds) {
  EXPECT_LE(double(bound.ps), seconds * kPs);
  EXPECT_GE(double(bound.ps), seconds * kPs * (1 - 1e-8));
}

// ring(4), 50 GB/s each way, All-to-All of 1 GB per NPU: 250 MB to each
// other NPU, 1 + 1 + 2 hops, so 4 GB of link traffic over 8 links of
// 50 GB/s: 10 ms (and the half ring {0, 1} is as tight). The old family
// (each NPU, all but each NPU) said 750 MB / 100 GB/s = 7.5 ms.
TEST(ConcurrentFlowTest, RingOfFour) {
  Network net = build({{DimKind::Ring, 4, link(50e9)}});
  auto bound =
      computeThroughputBound(net, request(CollectiveKind::AllToAll, 1'000'000'000));
  ASSERT_TRUE(bound);
  expectNear(*bound, 10e-3);
  EXPECT_TRUE(bound->exactOverAllSets);
}

// 4 NPUs on one switch, 100 GB/s ports: each NPU sends 750 MB through its
// port, 7.5 ms; the flow through the switch is no tighter.
TEST(ConcurrentFlowTest, SwitchIsItsPorts) {
  Network net = build({{DimKind::Switch, 4, link(100e9)}});
  auto bound =
      computeThroughputBound(net, request(CollectiveKind::AllToAll, 1'000'000'000));
  ASSERT_TRUE(bound);
  expectNear(*bound, 7.5e-3);
  EXPECT_TRUE(bound->exactOverAllSets);
}

/// K_{3,3}: NPUs 0-2 each linked both ways to NPUs 3-5 at `bw`.
Network completeBipartite(double bw) {
  NetworkBuilder b(6);
  for (NodeId u = 0; u < 3; ++u)
    for (NodeId v = 3; v < 6; ++v) {
      b.addLink(u, v, link(bw));
      b.addLink(v, u, link(bw));
    }
  return b.build();
}

// K_{3,3}, 10 GB/s links, 1 GB from each NPU to each other (size 6 GB).
// From each NPU, 3 NPUs are 1 hop away and 2 are 2 hops: 7 GB-hops per
// source, 42 over 18 links of 10 GB/s (every link equally loaded by
// symmetry, and no route is shorter): 233.3 ms. The best set is two
// linked NPUs, 8 GB over 4 links: 200 ms; the old family, 5 GB over
// 3 links: 166.7 ms (it printed nothing: its search never kept a set).
TEST(ConcurrentFlowTest, CompleteBipartiteBeatsEveryCut) {
  Network net = completeBipartite(10e9);
  CollectiveSpec spec = request(CollectiveKind::AllToAll, 6'000'000'000);
  auto bound = computeThroughputBound(net, spec);
  ASSERT_TRUE(bound);
  expectNear(*bound, 7.0 / 30);
  EXPECT_EQ(bound->witness, ThroughputWitness::LinkLengths);
  EXPECT_TRUE(bound->exactOverAllSets);
  // The best set it names is a ball of the LP's lengths, a weaker bound
  // than the flow's but stronger than the old family's.
  std::vector<bool> in(6);
  for (NodeId n : bound->cut)
    in[n] = true;
  double bytes = 0;
  for (NodeId s = 0; s < 6; ++s)
    for (NodeId t = 0; t < 6; ++t)
      bytes += in[s] && !in[t] ? 1e9 : 0;
  double seconds = bytes / leaving(net, in);
  EXPECT_LE(seconds * kPs, double(bound->ps));
  EXPECT_GT(seconds, 5.0 / 30);
}

// An 8x8 torus is beyond the LP's budget (64 sources x 256 links): the
// bound falls back to the best set found, here the bisection (the first
// four rows, a prefix of the node order): 32 x 32 x 16 MiB over 16 links
// of 50 GB/s = 21474.8 us, which is also the LP's optimum.
TEST(ConcurrentFlowTest, BeyondTheBudgetTheBestSetFound) {
  Network net = build({{DimKind::Ring, 8, link(50e9)},
                       {DimKind::Ring, 8, link(50e9)}});
  ASSERT_GT(64u * net.numLinks(), kMaxConcurrentFlowColumns);
  auto bound = computeThroughputBound(
      net, request(CollectiveKind::AllToAll, int64_t(1) << 30));
  ASSERT_TRUE(bound);
  EXPECT_EQ(bound->ps, 21'474'836'480);
  EXPECT_EQ(bound->witness, ThroughputWitness::Cut);
  EXPECT_EQ(bound->cut.size(), 32u);
  EXPECT_FALSE(bound->exactOverAllSets);
}

//===----------------------------------------------------------------------===//
// Property: between every cut and the certificate
//===----------------------------------------------------------------------===//

DemandMatrix demandOf(const Network &net, const CollectiveSpec &spec) {
  Problem p;
  EXPECT_TRUE(buildProblem(spec, net.numNpus(), p).empty());
  DemandMatrix d(net.numNpus(), std::vector<uint64_t>(net.numNpus(), 0));
  for (uint32_t c = 0; c < p.numChunks(); ++c)
    p.forEachDestination(c, [&](uint32_t t) {
      d[p.sources[p.sourceOffsets[c]]][t] += p.chunkBytes(c);
    });
  return d;
}

/// max over sets S of the bytes from S to outside over B_out(S).
double bestCutSeconds(const Network &net, const DemandMatrix &d) {
  double best = 0;
  forEachProperSet(net.numNodes(), [&](const std::vector<bool> &in) {
    double bytes = 0;
    for (NodeId s = 0; s < d.size(); ++s)
      for (NodeId t = 0; t < d.size(); ++t)
        bytes += in[s] && !in[t] ? double(d[s][t]) : 0;
    if (bytes > 0)
      best = std::max(best, bytes / leaving(net, in));
  });
  return best;
}

/// sum d(s,t) dist(s,t) / sum B_l y_l, distances by Floyd-Warshall.
double certificateSeconds(const Network &net, const DemandMatrix &d,
                          const std::vector<double> &y) {
  uint32_t n = net.numNodes();
  constexpr double inf = std::numeric_limits<double>::infinity();
  std::vector<std::vector<double>> dist(n, std::vector<double>(n, inf));
  for (NodeId v = 0; v < n; ++v)
    dist[v][v] = 0;
  double weighted = 0;
  for (LinkId l = 0; l < net.numLinks(); ++l) {
    EXPECT_GE(y[l], 0);
    dist[net.src(l)][net.dst(l)] = std::min(dist[net.src(l)][net.dst(l)], y[l]);
    weighted += net.bandwidth(l) * y[l];
  }
  for (NodeId k = 0; k < n; ++k)
    for (NodeId i = 0; i < n; ++i)
      for (NodeId j = 0; j < n; ++j)
        dist[i][j] = std::min(dist[i][j], dist[i][k] + dist[k][j]);
  double bytes = 0;
  for (NodeId s = 0; s < d.size(); ++s)
    for (NodeId t = 0; t < d.size(); ++t)
      bytes += double(d[s][t]) * dist[s][t];
  return bytes / weighted;
}

TEST(ConcurrentFlowTest, BetweenEveryCutAndItsCertificate) {
  std::mt19937 rng(20261202);
  int lpWins = 0;
  for (int trial = 0; trial < 120; ++trial) {
    uint32_t n = 2 + rng() % 5, switches = rng() % 3;
    Network net = randomSwitchNetwork(rng, n, switches, true);
    std::vector<int64_t> group;
    if (n > 2 && rng() % 2)
      for (int64_t v = 0; v < n; ++v)
        if (v == 0 || rng() % 2)
          group.push_back(v);
    if (group.size() == 1)
      group.push_back(1);
    CollectiveSpec spec = request(CollectiveKind::AllToAll,
                                  1'000'000 + rng() % 1'000'000, group,
                                  std::nullopt, 1 + rng() % 2);
    ASSERT_TRUE(checkCollective(spec, n).empty());
    auto bound = computeThroughputBound(net, spec);
    ASSERT_TRUE(bound) << "trial " << trial;
    EXPECT_TRUE(bound->exactOverAllSets) << "trial " << trial;
    DemandMatrix d = demandOf(net, spec);
    double cut = bestCutSeconds(net, d);
    EXPECT_GE(double(bound->ps), std::floor(cut * kPs * (1 - 1e-8)))
        << "trial " << trial;
    if (bound->witness == ThroughputWitness::LinkLengths) {
      double certificate = certificateSeconds(net, d, bound->linkLength);
      EXPECT_LE(double(bound->ps), certificate * kPs) << "trial " << trial;
      EXPECT_NEAR(bound->bytes / bound->bandwidthBps, certificate,
                  certificate * 1e-12);
      lpWins += bound->ps > cut * kPs;
    } else {
      EXPECT_EQ(bound->witness, ThroughputWitness::Cut);
      EXPECT_LE(double(bound->ps), cut * kPs) << "trial " << trial;
    }
  }
  // Small random networks have flow-cut gaps too: the LP must show them.
  EXPECT_GT(lpWins, 5);
}

} // namespace
