//===- TransferPath.h - The links one transfer occupies ---------*- C++ -*-===//
//
// The one definition, for every consumer that times or checks transfers
// (simulator, repair, SMT encoding, traces), of which links a transfer of a
// schedule occupies and what it costs: its direct link src -> dst (lane),
// or the path of its route through switches (Routes.h), cut through.
//
//===----------------------------------------------------------------------===//

#ifndef TACOS_COLLECTIVE_TRANSFERPATH_H
#define TACOS_COLLECTIVE_TRANSFERPATH_H

#include "tacos/Collective/Schedule.h"
#include "tacos/Network/LinkCost.h"

#include <string>
#include <vector>

namespace tacos {

/// Replaces `links` by the links transfer `t` occupies, in path order (one
/// for a direct transfer); false if it names no link or path of the network
/// (a route not in `routes`, a node of it not a switch, a missing hop).
bool transferPath(const Network &network, const Transfer &t,
                  const RouteTable &routes, std::vector<LinkId> &links);

/// The cost of a transfer of `bytes` over `links` (transferPath's result).
inline LinkCost transferCost(const Network &network,
                             const std::vector<LinkId> &links, uint64_t bytes,
                             LinkModel model) {
  return pathCost(network, links.data(), links.size(), bytes, model);
}

/// "3" for an NPU, "@nvs0" for a switch (as the IR names it).
std::string nodeText(const Network &network, NodeId n);

/// "0 -> @nvs0": a link by its ends, as diagnostics name it.
std::string linkText(const Network &network, LinkId l);

/// "0 -> 5", "0 -> 5 lane 1" or "0 -> 5 via @nvs0" (switch names from the
/// network; a route the table lacks is named by its number).
std::string transferLinkText(const Network &network, const Transfer &t,
                             const RouteTable &routes);

} // namespace tacos

#endif // TACOS_COLLECTIVE_TRANSFERPATH_H
