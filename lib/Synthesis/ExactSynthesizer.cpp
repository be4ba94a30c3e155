//===- ExactSynthesizer.cpp - Time-optimal schedules with Z3 --------------===//
//
// The search between TACOS's schedule and the lower bounds. Uses Z3's C
// API: LLVM's build disables C++ exceptions, which z3++ needs.
//
//===----------------------------------------------------------------------===//

#include "tacos/Synthesis/ExactSynthesizer.h"
#include "SearchBudget.h"
#include "TimeIndexedEncoding.h"
#include "tacos/Network/Quantity.h"
#include "tacos/Simulation/Simulator.h"
#include "tacos/Synthesis/Combining.h"
#include "tacos/Synthesis/TenSynthesizer.h"

#include <z3.h>

#include <algorithm>
#include <chrono>

namespace tacos {

namespace {

void ignoreErrors(Z3_context, Z3_error_code) {}

double msSince(std::chrono::steady_clock::time_point started) {
  return std::chrono::duration<double, std::milli>(
             std::chrono::steady_clock::now() - started)
      .count();
}

int64_t ceilDiv(int64_t a, int64_t b) { return a / b + (a % b > 0); }

/// TACOS with at least kExactIncumbentTrials seeds, materialized.
AlgorithmOptions incumbentOptions(const AlgorithmOptions &options) {
  AlgorithmOptions heuristic = options;
  heuristic.algorithm = Algorithm::Tacos;
  heuristic.trials = std::max(options.trials, kExactIncumbentTrials);
  heuristic.materialize = true;
  heuristic.verify = false;
  return heuristic;
}

} // namespace

uint32_t maxExactNpus(const Network &network) {
  const std::vector<DimSpec> &dims = network.productDims();
  bool regular = !dims.empty();
  for (const DimSpec &dim : dims)
    regular &= dim.kind == DimKind::Ring || dim.kind == DimKind::UniRing ||
               (dim.kind == DimKind::Line && dim.size <= 2);
  return regular ? kMaxExactNpus : kMaxExactOtherNpus;
}

MemoryEstimate estimateExact(const Network &network, const ProblemShape &shape,
                             const AlgorithmOptions &) {
  MemoryEstimate estimate;
  estimate.what = "exact synthesis";
  estimate.remedy = "use fewer chunks";
  if (network.numNpus() > maxExactNpus(network))
    return estimate;
  // Literals are about chunks x links x slots x (occupancy + 7), capped by
  // the budget (the search gives the encoding up beyond it). The horizon
  // and the time unit are not known before TACOS runs; assume 64 slots of
  // one slot's occupancy, about what the small networks here take, then
  // the cap.
  double literals =
      std::min(double(kMaxExactLiterals),
               shape.chunks * double(network.numLinks()) * 64 * 8);
  estimate.add(literals, kExactBytesPerLiteral, "Z3 literals");
  return estimate;
}

AlgorithmResult synthesizeExact(const Network &network, const Problem &problem,
                                const AlgorithmOptions &options) {
  AlgorithmResult result;
  result.error = checkSynthesizable(network, problem);
  if (!result.error.empty())
    return result;
  if (network.numNpus() > maxExactNpus(network)) {
    result.error = "exact synthesis takes " +
                   std::string(maxExactNpus(network) == kMaxExactNpus
                                   ? ""
                                   : "networks other than tori and hypercubes "
                                     "of ") +
                   "at most " + std::to_string(maxExactNpus(network)) +
                   " NPUs, not " + std::to_string(network.numNpus());
    return result;
  }
  const Deadline &deadline = options.limits.deadline;
  if (deadline.expired()) {
    result.error = timeoutMessage(options.limits, "exact synthesis");
    return result;
  }
  SearchBudget budget(options);

  // The incumbent: TACOS's fastest of several seeds.
  AlgorithmResult best = runAlgorithm(network, problem, incumbentOptions(options));
  if (!best.error.empty())
    return best;
  best.steps = best.rounds = 0;
  best.seed = 0;
  best.firstBestMs = budget.elapsedMs();
  best.optimal = false;
  best.provedInfeasiblePs = -1;
  LowerBounds bounds = computeLowerBounds(network, problem, options.model);
  int64_t lower = bounds.best();
  auto finish = [&](std::string proof) {
    best.proof = std::move(proof);
    best.rlimitUsed = budget.used();
    return std::move(best);
  };
  if (best.timePs <= lower) {
    best.optimal = true;
    return finish(std::string("equals the ") + bounds.bestName() +
                  " lower bound");
  }
  auto gap = [&] {
    std::string text = "gap: the optimum lies in ";
    text += best.provedInfeasiblePs >= 0
                ? "(" + formatTime(best.provedInfeasiblePs) +
                      " (no schedule finishes by it, Z3)"
                : "[" + formatTime(lower) + " (" + bounds.bestName() +
                      " lower bound)";
    return text + ", " + formatTime(best.timePs) + "]";
  };

  SlotModel slots(network, problem, options.model);
  int64_t g = slots.slotPs();
  if (!g)
    return finish("a link takes no time, so time has no unit to search in; " +
                  gap());
  // Every schedule's time is a multiple of g (TimeIndexedEncoding.h), so T
  // slots with T*g below the bound are infeasible, and the incumbent's
  // slots are feasible.
  int64_t infeasible = ceilDiv(lower, g) - 1;
  int64_t feasible = ceilDiv(best.timePs, g);

  std::string stopped;
  bool triedBound = false;
  while (infeasible + 1 < feasible) {
    // A limit that stops the search says in the gap which it was: the
    // resource budget (the same everywhere) or the wall clock (so the
    // result depends on the machine).
    if (SearchLimit limit = budget.exhausted(); limit != SearchLimit::None) {
      best.stoppedBy = limit;
      stopped = searchLimitMessage(limit, options);
      break;
    }
    // The bound first (often tight: one satisfiable call proves it), then
    // bisection.
    int64_t horizon = best.provedInfeasiblePs < 0 && !triedBound
                          ? infeasible + 1
                          : infeasible + (feasible - infeasible) / 2;
    triedBound = true;
    SlotModel::Size size = slots.size(horizon);
    if (size.variables > kMaxExactVariables ||
        size.literals > kMaxExactLiterals) {
      best.stoppedBy = SearchLimit::EncodingSize;
      stopped = "the encoding for " + formatTime(horizon * g) + " needs " +
                (size.variables > kMaxExactVariables
                     ? std::to_string(size.variables) +
                           " variables, more than " +
                           std::to_string(kMaxExactVariables)
                     : std::to_string(size.literals) +
                           " literals, more than " +
                           std::to_string(kMaxExactLiterals));
      break;
    }
    Z3_lbool found = Z3_L_UNDEF;
    Schedule candidate;
    // A context per encoding: Z3 keeps every term of a context until it is
    // deleted.
    auto solve = [&](bool symmetric, uint64_t most, Z3_lbool &answer) {
      Z3_config config = Z3_mk_config();
      Z3_context ctx = Z3_mk_context(config);
      Z3_del_config(config);
      Z3_set_error_handler(ctx, ignoreErrors);
      {
        TimeIndexedEncoding encoding(ctx, slots, horizon, symmetric);
        answer = encoding.check(budget, most);
        if (answer == Z3_L_TRUE)
          candidate = encoding.schedule();
      }
      Z3_del_context(ctx);
    };
    if (slots.symmetryOrder > 1) {
      // Symmetric schedules first, with half the resource units left: a
      // smaller search that often finds one; its "no" proves nothing, so
      // the full encoding follows.
      Z3_lbool symmetricFound;
      solve(true,
            options.rlimit ? std::max<uint64_t>(1, budget.remaining() / 2) : 0,
            symmetricFound);
      found = symmetricFound == Z3_L_TRUE ? Z3_L_TRUE : Z3_L_UNDEF;
    }
    if (found != Z3_L_TRUE)
      solve(false, 0, found);
    if (found == Z3_L_UNDEF) {
      stopped = budget.lastStop() == SearchLimit::NoAnswer
                    ? "Z3 gave no answer for " + formatTime(horizon * g)
                    : searchLimitMessage(budget.lastStop(), options);
      best.stoppedBy = budget.lastStop();
      break;
    }
    if (found == Z3_L_FALSE) {
      infeasible = horizon;
      best.provedInfeasiblePs = horizon * g;
      continue;
    }
    // Satisfiable: every destination receives each chunk (a model that
    // says otherwise is Z3's or ours to fix, never a result), and the
    // simulator moves every transfer as early as its link order and data
    // allow, so the time is at most horizon * g.
    if (candidate.size() < problem.numDeliveries()) {
      best.error = "internal error: Z3's exact schedule misses deliveries";
      return best;
    }
    SimulationResult timed =
        compact(network, problem, std::move(candidate), options.model);
    if (!timed.error.empty() || timed.timePs > horizon * g) {
      best.error = "internal error: exact schedule does not simulate" +
                   (timed.error.empty() ? " within its horizon"
                                        : ": " + timed.error);
      return best;
    }
    if (timed.timePs < best.timePs) {
      best.schedule = std::move(timed.schedule);
      best.timePs = timed.timePs;
      best.numTransfers = best.schedule.size();
      best.firstBestMs = budget.elapsedMs();
    }
    feasible = ceilDiv(best.timePs, g);
  }
  if (infeasible + 1 < feasible)
    return finish(gap() + "; " + stopped);
  best.optimal = true;
  if (best.timePs <= lower)
    return finish(std::string("equals the ") + bounds.bestName() +
                  " lower bound");
  if (best.provedInfeasiblePs >= 0)
    return finish("no schedule finishes by " +
                  formatTime(best.provedInfeasiblePs) +
                  " (Z3), and schedules take multiples of " + formatTime(g));
  return finish(std::string("equals the ") + bounds.bestName() +
                " lower bound rounded up to a multiple of " + formatTime(g) +
                ", which every schedule takes");
}

AlgorithmResult synthesizeExactCombining(const Network &network,
                                         const CollectiveSpec &spec,
                                         const Problem &dualProblem,
                                         const AlgorithmOptions &options) {
  auto started = std::chrono::steady_clock::now();
  AlgorithmResult exact =
      synthesizeCombining(network, spec, dualProblem, options);
  if (!exact.error.empty())
    return exact;
  bool onePhase = spec.kind != CollectiveKind::AllReduce;
  if (!onePhase)
    exact.firstBestMs = msSince(started);
  // TACOS's whole collective: with two pipelined phases the fastest phases
  // need not combine best, and exact must not lose to it.
  AlgorithmResult greedy = synthesizeCombining(network, spec, dualProblem,
                                               incumbentOptions(options));
  AlgorithmResult best = std::move(exact);
  bool greedyWon = greedy.error.empty() && greedy.timePs < best.timePs;
  if (greedyWon) {
    greedy.firstBestMs = msSince(started);
    std::swap(greedy.schedule, best.schedule);
    best.timePs = greedy.timePs;
    best.numTransfers = greedy.numTransfers;
    best.strictPhasesPs = greedy.strictPhasesPs;
    best.firstBestMs = greedy.firstBestMs;
    best.optimal = false;
  }
  if (!options.materialize)
    best.schedule = Schedule();
  best.seed = 0;
  // A Reduce-Scatter or Reduce is its dual on G^T time-reversed, in the
  // same time both ways, so the dual's proof (copied by combinePhases)
  // carries over while the time is the dual's. An All-Reduce's only proof
  // is its own lower bound: optimal phases need not pipeline best.
  if (!onePhase) {
    best.optimal = false;
    best.provedInfeasiblePs = -1;
    best.proof.clear();
  }
  // The dual's verdict, gap and why the search stopped included, when its
  // schedule was kept.
  if (best.optimal || (onePhase && !greedyWon && !best.proof.empty()))
    return best;
  std::optional<LowerBounds> bounds =
      computeCollectiveBounds(network, spec, options.model);
  if (bounds && best.timePs <= bounds->best()) {
    // Whatever stopped a phase's search, the bound settles the question.
    best.optimal = true;
    best.stoppedBy = SearchLimit::None;
    best.proof =
        std::string("equals the ") + bounds->bestName() + " lower bound";
    return best;
  }
  best.proof = "gap: the optimum lies in ";
  if (best.provedInfeasiblePs >= 0)
    best.proof += "(" + formatTime(best.provedInfeasiblePs) +
                  " (no schedule finishes by it, Z3)";
  else if (bounds)
    best.proof += "[" + formatTime(bounds->best()) + " (" +
                  bounds->bestName() + " lower bound)";
  else
    best.proof += "[0";
  best.proof += ", " + formatTime(best.timePs) + "]";
  if (!onePhase)
    best.proof += "; the phases are exact, their pipelining is not";
  if (best.stoppedBy != SearchLimit::None)
    best.proof += "; " + searchLimitMessage(best.stoppedBy, options);
  return best;
}

} // namespace tacos
