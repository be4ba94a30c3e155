//===- Network.h - The network model the core works on ---------*- C++ -*-===//
//
// A directed multigraph in CSR form. Nodes 0..N-1 are NPUs; nodes N..N+S-1
// are switches (until switch unwinding removes them). Every link has a
// latency (ps) and a bandwidth (bytes/s, NaN while undecided). Links are
// numbered by (src, dst, order of appearance), so ids are deterministic.
//
// The model is immutable once built. Cheap per-node facts (in/out bandwidth)
// are computed at build time; whole-graph queries (diameters) run on demand.
//
//===----------------------------------------------------------------------===//

#ifndef TACOS_NETWORK_NETWORK_H
#define TACOS_NETWORK_NETWORK_H

#include "tacos/Network/Topology.h"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace tacos {

using NodeId = uint32_t;
using LinkId = uint32_t;

/// A contiguous range of link ids (one node's out- or in-links).
struct LinkRange {
  const LinkId *first, *last;
  const LinkId *begin() const { return first; }
  const LinkId *end() const { return last; }
  size_t size() const { return last - first; }
  bool empty() const { return first == last; }
};

class Network {
public:
  /// Number of NPUs (nodes 0..numNpus()-1).
  uint32_t numNpus() const { return npus; }
  /// NPUs plus switches.
  uint32_t numNodes() const { return uint32_t(outOffsets.size() - 1); }
  uint32_t numSwitches() const { return numNodes() - npus; }
  bool isSwitch(NodeId n) const { return n >= npus; }
  size_t numLinks() const { return linkSrc.size(); }

  NodeId src(LinkId l) const { return linkSrc[l]; }
  NodeId dst(LinkId l) const { return linkDst[l]; }
  double bandwidth(LinkId l) const { return linkBandwidth[l]; }
  int64_t latency(LinkId l) const { return linkLatency[l]; }
  /// Cost-model tier name of a link ("" if none).
  const std::string &tier(LinkId l) const { return tiers[linkTier[l]]; }

  /// Out-links of n, in increasing destination order.
  LinkRange outLinks(NodeId n) const {
    // data() + offset: indexing one past the end (last node) is UB.
    return {outIds.data() + outOffsets[n], outIds.data() + outOffsets[n + 1]};
  }
  /// In-links of n, in increasing source order.
  LinkRange inLinks(NodeId n) const {
    return {inIds.data() + inOffsets[n], inIds.data() + inOffsets[n + 1]};
  }

  /// The neighbours of switch node n, one per distinct node it has a link
  /// to or from (NPUs and, in a switch fabric, other switches): those given
  /// to addSwitch in their order (for a `topo.switch`, its NPUs as written,
  /// then the switches it names), then the others by increasing id.
  const std::vector<NodeId> &switchPorts(NodeId n) const {
    return switches[n - npus].ports;
  }
  const std::string &switchName(NodeId n) const {
    return switches[n - npus].name;
  }

  /// Sum of the bandwidth of the links into / out of node n (NaN if any is
  /// undecided).
  double ingressBandwidth(NodeId n) const { return ingress[n]; }
  double egressBandwidth(NodeId n) const { return egress[n]; }

  /// True if some link has a `?` bandwidth.
  bool hasUndecidedBandwidth() const;

  /// Time for a message of `bytes` to cross link l when the link is idle:
  /// latency + bytes/bandwidth, rounded up to a whole picosecond, computed
  /// exactly; INT64_MAX when it never finishes or exceeds the clock.
  int64_t transferTimePs(LinkId l, uint64_t bytes) const;

  /// Shortest-path latency (ps) from `source` to every node; -1 if unreachable.
  std::vector<int64_t> shortestLatencies(NodeId source) const;
  /// Fewest links from `source` to every node; -1 if unreachable.
  std::vector<int32_t> hopDistances(NodeId source) const;

  /// Largest shortest-path hop count / latency between two NPUs, or nothing if
  /// some NPU cannot reach another. Paths may pass through switches (an
  /// NPU->switch->NPU path is two hops). Pure products of dimensions are
  /// answered from their factors; other networks search from every NPU, in
  /// time n * (n + m): large ones want hopDiameterBounds (Diameter.h).
  std::optional<int64_t> hopDiameter() const;
  std::optional<int64_t> latencyDiameter() const;

