//===- Routes.cpp - Paths of transfers through switches -------------------===//

#include "tacos/Collective/Routes.h"

namespace tacos {

std::optional<uint16_t> RouteTable::append(const std::vector<uint32_t> &switches) {
  if (switches.empty() || switches.size() > kMaxSwitchesPerRoute ||
      size() >= kMaxRoutes)
    return std::nullopt;
  nodes.insert(nodes.end(), switches.begin(), switches.end());
  offsets.push_back(uint32_t(nodes.size()));
  uint16_t id = uint16_t(size());
  ids.emplace(switches, id);
  return id;
}

std::optional<uint16_t> RouteTable::intern(const std::vector<uint32_t> &switches) {
  auto it = ids.find(switches);
  if (it != ids.end())
    return it->second;
  return append(switches);
}

} // namespace tacos
