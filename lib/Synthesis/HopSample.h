//===- HopSample.h - Hop counts between participants, sampled ---*- C++ -*-===//
//
// A routed schedule has about one transfer per hop of every delivery, so
// memory estimates need the hop counts between participants. Measuring all
// pairs would cost what the synthesis does; a breadth-first search from a
// few participants spread over the ranks is exact on the symmetric
// networks tacos is mostly given (tori, meshes, switches unwound) and a
// fair mean elsewhere. Private to the Synthesis library.
//
//===----------------------------------------------------------------------===//

#ifndef TACOS_LIB_SYNTHESIS_HOPSAMPLE_H
#define TACOS_LIB_SYNTHESIS_HOPSAMPLE_H

#include "tacos/Network/Network.h"

#include <cstdint>
#include <optional>
#include <vector>

namespace tacos {

struct HopSample {
  /// Mean hops from a participant to the other participants.
  double mean = 1;
  /// Mean hops from rank r to rank r + 1 (ring neighbours).
  double next = 1;
  /// Mean over rounds of the hops from rank r to rank r ^ 2^b, each round
  /// weighted by 2^b (what recursive doubling sends in round b).
  double xorWeighted = 1;
  /// The same rounds weighted by 1 / 2^b: the edges of a binary tree on
  /// the ranks (half join ranks that differ in bit 0, a quarter in bit 1).
  double xorByEdges = 1;
  /// Mean hops from the root (rooted collectives), else `mean`.
  double fromRoot = 1;
  /// Mean hops from a participant to its nearest other participant: a tree
  /// that spans the participants has about that many hops per member.
  double nearest = 1;
  /// The largest hop count seen from a sampled participant.
  double farthest = 1;
};

/// Samples up to `sources` participants (ranks spread evenly, plus the
/// root if any). Unreachable pairs are left out (the reachability check
/// reports them).
HopSample sampleHops(const Network &network,
                     const std::vector<uint32_t> &participants,
                     std::optional<uint32_t> root, unsigned sources = 4);

} // namespace tacos

#endif // TACOS_LIB_SYNTHESIS_HOPSAMPLE_H
