//===- Repair.h - Repair an algorithm after links fail ----------*- C++ -*-===//
//
// docs/Algorithms.md, repair. Given an algorithm synthesized for a network
// and the same network with some links dropped, keeps every transfer that
// does not depend on a dropped link and routes only what is lost:
//
// 1. Kept set: the old transfers are walked in (start, end) order; one is
//    kept iff its link still exists and its chunk is at its source by its
//    start through the sources or kept transfers. A transfer downstream of
//    a dropped one is therefore lost too (its chunk never got there), and
//    so is a kept copy that then leads nowhere (a relay outside the group
//    whose next hop was dropped; Inversion.h, findDeadEnds).
// 2. The kept transfers reserve their link time; every lost (chunk,
//    destination) pair is routed into the free intervals, one chunk at a
//    time, over the earliest-arrival tree from every NPU that holds the
//    chunk by then (ReservationRouter.h's routing, starting from the state
//    the kept transfers leave).
// 3. Timing: kept transfers keep their times and routed ones their
//    reservations, which is a valid timing. Schedules of up to
//    kRepairAlwaysCompacts transfers (or any, with RepairOptions::compact)
//    are then compacted with the simulator, so times are consistent
//    (simulating the result gives them back) and as early as the order
//    allows; on larger ones compaction costs several times the repair.
//
// Combining collectives are repaired through their non-combining duals, as
// they are synthesized (Combining.h): the reductions are inverted into an
// All-Gather (Broadcast) on the transposed network, repaired there and
// inverted back; an All-Reduce's copies (its All-Gather phase) are repaired
// on the network itself and pipelined after the repaired reductions. Each
// chunk's dual starts where its reduction ends (its owner, or the root of
// a tree's All-Reduce).
//
//===----------------------------------------------------------------------===//

#ifndef TACOS_SYNTHESIS_REPAIR_H
#define TACOS_SYNTHESIS_REPAIR_H

#include "tacos/Collective/Collective.h"
#include "tacos/Collective/Problem.h"
#include "tacos/Collective/Schedule.h"
#include "tacos/Network/LinkCost.h"
#include "tacos/Network/Network.h"

#include <cstdint>
#include <string>

namespace tacos {

/// Old schedules up to this many transfers are always compacted: it costs
/// milliseconds there, and inverting a repaired reduction leaves slack that
/// only compaction removes.
inline constexpr size_t kRepairAlwaysCompacts = 100'000;

struct RepairOptions {
  LinkModel model = LinkModel::Blocking;
  /// Run the native verifier on the repaired algorithm.
  bool verify = true;
  /// Move every transfer as early as the simulator allows (several
  /// simulations of the whole schedule), whatever the size. Without it,
  /// schedules over kRepairAlwaysCompacts transfers keep the kept times and
  /// the reservations: a valid timing, which coll-simulate may still make
  /// earlier.
  bool compact = false;
};

struct RepairResult {
  /// Validly timed; compacted (simulating it gives `timePs` back) when
  /// small or RepairOptions::compact says so, and always by repairSchedule.
  Schedule schedule;
  int64_t timePs = 0;
  /// Old transfers kept, old transfers lost (over a dropped link or
  /// downstream of one), and new transfers routed.
  size_t kept = 0, lost = 0, added = 0;
  /// (chunk, destination) pairs the kept transfers no longer deliver.
  size_t lostDeliveries = 0;
  /// The links the old schedule used that are gone ("5 <-> 6, 7 -> 8");
  /// empty when nothing needed repair.
  std::string droppedLinks;
  /// Wall-clock time of the repair (not of the verification).
  double repairMs = 0;
  /// Empty on success.
  std::string error;
};

/// Repairs `old`, an algorithm of the non-combining `problem`, on
/// `degraded` (switchless), and compacts the result. Fails with
/// "npu 3 cannot reach npu 5"-style text (the caller adds which links were
/// dropped) when a lost destination cannot be reached from any NPU holding
/// its chunk.
RepairResult repairSchedule(const Network &degraded, const Problem &problem,
                            const ScheduleView &old, LinkModel model);

/// Repairs `old`, an algorithm of any collective `spec` on the network
/// `degraded` was before some links were dropped, and verifies the result
/// (with `options.verify`). An unreachable pair fails naming it and the
/// dropped links: "npu 3 cannot reach npu 5 after dropping 5 <-> 6". An
/// algorithm that uses no dropped link comes back unchanged.
RepairResult repairAlgorithm(const Network &degraded,
                             const CollectiveSpec &spec,
                             const ScheduleView &old, int64_t oldTimePs,
                             const RepairOptions &options = {});

} // namespace tacos

#endif // TACOS_SYNTHESIS_REPAIR_H
