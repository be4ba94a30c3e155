//===- Combining.cpp - Combining collectives from any synthesizer ---------===//

#include "tacos/Synthesis/Combining.h"
#include "tacos/Simulation/Combining.h"
#include "tacos/Synthesis/Inversion.h"

namespace tacos {

/// When each link is free of the reduction's work and each chunk's own
/// reduction is done: where a pipelined All-Gather may start.
static SimulationStart afterReduction(const Network &network,
                                      const Problem &problem,
                                      const ScheduleView &rs,
                                      LinkModel model) {
  SimulationStart start;
  start.linkFree.assign(network.numLinks(), 0);
  start.chunkReady.assign(problem.numChunks(), 0);
  for (size_t i = 0; i < rs.size(); ++i) {
    std::optional<LinkId> link =
        findLink(network, rs.src(i), rs.dst(i), rs.lane(i));
    LinkCost cost =
        linkCost(network, *link, problem.chunkBytes(rs.chunk(i)), model);
    start.linkFree[*link] =
        std::max(start.linkFree[*link], rs.start(i) + cost.occupancy);
    if (problem.isSource(rs.chunk(i), rs.dst(i)))
      start.chunkReady[rs.chunk(i)] =
          std::max(start.chunkReady[rs.chunk(i)], rs.end(i));
  }
  return start;
}

/// The whole combining collective from the phases of one seed.
static AlgorithmResult combineOnce(const Network &network,
                                   const Network &reverse,
                                   const CollectiveSpec &spec,
                                   const Problem &problem,
                                   const AlgorithmOptions &phase) {
  AlgorithmResult result;
  // The reduction half: the dual on G^T, time-reversed onto G.
  AlgorithmResult gather = runAlgorithm(reverse, problem, phase);
  if (!gather.error.empty())
    return gather;
  Schedule reduction;
  result.error = invertSchedule(gather.schedule.view(), gather.timePs,
                                reduction);
  if (!result.error.empty())
    return result;
  result.seed = gather.seed;
  result.steps = gather.steps;
  result.rounds = gather.rounds;
  if (spec.kind == CollectiveKind::AllReduce) {
    // Then every rank's reduced chunk goes to everyone, on G itself. A
    // chunk's All-Gather starts as soon as its own reduction is done and
    // each link is free of reduce-scatter work (pipelined phases).
    AlgorithmResult spread = runAlgorithm(network, problem, phase);
    if (!spread.error.empty())
      return spread;
    result.steps += spread.steps;
    result.rounds += spread.rounds;
    SimulationResult pipelined =
        simulate(network, problem, spread.schedule.view(), phase.model,
                 afterReduction(network, problem, reduction.view(),
                                phase.model));
    if (!pipelined.error.empty()) {
      result.error = "internal error: pipelined all-gather does not "
                     "simulate: " + pipelined.error;
      return result;
    }
    result.strictPhasesPs = gather.timePs + spread.timePs;
    if (phase.pipelinePhases) {
      result.schedule =
          concatenate(reduction.view(), pipelined.schedule.view(), 0);
      result.timePs = std::max(gather.timePs, pipelined.timePs);
    } else {
      result.schedule = concatenate(reduction.view(), spread.schedule.view(),
                                    gather.timePs);
      result.timePs = result.strictPhasesPs;
    }
  } else {
    result.schedule = std::move(reduction);
    result.timePs = gather.timePs;
  }
  if (spec.kind != CollectiveKind::AllReduce || phase.pipelinePhases) {
    // Inversion leaves slack (a leaf of the gather tree could send its share
    // at once, not when the reversed clock says): move every transfer as
    // early as order and data allow, so that coll-simulate gives these
    // times back exactly.
    SimulationResult timed = compactCollective(
        network, spec, result.schedule.view(), phase.model);
    if (!timed.error.empty()) {
      result.error = "internal error: inverted schedule does not simulate: " +
                     timed.error;
      return result;
    }
    result.schedule = std::move(timed.schedule);
    result.timePs = timed.timePs;
  }
  result.numTransfers = result.schedule.size();
  return result;
}

AlgorithmResult synthesizeCombining(const Network &network,
                                    const CollectiveSpec &spec,
                                    const Problem &dualProblem,
                                    const AlgorithmOptions &options) {
  Network reverse = transposed(network);
  AlgorithmOptions phase = options;
  phase.materialize = true;
  phase.trials = 1;
  // Each seed builds the whole collective: the fastest reduction and the
  // fastest spread of different seeds need not make the fastest pair.
  unsigned trials =
      isSeeded(options.algorithm) ? std::max(1u, options.trials) : 1;
  AlgorithmResult best;
  for (unsigned trial = 0; trial < trials; ++trial) {
    phase.seed = options.seed + trial;
    AlgorithmResult result =
        combineOnce(network, reverse, spec, dualProblem, phase);
    if (!result.error.empty())
      return result;
    if (trial == 0 || result.timePs < best.timePs)
      best = std::move(result);
  }
  if (!options.materialize)
    best.schedule = Schedule();
  return best;
}

SynthesisResult synthesizeCollective(const Network &network,
                                     const CollectiveSpec &spec,
                                     const SynthesisOptions &options) {
  AlgorithmOptions catalogue;
  catalogue.algorithm = Algorithm::Tacos;
  catalogue.model = options.model;
  catalogue.seed = options.seed;
  catalogue.trials = options.trials;
  catalogue.materialize = options.materialize;
  catalogue.pipelinePhases = options.pipelinePhases;
  catalogue.reservationRouting = options.reservationRouting;
  catalogue.verify = false;
  catalogue.progress = options.progress;
  AlgorithmResult found = synthesize(network, spec, catalogue);
  SynthesisResult result;
  result.schedule = std::move(found.schedule);
  result.timePs = found.timePs;
  result.numTransfers = found.numTransfers;
  result.seed = found.seed;
  result.strictPhasesPs = found.strictPhasesPs;
  result.error = std::move(found.error);
  return result;
}

} // namespace tacos
