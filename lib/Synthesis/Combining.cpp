//===- Combining.cpp - Synthesis of any collective ------------------------===//

#include "tacos/Synthesis/Combining.h"
#include "tacos/Synthesis/Inversion.h"
#include "tacos/Simulation/Combining.h"

namespace tacos {

CollectiveKind dualOf(CollectiveKind kind) {
  switch (kind) {
  case CollectiveKind::ReduceScatter:
  case CollectiveKind::AllReduce:
    return CollectiveKind::AllGather;
  case CollectiveKind::Reduce:
    return CollectiveKind::Broadcast;
  default:
    return kind;
  }
}

SynthesisResult synthesizeCollective(const Network &network,
                                     const CollectiveSpec &spec,
                                     const SynthesisOptions &options) {
  SynthesisResult result;
  CollectiveSpec dual = spec;
  dual.kind = dualOf(spec.kind);
  Problem problem;
  result.error = buildProblem(dual, network.numNpus(), problem);
  if (!result.error.empty())
    return result;
  if (!isCombining(spec.kind))
    return synthesizeTen(network, problem, options);

  SynthesisOptions build = options;
  build.materialize = true;
  // The reduction half: the dual on G^T, time-reversed onto G.
  Network reverse = transposed(network);
  SynthesisResult gather = synthesizeTen(reverse, problem, build);
  if (!gather.error.empty())
    return gather;
  Schedule reduction;
  result.error = invertSchedule(gather.schedule.view(), gather.timePs,
                                reduction);
  if (!result.error.empty())
    return result;
  result.seed = gather.seed;
  if (spec.kind == CollectiveKind::AllReduce) {
    // Then every rank's reduced chunk goes to everyone, on G itself. A
    // chunk's All-Gather starts as soon as its own reduction is done and
    // each link is free of reduce-scatter work (pipelined phases).
    SynthesisResult spread = synthesizeTen(network, problem, build);
    if (!spread.error.empty())
      return spread;
    SimulationStart start;
    start.linkFree.assign(network.numLinks(), 0);
    start.chunkReady.assign(problem.numChunks(), 0);
    ScheduleView rs = reduction.view();
    for (size_t i = 0; i < rs.size(); ++i) {
      std::optional<LinkId> link =
          findLink(network, rs.src(i), rs.dst(i), rs.lane(i));
      LinkCost cost = linkCost(network, *link, problem.chunkBytes(rs.chunk(i)),
                               options.model);
      start.linkFree[*link] = std::max(start.linkFree[*link],
                                       rs.start(i) + cost.occupancy);
      if (problem.isSource(rs.chunk(i), rs.dst(i)))
        start.chunkReady[rs.chunk(i)] =
            std::max(start.chunkReady[rs.chunk(i)], rs.end(i));
    }
    SimulationResult pipelined = simulate(
        network, problem, spread.schedule.view(), options.model, start);
    if (!pipelined.error.empty()) {
      result.error = "internal error: pipelined all-gather does not "
                     "simulate: " + pipelined.error;
      return result;
    }
    result.strictPhasesPs = gather.timePs + spread.timePs;
    if (options.pipelinePhases) {
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
  if (spec.kind != CollectiveKind::AllReduce || options.pipelinePhases) {
    // Inversion leaves slack (a leaf of the gather tree could send its share
    // at once, not when the reversed clock says): move every transfer as
    // early as order and data allow, so that coll-simulate gives these
    // times back exactly.
    SimulationResult timed = compactCollective(
        network, spec, result.schedule.view(), options.model);
    if (!timed.error.empty()) {
      result.error = "internal error: inverted schedule does not simulate: " +
                     timed.error;
      return result;
    }
    result.schedule = std::move(timed.schedule);
    result.timePs = timed.timePs;
  }
  result.numTransfers = result.schedule.size();
  if (!options.materialize)
    result.schedule = Schedule();
  return result;
}

} // namespace tacos
