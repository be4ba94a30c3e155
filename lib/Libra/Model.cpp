//===- Model.cpp - LIBRA's time and cost model ----------------------------===//

#include "tacos/Libra/Model.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace tacos::libra {

std::string dimensionLoads(const WorkloadCollective &collective,
                           unsigned numDims, std::vector<double> &loads) {
  loads.assign(numDims, 0);
  for (auto [dim, size] : collective.dims)
    if (dim >= numDims || size < 1)
      return "dimension " + std::to_string(dim) + " with group size " +
             std::to_string(size) + " is not in the network";
  auto dims = collective.dims;
  double m = collective.bytes;
  switch (collective.kind) {
  case CollectiveKind::AllReduce:
  case CollectiveKind::ReduceScatter: {
    double factor = collective.kind == CollectiveKind::AllReduce ? 2 : 1;
    std::sort(dims.begin(), dims.end());
    for (auto [dim, c] : dims) {
      loads[dim] += factor * m * double(c - 1) / double(c);
      m /= double(c);
    }
    return "";
  }
  case CollectiveKind::AllGather: {
    // From the shard each NPU starts with, growing by c_d per dimension.
    std::sort(dims.rbegin(), dims.rend());
    double total = 1;
    for (auto [dim, c] : dims)
      total *= double(c);
    m /= total;
    for (auto [dim, c] : dims) {
      loads[dim] += m * double(c - 1);
      m *= double(c);
    }
    return "";
  }
  case CollectiveKind::AllToAll:
    for (auto [dim, c] : dims)
      loads[dim] += m * double(c - 1) / double(c);
    return "";
  default:
    return std::string("LIBRA does not model ") +
           collectiveName(collective.kind);
  }
}

double workloadTimeNs(const AllocationProblem &problem,
                      const std::vector<double> &bandwidthGBps) {
  double total = 0;
  std::vector<double> loads;
  for (const Workload &workload : problem.workloads) {
    double time = workload.computeNs;
    for (const WorkloadCollective &collective : workload.collectives) {
      if (!dimensionLoads(collective, problem.numDims, loads).empty())
        return std::numeric_limits<double>::infinity();
      double slowest = 0;
      for (unsigned d = 0; d < problem.numDims; ++d)
        if (loads[d] > 0)
          slowest = std::max(slowest, bandwidthGBps[d] > 0
                                          ? loads[d] / bandwidthGBps[d]
                                          : std::numeric_limits<double>::infinity());
      time += collective.count * slowest;
    }
    total += workload.weight * time;
  }
  return total;
}

double networkCost(const AllocationProblem &problem,
                   const std::vector<double> &bandwidthGBps) {
  double perNpu = 0;
  for (unsigned d = 0; d < problem.numDims; ++d)
    perNpu += problem.pricePerGBps[d] * bandwidthGBps[d];
  return problem.numNpus * perNpu;
}

} // namespace tacos::libra
