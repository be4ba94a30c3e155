//===- SynthesizedModel.cpp - LIBRA scored with synthesized times ---------===//

#include "tacos/Libra/SynthesizedModel.h"

#include "tacos/Network/Network.h"
#include "tacos/Synthesis/Algorithms.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <map>

namespace tacos::libra {

std::vector<int64_t> representativeGroup(const std::vector<DimSpec> &dims,
                                         const WorkloadCollective &collective) {
  // Group size per dimension (1 where unused) and NPU-id strides.
  std::vector<int64_t> extent(dims.size(), 1), stride(dims.size(), 1);
  bool whole = true;
  for (auto [d, c] : collective.dims)
    extent[d] = c;
  for (size_t d = 0; d < dims.size(); ++d) {
    whole = whole && extent[d] == dims[d].size;
    if (d > 0)
      stride[d] = stride[d - 1] * dims[d - 1].size;
  }
  if (whole)
    return {};
  // Count through the group's coordinates, dimension 0 fastest: the ids
  // come out increasing.
  std::vector<int64_t> group, coord(dims.size(), 0);
  while (true) {
    int64_t id = 0;
    for (size_t d = 0; d < dims.size(); ++d)
      id += coord[d] * stride[d];
    group.push_back(id);
    size_t d = 0;
    for (; d < dims.size() && ++coord[d] == extent[d]; ++d)
      coord[d] = 0;
    if (d == dims.size())
      return group;
  }
}

namespace {

constexpr double kInfinity = std::numeric_limits<double>::infinity();

/// Synthesized collective times (ns) by (collective index, bandwidths of
/// the dimensions it uses).
using TimeCache = std::map<std::pair<size_t, std::vector<double>>, double>;

/// Why `dims` cannot score `problem`, or "".
std::string checkInputs(const std::vector<DimSpec> &dims,
                        const AllocationProblem &problem) {
  if (dims.empty())
    return "the network has no dimensions";
  if (dims.size() != problem.numDims)
    return "the network has " + std::to_string(dims.size()) +
           " dimensions, the problem " + std::to_string(problem.numDims);
  int64_t n = productSize(dims);
  if (n < 0 || double(n) != problem.numNpus)
    return "the network's NPU count does not match the problem's";
  if (n > kMaxSynthesizedNpus)
    return "synthesized scoring needs at most " +
           std::to_string(kMaxSynthesizedNpus) + " NPUs, the network has " +
           std::to_string(n);
  std::vector<double> loads;
  for (const Workload &w : problem.workloads)
    for (const WorkloadCollective &c : w.collectives) {
      std::string error = dimensionLoads(c, problem.numDims, loads);
      if (!error.empty())
        return error;
      std::vector<bool> seen(dims.size(), false);
      for (auto [d, size] : c.dims) {
        if (size > dims[d].size)
          return "group size " + std::to_string(size) + " exceeds dimension " +
                 std::to_string(d) + " of size " + std::to_string(dims[d].size);
        if (seen[d])
          return "a collective uses dimension " + std::to_string(d) + " twice";
        seen[d] = true;
      }
    }
  return "";
}

/// One collective's synthesized time in ns (infinite if a dimension it
/// needs has no bandwidth); sets `error` on a synthesis failure.
double collectiveTimeNs(const std::vector<DimSpec> &dims,
                        const WorkloadCollective &collective, size_t index,
                        const std::vector<double> &perNpuGBps,
                        const SynthesizedModelOptions &options,
                        TimeCache &cache, std::string &error) {
  int64_t bytes = std::llround(collective.bytes);
  // Only the dimensions with a group of 2 or more; sorted, so that NPU ids
  // of the sub-network stay mixed-radix in the original order.
  auto used = collective.dims;
  used.erase(std::remove_if(used.begin(), used.end(),
                            [](auto dimAndSize) { return dimAndSize.second < 2; }),
             used.end());
  std::sort(used.begin(), used.end());
  if (used.empty() || bytes < 1)
    return 0; // nothing moves, as in the analytic model
  std::vector<double> key;
  for (auto [d, c] : used) {
    if (!(perNpuGBps[d] > 0))
      return kInfinity;
    key.push_back(perNpuGBps[d]);
  }
  auto [it, inserted] = cache.try_emplace({index, key}, 0.0);
  if (!inserted)
    return it->second;

  TopologySpec spec;
  WorkloadCollective sub = collective;
  sub.dims.clear();
  for (auto [d, c] : used) {
    DimSpec dim = dims[d];
    dim.link.bandwidthBps = linkBandwidthBps(dim, perNpuGBps[d]);
    sub.dims.push_back({unsigned(spec.dims.size()), c});
    spec.dims.push_back(dim);
  }
  std::vector<SpecError> problems = check(spec);
  if (!problems.empty()) {
    cache.erase(it);
    error = problems.front().message;
    return 0;
  }
  // The switches stay nodes (cut-through, the hardware's model) unless the
  // algorithm needs point-to-point links: unwinding prices a chain through
  // a switch of k ports k-1 times too slow, and the search would size
  // switch dimensions for that.
  Network built = buildNetwork(spec);
  std::optional<Network> unwound;
  const Network *network =
      synthesisNetwork(built, options.synthesis.algorithm, unwound, error);
  if (!network) {
    cache.erase(it);
    return 0;
  }
  CollectiveSpec request;
  request.kind = collective.kind;
  request.group = representativeGroup(spec.dims, sub);
  request.sizeBytes = bytes;
  request.chunksPerRank = options.chunksPerRank;
  AlgorithmResult result = synthesize(*network, request, options.synthesis);
  if (!result.error.empty()) {
    cache.erase(it);
    error = "synthesizing " + std::string(collectiveName(collective.kind)) +
            ": " + result.error;
    return 0;
  }
  return it->second = double(result.timePs) / 1e3;
}

SynthesizedScore score(const std::vector<DimSpec> &dims,
                       const AllocationProblem &problem,
                       const std::vector<double> &perNpuGBps,
                       const SynthesizedModelOptions &options,
                       TimeCache &cache) {
  SynthesizedScore result;
  size_t index = 0;
  for (const Workload &w : problem.workloads) {
    double time = w.computeNs;
    for (const WorkloadCollective &c : w.collectives) {
      double t = collectiveTimeNs(dims, c, index++, perNpuGBps, options,
                                  cache, result.error);
      if (!result.error.empty())
        return result;
      result.collectiveTimesNs.push_back(t);
      time += c.count * t;
    }
    result.timeNs += w.weight * time;
  }
  return result;
}

/// Bandwidths rounded to 9 significant digits: candidates that differ only
/// by the solver's round-off count as one.
std::vector<double> canonical(std::vector<double> b) {
  for (double &x : b)
    if (x > 0) {
      double q = std::pow(10.0, std::floor(std::log10(x)) - 8);
      x = std::round(x / q) * q;
    }
  return b;
}

} // namespace

SynthesizedScore scoreWithSynthesis(const std::vector<DimSpec> &dims,
                                    const AllocationProblem &problem,
                                    const std::vector<double> &perNpuGBps,
                                    const SynthesizedModelOptions &options) {
  SynthesizedScore result;
  result.error = checkInputs(dims, problem);
  if (result.error.empty() && perNpuGBps.size() != dims.size())
    result.error = "one bandwidth per dimension is needed";
  if (!result.error.empty())
    return result;
  TimeCache cache;
  return score(dims, problem, perNpuGBps, options, cache);
}

SynthesizedAllocation allocateWithSynthesis(const std::vector<DimSpec> &dims,
                                            const AllocationProblem &problem,
                                            Objective objective,
                                            const SynthesizedModelOptions &options) {
  SynthesizedAllocation out;
  out.error = checkInputs(dims, problem);
  if (!out.error.empty())
    return out;
  out.analytic = allocateBandwidth(problem, objective);
  if (!out.analytic.error.empty()) {
    out.error = out.analytic.error;
    return out;
  }

  TimeCache cache;
  std::vector<std::vector<double>> seen;
  double bestObjective = kInfinity;
  // Scores b unless already seen or over budget; true if it is the new best.
  auto consider = [&](const std::vector<double> &b) {
    std::vector<double> key = canonical(b);
    if (!out.error.empty() ||
        std::find(seen.begin(), seen.end(), key) != seen.end() ||
        (!seen.empty() && seen.size() >= options.maxCandidates))
      return false;
    // Cached collectives synthesize nothing, so the search polls the
    // deadline itself.
    if (options.synthesis.limits.deadline.expired()) {
      out.error = timeoutMessage(options.synthesis.limits,
                                 "the search of model=synthesized");
      return false;
    }
    seen.push_back(std::move(key));
    SynthesizedScore s = score(dims, problem, b, options, cache);
    if (!s.error.empty()) {
      out.error = s.error;
      return false;
    }
    double cost = networkCost(problem, b);
    double value = objective == Objective::Perf ? s.timeNs : s.timeNs * cost;
    if (seen.size() == 1)
      out.analyticScore = s;
    if (seen.size() > 1 && !(value < bestObjective))
      return false;
    bestObjective = value;
    out.best = {b, s.timeNs, cost, "", {}};
    out.bestScore = std::move(s);
    return true;
  };
  // Projected candidates; one the constraints reject is skipped.
  auto considerProjected = [&](const std::vector<double> &target) {
    std::string error;
    std::vector<double> b = projectOntoConstraints(problem, target, error);
    return error.empty() && consider(b);
  };

  const std::vector<double> &optimum = out.analytic.bandwidthGBps;
  consider(optimum);
  double total = 0;
  for (double b : optimum)
    total += b;
  const double numDims = double(dims.size());
  considerProjected(std::vector<double>(dims.size(), total / numDims));
  for (size_t d = 0; d < dims.size(); ++d)
    for (double factor : {0.5, 0.8, 1.25, 2.0}) {
      std::vector<double> b = optimum;
      b[d] *= factor;
      considerProjected(b);
    }
  // Compass search: poll each dimension up and down around the best, move
  // to any improvement at once, halve the step after a poll without one.
  for (double step = 0.25;
       step >= 1.0 / 64 && seen.size() < options.maxCandidates &&
       out.error.empty();) {
    bool improved = false;
    double mean = 0;
    for (double b : out.best.bandwidthGBps)
      mean += b / numDims;
    for (size_t d = 0; d < dims.size(); ++d)
      for (double sign : {1.0, -1.0}) {
        std::vector<double> b = out.best.bandwidthGBps;
        // A dimension at zero moves by a share of the mean instead.
        b[d] = std::max(0.0, b[d] + sign * step * (b[d] > 0 ? b[d] : mean));
        improved = considerProjected(b) || improved;
      }
    if (!improved)
      step /= 2;
  }
  out.candidatesScored = unsigned(seen.size());
  return out;
}

} // namespace tacos::libra
