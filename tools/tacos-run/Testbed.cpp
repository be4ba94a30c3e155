//===- Testbed.cpp - tacos-run --emulate: the emulated cluster's plan -----===//

#include "Testbed.h"

#include <algorithm>
#include <cmath>
#include <deque>
#include <map>
#include <numeric>

using namespace tacos;
using namespace tacos::run;

std::optional<size_t> TestbedPlan::wireBetween(NodeId a, NodeId b) const {
  for (auto [neighbour, wire] : adjacent[a])
    if (neighbour == b)
      return wire;
  return std::nullopt;
}

/// Joins the links of `network` into wires, one per pair of adjacent
/// nodes, a < b; false (and `error`) if a bandwidth is undecided.
static bool collectWires(const Network &network,
                         std::vector<TestbedWire> &wires, std::string &error) {
  std::map<std::pair<NodeId, NodeId>, size_t> index;
  for (LinkId l = 0; l < network.numLinks(); ++l) {
    NodeId src = network.src(l), dst = network.dst(l);
    if (src == dst)
      continue;
    double bandwidth = network.bandwidth(l);
    if (!(bandwidth > 0)) {
      error = "the link " + std::to_string(src) + " -> " +
              std::to_string(dst) +
              " has no decided bandwidth: an emulated link needs a rate";
      return false;
    }
    std::pair<NodeId, NodeId> key{std::min(src, dst), std::max(src, dst)};
    auto [it, added] = index.try_emplace(key, wires.size());
    if (added)
      wires.push_back({key.first, key.second});
    TestbedWire &wire = wires[it->second];
    (src == wire.a ? wire.modelAB : wire.modelBA) += bandwidth;
  }
  return true;
}

/// True if the switch-to-switch wires form no cycle (a Linux bridge
/// fabric with a loop floods its frames round it forever).
static bool switchFabricIsForest(const Network &network,
                                 const std::vector<TestbedWire> &wires) {
  std::vector<NodeId> parent(network.numNodes());
  std::iota(parent.begin(), parent.end(), 0);
  auto root = [&](NodeId n) {
    while (parent[n] != n)
      n = parent[n] = parent[parent[n]];
    return n;
  };
  for (const TestbedWire &wire : wires) {
    if (!network.isSwitch(wire.a) || !network.isSwitch(wire.b))
      continue;
    NodeId x = root(wire.a), y = root(wire.b);
    if (x == y)
      return false;
    parent[x] = y;
  }
  return true;
}

std::optional<TestbedPlan> TestbedPlan::build(const Network &network,
                                              double fastestMbit,
                                              std::string &error) {
  TestbedPlan plan;
  plan.npus = network.numNpus();
  plan.nodes = network.numNodes();
  for (NodeId n = 0; n < plan.nodes; ++n)
    plan.names.push_back(network.isSwitch(n) ? "@" + network.switchName(n)
                                             : "npu" + std::to_string(n));
  if (!collectWires(network, plan.wireList, error))
    return std::nullopt;
  if (!switchFabricIsForest(network, plan.wireList)) {
    error = "the switches are linked in a cycle: Linux bridges would flood "
            "frames round it (a fabric of switches must be a tree to be "
            "emulated)";
    return std::nullopt;
  }
  double fastestModel = 0;
  for (const TestbedWire &wire : plan.wireList)
    fastestModel = std::max({fastestModel, wire.modelAB, wire.modelBA});
  plan.fastest = fastestMbit;
  if (fastestModel > 0) {
    for (TestbedWire &wire : plan.wireList) {
      // A direction the network lacks still carries the other's TCP
      // acknowledgements: it gets the other direction's rate.
      double ab = wire.modelAB > 0 ? wire.modelAB : wire.modelBA;
      double ba = wire.modelBA > 0 ? wire.modelBA : wire.modelAB;
      wire.mbitAB = fastestMbit * ab / fastestModel;
      wire.mbitBA = fastestMbit * ba / fastestModel;
    }
    plan.slowdownFactor = fastestModel / (fastestMbit * 1e6 / 8);
  }
  plan.adjacent.resize(plan.nodes);
  for (size_t w = 0; w < plan.wireList.size(); ++w) {
    plan.adjacent[plan.wireList[w].a].push_back({plan.wireList[w].b, w});
    plan.adjacent[plan.wireList[w].b].push_back({plan.wireList[w].a, w});
  }
  for (auto &neighbours : plan.adjacent)
    std::sort(neighbours.begin(), neighbours.end());
  plan.nextHop.assign(plan.nodes, std::vector<NodeId>(plan.npus, 0));
  // One breadth-first tree per destination host: every node's next hop
  // towards it is its parent, so a path is the same whichever node of it
  // forwards, and a one-hop neighbour is reached directly.
  for (NodeId dst = 0; dst < plan.npus; ++dst) {
    std::vector<bool> seen(plan.nodes, false);
    std::deque<NodeId> queue{dst};
    seen[dst] = true;
    plan.nextHop[dst][dst] = dst;
    while (!queue.empty()) {
      NodeId n = queue.front();
      queue.pop_front();
      for (auto [neighbour, wire] : plan.adjacent[n])
        if (!seen[neighbour]) {
          seen[neighbour] = true;
          plan.nextHop[neighbour][dst] = n;
          queue.push_back(neighbour);
        }
    }
    for (NodeId src = 0; src < plan.npus; ++src)
      if (!seen[src]) {
        error = "npu" + std::to_string(src) + " cannot reach npu" +
                std::to_string(dst) + " over the network's links";
        return std::nullopt;
      }
  }
  plan.routeTable.resize(plan.npus);
  for (NodeId host = 0; host < plan.npus; ++host)
    plan.addRoutes(host);
  return plan;
}

