//===- StepEncoding.cpp - SCCL's steps/rounds/chunks encoding -------------===//
//
// Uses Z3's C API: LLVM's build disables C++ exceptions, which z3++ needs.
//
//===----------------------------------------------------------------------===//

#include "StepEncoding.h"
#include "tacos/Simulation/Simulator.h"
#include "tacos/Synthesis/TenSynthesizer.h"

#include <algorithm>
#include <functional>
#include <map>

namespace tacos {

namespace {

void ignoreErrors(Z3_context, Z3_error_code) {}

/// Hop distance from chunk c's nearest source to every NPU (-1: never).
std::vector<std::vector<int32_t>>
chunkDistances(const Network &network, const Problem &problem) {
  uint32_t n = problem.numNpus;
  std::vector<std::vector<int32_t>> fromNpu(n);
  std::vector<std::vector<int32_t>> result(problem.numChunks());
  for (uint32_t c = 0; c < problem.numChunks(); ++c) {
    std::vector<int32_t> &d = result[c];
    d.assign(n, -1);
    for (uint32_t i = problem.sourceOffsets[c];
         i < problem.sourceOffsets[c + 1]; ++i) {
      uint32_t s = problem.sources[i];
      if (fromNpu[s].empty())
        fromNpu[s] = network.hopDistances(s);
      for (uint32_t v = 0; v < n; ++v)
        if (fromNpu[s][v] >= 0 && (d[v] < 0 || fromNpu[s][v] < d[v]))
          d[v] = fromNpu[s][v];
    }
  }
  return result;
}

/// Distinct (src, dst) pairs of NPUs with their multiplicity.
std::vector<std::tuple<uint32_t, uint32_t, unsigned>>
linkPairs(const Network &network) {
  std::vector<std::tuple<uint32_t, uint32_t, unsigned>> pairs;
  for (uint32_t u = 0; u < network.numNpus(); ++u) {
    std::map<uint32_t, unsigned> multiplicity;
    for (LinkId l : network.outLinks(u))
      ++multiplicity[network.dst(l)];
    for (auto [v, m] : multiplicity)
      pairs.push_back({u, v, m});
  }
  return pairs;
}

unsigned ceilDiv(uint64_t a, uint64_t b) { return unsigned((a + b - 1) / b); }

} // namespace

unsigned StepEncoding::stepsLowerBound(const Network &network,
                                       const Problem &problem) {
  auto distances = chunkDistances(network, problem);
  int32_t most = 0;
  for (uint32_t c = 0; c < problem.numChunks(); ++c)
    problem.forEachDestination(
        c, [&](uint32_t d) { most = std::max(most, distances[c][d]); });
  return unsigned(most);
}

unsigned StepEncoding::roundsLowerBound(const Network &network,
                                        const Problem &problem) {
  std::vector<uint64_t> need = problem.deliveriesPerNpu();
  unsigned most = 0;
  for (uint32_t v = 0; v < problem.numNpus; ++v) {
    uint64_t in = 0;
    for (LinkId l : network.inLinks(v))
      in += network.src(l) < network.numNpus();
    if (need[v] && in)
      most = std::max(most, ceilDiv(need[v], in));
  }
  return most;
}

Z3_ast StepEncoding::fresh(const char *prefix) {
  std::string name = prefix + std::to_string(counter++);
  return Z3_mk_const(ctx, Z3_mk_string_symbol(ctx, name.c_str()),
                     Z3_mk_bool_sort(ctx));
}

StepEncoding::StepEncoding(const Network &network, const Problem &problem,
                           unsigned steps, unsigned maxRounds)
    : steps(steps), maxRounds(std::max(maxRounds, steps)) {
  Z3_config config = Z3_mk_config();
  ctx = Z3_mk_context(config);
  Z3_del_config(config);
  Z3_set_error_handler(ctx, ignoreErrors);
  solver = makeSolver(0);

  uint32_t n = problem.numNpus, chunks = problem.numChunks();
  pairs = linkPairs(network);
  auto distances = chunkDistances(network, problem);

  // Sends, indexed by receiver for the tree and causality constraints and
  // by (step, pair) for the bandwidth ones.
  struct Receipt {
    unsigned step;
    Z3_ast var;
  };
  std::vector<std::vector<std::vector<Receipt>>> received(
      chunks, std::vector<std::vector<Receipt>>(n));
  std::vector<std::vector<std::vector<Z3_ast>>> load(
      steps, std::vector<std::vector<Z3_ast>>(pairs.size()));
  std::vector<std::tuple<unsigned, uint32_t, uint32_t, Z3_ast>> causal;
  for (unsigned s = 1; s <= steps; ++s)
    for (uint32_t p = 0; p < pairs.size(); ++p) {
      auto [u, v, m] = pairs[p];
      for (uint32_t c = 0; c < chunks; ++c) {
        int32_t du = distances[c][u];
        // u holds c after step du at the earliest; v never needs a second
        // copy, nor a copy of its own chunk.
        if (du < 0 || unsigned(du) > s - 1 || problem.isSource(c, v))
          continue;
        Z3_ast var = fresh("snd");
        sendKeys.push_back({s, p, c});
        sendVars.push_back(var);
        received[c][v].push_back({s, var});
        load[s - 1][p].push_back(var);
        if (du > 0)
          causal.push_back({s, u, c, var});
      }
    }

  // Each chunk reaches each NPU at most once (a tree), every destination
  // exactly once.
  for (uint32_t c = 0; c < chunks; ++c) {
    for (uint32_t v = 0; v < n; ++v) {
      std::vector<Z3_ast> into;
      for (const Receipt &r : received[c][v])
        into.push_back(r.var);
      if (into.size() > 1)
        Z3_solver_assert(ctx, solver,
                         Z3_mk_atmost(ctx, unsigned(into.size()), into.data(),
                                      1));
    }
    problem.forEachDestination(c, [&](uint32_t d) {
      std::vector<Z3_ast> into;
      for (const Receipt &r : received[c][d])
        into.push_back(r.var);
      if (into.empty())
        canReach = false;
      else
        Z3_solver_assert(ctx, solver,
                         Z3_mk_or(ctx, unsigned(into.size()), into.data()));
    });
  }
  if (!canReach)
    Z3_solver_assert(ctx, solver, Z3_mk_false(ctx));

  // A chunk leaves u only after u received it in an earlier step.
  for (auto [s, u, c, var] : causal) {
    std::vector<Z3_ast> before;
    for (const Receipt &r : received[c][u])
      if (r.step < s)
        before.push_back(r.var);
    Z3_ast had = before.empty() ? Z3_mk_false(ctx)
                                : Z3_mk_or(ctx, unsigned(before.size()),
                                           before.data());
    Z3_solver_assert(ctx, solver, Z3_mk_implies(ctx, var, had));
  }

  // Rounds: step s has 1 + (number of true x[s][k]) rounds, the true ones
  // first. A step never needs more rounds than its busiest pair's sends
  // over its multiplicity.
  unsigned extraAllowed = this->maxRounds - steps;
  extra.resize(steps);
  for (unsigned s = 1; s <= steps; ++s) {
    unsigned needed = 1;
    for (uint32_t p = 0; p < pairs.size(); ++p)
      needed = std::max(needed, ceilDiv(load[s - 1][p].size(),
                                        std::get<2>(pairs[p])));
    unsigned k = std::min(extraAllowed, needed - 1);
    for (unsigned i = 0; i < k; ++i) {
      extra[s - 1].push_back(fresh("x"));
      if (i > 0)
        Z3_solver_assert(ctx, solver,
                         Z3_mk_implies(ctx, extra[s - 1][i],
                                       extra[s - 1][i - 1]));
    }
  }

  // Bandwidth: sum_c snd <= m * (1 + sum_k x) as one PB constraint,
  //   sum_c snd + m * sum_k !x <= m * (1 + K).
  for (unsigned s = 1; s <= steps; ++s)
    for (uint32_t p = 0; p < pairs.size(); ++p) {
      unsigned m = std::get<2>(pairs[p]);
      std::vector<Z3_ast> &sends = load[s - 1][p];
      if (sends.size() <= m)
        continue; // one round always suffices
      unsigned k = std::min<unsigned>(unsigned(extra[s - 1].size()),
                                      ceilDiv(sends.size(), m) - 1);
      std::vector<Z3_ast> terms(sends);
      std::vector<int> coefficients(sends.size(), 1);
      for (unsigned i = 0; i < k; ++i) {
        terms.push_back(Z3_mk_not(ctx, extra[s - 1][i]));
        coefficients.push_back(int(m));
      }
      Z3_solver_assert(ctx, solver,
                       Z3_mk_pble(ctx, unsigned(terms.size()), terms.data(),
                                  coefficients.data(), int(m * (1 + k))));
    }
}

Z3_solver StepEncoding::makeSolver(unsigned seed) {
  // Boolean and pseudo-Boolean only: QF_FD is Z3's SAT core with native
  // cardinality and PB constraints, incremental through push/pop and
  // assumptions.
  Z3_solver made =
      Z3_mk_solver_for_logic(ctx, Z3_mk_string_symbol(ctx, "QF_FD"));
  Z3_solver_inc_ref(ctx, made);
  // Pseudo-Boolean constraints compiled to binary merge networks: the
  // DGX-1's (3 steps, 7 rounds, 6 chunks) All-Gather takes 2-3 s instead of
  // 3-9 s with Z3's native PB solver, 8 s with `circuit`, 23 s with
  // `totalizer` or with cardinality constraints guarded by the x literals
  // (docs/Algorithms.md). `sorting` is faster still but wrong in Z3 4.8.12:
  // its models break the bandwidth constraints (checkModel catches that).
  // Both are read when the SAT core is created: before any assertion.
  Z3_params params = Z3_mk_params(ctx);
  Z3_params_inc_ref(ctx, params);
  Z3_params_set_symbol(ctx, params, Z3_mk_string_symbol(ctx, "sat.pb.solver"),
                       Z3_mk_string_symbol(ctx, "binary_merge"));
  Z3_params_set_uint(ctx, params, Z3_mk_string_symbol(ctx, "random_seed"),
                     seed);
  Z3_solver_set_params(ctx, made, params);
  Z3_params_dec_ref(ctx, params);
  return made;
}

void StepEncoding::reseed(unsigned seed) {
  Z3_solver next = makeSolver(seed);
  Z3_ast_vector all = Z3_solver_get_assertions(ctx, solver);
  Z3_ast_vector_inc_ref(ctx, all);
  for (unsigned i = 0; i < Z3_ast_vector_size(ctx, all); ++i)
    Z3_solver_assert(ctx, next, Z3_ast_vector_get(ctx, all, i));
  Z3_ast_vector_dec_ref(ctx, all);
  Z3_solver_dec_ref(ctx, solver);
  solver = next;
}

StepEncoding::~StepEncoding() {
  if (model)
    Z3_model_dec_ref(ctx, model);
  Z3_solver_dec_ref(ctx, solver);
  Z3_del_context(ctx);
}

Z3_lbool StepEncoding::checkOnce(SearchBudget &budget,
                                 const std::vector<Z3_ast> &assumed,
                                 uint64_t most) {
  Z3_params params = Z3_mk_params(ctx);
  Z3_params_inc_ref(ctx, params);
  Z3_params_set_symbol(ctx, params, Z3_mk_string_symbol(ctx, "sat.pb.solver"),
                       Z3_mk_string_symbol(ctx, "binary_merge"));
  Z3_solver_set_params(ctx, solver, params);
  Z3_params_dec_ref(ctx, params);
  Z3_lbool result = budget.check(ctx, solver, assumed, most);
  if (result == Z3_L_TRUE) {
    if (model)
      Z3_model_dec_ref(ctx, model);
    model = Z3_solver_get_model(ctx, solver);
    Z3_model_inc_ref(ctx, model);
  }
  return result;
}

Z3_lbool StepEncoding::check(unsigned rounds, SearchBudget &budget,
                             RoundsSearch search) {
  if (!canReach || rounds < steps)
    return Z3_L_FALSE;
  rounds = std::min(rounds, maxRounds);
  if (search == RoundsSearch::Unary) {
    std::vector<Z3_ast> all;
    for (auto &xs : extra)
      all.insert(all.end(), xs.begin(), xs.end());
    Z3_ast bound = nullptr;
    if (all.size() > rounds - steps) {
      std::vector<int> ones(all.size(), 1);
      bound = Z3_mk_pble(ctx, unsigned(all.size()), all.data(), ones.data(),
                         int(rounds - steps));
    }
    // Satisfiable instances take anywhere from 0.4 s to a minute depending
    // on the SAT core's random seed (heavy-tailed: the DGX-1's (3, 7, 6)
    // takes 2-3 s with seed 0, 11 s with 1, 15 s with 2, 0.4 s with 3);
    // unsatisfiable ones here take well under the first attempt. So: an
    // attempt of kFirstAttemptRlimit resource units, then twice as many,
    // ..., each from a fresh solver with the next seed. Counted in Z3's
    // units, not seconds, so the attempt that answers, and so the model,
    // is the same on every machine.
    for (unsigned attempt = 0;; ++attempt) {
      if (attempt > 0)
        reseed(attempt);
      Z3_solver_push(ctx, solver);
      if (bound)
        Z3_solver_assert(ctx, solver, bound);
      Z3_lbool result =
          checkOnce(budget, {}, kFirstAttemptRlimit << std::min(attempt, 20u));
      Z3_solver_pop(ctx, solver, 1);
      // Only an attempt's own units running out calls for the next one.
      if (result != Z3_L_UNDEF || budget.lastStop() != SearchLimit::Resources ||
          budget.exhausted() != SearchLimit::None)
        return result;
    }
  }

  // Enumerated: every way of giving each step 1 + e_s rounds, sum e_s =
  // min(rounds - steps, what the steps can take), e_s <= |x[s]|.
  unsigned room = 0;
  for (auto &xs : extra)
    room += unsigned(xs.size());
  unsigned total = std::min(rounds - steps, room);
  std::vector<unsigned> e(steps, 0);
  bool undecided = false;
  // Depth-first over the steps; `left` rounds still to place.
  std::function<Z3_lbool(unsigned, unsigned)> place =
      [&](unsigned s, unsigned left) -> Z3_lbool {
    if (s + 1 == steps) {
      if (left > extra[s].size())
        return Z3_L_FALSE;
      e[s] = left;
      std::vector<Z3_ast> assumed;
      for (unsigned t = 0; t < steps; ++t)
        for (unsigned i = 0; i < extra[t].size(); ++i)
          assumed.push_back(i < e[t] ? extra[t][i]
                                     : Z3_mk_not(ctx, extra[t][i]));
      Z3_lbool r = checkOnce(budget, assumed);
      if (r == Z3_L_UNDEF)
        undecided = true;
      return r;
    }
    for (unsigned here = 0; here <= std::min<size_t>(left, extra[s].size());
         ++here) {
      e[s] = here;
      Z3_lbool r = place(s + 1, left - here);
      if (r == Z3_L_TRUE)
        return r;
      if (r == Z3_L_UNDEF && budget.exhausted() != SearchLimit::None)
        return r;
    }
    return Z3_L_FALSE;
  };
  Z3_lbool result = place(0, total);
  if (result == Z3_L_FALSE && undecided)
    return Z3_L_UNDEF;
  return result;
}

bool StepEncoding::holds(Z3_ast x) const {
  Z3_ast value;
  Z3_model_eval(ctx, model, x, true, &value);
  return Z3_get_bool_value(ctx, value) == Z3_L_TRUE;
}

std::vector<size_t> StepEncoding::modelSends() const {
  std::vector<size_t> result;
  for (size_t i = 0; i < sendVars.size(); ++i)
    if (holds(sendVars[i]))
      result.push_back(i);
  return result;
}

std::vector<StepSend> StepEncoding::sends() const {
  std::vector<StepSend> result;
  for (size_t i : modelSends()) {
    auto [s, p, c] = sendKeys[i];
    auto [u, v, m] = pairs[p];
    result.push_back({s, u, v, c});
  }
  std::sort(result.begin(), result.end());
  return result;
}

std::string StepEncoding::checkModel(unsigned rounds) const {
  std::vector<unsigned> perStep = roundsPerStep();
  unsigned total = 0;
  for (unsigned r : perStep)
    total += r;
  if (total > rounds)
    return "internal error: z3's model has " + std::to_string(total) +
           " rounds, more than " + std::to_string(rounds);
  std::map<std::pair<unsigned, uint32_t>, unsigned> load;
  std::map<std::pair<uint32_t, uint32_t>, unsigned> received;
  for (size_t i : modelSends()) {
    auto [s, p, c] = sendKeys[i];
    auto [u, v, m] = pairs[p];
    if (++load[{s, p}] > m * perStep[s - 1])
      return "internal error: z3's model sends more than " +
             std::to_string(m * perStep[s - 1]) + " chunks over " +
             std::to_string(u) + " -> " + std::to_string(v) + " in step " +
             std::to_string(s);
    if (++received[{c, v}] > 1)
      return "internal error: z3's model sends chunk " + std::to_string(c) +
             " to npu " + std::to_string(v) + " twice";
  }
  return "";
}

std::vector<unsigned> StepEncoding::roundsPerStep() const {
  std::vector<unsigned> result;
  for (const auto &xs : extra) {
    unsigned r = 1;
    for (Z3_ast x : xs)
      r += holds(x);
    result.push_back(r);
  }
  return result;
}

unsigned StepEncoding::rounds() const {
  unsigned total = 0;
  for (unsigned r : roundsPerStep())
    total += r;
  return total;
}

AlgorithmResult timeStepSchedule(const Network &network, const Problem &problem,
                                 const std::vector<StepSend> &sends,
                                 const AlgorithmOptions &options) {
  AlgorithmResult result;
  Schedule ordered;
  std::map<std::tuple<unsigned, uint32_t, uint32_t>, unsigned> used;
  std::vector<StepSend> sorted(sends);
  std::sort(sorted.begin(), sorted.end());
  for (auto [step, u, v, c] : sorted) {
    unsigned lanes = 0;
    for (LinkId l : network.outLinks(u))
      lanes += network.dst(l) == v;
    unsigned k = used[{step, u, v}]++;
    ordered.push_back({c, u, v, uint16_t(k % lanes), TransferKind::Copy, 0, 0});
  }
  SimulationResult timed =
      compact(network, problem, ordered.view(), options.model);
  if (!timed.error.empty()) {
    result.error =
        "internal error: step schedule does not simulate: " + timed.error;
    return result;
  }
  result.schedule = std::move(timed.schedule);
  result.timePs = timed.timePs;
  result.numTransfers = result.schedule.size();
  return result;
}

AlgorithmResult synthesizeFewestSteps(const Network &network,
                                      const Problem &problem,
                                      const AlgorithmOptions &options) {
  AlgorithmResult result;
  SearchBudget budget(options);

  // With every step free to take as many rounds as its busiest pair needs,
  // `stepsLowerBound` steps always suffice; the rounds are then minimized.
  unsigned perStep = 1;
  for (auto [u, v, m] : linkPairs(network))
    perStep = std::max(perStep, ceilDiv(problem.numChunks(), m));
  unsigned roundsBound = StepEncoding::roundsLowerBound(network, problem);
  std::vector<StepSend> sends;
  for (unsigned steps =
           std::max(1u, StepEncoding::stepsLowerBound(network, problem));
       steps <= options.maxSteps && result.steps == 0; ++steps) {
    StepEncoding encoding(network, problem, steps, steps * perStep);
    Z3_lbool found = encoding.check(steps * perStep, budget);
    if (found == Z3_L_UNDEF) {
      SearchLimit stop = budget.lastStop();
      result.error = stop == SearchLimit::Deadline
                         ? timeoutMessage(options.limits, "exact synthesis")
                         : "exact synthesis stopped before it decided " +
                               std::to_string(steps) +
                               " steps: " + searchLimitMessage(stop, options);
      break;
    }
    if (found == Z3_L_FALSE)
      continue;
    // Fewest steps found; now the fewest rounds for that many steps.
    result.steps = steps;
    if (std::string error = encoding.checkModel(steps * perStep);
        !error.empty()) {
      result.error = error;
      return result;
    }
    unsigned best = encoding.rounds();
    sends = encoding.sends();
    for (unsigned rounds = std::max(steps, roundsBound); rounds < best;
         ++rounds) {
      Z3_lbool fewer = encoding.check(rounds, budget);
      if (fewer == Z3_L_TRUE) {
        if (std::string error = encoding.checkModel(rounds); !error.empty()) {
          result.error = error;
          return result;
        }
        best = encoding.rounds();
        sends = encoding.sends();
        break;
      }
      if (fewer == Z3_L_UNDEF) {
        result.stoppedBy = budget.lastStop();
        break; // keep the best found so far
      }
    }
    result.rounds = best;
  }
  result.rlimitUsed = budget.used();
  if (result.steps == 0) {
    if (result.error.empty())
      result.error = "no schedule within " + std::to_string(options.maxSteps) +
                     " steps";
    return result;
  }
  AlgorithmResult timed = timeStepSchedule(network, problem, sends, options);
  if (!timed.error.empty()) {
    result.error = timed.error;
    return result;
  }
  result.schedule = std::move(timed.schedule);
  result.timePs = timed.timePs;
  result.numTransfers = timed.numTransfers;
  return result;
}

} // namespace tacos
