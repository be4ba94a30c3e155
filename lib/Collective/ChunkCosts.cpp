//===- ChunkCosts.cpp - Every link's cost for every chunk -----------------===//

#include "tacos/Collective/ChunkCosts.h"

namespace tacos {

ChunkCosts::ChunkCosts(const Network &network, const ChunkSizes &sizes,
                       uint32_t numChunks, LinkModel model) {
  small = linkCosts(network, sizes.smallest(), model);
  if (sizes.uniform())
    return;
  large = linkCosts(network, sizes.largest(), model);
  isLarge.resize(numChunks);
  for (uint32_t c = 0; c < numChunks; ++c)
    isLarge[c] = sizes.bytes(c) != sizes.smallest();
}

} // namespace tacos