  /// Finds a pair (a, b) of NPUs where b is unreachable from a, if any.
  std::optional<std::pair<NodeId, NodeId>> findUnreachablePair() const;

  /// The dims this network is the pure product of (no explicit links,
  /// switches or drops), or empty.
  const std::vector<DimSpec> &productDims() const { return pureDims; }

private:
  friend class NetworkBuilder;
  struct Switch {
    std::string name;
    std::vector<NodeId> ports;
  };

  uint32_t npus = 0;
  std::vector<NodeId> linkSrc, linkDst;
  std::vector<double> linkBandwidth;
  std::vector<int64_t> linkLatency;
  std::vector<uint16_t> linkTier;
  std::vector<std::string> tiers; ///< tiers[0] is ""
  std::vector<uint32_t> outOffsets{0}, inOffsets{0};
  std::vector<LinkId> outIds, inIds;
  std::vector<double> ingress, egress;
  std::vector<Switch> switches;
  std::vector<DimSpec> pureDims;
};

/// Builds the model from a spec that passed check(). Cost is linear in the
/// number of links: a 200x200 torus (160,000 links) takes milliseconds.
Network buildNetwork(const TopologySpec &spec);

/// Name of the index-th switch of dimension `dim` of a `topo.dims` product
/// (`dim1_3`): switches of a dimension are numbered by the other
/// coordinates' mixed-radix id.
std::string dimSwitchName(size_t dim, int64_t index);

/// The names of the switch nodes buildNetwork makes from `spec` (checked),
/// in node order: entry i is node numNpus + i. Costs one string per switch,
/// not a graph.
std::vector<std::string> switchNames(const TopologySpec &spec);

/// The same nodes with every link reversed (G^T): link v->u of the result
/// has the spec of u->v, and parallel links keep their order, so lane k of
/// v->u in G^T is lane k of u->v in G. Combining collectives are synthesized
/// as their non-combining duals on G^T (docs/Algorithms.md, inversion).
Network transposed(const Network &network);

/// True if every link u->v has a reverse v->u with the same bandwidth,
/// latency and multiplicity (then G^T is G).
bool isSymmetric(const Network &network);

/// Builds a network directly from links, for tests and for passes that
/// rewrite a network (switch unwinding). Links need not be sorted.
class NetworkBuilder {
public:
  explicit NetworkBuilder(uint32_t numNpus);
  /// Adds a switch node; returns its node id. `ports` orders its
  /// neighbours (switchPorts); build() appends any other node a link joins
  /// it to. Links to the switch are added with addLink.
  NodeId addSwitch(std::string name, std::vector<NodeId> ports);
  void addLink(NodeId src, NodeId dst, const LinkSpec &spec);
  /// Capacity hint: about how many addLink calls will follow.
  void reserveLinks(size_t n);
  /// Marks the result as the pure product of these dims (enables the fast
  /// diameter path); only buildNetwork should call this.
  void setProductDims(std::vector<DimSpec> d) { dims = std::move(d); }
  /// The network, links in (src, dst) order, parallel links in the order
  /// added. With `added`, sets (*added)[l] to the index of the addLink call
  /// that made link l, for callers that keep facts per added link.
  Network build(std::vector<LinkId> *added = nullptr);

private:
  void completeSwitchPorts(const Network &net,
                           std::vector<Network::Switch> &all);

  uint32_t npus;
  std::vector<Network::Switch> switches;
  /// Pending links as columns, so that build() hands them to the Network
  /// without a copy when they were added in (src, dst) order.
  std::vector<NodeId> linkSrc, linkDst;
  std::vector<double> linkBandwidth;
  std::vector<int64_t> linkLatency;
  std::vector<uint16_t> linkTier;
  std::vector<std::string> tiers{""};
  std::vector<DimSpec> dims;
};

} // namespace tacos

#endif // TACOS_NETWORK_NETWORK_H
