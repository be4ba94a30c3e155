//===- Combining.h - Synthesis of any collective ----------------*- C++ -*-===//
//
// DESIGN §5.2: Reduce-Scatter and Reduce are synthesized as their duals
// (All-Gather, Broadcast) on the transposed network and inverted, so
// asymmetric networks (one-way rings and links) get correct reductions;
// All-Reduce is that Reduce-Scatter followed by an All-Gather on the
// network itself. Non-combining collectives go straight to the synthesizer.
//
//===----------------------------------------------------------------------===//

#ifndef TACOS_SYNTHESIS_COMBINING_H
#define TACOS_SYNTHESIS_COMBINING_H

#include "tacos/Synthesis/TenSynthesizer.h"

namespace tacos {

/// The non-combining collective whose inverse `kind` is (itself if none).
CollectiveKind dualOf(CollectiveKind kind);

/// Synthesizes any collective with TEN synthesis. For combining ones the
/// schedule is always built (inversion needs it) and dropped afterwards if
/// `options.materialize` is false.
SynthesisResult synthesizeCollective(const Network &network,
                                     const CollectiveSpec &spec,
                                     const SynthesisOptions &options);

} // namespace tacos

#endif // TACOS_SYNTHESIS_COMBINING_H
