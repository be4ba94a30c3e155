//===- ReservationRouter.h - Earliest-arrival chunk routing -----*- C++ -*-===//
//
// The second strategy of TEN synthesis, for problems where chunks go to few
// destinations far away (rooted collectives, All-to-All, process groups):
// chunks are routed one at a time, each over the earliest-arrival tree from
// its holders to its destinations given the link time already reserved by
// the chunks before it, and that tree's link time is reserved in turn.
// Where the greedy matching (TenSynthesizer.cpp) pushes every chunk a root
// needs through whichever in-link is idle, even a slow one, this router
// sends it the way it arrives first, which on hierarchical networks means
// relaying through the fast neighbours of the root.
//
//===----------------------------------------------------------------------===//

#ifndef TACOS_SYNTHESIS_RESERVATIONROUTER_H
#define TACOS_SYNTHESIS_RESERVATIONROUTER_H

#include "tacos/Collective/Problem.h"
#include "tacos/Collective/Schedule.h"
#include "tacos/Network/Network.h"
#include "tacos/Support/ResourceLimits.h"

#include <cstdint>

namespace tacos {

/// Whether the router is worth running on `problem` (not a whole-network
/// All-Gather, which the greedy matching is tuned for) and cheap enough
/// (chunks x links within a budget).
bool routerApplies(const Network &network, const Problem &problem);

/// Routes every chunk of `problem` (switchless network, every destination
/// reachable) into `schedule`, uncompacted, in the order `orderKind` names:
/// 0: farthest chunks first; 1: the same within rounds of one chunk per
/// (source, destination) pair (spreads a Scatter's chunks to one NPU over
/// its routes; a Gather often prefers 0); others: shuffled with that seed.
/// With `evenSlots`, every chunk reserves a link for the largest chunk's
/// occupancy (whole-byte chunks differ by a byte; even slots keep gaps
/// usable by any chunk, exact slots pack tighter; neither wins everywhere).
/// Returns the schedule's finish time, or -1 if `deadline` passed first
/// (the schedule is then partial).
int64_t routeByReservation(const Network &network, const Problem &problem,
                           LinkModel model, uint64_t orderKind,
                           Schedule &schedule, bool evenSlots = false,
                           const Deadline &deadline = Deadline());

} // namespace tacos

#endif // TACOS_SYNTHESIS_RESERVATIONROUTER_H
