//===- Algorithms.cpp - The catalogue of synthesizers ---------------------===//

#include "tacos/Synthesis/Algorithms.h"
#include "BestOf.h"
#include "tacos/Network/Quantity.h"
#include "tacos/Network/Unwind.h"
#include "tacos/Simulation/Combining.h"
#include "tacos/Simulation/Simulator.h"
#include "tacos/Synthesis/Baselines.h"
#include "tacos/Synthesis/Combining.h"
#include "tacos/Synthesis/ExactSynthesizer.h"
#include "tacos/Synthesis/TenSynthesizer.h"
#include "tacos/Synthesis/Trials.h"
#include "tacos/Verification/Verifier.h"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <initializer_list>
#include <iterator>

namespace tacos {

namespace {

/// The result of a baseline whose untimed transfers the simulator timed.
AlgorithmResult timedBaseline(SimulationResult timed) {
  AlgorithmResult result;
  if (!timed.error.empty()) {
    result.error = "internal error: baseline does not simulate: " + timed.error;
    return result;
  }
  result.schedule = std::move(timed.schedule);
  result.timePs = timed.timePs;
  result.numTransfers = result.schedule.size();
  return result;
}

/// A baseline's transfers come untimed; the simulator times them, like
/// every other schedule, until the times settle: where a route relays, a
/// chunk may reach an NPU again earlier than the copy emitted first, and
/// the next round of simulation starts its departures from that one.
AlgorithmResult runBaseline(Baseline baseline, const Network &network,
                            const Problem &problem,
                            const AlgorithmOptions &options) {
  AlgorithmResult result;
  Schedule untimed;
  result.error = buildBaseline(baseline, network, problem, untimed);
  if (!result.error.empty())
    return result;
  return timedBaseline(
      compact(network, problem, std::move(untimed), options.model));
}

template <Baseline B>
AlgorithmResult runBaselineOf(const Network &network, const Problem &problem,
                              const AlgorithmOptions &options) {
  return runBaseline(B, network, problem, options);
}

/// An All-Reduce built as a Reduce-Scatter then an All-Gather from the
/// owners (ring, direct, rhd, hierarchical), timed with its phases strictly
/// one after the other: the reduces as a Reduce-Scatter, then the copies
/// as an All-Gather. 0 where the copies start elsewhere (a tree's root).
int64_t strictPhases(const Network &network, const CollectiveSpec &spec,
                     const Problem &dualProblem, const ScheduleView &untimed,
                     const AlgorithmOptions &options) {
  Schedule reduces, copies;
  for (size_t i = 0; i < untimed.size(); ++i)
    (untimed.isReduce(i) ? reduces : copies).pushFrom(untimed, i);
  CollectiveSpec reduceScatter = spec;
  reduceScatter.kind = CollectiveKind::ReduceScatter;
  SimulationResult first = compactCollective(network, reduceScatter,
                                             reduces.view(), options.model);
  SimulationResult second =
      compact(network, dualProblem, std::move(copies), options.model);
  if (!first.error.empty() || !second.error.empty())
    return 0;
  return first.timePs + second.timePs;
}

/// A combining collective by the baseline's own construction: reductions
/// and the copies of reduced chunks, timed with both of the combining
/// simulator's rules (Simulation/Combining.h) until the times settle.
AlgorithmResult runCombiningBaseline(Baseline baseline, const Network &network,
                                     const CollectiveSpec &spec,
                                     const Problem &dualProblem,
                                     const AlgorithmOptions &options) {
  AlgorithmResult result;
  Schedule untimed;
  result.error =
      buildBaseline(baseline, network, spec.kind, dualProblem, untimed);
  if (!result.error.empty())
    return result;
  result = timedBaseline(
      compactCollective(network, spec, untimed.view(), options.model));
  if (result.error.empty() && spec.kind == CollectiveKind::AllReduce)
    result.strictPhasesPs =
        strictPhases(network, spec, dualProblem, untimed.view(), options);
  return result;
}

template <Baseline B>
MemoryEstimate estimateBaselineOf(const Network &network,
                                  const CollectiveSpec &spec,
                                  const ProblemShape &shape,
                                  const AlgorithmOptions &, double *transfers) {
  return estimateBaseline(B, network, spec, shape, transfers);
}

MemoryEstimate estimateExactRun(const Network &network,
                                const CollectiveSpec &spec,
                                const ProblemShape &shape,
                                const AlgorithmOptions &options,
                                double *transfers) {
  // Z3's terms, then the schedule it yields (one transfer per delivery)
  // compacted by the simulator. Nothing where exact synthesis refuses the
  // network before building anything.
  MemoryEstimate estimate = estimateExact(network, shape, options);
  *transfers = 0;
  if (network.numNpus() > maxExactNpus(network))
    return estimate;
  // TACOS's incumbent runs first and is kept while Z3 runs.
  AlgorithmOptions heuristic = options;
  heuristic.algorithm = Algorithm::Tacos;
  heuristic.trials = std::max(options.trials, kExactIncumbentTrials);
  heuristic.materialize = true;
  double incumbent = 0;
  MemoryEstimate tacos =
      estimateTen(network, spec, shape, heuristic, &incumbent);
  estimate.add(tacos);
  addSchedule(estimate, shape.deliveries, false);
  estimate.add(estimateSimulation(network, shape, shape.deliveries, true, true));
  *transfers = std::max(shape.deliveries, incumbent);
  return estimate;
}

using RunFn = AlgorithmResult (*)(const Network &, const Problem &,
                                  const AlgorithmOptions &);
/// Peak memory of one run of RunFn on the problem of a non-combining
/// request (its spec and shape), and the transfers of its result.
using EstimateFn = MemoryEstimate (*)(const Network &, const CollectiveSpec &,
                                      const ProblemShape &,
                                      const AlgorithmOptions &, double *);

/// `best` runs through synthesize() (BestOf.h), never as a building block.
AlgorithmResult runNothing(const Network &, const Problem &,
                           const AlgorithmOptions &) {
  AlgorithmResult result;
  result.error = "internal error: best is no building block";
  return result;
}

MemoryEstimate estimateNothing(const Network &, const CollectiveSpec &,
                               const ProblemShape &, const AlgorithmOptions &,
                               double *transfers) {
  *transfers = 0;
  return MemoryEstimate();
}

struct AlgorithmInfo {
  Algorithm algorithm;
  const char *name;
  /// Draws on the seed (trials try several).
  bool seeded;
  /// One of the algorithms `best` runs.
  bool candidate;
  /// Refuses switches: they must be unwound first.
  bool pointToPoint;
  /// Synthesizes a non-combining problem with options.seed (and, if it
  /// handles them itself, options.trials).
  RunFn run;
  /// What `run` needs at its peak (estimateSynthesis).
  EstimateFn estimate;
  /// What lowers the estimate, besides a larger limit.
  const char *remedy;
};

/// The catalogue, in Algorithm order.
constexpr AlgorithmInfo kAlgorithms[] = {
    {Algorithm::Tacos, "tacos", true, true, false, synthesizeTen, estimateTen,
     "use fewer chunks, fewer threads or materialize=none"},
    {Algorithm::Exact, "exact", false, false, true, synthesizeExact, estimateExactRun,
     "use fewer chunks"},
    {Algorithm::Ring, "ring", false, true, false, runBaselineOf<Baseline::Ring>,
     estimateBaselineOf<Baseline::Ring>, "use fewer chunks"},
    {Algorithm::Direct, "direct", false, true, false, runBaselineOf<Baseline::Direct>,
     estimateBaselineOf<Baseline::Direct>, "use fewer chunks"},
    {Algorithm::RHD, "rhd", false, true, false, runBaselineOf<Baseline::RHD>,
     estimateBaselineOf<Baseline::RHD>, "use fewer chunks"},
    {Algorithm::DBT, "dbt", false, true, false, runBaselineOf<Baseline::DBT>,
     estimateBaselineOf<Baseline::DBT>, "use fewer chunks"},
    {Algorithm::Hierarchical, "hierarchical", false, true, false,
     runBaselineOf<Baseline::Hierarchical>,
     estimateBaselineOf<Baseline::Hierarchical>, "use fewer chunks"},
    {Algorithm::Best, "best", true, false, false, runNothing, estimateNothing,
     "use fewer chunks or materialize=none"},
};

/// The baseline an algorithm of the catalogue runs, if it is one.
std::optional<Baseline> baselineOf(Algorithm algorithm) {
  switch (algorithm) {
  case Algorithm::Tacos:
  case Algorithm::Exact:
  case Algorithm::Best:
    return std::nullopt;
  case Algorithm::Ring:
    return Baseline::Ring;
  case Algorithm::Direct:
    return Baseline::Direct;
  case Algorithm::RHD:
    return Baseline::RHD;
  case Algorithm::DBT:
    return Baseline::DBT;
  case Algorithm::Hierarchical:
    return Baseline::Hierarchical;
  }
  return std::nullopt;
}

const AlgorithmInfo &info(Algorithm algorithm) {
  const AlgorithmInfo &row = kAlgorithms[size_t(algorithm)];
  return row;
}

/// Whatever every algorithm needs: a valid request, a network without
/// undecided bandwidths, and every destination reachable, on the network
/// each phase runs on (G^T for a reduction, G for the spread). Switches are
/// each algorithm's to refuse: tacos routes through them, the others need
/// point-to-point links.
std::string checkInput(const Network &network, const CollectiveSpec &spec,
                       const Problem &dualProblem) {
  if (std::string error = checkCollective(spec, network.numNpus());
      !error.empty())
    return error;
  if (!isCombining(spec.kind))
    return checkServable(network, dualProblem);
  if (std::string error = checkServable(transposed(network), dualProblem);
      !error.empty())
    return error;
  if (spec.kind == CollectiveKind::AllReduce)
    return checkServable(network, dualProblem);
  return "";
}

/// The native verifier's verdict, which shares nothing with the
/// synthesizers but the network and collective models.
std::string verifyResult(const Network &network, const CollectiveSpec &spec,
                         const AlgorithmResult &result,
                         const AlgorithmOptions &options) {
  VerificationSpec required =
      buildVerificationSpec(spec, network.numNpus(), options.model);
  std::vector<Violation> found = verifyAlgorithm(
      network, required, result.schedule.view(), result.timePs);
  if (found.empty())
    return "";
  return std::string("internal error: the ") +
         algorithmName(options.algorithm) + " schedule fails verification: " +
         propertyName(found[0].property) + ": " + found[0].message;
}

/// The largest of several alternatives (steps that do not overlap).
const MemoryEstimate &largest(std::initializer_list<const MemoryEstimate *> all) {
  const MemoryEstimate *most = *all.begin();
  for (const MemoryEstimate *each : all)
    if (each->bytes > most->bytes)
      most = each;
  return *most;
}

/// A combining collective (Combining.cpp): per running trial the dual's
/// phases, each kept while the next runs, then combinePhases' copies
/// (the reduction, the pipelined All-Gather, their concatenation and the
/// compaction's two rounds with their holdings); the kept results besides.
MemoryEstimate estimateCombining(const Network &network,
                                 const CollectiveSpec &spec,
                                 const CollectiveSpec &dual,
                                 const ProblemShape &shape,
                                 const AlgorithmOptions &options,
                                 double &transfers) {
  const AlgorithmInfo &row = info(options.algorithm);
  bool twoPhases = spec.kind == CollectiveKind::AllReduce;
  AlgorithmOptions phase = options;
  phase.materialize = true;
  phase.trials = 1;
  double gather = 0, spread = 0;
  MemoryEstimate first = row.estimate(network, dual, shape, phase, &gather);
  MemoryEstimate second;
  if (twoPhases) {
    second = row.estimate(network, dual, shape, phase, &spread);
    addSchedule(second, gather, true);
  }
  transfers = gather + spread;
  MemoryEstimate combine;
  // The phases, the reduction (a copy of the gather), the pipelined
  // spread, the concatenation, and two rounds of compaction.
  addSchedule(combine, 5 * transfers, true);
  if (twoPhases)
    combine.add(estimateSimulation(network, shape, spread, false, true));
  combine.add(transfers, 24, "compaction times");
  double pairs = shape.chunks * shape.npus;
  if (pairs <= double(uint64_t(1) << 26))
    combine.add(pairs, 40, "(chunk, NPU) holdings");
  else
    combine.add(transfers + pairs / std::max(1.0, shape.npus) * shape.participants,
                96, "(chunk, NPU) holdings");
  MemoryEstimate trial = largest({&first, &second, &combine});
  unsigned trials = isSeeded(options.algorithm) ? std::max(1u, options.trials) : 1;
  trial.scaleForThreads(trialThreads(options.threads, trials));
  if (trials > 1)
    addSchedule(trial, 2 * transfers, true); // the best, the fastest phases
  // The transposed network the dual runs on.
  trial.add(double(network.numLinks()), 48, "links");
  return trial;
}

} // namespace

static_assert(std::size(kAlgorithms) == size_t(Algorithm::Best) + 1,
              "every Algorithm has a row in kAlgorithms");

const char *algorithmName(Algorithm algorithm) {
  return info(algorithm).name;
}

std::optional<Algorithm> parseAlgorithm(std::string_view name) {
  for (const AlgorithmInfo &row : kAlgorithms)
    if (name == row.name)
      return row.algorithm;
  return std::nullopt;
}

std::vector<Algorithm> allAlgorithms() {
  std::vector<Algorithm> all;
  for (const AlgorithmInfo &row : kAlgorithms)
    all.push_back(row.algorithm);
  return all;
}

std::string algorithmNameList() {
  std::string list;
  size_t n = std::size(kAlgorithms);
  for (size_t i = 0; i < n; ++i) {
    if (i)
      list += i + 1 == n ? " or " : ", ";
    list += kAlgorithms[i].name;
  }
  return list;
}

bool isSeeded(Algorithm algorithm) { return info(algorithm).seeded; }

bool isBestCandidate(Algorithm algorithm) { return info(algorithm).candidate; }

bool needsUnwoundSwitches(Algorithm algorithm) {
  return info(algorithm).pointToPoint;
}

const Network *synthesisNetwork(const Network &network, Algorithm algorithm,
                                std::optional<Network> &unwound,
                                std::string &error) {
  if (!network.numSwitches() || !needsUnwoundSwitches(algorithm))
    return &network;
  uint64_t links = countUnwoundLinks(network);
  if (links > uint64_t(kMaxLinks)) {
    error = std::string(algorithmName(algorithm)) +
            " needs the switches unwound, and the network would have " +
            std::to_string(links) + " directed links, more than the limit of " +
            std::to_string(kMaxLinks);
    return nullptr;
  }
  std::vector<LinkOrigin> origins;
  unwound = unwindSwitches(network, origins);
  return &*unwound;
}

bool isBaseline(Algorithm algorithm) {
  return baselineOf(algorithm).has_value();
}

const char *searchLimitName(SearchLimit limit) {
  switch (limit) {
  case SearchLimit::None:
    return "";
  case SearchLimit::Resources:
    return "rlimit";
  case SearchLimit::TimeLimit:
    return "time-limit-ms";
  case SearchLimit::Deadline:
    return "timeout";
  case SearchLimit::EncodingSize:
    return "encoding-size";
  case SearchLimit::NoAnswer:
    return "no-answer";
  }
  return "";
}

std::string searchLimitMessage(SearchLimit limit,
                               const AlgorithmOptions &options) {
  // The wall clock's limits say that the result depends on the machine.
  const char *wallClock = " (wall-clock time: the result depends on the "
                          "machine's speed and load)";
  switch (limit) {
  case SearchLimit::None:
    return "";
  case SearchLimit::Resources:
    return "the resource budget rlimit=" + std::to_string(options.rlimit) +
           " ran out; raise rlimit= (0: no limit)";
  case SearchLimit::TimeLimit:
    return "the time limit time-limit-ms=" +
           std::to_string(options.timeLimitMs) + " ran out" + wallClock +
           "; raise time-limit-ms= (0: no limit)";
  case SearchLimit::Deadline: {
    char seconds[32];
    std::snprintf(seconds, sizeof(seconds), "%g",
                  options.limits.deadline.seconds());
    const std::string &option = options.limits.timeoutOption;
    return "the run's " + option + "=" + seconds + " s ran out" + wallClock +
           "; raise " + option + "= (0: no limit)";
  }
  case SearchLimit::EncodingSize:
    return "the next Z3 encoding was too large to build; use fewer chunks";
  case SearchLimit::NoAnswer:
    return "Z3 gave no answer before any limit ran out";
  }
  return "";
}

AlgorithmResult runAlgorithm(const Network &network, const Problem &problem,
                             const AlgorithmOptions &options) {
  return info(options.algorithm).run(network, problem, options);
}

MemoryEstimate estimateSynthesis(const Network &network,
                                 const CollectiveSpec &spec,
                                 const AlgorithmOptions &options) {
  CollectiveSpec dual = spec;
  dual.kind = dualOf(spec.kind);
  ProblemShape shape = problemShape(dual, network.numNpus());
  const AlgorithmInfo &row = info(options.algorithm);
  if (options.algorithm == Algorithm::Best) {
    MemoryEstimate best = estimateBest(network, spec, options);
    best.what = std::string("synthesizing this ") + collectiveName(spec.kind) +
                " with best";
    best.remedy = row.remedy;
    return best;
  }
  double transfers = 0;
  std::optional<Baseline> baseline = baselineOf(options.algorithm);
  MemoryEstimate run =
      baseline ? estimateBaseline(*baseline, network, spec, shape, &transfers)
      : isCombining(spec.kind)
          ? estimateCombining(network, spec, dual, shape, options, transfers)
          : row.estimate(network, dual, shape, options, &transfers);
  if (options.algorithm == Algorithm::Exact && isCombining(spec.kind)) {
    // Then TACOS's whole collective, while the exact one is kept.
    AlgorithmOptions heuristic = options;
    heuristic.algorithm = Algorithm::Tacos;
    heuristic.trials = std::max(options.trials, kExactIncumbentTrials);
    double greedyTransfers = 0;
    MemoryEstimate greedy = estimateCombining(network, spec, dual, shape,
                                              heuristic, greedyTransfers);
    addSchedule(greedy, transfers, true);
    run = largest({&run, &greedy});
    transfers = std::max(transfers, greedyTransfers);
  }
  // The verifier runs on the finished schedule, after the synthesizer's
  // state is gone.
  MemoryEstimate verification;
  if (options.materialize && options.verify) {
    addSchedule(verification, transfers, true);
    verification.add(estimateVerification(network, spec, transfers));
  }
  MemoryEstimate estimate = estimateProblem(shape);
  estimate.add(largest({&run, &verification}));
  estimate.addAllocatorSlack();
  estimate.what = std::string("synthesizing this ") +
                  collectiveName(spec.kind) + " with " + row.name;
  estimate.remedy = row.remedy;
  return estimate;
}

AlgorithmResult synthesize(const Network &network, const CollectiveSpec &spec,
                           const AlgorithmOptions &options) {
  AlgorithmResult result;
  // The request first: the estimate and the problem are sized by it, and
  // buildProblem trusts the chunk count (a negative or huge chunks(k) would
  // make it loop for hours over 2^32 chunks).
  result.error = checkCollective(spec, network.numNpus());
  if (!result.error.empty())
    return result;
  if (options.trials > kMaxTrials) {
    result.error = "trials must be at most " + std::to_string(kMaxTrials) +
                   ", got " + std::to_string(options.trials);
    return result;
  }
  result.error =
      checkMemory(options.limits, estimateSynthesis(network, spec, options));
  if (!result.error.empty())
    return result;
  CollectiveSpec dual = spec;
  dual.kind = dualOf(spec.kind);
  Problem problem;
  result.error = buildProblem(dual, network.numNpus(), problem);
  if (result.error.empty())
    result.error = checkInput(network, spec, problem);
  if (!result.error.empty())
    return result;
  // Each candidate is checked, synthesized and verified on its own.
  if (options.algorithm == Algorithm::Best)
    return synthesizeBest(network, spec, options);

  auto started = std::chrono::steady_clock::now();
  // Exact keeps TACOS's whole collective when that is faster (for a
  // combining one the phases alone do not decide; ExactSynthesizer.h).
  std::optional<Baseline> baseline = baselineOf(options.algorithm);
  result = !isCombining(spec.kind) ? runAlgorithm(network, problem, options)
           : baseline ? runCombiningBaseline(*baseline, network, spec, problem,
                                             options)
           : options.algorithm == Algorithm::Exact
               ? synthesizeExactCombining(network, spec, problem, options)
               : synthesizeCombining(network, spec, problem, options);
  result.synthesisMs = std::chrono::duration<double, std::milli>(
                           std::chrono::steady_clock::now() - started)
                           .count();
  result.builtBy = options.algorithm;
  if (!result.error.empty())
    return result;
  if (!options.materialize)
    result.schedule = Schedule();
  else if (options.verify)
    result.error = verifyResult(network, spec, result, options);
  return result;
}

} // namespace tacos
