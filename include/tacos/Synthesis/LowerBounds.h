//===- LowerBounds.h - Lower bounds on collective time ----------*- C++ -*-===//
//
// docs/Reports.md, lower bounds. For All-Gather with N participants, k chunks each of c bytes,
// M = N*k*c:
//   ingress:  max_v ((N-1)/N) * M / B_in(v)
//   latency:  largest shortest-path latency from a source to a destination
//   discrete: max_v min{T : sum over in-links e of floor(T / cost_e) >= (N-1)k}
//             (cost_e = a_e + c/B_e: TACOS's blocking link model)
//   cut:      (M/N) * max over NPU sets S (not all) of |S| / B_out(S)
//             (exhaustive, only for N <= 16)
//   load:     (sum over chunks of the cheapest path's link occupancy) / links
//             (only when every chunk has one source and one destination)
//   path:     largest over (chunk, destination) of the cheapest path from a
//             source where every hop costs its full duration a_e + c/B_e
//             (whole-chunk store-and-forward)
//   occupancy: over sets S (every NPU alone; its nearest neighbourhoods on
//             small networks), the discrete count on the links into S for
//             the chunks S needs and lacks, and on the links out of S for
//             the chunks only S holds and others need
// The bounds are generalized to any Problem through its deliveries: every
// destination v must receive deliveries(v) chunks over its in-links.
//
//===----------------------------------------------------------------------===//

#ifndef TACOS_SYNTHESIS_LOWERBOUNDS_H
#define TACOS_SYNTHESIS_LOWERBOUNDS_H

#include "tacos/Collective/Problem.h"
#include "tacos/Network/Network.h"

#include <optional>

namespace tacos {

struct LowerBounds {
  /// Each in picoseconds; nullopt where not computed (cut for N > 16).
  int64_t ingressPs = 0;
  int64_t latencyPs = 0;
  int64_t discretePs = 0;
  std::optional<int64_t> cutPs;
  /// Single-destination chunks (All-to-All, Scatter, Gather) only: the sum
  /// of each chunk's cheapest path occupancy, spread over every link.
  std::optional<int64_t> loadPs;
  int64_t pathPs = 0;
  int64_t occupancyPs = 0;

  /// The largest of them: the `lower_bound_us` of reports.
  int64_t best() const;
};

/// Lower bounds of a non-combining problem on a network without switches.
/// For a combining collective, pass its dual's problem and scale as the
/// caller needs (Reduce-Scatter uses egress, the transpose of ingress).
LowerBounds computeLowerBounds(const Network &network, const Problem &problem,
                               LinkModel model);

/// Lower bounds of any collective (combining or not), or nullopt on a
/// network with switches or undecided bandwidths. Reduce-Scatter and Reduce
/// are time-reversed All-Gather and Broadcast on G^T, so their duals'
/// bounds there hold. An All-Reduce receives twice what an All-Gather does
/// (ingress adds up); the other bounds hold per phase.
std::optional<LowerBounds> computeCollectiveBounds(const Network &network,
                                                   const CollectiveSpec &spec,
                                                   LinkModel model);

} // namespace tacos

#endif // TACOS_SYNTHESIS_LOWERBOUNDS_H
