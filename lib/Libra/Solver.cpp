//===- Solver.cpp - Optimal bandwidth per dimension -----------------------===//

#include "tacos/Libra/Solver.h"

#include <nlopt.h>

#include <algorithm>
#include <cmath>
#include <numeric>

namespace tacos::libra {

namespace {

/// Variables: B_0..B_{D-1} (GB/s), then t_0..t_{K-1}, each collective's time
/// in its own unit (its time at the start point, so every t_k starts at 1);
/// the objective is in units of the start's total time. SLSQP converges
/// tightly only when all variables and constraints are of moderate
/// magnitude: one fixed unit fails when collectives differ by orders of
/// magnitude (MiB next to GiB).
struct Formulation {
  const AllocationProblem *problem;
  Objective objective;
  unsigned numDims;
  std::vector<std::vector<double>> loads; // [k][d]
  std::vector<double> weightTimesCount;     // [k]
  double compute = 0;
  /// Perf: a tiny price on the bandwidth of dimensions no collective uses.
  /// Time does not depend on them, so any feasible value is optimal; this
  /// picks the least the constraints allow instead of wherever SLSQP stops.
  std::vector<double> idlePenalty; // [d]
  /// For t_k >= a_{k,d} / B_d.
  struct Epigraph {
    const Formulation *f;
    unsigned k, d;
  };
  std::vector<Epigraph> epigraphs;
  struct Linear {
    const Formulation *f;
    const LinearConstraint *c;
    double sign;
  };
  std::vector<Linear> linears;
  /// PerfPerCost minimizes (time / timeScale) * (cost / costScale): both
  /// near 1 at the start, which SLSQP needs.
  double timeScale = 1, costScale = 1;

