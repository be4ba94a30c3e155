//===- Inversion.h - Combining collectives from their duals -----*- C++ -*-===//
//
// docs/Algorithms.md, inversion. A Reduce-Scatter is the time-reversal of an All-Gather on the
// transposed network: a transfer of chunk c over u->v during [s, e] becomes a
// reduce of c over v->u during [T-e, T-s]. Each chunk's All-Gather tree
// becomes a reduction tree into its owner, which needs every NPU to receive
// every chunk exactly once in the All-Gather (enforced here). All-Reduce is
// the Reduce-Scatter followed by the All-Gather.
//
// A dual over a process group may relay through NPUs outside it. A relay
// that leads nowhere (a copy into an NPU that is not a destination of the
// chunk and from which the chunk never goes on to one: a repair whose
// relay lost its next hop leaves them) would become a reduce from an NPU
// that holds nothing, so invertDual drops such dead ends first.
//
//===----------------------------------------------------------------------===//

#ifndef TACOS_SYNTHESIS_INVERSION_H
#define TACOS_SYNTHESIS_INVERSION_H

#include "tacos/Collective/Collective.h"
#include "tacos/Collective/Problem.h"
#include "tacos/Collective/Schedule.h"

#include <optional>
#include <string>
#include <vector>

namespace tacos {

/// Time-reverses `schedule` (which ends at `timePs`) and, with `flipKinds`,
/// turns copies into reductions and reductions into copies (Scatter and
/// Gather invert into each other with copies). Fails, naming the pair, if
/// the schedule is not a tree: some NPU receives a copied chunk twice, or
/// sends a partial chunk twice, or (given the schedule's `problem`) a
/// source receives its own chunk. `lane` indices carry over: on the
/// transposed network the reversed link u->v is the network's v->u.
std::string invertSchedule(const ScheduleView &schedule, int64_t timePs,
                           Schedule &inverted, bool flipKinds = true,
                           const Problem *problem = nullptr);

/// The copies of `schedule` (timed, or untimed in dependency order), a
/// schedule of the non-combining `problem`, that lead nowhere: into an NPU
/// that is not a destination of the chunk and from which no copy that
/// leads somewhere takes the chunk on. Ascending indices; usually none,
/// found in one pass when the destinations are implicit (All-Gather,
/// Broadcast).
std::vector<size_t> findDeadEnds(const Problem &problem,
                                 const ScheduleView &schedule);

/// `schedule` without the transfers at `indices` (ascending).
Schedule removeTransfers(const ScheduleView &schedule,
                         const std::vector<size_t> &indices);

/// Inverts `dual`, a schedule of the non-combining `problem` ending at
/// `timePs` (the dual of a combining collective), into its reduction:
/// drops its dead ends (findDeadEnds), then inverts (with `flipKinds`,
/// copies become reductions). Fails, naming the pair, unless what is left
/// is a tree: no NPU receives a chunk twice, nor a chunk it starts with.
std::string invertDual(const Problem &problem, const ScheduleView &dual,
                       int64_t timePs, Schedule &reduction,
                       bool flipKinds = true);

/// The collective an algorithm of `kind` inverts into (All-Gather <->
/// Reduce-Scatter, Broadcast <-> Reduce, Scatter <-> Gather), if any.
std::optional<CollectiveKind> inverseOf(CollectiveKind kind);

/// Inverts an algorithm of `kind` (which has an inverseOf) into one of its
/// inverse, flipping copies and reductions where the collectives call for
/// it (All-Gather <-> Reduce-Scatter, Broadcast <-> Reduce; Scatter <->
/// Gather keep their copies). A non-combining algorithm goes through
/// invertDual with the problem of `spec` on `numNpus` NPUs.
std::string invertAlgorithm(const CollectiveSpec &spec, uint32_t numNpus,
                            const ScheduleView &schedule, int64_t timePs,
                            Schedule &inverted);

/// `first` followed by `second` shifted by `offsetPs`.
Schedule concatenate(const ScheduleView &first, const ScheduleView &second,
                     int64_t offsetPs);

} // namespace tacos

#endif // TACOS_SYNTHESIS_INVERSION_H
