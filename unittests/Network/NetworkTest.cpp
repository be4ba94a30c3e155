//===- NetworkTest.cpp - Building and querying the graph model --*- C++ -*-===//

#include "tacos/Network/Network.h"
#include "tacos/Network/Diameter.h"
#include "tacos/Network/LinkCost.h"
#include "tacos/Network/Quantity.h"

#include "gtest/gtest.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <optional>
#include <random>
#include <string>
#include <vector>

using namespace tacos;

namespace {

constexpr int64_t kUs = 1'000'000; // ps

LinkSpec link(double bw = 50e9, int64_t latPs = kUs / 2,
              std::string tier = "") {
  LinkSpec l;
  l.bandwidthBps = bw;
  l.latencyPs = latPs;
  l.tier = std::move(tier);
  return l;
}

DimSpec dim(DimKind kind, int64_t size, LinkSpec l = link()) {
  return {kind, size, std::move(l)};
}

TopologySpec dimsSpec(std::vector<DimSpec> dims) {
  TopologySpec s;
  s.dims = std::move(dims);
  return s;
}

Network build(std::vector<DimSpec> dims) {
  TopologySpec s = dimsSpec(std::move(dims));
  EXPECT_TRUE(check(s).empty());
  return buildNetwork(s);
}

TopologySpec mesh5x5() {
  return dimsSpec({dim(DimKind::Line, 5), dim(DimKind::Line, 5)});
}
TopologySpec torus4x4() {
  return dimsSpec({dim(DimKind::Ring, 4), dim(DimKind::Ring, 4)});
}

/// The id of the only link a -> b, or nothing.
std::optional<LinkId> findLink(const Network &net, NodeId a, NodeId b) {
  std::optional<LinkId> found;
  for (LinkId l : net.outLinks(a)) {
    if (net.dst(l) != b)
      continue;
    EXPECT_FALSE(found) << "parallel links " << a << " -> " << b;
    found = l;
  }
  return found;
}

std::vector<NodeId> outNeighbours(const Network &net, NodeId n) {
  std::vector<NodeId> out;
  for (LinkId l : net.outLinks(n))
    out.push_back(net.dst(l));
  return out;
}

/// The same graph without the product marker, so queries take the generic
/// path.
Network rebuild(const Network &net) {
  NetworkBuilder b(net.numNpus());
  for (NodeId s = net.numNpus(); s < net.numNodes(); ++s)
    b.addSwitch(net.switchName(s), net.switchPorts(s));
  for (LinkId l = 0; l < net.numLinks(); ++l)
    b.addLink(net.src(l), net.dst(l),
              link(net.bandwidth(l), net.latency(l), net.tier(l)));
  return b.build();
}

/// Floyd-Warshall over all nodes: {hop diameter, latency diameter} among
/// NPUs, or nothing if some NPU pair is unreachable.
std::optional<std::pair<int64_t, int64_t>> bruteDiameters(const Network &net) {
  const size_t n = net.numNodes();
  const int64_t inf = std::numeric_limits<int64_t>::max() / 4;
  std::vector<int64_t> hop(n * n, inf), lat(n * n, inf);
  for (size_t i = 0; i < n; ++i)
    hop[i * n + i] = lat[i * n + i] = 0;
  for (LinkId l = 0; l < net.numLinks(); ++l) {
    size_t a = net.src(l), b = net.dst(l);
    hop[a * n + b] = 1;
    lat[a * n + b] = std::min(lat[a * n + b], net.latency(l));
  }
  for (size_t k = 0; k < n; ++k)
    for (size_t i = 0; i < n; ++i)
      for (size_t j = 0; j < n; ++j) {
        hop[i * n + j] =
            std::min(hop[i * n + j], hop[i * n + k] + hop[k * n + j]);
        lat[i * n + j] =
            std::min(lat[i * n + j], lat[i * n + k] + lat[k * n + j]);
      }
  int64_t h = 0, t = 0;
  for (size_t i = 0; i < net.numNpus(); ++i)
    for (size_t j = 0; j < net.numNpus(); ++j) {
      if (hop[i * n + j] >= inf)
        return std::nullopt;
      h = std::max(h, hop[i * n + j]);
      t = std::max(t, lat[i * n + j]);
    }
  return std::make_pair(h, t);
}

TEST(NetworkTest, LinkCountsOfBlocks) {
  Network mesh = buildNetwork(mesh5x5());
  EXPECT_EQ(mesh.numNpus(), 25u);
  EXPECT_EQ(mesh.numSwitches(), 0u);
  EXPECT_EQ(mesh.numLinks(), 80u);

  EXPECT_EQ(buildNetwork(torus4x4()).numLinks(), 64u);
  // ring(2) is one link pair, not two.
  EXPECT_EQ(build({dim(DimKind::Ring, 2), dim(DimKind::Ring, 2)}).numLinks(),
            8u);
  EXPECT_EQ(build({dim(DimKind::Ring, 2)}).numLinks(), 2u);
  EXPECT_EQ(build({dim(DimKind::Ring, 1), dim(DimKind::Ring, 3)}).numLinks(),
            6u);
  EXPECT_EQ(build({dim(DimKind::Ring, 3)}).numLinks(), 6u);
  EXPECT_EQ(build({dim(DimKind::Line, 1)}).numLinks(), 0u);
  EXPECT_EQ(build({dim(DimKind::FullyConnected, 4)}).numLinks(), 12u);
  EXPECT_EQ(build({dim(DimKind::UniRing, 5)}).numLinks(), 5u);
  EXPECT_EQ(build({dim(DimKind::UniRing, 2)}).numLinks(), 2u);
  EXPECT_EQ(build({dim(DimKind::FullyConnected, 3), dim(DimKind::Line, 2)})
                .numLinks(),
            2u * 6u + 3u * 2u);
}

TEST(NetworkTest, Hypercube) {
  Network q4 = build({dim(DimKind::Line, 2), dim(DimKind::Line, 2),
                      dim(DimKind::Line, 2), dim(DimKind::Line, 2)});
  EXPECT_EQ(q4.numNpus(), 16u);
  EXPECT_EQ(q4.numLinks(), 64u);
  for (NodeId n = 0; n < 16; ++n) {
    std::vector<NodeId> expected;
    for (int bit = 0; bit < 4; ++bit)
      expected.push_back(n ^ (1u << bit));
    std::sort(expected.begin(), expected.end());
    EXPECT_EQ(outNeighbours(q4, n), expected) << n;
  }
}

TEST(NetworkTest, SwitchDims) {
  Network one = build({dim(DimKind::Switch, 8, link(450e9, 700000))});
  EXPECT_EQ(one.numNpus(), 8u);
  EXPECT_EQ(one.numSwitches(), 1u);
  EXPECT_EQ(one.numLinks(), 16u);
  EXPECT_TRUE(one.isSwitch(8));
  EXPECT_FALSE(one.isSwitch(7));
  EXPECT_EQ(one.switchPorts(8), (std::vector<NodeId>{0, 1, 2, 3, 4, 5, 6, 7}));
  EXPECT_EQ(one.outLinks(0).size(), 1u);
  EXPECT_EQ(one.outLinks(8).size(), 8u);

  Network pod = build({dim(DimKind::Switch, 8), dim(DimKind::Switch, 4)});
  EXPECT_EQ(pod.numNpus(), 32u);
  EXPECT_EQ(pod.numSwitches(), 4u + 8u);
  EXPECT_EQ(pod.numNodes(), 44u);
  EXPECT_EQ(pod.numLinks(), 32u * 4u); // two ports per NPU, both directions

  Network mixed = build({dim(DimKind::Ring, 4), dim(DimKind::Switch, 8)});
  EXPECT_EQ(mixed.numNpus(), 32u);
  EXPECT_EQ(mixed.numSwitches(), 4u);
  EXPECT_EQ(mixed.numLinks(), 8u * 8u + 4u * 16u);
  // The switch of ring coordinate 1 joins NPUs 1, 5, ..., 29.
  EXPECT_EQ(mixed.switchPorts(33),
            (std::vector<NodeId>{1, 5, 9, 13, 17, 21, 25, 29}));
}

TEST(NetworkTest, SwitchNodeOrder) {
  // [switch(2), switch(3)]: dimension-0 switches first, by the dimension-1
  // coordinate, then dimension-1 switches by the dimension-0 coordinate.
  Network net = build({dim(DimKind::Switch, 2), dim(DimKind::Switch, 3)});
  ASSERT_EQ(net.numNodes(), 11u);
  EXPECT_EQ(net.switchPorts(6), (std::vector<NodeId>{0, 1}));
  EXPECT_EQ(net.switchPorts(7), (std::vector<NodeId>{2, 3}));
  EXPECT_EQ(net.switchPorts(8), (std::vector<NodeId>{4, 5}));
  EXPECT_EQ(net.switchPorts(9), (std::vector<NodeId>{0, 2, 4}));
  EXPECT_EQ(net.switchPorts(10), (std::vector<NodeId>{1, 3, 5}));
  // Names are unique and stable.
  EXPECT_EQ(net.switchName(6), "dim0_0");
  EXPECT_EQ(net.switchName(10), "dim1_1");
}

TEST(NetworkTest, MixedRadixIds) {
  // line(3) x line(4): NPU 1 is (1,0), NPU 4 is (1,1).
  Network net = build({dim(DimKind::Line, 3), dim(DimKind::Line, 4)});
  EXPECT_TRUE(findLink(net, 1, 4));
  EXPECT_TRUE(findLink(net, 4, 1));
  EXPECT_EQ(outNeighbours(net, 1), (std::vector<NodeId>{0, 2, 4}));
  EXPECT_EQ(outNeighbours(net, 4), (std::vector<NodeId>{1, 3, 5, 7}));
  EXPECT_FALSE(findLink(net, 2, 3)); // (2,0) and (0,1)
}

TEST(NetworkTest, PerLinkValues) {
  Network net = build({dim(DimKind::Ring, 4, link(10e9, 1 * kUs)),
                       dim(DimKind::Ring, 4, link(20e9, 2 * kUs, "pod"))});
  std::optional<LinkId> x = findLink(net, 0, 1), y = findLink(net, 0, 4);
  std::optional<LinkId> wrap = findLink(net, 12, 0);
  ASSERT_TRUE(x && y && wrap);
  EXPECT_EQ(net.bandwidth(*x), 10e9);
  EXPECT_EQ(net.latency(*x), 1 * kUs);
  EXPECT_EQ(net.tier(*x), "");
  EXPECT_EQ(net.bandwidth(*y), 20e9);
  EXPECT_EQ(net.latency(*y), 2 * kUs);
  EXPECT_EQ(net.tier(*y), "pod");
  EXPECT_EQ(net.tier(*wrap), "pod");
  EXPECT_EQ(net.src(*wrap), 12u);
  EXPECT_EQ(net.dst(*wrap), 0u);
}

TEST(NetworkTest, IngressAndEgress) {
  Network torus = build(
      {dim(DimKind::Ring, 4, link(50e9)), dim(DimKind::Ring, 4, link(25e9))});
  for (NodeId n = 0; n < 16; ++n) {
    EXPECT_EQ(torus.ingressBandwidth(n), 150e9);
    EXPECT_EQ(torus.egressBandwidth(n), 150e9);
  }
  Network sw = build({dim(DimKind::Switch, 8, link(450e9))});
  EXPECT_EQ(sw.ingressBandwidth(0), 450e9);
  EXPECT_EQ(sw.ingressBandwidth(8), 8 * 450e9);
  Network line = build({dim(DimKind::Line, 3)});
  EXPECT_EQ(line.ingressBandwidth(0), 50e9);
  EXPECT_EQ(line.ingressBandwidth(1), 100e9);

  Network undecided = build(
      {dim(DimKind::Ring, 4, link(NAN)), dim(DimKind::Ring, 2, link(10e9))});
  EXPECT_TRUE(std::isnan(undecided.ingressBandwidth(0)));
  EXPECT_TRUE(std::isnan(undecided.egressBandwidth(5)));
  EXPECT_TRUE(undecided.hasUndecidedBandwidth());
  EXPECT_FALSE(torus.hasUndecidedBandwidth());
}

TEST(NetworkTest, ExplicitNetwork) {
  TopologySpec s;
  s.explicitNpus = 6;
  s.links = {{0, 1, false, false, link(25e9, kUs)},
             {1, 2, true, false, link(25e9, kUs)}};
  s.switches = {{"nvs", {2, 3, 4, 5}, link(100e9, kUs / 2)}};
  ASSERT_TRUE(check(s).empty());
  Network net = buildNetwork(s);
  EXPECT_EQ(net.numNpus(), 6u);
  EXPECT_EQ(net.numNodes(), 7u);
  EXPECT_EQ(net.numLinks(), 1u + 2u + 8u);
  EXPECT_EQ(net.switchName(6), "nvs");
  EXPECT_EQ(net.switchPorts(6), (std::vector<NodeId>{2, 3, 4, 5}));
  EXPECT_TRUE(findLink(net, 0, 1));
  EXPECT_FALSE(findLink(net, 1, 0));
  EXPECT_TRUE(findLink(net, 2, 1));
  EXPECT_TRUE(findLink(net, 5, 6));
  EXPECT_TRUE(findLink(net, 6, 5));
  EXPECT_TRUE(net.productDims().empty());
  EXPECT_EQ(net.hopDistances(0)[5], 4); // 0 -> 1 -> 2 -> switch -> 5
  EXPECT_EQ(net.shortestLatencies(0)[5], 3 * kUs);
}

TEST(NetworkTest, SwitchFabric) {
  // Two leaves and a spine defined before them; NPU 3 also has a slower
  // port on the spine, and a spine -> leaf1 link is one-way extra.
  TopologySpec s;
  s.explicitNpus = 4;
  s.switches = {{"spine", {}, link(100e9, kUs), {"leaf1", "leaf0"}},
                {"leaf0", {0, 1}, link()},
                {"leaf1", {2, 3}, link()}};
  ExplicitLink slow{3, 0, true, false, link(10e9, 2 * kUs), "", "spine"};
  ExplicitLink extra{0, 0, false, true, link(5e9, kUs), "spine", "leaf1"};
  s.links = {slow, extra};
  ASSERT_TRUE(check(s).empty());
  Network net = buildNetwork(s);
  // Explicit switches follow the NPUs in op order.
  ASSERT_EQ(net.numSwitches(), 3u);
  const NodeId spine = 4, leaf0 = 5, leaf1 = 6;
  EXPECT_EQ(net.switchName(spine), "spine");
  EXPECT_EQ(countLinks(s), net.numLinks());
  EXPECT_EQ(net.numLinks(), 2u * 4 + 2 * 2 + 2 + 1);
  // Ports as listed, then the other neighbours by id.
  EXPECT_EQ(net.switchPorts(spine), (std::vector<NodeId>{leaf1, leaf0, 3}));
  EXPECT_EQ(net.switchPorts(leaf0), (std::vector<NodeId>{0, 1, spine}));
  EXPECT_EQ(net.switchPorts(leaf1), (std::vector<NodeId>{2, 3, spine}));
  ASSERT_TRUE(findLink(net, leaf0, spine));
  EXPECT_EQ(net.bandwidth(*findLink(net, leaf0, spine)), 100e9);
  ASSERT_TRUE(findLink(net, 3, spine));
  EXPECT_EQ(net.latency(*findLink(net, spine, 3)), 2 * kUs);
  size_t spineToLeaf1 = 0;
  for (LinkId l : net.outLinks(spine))
    spineToLeaf1 += net.dst(l) == leaf1;
  EXPECT_EQ(spineToLeaf1, 2u); // the listed port and the parallel extra
  EXPECT_EQ(net.hopDiameter(), 4);
  EXPECT_FALSE(net.findUnreachablePair());
}

TEST(NetworkTest, BuilderCompletesSwitchPorts) {
  NetworkBuilder b(3);
  NodeId s = b.addSwitch("s", {2});
  NodeId t = b.addSwitch("t", {});
  for (auto [u, v] : {std::pair{NodeId(0), s}, {s, NodeId(1)}, {s, t}, {t, s},
                      {NodeId(2), s}, {s, NodeId(2)}})
    b.addLink(u, v, link());
  Network net = b.build();
  EXPECT_EQ(net.switchPorts(s), (std::vector<NodeId>{2, 0, 1, t}));
  EXPECT_EQ(net.switchPorts(t), (std::vector<NodeId>{s}));
}

TEST(NetworkTest, Drops) {
  TopologySpec s = torus4x4();
  s.drops = {{5, 6, true}};
  ASSERT_TRUE(check(s).empty());
  Network net = buildNetwork(s);
  EXPECT_EQ(net.numLinks(), 62u);
  EXPECT_FALSE(findLink(net, 5, 6));
  EXPECT_FALSE(findLink(net, 6, 5));
  EXPECT_TRUE(net.productDims().empty());

  s.drops = {{5, 6, false}};
  EXPECT_EQ(buildNetwork(s).numLinks(), 63u);

  // A drop removes parallel links too.
  TopologySpec p = torus4x4();
  p.links = {{5, 6, false, true, link(1e9)}, {0, 5, false, false, link()}};
  ASSERT_TRUE(check(p).empty());
  EXPECT_EQ(buildNetwork(p).numLinks(), 66u);
  p.drops = {{5, 6, false}};
  EXPECT_EQ(buildNetwork(p).numLinks(), 64u);
}

TEST(NetworkTest, LinkIdOrder) {
  TopologySpec s = torus4x4();
  s.links = {{3, 1, false, false, link()},
             {0, 1, false, true, link(1e9, 7)}}; // parallel to a ring link
  ASSERT_TRUE(check(s).empty());
  Network net = buildNetwork(s);
  for (LinkId l = 1; l < net.numLinks(); ++l) {
    ASSERT_LE(net.src(l - 1), net.src(l));
    if (net.src(l - 1) == net.src(l)) {
      ASSERT_LE(net.dst(l - 1), net.dst(l));
    }
  }
  // CSR out-ranges are the id order itself.
  LinkId next = 0;
  for (NodeId n = 0; n < net.numNodes(); ++n)
    for (LinkId l : net.outLinks(n))
      EXPECT_EQ(l, next++);
  EXPECT_EQ(next, net.numLinks());
  // In-links by increasing source.
  size_t seen = 0;
  for (NodeId n = 0; n < net.numNodes(); ++n) {
    std::vector<LinkId> in(net.inLinks(n).begin(), net.inLinks(n).end());
    seen += in.size();
    for (size_t i = 0; i < in.size(); ++i) {
      EXPECT_EQ(net.dst(in[i]), n);
      if (i > 0) {
        EXPECT_LT(in[i - 1], in[i]);
      }
    }
  }
  EXPECT_EQ(seen, net.numLinks());
  // The dims link comes before the parallel explicit one (order of
  // appearance breaks the (src, dst) tie).
  std::vector<LinkId> zeroOne;
  for (LinkId l : net.outLinks(0))
    if (net.dst(l) == 1)
      zeroOne.push_back(l);
  ASSERT_EQ(zeroOne.size(), 2u);
  EXPECT_EQ(net.bandwidth(zeroOne[0]), 50e9);
  EXPECT_EQ(net.bandwidth(zeroOne[1]), 1e9);
  EXPECT_EQ(zeroOne[1], zeroOne[0] + 1);
}

TEST(NetworkTest, BuilderSortsLinks) {
  NetworkBuilder b(3);
  b.addLink(2, 0, link(1, 1));
  b.addLink(0, 2, link(2, 2, "a"));
  b.addLink(0, 1, link(3, 3, "b"));
  b.addLink(0, 2, link(4, 4, "a"));
  Network net = b.build();
  ASSERT_EQ(net.numLinks(), 4u);
  EXPECT_EQ(net.latency(0), 3); // 0 -> 1
  EXPECT_EQ(net.latency(1), 2); // 0 -> 2, first written
  EXPECT_EQ(net.latency(2), 4); // 0 -> 2, second written
  EXPECT_EQ(net.latency(3), 1); // 2 -> 0
  EXPECT_EQ(net.tier(0), "b");
  EXPECT_EQ(net.tier(1), "a");
  EXPECT_EQ(net.tier(3), "");
  EXPECT_EQ(net.outLinks(1).size(), 0u);
  EXPECT_EQ(net.inLinks(2).size(), 2u);
}

TEST(NetworkTest, InsertionOrderDoesNotMatter) {
  // buildNetwork emits this product already sorted; a builder fed the same
  // links backwards must sort them into the same network.
  Network fast = build({dim(DimKind::Ring, 3, link(1e9, 1, "a")),
                        dim(DimKind::Switch, 4, link(2e9, 2, "b")),
                        dim(DimKind::FullyConnected, 3, link(3e9, 3))});
  NetworkBuilder b(fast.numNpus());
  for (NodeId s = fast.numNpus(); s < fast.numNodes(); ++s)
    b.addSwitch(fast.switchName(s), fast.switchPorts(s));
  for (LinkId l = LinkId(fast.numLinks()); l-- > 0;)
    b.addLink(fast.src(l), fast.dst(l),
              link(fast.bandwidth(l), fast.latency(l), fast.tier(l)));
  Network slow = b.build();
  ASSERT_EQ(slow.numLinks(), fast.numLinks());
  EXPECT_EQ(fast.numLinks(), 36u * (2 + 2 + 2));
  for (LinkId l = 0; l < fast.numLinks(); ++l) {
    EXPECT_EQ(slow.src(l), fast.src(l));
    EXPECT_EQ(slow.dst(l), fast.dst(l));
    EXPECT_EQ(slow.bandwidth(l), fast.bandwidth(l));
    EXPECT_EQ(slow.tier(l), fast.tier(l));
  }
  for (NodeId n = 0; n < fast.numNodes(); ++n) {
    EXPECT_TRUE(std::equal(fast.outLinks(n).begin(), fast.outLinks(n).end(),
                           slow.outLinks(n).begin(), slow.outLinks(n).end()));
    EXPECT_TRUE(std::equal(fast.inLinks(n).begin(), fast.inLinks(n).end(),
                           slow.inLinks(n).begin(), slow.inLinks(n).end()));
    EXPECT_EQ(fast.ingressBandwidth(n), slow.ingressBandwidth(n));
  }
  // NPU 0's links: ring and fully-connected neighbours, then its switch.
  EXPECT_EQ(outNeighbours(fast, 0), (std::vector<NodeId>{1, 2, 12, 24, 36}));
  EXPECT_EQ(fast.switchPorts(36), (std::vector<NodeId>{0, 3, 6, 9}));
  EXPECT_EQ(outNeighbours(fast, 36), (std::vector<NodeId>{0, 3, 6, 9}));
}

TEST(NetworkTest, ProductDimsOnlyWhenPure) {
  EXPECT_EQ(buildNetwork(torus4x4()).productDims().size(), 2u);
  TopologySpec withLink = torus4x4();
  withLink.links = {{0, 5, false, false, link()}};
  EXPECT_TRUE(buildNetwork(withLink).productDims().empty());
  TopologySpec withSwitch = torus4x4();
  withSwitch.switches = {{"s", {0, 5}, link()}};
  EXPECT_TRUE(buildNetwork(withSwitch).productDims().empty());
}

TEST(NetworkTest, TransferTime) {
  NetworkBuilder b(2);
  b.addLink(0, 1, link(50e9, kUs / 2));
  b.addLink(0, 1, link(53687091200.0, 0));
  b.addLink(0, 1, link(3, 0));
  b.addLink(0, 1, link(1, 10));
  b.addLink(1, 0, link(NAN, 0));
  Network net = b.build();
  // 1 GB over 50 GBps is 20 ms exactly.
  EXPECT_EQ(net.transferTimePs(0, 1e9), 20'000'000'000 + kUs / 2);
  EXPECT_EQ(net.transferTimePs(1, 1073741824.0), 20'000'000'000);
  EXPECT_EQ(net.transferTimePs(0, 0), kUs / 2);
  // Rounds up to whole picoseconds.
  EXPECT_EQ(net.transferTimePs(2, 1), 333'333'333'334);
  EXPECT_EQ(net.transferTimePs(3, 1), 1'000'000'000'010);
  EXPECT_EQ(net.transferTimePs(0, 1), 20 + kUs / 2);
  // 1 PiB over 1 Bps does not fit in int64 picoseconds: saturates.
  EXPECT_EQ(net.transferTimePs(3, uint64_t(kMaxSizeBytes)),
            std::numeric_limits<int64_t>::max());
  EXPECT_EQ(net.transferTimePs(4, 100), std::numeric_limits<int64_t>::max());
}

// A bandwidth that is not a whole number of bytes per second (an unwound
// 450 GBps switch port over 7 peers) is the exact rational its double holds,
// and the time is the exact ceiling of bytes * 10^12 / that rational: long
// double arithmetic is 1 ps off for some of these.
TEST(NetworkTest, TransferTimeIsExactForFractionalBandwidth) {
  __extension__ typedef unsigned __int128 u128;
  NetworkBuilder b(2);
  std::vector<double> bandwidths = {450e9 / 7, 59.87073693956648 * (1 << 30),
                                    136.0 * (1 << 30) / 3, 0.1, 1e12 / 3};
  for (double bw : bandwidths)
    b.addLink(0, 1, link(bw, 0));
  Network net = b.build();
  for (LinkId l = 0; l < bandwidths.size(); ++l) {
    // bw = m / 2^s exactly, with m and s read off the double.
    int exponent;
    double mantissa = std::frexp(bandwidths[l], &exponent);
    u128 m = u128(std::ldexp(mantissa, 53));
    int shift = 53 - exponent;
    for (uint64_t bytes : {1ull, 7ull, 1000ull, 42949673ull, 1ull << 40}) {
      // ceil(bytes * 10^12 * 2^shift / m), shift >= 0 for these bandwidths.
      ASSERT_GE(shift, 0);
      u128 num = (u128(bytes) * 1'000'000'000'000ull) << shift;
      u128 expected = num / m + (num % m != 0);
      if (expected >= u128(std::numeric_limits<int64_t>::max()))
        EXPECT_EQ(net.transferTimePs(l, bytes),
                  std::numeric_limits<int64_t>::max());
      else
        EXPECT_EQ(net.transferTimePs(l, bytes), int64_t(expected))
            << "bandwidth " << bandwidths[l] << ", " << bytes << " B";
    }
  }
}

TEST(NetworkTest, ShortestPathsOnMesh) {
  Network mesh = buildNetwork(mesh5x5());
  std::vector<int64_t> lat = mesh.shortestLatencies(0);
  std::vector<int32_t> hops = mesh.hopDistances(0);
  ASSERT_EQ(lat.size(), 25u);
  EXPECT_EQ(hops[0], 0);
  EXPECT_EQ(hops[1], 1);
  EXPECT_EQ(hops[6], 2);
  EXPECT_EQ(hops[24], 8);
  EXPECT_EQ(lat[24], 8 * kUs / 2);
  EXPECT_EQ(lat[7], 3 * kUs / 2);
  EXPECT_EQ(mesh.hopDiameter(), 8);
  EXPECT_EQ(mesh.latencyDiameter(), 8 * kUs / 2);
  Network generic = rebuild(mesh);
  EXPECT_TRUE(generic.productDims().empty());
  EXPECT_EQ(generic.hopDiameter(), 8);
  EXPECT_EQ(generic.latencyDiameter(), 4 * kUs);
}

TEST(NetworkTest, Diameters) {
  Network torus = buildNetwork(torus4x4());
  EXPECT_EQ(torus.hopDiameter(), 4);
  EXPECT_EQ(torus.latencyDiameter(), 4 * kUs / 2);
  Network q4 = build({dim(DimKind::Line, 2), dim(DimKind::Line, 2),
                      dim(DimKind::Line, 2), dim(DimKind::Line, 2)});
  EXPECT_EQ(q4.hopDiameter(), 4);
  Network sw = build({dim(DimKind::Switch, 8, link(450e9, 700000))});
  EXPECT_EQ(sw.hopDiameter(), 2);
  EXPECT_EQ(sw.latencyDiameter(), 1'400'000);
  Network single = build({dim(DimKind::Ring, 1)});
  EXPECT_EQ(single.hopDiameter(), 0);
  EXPECT_EQ(single.latencyDiameter(), 0);
  Network uni = build({dim(DimKind::UniRing, 5)});
  EXPECT_EQ(uni.hopDiameter(), 4);
}

TEST(NetworkTest, ProductFastPathMatchesGenericPath) {
  std::vector<std::vector<DimSpec>> cases = {
      {dim(DimKind::Line, 5), dim(DimKind::Line, 5)},
      {dim(DimKind::Ring, 5, link(1, 3)), dim(DimKind::Ring, 4, link(1, 10))},
      {dim(DimKind::UniRing, 4, link(1, 2)), dim(DimKind::Line, 3, link(1, 7))},
      {dim(DimKind::FullyConnected, 4, link(1, 5)),
       dim(DimKind::Ring, 2, link(1, 1)), dim(DimKind::Ring, 1)},
      {dim(DimKind::Switch, 4, link(1, 3)), dim(DimKind::Ring, 3, link(1, 4)),
       dim(DimKind::Switch, 2, link(1, 1))},
      {dim(DimKind::Switch, 8), dim(DimKind::Switch, 4, link(1, 2 * kUs))},
      {dim(DimKind::Line, 2), dim(DimKind::Line, 2), dim(DimKind::Line, 2),
       dim(DimKind::Line, 2)},
  };
  for (size_t i = 0; i < cases.size(); ++i) {
    Network fast = build(cases[i]);
    ASSERT_FALSE(fast.productDims().empty());
    Network generic = rebuild(fast);
    ASSERT_TRUE(generic.productDims().empty());
    auto brute = bruteDiameters(fast);
    ASSERT_TRUE(brute) << i;
    EXPECT_EQ(fast.hopDiameter(), brute->first) << i;
    EXPECT_EQ(generic.hopDiameter(), brute->first) << i;
    EXPECT_EQ(fast.latencyDiameter(), brute->second) << i;
    EXPECT_EQ(generic.latencyDiameter(), brute->second) << i;
  }
}

TEST(NetworkTest, DegradedNetworkUsesGenericPath) {
  TopologySpec s = torus4x4();
  s.dims[1].link.latencyPs = 3 * kUs;
  s.drops = {{5, 6, true}, {1, 2, true}, {9, 10, true}, {13, 14, true}};
  ASSERT_TRUE(check(s).empty());
  Network net = buildNetwork(s);
  EXPECT_EQ(net.numLinks(), 56u);
  auto brute = bruteDiameters(net);
  ASSERT_TRUE(brute);
  EXPECT_EQ(net.hopDiameter(), brute->first);
  EXPECT_EQ(net.latencyDiameter(), brute->second);
  // Every ring along dimension 0 is now the line 2-3-0-1, so 1 -> 2 goes
  // the long way round.
  EXPECT_EQ(net.hopDistances(1)[2], 3);
  EXPECT_EQ(net.shortestLatencies(1)[2], 3 * kUs / 2);
  EXPECT_EQ(net.hopDiameter(), 5);
}

TEST(NetworkTest, Unreachable) {
  TopologySpec s;
  s.explicitNpus = 3;
  s.links = {{0, 1, false, false, link()}, {1, 2, true, false, link()}};
  ASSERT_TRUE(check(s).empty());
  Network net = buildNetwork(s);
  auto pair = net.findUnreachablePair();
  ASSERT_TRUE(pair);
  EXPECT_EQ(*pair, std::make_pair(NodeId(1), NodeId(0)));
  EXPECT_EQ(net.hopDistances(pair->first)[pair->second], -1);
  EXPECT_EQ(net.shortestLatencies(2)[0], -1);
  EXPECT_FALSE(net.hopDiameter());
  EXPECT_FALSE(net.latencyDiameter());

  s.links = {{1, 2, true, false, link()}};
  auto isolated = buildNetwork(s).findUnreachablePair();
  ASSERT_TRUE(isolated);
  EXPECT_EQ(*isolated, std::make_pair(NodeId(0), NodeId(1)));

  s.links = {{0, 1, false, false, link()},
             {1, 2, false, false, link()},
             {2, 0, false, false, link()}};
  EXPECT_FALSE(buildNetwork(s).findUnreachablePair());
  EXPECT_EQ(buildNetwork(s).hopDiameter(), 2);

  EXPECT_FALSE(buildNetwork(torus4x4()).findUnreachablePair());
  Network uni = build({dim(DimKind::UniRing, 6)});
  EXPECT_FALSE(uni.findUnreachablePair());
  // Through a switch counts as reachable.
  EXPECT_FALSE(build({dim(DimKind::Switch, 4)}).findUnreachablePair());
}

TEST(NetworkTest, Deterministic) {
  TopologySpec s = dimsSpec({dim(DimKind::Ring, 4, link(1e9, 1, "a")),
                             dim(DimKind::Switch, 3, link(2e9, 2, "b")),
                             dim(DimKind::FullyConnected, 3)});
  s.links = {{0, 5, true, false, link(3e9, 3, "c")},
             {0, 1, false, true, link(4e9, 4, "a")}};
  s.switches = {{"extra", {7, 3, 11}, link(5e9, 5)}};
  s.drops = {{1, 2, true}};
  ASSERT_TRUE(check(s).empty());
  Network a = buildNetwork(s), b = buildNetwork(s);
  ASSERT_EQ(a.numNodes(), b.numNodes());
  ASSERT_EQ(a.numLinks(), b.numLinks());
  for (LinkId l = 0; l < a.numLinks(); ++l) {
    EXPECT_EQ(a.src(l), b.src(l));
    EXPECT_EQ(a.dst(l), b.dst(l));
    EXPECT_EQ(a.bandwidth(l), b.bandwidth(l));
    EXPECT_EQ(a.latency(l), b.latency(l));
    EXPECT_EQ(a.tier(l), b.tier(l));
  }
  for (NodeId n = 0; n < a.numNodes(); ++n) {
    EXPECT_TRUE(std::equal(a.inLinks(n).begin(), a.inLinks(n).end(),
                           b.inLinks(n).begin(), b.inLinks(n).end()));
    EXPECT_EQ(a.ingressBandwidth(n), b.ingressBandwidth(n));
    if (a.isSwitch(n)) {
      EXPECT_EQ(a.switchPorts(n), b.switchPorts(n));
      EXPECT_EQ(a.switchName(n), b.switchName(n));
    }
  }
  EXPECT_EQ(a.switchName(a.numNodes() - 1), "extra");
  EXPECT_EQ(a.switchPorts(a.numNodes() - 1), (std::vector<NodeId>{7, 3, 11}));
}

// The verifier refuses too many links from countLinks, so it must be what
// the builder makes, every building block and drop included.
TEST(NetworkTest, CountLinksIsWhatIsBuilt) {
  std::vector<TopologySpec> cases;
  for (DimKind kind : {DimKind::Line, DimKind::Ring, DimKind::UniRing,
                       DimKind::FullyConnected, DimKind::Switch})
    for (int64_t size : {1, 2, 3, 5})
      if (kind != DimKind::Switch || size >= 2)
        cases.push_back(dimsSpec({dim(kind, size), dim(DimKind::Ring, 3),
                                  dim(kind, size)}));
  TopologySpec mixed = dimsSpec({dim(DimKind::Ring, 4), dim(DimKind::Switch, 3),
                                 dim(DimKind::FullyConnected, 3)});
  mixed.links = {{0, 5, true, false, link()},
                 {0, 1, false, true, link()},
                 {0, 1, true, true, link()}};
  mixed.switches = {{"extra", {7, 3, 11}, link()}};
  mixed.drops = {{1, 2, true}, {0, 1, false}, {3, 0, false}};
  cases.push_back(mixed);
  TopologySpec degraded = torus4x4();
  degraded.drops = {{5, 6, true}, {1, 2, false}};
  cases.push_back(degraded);
  for (size_t i = 0; i < cases.size(); ++i) {
    ASSERT_TRUE(check(cases[i]).empty()) << i;
    EXPECT_EQ(countLinks(cases[i]), buildNetwork(cases[i]).numLinks()) << i;
  }
}

/// Random connected networks: a directed cycle through every NPU (so all
/// reach all), random extra links, sometimes a switch.
Network randomNetwork(unsigned seed) {
  std::mt19937 rng(seed);
  uint32_t n = 2 + rng() % 30;
  NetworkBuilder b(n);
  std::vector<NodeId> order(n);
  for (NodeId v = 0; v < n; ++v)
    order[v] = v;
  std::shuffle(order.begin(), order.end(), rng);
  NodeId sw = n;
  if (seed % 3 == 0)
    sw = b.addSwitch("s", {order[0], order[n / 2]});
  for (NodeId i = 0; i < n; ++i)
    b.addLink(order[i], order[(i + 1) % n], link(1, 1 + rng() % 9));
  for (uint32_t k = rng() % (2 * n); k > 0; --k) {
    NodeId a = rng() % n, c = rng() % n;
    if (a != c)
      b.addLink(a, c, link(1, 1 + rng() % 9));
  }
  if (sw != n)
    for (NodeId p : {order[0], order[n / 2]}) {
      b.addLink(p, sw, link(1, 2));
      b.addLink(sw, p, link(1, 2));
    }
  return b.build();
}

TEST(NetworkTest, DiameterBoundsBracketTheDiameter) {
  for (unsigned seed = 0; seed < 300; ++seed) {
    Network net = randomNetwork(seed);
    auto brute = bruteDiameters(net);
    ASSERT_TRUE(brute) << seed;
    // Within the budget: exact.
    auto hop = hopDiameterBounds(net), lat = latencyDiameterBounds(net);
    ASSERT_TRUE(hop && lat) << seed;
    EXPECT_TRUE(hop->exact() && lat->exact()) << seed;
    EXPECT_EQ(hop->lower, brute->first) << seed;
    EXPECT_EQ(lat->lower, brute->second) << seed;
    // No budget: bounds that hold.
    hop = hopDiameterBounds(net, 0);
    lat = latencyDiameterBounds(net, 0);
    ASSERT_TRUE(hop && lat) << seed;
    EXPECT_LE(hop->lower, brute->first) << seed;
    EXPECT_GE(hop->upper, brute->first) << seed;
    EXPECT_LE(lat->lower, brute->second) << seed;
    EXPECT_GE(lat->upper, brute->second) << seed;
  }
}

TEST(NetworkTest, DiameterBoundsOfLargeNetworks) {
  // A 10^6-NPU ring with one link pair dropped is a line, not a product:
  // the exact search would be 10^6 BFS; the bounds take a few and are
  // within one hop (the line's middle is between two NPUs).
  TopologySpec line = dimsSpec({dim(DimKind::Ring, 1'000'000)});
  line.drops = {{0, 1, true}};
  ASSERT_TRUE(check(line).empty());
  Network net = buildNetwork(line);
  ASSERT_TRUE(net.productDims().empty());
  auto hop = hopDiameterBounds(net);
  ASSERT_TRUE(hop);
  EXPECT_EQ(hop->lower, 999'999);
  EXPECT_EQ(hop->upper, 1'000'000);
  auto lat = latencyDiameterBounds(net);
  ASSERT_TRUE(lat);
  EXPECT_EQ(lat->lower, 999'999 * (kUs / 2));
  // A ring with a one-way drop: D = n - 1 found by the sweeps.
  TopologySpec ring = dimsSpec({dim(DimKind::Ring, 100'000)});
  ring.drops = {{0, 1, false}};
  auto ringHop = hopDiameterBounds(buildNetwork(ring));
  ASSERT_TRUE(ringHop);
  EXPECT_EQ(ringHop->lower, 99'999);
  EXPECT_GE(ringHop->upper, 99'999);
  // Products stay exact whatever the budget.
  Network torus = build({dim(DimKind::Ring, 1000), dim(DimKind::Ring, 1000)});
  auto exact = hopDiameterBounds(torus, 0);
  ASSERT_TRUE(exact);
  EXPECT_TRUE(exact->exact());
  EXPECT_EQ(exact->lower, 1000);
}

TEST(NetworkTest, DiameterBoundsOfDisconnectedNetworks) {
  TopologySpec s;
  s.explicitNpus = 3;
  s.links = {{0, 1, true, false, link()}};
  Network net = buildNetwork(s);
  EXPECT_FALSE(hopDiameterBounds(net, 0));
  EXPECT_FALSE(latencyDiameterBounds(net));
}

TEST(NetworkTest, FindLinkByLane) {
  NetworkBuilder b(4);
  b.addLink(0, 2, link(1, 7));
  for (int64_t lat : {1, 2, 3})
    b.addLink(0, 1, link(1, lat));
  b.addLink(1, 0, link(1, 9));
  b.addLink(0, 3, link(1, 8));
  Network net = b.build();
  for (uint16_t lane = 0; lane < 3; ++lane) {
    std::optional<LinkId> l = tacos::findLink(net, 0, 1, lane);
    ASSERT_TRUE(l) << lane;
    EXPECT_EQ(net.latency(*l), lane + 1);
  }
  EXPECT_FALSE(tacos::findLink(net, 0, 1, 3));
  EXPECT_EQ(net.latency(*tacos::findLink(net, 0, 2, 0)), 7);
  EXPECT_FALSE(tacos::findLink(net, 0, 2, 1)); // the next lane is 0 -> 3
  EXPECT_EQ(net.latency(*tacos::findLink(net, 0, 3, 0)), 8);
  EXPECT_FALSE(tacos::findLink(net, 0, 3, 1)); // past the last out-link
  EXPECT_FALSE(tacos::findLink(net, 2, 0, 0));
  EXPECT_FALSE(tacos::findLink(net, 9, 0, 0));
  EXPECT_FALSE(tacos::findLink(net, 0, 9, 0));

  // 20,000 lanes: the last one is found without a scan.
  NetworkBuilder many(2);
  for (int64_t i = 0; i < 20000; ++i)
    many.addLink(0, 1, link(1, i));
  Network wide = many.build();
  EXPECT_EQ(wide.latency(*tacos::findLink(wide, 0, 1, 19999)), 19999);
  EXPECT_FALSE(tacos::findLink(wide, 0, 1, 20000));
}

TEST(NetworkTest, LargeTorus) {
  Network net = build({dim(DimKind::Ring, 200), dim(DimKind::Ring, 200)});
  EXPECT_EQ(net.numNpus(), 40000u);
  EXPECT_EQ(net.numLinks(), 160000u);
  for (NodeId n : {0u, 199u, 200u, 39999u}) {
    EXPECT_EQ(net.outLinks(n).size(), 4u);
    EXPECT_EQ(net.inLinks(n).size(), 4u);
  }
  EXPECT_EQ(outNeighbours(net, 0), (std::vector<NodeId>{1, 199, 200, 39800}));
  EXPECT_EQ(net.hopDiameter(), 200);
  EXPECT_EQ(net.hopDistances(0)[20100], 200);
  EXPECT_FALSE(net.findUnreachablePair());
}

} // namespace
