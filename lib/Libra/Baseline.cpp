//===- Baseline.cpp - LIBRA's equal-bandwidth baseline --------------------===//

#include "tacos/Libra/Baseline.h"
#include "tacos/Libra/Solver.h"

#include <string>

namespace tacos::libra {

std::vector<double> equalAllocation(const std::vector<DimSpec> &dims,
                                    const AllocationProblem &problem,
                                    const std::vector<double> &optimum,
                                    bool &projected) {
  std::vector<double> equal = optimum;
  double freeTotal = 0;
  unsigned numFree = 0;
  for (size_t d = 0; d < dims.size(); ++d)
    if (!dims[d].link.isBandwidthDecided()) {
      freeTotal += optimum[d];
      ++numFree;
    }
  for (size_t d = 0; d < dims.size(); ++d)
    if (!dims[d].link.isBandwidthDecided())
      equal[d] = freeTotal / numFree;
  std::string error;
  std::vector<double> feasible = projectOntoConstraints(problem, equal, error);
  // The optimum meets the constraints, so the projection exists; keep the
  // plain split if SLSQP still fails.
  projected = !feasible.empty() && feasible != equal;
  return feasible.empty() ? equal : feasible;
}

} // namespace tacos::libra
