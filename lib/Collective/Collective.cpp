//===- Collective.cpp - What a collective computes ------------------------===//

#include "tacos/Collective/Collective.h"
#include "tacos/Network/Quantity.h"

#include <unordered_set>

namespace tacos {

const char *collectiveName(CollectiveKind kind) {
  switch (kind) {
  case CollectiveKind::AllGather:
    return "all_gather";
  case CollectiveKind::ReduceScatter:
    return "reduce_scatter";
  case CollectiveKind::AllReduce:
    return "all_reduce";
  case CollectiveKind::AllToAll:
    return "all_to_all";
  case CollectiveKind::Broadcast:
    return "broadcast";
  case CollectiveKind::Reduce:
    return "reduce";
  case CollectiveKind::Gather:
    return "gather";
  case CollectiveKind::Scatter:
    return "scatter";
  }
  return "unknown";
}

bool hasRoot(CollectiveKind kind) {
  return kind == CollectiveKind::Broadcast || kind == CollectiveKind::Reduce ||
         kind == CollectiveKind::Gather || kind == CollectiveKind::Scatter;
}

bool isCombining(CollectiveKind kind) {
  return kind == CollectiveKind::ReduceScatter ||
         kind == CollectiveKind::AllReduce || kind == CollectiveKind::Reduce;
}

/// Chunks the collective splits `size` into: one buffer per participant for
/// the all-to-all-like patterns, one buffer for Broadcast and Reduce.
static int64_t buffersPerChunkSet(CollectiveKind kind, int64_t g) {
  switch (kind) {
  case CollectiveKind::Broadcast:
  case CollectiveKind::Reduce:
    return 1;
  default:
    return g;
  }
}

std::vector<uint32_t> CollectiveSpec::participantIds(int64_t numNpus) const {
  std::vector<uint32_t> ids;
  if (group.empty())
    for (int64_t v = 0; v < numNpus; ++v)
      ids.push_back(uint32_t(v));
  else
    for (int64_t v : group)
      ids.push_back(uint32_t(v));
  return ids;
}

int64_t CollectiveSpec::numChunks(int64_t numNpus) const {
  int64_t g = participants(numNpus);
  // All limits keep these products far below int64 overflow before the
  // comparison: g <= 10^6, chunksPerRank <= kMaxChunks.
  long double n = (long double)buffersPerChunkSet(kind, g) * chunksPerRank;
  if (kind == CollectiveKind::AllToAll)
    n *= g;
  return n > kMaxChunks ? -1 : int64_t(n);
}

ChunkSizes CollectiveSpec::chunkSizes(int64_t numNpus) const {
  int64_t g = participants(numNpus);
  return {uint64_t(sizeBytes),
          uint64_t(buffersPerChunkSet(kind, g)) * uint64_t(chunksPerRank)};
}

std::string checkCollective(const CollectiveSpec &spec, int64_t numNpus) {
  if (spec.sizeBytes <= 0)
    return "size must be positive";
  if (spec.chunksPerRank < 1)
    return "chunks must be at least 1, got " +
           std::to_string(spec.chunksPerRank);
  if (spec.chunksPerRank > kMaxChunks)
    return "chunks(" + std::to_string(spec.chunksPerRank) +
           ") exceeds the limit of " + std::to_string(kMaxChunks);
  std::unordered_set<int64_t> members;
  for (int64_t npu : spec.group) {
    if (npu < 0 || npu >= numNpus)
      return "group member " + std::to_string(npu) +
             " is out of range: the network has " + std::to_string(numNpus) +
             " NPUs";
    if (!members.insert(npu).second)
      return "group lists NPU " + std::to_string(npu) + " twice";
  }
  if (hasRoot(spec.kind) && !spec.root)
    return std::string(collectiveName(spec.kind)) + " needs root(<npu>)";
  if (!hasRoot(spec.kind) && spec.root)
    return std::string(collectiveName(spec.kind)) + " takes no root";
  if (spec.root) {
    int64_t root = *spec.root;
    if (root < 0 || root >= numNpus)
      return "root " + std::to_string(root) +
             " is out of range: the network has " + std::to_string(numNpus) +
             " NPUs";
    if (!spec.group.empty() && !members.count(root))
      return "root " + std::to_string(root) + " is not in the group";
  }
  if (spec.numChunks(numNpus) < 0)
    return "the collective has more than " + std::to_string(kMaxChunks) +
           " chunks";
  // Chunk i of C covers bytes [floor(i*S/C), floor((i+1)*S/C)) of a buffer
  // of S bytes: an empty chunk would carry nothing yet cost a transfer.
  int64_t perBuffer =
      buffersPerChunkSet(spec.kind, spec.participants(numNpus)) *
      spec.chunksPerRank;
  if (spec.sizeBytes < perBuffer)
    return "size of " + std::to_string(spec.sizeBytes) +
           " B cannot be split into " + std::to_string(perBuffer) +
           " chunks of at least 1 B";
  return "";
}

} // namespace tacos
