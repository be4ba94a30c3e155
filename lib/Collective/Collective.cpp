//===- Collective.cpp - What a collective computes ------------------------===//

#include "tacos/Collective/Collective.h"
#include "tacos/Network/Quantity.h"

#include <cstdlib>
#include <unordered_set>

namespace tacos {

const CollectiveInfo &collectiveInfo(CollectiveKind kind) {
  using K = CollectiveKind;
  static constexpr CollectiveInfo kAllGather{
      K::AllGather, "all_gather", false, false, K::AllGather,
      K::ReduceScatter, true, Buffers::PerParticipant,
      BusFactor::NMinus1OverN,
      "each participant holds its own buffer",
      "every participant holds every buffer"};
  static constexpr CollectiveInfo kReduceScatter{
      K::ReduceScatter, "reduce_scatter", true, false, K::AllGather,
      K::AllGather, true, Buffers::PerParticipant, BusFactor::NMinus1OverN,
      "every participant holds a contribution to every buffer",
      "participant r holds buffer r reduced over all participants"};
  static constexpr CollectiveInfo kAllReduce{
      K::AllReduce, "all_reduce", true, false, K::AllGather, std::nullopt,
      true, Buffers::PerParticipant, BusFactor::Twice,
      "every participant holds a contribution to every buffer",
      "every participant holds every buffer reduced over all participants"};
  static constexpr CollectiveInfo kAllToAll{
      K::AllToAll, "all_to_all", false, false, K::AllToAll, std::nullopt,
      false, Buffers::PerPair, BusFactor::NMinus1OverN,
      "participant s holds one piece for every participant d",
      "participant d holds the piece every s has for it"};
  static constexpr CollectiveInfo kBroadcast{
      K::Broadcast, "broadcast", false, true, K::Broadcast, K::Reduce, true,
      Buffers::One, BusFactor::One, "the root holds the buffer",
      "every participant holds the buffer"};
  static constexpr CollectiveInfo kReduce{
      K::Reduce, "reduce", true, true, K::Broadcast, K::Broadcast, true,
      Buffers::One, BusFactor::One,
      "every participant holds a contribution to the buffer",
      "the root holds the buffer reduced over all participants"};
  static constexpr CollectiveInfo kGather{
      K::Gather, "gather", false, true, K::Gather, K::Scatter, false,
      Buffers::PerParticipant, BusFactor::NMinus1OverN,
      "each participant holds its own buffer",
      "the root holds every buffer"};
  static constexpr CollectiveInfo kScatter{
      K::Scatter, "scatter", false, true, K::Scatter, K::Gather, false,
      Buffers::PerParticipant, BusFactor::NMinus1OverN,
      "the root holds every buffer", "participant r holds buffer r"};
  switch (kind) {
  case K::AllGather:
    return kAllGather;
  case K::ReduceScatter:
    return kReduceScatter;
  case K::AllReduce:
    return kAllReduce;
  case K::AllToAll:
    return kAllToAll;
  case K::Broadcast:
    return kBroadcast;
  case K::Reduce:
    return kReduce;
  case K::Gather:
    return kGather;
  case K::Scatter:
    return kScatter;
  }
  // Only a value outside the enum gets here.
  std::abort();
}

const char *collectiveName(CollectiveKind kind) {
  return collectiveInfo(kind).name;
}

std::optional<CollectiveKind> parseCollective(std::string_view name) {
  for (int k = 0; k <= int(CollectiveKind::Scatter); ++k)
    if (name == collectiveName(CollectiveKind(k)))
      return CollectiveKind(k);
  return std::nullopt;
}

bool hasRoot(CollectiveKind kind) { return collectiveInfo(kind).rooted; }

bool isCombining(CollectiveKind kind) {
  return collectiveInfo(kind).combining;
}

CollectiveKind dualOf(CollectiveKind kind) { return collectiveInfo(kind).dual; }

double busFactor(CollectiveKind kind, int64_t participants) {
  double n = double(participants);
  switch (collectiveInfo(kind).bus) {
  case BusFactor::One:
    return 1.0;
  case BusFactor::NMinus1OverN:
    return (n - 1) / n;
  case BusFactor::Twice:
    return 2.0 * (n - 1) / n;
  }
  std::abort();
}

/// Buffers the collective splits `size` into (All-to-All: per source; each
/// is cut per destination in numChunks()).
static int64_t buffersPerChunkSet(CollectiveKind kind, int64_t g) {
  switch (collectiveInfo(kind).buffers) {
  case Buffers::One:
    return 1;
  case Buffers::PerParticipant:
  case Buffers::PerPair:
    return g;
  }
  std::abort();
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
  if (collectiveInfo(kind).buffers == Buffers::PerPair)
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
