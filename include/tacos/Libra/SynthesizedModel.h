//===- SynthesizedModel.h - LIBRA scored with synthesized times -*- C++ -*-===//
//
// The analytic model (Model.h) says a collective takes max_d a_d / B_d: no
// latency, and every dimension's links perfectly used. On a small network
// (at most kMaxSynthesizedNpus NPUs) we can instead build the network an
// allocation describes and time each collective with TEN synthesis, which
// sees latencies, the building blocks' link structure and the synthesizer's
// real schedule. allocateWithSynthesis searches around the analytic optimum
// with that score (docs/Algorithms.md, LIBRA, model=synthesized).
//
// Each collective is synthesized on the product of only the dimensions it
// uses (c_d > 1), not on the whole network: in a real step every slice runs
// its own copy of the collective at the same time, so the links of the other
// dimensions are not free for a detour, and a dimension no collective needs
// may then be given no bandwidth at all.
//
//===----------------------------------------------------------------------===//

#ifndef TACOS_LIBRA_SYNTHESIZEDMODEL_H
#define TACOS_LIBRA_SYNTHESIZEDMODEL_H

#include "tacos/Libra/Solver.h"
#include "tacos/Network/Topology.h"
#include "tacos/Synthesis/Algorithms.h"

#include <cstdint>
#include <string>
#include <vector>

namespace tacos::libra {

/// The NPUs of one representative group of a workload collective:
/// coordinate 0 in every dimension it does not use, and 0..c_d-1 in each
/// dimension d it uses (group size c_d), in NPU-id order. Empty (= every
/// NPU, CollectiveSpec's convention) if that is the whole network. The
/// collective must fit the dims (index in range, 1 <= c_d <= size).
std::vector<int64_t> representativeGroup(const std::vector<DimSpec> &dims,
                                         const WorkloadCollective &collective);

/// Synthesis on more NPUs would take too long to sit inside a search.
constexpr int64_t kMaxSynthesizedNpus = 64;

struct SynthesizedModelOptions {
  /// The catalogue's options (TACOS by default). Unverified by default: a
  /// search times many requests and keeps only their times. Their limits
  /// bound each synthesis, and their deadline the whole search.
  AlgorithmOptions synthesis = [] {
    AlgorithmOptions timing;
    timing.verify = false;
    return timing;
  }();
  int64_t chunksPerRank = 1;
  /// Distinct allocations allocateWithSynthesis may score (at least the
  /// analytic optimum is always scored).
  unsigned maxCandidates = 48;
};

struct SynthesizedScore {
  double timeNs = 0;                     ///< weighted workload time, compute included
  std::vector<double> collectiveTimesNs; ///< per collective, in problem order (workload by workload)
  std::string error;                     ///< empty on success
};

/// Workload time of `problem` (same formula as workloadTimeNs) with each
/// collective's time from synthesis: the catalogue's synthesize() on the
/// product of the dimensions it uses, built from dimsWithBandwidth with its
/// switches as nodes (unwound only for an algorithm that needs it:
/// synthesisNetwork), with the representative group, sizeBytes = the
/// collective's bytes rounded and options.chunksPerRank. Synthesis times are ps, LIBRA's ns.
/// Like the analytic model, a used dimension with B_d <= 0 makes the time
/// infinite (no error). Fails if `dims` does not match the problem (count,
/// NPUs), for more than kMaxSynthesizedNpus NPUs, a collective LIBRA does
/// not model or that does not fit the dims, or a synthesis error.
SynthesizedScore scoreWithSynthesis(const std::vector<DimSpec> &dims,
                                    const AllocationProblem &problem,
                                    const std::vector<double> &perNpuGBps,
                                    const SynthesizedModelOptions &options);

struct SynthesizedAllocation {
  Allocation analytic;            ///< allocateBandwidth's optimum (analytic model)
  SynthesizedScore analyticScore; ///< that allocation scored with synthesis
  /// The best candidate by synthesized objective; best.timeNs is its
  /// SYNTHESIZED time, best.cost its cost.
  Allocation best;
  SynthesizedScore bestScore;
  unsigned candidatesScored = 0; ///< distinct allocations synthesized
  std::string error;             ///< empty on success
};

/// Searches allocations scored by synthesis, in this order: the analytic
/// optimum; the equal allocation (the optimum's total spread equally,
/// projected onto the constraints); the optimum with each dimension's
/// bandwidth scaled by 0.5, 0.8, 1.25 and 2, projected; then coordinate
/// pattern search around the best (each dimension up and down by a step of
/// 25 % of its bandwidth, projected; the step halves after a poll without
/// gain, down to 1/64), within options.maxCandidates distinct candidates.
/// Perf ranks by synthesized time, PerfPerCost by synthesized time x cost.
/// Deterministic; ties keep the earlier candidate, so the result is never
/// worse than the analytic optimum under synthesis. Collective times are
/// cached per (collective, bandwidths of the dimensions it uses), so a
/// repeated candidate, or one that changes only other dimensions, costs no
/// synthesis.
SynthesizedAllocation allocateWithSynthesis(const std::vector<DimSpec> &dims,
                                            const AllocationProblem &problem,
                                            Objective objective,
                                            const SynthesizedModelOptions &options);

} // namespace tacos::libra

#endif // TACOS_LIBRA_SYNTHESIZEDMODEL_H
