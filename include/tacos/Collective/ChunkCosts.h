//===- ChunkCosts.h - Every link's cost for every chunk ---------*- C++ -*-===//
//
// Whole-byte chunks (ChunkSizes) come in at most two sizes, so the cost of
// any chunk on any link is one of two precomputed linkCost values.
//
//===----------------------------------------------------------------------===//

#ifndef TACOS_COLLECTIVE_CHUNKCOSTS_H
#define TACOS_COLLECTIVE_CHUNKCOSTS_H

#include "tacos/Collective/Collective.h"
#include "tacos/Network/LinkCost.h"

#include <vector>

namespace tacos {

/// Every link's cost for each chunk of a collective. Whole-byte chunks come
/// in at most two sizes (ChunkSizes), so this keeps two costs per link and
/// answers a (link, chunk) query in O(1).
class ChunkCosts {
public:
  ChunkCosts(const Network &network, const ChunkSizes &sizes,
             uint32_t numChunks, LinkModel model);
  LinkCost of(LinkId l, uint32_t chunk) const {
    return isLarge.empty() || !isLarge[chunk] ? small[l] : large[l];
  }
  /// The largest chunk's cost: for orderings and distances, where one cost
  /// per link is wanted.
  LinkCost largest(LinkId l) const {
    return large.empty() ? small[l] : large[l];
  }
  /// The smallest chunk's cost: what lower bounds may assume of any chunk.
  LinkCost smallest(LinkId l) const { return small[l]; }

private:
  std::vector<LinkCost> small, large; ///< large is empty for uniform chunks
  std::vector<uint8_t> isLarge;       ///< per chunk; empty for uniform chunks
};

} // namespace tacos

#endif // TACOS_COLLECTIVE_CHUNKCOSTS_H
