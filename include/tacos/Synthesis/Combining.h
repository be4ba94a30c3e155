//===- Combining.h - Combining collectives from any synthesizer -*- C++ -*-===//
//
// docs/Algorithms.md, inversion: Reduce-Scatter and Reduce are synthesized as their duals
// (All-Gather, Broadcast) on the transposed network and inverted, so
// asymmetric networks (one-way rings and links) get correct reductions;
// All-Reduce is that Reduce-Scatter followed by an All-Gather on the
// network itself. The dual is built by whichever non-combining synthesizer
// the options name (Algorithms.h); it inverts only if it is a tree
// (Inversion.h), which a baseline's dual is only on some networks.
//
//===----------------------------------------------------------------------===//

#ifndef TACOS_SYNTHESIS_COMBINING_H
#define TACOS_SYNTHESIS_COMBINING_H

#include "tacos/Simulation/Simulator.h"
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

/// When each link is free of the reductions `rs` (on `network`) and each
/// chunk's own reduction is done: where a pipelined All-Gather may start.
SimulationStart afterReduction(const Network &network, const Problem &problem,
                               const ScheduleView &rs, LinkModel model);

/// The whole combining collective from its phases: `gather`, the dual on
/// G^T (time-reversed onto G here), and for All-Reduce `spread`, the dual
/// on G, pipelined after the reductions if `phase.pipelinePhases`. Timed
/// and, with `compactResult`, compacted (else the reversed clock's slack
/// stays: valid, not as early as can be). Synthesis and repair (Repair.h)
/// share it.
AlgorithmResult combinePhases(const Network &network,
                              const CollectiveSpec &spec,
                              const Problem &problem,
                              const AlgorithmResult &gather,
                              const AlgorithmResult *spread,
                              const AlgorithmOptions &phase,
                              bool compactResult = true);

} // namespace tacos

#endif // TACOS_SYNTHESIS_COMBINING_H
