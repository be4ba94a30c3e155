//===- StepSearch.cpp - Fewest SCCL steps, then rounds, with Z3 -----------===//
//
// The search `algorithm=exact` ran before it became time-optimal
// (ExactSynthesizer.cpp); kept for SCCL's (steps, rounds) view of an
// algorithm. Uses Z3's C API: LLVM's build disables C++ exceptions, which
// z3++ needs.
//
//===----------------------------------------------------------------------===//

#include "tacos/Synthesis/StepSearch.h"
#include "tacos/Simulation/Simulator.h"
#include "tacos/Synthesis/TenSynthesizer.h"

#include <z3.h>

#include <algorithm>
#include <chrono>
#include <map>
#include <tuple>

namespace tacos {

namespace {

void ignoreErrors(Z3_context, Z3_error_code) {}

/// The encoding for a fixed number of steps; rounds are variables.
class StepEncoding {
public:
  StepEncoding(Z3_context ctx, const Network &network, const Problem &problem,
               unsigned steps);
  ~StepEncoding() { Z3_solver_dec_ref(ctx, solver); }

  /// Checks with Σ r_s <= maxRounds (0: unbounded) within `timeoutMs`.
  Z3_lbool check(unsigned maxRounds, unsigned timeoutMs);
  /// The sends of the last satisfiable check: (step, src, dst, chunk).
  std::vector<std::tuple<unsigned, uint32_t, uint32_t, uint32_t>> sends();
  unsigned rounds();

private:
  Z3_ast intValue(int64_t v) { return Z3_mk_int(ctx, int(v), intSort); }
  Z3_ast sum(std::vector<Z3_ast> &terms) {
    return terms.empty() ? intValue(0)
                         : Z3_mk_add(ctx, unsigned(terms.size()), terms.data());
  }
  Z3_ast named(const std::string &name, Z3_sort sort) {
    return Z3_mk_const(ctx, Z3_mk_string_symbol(ctx, name.c_str()), sort);
  }

