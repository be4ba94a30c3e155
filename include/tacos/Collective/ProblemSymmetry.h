//===- ProblemSymmetry.h - Network symmetries a collective keeps -*- C++ -*-===//
//
// A network automorphism p (Network/Automorphisms.h) is a symmetry of a
// collective when it maps the problem onto itself: every chunk c has an image
// chunk c' of the same size whose sources are p(sources of c) and whose
// destinations are p(destinations of c). An All-Gather over all NPUs is
// invariant under every automorphism (rank r's i-th chunk r*k+i maps to
// p[r]*k+i); a Broadcast only under those that fix its root; a collective
// over a process group only under those that map the group onto itself.
//
//===----------------------------------------------------------------------===//

#ifndef TACOS_COLLECTIVE_PROBLEMSYMMETRY_H
#define TACOS_COLLECTIVE_PROBLEMSYMMETRY_H

#include "tacos/Collective/Problem.h"
#include "tacos/Network/Automorphisms.h"

#include <optional>
#include <vector>

namespace tacos {

/// The chunk permutation p induces on the problem (result[c] is the image of
/// chunk c), or nothing if the problem is not invariant under p. Chunks that
/// agree in size, sources and destinations are interchangeable; they map in
/// increasing id order onto those of the image. Time linear in the chunk
/// lists (implicit destinations are not expanded).
///
/// With `ignoreSizes`, chunk sizes do not count: a size that does not split
/// evenly leaves chunks 1 B apart, which breaks exact invariance although a
/// schedule's validity does not depend on sizes (only its time does, by a
/// byte's worth per transfer).
std::optional<std::vector<uint32_t>>
chunkPermutation(const Problem &problem, const NpuPermutation &p,
                 bool ignoreSizes = false);

/// The elements of `symmetry` under which the problem is invariant (in the
/// sense of chunkPermutation with the same `ignoreSizes`): a subgroup (the
/// stabilizer of the problem), identity first, with a generator set of its
/// own.
NpuSymmetry restrictToInvariant(const NpuSymmetry &symmetry,
                                const Problem &problem,
                                bool ignoreSizes = false);

} // namespace tacos

#endif // TACOS_COLLECTIVE_PROBLEMSYMMETRY_H
