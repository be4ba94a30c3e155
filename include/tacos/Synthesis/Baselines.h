//===- Baselines.h - Classic collective algorithms --------------*- C++ -*-===//
//
// Ring, Direct, recursive halving-doubling (RHD) and double binary tree (DBT)
// (docs/Algorithms.md, baselines), defined on ranks (the problem's participants) and mapped
// onto the physical network: every logical send becomes one transfer per hop
// of a shortest path (fewest hops, ties by latency, then lowest NPU ids). The
// transfers are emitted in dependency order with zero times; the simulator
// (Simulator.h) times them, exactly like synthesized schedules.
//
//===----------------------------------------------------------------------===//

#ifndef TACOS_SYNTHESIS_BASELINES_H
#define TACOS_SYNTHESIS_BASELINES_H

#include "tacos/Collective/Problem.h"
#include "tacos/Collective/Schedule.h"
#include "tacos/Network/Network.h"

#include <string>

namespace tacos {

enum class Baseline { Ring, Direct, RHD, DBT };

const char *baselineName(Baseline baseline);

/// Builds the baseline's transfers for a non-combining problem (All-Gather,
/// Broadcast, Scatter, Gather, All-to-All). Returns an error message (and
/// leaves `schedule` empty) if the baseline does not apply, e.g. RHD on a
/// participant count that is not a power of two, or a path is missing.
std::string buildBaseline(Baseline baseline, const Network &network,
                          const Problem &problem, Schedule &schedule);

/// Peak memory of buildBaseline and the simulation that times it, for
/// `spec` (non-combining) whose problem has `shape`: one transfer per hop
/// of every logical send (hop counts sampled, HopSample.h), the router's
/// paths, and the timed copy.
/// `transfers`, if given, receives the baseline's estimated transfer count.
MemoryEstimate estimateBaseline(Baseline baseline, const Network &network,
                                const CollectiveSpec &spec,
                                const ProblemShape &shape,
                                double *transfers = nullptr);

} // namespace tacos

#endif // TACOS_SYNTHESIS_BASELINES_H