  Z3_context ctx;
  Z3_solver solver;
  Z3_sort intSort, boolSort;
  unsigned steps;
  const Problem &problem;
  /// Distinct (src, dst) pairs with their multiplicity.
  std::vector<std::tuple<uint32_t, uint32_t, unsigned>> pairs;
  std::vector<std::vector<Z3_ast>> arrival; // [chunk][npu]
  std::vector<std::vector<Z3_ast>> send;    // [chunk][pair]
  std::vector<Z3_ast> roundsOf;             // [step - 1]
  Z3_model model = nullptr;
};

StepEncoding::StepEncoding(Z3_context ctx, const Network &network,
                           const Problem &problem, unsigned steps)
    : ctx(ctx), steps(steps), problem(problem) {
  solver = Z3_mk_solver(ctx);
  Z3_solver_inc_ref(ctx, solver);
  intSort = Z3_mk_int_sort(ctx);
  boolSort = Z3_mk_bool_sort(ctx);
  uint32_t n = problem.numNpus, chunks = problem.numChunks();
  for (uint32_t u = 0; u < n; ++u) {
    std::map<uint32_t, unsigned> multiplicity;
    for (LinkId l : network.outLinks(u))
      ++multiplicity[network.dst(l)];
    for (auto [v, m] : multiplicity)
      pairs.push_back({u, v, m});
  }
  Z3_ast never = intValue(steps + 1), last = intValue(steps),
         zero = intValue(0), one = intValue(1);
  arrival.assign(chunks, {});
  send.assign(chunks, {});
  for (uint32_t c = 0; c < chunks; ++c) {
    for (uint32_t v = 0; v < n; ++v) {
      Z3_ast t = named("t_" + std::to_string(c) + "_" + std::to_string(v),
                       intSort);
      arrival[c].push_back(t);
      if (problem.isSource(c, v)) {
        Z3_solver_assert(ctx, solver, Z3_mk_eq(ctx, t, zero));
      } else {
        Z3_solver_assert(ctx, solver, Z3_mk_le(ctx, one, t));
        Z3_solver_assert(ctx, solver, Z3_mk_le(ctx, t, never));
      }
    }
    problem.forEachDestination(c, [&](uint32_t d) {
      Z3_solver_assert(ctx, solver, Z3_mk_le(ctx, arrival[c][d], last));
    });
    std::vector<std::vector<Z3_ast>> into(n);
    for (size_t p = 0; p < pairs.size(); ++p) {
      auto [u, v, m] = pairs[p];
      Z3_ast s = named("snd_" + std::to_string(c) + "_" + std::to_string(u) +
                           "_" + std::to_string(v),
                       boolSort);
      send[c].push_back(s);
      Z3_ast causal[2] = {Z3_mk_lt(ctx, arrival[c][u], arrival[c][v]),
                          Z3_mk_le(ctx, arrival[c][v], last)};
      Z3_solver_assert(ctx, solver,
                       Z3_mk_implies(ctx, s, Z3_mk_and(ctx, 2, causal)));
      into[v].push_back(Z3_mk_ite(ctx, s, one, zero));
    }
    // A chunk reaches an NPU (other than its sources) by exactly one send.
    for (uint32_t v = 0; v < n; ++v) {
      if (problem.isSource(c, v))
        continue;
      Z3_ast reached = Z3_mk_le(ctx, arrival[c][v], last);
      Z3_solver_assert(ctx, solver,
                       Z3_mk_eq(ctx, sum(into[v]),
                                Z3_mk_ite(ctx, reached, one, zero)));
    }
  }
  // Bandwidth: per step and link pair, at most multiplicity * rounds chunks.
  for (unsigned s = 1; s <= steps; ++s) {
    Z3_ast r = named("r_" + std::to_string(s), intSort);
    roundsOf.push_back(r);
    Z3_solver_assert(ctx, solver, Z3_mk_le(ctx, one, r));
    Z3_ast step = intValue(s);
    for (size_t p = 0; p < pairs.size(); ++p) {
      auto [u, v, m] = pairs[p];
      std::vector<Z3_ast> load;
      for (uint32_t c = 0; c < chunks; ++c) {
        Z3_ast both[2] = {send[c][p], Z3_mk_eq(ctx, arrival[c][v], step)};
        load.push_back(Z3_mk_ite(ctx, Z3_mk_and(ctx, 2, both), one, zero));
      }
      Z3_ast capacity[2] = {intValue(m), r};
      Z3_solver_assert(ctx, solver,
                       Z3_mk_le(ctx, sum(load), Z3_mk_mul(ctx, 2, capacity)));
    }
  }
}

Z3_lbool StepEncoding::check(unsigned maxRounds, unsigned timeoutMs) {
  Z3_params params = Z3_mk_params(ctx);
  Z3_params_inc_ref(ctx, params);
  if (timeoutMs)
    Z3_params_set_uint(ctx, params, Z3_mk_string_symbol(ctx, "timeout"),
                       timeoutMs);
  Z3_solver_set_params(ctx, solver, params);
  Z3_params_dec_ref(ctx, params);
  Z3_solver_push(ctx, solver);
  if (maxRounds)
    Z3_solver_assert(ctx, solver,
                     Z3_mk_le(ctx, sum(roundsOf), intValue(maxRounds)));
  Z3_lbool result = Z3_solver_check(ctx, solver);
  if (result == Z3_L_TRUE) {
    if (model)
      Z3_model_dec_ref(ctx, model);
    model = Z3_solver_get_model(ctx, solver);
    Z3_model_inc_ref(ctx, model);
  }
  Z3_solver_pop(ctx, solver, 1);
  return result;
}

std::vector<std::tuple<unsigned, uint32_t, uint32_t, uint32_t>>
StepEncoding::sends() {
  std::vector<std::tuple<unsigned, uint32_t, uint32_t, uint32_t>> result;
  for (uint32_t c = 0; c < problem.numChunks(); ++c)
    for (size_t p = 0; p < pairs.size(); ++p) {
      Z3_ast value;
      Z3_model_eval(ctx, model, send[c][p], true, &value);
      if (Z3_get_bool_value(ctx, value) != Z3_L_TRUE)
        continue;
      auto [u, v, m] = pairs[p];
      Z3_model_eval(ctx, model, arrival[c][v], true, &value);
      int step = 0;
      Z3_get_numeral_int(ctx, value, &step);
      result.push_back({unsigned(step), u, v, c});
    }
  std::sort(result.begin(), result.end());
  return result;
}

unsigned StepEncoding::rounds() {
  unsigned total = 0;
  for (Z3_ast r : roundsOf) {
    Z3_ast value;
    Z3_model_eval(ctx, model, r, true, &value);
    int v = 0;
    Z3_get_numeral_int(ctx, value, &v);
    total += unsigned(v);
  }
  return total;
}

} // namespace

MemoryEstimate estimateFewestSteps(const Network &network, const ProblemShape &shape,
                             const AlgorithmOptions &options) {
  MemoryEstimate estimate;
  estimate.what = "the step search";
  estimate.remedy = "use fewer chunks or a smaller maximum of steps";
  if (network.numNpus() > kMaxStepSearchNpus)
    return estimate;
  // Distinct (src, dst) pairs, as StepEncoding counts them.
  double pairs = 0;
  for (NodeId u = 0; u < network.numNpus(); ++u) {
    std::optional<NodeId> previous;
    for (LinkId l : network.outLinks(u))
      if (network.dst(l) != previous) {
        previous = network.dst(l);
        ++pairs;
      }
  }
  // Terms per encoding of s steps (StepEncoding's constructor): about 9 per
  // (chunk, NPU), 7 per (chunk, pair), and 4 per (step, pair, chunk) for
  // the bandwidth sums. Encodings for 1..S steps all stay in the context.
  double steps = options.maxSteps, chunks = shape.chunks, npus = shape.npus;
  double stepSum = steps * (steps + 1) / 2;
  double terms = steps * (9 * chunks * npus + 7 * chunks * pairs) +
                 stepSum * 4 * pairs * chunks;
  estimate.add(terms, kExactBytesPerTerm, "Z3 terms");
  return estimate;
}

AlgorithmResult synthesizeFewestSteps(const Network &network, const Problem &problem,
                                const AlgorithmOptions &options) {
  AlgorithmResult result;
  result.error = checkSynthesizable(network, problem);
  if (!result.error.empty())
    return result;
  if (network.numNpus() > kMaxStepSearchNpus) {
    result.error = "the step search takes networks of at most " +
                   std::to_string(kMaxStepSearchNpus) + " NPUs, not " +
                   std::to_string(network.numNpus());
    return result;
  }
  auto started = std::chrono::steady_clock::now();
  const Deadline &deadline = options.limits.deadline;
  // Z3's timeout for the next call: the smaller of what the exact time
  // limit and the run's deadline leave (0: none).
  auto remainingMs = [&]() -> int64_t {
    int64_t left = 0;
    if (options.timeLimitMs) {
      int64_t used = std::chrono::duration_cast<std::chrono::milliseconds>(
                         std::chrono::steady_clock::now() - started)
                         .count();
      left = std::max<int64_t>(1, int64_t(options.timeLimitMs) - used);
    }
    if (deadline.isSet())
      left = left ? std::min<int64_t>(left, deadline.remainingMs())
                  : int64_t(deadline.remainingMs());
    return left;
  };
  auto pastDeadline = [&] { return deadline.expired(); };
  auto outOfTime = [&] {
    return pastDeadline() ||
           (options.timeLimitMs &&
            std::chrono::steady_clock::now() - started >=
                std::chrono::milliseconds(options.timeLimitMs));
  };

  Z3_config config = Z3_mk_config();
  Z3_context ctx = Z3_mk_context(config);
  Z3_del_config(config);
  Z3_set_error_handler(ctx, ignoreErrors);

  std::vector<std::tuple<unsigned, uint32_t, uint32_t, uint32_t>> sends;
  for (unsigned steps = 1; steps <= options.maxSteps && result.steps == 0;
       ++steps) {
    if (pastDeadline()) {
      result.error = timeoutMessage(options.limits, "exact synthesis");
      break;
    }
    StepEncoding encoding(ctx, network, problem, steps);
    Z3_lbool found = encoding.check(0, unsigned(remainingMs()));
    if (found == Z3_L_UNDEF || outOfTime()) {
      result.error = pastDeadline() ? timeoutMessage(options.limits,
                                                     "exact synthesis")
                     : outOfTime() ? "exact synthesis ran out of time"
                                   : "z3 gave no answer for " +
                                         std::to_string(steps) + " steps";
      break;
    }
    if (found == Z3_L_FALSE)
      continue;
    // Fewest steps found; now the fewest rounds for that many steps.
    result.steps = steps;
    unsigned best = encoding.rounds();
    sends = encoding.sends();
    for (unsigned rounds = steps; rounds < best; ++rounds) {
      Z3_lbool fewer = encoding.check(rounds, unsigned(remainingMs()));
      if (fewer == Z3_L_TRUE) {
        best = encoding.rounds();
        sends = encoding.sends();
        break;
      }
      if (fewer == Z3_L_UNDEF || outOfTime())
        break; // keep the best found so far
    }
    result.rounds = best;
  }
  Z3_del_context(ctx);
  if (result.steps == 0) {
    if (result.error.empty())
      result.error = "no schedule within " + std::to_string(options.maxSteps) +
                     " steps";
    return result;
  }

  // Order by step, spread each step's chunks over parallel lanes, and let
  // the simulator time it.
  Schedule ordered;
  std::map<std::tuple<unsigned, uint32_t, uint32_t>, unsigned> used;
  for (auto [step, u, v, c] : sends) {
    unsigned lanes = 0;
    for (LinkId l : network.outLinks(u))
      lanes += network.dst(l) == v;
    unsigned k = used[{step, u, v}]++;
    ordered.push_back({c, u, v, uint16_t(k % lanes), TransferKind::Copy, 0, 0});
  }
  SimulationResult timed =
      compact(network, problem, ordered.view(), options.model);
  if (!timed.error.empty()) {
    result.error = "internal error: exact schedule does not simulate: " +
                   timed.error;
    return result;
  }
  result.schedule = std::move(timed.schedule);
  result.timePs = timed.timePs;
  result.numTransfers = result.schedule.size();
  return result;
}

} // namespace tacos
