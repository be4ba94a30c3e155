//===- ExactSynthesizer.h - Optimal schedules with Z3 -----------*- C++ -*-===//
//
// SCCL-style exact synthesis for small networks (docs/Verification.md): Z3 finds the
// schedule with the fewest steps S, then the fewest rounds R, with the
// Boolean/pseudo-Boolean steps-rounds encoding of lib/Synthesis/StepEncoding.h
// (which also drives SCCL's Pareto frontier, Frontier.h). A link of
// multiplicity m carries at most m * r_s chunks in step s; a chunk crosses
// u -> v in some step after it reached u, and reaches each NPU once. The
// result is ordered by step and timed by the simulator, like every other
// schedule.
//
//===----------------------------------------------------------------------===//

#ifndef TACOS_SYNTHESIS_EXACTSYNTHESIZER_H
#define TACOS_SYNTHESIS_EXACTSYNTHESIZER_H

#include "tacos/Collective/Problem.h"
#include "tacos/Collective/Schedule.h"
#include "tacos/Network/Network.h"
#include "tacos/Synthesis/Algorithms.h"

#include <cstdint>

namespace tacos {

/// Networks up to this many NPUs are accepted.
inline constexpr uint32_t kMaxExactNpus = 16;

/// Bytes per Z3 term of the encoding, the solver's copies included
/// (measured: ExactSynthesizerTest, estimate vs. peak RSS).
inline constexpr double kExactBytesPerTerm = 400;

/// The catalogue's run function for Algorithm::Exact (Algorithms.h), so it
/// takes and returns the catalogue's types. It reads `model`, `timeLimitMs`
/// (wall-clock limit for all Z3 calls together; 0: none) and `maxSteps`
/// (give up beyond this many steps), and fills `steps` and `rounds`.
AlgorithmResult synthesizeExact(const Network &network, const Problem &problem,
                                const AlgorithmOptions &options);

/// Peak memory of synthesizeExact on a problem of this shape: Z3 terms of
/// every step count tried (the context keeps them all), at most
/// options.maxSteps of them. Nothing for networks it refuses.
MemoryEstimate estimateExact(const Network &network, const ProblemShape &shape,
                             const AlgorithmOptions &options);

} // namespace tacos

#endif // TACOS_SYNTHESIS_EXACTSYNTHESIZER_H
