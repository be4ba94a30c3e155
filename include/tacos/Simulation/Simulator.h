//===- Simulator.h - Time a schedule from order and dependencies -*- C++ -*-===//
//
// Recomputes every transfer's start and end from two facts alone: the order
// of transfers on each link, and data dependencies (a chunk leaves an NPU
// only after it is there). Each transfer starts as soon as both allow:
//
//   start = max(link free, arrival of the chunk at the source)
//   end   = start + latency + bytes/bandwidth
//   link free after it: end (blocking) or start + bytes/bandwidth (pipelined)
//
// Transfers are taken in order of (start, end, index) of the input, which
// fixes each link's order; a schedule whose times are all zero is therefore
// timed in index order (how the baselines are built). The arrival of a chunk
// at an NPU is its earliest recomputed delivery among the transfers taken
// before; simultaneous arrivals are therefore order-free, as in the
// verifiers (docs/Verification.md). This is the semantics the synthesizer's
// output is compacted to, so `coll-simulate` reproduces synthesized times
// exactly.
//
//===----------------------------------------------------------------------===//

#ifndef TACOS_SIMULATION_SIMULATOR_H
#define TACOS_SIMULATION_SIMULATOR_H

#include "tacos/Collective/ChunkCosts.h"
#include "tacos/Collective/Problem.h"
#include "tacos/Collective/Schedule.h"
#include "tacos/Network/Network.h"

#include <string>

namespace tacos {

struct SimulationResult {
  /// The input transfers with recomputed times, in input order.
  Schedule schedule;
  /// The last end (0 for an empty schedule).
  int64_t timePs = 0;
  /// Empty on success; else what went wrong at transfer `errorIndex`.
  std::string error;
  size_t errorIndex = 0;
};

/// Where a simulation starts when it continues earlier work (the All-Gather
/// phase of an All-Reduce after its Reduce-Scatter): when each link is free
/// and when each chunk is ready at its sources. Empty vectors mean 0.
struct SimulationStart {
  std::vector<int64_t> linkFree;   ///< per link
  std::vector<int64_t> chunkReady; ///< per chunk
};

/// Times `transfers` on `network` for `problem` (which gives the chunks'
/// sources and size). Fails on a transfer over a missing link or one that
/// sends a chunk its source never receives.
SimulationResult simulate(const Network &network, const Problem &problem,
                          const ScheduleView &transfers, LinkModel model,
                          const SimulationStart &start = {});
/// The same, retiming `transfers` in place (no copy of the columns).
SimulationResult simulate(const Network &network, const Problem &problem,
                          Schedule &&transfers, LinkModel model,
                          const SimulationStart &start = {});

/// Peak memory of simulate() or compact() beyond the input schedule: a
/// timed copy if `copies` (the ScheduleView overloads), the earliest
/// arrival of every (chunk, NPU) reached, each link's costs and free time,
/// and, unless the input is in time order already, the order to take
/// transfers in.
MemoryEstimate estimateSimulation(const Network &network,
                                  const ProblemShape &shape, double transfers,
                                  bool copies, bool sorted);

/// Applies `once` (one simulation of a schedule) until the times stop
/// changing. Each round only moves transfers earlier, and a schedule has
/// finitely many distinct timings, so this ends; a schedule that is already
/// as early as its order allows (the synthesizer's, usually) takes one round.
template <typename Once>
SimulationResult compactWith(const ScheduleView &transfers, Once &&once) {
  SimulationResult next = once(transfers);
  ScheduleView previous = transfers;
  SimulationResult current; // keeps `previous` alive
  while (next.error.empty()) {
    ScheduleView timed = next.schedule.view();
    bool same = true;
    for (size_t i = 0; i < timed.size() && same; ++i)
      same = timed.start(i) == previous.start(i) &&
             timed.end(i) == previous.end(i);
    if (same)
      break;
    current = std::move(next);
    previous = current.schedule.view();
    next = once(previous);
  }
  return next;
}

/// Applies simulate() until the times stop changing (each round can only
/// make them earlier), so that simulating the result gives it back exactly.
SimulationResult compact(const Network &network, const Problem &problem,
                         const ScheduleView &transfers, LinkModel model);
/// The same, retiming `transfers` in place round after round.
SimulationResult compact(const Network &network, const Problem &problem,
                         Schedule &&transfers, LinkModel model);

} // namespace tacos

#endif // TACOS_SIMULATION_SIMULATOR_H
