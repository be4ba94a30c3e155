//===- Combining.cpp - Synthesis of any collective ------------------------===//

#include "tacos/Synthesis/Combining.h"
#include "tacos/Synthesis/Inversion.h"

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
    // Then every rank's reduced chunk goes to everyone, on G itself.
    SynthesisResult spread = synthesizeTen(network, problem, build);
    if (!spread.error.empty())
      return spread;
    result.schedule = concatenate(reduction.view(), spread.schedule.view(),
                                  gather.timePs);
    result.timePs = gather.timePs + spread.timePs;
  } else {
    result.schedule = std::move(reduction);
    result.timePs = gather.timePs;
  }
  result.numTransfers = result.schedule.size();
  if (!options.materialize)
    result.schedule = Schedule();
  return result;
}

} // namespace tacos
