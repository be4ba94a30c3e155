//===- SwitchNetworks.h - Networks with switches for bound tests -*- C++ -*-===//
//
// What the throughput-bound tests share: links, requests, and seeded
// random small networks with switches as nodes.
//
//===----------------------------------------------------------------------===//

#ifndef TACOS_UNITTESTS_SYNTHESIS_SWITCHNETWORKS_H
#define TACOS_UNITTESTS_SYNTHESIS_SWITCHNETWORKS_H

#include "tacos/Collective/Collective.h"
#include "tacos/Network/Network.h"
#include "tacos/Network/Topology.h"

#include "gtest/gtest.h"

#include <algorithm>
#include <cstdint>
#include <optional>
#include <random>
#include <string>
#include <vector>

namespace tacos::testing {

constexpr int64_t kUs = 1'000'000; // ps

inline LinkSpec link(double bw) {
  LinkSpec l;
  l.bandwidthBps = bw;
  l.latencyPs = kUs;
  return l;
}

inline Network build(std::vector<DimSpec> dims) {
  TopologySpec s;
  s.dims = std::move(dims);
  EXPECT_TRUE(check(s).empty());
  return buildNetwork(s);
}

inline CollectiveSpec request(CollectiveKind kind, int64_t bytes,
                              std::vector<int64_t> group = {},
                              std::optional<int64_t> root = std::nullopt,
                              int64_t chunks = 1) {
  CollectiveSpec spec;
  spec.kind = kind;
  spec.sizeBytes = bytes;
  spec.group = std::move(group);
  spec.root = root;
  spec.chunksPerRank = chunks;
  return spec;
}

/// NPUs 0..n-1 on a one-way ring (so every NPU reaches every other), random
/// extra NPU links, and switches joined to random NPUs (both ways, each
/// direction its own bandwidth of 1..spread times 1 GB/s); with
/// `joinSwitches`, two switches are also linked to each other (which
/// unwinding does not model).
inline Network randomSwitchNetwork(std::mt19937 &rng, uint32_t n,
                                   uint32_t switches, bool joinSwitches,
                                   uint32_t spread = 50) {
  auto bw = [&] { return double(1 + rng() % spread) * 1e9; };
  NetworkBuilder b(n);
  std::vector<NodeId> sw;
  for (uint32_t s = 0; s < switches; ++s) {
    std::vector<NodeId> ports;
    for (NodeId v = 0; v < n; ++v)
      if (rng() % 2)
        ports.push_back(v);
    while (ports.size() < 2) {
      NodeId v = rng() % n;
      if (std::find(ports.begin(), ports.end(), v) == ports.end())
        ports.push_back(v);
    }
    NodeId id = b.addSwitch("s" + std::to_string(s), ports);
    sw.push_back(id);
    for (NodeId v : ports) {
      b.addLink(v, id, link(bw()));
      b.addLink(id, v, link(bw()));
    }
  }
  if (joinSwitches && switches == 2) {
    b.addLink(sw[0], sw[1], link(bw()));
    b.addLink(sw[1], sw[0], link(bw()));
  }
  for (NodeId v = 0; v < n; ++v)
    b.addLink(v, (v + 1) % n, link(bw()));
  for (NodeId u = 0; u < n; ++u)
    for (NodeId v = 0; v < n; ++v)
      if (u != v && v != (u + 1) % n && rng() % 4 == 0)
        b.addLink(u, v, link(bw()));
  return b.build();
}

/// Bandwidth of the links leaving the set `in`.
inline double leaving(const Network &net, const std::vector<bool> &in) {
  double sum = 0;
  for (LinkId l = 0; l < net.numLinks(); ++l)
    if (in[net.src(l)] && !in[net.dst(l)])
      sum += net.bandwidth(l);
  return sum;
}

/// Calls f(in) for every set of nodes but the empty and the full one.
template <typename F> void forEachProperSet(uint32_t nodes, F &&f) {
  for (uint32_t mask = 1; mask + 1 < (1u << nodes); ++mask) {
    std::vector<bool> in(nodes);
    for (uint32_t i = 0; i < nodes; ++i)
      in[i] = mask >> i & 1;
    f(in);
  }
}

} // namespace tacos::testing

#endif // TACOS_UNITTESTS_SYNTHESIS_SWITCHNETWORKS_H
