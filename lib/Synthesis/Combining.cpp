//===- Combining.cpp - Combining collectives from any synthesizer ---------===//

#include "tacos/Synthesis/Combining.h"
#include "tacos/Collective/ChunkCosts.h"
#include "tacos/Collective/TransferPath.h"
#include "tacos/Simulation/Combining.h"
#include "tacos/Synthesis/Inversion.h"
#include "tacos/Synthesis/Trials.h"

namespace tacos {

SimulationStart afterReduction(const Network &network,
                               const Problem &problem,
                               const ScheduleView &rs, LinkModel model) {
  // Two costs per link, not an exact division per transfer.
  ChunkCosts costs(network, problem.chunkSizes, problem.numChunks(), model);
  SimulationStart start;
  start.linkFree.assign(network.numLinks(), 0);
  start.chunkReady.assign(problem.numChunks(), 0);
  std::vector<LinkId> path;
  for (size_t i = 0; i < rs.size(); ++i) {
    transferPath(network, rs[i], rs.routes(), path);
    LinkCost cost = path.size() == 1
                        ? costs.of(path[0], rs.chunk(i))
                        : transferCost(network, path,
                                       problem.chunkBytes(rs.chunk(i)), model);
    for (LinkId l : path)
      start.linkFree[l] =
          std::max(start.linkFree[l], rs.start(i) + cost.occupancy);
    if (problem.isSource(rs.chunk(i), rs.dst(i)))
      start.chunkReady[rs.chunk(i)] =
          std::max(start.chunkReady[rs.chunk(i)], rs.end(i));
  }
  return start;
}

AlgorithmResult combinePhases(const Network &network,
                              const CollectiveSpec &spec,
                              const Problem &problem,
                              const AlgorithmResult &gather,
                              const AlgorithmResult *spread,
                              const AlgorithmOptions &phase,
                              bool compactResult) {
  AlgorithmResult result;
  // The reduction half: the dual on G^T, time-reversed onto G.
  Schedule reduction;
  result.error =
      invertDual(problem, gather.schedule.view(), gather.timePs, reduction);
  if (!result.error.empty()) {
    result.error = std::string("cannot invert the ") +
                   collectiveName(problem.kind) +
                   " built on the transposed network: " + result.error;
    return result;
  }
  result.seed = gather.seed;
  result.steps = gather.steps;
  result.rounds = gather.rounds;
  // An exact phase's search that a limit stopped leaves the whole
  // collective's result short of its question too.
  result.stoppedBy = gather.stoppedBy;
  result.rlimitUsed = gather.rlimitUsed;
  if (spread) {
    if (result.stoppedBy == SearchLimit::None)
      result.stoppedBy = spread->stoppedBy;
    result.rlimitUsed += spread->rlimitUsed;
    // Then every rank's reduced chunk goes to everyone, on G itself. A
    // chunk's All-Gather starts as soon as its own reduction is done and
    // each link is free of reduce-scatter work (pipelined phases).
    result.steps += spread->steps;
    result.rounds += spread->rounds;
    SimulationResult pipelined =
        simulate(network, problem, spread->schedule.view(), phase.model,
                 afterReduction(network, problem, reduction.view(),
                                phase.model));
    if (!pipelined.error.empty()) {
      result.error = "internal error: pipelined all-gather does not "
                     "simulate: " + pipelined.error;
      return result;
    }
    result.strictPhasesPs = gather.timePs + spread->timePs;
    if (phase.pipelinePhases) {
      result.schedule =
          concatenate(reduction.view(), pipelined.schedule.view(), 0);
      result.timePs = std::max(gather.timePs, pipelined.timePs);
    } else {
      result.schedule = concatenate(reduction.view(), spread->schedule.view(),
                                    gather.timePs);
      result.timePs = result.strictPhasesPs;
    }
  } else {
    result.schedule = std::move(reduction);
    result.timePs = gather.timePs;
    // The reversal takes as long as the dual, so what exact synthesis
    // proved of the dual holds here (ExactSynthesizer.h).
    result.optimal = gather.optimal;
    result.provedInfeasiblePs = gather.provedInfeasiblePs;
    result.proof = gather.proof;
    result.firstBestMs = gather.firstBestMs;
  }
  if (compactResult && (!spread || phase.pipelinePhases)) {
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

namespace {

/// What the trials keep: the fastest combined collective, and the fastest
/// phases of any seeds (ties: the lowest trial, as in a sequential loop).
struct CombiningTrials {
  FastestTrial<AlgorithmResult> best, fastestGather, fastestSpread,
      firstFailure;
};

} // namespace

/// One seed's whole collective: the dual on G^T (and for All-Reduce on G),
/// combined. Runs concurrently with other trials; false if it failed.
/// `report` takes the trial's progress (each phase is an equal share).
static bool runCombiningTrial(const Network &network, const Network &reverse,
                              const CollectiveSpec &spec,
                              const Problem &dualProblem,
                              AlgorithmOptions phase, unsigned trial,
                              const std::function<void(double)> &report,
                              bool keepPhases, CombiningTrials &kept) {
  bool twoPhases = spec.kind == CollectiveKind::AllReduce;
  double phases = twoPhases ? 2 : 1;
  if (report)
    phase.progress = [&](double done) { report(done / phases); };
  AlgorithmResult gather = runAlgorithm(reverse, dualProblem, phase);
  if (!gather.error.empty()) {
    kept.firstFailure.offer(std::move(gather), 0, trial);
    return false;
  }
  std::optional<AlgorithmResult> spread;
  if (twoPhases) {
    if (report)
      phase.progress = [&](double done) { report((1 + done) / phases); };
    spread = runAlgorithm(network, dualProblem, phase);
    if (!spread->error.empty()) {
      kept.firstFailure.offer(std::move(*spread), 0, trial);
      return false;
    }
  }
  AlgorithmResult result = combinePhases(network, spec, dualProblem, gather,
                                   spread ? &*spread : nullptr, phase);
  if (!result.error.empty()) {
    kept.firstFailure.offer(std::move(result), 0, trial);
    return false;
  }
  int64_t time = result.timePs;
  kept.best.offer(std::move(result), time, trial);
  if (!keepPhases)
    return true;
  time = gather.timePs;
  kept.fastestGather.offer(std::move(gather), time, trial);
  if (spread) {
    time = spread->timePs;
    kept.fastestSpread.offer(std::move(*spread), time, trial);
  }
  return true;
}

AlgorithmResult synthesizeCombining(const Network &network,
                                    const CollectiveSpec &spec,
                                    const Problem &dualProblem,
                                    const AlgorithmOptions &options) {
  Network reverse = transposed(network);
  bool twoPhases = spec.kind == CollectiveKind::AllReduce;
  unsigned trials =
      isSeeded(options.algorithm) ? std::max(1u, options.trials) : 1;
  // Candidates are judged by the combined time: each seed's own pair, and
  // the pair of the fastest phases of any seeds (which need not combine
  // best: pipelining and compaction change the times).
  CombiningTrials kept;
  TrialProgress progress(options.progress, trials);
  forEachTrial(trials, options.threads, [&](unsigned trial) {
    AlgorithmOptions phase = options;
    phase.materialize = true;
    phase.trials = 1;
    phase.seed = options.seed + trial;
    phase.progress = nullptr;
    bool ok = runCombiningTrial(network, reverse, spec, dualProblem, phase,
                                trial, progress.of(trial), trials > 1, kept);
    progress.report(trial, 1.0);
    return ok;
  });
  if (!kept.firstFailure.empty())
    return std::move(kept.firstFailure.value());
  if (twoPhases && trials > 1 &&
      kept.fastestGather.value().seed != kept.fastestSpread.value().seed) {
    AlgorithmOptions phase = options;
    phase.materialize = true;
    phase.trials = 1;
    AlgorithmResult mixed =
        combinePhases(network, spec, dualProblem, kept.fastestGather.value(),
                &kept.fastestSpread.value(), phase);
    if (!mixed.error.empty())
      return mixed;
    // After every trial: it wins only if strictly faster, as before.
    int64_t time = mixed.timePs;
    kept.best.offer(std::move(mixed), time, trials);
  }
  AlgorithmResult best = std::move(kept.best.value());
  if (!options.materialize)
    best.schedule = Schedule();
  return best;
}

} // namespace tacos
