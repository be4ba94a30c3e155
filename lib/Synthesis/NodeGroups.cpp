//===- NodeGroups.cpp - The nodes and rails of a network ------------------===//

#include "NodeGroups.h"

#include <algorithm>
#include <map>
#include <numeric>
#include <optional>

namespace tacos {

namespace {

/// Node and local index of every NPU of a product: dimension 0 varies
/// fastest in NPU ids (Network.h), so it is id % size_0 and id / size_0.
bool fromProduct(const Network &network, std::vector<uint32_t> &node,
                 std::vector<uint32_t> &local) {
  const std::vector<DimSpec> &dims = network.productDims();
  if (dims.size() < 2)
    return false;
  uint32_t size = uint32_t(dims[0].size);
  for (uint32_t v = 0; v < network.numNpus(); ++v) {
    node[v] = v / size;
    local[v] = v % size;
  }
  return true;
}

uint32_t findRoot(std::vector<uint32_t> &parent, uint32_t v) {
  while (parent[v] != v)
    v = parent[v] = parent[parent[v]];
  return v;
}

/// The bandwidth below the widest gap between the bandwidths of linked
/// pairs, if that gap is a factor of kNodeBandwidthGap or more.
std::optional<double>
gapBelowFast(const std::map<std::pair<NodeId, NodeId>, double> &pairs) {
  std::vector<double> speeds;
  for (auto &[pair, bandwidth] : pairs)
    speeds.push_back(bandwidth);
  std::sort(speeds.begin(), speeds.end());
  std::optional<double> below;
  double widest = kNodeBandwidthGap;
  for (size_t i = 0; i + 1 < speeds.size(); ++i)
    if (speeds[i] > 0 && speeds[i + 1] / speeds[i] >= widest) {
      widest = speeds[i + 1] / speeds[i];
      below = speeds[i];
    }
  return below;
}

/// Groups of NPUs joined by pairs of links faster than the widest gap
/// between pair bandwidths (parallel links add up); local indices by NPU
/// id.
bool fromBandwidth(const Network &network, std::vector<uint32_t> &node,
                   std::vector<uint32_t> &local) {
  uint32_t n = network.numNpus();
  std::map<std::pair<NodeId, NodeId>, double> pairs;
  for (LinkId l = 0; l < network.numLinks(); ++l)
    if (!network.isSwitch(network.src(l)) && !network.isSwitch(network.dst(l)))
      pairs[{network.src(l), network.dst(l)}] += network.bandwidth(l);
  // NPUs on one switch are joined at the slower of their two ports (a
  // node's NVSwitch); larger switches join nodes, whatever their speed.
  for (NodeId sw = n; sw < network.numNodes(); ++sw) {
    if (network.inLinks(sw).size() > kNodeSwitchPorts)
      continue;
    for (LinkId up : network.inLinks(sw))
      for (LinkId down : network.outLinks(sw)) {
        NodeId a = network.src(up), b = network.dst(down);
        if (a == b || network.isSwitch(a) || network.isSwitch(b))
          continue;
        double &bandwidth = pairs[{a, b}];
        bandwidth = std::max(bandwidth, std::min(network.bandwidth(up),
                                                 network.bandwidth(down)));
      }
  }
  std::optional<double> slow = gapBelowFast(pairs);
  if (!slow)
    return false;
  std::vector<uint32_t> parent(n);
  std::iota(parent.begin(), parent.end(), 0u);
  for (auto &[pair, bandwidth] : pairs)
    if (bandwidth > *slow)
      parent[findRoot(parent, pair.first)] = findRoot(parent, pair.second);
  // Components numbered by their lowest NPU, members by id.
  std::vector<int64_t> number(n, -1);
  std::vector<uint32_t> members;
  uint32_t components = 0;
  for (uint32_t v = 0; v < n; ++v) {
    uint32_t r = findRoot(parent, v);
    if (number[r] < 0)
      number[r] = components++;
    node[v] = uint32_t(number[r]);
  }
  std::vector<uint32_t> count(components, 0);
  for (uint32_t v = 0; v < n; ++v)
    local[v] = count[node[v]]++;
  return components >= 2;
}

} // namespace

std::string findNodeGroups(const Network &network,
                           const std::vector<uint32_t> &participants,
                           NodeGroups &groups) {
  std::vector<uint32_t> node(network.numNpus()), local(network.numNpus());
  if (!fromProduct(network, node, local) &&
      !fromBandwidth(network, node, local))
    return "hierarchical needs nodes: a topo.dims product of two or more "
           "dimensions, or groups of npus joined by links at least twice as "
           "fast as the others";
  // Members by local index; nodes by their lowest participating NPU.
  std::map<uint32_t, std::vector<std::pair<uint32_t, uint32_t>>> byNode;
  for (uint32_t r = 0; r < participants.size(); ++r)
    byNode[node[participants[r]]].push_back({local[participants[r]], r});
  if (byNode.size() < 2)
    return "hierarchical needs participants in two or more nodes";
  std::vector<std::vector<std::pair<uint32_t, uint32_t>>> sorted;
  for (auto &[id, members] : byNode) {
    std::sort(members.begin(), members.end());
    sorted.push_back(members);
  }
  std::sort(sorted.begin(), sorted.end(), [&](auto &x, auto &y) {
    auto lowest = [&](auto &members) {
      uint32_t npu = UINT32_MAX;
      for (auto [l, r] : members)
        npu = std::min(npu, participants[r]);
      return npu;
    };
    return lowest(x) < lowest(y);
  });
  groups = NodeGroups();
  groups.nodeOf.assign(participants.size(), 0);
  groups.localOf.assign(participants.size(), 0);
  for (uint32_t n = 0; n < sorted.size(); ++n) {
    const auto &members = sorted[n];
    if (members.size() < 2)
      return "hierarchical needs two or more participants in every node; "
             "npu " + std::to_string(participants[members[0].second]) +
             " is alone in its node";
    for (uint32_t i = 0; i < members.size(); ++i)
      if (members.size() != sorted[0].size() ||
          members[i].first != sorted[0][i].first)
        return "hierarchical needs the same local npus in every node (the "
               "rails); the nodes of npu " +
               std::to_string(participants[sorted[0][0].second]) +
               " and npu " + std::to_string(participants[members[0].second]) +
               " differ";
    std::vector<uint32_t> ranks;
    for (uint32_t l = 0; l < members.size(); ++l) {
      uint32_t r = members[l].second;
      ranks.push_back(r);
      groups.nodeOf[r] = n;
      groups.localOf[r] = l;
    }
    groups.nodes.push_back(std::move(ranks));
  }
  return "";
}

} // namespace tacos
