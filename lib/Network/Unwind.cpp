//===- Unwind.cpp - Switches to point-to-point links ----------------------===//
//
// Linear in the links of the result: links are added in any order and the
// builder's stable (src, dst) sort says which added link each result link
// is, so an origin is one node id per added link (no map per pair).
//
//===----------------------------------------------------------------------===//

#include "tacos/Network/Unwind.h"
#include "tacos/Network/Quantity.h"

#include <algorithm>
#include <cassert>
#include <unordered_map>

namespace tacos {

uint64_t countUnwoundLinks(const Network &network) {
  uint64_t count = 0;
  for (LinkId l = 0; l < network.numLinks(); ++l)
    count += !network.isSwitch(network.src(l)) && !network.isSwitch(network.dst(l));
  // k <= 10^6 ports, so k * (k - 1) < 10^12 and the sum stays far from
  // overflow.
  for (NodeId s = network.numNpus(); s < network.numNodes(); ++s) {
    uint64_t k = network.switchPorts(s).size();
    count += k * (k - 1);
  }
  return count;
}

Network unwindSwitches(const Network &network,
                       std::vector<LinkOrigin> &origins) {
  const uint64_t expected = countUnwoundLinks(network);
  assert(expected <= uint64_t(kMaxLinks) && "unwinding needs fewer links");
  NetworkBuilder builder(network.numNpus());
  builder.reserveLinks(size_t(expected));
  // The switch node each added link came through, or kDirect.
  constexpr NodeId kDirect = ~NodeId(0);
  std::vector<NodeId> through;
  through.reserve(size_t(expected));
  for (LinkId l = 0; l < network.numLinks(); ++l) {
    NodeId u = network.src(l), v = network.dst(l);
    if (network.isSwitch(u) || network.isSwitch(v))
      continue;
    builder.addLink(u, v,
                    {network.bandwidth(l), network.latency(l), network.tier(l)});
    through.push_back(kDirect);
  }
  for (NodeId s = network.numNpus(); s < network.numNodes(); ++s) {
    const std::vector<NodeId> &ports = network.switchPorts(s);
    const size_t k = ports.size(), fanout = k - 1;
    // Uplink and downlink of each port, by position in `ports`, looked up
    // once per port rather than once per pair.
    std::unordered_map<NodeId, size_t> position;
    position.reserve(k);
    for (size_t i = 0; i < k; ++i)
      position.emplace(ports[i], i);
    std::vector<LinkId> up(k), down(k);
    for (LinkId l : network.inLinks(s))
      up[position.at(network.src(l))] = l;
    for (LinkId l : network.outLinks(s))
      down[position.at(network.dst(l))] = l;
    for (size_t i = 0; i < k; ++i)
      for (size_t j = 0; j < k; ++j) {
        if (i == j)
          continue;
        LinkId a = up[i], b = down[j];
        LinkSpec spec;
        spec.bandwidthBps =
            std::min(network.bandwidth(a), network.bandwidth(b)) /
            double(fanout);
        spec.latencyPs = network.latency(a) + network.latency(b);
        spec.tier = network.tier(a);
        builder.addLink(ports[i], ports[j], spec);
        through.push_back(s);
      }
  }
  std::vector<LinkId> added;
  Network result = builder.build(&added);
  origins.assign(result.numLinks(), {});
  for (LinkId l = 0; l < result.numLinks(); ++l)
    if (NodeId s = through[added[l]]; s != kDirect)
      origins[l] = {network.switchName(s), s, true};
  return result;
}

} // namespace tacos
