//===- FullMatching.h - TACOS matching when everyone needs everything -*- C++ -*-===//
//
// The greedy of TenSynthesizer.h for "full" problems, where every NPU holds
// or needs every chunk (All-Gather and Broadcast on the whole network): the
// case that decides synthesis speed at scale, so it has its own lean state
// (FullMatching.cpp says how).
//
//===----------------------------------------------------------------------===//

#ifndef TACOS_LIB_SYNTHESIS_FULLMATCHING_H
#define TACOS_LIB_SYNTHESIS_FULLMATCHING_H

#include "tacos/Collective/Problem.h"
#include "tacos/Network/Network.h"
#include "tacos/Synthesis/Algorithms.h"

#include <string>

namespace tacos {

/// Every chunk's sources and destinations together are all NPUs.
bool isFullProblem(const Problem &problem);

/// Work a matchFull run did, counted rather than timed, so that a test can
/// tell how it grows with the network.
struct FullMatchingWork {
  /// Out-links visited because their source received chunks: each mark
  /// word written, each fruitless link re-examined, each destination made
  /// dirty (FullMatching.cpp).
  uint64_t arrivalUpdates = 0;
};

/// One seeded run on a full problem (isFullProblem). Sets result.timePs,
/// result.numTransfers and, if options.materialize, result.schedule: in
/// arrival order and timed exactly as simulate() times it (no compaction
/// needed). Calls options.progress now and then. Adds what it did to
/// `work` if given. Returns an error, or "".
std::string matchFull(const Network &network, const Problem &problem,
                      const AlgorithmOptions &options, uint64_t seed,
                      AlgorithmResult &result,
                      FullMatchingWork *work = nullptr);

/// Peak memory of one matchFull run on a full problem of this shape
/// (FullRun's state and, if materialized, the schedule it records).
MemoryEstimate estimateFullMatching(const Network &network,
                                    const ProblemShape &shape,
                                    const ChunkSizes &chunkSizes,
                                    const AlgorithmOptions &options);

} // namespace tacos

#endif // TACOS_LIB_SYNTHESIS_FULLMATCHING_H
