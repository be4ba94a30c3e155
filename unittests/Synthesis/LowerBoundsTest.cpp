//===- LowerBoundsTest.cpp - Lower bounds on collective time ----*- C++ -*-===//
//
// Every expected value is worked out by hand in the comment above it, so a
// change in any bound shows up as a disagreement with arithmetic, not with a
// previous run of the code.
//
//===----------------------------------------------------------------------===//

#include "tacos/Synthesis/LowerBounds.h"
#include "tacos/Collective/Problem.h"
#include "tacos/Collective/Schedule.h"
#include "tacos/Network/Network.h"
#include "tacos/Network/Unwind.h"
#include "tacos/Simulation/Simulator.h"
#include "tacos/Verification/Verifier.h"

#include "gtest/gtest.h"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <limits>
#include <optional>
#include <set>
#include <tuple>
#include <vector>

using namespace tacos;

namespace {

constexpr int64_t kUs = 1'000'000; // ps
constexpr int64_t kInf = std::numeric_limits<int64_t>::max();
constexpr double kGiB = 1024.0 * 1024.0 * 1024.0;

LinkSpec link(double bw, int64_t latPs) {
  LinkSpec l;
  l.bandwidthBps = bw;
  l.latencyPs = latPs;
  return l;
}

Network build(std::vector<DimSpec> dims) {
  TopologySpec s;
  s.dims = std::move(dims);
  EXPECT_TRUE(check(s).empty());
  return buildNetwork(s);
}

/// ring(n) with 50 GB/s (50e9 B/s), 1 us links.
Network ring(int64_t n) { return build({{DimKind::Ring, n, link(50e9, kUs)}}); }

Problem problem(const Network &net, CollectiveKind kind, int64_t sizeBytes,
                int64_t chunksPerRank = 1, std::vector<int64_t> group = {},
                std::optional<int64_t> root = std::nullopt) {
  CollectiveSpec spec;
  spec.kind = kind;
  spec.sizeBytes = sizeBytes;
  spec.chunksPerRank = chunksPerRank;
  spec.group = std::move(group);
  spec.root = root;
  EXPECT_EQ(checkCollective(spec, net.numNpus()), "");
  Problem p;
  EXPECT_EQ(buildProblem(spec, net.numNpus(), p), "");
  return p;
}

LinkId anyInLink(const Network &net, NodeId v) {
  return *net.inLinks(v).begin();
}

// ring(4), All-Gather of 4 MB: chunks of 1 MB (10^6 B) cost 1 us + 10^6 /
// 50e9 s = 1 + 20 = 21 us on every link. Each NPU needs the 3 other chunks
// over 2 in-links.
TEST(LowerBoundsTest, RingAllGatherBlocking) {
  Network net = ring(4);
  Problem p = problem(net, CollectiveKind::AllGather, 4'000'000);
  ASSERT_EQ(net.transferTimePs(anyInLink(net, 0), p.chunkBytes(0)), 21 * kUs);
  LowerBounds b = computeLowerBounds(net, p, LinkModel::Blocking);
  // 3 MB over 2 x 50 GB/s = 100 GB/s: 30 us.
  EXPECT_EQ(b.ingressPs, 30 * kUs);
  // Opposite NPUs are 2 hops = 2 us apart, plus the last hop's 20 us of
  // serialization.
  EXPECT_EQ(b.latencyPs, 22 * kUs);
  // Smallest T with 2 * floor(T / 21 us) >= 3: T = 42 us.
  EXPECT_EQ(b.discretePs, 42 * kUs);
  // S = {v}: 3 chunks over 100 GB/s = 30 us. S = two adjacent NPUs: 2 chunks
  // over the 2 links entering S = 20 us. S = two opposite NPUs: 2 chunks over
  // 4 links = 10 us. Three NPUs: 1 chunk over 2 links = 10 us. Max: 30 us.
  ASSERT_TRUE(b.cutPs);
  EXPECT_EQ(*b.cutPs, 30 * kUs);
  EXPECT_EQ(b.best(), 42 * kUs);
}

// The discrete bound of the ring is tight: every NPU sends its chunk both
// ways at 0 (arriving at 21 us), then forwards the one from its left to its
// right, which is exactly what that neighbour still lacks (arriving at 42 us).
TEST(LowerBoundsTest, RingAllGatherBoundIsAchieved) {
  Network net = ring(4);
  Problem p = problem(net, CollectiveKind::AllGather, 4'000'000);
  Schedule s;
  for (uint32_t v = 0; v < 4; ++v) {
    s.push_back({v, v, (v + 1) % 4, 0, TransferKind::Copy, 0, 0});
    s.push_back({v, v, (v + 3) % 4, 0, TransferKind::Copy, 0, 0});
  }
  for (uint32_t v = 0; v < 4; ++v)
    s.push_back({(v + 3) % 4, v, (v + 1) % 4, 0, TransferKind::Copy, 0, 0});
  for (LinkModel model : {LinkModel::Blocking, LinkModel::Pipelined}) {
    SimulationResult r = simulate(net, p, s.view(), model);
    ASSERT_EQ(r.error, "");
    EXPECT_EQ(r.timePs, 42 * kUs);
    EXPECT_GE(r.timePs, computeLowerBounds(net, p, model).best());
  }
  EXPECT_EQ(computeLowerBounds(net, p, LinkModel::Blocking).best(), 42 * kUs);
}

// Pipelined: a link's j-th chunk arrives no earlier than 21 + (j-1) * 20 us.
// 2 in-links need 3 chunks: at 40 us each has 1 (2 total), at 41 us each has
// 2. The other bounds do not depend on the model; path does not either (a
// chunk still arrives a whole duration after it starts): the opposite NPU
// is 2 hops of 21 us away, 42 us.
TEST(LowerBoundsTest, RingAllGatherPipelined) {
  Network net = ring(4);
  Problem p = problem(net, CollectiveKind::AllGather, 4'000'000);
  LinkCost cost =
      linkCost(net, anyInLink(net, 0), p.chunkBytes(0), LinkModel::Pipelined);
  ASSERT_EQ(cost.occupancy, 20 * kUs);
  ASSERT_EQ(cost.duration, 21 * kUs);
  LowerBounds b = computeLowerBounds(net, p, LinkModel::Pipelined);
  EXPECT_EQ(b.discretePs, 41 * kUs);
  EXPECT_EQ(b.ingressPs, 30 * kUs);
  EXPECT_EQ(b.latencyPs, 22 * kUs);
  EXPECT_EQ(b.cutPs, 30 * kUs);
  EXPECT_EQ(b.pathPs, 42 * kUs);
  EXPECT_EQ(b.best(), 42 * kUs);
}

// ring(4) with 4 chunks per rank: chunks of 250 KB cost 1 + 5 = 6 us. 12
// deliveries over 2 links: 6 each, 36 us. Ingress: 3 MB / 100 GB/s = 30 us.
TEST(LowerBoundsTest, RingAllGatherSeveralChunksPerRank) {
  Network net = ring(4);
  Problem p = problem(net, CollectiveKind::AllGather, 4'000'000, 4);
  LowerBounds b = computeLowerBounds(net, p, LinkModel::Blocking);
  EXPECT_EQ(b.discretePs, 36 * kUs);
  EXPECT_EQ(b.ingressPs, 30 * kUs);
  EXPECT_EQ(b.latencyPs, 2 * kUs + 5 * kUs);
  EXPECT_EQ(b.cutPs, 30 * kUs);
}

// 5x5 mesh, 50 GiB/s, 0.5 us links, All-Gather of 1 GiB: 25 chunks of
// 1 GiB / 25, each 1 / 1250 s = 800 us of serialization. The corner NPU has
// the fewest in-links (2) and needs 24 chunks: 12 per link.
TEST(LowerBoundsTest, Mesh5x5AllGather) {
  const double bw = 50 * kGiB; // 53687091200 B/s
  Network net = build({{DimKind::Line, 5, link(bw, kUs / 2)},
                       {DimKind::Line, 5, link(bw, kUs / 2)}});
  Problem p = problem(net, CollectiveKind::AllGather, int64_t(kGiB));
  ASSERT_EQ(net.inLinks(0).size(), 2u);
  // 1 GiB / 25 is not whole: chunks of 42949672 and 42949673 B. Bounds
  // assume every chunk is the smaller one (a valid, slightly weaker bound).
  ASSERT_EQ(p.chunkSizes.smallest(), 42949672u);
  int64_t cost = net.transferTimePs(anyInLink(net, 0), p.chunkSizes.smallest());
  // ceil(42949672 * 10^12 / 53687091200) = 799999983 ps, + 0.5 us.
  EXPECT_EQ(cost, 799'999'983 + kUs / 2);
  LowerBounds b = computeLowerBounds(net, p, LinkModel::Blocking);
  // Edge NPUs: 3 links, 8 each; inner: 4 links, 6 each. The corner wins.
  EXPECT_EQ(b.discretePs, 12 * cost);
  // Corner: 24 * 42949672 B / (2 * 50 GiB/s), rounded up: just under 9600 us.
  EXPECT_EQ(b.ingressPs, 9'599'999'786);
  // Corner to corner: 8 hops of 0.5 us, plus 800 us for the last hop.
  EXPECT_EQ(b.latencyPs, 8 * kUs / 2 + (cost - kUs / 2));
  EXPECT_FALSE(b.cutPs); // 25 NPUs
  EXPECT_EQ(b.best(), 12 * cost);
}

// line(3) at 80 GB/s, 0.5 us x line(2) at 35 GB/s, 0.7 us; All-Gather of
// 6 MB: chunks of 10^6 B. Costs: dim 0: 0.5 + 12.5 = 13 us; dim 1:
// 0.7 us + ceil(10^18 / 35e9 = 28571428.57) ps = 29271429 ps.
// NPU id = x + 3y; every NPU needs 5 chunks.
TEST(LowerBoundsTest, HeterogeneousLineProduct) {
  Network net = build({{DimKind::Line, 3, link(80e9, kUs / 2)},
                       {DimKind::Line, 2, link(35e9, 700'000)}});
  Problem p = problem(net, CollectiveKind::AllGather, 6'000'000);
  const int64_t fast = 13 * kUs, slow = 29'271'429;
  LowerBounds b = computeLowerBounds(net, p, LinkModel::Blocking);
  // Corner (x = 0): floor(T/13) + floor(T/29.27) >= 5 first at T = 52 us
  // (4 + 1); at 39..52 us it is 3 + 1. Middle (x = 1): 2 * floor(T/13) +
  // floor(T/29.27) reaches 5 at 29271429 ps (2*2 + 1). Max: 52 us.
  EXPECT_EQ(b.discretePs, 4 * fast);
  EXPECT_GT(b.discretePs, slow);
  // Corner: 5 MB over 80 + 35 GB/s = 43478260.87 ps, rounded up.
  EXPECT_EQ(b.ingressPs, 43'478'261);
  // (0,0) -> (2,1): 2 * 0.5 + 0.7 = 1.7 us, plus the faster last hop into a
  // corner (12.5 us over dim 0).
  EXPECT_EQ(b.latencyPs, 1'700'000 + 12'500'000);
  // S = a corner: the ingress value. Pairs: >= 160 (a column) or 150 GB/s
  // for 4 chunks (25, 26.7 us); triples: row y=0 takes 3 chunks over 105 GB/s
  // (28.6 us); four NPUs need 2 chunks, five need 1, over >= 115 GB/s.
  EXPECT_EQ(b.cutPs, 43'478'261);
  // (0,0) -> (2,1) whole-chunk: two dim-0 hops and one dim-1 hop.
  EXPECT_EQ(b.pathPs, 2 * fast + slow);
  EXPECT_EQ(b.best(), 2 * fast + slow);
}

// All-Gather on group [0, 2] of ring(4), 2 MB: chunks of 1 MB; NPUs 1 and 3
// need nothing but can forward.
TEST(LowerBoundsTest, GroupAllGather) {
  Network net = ring(4);
  Problem p = problem(net, CollectiveKind::AllGather, 2'000'000, 1, {0, 2});
  LowerBounds b = computeLowerBounds(net, p, LinkModel::Blocking);
  // NPU 0 and 2 each need 1 chunk: 1 MB / 100 GB/s = 10 us.
  EXPECT_EQ(b.ingressPs, 10 * kUs);
  // 1 chunk over either in-link: 21 us.
  EXPECT_EQ(b.discretePs, 21 * kUs);
  // 2 -> 0 is 2 hops: 2 us + 20 us.
  EXPECT_EQ(b.latencyPs, 22 * kUs);
  // Any S holding one of {0, 2} and not the other needs 1 chunk over 2
  // in-links (S = {0}, {0,1}, {0,3}, {0,1,3}): 10 us. S with both or neither
  // needs nothing.
  EXPECT_EQ(b.cutPs, 10 * kUs);
  // Whole-chunk: 2 hops of 21 us.
  EXPECT_EQ(b.pathPs, 42 * kUs);
  EXPECT_EQ(b.best(), 42 * kUs);
}

// Broadcast from 0 on ring(4), 2 MB in 2 chunks of 1 MB: every other NPU
// needs each chunk once (deliveries = 2 per destination).
TEST(LowerBoundsTest, Broadcast) {
  Network net = ring(4);
  Problem p = problem(net, CollectiveKind::Broadcast, 2'000'000, 2, {}, 0);
  ASSERT_EQ(p.numDeliveries(), 6u);
  LowerBounds b = computeLowerBounds(net, p, LinkModel::Blocking);
  // 2 MB over 100 GB/s: 20 us.
  EXPECT_EQ(b.ingressPs, 20 * kUs);
  // 2 chunks over 2 in-links: one each, 21 us.
  EXPECT_EQ(b.discretePs, 21 * kUs);
  // NPU 2 is 2 hops from the root.
  EXPECT_EQ(b.latencyPs, 22 * kUs);
  // S = {1, 2, 3}: both chunks over 0->1 and 0->3 = 20 us; smaller S have at
  // least as many in-links for the same 2 chunks.
  EXPECT_EQ(b.cutPs, 20 * kUs);
  // Whole-chunk: NPU 2 is 2 hops of 21 us away.
  EXPECT_EQ(b.pathPs, 42 * kUs);
  // The root's 2 out-links carry the 2 chunks: 21 us. NPU 2's in-links
  // come from NPUs 1 and 3, which hold nothing before 21 us: one chunk each
  // by 42 us.
  EXPECT_EQ(b.occupancyPs, 42 * kUs);
  EXPECT_EQ(b.best(), 42 * kUs);
}

// Issue 10 item 21: a one-chunk Broadcast on ring(8) forwarded whole takes
// 4 hops to the opposite NPU, each 1 us + 8 MB / 50 GB/s = 161 us, and no
// schedule does better under whole-chunk store-and-forward. The latency
// bound charged only the last hop (4 + 160 = 164 us): ratio 4.
TEST(LowerBoundsTest, RingBroadcastOneChunkIsOnItsPathBound) {
  Network net = ring(8);
  Problem p = problem(net, CollectiveKind::Broadcast, 8'000'000, 1, {}, 0);
  LowerBounds b = computeLowerBounds(net, p, LinkModel::Blocking);
  EXPECT_EQ(b.latencyPs, 164 * kUs);
  EXPECT_EQ(b.pathPs, 4 * 161 * kUs);
  EXPECT_EQ(b.best(), 4 * 161 * kUs);
}

// Scatter of 8 MB from 0 on ring(4) in 4 chunks per rank: 12 chunks of
// 0.5 MB (1 + 10 = 11 us) leave the root over its 2 out-links, 6 each:
// 66 us. The in-side bounds see only 4 chunks per NPU.
TEST(LowerBoundsTest, ScatterRootOutLinks) {
  Network net = ring(4);
  Problem p = problem(net, CollectiveKind::Scatter, 8'000'000, 4, {}, 0);
  LowerBounds b = computeLowerBounds(net, p, LinkModel::Blocking);
  EXPECT_EQ(b.discretePs, 2 * 11 * kUs);
  EXPECT_EQ(b.occupancyPs, 66 * kUs);
  EXPECT_EQ(b.best(), 66 * kUs);
}

// Issue 10 items 12 and 13: Gather of 64 MiB in 4 chunks per rank to root 9
// on switch(5) x switch(4), unwound. The root's dim-0 group {5..9} needs the
// 60 chunks of the other 15 NPUs, and only the dim-1 links enter it: 3 per
// NPU, 15 in all, each 2 * 2047 ns + 838861 B / (12800 MB/s / 3) =
// 4094 ns + 196608828.1 ps -> 200702829 ps (ceil). 4 chunks each:
// 802811316 ps. (The NPU-alone bounds stop at 438.8 us: the root's in-links.)
TEST(LowerBoundsTest, HierarchicalGatherGroupOccupancy) {
  TopologySpec spec;
  spec.dims = {{DimKind::Switch, 5, link(136 * kGiB, 700'000)},
               {DimKind::Switch, 4, link(12800e6, 2'047'000)}};
  ASSERT_TRUE(check(spec).empty());
  std::vector<LinkOrigin> origins;
  Network net = unwindSwitches(buildNetwork(spec), origins);
  Problem p = problem(net, CollectiveKind::Gather, 64 << 20, 4, {}, 9);
  LowerBounds b = computeLowerBounds(net, p, LinkModel::Blocking);
  int64_t slow =
      linkCost(net, *net.inLinks(9).begin(), p.chunkSizes.smallest(), LinkModel::Blocking)
          .duration;
  for (LinkId l : net.inLinks(9))
    slow = std::max(
        slow, linkCost(net, l, p.chunkSizes.smallest(), LinkModel::Blocking).duration);
  EXPECT_EQ(b.occupancyPs, 4 * slow);
  EXPECT_GT(b.occupancyPs, 800 * kUs);
  EXPECT_LT(b.discretePs, 440 * kUs);
}

// A chunk held by two NPUs reaches each destination from the nearer one.
// line(5), chunk 0 at NPUs 0 and 4, needed at 1, 2, 3. The farthest
// destination from its nearest holder is NPU 2 (2 hops = 2 us); + 20 us.
TEST(LowerBoundsTest, SeveralSourcesUseTheNearest) {
  Network net = build({{DimKind::Line, 5, link(50e9, kUs)}});
  Problem p;
  p.numNpus = 5;
  p.chunkSizes = {1'000'000, 1};
  p.participants = {0, 1, 2, 3, 4};
  p.sources = {0, 4};
  p.sourceOffsets = {0, 2};
  p.destinations = {1, 2, 3};
  p.destinationOffsets = {0, 3};
  LowerBounds b = computeLowerBounds(net, p, LinkModel::Blocking);
  EXPECT_EQ(b.latencyPs, 22 * kUs);
  EXPECT_EQ(b.ingressPs, 10 * kUs);
  EXPECT_EQ(b.discretePs, 21 * kUs);
  // S = {1,2,3}: 1 chunk over 0->1 and 4->3 = 10 us; S = {1} and the like
  // also have 2 in-links.
  EXPECT_EQ(b.cutPs, 10 * kUs);
}

// A switch of 4 ports (50 GB/s, 1 us): each NPU has a single in-link, the
// downlink, carrying 3 chunks of 20 us each: the discrete count charges a
// switch port no latency, since a port may carry the 3 at once at a third
// of its rate (the unwound model, which the same hardware allows).
// NPU -> NPU is 2 hops.
TEST(LowerBoundsTest, SwitchNetwork) {
  Network net = build({{DimKind::Switch, 4, link(50e9, kUs)}});
  ASSERT_EQ(net.numSwitches(), 1u);
  Problem p = problem(net, CollectiveKind::AllGather, 4'000'000);
  LowerBounds b = computeLowerBounds(net, p, LinkModel::Blocking);
  EXPECT_EQ(b.discretePs, 60 * kUs);
  EXPECT_EQ(b.ingressPs, 60 * kUs); // 3 MB / 50 GB/s
  EXPECT_EQ(b.latencyPs, 22 * kUs);
  EXPECT_FALSE(b.cutPs);
  // Not computed through switch nodes, whose timing is not whole-chunk
  // store-and-forward.
  EXPECT_EQ(b.pathPs, 0);
  EXPECT_EQ(b.occupancyPs, 0);
  EXPECT_EQ(b.best(), 60 * kUs);
}

// ring(16), 4 chunks per rank: the cut is computed (2^16 sets) and, S = {v}
// being the worst cut of a ring, equals the ingress bound: 60 chunks of
// 62.5 KB over 100 GB/s = 37.5 us.
TEST(LowerBoundsTest, CutAtSixteenNpus) {
  Network net = ring(16);
  Problem p = problem(net, CollectiveKind::AllGather, 4'000'000, 4);
  LowerBounds b = computeLowerBounds(net, p, LinkModel::Blocking);
  EXPECT_EQ(b.ingressPs, 37'500'000);
  ASSERT_TRUE(b.cutPs);
  EXPECT_EQ(*b.cutPs, b.ingressPs);
}

TEST(LowerBoundsTest, NoCutAboveSixteenNpus) {
  Network net = ring(17);
  Problem p = problem(net, CollectiveKind::AllGather, 17'000'000);
  LowerBounds b = computeLowerBounds(net, p, LinkModel::Blocking);
  EXPECT_FALSE(b.cutPs);
  // 16 chunks of 1 MB over 2 links of 21 us: 8 each.
  EXPECT_EQ(b.discretePs, 8 * 21 * kUs);
  EXPECT_EQ(b.best(), b.discretePs);
}

TEST(LowerBoundsTest, EmptyProblemIsZero) {
  Network net = ring(4);
  Problem p;
  p.numNpus = 4;
  LowerBounds b = computeLowerBounds(net, p, LinkModel::Blocking);
  EXPECT_EQ(b.ingressPs, 0);
  EXPECT_EQ(b.latencyPs, 0);
  EXPECT_EQ(b.discretePs, 0);
  EXPECT_EQ(b.cutPs, 0);
  EXPECT_EQ(b.best(), 0);
}

// NPU 0 has no in-link: it can never receive NPU 1's chunk.
TEST(LowerBoundsTest, UnreachableDestinationIsInfinite) {
  NetworkBuilder builder(2);
  builder.addLink(0, 1, link(50e9, kUs));
  Network net = builder.build();
  Problem p = problem(net, CollectiveKind::AllGather, 2'000'000);
  LowerBounds b = computeLowerBounds(net, p, LinkModel::Blocking);
  EXPECT_EQ(b.ingressPs, kInf);
  EXPECT_EQ(b.latencyPs, kInf);
  EXPECT_EQ(b.discretePs, kInf);
  EXPECT_EQ(b.cutPs, kInf);
  EXPECT_EQ(b.best(), kInf);
}

// Undecided (`?`) bandwidth never finishes a transfer (transferTimePs), so
// the data-volume bounds are infinite; the pure path latency is not.
TEST(LowerBoundsTest, UndecidedBandwidthIsInfinite) {
  Network net = build({{DimKind::Ring, 4, link(NAN, kUs)}});
  Problem p = problem(net, CollectiveKind::AllGather, 4'000'000);
  LowerBounds b = computeLowerBounds(net, p, LinkModel::Blocking);
  EXPECT_EQ(b.ingressPs, kInf);
  EXPECT_EQ(b.discretePs, kInf);
  EXPECT_EQ(b.latencyPs, kInf); // no last hop ever carries the chunk
  EXPECT_EQ(b.cutPs, kInf);
}

TEST(LowerBoundsTest, BestIgnoresMissingCut) {
  LowerBounds b;
  b.ingressPs = 3;
  b.latencyPs = 5;
  b.discretePs = 4;
  EXPECT_EQ(b.best(), 5);
  b.cutPs = 7;
  EXPECT_EQ(b.best(), 7);
}

} // namespace

// The load bound: on ring(4) an All-to-All of 1 MB chunks has 8 one-hop and
// 4 two-hop chunks, 16 link-hops of 21 us over 8 links: 42 us. Per-NPU
// bounds see only 3 deliveries over 2 in-links.
TEST(LowerBoundsLoadTest, AllToAllCountsEveryHop) {
  TopologySpec spec;
  spec.dims.push_back({DimKind::Ring, 4, {50e9, 1000000, ""}});
  Network network = buildNetwork(spec);
  CollectiveSpec collective;
  collective.kind = CollectiveKind::AllToAll;
  collective.sizeBytes = 4000000;
  Problem problem;
  ASSERT_EQ(buildProblem(collective, 4, problem), "");
  LowerBounds bounds =
      computeLowerBounds(network, problem, LinkModel::Blocking);
  ASSERT_TRUE(bounds.loadPs.has_value());
  EXPECT_EQ(*bounds.loadPs, 42000000);
  EXPECT_EQ(bounds.best(), 42000000);
  // All-Gather chunks have many destinations: no load bound.
  collective.kind = CollectiveKind::AllGather;
  ASSERT_EQ(buildProblem(collective, 4, problem), "");
  EXPECT_FALSE(computeLowerBounds(network, problem, LinkModel::Blocking)
                   .loadPs.has_value());
}

// Bounds of any collective from the core: a Reduce-Scatter is bounded like
// its dual All-Gather on G^T (the same on a symmetric ring), an All-Reduce
// by each phase and by volume, and a network with undecided bandwidths has
// none.
TEST(LowerBoundsTest, CollectiveBoundsCoverCombiningKinds) {
  TopologySpec topology;
  topology.dims.push_back({DimKind::Ring, 6, {50e9, 1000000, ""}});
  Network network = buildNetwork(topology);
  CollectiveSpec spec;
  spec.sizeBytes = 6000000;
  spec.kind = CollectiveKind::AllGather;
  std::optional<LowerBounds> gather =
      computeCollectiveBounds(network, spec, LinkModel::Blocking);
  spec.kind = CollectiveKind::ReduceScatter;
  std::optional<LowerBounds> scatter =
      computeCollectiveBounds(network, spec, LinkModel::Blocking);
  spec.kind = CollectiveKind::AllReduce;
  std::optional<LowerBounds> all =
      computeCollectiveBounds(network, spec, LinkModel::Blocking);
  ASSERT_TRUE(gather && scatter && all);
  EXPECT_EQ(scatter->best(), gather->best());
  EXPECT_EQ(all->discretePs, gather->discretePs);
  EXPECT_FALSE(all->cutPs);
  // Ingress per phase: the larger of the two (both 5 MB over 100 GB/s).
  EXPECT_EQ(all->ingressPs, gather->ingressPs);
  EXPECT_EQ(all->ingressPs, 50 * kUs);
  // Volume: 6 chunks of 1 MB, 2 * 5 transfers each, 60 over 12 links of
  // 21 us: 5 each, 105 us (more than the 100 us the two phases' ingress
  // would add up to, since it counts whole chunks and latency).
  EXPECT_EQ(all->volumePs, 105 * kUs);
  EXPECT_EQ(all->best(), 105 * kUs);
  EXPECT_STREQ(all->bestName(), "volume");
  EXPECT_FALSE(gather->volumePs);
  // Not over a group: relays outside it are not counted.
  spec.group = {0, 2, 4};
  std::optional<LowerBounds> group =
      computeCollectiveBounds(network, spec, LinkModel::Blocking);
  ASSERT_TRUE(group);
  EXPECT_FALSE(group->volumePs);
}

// The premise of the volume bound: making every one of n NPUs hold the sum
// of all n contributions takes 2(n-1) transfers (one-way gossip). Searched
// breadth-first over who knows whose contribution, each transfer taking
// the sender's latest set (transfers in flight together carry no more).
TEST(LowerBoundsTest, AllReduceOfOneChunkNeedsTwoNMinusTwoTransfers) {
  for (uint32_t n = 2; n <= 4; ++n) {
    uint32_t full = (1u << n) - 1;
    std::set<std::vector<uint32_t>> frontier;
    std::vector<uint32_t> start;
    for (uint32_t v = 0; v < n; ++v)
      start.push_back(1u << v);
    frontier.insert(start);
    uint32_t transfers = 0;
    auto done = [&] {
      for (const std::vector<uint32_t> &known : frontier)
        if (std::all_of(known.begin(), known.end(),
                        [&](uint32_t k) { return k == full; }))
          return true;
      return false;
    };
    while (!done()) {
      std::set<std::vector<uint32_t>> next;
      for (const std::vector<uint32_t> &known : frontier)
        for (uint32_t a = 0; a < n; ++a)
          for (uint32_t b = 0; b < n; ++b)
            if (a != b) {
              std::vector<uint32_t> after = known;
              after[b] |= known[a];
              next.insert(after);
            }
      frontier = std::move(next);
      ++transfers;
    }
    EXPECT_EQ(transfers, 2 * (n - 1)) << n << " NPUs";
  }
}

// Why the two phases' ingress bounds of an All-Reduce do not add up. Three
// NPUs: 0 -> 1, 0 -> 2 and 2 -> 1 are slow (a 1 MB chunk takes S = 1 ms),
// 1 -> 0, 1 -> 2 and 2 -> 0 fast (1 us). chunks(4): 12 chunks of 1 MB.
// NPU 1 needs 8 chunks over 2 slow in-links (All-Gather ingress 4 S) and
// NPU 0 sends 8 over 2 slow out-links (Reduce-Scatter, the transposed
// ingress, 4 S): a sum would say 8 S. But NPU 0's out-links and NPU 1's
// in-links can be busy at the same time: chunks 0-3 (A) are reduced at 0
// from fast contributions, 4-7 (B) at 1 from NPU 0's sum with NPU 2's,
// 8-11 (C) at 2; 0 -> 1 carries B, B, A, ... and 0 -> 2 carries A, C, C,
// ..., which 2 -> 1 forwards one slot later. The last chunk lands at 8
// fast hops + 7 S, and the schedule verifies.
TEST(LowerBoundsTest, PipelinedAllReduceBeatsTheSumOfIngress) {
  constexpr int64_t kS = 1000 * kUs, kF = kUs;
  TopologySpec topology;
  topology.explicitNpus = 3;
  for (auto [src, dst, bw] :
       std::vector<std::tuple<int64_t, int64_t, double>>{
           {0, 1, 1e9}, {0, 2, 1e9}, {2, 1, 1e9},
           {1, 0, 1e12}, {1, 2, 1e12}, {2, 0, 1e12}})
    topology.links.push_back({src, dst, false, false, link(bw, 0)});
  ASSERT_TRUE(check(topology).empty());
  Network net = buildNetwork(topology);
  CollectiveSpec spec;
  spec.kind = CollectiveKind::AllReduce;
  spec.sizeBytes = 12'000'000;
  spec.chunksPerRank = 4;
  ASSERT_EQ(checkCollective(spec, 3), "");
  ASSERT_EQ(spec.numChunks(3), 12);

  Schedule s;
  auto add = [&](uint32_t chunk, uint32_t src, uint32_t dst,
                 TransferKind kind, int64_t start) {
    int64_t cost = (src == 0 && dst != 0) || (src == 2 && dst == 1) ? kS : kF;
    s.push_back({chunk, src, dst, 0, kind, start, start + cost});
  };
  auto reduce = TransferKind::Reduce, copy = TransferKind::Copy;
  // Contributions over the fast links, before 8 F.
  for (uint32_t i = 0; i < 8; ++i)
    add(i, 2, 0, reduce, i * kF); // A and B: 0 holds {0, 2}
  for (uint32_t i = 0; i < 4; ++i) {
    add(i, 1, 0, reduce, i * kF);     // A complete at 0
    add(8 + i, 1, 2, reduce, i * kF); // C: 2 holds {1, 2}
  }
  const int64_t t0 = 8 * kF;
  // 0 -> 1: B4 B5 A0 B6 B7 A2; 0 -> 2: A1 C8 C9 A3 C10 C11.
  uint32_t toOne[] = {4, 5, 0, 6, 7, 2}, toTwo[] = {1, 8, 9, 3, 10, 11};
  for (int64_t j = 0; j < 6; ++j) {
    int64_t start = t0 + j * kS, end = start + kS;
    uint32_t b = toOne[j], c = toTwo[j];
    add(b, 0, 1, b < 4 ? copy : reduce, start);
    add(c, 0, 2, c < 4 ? copy : reduce, start);
    // What 1 completes goes on to 0 (B) and 2 (A, B); 2 forwards to 1.
    if (b >= 4)
      add(b, 1, 0, copy, end);
    add(b, 1, 2, copy, end + kF);
    if (c >= 8)
      add(c, 2, 0, copy, end);
    add(c, 2, 1, copy, end);
  }
  int64_t time = t0 + 7 * kS;
  std::vector<Violation> found =
      verifyAlgorithm(net, buildVerificationSpec(spec, 3, LinkModel::Blocking),
                      s.view(), time);
  ASSERT_TRUE(found.empty()) << found[0].message;

  std::optional<LowerBounds> b =
      computeCollectiveBounds(net, spec, LinkModel::Blocking);
  ASSERT_TRUE(b);
  EXPECT_EQ(b->ingressPs, 4 * kS);
  EXPECT_LT(time, 8 * kS);
  EXPECT_GE(time, b->best());
  EXPECT_FALSE(certify(time, *b).contradiction);
}

TEST(LowerBoundsTest, BestNamesTheLargestBound) {
  LowerBounds b;
  b.ingressPs = 3;
  b.latencyPs = 5;
  b.discretePs = 4;
  EXPECT_EQ(b.bestKind(), BoundKind::Latency);
  EXPECT_STREQ(b.bestName(), "latency");
  b.cutPs = 7;
  EXPECT_STREQ(b.bestName(), "cut");
  b.loadPs = 8;
  EXPECT_STREQ(b.bestName(), "load");
  b.pathPs = 9;
  EXPECT_STREQ(b.bestName(), "path");
  b.occupancyPs = 10;
  EXPECT_STREQ(b.bestName(), "occupancy");
  EXPECT_EQ(b.best(), 10);
  b.volumePs = 11;
  EXPECT_STREQ(b.bestName(), "volume");
  b.volumePs = 1;
  // A tie goes to the first in report order.
  b.discretePs = 10;
  EXPECT_STREQ(b.bestName(), "discrete");
  EXPECT_EQ(b.best(), 10);
  EXPECT_EQ(b.get(BoundKind::Occupancy), 10);
  EXPECT_STREQ(boundName(BoundKind::Ingress), "ingress");
  // Nothing computed: ingress 0 is the best.
  EXPECT_STREQ(LowerBounds().bestName(), "ingress");
}

// The ring(4) All-Gather above: 42 us is its discrete bound.
TEST(LowerBoundsTest, CertificateOfAnOptimalSchedule) {
  Network net = ring(4);
  Problem p = problem(net, CollectiveKind::AllGather, 4'000'000);
  LowerBounds b = computeLowerBounds(net, p, LinkModel::Blocking);
  OptimalityCertificate c = certify(42 * kUs, b);
  EXPECT_TRUE(c.optimal);
  EXPECT_FALSE(c.contradiction);
  EXPECT_EQ(c.boundKind, BoundKind::Discrete);
  EXPECT_STREQ(c.bound, "discrete");
  EXPECT_EQ(c.boundPs, 42 * kUs);
  EXPECT_EQ(c.gap, 1.0);
  EXPECT_EQ(c.describe(), "equals the discrete lower bound (42.000 us)");
}

TEST(LowerBoundsTest, CertificateOfASlowerSchedule) {
  LowerBounds b;
  b.ingressPs = 30 * kUs;
  b.occupancyPs = 40 * kUs;
  // One picosecond above is not optimal: the bounds are exact integers.
  OptimalityCertificate c = certify(40 * kUs + 1, b);
  EXPECT_FALSE(c.optimal);
  EXPECT_FALSE(c.contradiction);
  EXPECT_STREQ(c.bound, "occupancy");
  c = certify(42 * kUs, b);
  ASSERT_TRUE(c.gap);
  EXPECT_DOUBLE_EQ(*c.gap, 1.05);
  EXPECT_EQ(c.describe(), "gap 1.0500 to the occupancy lower bound (40.000 us)");
  // A gap four decimals would round away is said as the time it is.
  c = certify(40 * kUs + 216, b);
  EXPECT_EQ(c.describe(), "gap 216 ps (ratio 1.00001) to the occupancy "
                          "lower bound (40.000 us)");
  // Below a bound: nothing is certified.
  c = certify(39 * kUs, b);
  EXPECT_FALSE(c.optimal);
  EXPECT_TRUE(c.contradiction);
  EXPECT_FALSE(c.gap);
  EXPECT_EQ(c.describe(), "below the occupancy lower bound (40.000 us): a "
                          "wrong bound or time");
}

// What a report says of an exact search's result (issue 17): proved by the
// search, certified by a bound, or the gap to the tighter of the best proved
// infeasible time and the best bound.
TEST(LowerBoundsTest, ExactVerdicts) {
  LowerBounds b;
  b.discretePs = 282'100'000;
  ExactVerdict v = judgeExact(300 * kUs, true, "every faster time is "
                                               "infeasible", 299 * kUs, b);
  EXPECT_TRUE(v.optimal);
  EXPECT_EQ(v.text, "optimal: every faster time is infeasible");
  v = judgeExact(300 * kUs, true, "", -1, std::nullopt);
  EXPECT_EQ(v.text, "optimal: proved by the search");
  // Nothing proved, but the time is the bound's.
  v = judgeExact(282'100'000, false, "", -1, b);
  EXPECT_TRUE(v.optimal);
  EXPECT_EQ(v.proof, "equals the discrete lower bound (282.100 us)");
  EXPECT_EQ(v.text, "optimal: equals the discrete lower bound (282.100 us)");
  // A proved infeasible time above the bound is the tighter.
  v = judgeExact(300 * kUs, false, "", 290 * kUs, b);
  EXPECT_FALSE(v.optimal);
  EXPECT_EQ(v.text,
            "gap 1.0345 to the best proved infeasible time 290.000 us");
  // Below the bound, the bound is.
  v = judgeExact(300 * kUs, false, "", 200 * kUs, b);
  EXPECT_EQ(v.text, "gap 1.0635 to the discrete lower bound (282.100 us)");
  v = judgeExact(300 * kUs, false, "", -1, b);
  EXPECT_EQ(v.text, "not proved optimal; gap 1.0635 to the discrete lower "
                    "bound (282.100 us)");
  v = judgeExact(300 * kUs, false, "", -1, std::nullopt);
  EXPECT_EQ(v.text, "not proved optimal");
  v = judgeExact(300 * kUs + 5, false, "", 300 * kUs, std::nullopt);
  EXPECT_EQ(v.text, "gap 5 ps (ratio 1.00000002) to the best proved "
                    "infeasible time 300.000 us");
  v = judgeExact(300 * kUs, false, "", 0, std::nullopt);
  EXPECT_EQ(v.text, "gap n/a to the best proved infeasible time 0.000 us");
}

TEST(LowerBoundsTest, CertificateOfZeroAndUnreachable) {
  // One NPU: nothing to do, 0 ps is optimal.
  OptimalityCertificate c = certify(0, LowerBounds());
  EXPECT_TRUE(c.optimal);
  EXPECT_EQ(c.gap, 1.0);
  // A bound of 0 under a positive time: no ratio.
  c = certify(5, LowerBounds());
  EXPECT_FALSE(c.optimal);
  EXPECT_FALSE(c.gap);
  EXPECT_EQ(c.describe(), "above the ingress lower bound (0.000 us)");
  // No schedule can finish when a destination is unreachable.
  LowerBounds b;
  b.latencyPs = kInf;
  c = certify(5, b);
  EXPECT_TRUE(c.contradiction);
  EXPECT_EQ(c.describe(), "below the latency lower bound (unreachable): a "
                          "wrong bound or time");
}
