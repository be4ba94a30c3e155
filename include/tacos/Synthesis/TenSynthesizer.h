//===- TenSynthesizer.h - Greedy link-chunk matching (TACOS) ----*- C++ -*-===//
//
// docs/Algorithms.md, synthesis. Event-driven greedy matching on the time-expanded network:
// whenever links are idle, each destination NPU walks its idle in-links
// fastest first and gives each a chunk its source holds and the destination
// still lacks, preferring the chunk fewest NPUs hold (ties by a seeded RNG).
// In-flight chunks are not reserved (a faster link may deliver one again);
// a redundant arrival is replaced by a chunk the source held when the
// transfer started, or dropped. Chunks whose destinations are not neighbours
// (All-to-All, Scatter, Gather, process groups) are forwarded to a neighbour
// strictly closer, in cost-weighted distance, to a remaining destination.
//
// Where it applies (rooted collectives, groups, All-to-All; not a
// whole-network All-Gather), each trial also routes the chunks one by one
// with link reservations (ReservationRouter.h) and keeps the faster
// schedule: the greedy alone sends a root's chunks over whichever in-link is
// idle, however slow.
//
// The result is compacted with the simulator (Simulator.h), so simulating it
// reproduces its times exactly.
//
// On a network with switches as nodes the same greedy moves chunks between
// NPUs over channels, direct links or paths through switches
// (lib/Synthesis/SwitchSynthesizer.h), and respects the hierarchy: a slow
// channel takes no chunk the destination's fast group already has.
//
//===----------------------------------------------------------------------===//

#ifndef TACOS_SYNTHESIS_TENSYNTHESIZER_H
#define TACOS_SYNTHESIS_TENSYNTHESIZER_H

#include "tacos/Collective/Problem.h"
#include "tacos/Collective/Schedule.h"
#include "tacos/Network/Network.h"
#include "tacos/Synthesis/Algorithms.h"

#include <string>

namespace tacos {

/// Synthesizes a non-combining collective: the catalogue's run function for
/// Algorithm::Tacos (Algorithms.h), so it takes and returns the catalogue's
/// types. It reads `model`, `seed`, `trials` (runs seeds seed, seed+1, ...
/// and keeps the fastest schedule; ties: the lowest seed), `threads` (the
/// trials' threads, Trials.h: the same result whatever the count),
/// `materialize` (false: no compaction either), `reservationRouting` (false
/// leaves the greedy matching alone, to measure it) and `progress`; the
/// other fields are the entry point's. On a network with switches the
/// greedy runs on switches as nodes (lib/Synthesis/SwitchSynthesizer.h:
/// transfers routed through them, no reservation routing). Fails (with a
/// message naming one unreachable source/destination pair) if the problem
/// cannot be served.
AlgorithmResult synthesizeTen(const Network &network, const Problem &problem,
                              const AlgorithmOptions &options);

/// Peak memory of synthesizeTen for `spec` (non-combining), whose problem
/// has `shape`: each running trial's state, schedule, pruning, compaction
/// and reservation routing, and the kept result; not the problem itself.
/// `transfers`, if given, receives the result's estimated transfer count.
MemoryEstimate estimateTen(const Network &network, const CollectiveSpec &spec,
                           const ProblemShape &shape,
                           const AlgorithmOptions &options,
                           double *transfers = nullptr);

/// Checks that every destination of every chunk is reachable from one of its
/// sources; returns "npu 3 cannot reach npu 5"-style text, or "".
std::string checkReachability(const Network &network, const Problem &problem);

/// What every synthesizer needs of its input: every bandwidth decided,
/// every destination reachable (through switches or not). Returns an
/// error, or "".
std::string checkServable(const Network &network, const Problem &problem);

/// checkServable, and no switches left: what the synthesizers that work on
/// point-to-point links only (exact, the frontier) need.
std::string checkSynthesizable(const Network &network, const Problem &problem);

} // namespace tacos

#endif // TACOS_SYNTHESIS_TENSYNTHESIZER_H