  double timeScaled(const double *x) const {
    double t = compute;
    for (size_t k = 0; k < weightTimesCount.size(); ++k)
      t += weightTimesCount[k] * x[numDims + k];
    return t;
  }
  double costOf(const double *x) const {
    double perNpu = 0;
    for (unsigned d = 0; d < numDims; ++d)
      perNpu += problem->pricePerGBps[d] * x[d];
    return problem->numNpus * perNpu;
  }
};

double objectiveFn(unsigned n, const double *x, double *grad, void *data) {
  auto *f = static_cast<Formulation *>(data);
  double time = f->timeScaled(x);
  if (f->objective == Objective::Perf) {
    if (grad) {
      std::fill(grad, grad + n, 0.0);
      for (size_t k = 0; k < f->weightTimesCount.size(); ++k)
        grad[f->numDims + k] = f->weightTimesCount[k];
    }
    for (unsigned d = 0; d < f->numDims; ++d) {
      time += f->idlePenalty[d] * x[d];
      if (grad)
        grad[d] = f->idlePenalty[d];
    }
    return time;
  }
  double t = time / f->timeScale, cost = f->costOf(x) / f->costScale;
  if (grad) {
    for (unsigned d = 0; d < f->numDims; ++d)
      grad[d] = t * f->problem->numNpus * f->problem->pricePerGBps[d] /
                f->costScale;
    for (size_t k = 0; k < f->weightTimesCount.size(); ++k)
      grad[f->numDims + k] = f->weightTimesCount[k] / f->timeScale * cost;
  }
  return t * cost;
}

/// a / B_d - t_k <= 0
double epigraphFn(unsigned n, const double *x, double *grad, void *data) {
  auto *e = static_cast<Formulation::Epigraph *>(data);
  double a = e->f->loads[e->k][e->d], b = x[e->d];
  if (grad) {
    std::fill(grad, grad + n, 0.0);
    grad[e->d] = -a / (b * b);
    grad[e->f->numDims + e->k] = -1;
  }
  return a / b - x[e->f->numDims + e->k];
}

/// sign * (sum c_d B_d - rhs) <= 0 (or == 0)
double linearFn(unsigned n, const double *x, double *grad, void *data) {
  auto *l = static_cast<Formulation::Linear *>(data);
  double value = -l->c->rhs;
  if (grad)
    std::fill(grad, grad + n, 0.0);
  for (unsigned d = 0; d < l->f->numDims; ++d) {
    value += l->c->coefficients[d] * x[d];
    if (grad)
      grad[d] = l->sign * l->c->coefficients[d];
  }
  return l->sign * value;
}

/// Adds every linear constraint of f's problem to opt (f.linears must not
/// move afterwards: NLopt keeps pointers into it).
void addLinearConstraints(nlopt_opt opt, Formulation &f) {
  f.linears.clear();
  f.linears.reserve(f.problem->constraints.size());
  for (const LinearConstraint &c : f.problem->constraints) {
    double sign = c.relation == LinearConstraint::Relation::GreaterEqual ? -1 : 1;
    f.linears.push_back({&f, &c, sign});
    if (c.relation == LinearConstraint::Relation::Equal)
      nlopt_add_equality_constraint(opt, linearFn, &f.linears.back(), 1e-9);
    else
      nlopt_add_inequality_constraint(opt, linearFn, &f.linears.back(), 1e-9);
  }
}

/// True if B meets every linear constraint up to a relative 1e-6 (what
/// SLSQP's tolerances leave).
bool meetsConstraints(const AllocationProblem &problem,
                      const std::vector<double> &b) {
  for (const LinearConstraint &c : problem.constraints) {
    double lhs = 0;
    for (unsigned d = 0; d < problem.numDims; ++d)
      lhs += c.coefficients[d] * b[d];
    double slack = 1e-6 * std::max(1.0, std::fabs(c.rhs));
    bool ok = c.relation == LinearConstraint::Relation::Equal
                  ? std::fabs(lhs - c.rhs) <= slack
              : c.relation == LinearConstraint::Relation::LessEqual
                  ? lhs <= c.rhs + slack
                  : lhs >= c.rhs - slack;
    if (!ok)
      return false;
  }
  return true;
}

/// sum_d ((B_d - t_d) / s_d)^2 for the projection.
struct Projection {
  std::vector<double> target, scale;
};

double projectionFn(unsigned n, const double *x, double *grad, void *data) {
  auto *p = static_cast<Projection *>(data);
  double value = 0;
  for (unsigned d = 0; d < n; ++d) {
    double r = (x[d] - p->target[d]) / p->scale[d];
    value += r * r;
    if (grad)
      grad[d] = 2 * r / p->scale[d];
  }
  return value;
}

} // namespace

std::vector<double> projectOntoConstraints(const AllocationProblem &problem,
                                           const std::vector<double> &targetGBps,
                                           std::string &error) {
  error.clear();
  unsigned n = problem.numDims;
  if (targetGBps.size() != n) {
    error = "the target has " + std::to_string(targetGBps.size()) +
            " bandwidths for " + std::to_string(n) + " dimensions";
    return {};
  }
  std::vector<double> x(n);
  for (unsigned d = 0; d < n; ++d)
    x[d] = std::max(0.0, targetGBps[d]);
  // A feasible target is its own projection, exactly (SLSQP might still
  // move it by its tolerance).
  if (x == targetGBps && meetsConstraints(problem, x))
    return x;
  if (n == 0) {
    error = "the constraints cannot all be met";
    return {};
  }
  Projection proj;
  proj.target = targetGBps;
  for (double t : targetGBps)
    proj.scale.push_back(std::max(t, 1.0));
  Formulation f;
  f.problem = &problem;
  f.objective = Objective::Perf;
  f.numDims = n;
  nlopt_opt opt = nlopt_create(NLOPT_LD_SLSQP, n);
  std::vector<double> lower(n, 0.0);
  nlopt_set_lower_bounds(opt, lower.data());
  nlopt_set_min_objective(opt, projectionFn, &proj);
  addLinearConstraints(opt, f);
  nlopt_set_xtol_rel(opt, 1e-14);
  nlopt_set_ftol_rel(opt, 1e-15);
  nlopt_set_maxeval(opt, 5000);
  double best = 0;
  nlopt_result status = nlopt_optimize(opt, x.data(), &best);
  nlopt_destroy(opt);
  if ((status < 0 && status != NLOPT_ROUNDOFF_LIMITED) ||
      !meetsConstraints(problem, x)) {
    error = "the constraints cannot all be met";
    return {};
  }
  return x;
}

/// What every solve needs of the workloads, computed once.
struct Loads {
  std::vector<std::vector<double>> perCollective; // a_{k,d}, bytes
  std::vector<double> weightTimesCount;           // [k]
  double computeNs = 0;                           // weighted
  std::vector<double> total; // sum_k weight x count x a_{k,d}
};

static std::string computeLoads(const AllocationProblem &problem,
                                Loads &out) {
  out.total.assign(problem.numDims, 0.0);
  std::vector<double> loads;
  for (const Workload &w : problem.workloads) {
    out.computeNs += w.weight * w.computeNs;
    for (const WorkloadCollective &c : w.collectives) {
      std::string error = dimensionLoads(c, problem.numDims, loads);
      if (!error.empty())
        return error;
      for (unsigned d = 0; d < problem.numDims; ++d)
        out.total[d] += w.weight * c.count * loads[d];
      out.perCollective.push_back(loads);
      out.weightTimesCount.push_back(w.weight * c.count);
    }
  }
  return "";
}

/// `direction` scaled to the sum of `reference` (the feasible point nearest
/// to 1 GB/s everywhere: the magnitude the constraints imply), then
/// projected onto the constraints; empty if that fails.
static std::vector<double> startAlong(const AllocationProblem &problem,
                                      const std::vector<double> &reference,
                                      std::vector<double> direction) {
  double scale = 0, sum = 0;
  for (unsigned d = 0; d < problem.numDims; ++d) {
    scale += reference.empty() ? 1.0 : reference[d];
    sum += direction[d];
  }
  if (!(sum > 0))
    return reference;
  for (double &b : direction)
    b *= scale / sum;
  std::string error;
  return projectOntoConstraints(problem, direction, error);
}

static Allocation solve(const AllocationProblem &problem, const Loads &loads,
                        Objective objective, const std::vector<double> &start);

/// The best of solving from each start (ties: the earlier start).
static Allocation bestOf(const AllocationProblem &problem, const Loads &loads,
                         Objective objective,
                         const std::vector<std::vector<double>> &starts) {
  Allocation best;
  auto score = [&](const Allocation &a) {
    return objective == Objective::Perf ? a.timeNs : a.timeNs * a.cost;
  };
  for (const std::vector<double> &start : starts) {
    if (start.empty())
      continue;
    Allocation a = solve(problem, loads, objective, start);
    if (a.error.empty() && (best.bandwidthGBps.empty() || score(a) < score(best)))
      best = std::move(a);
    else if (best.bandwidthGBps.empty() && best.error.empty())
      best.error = a.error;
  }
  if (best.bandwidthGBps.empty() && best.error.empty())
    best.error = "the constraints cannot all be met";
  return best;
}

std::vector<unsigned> bindingConstraints(const AllocationProblem &problem,
                                         const std::vector<double> &b) {
  std::vector<unsigned> binding;
  for (unsigned i = 0; i < problem.constraints.size(); ++i) {
    const LinearConstraint &c = problem.constraints[i];
    double lhs = 0, scale = std::fabs(c.rhs);
    for (unsigned d = 0; d < problem.numDims; ++d) {
      lhs += c.coefficients[d] * b[d];
      scale = std::max(scale, std::fabs(c.coefficients[d] * b[d]));
    }
    if (std::fabs(lhs - c.rhs) <= 1e-6 * std::max(1.0, scale))
      binding.push_back(i);
  }
  return binding;
}

/// `problem` with only the constraints in `keep`.
static AllocationProblem withConstraints(const AllocationProblem &problem,
                                         const std::vector<unsigned> &keep) {
  AllocationProblem sub = problem;
  sub.constraints.clear();
  for (unsigned i : keep)
    sub.constraints.push_back(problem.constraints[i]);
  return sub;
}

static bool feasible(const AllocationProblem &problem) {
  std::string error;
  std::vector<double> ones(problem.numDims, 1.0);
  return !projectOntoConstraints(problem, ones, error).empty();
}

std::vector<unsigned> conflictingConstraints(const AllocationProblem &problem) {
  std::vector<unsigned> kept(problem.constraints.size());
  std::iota(kept.begin(), kept.end(), 0u);
  if (feasible(withConstraints(problem, kept)))
    return {};
  // Deletion filter: drop each constraint whose removal leaves the rest
  // infeasible; what remains conflicts and is minimal (each one is needed).
  for (size_t i = 0; i < kept.size();) {
    std::vector<unsigned> without = kept;
    without.erase(without.begin() + i);
    if (!feasible(withConstraints(problem, without)))
      kept = std::move(without);
    else
      ++i;
  }
  return kept;
}

std::vector<bool> unboundedDimensions(const AllocationProblem &problem) {
  // B_d can grow without limit iff some direction r >= 0 with r_d > 0 keeps
  // every constraint (r is in the recession cone: the constraints with
  // right-hand side 0). Projecting e_d onto that cone gives r_d > 0 exactly
  // then (a projection p with p_d = 0 is p = 0, which means no r in the
  // cone has r_d > 0).
  AllocationProblem cone = problem;
  for (LinearConstraint &c : cone.constraints)
    c.rhs = 0;
  std::vector<bool> unbounded(problem.numDims, false);
  for (unsigned d = 0; d < problem.numDims; ++d) {
    std::vector<double> unit(problem.numDims, 0.0);
    unit[d] = 1;
    std::string error;
    std::vector<double> p = projectOntoConstraints(cone, unit, error);
    unbounded[d] = !p.empty() && p[d] > 1e-6;
  }
  return unbounded;
}

/// "dimension 0", "dimensions 0 and 2", "dimensions 0, 1 and 2".
static std::string dimensionList(const std::vector<unsigned> &dims) {
  std::string text = dims.size() == 1 ? "dimension " : "dimensions ";
  for (size_t i = 0; i < dims.size(); ++i) {
    if (i > 0)
      text += i + 1 == dims.size() ? " and " : ", ";
    text += std::to_string(dims[i]);
  }
  return text;
}

/// Why objective=perf has no optimum, or "": some collective's dimensions
/// can all grow without limit, so its time goes to zero without reaching
/// it.
static std::string perfIllPosed(const AllocationProblem &problem,
                                const Loads &loads) {
  // Without communication the time is the compute whatever the bandwidth.
  bool communicates = std::any_of(loads.total.begin(), loads.total.end(),
                                  [](double a) { return a > 0; });
  if (!communicates)
    return "";
  if (problem.constraints.empty())
    return "objective=perf needs a constraint: with none, more bandwidth "
           "is always faster and there is no optimum (add one such as "
           "`topo.constraint sum == 500 GBps`)";
  std::vector<bool> unbounded = unboundedDimensions(problem);
  for (const std::vector<double> &a : loads.perCollective) {
    std::vector<unsigned> dims;
    bool allUnbounded = true;
    for (unsigned d = 0; d < problem.numDims; ++d)
      if (a[d] > 0) {
        dims.push_back(d);
        allUnbounded = allUnbounded && unbounded[d];
      }
    if (!dims.empty() && allUnbounded)
      return "objective=perf has no optimum: nothing bounds the bandwidth "
             "of " +
             dimensionList(dims) +
             " from above, so more is always faster (add an upper bound "
             "such as `topo.constraint sum == 500 GBps`)";
  }
  return "";
}

/// Why objective=perf-per-cost has no optimum, or "": if zero bandwidth
/// meets every constraint, so does every point between it and any
/// allocation, and time x cost = compute x cost + communication x cost
/// never grows along the way (cost scales down, communication time x cost
/// stays), so the infimum is at zero, which is no network.
static std::string perfPerCostIllPosed(const AllocationProblem &problem,
                                       const Loads &loads) {
  // Without communication the cheapest network is the best; zero is an
  // answer (the dimensions stay `?`).
  if (std::none_of(loads.total.begin(), loads.total.end(),
                   [](double a) { return a > 0; }))
    return "";
  for (const LinearConstraint &c : problem.constraints) {
    bool zeroMeets =
        c.relation == LinearConstraint::Relation::Equal       ? c.rhs == 0
        : c.relation == LinearConstraint::Relation::LessEqual ? 0 <= c.rhs
                                                              : 0 >= c.rhs;
    if (!zeroMeets)
      return "";
  }
  return "objective=perf-per-cost has no optimum: zero bandwidth meets "
         "every constraint and time x cost only falls as the bandwidths "
         "shrink toward it (add a lower bound such as `topo.constraint sum "
         "== 500 GBps` or `topo.constraint sum >= 500 GBps`)";
}

Allocation allocateBandwidth(const AllocationProblem &problem,
                             Objective objective) {
  Loads loads;
  Allocation failed;
  failed.error = computeLoads(problem, loads);
  if (!failed.error.empty())
    return failed;
  std::string infeasible;
  std::vector<double> equal(problem.numDims, 1.0);
  std::vector<double> reference =
      projectOntoConstraints(problem, equal, infeasible);
  if (reference.empty()) {
    failed.error = "the constraints cannot all be met";
    failed.conflicting = conflictingConstraints(problem);
    return failed;
  }
  std::string perfError = perfIllPosed(problem, loads);
  failed.error = objective == Objective::Perf
                     ? perfError
                     : perfPerCostIllPosed(problem, loads);
  if (!failed.error.empty())
    return failed;
  // Perf is convex, but SLSQP can stall on the kinks of max_d a_d / B_d; it
  // starts from bandwidth in proportion to each dimension's load (the
  // optimum when only a sum constrains them) and from the equal split.
  Allocation perf;
  if (perfError.empty()) {
    perf = bestOf(problem, loads, Objective::Perf,
                  {startAlong(problem, reference, loads.total),
                   startAlong(problem, reference, equal)});
    if (objective == Objective::Perf || !perf.error.empty())
      return perf;
  }
  // Perf-per-cost is not convex: start from perf's optimum (if perf has
  // one), and from loads weighed by price (cheap dimensions first).
  std::vector<double> cheap = loads.total;
  for (unsigned d = 0; d < problem.numDims; ++d)
    cheap[d] /= std::max(problem.pricePerGBps[d], 1e-12);
  return bestOf(problem, loads, Objective::PerfPerCost,
                {perf.bandwidthGBps, startAlong(problem, reference, cheap),
                 startAlong(problem, reference, equal)});
}

static Allocation solve(const AllocationProblem &problem, const Loads &loads,
                        Objective objective, const std::vector<double> &start) {
  Allocation result;
  Formulation f;
  f.problem = &problem;
  f.objective = objective;
  f.numDims = problem.numDims;
  f.loads = loads.perCollective;
  f.weightTimesCount = loads.weightTimesCount;
  double computeNs = loads.computeNs;
  std::vector<bool> used(problem.numDims, false);
  for (unsigned d = 0; d < problem.numDims; ++d)
    used[d] = loads.total[d] > 0;
  unsigned n = problem.numDims + unsigned(f.loads.size());
  std::vector<double> lower(n, 0.0), x(n, 1.0);
  // A dimension some collective uses needs some bandwidth (else the time
  // is infinite); 1e-6 GB/s keeps a / B_d defined.
  for (unsigned d = 0; d < problem.numDims; ++d) {
    lower[d] = used[d] ? 1e-6 : 0.0;
    x[d] = std::max(start[d], lower[d]);
  }
  // Units: each collective's time at the start, and the start's total.
  double unitNs = computeNs;
  for (size_t k = 0; k < f.loads.size(); ++k) {
    double t = 0;
    for (unsigned d = 0; d < problem.numDims; ++d)
      if (f.loads[k][d] > 0)
        t = std::max(t, f.loads[k][d] / x[d]);
    if (!(t > 0 && std::isfinite(t)))
      t = 1;
    for (double &a : f.loads[k])
      a /= t;
    f.weightTimesCount[k] *= t;
    unitNs += f.weightTimesCount[k];
  }
  if (!(unitNs > 0 && std::isfinite(unitNs)))
    unitNs = 1;
  for (double &w : f.weightTimesCount)
    w /= unitNs;
  f.compute = computeNs / unitNs;
  double totalStart = 0;
  for (unsigned d = 0; d < problem.numDims; ++d)
    totalStart += x[d];
  f.idlePenalty.assign(problem.numDims, 0.0);
  for (unsigned d = 0; d < problem.numDims; ++d)
    if (!used[d])
      f.idlePenalty[d] = 1e-9 / std::max(totalStart, 1e-9);
  nlopt_opt opt = nlopt_create(NLOPT_LD_SLSQP, n);
  nlopt_set_lower_bounds(opt, lower.data());
  nlopt_set_min_objective(opt, objectiveFn, &f);
  for (unsigned k = 0; k < f.loads.size(); ++k)
    for (unsigned d = 0; d < problem.numDims; ++d)
      if (f.loads[k][d] > 0)
        f.epigraphs.push_back({&f, k, d});
  for (auto &e : f.epigraphs)
    nlopt_add_inequality_constraint(opt, epigraphFn, &e, 1e-12);
  addLinearConstraints(opt, f);
  nlopt_set_xtol_rel(opt, 1e-14);
  nlopt_set_ftol_rel(opt, 1e-15);
  nlopt_set_maxeval(opt, 5000);

  // Each t_k starts just feasible.
  for (unsigned k = 0; k < f.loads.size(); ++k) {
    double t = 0;
    for (unsigned d = 0; d < problem.numDims; ++d)
      if (f.loads[k][d] > 0)
        t = std::max(t, f.loads[k][d] / x[d]);
    x[problem.numDims + k] = t;
  }
  f.timeScale = std::max(1e-12, f.timeScaled(x.data()));
  f.costScale = std::max(1e-12, f.costOf(x.data()));
  double best = 0;
  nlopt_result status = nlopt_optimize(opt, x.data(), &best);
  nlopt_destroy(opt);
  // SLSQP often stops at the optimum with "roundoff limited"; the point is
  // used if it meets the constraints (checked below).
  if (status < 0 && status != NLOPT_ROUNDOFF_LIMITED) {
    result.error = "the solver failed (NLopt status " +
                   std::to_string(int(status)) +
                   "); are the constraints feasible?";
    return result;
  }
  result.bandwidthGBps.assign(x.begin(), x.begin() + problem.numDims);
  if (!meetsConstraints(problem, result.bandwidthGBps)) {
    result.error = "the constraints cannot all be met";
    return result;
  }
  result.timeNs = workloadTimeNs(problem, result.bandwidthGBps);
  result.cost = networkCost(problem, result.bandwidthGBps);
  return result;
}

} // namespace tacos::libra
