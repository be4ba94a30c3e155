//===- BestOf.h - The fastest of the catalogue's candidates -----*- C++ -*-===//
//
// `best` (docs/Algorithms.md, best): every candidate of the catalogue runs
// through synthesize() (checked and verified like any other request), and
// the fastest verified schedule wins; ties go to the earlier candidate in
// catalogue order (tacos first). Extra seeds of tacos run only while a
// schedule faster than the winner can exist, that is while the winner is
// above the best lower bound valid for the network.
//
//===----------------------------------------------------------------------===//

#ifndef TACOS_LIB_SYNTHESIS_BESTOF_H
#define TACOS_LIB_SYNTHESIS_BESTOF_H

#include "tacos/Synthesis/Algorithms.h"

namespace tacos {

/// The seeds tacos may run under `best` when `trials` asks for fewer: one
/// first, the rest only while they can still win.
inline constexpr unsigned kBestSeeds = 4;

/// Runs every candidate on a request that passed synthesize()'s checks.
AlgorithmResult synthesizeBest(const Network &network,
                               const CollectiveSpec &spec,
                               const AlgorithmOptions &options);

/// What synthesizeBest needs at least: the least candidate's estimate.
/// Each candidate then runs within the limit less the schedule kept, and
/// one that does not fit is ruled out, so the peak stays within the limit.
MemoryEstimate estimateBest(const Network &network, const CollectiveSpec &spec,
                            const AlgorithmOptions &options);

} // namespace tacos

#endif // TACOS_LIB_SYNTHESIS_BESTOF_H