void TestbedPlan::addRoutes(NodeId host) {
  for (NodeId dst = 0; dst < npus; ++dst) {
    if (dst == host)
      continue;
    NodeId first = nextHop[host][dst];
    // Across switches the gateway is the first host after them: the
    // bridges carry the frame there.
    NodeId gateway = first;
    while (isSwitch(gateway))
      gateway = nextHop[gateway][dst];
    routeTable[host].push_back({dst, gateway, *wireBetween(host, first)});
  }
}

std::vector<NodeId> TestbedPlan::path(NodeId src, NodeId dst) const {
  std::vector<NodeId> nodesOnPath{src};
  for (NodeId n = src; n != dst;) {
    n = nextHop[n][dst];
    nodesOnPath.push_back(n);
  }
  return nodesOnPath;
}

std::vector<uint64_t>
TestbedPlan::predictTraffic(const std::vector<TestbedTransfer> &transfers,
                            uint64_t calls) const {
  std::vector<uint64_t> bytes(2 * wireList.size(), 0);
  for (const TestbedTransfer &t : transfers) {
    std::vector<NodeId> nodesOnPath;
    if (!t.switches.empty()) {
      nodesOnPath.push_back(t.src);
      nodesOnPath.insert(nodesOnPath.end(), t.switches.begin(),
                         t.switches.end());
      nodesOnPath.push_back(t.dst);
    } else if (wireBetween(t.src, t.dst)) {
      nodesOnPath = {t.src, t.dst};
    } else {
      // A transfer between NPUs with no link of their own (switches
      // unwound): it takes the emulation's path.
      nodesOnPath = path(t.src, t.dst);
    }
    for (size_t i = 0; i + 1 < nodesOnPath.size(); ++i) {
      NodeId from = nodesOnPath[i], to = nodesOnPath[i + 1];
      std::optional<size_t> wire = wireBetween(from, to);
      if (!wire)
        continue; // a route the verifier accepted names only real links
      size_t direction = from == wireList[*wire].a ? 0 : 1;
      bytes[2 * *wire + direction] += t.bytes * calls;
    }
  }
  return bytes;
}

Network TestbedPlan::emulatedNetwork(const Network &network,
                                     double payloadShare,
                                     int64_t alphaPs) const {
  NetworkBuilder builder(network.numNpus());
  for (NodeId s = network.numNpus(); s < network.numNodes(); ++s)
    builder.addSwitch(network.switchName(s), network.switchPorts(s));
  builder.reserveLinks(network.numLinks());
  for (LinkId l = 0; l < network.numLinks(); ++l) {
    NodeId src = network.src(l), dst = network.dst(l);
    LinkSpec spec;
    spec.tier = network.tier(l);
    spec.bandwidthBps =
        network.bandwidth(l) / slowdownFactor * payloadShare;
    int switchEnds = int(isSwitch(src)) + int(isSwitch(dst));
    spec.latencyPs = switchEnds == 0 ? alphaPs
                     : switchEnds == 1 ? alphaPs / 2
                                       : 0;
    builder.addLink(src, dst, spec);
  }
  return builder.build();
}
