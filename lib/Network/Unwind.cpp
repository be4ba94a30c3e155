//===- Unwind.cpp - Switches to point-to-point links ----------------------===//

#include "tacos/Network/Unwind.h"

#include <algorithm>
#include <map>

namespace tacos {

Network unwindSwitches(const Network &network,
                       std::vector<LinkOrigin> &origins) {
  NetworkBuilder builder(network.numNpus());
  // Origins are collected per (src, dst) in insertion order, which is the
  // order the builder keeps parallel links in.
  std::map<std::pair<NodeId, NodeId>, std::vector<LinkOrigin>> pending;
  for (LinkId l = 0; l < network.numLinks(); ++l) {
    NodeId u = network.src(l), v = network.dst(l);
    if (network.isSwitch(u) || network.isSwitch(v))
      continue;
    builder.addLink(u, v,
                    {network.bandwidth(l), network.latency(l), network.tier(l)});
    pending[{u, v}].push_back({});
  }
  for (NodeId s = network.numNpus(); s < network.numNodes(); ++s) {
    const std::vector<NodeId> &ports = network.switchPorts(s);
    size_t fanout = ports.size() - 1;
    // Uplinks into the switch and downlinks out of it, by port NPU.
    std::map<NodeId, LinkId> up, down;
    for (LinkId l : network.inLinks(s))
      up.emplace(network.src(l), l);
    for (LinkId l : network.outLinks(s))
      down.emplace(network.dst(l), l);
    for (NodeId i : ports)
      for (NodeId j : ports) {
        if (i == j)
          continue;
        LinkId a = up.at(i), b = down.at(j);
        LinkSpec spec;
        spec.bandwidthBps =
            std::min(network.bandwidth(a), network.bandwidth(b)) /
            double(fanout);
        spec.latencyPs = network.latency(a) + network.latency(b);
        spec.tier = network.tier(a);
        builder.addLink(i, j, spec);
        pending[{i, j}].push_back({network.switchName(s), s, true});
      }
  }
  Network result = builder.build();
  origins.assign(result.numLinks(), {});
  std::map<std::pair<NodeId, NodeId>, size_t> next;
  for (LinkId l = 0; l < result.numLinks(); ++l) {
    std::pair<NodeId, NodeId> key{result.src(l), result.dst(l)};
    origins[l] = pending[key][next[key]++];
  }
  return result;
}

} // namespace tacos
