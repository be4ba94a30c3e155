//===- SwitchSynthesizer.h - TACOS on switches as nodes ---------*- C++ -*-===//
//
// The greedy of TenSynthesizer.h on a network whose switches are nodes
// (docs/Algorithms.md, synthesis on switches), with no unwinding: a
// transfer goes from NPU to NPU over one channel (SwitchChannels.h), a
// direct link or a cheapest path through switches, and holds every link
// of that path for its duration (cut-through), so a chain through a switch
// runs at its ports' full speed. Event-driven as TACOS: at each instant
// every idle port of an NPU takes one chunk from a channel whose links are
// all idle and whose source holds a chunk the NPU still needs (or that it
// brings strictly closer to a remaining destination), the rarest first,
// then the earliest arrival, ties by the seeded RNG; a redundant arrival is
// replaced by a chunk the source held when it started, or dropped.
//
// Aware of hierarchy: a channel slower than the links that join its
// destination's fast group takes no chunk the group holds or receives, so
// a chunk crosses a slow cut once per group that needs it (until no other
// move is left: then the rule is lifted for the rest of the run).
//
// Internal to lib/Synthesis; synthesizeTen (TenSynthesizer.h) runs it on
// every network with switches.
//
//===----------------------------------------------------------------------===//

#ifndef TACOS_LIB_SYNTHESIS_SWITCHSYNTHESIZER_H
#define TACOS_LIB_SYNTHESIS_SWITCHSYNTHESIZER_H

#include "SwitchChannels.h"
#include "tacos/Collective/Problem.h"
#include "tacos/Synthesis/Algorithms.h"

namespace tacos {

/// One seeded trial on `network` (with switches) over `channels` (built
/// for it and the problem's chunk sizes): its schedule pruned of dead ends
/// and compacted with the simulator, as TenSynthesizer's trials are.
AlgorithmResult runSwitchTrial(const Network &network, const Problem &problem,
                               const SwitchChannels &channels,
                               const AlgorithmOptions &options, uint64_t seed);

/// Peak memory of the channels of `network` and of one trial's state on a
/// problem of `shape` beyond what estimateTen counts for the links: every
/// ordered pair of NPUs on one switch fabric is a channel.
MemoryEstimate estimateSwitchTrial(const Network &network,
                                   const ProblemShape &shape);

} // namespace tacos

#endif // TACOS_LIB_SYNTHESIS_SWITCHSYNTHESIZER_H
