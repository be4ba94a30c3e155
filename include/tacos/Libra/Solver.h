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
};

Allocation allocateBandwidth(const AllocationProblem &problem,
                             Objective objective);

} // namespace tacos::libra

#endif // TACOS_LIBRA_SOLVER_H
