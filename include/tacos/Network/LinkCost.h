//===- LinkCost.h - What one transfer costs on a link -----------*- C++ -*-===//
//
// The one definition of a link's cost that the synthesizers, the simulator,
// both verifiers and the lower bounds share: which link a transfer names
// (src -> dst, lane), and how long a message of some bytes keeps that link
// busy and takes to arrive under the link model (docs/Algorithms.md, synthesis). It
// belongs to the network model so that the verifiers need neither the
// simulator nor a synthesizer.
//
//===----------------------------------------------------------------------===//

#ifndef TACOS_NETWORK_LINKCOST_H
#define TACOS_NETWORK_LINKCOST_H

#include "tacos/Network/Network.h"

#include <cstdint>
#include <optional>
#include <vector>

namespace tacos {

/// How a link carries consecutive chunks (docs/Algorithms.md, synthesis).
enum class LinkModel : uint8_t {
  /// A chunk occupies the link for latency + size/bandwidth (TACOS's model).
  Blocking,
  /// The next chunk may start size/bandwidth after the previous one.
  Pipelined,
};

/// The network link a transfer uses: the `lane`-th link src -> dst (links
/// src -> dst in link-id order), or nothing if there is no such link.
std::optional<LinkId> findLink(const Network &network, uint32_t src,
                               uint32_t dst, uint16_t lane);

/// Cost of one message on link l under the link model: how long the link is
/// busy (`occupancy`) and when the message arrives after it starts
/// (`duration`).
struct LinkCost {
  int64_t occupancy, duration;
};
LinkCost linkCost(const Network &network, LinkId l, uint64_t bytes,
                  LinkModel model);
/// The links of a transfer from NPU `src` to NPU `dst` through `switches`
/// in order (a route, Collective/Routes.h): src -> s_1, s_1 -> s_2, ...,
/// s_k -> dst, the first link of each hop. Appends them to `links` and
/// returns true, or returns false (links unspecified) if a node of the
/// route is not a switch or a hop has no link.
bool findPath(const Network &network, uint32_t src, uint32_t dst,
              const uint32_t *switches, size_t numSwitches,
              std::vector<LinkId> &links);

/// Cost of one message cut through a path of links (a switch stores
/// nothing): it arrives after every link's latency plus its bytes over the
/// slowest link (`duration`); every link of the path is busy that long under
/// the blocking model, and for the bytes over the slowest link under the
/// pipelined one (`occupancy`). A path of one link costs what linkCost says.
LinkCost pathCost(const Network &network, const LinkId *links, size_t n,
                  uint64_t bytes, LinkModel model);

/// linkCost of every link, by link id. Links come in runs of one spec (a
/// dimension's, a switch's ports), and a link like the one before it takes
/// its cost: fully_connected(3000) has 9 M links and one spec.
std::vector<LinkCost> linkCosts(const Network &network, uint64_t bytes,
                                LinkModel model);

} // namespace tacos

#endif // TACOS_NETWORK_LINKCOST_H
