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
//   volume:   All-Reduce over every NPU: 2(N-1) transfers per chunk, by
//             the discrete count over every link of the network
//   throughput: ForestColl's cut bound over sets of nodes, exact at any N
//             (ThroughputBound.h); the only one here that also holds on
//             the hardware an unwound network models, when computed on
//             that hardware
// The bounds are generalized to any Problem through its deliveries: every
// destination v must receive deliveries(v) chunks over its in-links.
//
//===----------------------------------------------------------------------===//

#ifndef TACOS_SYNTHESIS_LOWERBOUNDS_H
#define TACOS_SYNTHESIS_LOWERBOUNDS_H

#include "tacos/Collective/Problem.h"
#include "tacos/Network/Network.h"

#include <cstdint>
#include <optional>
#include <string>

namespace tacos {

/// The bounds of LowerBounds, in the order reports print them.
enum class BoundKind : uint8_t {
  Ingress,
  Latency,
  Discrete,
  Cut,
  Load,
  Path,
  Occupancy,
  Volume,
  Throughput,
};

/// "ingress", "latency", "discrete", "cut", "load", "path", "occupancy",
/// "volume", "throughput": the names reports print.
const char *boundName(BoundKind kind);

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

  /// All-Reduce over every NPU only: every chunk needs 2(N-1) transfers
  /// (one-way gossip), and all links of the network together finish
  /// at most count_e(T) each by T (the discrete count).
  std::optional<int64_t> volumePs;

  /// ThroughputBound's picoseconds on the network the bounds are for.
  std::optional<int64_t> throughputPs;

  /// The bound `kind`; nullopt where not computed.
  std::optional<int64_t> get(BoundKind kind) const;
  /// The largest of them: the `lower_bound_us` of reports.
  int64_t best() const;
  /// Which bound best() is (the first in report order on a tie).
  BoundKind bestKind() const;
  const char *bestName() const { return boundName(bestKind()); }
};

/// What the lower bounds prove about a schedule that finishes at `timePs`.
struct OptimalityCertificate {
  /// timePs equals the best bound: no schedule of the same chunks beats
  /// it under the link model.
  bool optimal = false;
  /// timePs is below the best bound: the bound or the time is wrong (never
  /// for a verified schedule); nothing is certified.
  bool contradiction = false;
  BoundKind boundKind = BoundKind::Ingress;
  /// boundName(boundKind).
  const char *bound = "ingress";
  /// INT64_MAX when unreachable.
  int64_t boundPs = 0;
  /// The time certified.
  int64_t timePs = 0;
  /// timePs / boundPs (at least 1); 1 when optimal; nullopt when the bound
  /// is 0 and the time is not (or the bound is unreachable).
  std::optional<double> gap;

  /// One line, e.g. "equals the discrete lower bound (282.100 us)",
  /// "gap 1.0357 to the occupancy lower bound (272.400 us)" or, for a gap
  /// too small for four decimals, "gap 216 ps (ratio 1.00000002) to ...".
  std::string describe() const;
};

/// How far `timePs` is above `referencePs` (> 0), for reports: the ratio
/// (`1.0357`), or for a gap four decimals would show as 1.0000, which reads
/// as optimal, the time it is and the ratio in as many digits as it takes
/// (`216 ps (ratio 1.00000002)`).
std::string formatGap(int64_t timePs, int64_t referencePs);

/// The certificate of a schedule that finishes at `timePs` (a time the
/// caller has verified or simulated, never one an input claims) against
/// `bounds`.
OptimalityCertificate certify(int64_t timePs, const LowerBounds &bounds);

/// What is known of the optimum after an exact search returned a verified
/// schedule of `timePs` (AlgorithmResult's fields): it is optimal if the
/// search proved it or the bounds certify it; otherwise the optimum lies
/// in (provedInfeasiblePs, timePs] and at or above the best bound.
struct ExactVerdict {
  bool optimal = false;
  /// Why it is optimal: the search's proof, or the certificate's.
  std::string proof;
  /// One line for reports: "optimal: <proof>", "gap 1.0634 to the best
  /// proved infeasible time 282.100 us", or "not proved optimal; gap
  /// 1.0634 to the discrete lower bound (282.100 us)".
  std::string text;
};
ExactVerdict judgeExact(int64_t timePs, bool provedOptimal,
                        const std::string &proof, int64_t provedInfeasiblePs,
                        const std::optional<LowerBounds> &bounds);

/// Lower bounds of a non-combining problem (path and occupancy only on a
/// network without switches).
/// For a combining collective, pass its dual's problem and scale as the
/// caller needs (Reduce-Scatter uses egress, the transpose of ingress).
LowerBounds computeLowerBounds(const Network &network, const Problem &problem,
                               LinkModel model);

/// Lower bounds of any collective (combining or not), or nullopt on a
/// network with undecided bandwidths. On a network with switches as nodes
/// they hold for transfers routed through them (path and occupancy, which
/// assume store-and-forward at every node, are left at 0). Reduce-Scatter
/// and Reduce are time-reversed All-Gather and Broadcast on G^T, so their
/// duals' bounds there hold. An All-Reduce is bounded by each of its phases (the
/// larger of the two bounds of each kind) and by volume. The phases'
/// ingress bounds do not add up: with pipelined phases one NPU's out-links
/// may carry Reduce-Scatter chunks while another's in-links already carry
/// All-Gather ones (LowerBoundsTest, PipelinedAllReduceBeatsTheSumOfIngress).
std::optional<LowerBounds> computeCollectiveBounds(const Network &network,
                                                   const CollectiveSpec &spec,
                                                   LinkModel model);

} // namespace tacos

#endif // TACOS_SYNTHESIS_LOWERBOUNDS_H
