//===- SwitchPaths.cpp - Routes between NPUs through switches -------------===//

#include "tacos/Network/SwitchPaths.h"

#include <algorithm>
#include <unordered_map>

namespace tacos {

std::vector<std::vector<NodeId>> switchPaths(const Network &network,
                                             NodeId src, NodeId dst,
                                             size_t limit) {
  std::vector<std::vector<NodeId>> paths;
  if (src >= network.numNpus() || dst >= network.numNpus() || src == dst ||
      limit == 0)
    return paths;
  // Breadth-first over switches from src; `depth` of a switch is its hops
  // from src. The first layer that links to dst ends the search.
  std::unordered_map<NodeId, uint32_t> depth;
  std::vector<NodeId> layer;
  for (LinkId l : network.outLinks(src))
    if (network.isSwitch(network.dst(l)) &&
        depth.emplace(network.dst(l), 1).second)
      layer.push_back(network.dst(l));
  std::vector<NodeId> last; // switches of the final layer that reach dst
  for (uint32_t d = 1; !layer.empty(); ++d) {
    for (NodeId s : layer)
      for (LinkId l : network.outLinks(s))
        if (network.dst(l) == dst) {
          last.push_back(s);
          break;
        }
    if (!last.empty())
      break;
    std::vector<NodeId> next;
    for (NodeId s : layer)
      for (LinkId l : network.outLinks(s)) {
        NodeId t = network.dst(l);
        if (network.isSwitch(t) && depth.emplace(t, d + 1).second)
          next.push_back(t);
      }
    layer = std::move(next);
  }
  if (last.empty())
    return paths;
  // Walk back from the last layer: a predecessor of a switch at depth d is
  // a switch at depth d - 1 linking to it (or src itself at depth 1).
  std::sort(last.begin(), last.end());
  std::vector<NodeId> reversed;
  auto walk = [&](auto &self, NodeId s) -> void {
    if (paths.size() >= limit)
      return;
    reversed.push_back(s);
    uint32_t d = depth.at(s);
    if (d == 1) {
      paths.emplace_back(reversed.rbegin(), reversed.rend());
    } else {
      std::vector<NodeId> before;
      for (LinkId l : network.inLinks(s)) {
        NodeId p = network.src(l);
        auto it = depth.find(p);
        if (it != depth.end() && it->second == d - 1)
          before.push_back(p);
      }
      std::sort(before.begin(), before.end());
      before.erase(std::unique(before.begin(), before.end()), before.end());
      for (NodeId p : before)
        self(self, p);
    }
    reversed.pop_back();
  };
  for (NodeId s : last)
    walk(walk, s);
  std::sort(paths.begin(), paths.end());
  return paths;
}

} // namespace tacos
