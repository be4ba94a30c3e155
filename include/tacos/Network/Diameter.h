//===- Diameter.h - Hop and latency diameters, exact or bounded -*- C++ -*-===//
//
// The largest shortest-path distance between two NPUs. Pure products of
// dimensions are answered from their factors. Other networks need a search
// from every NPU, n * (n + m) steps: a 10^6-NPU ring written link by link
// would take hours, so past a work budget the diameter is bounded by a few
// searches instead, and the bounds are reported as bounds.
//
//===----------------------------------------------------------------------===//

#ifndef TACOS_NETWORK_DIAMETER_H
#define TACOS_NETWORK_DIAMETER_H

#include "tacos/Network/Network.h"

#include <cstdint>
#include <optional>

namespace tacos {

/// Steps (NPU count times nodes plus links) an exact diameter may take when
/// the network is not a pure product: half a second; a 10,000-NPU ring
/// with explicit links is past it, a 4096-NPU torus with a dropped link is
/// within.
inline constexpr uint64_t kDiameterWorkBudget = 100'000'000;

/// A diameter (lower == upper) or bounds on it.
struct DiameterBounds {
  int64_t lower = 0, upper = 0;
  bool exact() const { return lower == upper; }
};

/// Hop / latency diameter among NPUs (paths may pass through switches), or
/// nothing if some NPU cannot reach another. Exact for pure products and
/// when n * (n + m) <= budget; otherwise bounds from a few searches (ten
/// at most, linear each): the largest eccentricity found below (double
/// sweep from the farthest NPU), ecc_in(v) + ecc_out(v) above for v halfway
/// along the longest path found. They meet on lines and trees; on a ring
/// they are D and 2D.
std::optional<DiameterBounds>
hopDiameterBounds(const Network &network,
                  uint64_t budget = kDiameterWorkBudget);
std::optional<DiameterBounds>
latencyDiameterBounds(const Network &network,
                      uint64_t budget = kDiameterWorkBudget);

} // namespace tacos

#endif // TACOS_NETWORK_DIAMETER_H
