//===- SwitchPaths.h - Routes between NPUs through switches -----*- C++ -*-===//
//
// Where a transfer between two NPUs can go when no link joins them: the
// paths through switches only (a switch stores nothing, so a path never
// passes an NPU), as the switch sequences a routed transfer names
// (Collective/Routes.h). Consumers that place transfers (importers,
// baselines, synthesizers) choose among them by their own timing.
//
//===----------------------------------------------------------------------===//

#ifndef TACOS_NETWORK_SWITCHPATHS_H
#define TACOS_NETWORK_SWITCHPATHS_H

#include "tacos/Network/Network.h"

#include <vector>

namespace tacos {

/// The paths from NPU `src` to NPU `dst` whose inner nodes are all
/// switches, with the fewest hops, as switch sequences: every switch s_1
/// linked from src, ..., s_k linking to dst. At most `limit` of them,
/// sorted by their switch ids (the same ones on every run). Empty if none (or if src or dst is not an NPU). Cost:
/// a search over the switches reachable from src, linear in their links.
std::vector<std::vector<NodeId>> switchPaths(const Network &network,
                                             NodeId src, NodeId dst,
                                             size_t limit = 16);

} // namespace tacos

#endif // TACOS_NETWORK_SWITCHPATHS_H
