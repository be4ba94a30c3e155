//===- Model.cpp - LIBRA's time and cost model ----------------------------===//

#include "tacos/Libra/Model.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace tacos::libra {

double pricePerGBps(const TierPrice &price, DimKind kind) {
  return kind == DimKind::Switch ? price.link + price.switchPrice + price.nic
                                 : price.link;
}

unsigned linksPerNpu(const DimSpec &dim) {
  if (dim.size <= 1)
    return 1;
  switch (dim.kind) {
  case DimKind::Line:
  case DimKind::Ring:
    return dim.size == 2 ? 1 : 2;
  case DimKind::UniRing:
  case DimKind::Switch:
    return 1;
  case DimKind::FullyConnected:
    return unsigned(dim.size - 1);
  }
  return 1;
}

double linkBandwidthBps(const DimSpec &dim, double perNpuGBps) {
  return perNpuGBps * 1e9 / linksPerNpu(dim);
}

double perNpuBandwidthGBps(const DimSpec &dim) {
  return dim.link.bandwidthBps / 1e9 * linksPerNpu(dim);
}

std::vector<DimSpec> dimsWithBandwidth(const std::vector<DimSpec> &dims,
                                       const std::vector<double> &perNpuGBps) {
  std::vector<DimSpec> result = dims;
  for (size_t d = 0; d < result.size(); ++d)
    result[d].link.bandwidthBps = linkBandwidthBps(dims[d], perNpuGBps[d]);
  return result;
}

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
  case CollectiveKind::Broadcast:
  case CollectiveKind::Reduce:
  case CollectiveKind::Gather:
  case CollectiveKind::Scatter:
    return std::string("LIBRA does not model ") +
           collectiveName(collective.kind);
  }
}

CollectiveTime collectiveTime(const WorkloadCollective &collective,
                              unsigned numDims,
                              const std::vector<double> &bandwidthGBps) {
  CollectiveTime out;
  out.error = dimensionLoads(collective, numDims, out.loads);
  if (!out.error.empty()) {
    out.timeNs = std::numeric_limits<double>::infinity();
    return out;
  }
  std::vector<double> times(numDims, 0.0);
  for (unsigned d = 0; d < numDims; ++d) {
    if (!(out.loads[d] > 0))
      continue;
    times[d] = bandwidthGBps[d] > 0 ? out.loads[d] / bandwidthGBps[d]
                                    : std::numeric_limits<double>::infinity();
    out.timeNs = std::max(out.timeNs, times[d]);
  }
  for (unsigned d = 0; d < numDims; ++d)
    if (out.loads[d] > 0 && times[d] >= out.timeNs * (1 - 1e-6))
      out.bottleneckDims.push_back(d);
  return out;
}

double workloadTimeNs(const AllocationProblem &problem,
                      const std::vector<double> &bandwidthGBps) {
  double total = 0;
  for (const Workload &workload : problem.workloads) {
    double time = workload.computeNs;
    for (const WorkloadCollective &collective : workload.collectives) {
      CollectiveTime t =
          collectiveTime(collective, problem.numDims, bandwidthGBps);
      if (!t.error.empty())
        return std::numeric_limits<double>::infinity();
      time += collective.count * t.timeNs;
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
