//===- Combining.h - Timing schedules of any collective ---------*- C++ -*-===//
//
// simulate() times copies: a chunk leaves an NPU once a copy of it is there.
// A reduction adds a rule: a `reduce` transfer carries an NPU's partial
// chunk, which is complete only once every contribution the schedule sends
// to that NPU has arrived. Reduce-Scatter, Reduce and All-Reduce are timed
// with both rules (docs/Algorithms.md, inversion); an All-Reduce's copies leave the NPU that
// owns a chunk, or any NPU partials of it were reduced into (a tree's
// root), once its reduction there is complete, so its two phases pipeline
// exactly as synthesis builds them.
//
//===----------------------------------------------------------------------===//

#ifndef TACOS_SIMULATION_COMBINING_H
#define TACOS_SIMULATION_COMBINING_H

#include "tacos/Simulation/Simulator.h"

namespace tacos {

/// Times `transfers` for any collective `spec` on `network` (which must have
/// passed checkCollective), as early as per-link order and data allow.
/// Transfers are taken in order of their current start times, as in
/// simulate(). Fails on a missing link, a chunk that leaves an NPU before
/// it is there, or a partial that leaves before every contribution the
/// schedule sends to that NPU is taken.
SimulationResult simulateCollective(const Network &network,
                                    const CollectiveSpec &spec,
                                    const ScheduleView &transfers,
                                    LinkModel model);

/// Applies simulateCollective() until the times stop changing, so that
/// simulating the result gives it back exactly.
SimulationResult compactCollective(const Network &network,
                                   const CollectiveSpec &spec,
                                   const ScheduleView &transfers,
                                   LinkModel model);

} // namespace tacos

#endif // TACOS_SIMULATION_COMBINING_H
