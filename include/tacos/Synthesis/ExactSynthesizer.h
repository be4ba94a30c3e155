//===- ExactSynthesizer.h - Time-optimal schedules with Z3 ------*- C++ -*-===//
//
// `algorithm=exact` (docs/Algorithms.md, exact): the fastest schedule under
// the link model, with a proof, on small networks. It starts from what is
// known for sure, TACOS's schedule (an upper bound, `kExactIncumbentTrials`
// seeds at least) and the lower bounds (LowerBounds.h), and bisects between
// them on the time-indexed question "is there a schedule finishing by T?"
// (lib/Synthesis/TimeIndexedEncoding.h, Z3): a satisfiable T gives a faster
// schedule, an unsatisfiable one raises the proved bound. It stops when
// they meet (optimal) or when a limit runs out (Z3's resource budget, or
// the wall clock as a safety net: lib/Synthesis/SearchBudget.h), and then
// returns the best schedule found with the gap and the limit; never
// anything slower than TACOS's.
//
// SCCL's fewest steps, then rounds, is StepSearch.h.
//
//===----------------------------------------------------------------------===//

#ifndef TACOS_SYNTHESIS_EXACTSYNTHESIZER_H
#define TACOS_SYNTHESIS_EXACTSYNTHESIZER_H

#include "tacos/Collective/Problem.h"
#include "tacos/Collective/Schedule.h"
#include "tacos/Network/Network.h"
#include "tacos/Synthesis/Algorithms.h"
#include "tacos/Synthesis/LowerBounds.h"

#include <cstdint>

namespace tacos {

/// Tori (products of rings) and hypercubes (products of line(2)) up to this
/// many NPUs are accepted; other networks up to kMaxExactOtherNpus.
inline constexpr uint32_t kMaxExactNpus = 32;
inline constexpr uint32_t kMaxExactOtherNpus = 16;
/// The NPUs `network` may have for exact synthesis.
uint32_t maxExactNpus(const Network &network);

/// TACOS's seeds for the incumbent: options.trials, but at least this many.
inline constexpr unsigned kExactIncumbentTrials = 20;

/// The largest encoding handed to Z3 (TimeIndexedEncoding.h): variables
/// are about chunks x links x slots, literals that times the slots a
/// transfer occupies. Beyond either the search keeps the best schedule so
/// far and reports the gap. Measured: 2.3 million literals (All-to-All on
/// a pipelined ring(8), 161 slots) peak at 620 MB, Z3's learnt clauses
/// included: about 250 B per literal, so ~1.2 GB at most.
inline constexpr uint64_t kMaxExactVariables = 1000000;
inline constexpr uint64_t kMaxExactLiterals = 4000000;
inline constexpr double kExactBytesPerLiteral = 300;

/// The catalogue's run function for Algorithm::Exact (Algorithms.h). Reads
/// `model`, `rlimit` and `timeLimitMs` (for the whole search; 0: none),
/// `trials`, `threads` and `reservationRouting` (TACOS's incumbent), and
/// fills `optimal`, `provedInfeasiblePs`, `proof`, `firstBestMs`,
/// `stoppedBy` and `rlimitUsed`. Running out of the budget, the time limit
/// or the deadline after the incumbent is found is no error.
AlgorithmResult synthesizeExact(const Network &network, const Problem &problem,
                                const AlgorithmOptions &options);

/// A combining collective with exact phases (Combining.h), or TACOS's whole
/// collective if that is faster (an All-Reduce's pipelined phases need not
/// combine best), with the certificate of the combined time.
AlgorithmResult synthesizeExactCombining(const Network &network,
                                         const CollectiveSpec &spec,
                                         const Problem &dualProblem,
                                         const AlgorithmOptions &options);

/// Peak memory of synthesizeExact on a problem of this shape: TACOS's
/// incumbent, then Z3 with at most kMaxExactLiterals literals. Nothing
/// for networks it refuses.
MemoryEstimate estimateExact(const Network &network, const ProblemShape &shape,
                             const AlgorithmOptions &options);

} // namespace tacos

#endif // TACOS_SYNTHESIS_EXACTSYNTHESIZER_H
