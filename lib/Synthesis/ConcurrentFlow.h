//===- ConcurrentFlow.h - All-to-All's concurrent-flow bound ----*- C++ -*-===//
//
// The maximum concurrent multicommodity flow: the largest lambda such that
// every source s can route lambda * d(s, t) bytes per second to every t at
// once within the links' bandwidths. A schedule that finishes in T moves
// d(s, t) bytes from s to t along some path of transfers, so its average
// rates are such a flow with lambda = 1/T: T >= 1/lambda*.
//
// The LP aggregates commodities per source (a single-source flow with
// several sinks decomposes into paths to each sink carrying its demand,
// so this is exact): variables f(s, l) >= 0 for every source s and link l
// not entering s, and lambda; for each s and node v != s, inflow - outflow
// = lambda * d(s, v); for each link l, sum over s of f(s, l) <= B_l.
//
// The time reported is never taken from the solver's objective: it comes
// from a certificate that holds whatever the floating-point simplex did.
// By LP duality, for any lengths y_l >= 0 on the links,
//   lambda* <= sum_l B_l y_l / sum_(s,t) d(s, t) dist_y(s, t),
// since every byte from s to t crosses a path of length >= dist_y(s, t)
// and the links hold at most B_l y_l of length-weighted flow per second.
// The capacity rows' duals are such lengths (optimal ones when the simplex
// ends optimal); the ratio is recomputed from them with Dijkstra, and the
// picoseconds are taken 10^-9 below it (far above the rounding of those
// sums of positive doubles), so they stay a bound.
//
// Solver: GLPK (Debian libglpk-dev), because it is in Debian, has a plain
// C API, solves LPs with an exact simplex (not an approximation scheme)
// and takes an iteration limit (`it_lim`) that ends it at the same point
// on every machine. Debian's build keeps its state per thread, so bounds
// may be computed on several threads at once.
//
//===----------------------------------------------------------------------===//

#ifndef TACOS_LIB_SYNTHESIS_CONCURRENTFLOW_H
#define TACOS_LIB_SYNTHESIS_CONCURRENTFLOW_H

#include "tacos/Network/Network.h"

#include <cstdint>
#include <optional>
#include <vector>

namespace tacos {

/// LP columns (sources x links) beyond which the LP is not built: a count,
/// so that whether the bound is exact never depends on the machine. A 4x4
/// torus (16 x 64 columns, 461 simplex iterations) takes 30 ms here, two
/// nodes of 16 on switches (32 x 128, 2,440 iterations) 0.2-0.4 s; an 8x8
/// torus (64 x 256, 9,233 iterations) 5-8 s, more than a report should.
inline constexpr uint64_t kMaxConcurrentFlowColumns = 5000;
/// GLPK's simplex iteration limit (it_lim): several times what the LPs
/// within kMaxConcurrentFlowColumns take.
inline constexpr int kConcurrentFlowIterations = 20000;

/// Bytes each source must deliver to each NPU: demand[s][t] (a row per
/// NPU; zero rows are sources with nothing to send).
using DemandMatrix = std::vector<std::vector<uint64_t>>;

/// A set S of nodes, the bytes that must leave it and the bandwidth
/// leaving it (bytes 0: none).
struct BallCut {
  std::vector<bool> inS;
  uint64_t bytes = 0;
  double bandwidth = 0;
};

struct ConcurrentFlowBound {
  /// The certificate's ratio: sum of d(s, t) dist_y(s, t) (length-weighted
  /// bytes) over sum of B_l y_l (length-weighted bandwidth); seconds =
  /// weightedBytes / weightedBandwidth <= 1/lambda* (both 0: none).
  double weightedBytes = 0;
  double weightedBandwidth = 0;
  /// The lengths y_l of the certificate, one per link of the network.
  std::vector<double> linkLength;
  /// The simplex ended optimal within its iteration limit (the ratio is
  /// then 1/lambda*, up to floating point).
  bool optimal = false;
  /// The best ball of the lengths (sweepBalls), for reports: a cut bound,
  /// at most the certificate's ratio up to floating point.
  BallCut cut;
};

/// The concurrent-flow bound for `demand` on `network`, or nullopt when the
/// LP is beyond kMaxConcurrentFlowColumns or there is no demand. When no
/// certificate could be made (a demand out of reach), its weights are 0.
std::optional<ConcurrentFlowBound>
concurrentFlowBound(const Network &network, const DemandMatrix &demand);

/// The set of largest ratio among the balls of `lengths` (one per link)
/// around each source: the nodes within each distance. O(sources x
/// (nodes x NPUs + links)).
BallCut sweepBalls(const Network &network, const DemandMatrix &demand,
                   const std::vector<double> &lengths);
/// Keeps in `best` the set of largest ratio among the prefixes of `order`
/// (a permutation of the nodes) if it beats `best`. O(nodes x NPUs +
/// links).
void sweepPrefixes(const Network &network, const DemandMatrix &demand,
                   const std::vector<NodeId> &order, BallCut &best);

} // namespace tacos

#endif // TACOS_LIB_SYNTHESIS_CONCURRENTFLOW_H
