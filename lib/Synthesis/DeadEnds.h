//===- DeadEnds.h - Forwards that lead nowhere ------------------*- C++ -*-===//
//
// The TEN matchers (TenSynthesizer.cpp, SwitchSynthesizer.cpp) forward
// chunks through NPUs that do not need them; pruning drops the forwards
// that no later transfer uses. Internal to lib/Synthesis.
//
//===----------------------------------------------------------------------===//

#ifndef TACOS_LIB_SYNTHESIS_DEADENDS_H
#define TACOS_LIB_SYNTHESIS_DEADENDS_H

#include "tacos/Collective/Problem.h"
#include "tacos/Collective/Schedule.h"

namespace tacos {

/// Store-and-forward can leave dead ends: a chunk forwarded to an NPU that
/// needs it not and passes it on to nobody (another path got there first).
/// Those transfers only cost bandwidth, and inverted into a reduction they
/// would send a value the NPU never had, so they go. Walking a chunk's
/// transfers from the latest start backwards sees every forward before the
/// arrival it uses; chunks are independent, so they are walked one at a time
/// with per-NPU marks (linear apart from one sort by start).
Schedule pruneDeadEnds(const ScheduleView &transfers, const Problem &problem);

} // namespace tacos

#endif // TACOS_LIB_SYNTHESIS_DEADENDS_H
