//===- Collective.h - What a collective computes ----------------*- C++ -*-===//
//
// The collectives tacos knows, and how a request (`size`, `chunks(k)`, group,
// root) splits into chunks: DESIGN section 3. Chunk ids are r*k + i for the
// i-th chunk owned by the r-th participant (MSCCL's All-Gather layout);
// All-to-All has one chunk per (source, destination, i).
//
//===----------------------------------------------------------------------===//

#ifndef TACOS_COLLECTIVE_COLLECTIVE_H
#define TACOS_COLLECTIVE_COLLECTIVE_H

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace tacos {

enum class CollectiveKind : uint8_t {
  AllGather,
  ReduceScatter,
  AllReduce,
  AllToAll,
  Broadcast,
  Reduce,
  Gather,
  Scatter,
};

/// The IR spelling: "all_gather", "reduce_scatter", ...
const char *collectiveName(CollectiveKind kind);
/// True for collectives that name a root NPU (Broadcast, Reduce, Gather,
/// Scatter).
bool hasRoot(CollectiveKind kind);
/// True for collectives whose transfers reduce (Reduce-Scatter, All-Reduce,
/// Reduce).
bool isCombining(CollectiveKind kind);

/// Chunks are counted in uint32 in schedules.
inline constexpr int64_t kMaxChunks = 0xffffffffLL;

/// Chunks are whole bytes, as the executable back end needs whole elements:
/// a buffer of S bytes splits into C chunks, piece j covering bytes
/// [floor(j*S/C), floor((j+1)*S/C)), so any size works and pieces differ by
/// at most one byte. A collective numbers its buffers' pieces consecutively
/// (DESIGN section 3), so chunk c is piece c % C of its buffer.
struct ChunkSizes {
  uint64_t bufferBytes = 0;
  uint64_t perBuffer = 1;

  /// First byte of piece j (j <= perBuffer).
  uint64_t offset(uint64_t j) const {
    __extension__ typedef unsigned __int128 u128;
    return uint64_t(u128(j) * bufferBytes / perBuffer);
  }
  /// Bytes of chunk c.
  uint64_t bytes(uint64_t c) const {
    uint64_t j = c % perBuffer;
    return offset(j + 1) - offset(j);
  }
  uint64_t smallest() const { return bufferBytes / perBuffer; }
  uint64_t largest() const { return (bufferBytes + perBuffer - 1) / perBuffer; }
  bool uniform() const { return bufferBytes % perBuffer == 0; }
};

struct CollectiveSpec {
  CollectiveKind kind = CollectiveKind::AllGather;
  /// NPUs taking part, in rank order. Empty means every NPU of the network.
  std::vector<int64_t> group;
  /// Root NPU id (not rank) for rooted collectives.
  std::optional<int64_t> root;
  int64_t sizeBytes = 0;
  int64_t chunksPerRank = 1;

  /// Number of participants G given the network size.
  int64_t participants(int64_t numNpus) const {
    return group.empty() ? numNpus : int64_t(group.size());
  }
  /// The participants' NPU ids in rank order.
  std::vector<uint32_t> participantIds(int64_t numNpus) const;
  /// Total chunk count, or -1 if it exceeds kMaxChunks.
  int64_t numChunks(int64_t numNpus) const;
  /// How the buffers split into whole-byte chunks.
  ChunkSizes chunkSizes(int64_t numNpus) const;
};

/// Checks a request against a network of `numNpus` NPUs: positive size and
/// chunks, group ids in range and distinct, root present exactly when the
/// kind has one and a member of the group, chunk count within limits.
/// Returns an error message, empty if valid.
std::string checkCollective(const CollectiveSpec &spec, int64_t numNpus);

} // namespace tacos

#endif // TACOS_COLLECTIVE_COLLECTIVE_H
