//===- LinkCost.cpp - What one transfer costs on a link -------------------===//

#include "tacos/Network/LinkCost.h"

namespace tacos {

std::optional<LinkId> findLink(const Network &network, uint32_t src,
                               uint32_t dst, uint16_t lane) {
  if (src >= network.numNodes() || dst >= network.numNodes())
    return std::nullopt;
  unsigned seen = 0;
  for (LinkId l : network.outLinks(src))
    if (network.dst(l) == dst && seen++ == lane)
      return l;
  return std::nullopt;
}

LinkCost linkCost(const Network &network, LinkId l, uint64_t bytes,
                  LinkModel model) {
  int64_t duration = network.transferTimePs(l, bytes);
  int64_t occupancy = model == LinkModel::Blocking
                          ? duration
                          : duration - network.latency(l);
  return {occupancy, duration};
}

} // namespace tacos
