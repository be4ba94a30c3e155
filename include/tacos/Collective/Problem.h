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

#include <cstdint>
#include <string>
#include <vector>

namespace tacos {

/// How a link carries consecutive chunks (DESIGN §5.1).
enum class LinkModel : uint8_t {
  /// A chunk occupies the link for latency + size/bandwidth (TACOS's model).
  Blocking,
  /// The next chunk may start size/bandwidth after the previous one.
  Pipelined,
};

struct Problem {
  CollectiveKind kind = CollectiveKind::AllGather;
  uint32_t numNpus = 0;
  double chunkBytes = 0;
  /// Participants in rank order (all NPUs if the request has no group).
  std::vector<uint32_t> participants;
  /// CSR lists: sources of chunk c are
  /// sources[sourceOffsets[c] .. sourceOffsets[c+1]), likewise destinations
  /// (which never include a source of the same chunk).
  std::vector<uint32_t> sourceOffsets{0}, sources;
  std::vector<uint32_t> destinationOffsets{0}, destinations;

  uint32_t numChunks() const { return uint32_t(sourceOffsets.size() - 1); }
  /// Total (chunk, destination) pairs to deliver.
  size_t numDeliveries() const { return destinations.size(); }
};

/// Builds the problem of a non-combining collective (All-Gather, Broadcast,
/// Scatter, Gather, All-to-All) on `numNpus` NPUs. `spec` must have passed
/// checkCollective. Returns an error message for combining collectives.
std::string buildProblem(const CollectiveSpec &spec, uint32_t numNpus,
                         Problem &problem);

} // namespace tacos

#endif // TACOS_COLLECTIVE_PROBLEM_H
