//===- Frontier.h - SCCL's Pareto frontier of steps and bandwidth -*- C++ -*-===//
//
// SCCL ("Synthesizing Optimal Collective Algorithms", PPoPP 2021) measures a
// k-synchronous algorithm by its steps S (latency: each step costs a link
// latency alpha) and its rounds per chunk R/C (bandwidth: a round moves one
// chunk of size/(G*C) bytes over every link). Under the cost model
//
//   cost = S * alpha + R * chunkBytes / B  =  S * alpha + (R/C) * (m / B)
//
// (alpha: the largest link latency, B: the smallest link bandwidth, m: the
// per-NPU input size/G of an All-Gather, chunkBytes = m/C) an algorithm is
// Pareto-optimal when no other has fewer or equal steps and a smaller R/C.
// synthesizeFrontier walks S upward from the least possible; for each S it
// asks Z3 (StepEncoding.h) for the smallest R/C with C <= maxChunks, trying
// the ratios below the best so far in increasing order, and keeps a point
// when that ratio improves; it stops when R/C meets the bandwidth lower
// bound (every NPU's deliveries over its in-link multiplicity), at
// options.maxSteps, or when a limit runs out: Z3's resource budget
// (options.rlimit, the same on every machine) or, as a safety net, the wall
// clock (options.timeLimitMs, options.limits.deadline). A search a limit
// stopped is incomplete, and says which points it left undecided.
//
//===----------------------------------------------------------------------===//

#ifndef TACOS_SYNTHESIS_FRONTIER_H
#define TACOS_SYNTHESIS_FRONTIER_H

#include "tacos/Collective/Collective.h"
#include "tacos/Network/Network.h"
#include "tacos/Synthesis/Algorithms.h"

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

namespace tacos {

/// A nonnegative fraction num/den (den > 0), compared exactly.
struct Ratio {
  uint64_t num = 0, den = 1;
  bool operator<(const Ratio &o) const { return num * o.den < o.num * den; }
  bool operator==(const Ratio &o) const { return num * o.den == o.num * den; }
  bool operator<=(const Ratio &o) const { return !(o < *this); }
  std::string str() const;
};

struct FrontierPoint {
  unsigned steps = 0, rounds = 0, chunks = 0;
  /// True: every smaller R/C (C <= maxChunks) was proved impossible in this
  /// many steps (and fewer steps were searched before), so the point is on
  /// the frontier of k-synchronous algorithms. False: some check was left
  /// undecided, so it is the least found.
  bool proved = false;
  /// The request with chunksPerRank = chunks.
  CollectiveSpec spec;
  /// SCCL's cost terms in ps: steps * alpha and rounds * chunkBytes / B.
  int64_t alphaPs = 0, betaPs = 0;
  /// Milliseconds from the start of the search to this point.
  double foundMs = 0;
  /// The schedule, timed by the simulator (options.model) and verified.
  AlgorithmResult result;
};

struct FrontierResult {
  /// In increasing steps and decreasing R/C.
  std::vector<FrontierPoint> points;
  /// The bandwidth lower bound on R/C, and whether the last point meets it.
  Ratio bound;
  bool bandwidthOptimal = false;
  /// Why the search stopped, for diagnostics: "the bandwidth bound",
  /// "max-chunks" (no ratio left between the bound and the best with C <=
  /// maxChunks), "max-steps", or the limit that stopped it
  /// (searchLimitName: "rlimit", "time-limit-ms", "timeout", "no-answer").
  std::string stoppedAt;
  /// The limit that left the frontier incomplete (None: complete). Then
  /// `undecided` holds the (steps, rounds, chunks) checks Z3 gave no answer
  /// for and those of the step count it stopped in that it did not reach,
  /// in search order; and the step counts not searched at all are
  /// unsearchedSteps.first..second (first == 0: none). Any of them may
  /// hold a frontier point.
  SearchLimit stoppedBy = SearchLimit::None;
  struct Check {
    unsigned steps = 0, rounds = 0, chunks = 0;
  };
  std::vector<Check> undecided;
  std::pair<unsigned, unsigned> unsearchedSteps{0, 0};
  /// Z3's resource units the search used (rlimit counts them).
  uint64_t rlimitUsed = 0;
  double synthesisMs = 0;
  /// Empty on success (at least one point).
  std::string error;
};

/// The largest maxChunks accepted: the formula grows with C.
inline constexpr unsigned kMaxFrontierChunks = 64;

/// SCCL's Pareto frontier of a non-combining collective (All-Gather,
/// Broadcast, Scatter, Gather, All-to-All; others are refused with an
/// error) on `network`, which must be a network algorithm=exact accepts.
/// `spec.chunksPerRank` is ignored: the points choose C in 1..maxChunks.
/// Reads options.model, rlimit and timeLimitMs (all Z3 calls together),
/// maxSteps, limits.deadline and verify.
FrontierResult synthesizeFrontier(const Network &network,
                                  const CollectiveSpec &spec,
                                  const AlgorithmOptions &options,
                                  unsigned maxChunks);

} // namespace tacos

#endif // TACOS_SYNTHESIS_FRONTIER_H
