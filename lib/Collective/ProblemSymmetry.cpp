//===- ProblemSymmetry.cpp - Network symmetries a collective keeps --------===//

#include "tacos/Collective/ProblemSymmetry.h"

#include <algorithm>
#include <map>

namespace tacos {

namespace {

/// What makes chunks interchangeable: size, sorted sources and (when
/// explicit) sorted destinations, flattened; the chunks of a problem grouped
/// by it, in increasing id order.
class ChunkClasses {
public:
  ChunkClasses(const Problem &problem, bool ignoreSizes)
      : problem(problem), ignoreSizes(ignoreSizes) {
    rank.resize(problem.numChunks());
    for (uint32_t c = 0; c < problem.numChunks(); ++c) {
      std::vector<uint32_t> &members = classes[key(c, nullptr)];
      rank[c] = uint32_t(members.size());
      members.push_back(c);
    }
  }

  std::optional<std::vector<uint32_t>> map(const NpuPermutation &p) const {
    uint32_t n = problem.numNpus;
    if (p.size() != n)
      return std::nullopt;
    // Every id the problem names must be an NPU p can map.
    for (uint32_t v : problem.sources)
      if (v >= n)
        return std::nullopt;
    for (uint32_t v : problem.destinations)
      if (v >= n)
        return std::nullopt;
    if (problem.othersAreDestinations) {
      // Implicit destinations are the participants that are not sources:
      // they map onto the image's iff the participants do.
      std::vector<uint32_t> group = problem.participants, image;
      for (uint32_t v : group) {
        if (v >= n)
          return std::nullopt;
        image.push_back(p[v]);
      }
      std::sort(group.begin(), group.end());
      std::sort(image.begin(), image.end());
      if (group != image)
        return std::nullopt;
    }
    std::vector<uint32_t> result(problem.numChunks());
    for (uint32_t c = 0; c < problem.numChunks(); ++c) {
      auto it = classes.find(key(c, &p));
      if (it == classes.end())
        return std::nullopt;
      // p maps classes one to one (it is a bijection on NPUs), so equal
      // class sizes make the chunk map a bijection.
      if (it->second.size() != classes.at(key(c, nullptr)).size())
        return std::nullopt;
      result[c] = it->second[rank[c]];
    }
    return result;
  }

private:
  /// Chunk c's key, or the key of its image under *p.
  std::vector<uint64_t> key(uint32_t c, const NpuPermutation *p) const {
    auto image = [&](uint32_t v) { return uint64_t(p ? (*p)[v] : v); };
    std::vector<uint64_t> k{ignoreSizes ? 0 : problem.chunkBytes(c),
                            problem.numSources(c)};
    for (uint32_t i = problem.sourceOffsets[c];
         i < problem.sourceOffsets[c + 1]; ++i)
      k.push_back(image(problem.sources[i]));
    std::sort(k.begin() + 2, k.end());
    if (!problem.othersAreDestinations) {
      size_t first = k.size();
      for (uint32_t i = problem.destinationOffsets[c];
           i < problem.destinationOffsets[c + 1]; ++i)
        k.push_back(image(problem.destinations[i]));
      std::sort(k.begin() + first, k.end());
    }
    return k;
  }

  const Problem &problem;
  bool ignoreSizes;
  std::map<std::vector<uint64_t>, std::vector<uint32_t>> classes;
  std::vector<uint32_t> rank; ///< chunk c's index within its class
};

} // namespace

std::optional<std::vector<uint32_t>>
chunkPermutation(const Problem &problem, const NpuPermutation &p,
                 bool ignoreSizes) {
  return ChunkClasses(problem, ignoreSizes).map(p);
}

NpuSymmetry restrictToInvariant(const NpuSymmetry &symmetry,
                                const Problem &problem, bool ignoreSizes) {
  uint32_t n = problem.numNpus;
  ChunkClasses classes(problem, ignoreSizes);
  std::vector<const NpuPermutation *> kept;
  for (const NpuPermutation &g : symmetry.elements)
    if (classes.map(g))
      kept.push_back(&g);
  // The stabilizer of the problem is a subgroup; regenerate it from the
  // kept elements (adding one as a generator only when the group so far
  // lacks it) to get its generators and check that it closes.
  NpuSymmetry sub = trivialSymmetry(n);
  for (const NpuPermutation *g : kept) {
    if (std::find(sub.elements.begin(), sub.elements.end(), *g) !=
        sub.elements.end())
      continue;
    std::vector<NpuPermutation> gens = sub.generators;
    gens.push_back(*g);
    std::optional<NpuSymmetry> grown = generateFreeGroup(n, gens);
    if (!grown)
      return trivialSymmetry(n); // the input was not a free group
    sub = std::move(*grown);
  }
  if (sub.order() != kept.size())
    return trivialSymmetry(n); // the input was not a group
  return sub;
}

} // namespace tacos
