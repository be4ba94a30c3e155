//===- Combining.h - Combining collectives from any synthesizer -*- C++ -*-===//
//
// docs/Algorithms.md, inversion: Reduce-Scatter and Reduce are synthesized as their duals
// (All-Gather, Broadcast) on the transposed network and inverted, so
// asymmetric networks (one-way rings and links) get correct reductions;
// All-Reduce is that Reduce-Scatter followed by an All-Gather on the
// network itself. The dual is built by whichever non-combining synthesizer
// the options name (Algorithms.h), so every algorithm builds every
// collective.
//
//===----------------------------------------------------------------------===//

#ifndef TACOS_SYNTHESIS_COMBINING_H
#define TACOS_SYNTHESIS_COMBINING_H

#include "tacos/Synthesis/Algorithms.h"

namespace tacos {

/// Builds the combining collective `spec` from `dualProblem` (the problem of
/// dualOf(spec.kind)) with `options.algorithm`. A seeded algorithm builds
/// the whole collective once per seed of `options.trials` and keeps the
/// fastest combined time (ties: the lowest seed), the seeds on
/// `options.threads` threads (Trials.h). The phases are always
/// materialized (inversion needs them); the result only if
/// `options.materialize`. Check and verify are the caller's (synthesize()).
AlgorithmResult synthesizeCombining(const Network &network,
                                    const CollectiveSpec &spec,
                                    const Problem &dualProblem,
                                    const AlgorithmOptions &options);

} // namespace tacos

#endif // TACOS_SYNTHESIS_COMBINING_H
