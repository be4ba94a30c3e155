//===- Solver.h - Optimal bandwidth per dimension ---------------*- C++ -*-===//
//
// Minimizes the workload time (objective Perf) or time x cost
// (PerfPerCost) of an AllocationProblem under its linear constraints and
// B_d >= 0, with NLopt's SLSQP. The max in each collective's time is made
// smooth the usual way: one variable t_k per collective with
// t_k >= a_{k,d} / B_d for every dimension it uses, so the perf problem is
// convex and has one optimum.
//
//===----------------------------------------------------------------------===//

#ifndef TACOS_LIBRA_SOLVER_H
#define TACOS_LIBRA_SOLVER_H

#include "tacos/Libra/Model.h"

#include <string>
#include <vector>

namespace tacos::libra {

enum class Objective { Perf, PerfPerCost };

struct Allocation {
  std::vector<double> bandwidthGBps;
  double timeNs = 0;
  double cost = 0;
  /// Empty on success.
  std::string error;
  /// When the constraints cannot all be met: the indices (into
  /// problem.constraints, ascending) of a minimal subset that cannot.
  std::vector<unsigned> conflicting;
};

/// Fails (sets `error`) rather than answer an ill-posed problem: infeasible
/// constraints (with `conflicting` set), objective Perf when some
/// collective's dimensions can all grow without limit (no minimum: more is
/// always faster), objective PerfPerCost when zero bandwidth meets every
/// constraint (time x cost falls toward zero, which is no network).
Allocation allocateBandwidth(const AllocationProblem &problem,
                             Objective objective);

/// A minimal subset of the constraints that cannot all be met (indices,
/// ascending), found by dropping each constraint the others still conflict
/// without; empty if the constraints can all be met.
std::vector<unsigned> conflictingConstraints(const AllocationProblem &problem);

/// The constraints B meets with equality (up to a relative 1e-6: what
/// SLSQP's tolerances leave), indices ascending: the ones that bind there.
std::vector<unsigned> bindingConstraints(const AllocationProblem &problem,
                                         const std::vector<double> &b);

/// Per dimension: whether B_d can grow without limit under the constraints
/// (some direction r >= 0 with r_d > 0 keeps every one of them).
std::vector<bool> unboundedDimensions(const AllocationProblem &problem);

/// The point that meets every linear constraint of `problem` and B_d >= 0
/// nearest to `targetGBps` in relative squared distance
/// sum_d ((B_d - t_d) / max(t_d, 1))^2: relative, so that moving a
/// dimension costs the same at 10 and at 1000 GB/s and a candidate's small
/// dimensions are not wiped out to fix a large one (the max keeps zero and
/// tiny targets well scaled). A feasible target is returned unchanged.
/// Solved with SLSQP; deterministic. On infeasible constraints returns
/// nothing and sets `error`.
std::vector<double> projectOntoConstraints(const AllocationProblem &problem,
                                           const std::vector<double> &targetGBps,
                                           std::string &error);

} // namespace tacos::libra

#endif // TACOS_LIBRA_SOLVER_H
