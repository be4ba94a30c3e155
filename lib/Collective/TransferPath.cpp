//===- TransferPath.cpp - The links one transfer occupies -----------------===//

#include "tacos/Collective/TransferPath.h"

namespace tacos {

bool transferPath(const Network &network, const Transfer &t,
                  const RouteTable &routes, std::vector<LinkId> &links) {
  links.clear();
  if (t.route == 0) {
    std::optional<LinkId> link = findLink(network, t.src, t.dst, t.lane);
    if (!link)
      return false;
    links.push_back(*link);
    return true;
  }
  if (!routes.has(t.route))
    return false;
  RouteSwitches via = routes.switches(t.route);
  return findPath(network, t.src, t.dst, via.begin(), via.size(), links);
}

std::string nodeText(const Network &network, NodeId n) {
  return n < network.numNodes() && network.isSwitch(n)
             ? "@" + network.switchName(n)
             : std::to_string(n);
}

std::string linkText(const Network &network, LinkId l) {
  return nodeText(network, network.src(l)) + " -> " +
         nodeText(network, network.dst(l));
}

std::string transferLinkText(const Network &network, const Transfer &t,
                             const RouteTable &routes) {
  std::string s = std::to_string(t.src) + " -> " + std::to_string(t.dst);
  if (t.lane)
    s += " lane " + std::to_string(t.lane);
  if (t.route == 0)
    return s;
  if (!routes.has(t.route))
    return s + " via route " + std::to_string(t.route);
  s += " via";
  const char *sep = " ";
  for (uint32_t n : routes.switches(t.route)) {
    s += sep;
    s += n < network.numNodes() && network.isSwitch(n)
             ? nodeText(network, n)
             : "node " + std::to_string(n);
    sep = ", ";
  }
  return s;
}

} // namespace tacos
