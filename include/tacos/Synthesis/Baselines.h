//===- Baselines.h - Classic collective algorithms --------------*- C++ -*-===//
//
// What NCCL and Open MPI run (docs/Algorithms.md, baselines): NCCL's ring
// through the topology, Direct, recursive halving-doubling (RHD), NCCL's
// double binary tree (DBT) and a hierarchical algorithm (rings inside nodes
// and along rails), each for every collective, the combining ones by their
// own construction (a ring All-Reduce is a ring Reduce-Scatter then a ring
// All-Gather). Defined on ranks (the problem's participants) and mapped
// onto the physical network: every logical send becomes one transfer per
// hop of a shortest path (fewest hops, ties by latency, then lowest NPU
// ids). The transfers are emitted in dependency order with zero times; the
// simulators (Simulator.h, Simulation/Combining.h) time them, exactly like
// synthesized schedules.
//
//===----------------------------------------------------------------------===//

#ifndef TACOS_SYNTHESIS_BASELINES_H
#define TACOS_SYNTHESIS_BASELINES_H

#include "tacos/Collective/Problem.h"
#include "tacos/Collective/Schedule.h"
#include "tacos/Network/Network.h"

#include <string>

namespace tacos {

enum class Baseline { Ring, Direct, RHD, DBT, Hierarchical };

const char *baselineName(Baseline baseline);

/// Builds the baseline's untimed transfers for collective `kind`, whose
/// chunk layout is `problem`, the problem of dualOf(kind) (for a
/// non-combining collective, its own). Returns an error message (and leaves
/// `schedule` empty) if the baseline does not apply, e.g. RHD on a
/// participant count that is not a power of two, hierarchical on a network
/// without nodes, or a path is missing.
std::string buildBaseline(Baseline baseline, const Network &network,
                          CollectiveKind kind, const Problem &problem,
                          Schedule &schedule);
/// The same for the non-combining collective of `problem`.
inline std::string buildBaseline(Baseline baseline, const Network &network,
                                 const Problem &problem, Schedule &schedule) {
  return buildBaseline(baseline, network, problem.kind, problem, schedule);
}

/// Peak memory of buildBaseline and the simulation that times it, for
/// `spec` (any collective) whose dual's problem has `shape`: one transfer
/// per hop of every logical send (hop counts sampled, HopSample.h), the
/// router's paths, and the timed copy.
/// `transfers`, if given, receives the baseline's estimated transfer count.
MemoryEstimate estimateBaseline(Baseline baseline, const Network &network,
                                const CollectiveSpec &spec,
                                const ProblemShape &shape,
                                double *transfers = nullptr);

} // namespace tacos

#endif // TACOS_SYNTHESIS_BASELINES_H
