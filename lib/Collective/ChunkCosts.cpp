//===- ChunkCosts.cpp - Every link's cost for every chunk -----------------===//

#include "tacos/Collective/ChunkCosts.h"

namespace tacos {

/// Every link's cost for `bytes`. Links come in runs of one spec (a
/// dimension's, a switch's ports), so a link like the one before it takes
/// its cost: fully_connected(3000) has 9 M links and one spec.
static std::vector<LinkCost> costsOf(const Network &network, uint64_t bytes,
                                     LinkModel model) {
  std::vector<LinkCost> costs(network.numLinks());
  for (LinkId l = 0; l < network.numLinks(); ++l)
    costs[l] = l > 0 && network.latency(l) == network.latency(l - 1) &&
                       network.bandwidth(l) == network.bandwidth(l - 1)
                   ? costs[l - 1]
                   : linkCost(network, l, bytes, model);
  return costs;
}

ChunkCosts::ChunkCosts(const Network &network, const ChunkSizes &sizes,
                       uint32_t numChunks, LinkModel model) {
  small = costsOf(network, sizes.smallest(), model);
  if (sizes.uniform())
    return;
  large = costsOf(network, sizes.largest(), model);
  isLarge.resize(numChunks);
  for (uint32_t c = 0; c < numChunks; ++c)
    isLarge[c] = sizes.bytes(c) != sizes.smallest();
}

} // namespace tacos
