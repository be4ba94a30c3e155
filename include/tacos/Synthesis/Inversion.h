//===- Inversion.h - Combining collectives from their duals -----*- C++ -*-===//
//
// docs/Algorithms.md, inversion. A Reduce-Scatter is the time-reversal of an All-Gather on the
// transposed network: a transfer of chunk c over u->v during [s, e] becomes a
// reduce of c over v->u during [T-e, T-s]. Each chunk's All-Gather tree
// becomes a reduction tree into its owner, which needs every NPU to receive
// every chunk exactly once in the All-Gather (enforced here). All-Reduce is
// the Reduce-Scatter followed by the All-Gather.
//
//===----------------------------------------------------------------------===//

#ifndef TACOS_SYNTHESIS_INVERSION_H
#define TACOS_SYNTHESIS_INVERSION_H

#include "tacos/Collective/Collective.h"
#include "tacos/Collective/Schedule.h"

#include <optional>

#include <string>

namespace tacos {

/// Time-reverses `schedule` (which ends at `timePs`) and, with `flipKinds`,
/// turns copies into reductions and reductions into copies (Scatter and
/// Gather invert into each other with copies). Fails, naming the pair, if
/// the schedule is not a tree: some NPU receives a copied chunk twice, or
/// sends a partial chunk twice. `lane` indices carry over: on the
/// transposed network the reversed link u->v is the network's v->u.
std::string invertSchedule(const ScheduleView &schedule, int64_t timePs,
                           Schedule &inverted, bool flipKinds = true);

/// The collective an algorithm of `kind` inverts into (All-Gather <->
/// Reduce-Scatter, Broadcast <-> Reduce, Scatter <-> Gather), if any.
std::optional<CollectiveKind> inverseOf(CollectiveKind kind);

/// Inverts an algorithm of `kind` (which has an inverseOf) into one of its
/// inverse, flipping copies and reductions where the collectives call for
/// it (All-Gather <-> Reduce-Scatter, Broadcast <-> Reduce; Scatter <->
/// Gather keep their copies).
std::string invertAlgorithm(CollectiveKind kind, const ScheduleView &schedule,
                            int64_t timePs, Schedule &inverted);

/// `first` followed by `second` shifted by `offsetPs`.
Schedule concatenate(const ScheduleView &first, const ScheduleView &second,
                     int64_t offsetPs);

} // namespace tacos

#endif // TACOS_SYNTHESIS_INVERSION_H
