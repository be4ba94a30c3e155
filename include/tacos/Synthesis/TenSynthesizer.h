//===- TenSynthesizer.h - Greedy link-chunk matching (TACOS) ----*- C++ -*-===//
//
// DESIGN §5.1. Event-driven greedy matching on the time-expanded network:
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
//===----------------------------------------------------------------------===//

#ifndef TACOS_SYNTHESIS_TENSYNTHESIZER_H
#define TACOS_SYNTHESIS_TENSYNTHESIZER_H

#include "tacos/Collective/Problem.h"
#include "tacos/Collective/Schedule.h"
#include "tacos/Network/Network.h"

#include <functional>
#include <string>

namespace tacos {

struct SynthesisOptions {
  uint64_t seed = 0;
  /// Runs seeds seed, seed+1, ... and keeps the fastest schedule (ties: the
  /// lowest seed).
  unsigned trials = 1;
  LinkModel model = LinkModel::Blocking;
  /// False: only the time and the transfer count are kept (for networks
  /// whose schedule would not fit in memory); no compaction either.
  bool materialize = true;
  /// All-Reduce: let a chunk's All-Gather start as soon as its own reduction
  /// is done (true), or only after the whole Reduce-Scatter (false).
  bool pipelinePhases = true;
  /// Also route each trial chunk by chunk with link reservations
  /// (ReservationRouter.h) where that applies, and keep the faster of the
  /// two schedules. False leaves the greedy matching alone (to measure it).
  bool reservationRouting = true;
  /// Called now and then with the fraction of deliveries made (0..1).
  std::function<void(double)> progress;
};

struct SynthesisResult {
  Schedule schedule;
  int64_t timePs = 0;
  size_t numTransfers = 0;
  uint64_t seed = 0;
  /// All-Reduce only: the time with strict phases (every All-Gather transfer
  /// after the whole Reduce-Scatter); timePs pipelines them per chunk.
  int64_t strictPhasesPs = 0;
  /// Empty on success.
  std::string error;
};

/// Synthesizes a non-combining collective. Fails (with a message naming one
/// unreachable source/destination pair) if the problem cannot be served, or
/// if the network still has switches.
SynthesisResult synthesizeTen(const Network &network, const Problem &problem,
                              const SynthesisOptions &options);

/// Checks that every destination of every chunk is reachable from one of its
/// sources; returns "npu 3 cannot reach npu 5"-style text, or "".
std::string checkReachability(const Network &network, const Problem &problem);

/// What every synthesizer needs of its input: no switches left, every
/// bandwidth decided, every destination reachable. Returns an error, or "".
std::string checkSynthesizable(const Network &network, const Problem &problem);

} // namespace tacos

#endif // TACOS_SYNTHESIS_TENSYNTHESIZER_H
