//===- Collective.h - What a collective computes ----------------*- C++ -*-===//
//
// The collectives tacos knows, and how a request (`size`, `chunks(k)`, group,
// root) splits into chunks: docs/Syntax.md, collective requests. Chunk ids are r*k + i for the
// i-th chunk owned by the r-th participant (MSCCL's All-Gather layout);
// All-to-All has one chunk per (source, destination, i).
//
//===----------------------------------------------------------------------===//

#ifndef TACOS_COLLECTIVE_COLLECTIVE_H
#define TACOS_COLLECTIVE_COLLECTIVE_H

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
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

/// How a request's `size` splits into buffers, each cut into chunks(k).
enum class Buffers : uint8_t {
  /// One buffer (Broadcast, Reduce).
  One,
  /// One per participant (the all-to-all-like patterns).
  PerParticipant,
  /// One per participant, each cut again per destination (All-to-All).
  PerPair,
};

/// nccl-tests' bus-bandwidth factor, busbw = algbw * factor(N).
enum class BusFactor : uint8_t {
  One,          ///< Broadcast, Reduce
  NMinus1OverN, ///< (N-1)/N: All-Gather, Reduce-Scatter, All-to-All, ...
  Twice,        ///< 2(N-1)/N: All-Reduce
};

/// Everything tacos knows about one collective, in one row: adding a kind
/// is one row in collectiveInfo() (Collective.cpp) and the cases the
/// compiler then asks for (no switch over CollectiveKind has a `default:`).
/// The pre- and postconditions are stated here in words; buildProblem()
/// (Problem.h) states them for the synthesizers, and the verifier
/// (Verification/Verifier.cpp, buildVerificationSpec) states them again on
/// its own, on purpose, so that a mistake in one is caught by the other.
struct CollectiveInfo {
  CollectiveKind kind;
  /// The IR spelling: "all_gather", "reduce_scatter", ...
  const char *name;
  /// Transfers reduce (Reduce-Scatter, All-Reduce, Reduce).
  bool combining;
  /// Names a root NPU (Broadcast, Reduce, Gather, Scatter).
  bool rooted;
  /// The non-combining collective this one is built from (docs/Algorithms.md, inversion):
  /// its inverse on the transposed network (All-Reduce: that, then the
  /// dual itself). Itself for non-combining collectives.
  CollectiveKind dual;
  /// What an algorithm of this kind time-reverses into, if anything.
  std::optional<CollectiveKind> inverse;
  /// Inverting flips copies into reductions and back (not Scatter/Gather,
  /// which invert into each other with copies).
  bool inversionReduces;
  Buffers buffers;
  BusFactor bus;
  /// Who holds what at time 0, and who must hold what at the end.
  const char *precondition, *postcondition;
};

const CollectiveInfo &collectiveInfo(CollectiveKind kind);

/// The IR spelling: "all_gather", "reduce_scatter", ...
const char *collectiveName(CollectiveKind kind);
/// The kind spelled `name`, if any.
std::optional<CollectiveKind> parseCollective(std::string_view name);
/// True for collectives that name a root NPU (Broadcast, Reduce, Gather,
/// Scatter).
bool hasRoot(CollectiveKind kind);
/// True for collectives whose transfers reduce (Reduce-Scatter, All-Reduce,
/// Reduce).
bool isCombining(CollectiveKind kind);
/// The non-combining collective whose inverse `kind` is (itself if none).
CollectiveKind dualOf(CollectiveKind kind);
/// nccl-tests' bus-bandwidth factor for `participants` ranks.
double busFactor(CollectiveKind kind, int64_t participants);

/// Chunks are counted in uint32 in schedules.
inline constexpr int64_t kMaxChunks = 0xffffffffLL;

/// Chunks are whole bytes, as the executable back end needs whole elements:
/// a buffer of S bytes splits into C chunks, piece j covering bytes
/// [floor(j*S/C), floor((j+1)*S/C)), so any size works and pieces differ by
/// at most one byte. A collective numbers its buffers' pieces consecutively
/// (docs/Syntax.md, collective requests), so chunk c is piece c % C of its buffer.
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
