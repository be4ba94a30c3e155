//===- Automorphisms.h - Symmetries of a network for exact search -*- C++ -*-===//
//
// An automorphism of a network is a permutation p of its NPUs (p[v] is the
// image of v) such that, for every ordered pair (u, v), the links u->v and
// p[u]->p[v] are the same multiset of (bandwidth, latency, tier). Exact
// synthesizers use a group of them to shrink their encodings: they only
// search for schedules that the group maps onto themselves (SCCL does this
// with the rotations of a ring and the DGX-1).
//
// What the encodings can use is a group that acts *freely* (semiregularly):
// no element but the identity fixes an NPU. Then every orbit has |G| NPUs,
// and one representative NPU per orbit (with its links and chunks) stands
// for the whole orbit. findFreeSymmetry returns the largest such group it
// finds: the translations of rings, tori and hypercubes (XOR masks), the
// flips of even lines, and for other networks what a bounded search finds.
//
//===----------------------------------------------------------------------===//

#ifndef TACOS_NETWORK_AUTOMORPHISMS_H
#define TACOS_NETWORK_AUTOMORPHISMS_H

#include "tacos/Network/Network.h"

#include <cstdint>
#include <optional>
#include <vector>

namespace tacos {

/// A permutation of NPUs 0..N-1: p[v] is the image of v.
using NpuPermutation = std::vector<uint32_t>;

/// A group of NPU permutations, listed in full.
struct NpuSymmetry {
  /// Every element once, the identity first; the rest in the order a
  /// breadth-first closure over the generators meets them.
  std::vector<NpuPermutation> elements;
  /// A small set generating `elements` (empty for the trivial group).
  std::vector<NpuPermutation> generators;

  size_t order() const { return elements.size(); }
  bool isTrivial() const { return elements.size() <= 1; }
};

/// Networks above this many NPUs get the trivial group: the element list is
/// order * N entries (a free group has order <= N), and the exact encodings
/// that use it stop far below.
inline constexpr uint32_t kMaxSymmetryNpus = 512;

/// Work findFreeSymmetry may spend on a network that is not a regular pure
/// product of rings, lines and fully connected dimensions, in search nodes:
/// a partial permutation tried (its check reads O(N) labels) or an NPU
/// recoloured by colour refinement. No single target NPU gets more than an
/// eighth. A 64-NPU torus or hypercube written as explicit links needs
/// 3,000-6,500 (about a millisecond), a fully connected 64 about 9,000, an
/// explicit 16x32 torus about 65,000; the cap keeps adversarial
/// inputs (regular graphs without symmetry, many components) at tens of
/// milliseconds even at kMaxSymmetryNpus, at the price of a smaller group,
/// never a wrong one.
inline constexpr uint64_t kSymmetrySearchBudget = 100'000;

/// The group {identity} on `numNpus` NPUs.
NpuSymmetry trivialSymmetry(uint32_t numNpus);

/// The largest group of automorphisms acting freely on the NPUs that the
/// search finds. Pure products of ring, uni_ring, fully_connected and line
/// dimensions get their translations in closed form (a line of even length
/// contributes its flip, which fixes no NPU; an odd line nothing). Other
/// networks, and products whose translations are not regular, are searched:
/// the group grows one orbit of NPU 0 at a time by an automorphism found by
/// backtracking over colour-refined NPU classes (preferring ones that
/// normalize the group so far, and the largest resulting group, with
/// backtracking over these choices), within kSymmetrySearchBudget. A group
/// of order N (regular) is as large as a free group gets, so the search
/// stops there. Networks with switches, with more than kMaxSymmetryNpus
/// NPUs, or with none found get the trivial group. Every returned element
/// is checked against the links.
NpuSymmetry findFreeSymmetry(const Network &network);

/// True if p is a permutation of the NPUs that maps the network's links onto
/// themselves (see the file comment). False for networks with switches.
bool isAutomorphism(const Network &network, const NpuPermutation &p);

/// The link permutation of an automorphism p: result[l] is the image of link
/// l. The parallel links u->v, ordered by (bandwidth, latency, tier, link id),
/// map in that order onto those of p[u]->p[v]; when they are all alike (the
/// usual case) lane k of u->v maps to lane k of p[u]->p[v]. Empty if p is not
/// an automorphism.
std::vector<LinkId> linkPermutation(const Network &network,
                                    const NpuPermutation &p);

/// a after b: result[v] = a[b[v]].
NpuPermutation compose(const NpuPermutation &a, const NpuPermutation &b);
NpuPermutation inverse(const NpuPermutation &p);
NpuPermutation identityPermutation(uint32_t numNpus);

/// The group the permutations generate, if it acts freely on 0..numNpus-1
/// (so it has at most numNpus elements); nothing otherwise. Generators that
/// are the identity or already in the group are left out of the result's
/// generator list.
std::optional<NpuSymmetry>
generateFreeGroup(uint32_t numNpus,
                  const std::vector<NpuPermutation> &generators);

} // namespace tacos

#endif // TACOS_NETWORK_AUTOMORPHISMS_H
