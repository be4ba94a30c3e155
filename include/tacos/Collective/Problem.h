//===- Problem.h - Pre- and postconditions of a collective ------*- C++ -*-===//
//
// A collective on a network as the synthesizers, the simulator and the
// verifiers see it: for every chunk, the NPUs that hold it at time 0
// (precondition) and the NPUs that must hold it at the end (postcondition).
// Non-combining collectives only; combining ones are their inverses (§5.2).
//
//===----------------------------------------------------------------------===//

#ifndef TACOS_COLLECTIVE_PROBLEM_H
#define TACOS_COLLECTIVE_PROBLEM_H

#include "tacos/Collective/Collective.h"
#include "tacos/Network/LinkCost.h"
#include "tacos/Support/ResourceLimits.h"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace tacos {

struct Problem {
  CollectiveKind kind = CollectiveKind::AllGather;
  uint32_t numNpus = 0;
  /// Whole-byte chunk sizes (chunks of one problem differ by at most 1 B).
  ChunkSizes chunkSizes;
  /// Participants in rank order (all NPUs if the request has no group).
  std::vector<uint32_t> participants;
  /// The root NPU of Broadcast, Scatter and Gather.
  std::optional<uint32_t> root;
  /// CSR lists: the sources of chunk c are
  /// sources[sourceOffsets[c] .. sourceOffsets[c+1]).
  std::vector<uint32_t> sourceOffsets{0}, sources;
  /// When true (All-Gather, Broadcast), the destinations of chunk c are the
  /// participants that are not its sources, and are not stored: the list
  /// would have N^2 entries (6.4 GB for a 40,000-NPU All-Gather). Otherwise
  /// they are CSR lists like the sources (never including a source).
  bool othersAreDestinations = false;
  std::vector<uint32_t> destinationOffsets{0}, destinations;

  uint32_t numChunks() const { return uint32_t(sourceOffsets.size() - 1); }
  uint64_t chunkBytes(uint32_t c) const { return chunkSizes.bytes(c); }
  uint32_t numSources(uint32_t c) const {
    return sourceOffsets[c + 1] - sourceOffsets[c];
  }
  bool isSource(uint32_t c, uint32_t npu) const {
    for (uint32_t i = sourceOffsets[c]; i < sourceOffsets[c + 1]; ++i)
      if (sources[i] == npu)
        return true;
    return false;
  }
  uint32_t numDestinations(uint32_t c) const {
    return othersAreDestinations
               ? uint32_t(participants.size()) - numSources(c)
               : destinationOffsets[c + 1] - destinationOffsets[c];
  }
  /// Calls f(npu) for every destination of chunk c, in a fixed order.
  template <typename F> void forEachDestination(uint32_t c, F &&f) const {
    if (!othersAreDestinations) {
      for (uint32_t i = destinationOffsets[c]; i < destinationOffsets[c + 1];
           ++i)
        f(destinations[i]);
      return;
    }
    for (uint32_t v : participants)
      if (!isSource(c, v))
        f(v);
  }
  /// How many chunks each NPU must receive; O(chunks + NPUs) even when the
  /// destinations are implicit.
  std::vector<uint64_t> deliveriesPerNpu() const {
    std::vector<uint64_t> count(numNpus, 0);
    if (!othersAreDestinations) {
      for (uint32_t d : destinations)
        if (d < numNpus)
          ++count[d];
      return count;
    }
    std::vector<uint64_t> sourced(numNpus, 0);
    for (uint32_t s : sources)
      if (s < numNpus)
        ++sourced[s];
    for (uint32_t v : participants)
      if (v < numNpus)
        count[v] = numChunks() - sourced[v];
    return count;
  }
  /// Total (chunk, destination) pairs to deliver.
  size_t numDeliveries() const {
    if (!othersAreDestinations)
      return destinations.size();
    size_t n = 0;
    for (uint32_t c = 0; c < numChunks(); ++c)
      n += numDestinations(c);
    return n;
  }
};

/// Builds the problem of a non-combining collective (All-Gather, Broadcast,
/// Scatter, Gather, All-to-All) on `numNpus` NPUs. `spec` must have passed
/// checkCollective. Returns an error message for combining collectives.
std::string buildProblem(const CollectiveSpec &spec, uint32_t numNpus,
                         Problem &problem);

/// The sizes of the problem buildProblem would build, computed from the
/// request alone (in doubles: they only feed memory estimates, which must be
/// computable for requests far too large to build).
struct ProblemShape {
  CollectiveKind kind = CollectiveKind::AllGather;
  double npus = 0, participants = 0, chunks = 0;
  /// (chunk, destination) pairs to deliver: Problem::numDeliveries().
  double deliveries = 0;
  /// NPUs that are the destination of some chunk.
  double destinationNpus = 0;
  /// Destinations are implicit (Problem::othersAreDestinations).
  bool othersAreDestinations = false;
  /// Every NPU holds or needs every chunk (the full matching's case).
  bool full = false;
};

/// The shape of buildProblem(spec, numNpus) for a non-combining collective
/// that passed checkCollective.
ProblemShape problemShape(const CollectiveSpec &spec, uint32_t numNpus);

/// The bytes of the Problem that shape describes (its CSR lists).
MemoryEstimate estimateProblem(const ProblemShape &shape);

} // namespace tacos

#endif // TACOS_COLLECTIVE_PROBLEM_H
