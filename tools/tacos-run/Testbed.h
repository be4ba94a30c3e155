//===- Testbed.h - tacos-run --emulate: the emulated cluster's plan -*- C++ -*-===//
//
// What the emulated cluster is made of, worked out from the network model
// before anything is created: one wire (a veth pair) for every pair of
// adjacent nodes, shaped in each direction at the network's bandwidth
// scaled so that the fastest direction gets --scale Mbit/s; a static route
// from every host to every other (the first hop of a shortest path, which
// crosses switches at layer 2); and the bytes the schedule puts on each
// direction of each wire. Parallel links between two nodes are one wire at
// their summed rate (one route can use one interface only). Switches are
// Linux bridges, which flood along a loop: a switch fabric with a cycle is
// refused.
//
//===----------------------------------------------------------------------===//

#ifndef TACOS_TOOLS_TACOS_RUN_TESTBED_H
#define TACOS_TOOLS_TACOS_RUN_TESTBED_H

#include "tacos/Network/Network.h"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace tacos::run {

struct TestbedWire {
  NodeId a = 0, b = 0;
  /// The network's bandwidth a -> b and b -> a (bytes/s, summed over
  /// parallel links; 0 where the network has no link that way).
  double modelAB = 0, modelBA = 0;
  /// The emulated rates, Mbit/s.
  double mbitAB = 0, mbitBA = 0;
};

/// Host `host`'s route to NPU `destination`: through NPU `gateway` (the
/// destination itself when it is one hop away, also across switches) on
/// wire `wire`.
struct TestbedRoute {
  NodeId destination = 0, gateway = 0;
  size_t wire = 0;
};

/// One transfer of a schedule: src -> dst, through `switches` if routed
/// (else over the direct link, or the emulation's path where there is
/// none), carrying `bytes` in each call.
struct TestbedTransfer {
  NodeId src = 0, dst = 0;
  std::vector<NodeId> switches;
  uint64_t bytes = 0;
};

class TestbedPlan {
public:
  /// The plan for `network` with its fastest direction at `fastestMbit`;
  /// nothing (and `error` set) if it cannot be emulated.
  static std::optional<TestbedPlan> build(const Network &network,
                                          double fastestMbit,
                                          std::string &error);

  uint32_t numNpus() const { return npus; }
  uint32_t numNodes() const { return nodes; }
  bool isSwitch(NodeId n) const { return n >= npus; }
  const std::vector<TestbedWire> &wires() const { return wireList; }
  const std::vector<TestbedRoute> &routes(NodeId host) const {
    return routeTable[host];
  }
  /// The node names as the network has them: `npu3`, a switch's own name.
  const std::string &nodeName(NodeId n) const { return names[n]; }
  /// The wire joining a and b, if any.
  std::optional<size_t> wireBetween(NodeId a, NodeId b) const;
  /// The nodes a message from host `src` to host `dst` crosses, both ends
  /// included, as the routes send it.
  std::vector<NodeId> path(NodeId src, NodeId dst) const;
  /// How much slower than the network the emulation runs (the fastest
  /// direction's model bandwidth over its emulated rate).
  double slowdown() const { return slowdownFactor; }
  /// The emulated rate of the fastest direction, Mbit/s.
  double fastestMbit() const { return fastest; }

  /// `network` (the one planned) at the emulated rates, for timing a
  /// schedule as the emulation should run it: every link at its wire
  /// direction's share of the emulated rate times `payloadShare` (what of
  /// a shaped rate TCP delivers as payload), and a latency of `alphaPs` a
  /// message: a host-to-host link has all of it, a host-switch link half
  /// (a path through switches has two), a switch-switch link none.
  Network emulatedNetwork(const Network &network, double payloadShare,
                          int64_t alphaPs) const;

  /// The bytes `calls` calls of each schedule put on each direction of
  /// each wire: entry 2w is a -> b of wire w, 2w + 1 is b -> a.
  std::vector<uint64_t>
  predictTraffic(const std::vector<TestbedTransfer> &transfers,
                 uint64_t calls) const;

private:
  void addRoutes(NodeId host);

  uint32_t npus = 0, nodes = 0;
  double slowdownFactor = 1, fastest = 0;
  std::vector<std::string> names;
  std::vector<TestbedWire> wireList;
  /// Per node, (neighbour, wire), neighbours in increasing id.
  std::vector<std::vector<std::pair<NodeId, size_t>>> adjacent;
  std::vector<std::vector<TestbedRoute>> routeTable;
  /// nextHop[src][dst]: the neighbour of src on its path to host dst.
  std::vector<std::vector<NodeId>> nextHop;
};

} // namespace tacos::run

#endif // TACOS_TOOLS_TACOS_RUN_TESTBED_H
