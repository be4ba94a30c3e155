//===- Unwind.h - Switches to point-to-point links --------------*- C++ -*-===//
//
// docs/Algorithms.md, switch unwinding. A switch with ports p_1..p_k
// (uplink p_i -> switch, downlink switch -> p_i) becomes a link i -> j for
// every ordered pair, with bandwidth min(up_i, down_j) / (k - 1) and latency
// lat(up_i) + lat(down_j): all k - 1 peers can be fed at once and no port's
// bandwidth is exceeded. A fabric (switches joined by switch-to-switch
// links) generalizes it: each pair is routed over its shortest routes
// (latency, then hops; split equally where routes branch, as ECMP does),
// every link is shared equally among the units of pair traffic it carries,
// and a pair gets the least such share on its routes and the latency of
// its shortest one.
//
//===----------------------------------------------------------------------===//

#ifndef TACOS_NETWORK_UNWIND_H
#define TACOS_NETWORK_UNWIND_H

#include "tacos/Network/Network.h"

#include <cstdint>
#include <string>
#include <vector>

namespace tacos {

/// Where a link of the unwound network came from.
struct LinkOrigin {
  /// The switch the link replaces: its name ("" for links that were
  /// point-to-point already, or an unnamed switch) and node id in the
  /// original network (0 if none). For routes through a fabric, the first
  /// (lowest-id) switch, and the name lists every crossed switch by id,
  /// separated by ", " (an unnamed one as `switch <node id>`).
  std::string switchName;
  NodeId switchNode = 0;
  bool viaSwitch = false;
};

/// Directed links the network has once its switches are unwound: its
/// NPU-to-NPU links plus, per fabric, one per ordered pair of NPUs it joins
/// (k * (k - 1) for a k-port switch). Computed without unwinding, in time
/// linear in the links for fabrics whose switches all reach each other, so
/// that switch(100000) (10^10 links) is refused up front.
uint64_t countUnwoundLinks(const Network &network);

/// The network without switch nodes; `origins[l]` tells where link l of the
/// result came from. Needs countUnwoundLinks(network) <= kMaxLinks. Time and
/// memory are linear in the links of the result.
Network unwindSwitches(const Network &network,
                       std::vector<LinkOrigin> &origins);

} // namespace tacos

#endif // TACOS_NETWORK_UNWIND_H
