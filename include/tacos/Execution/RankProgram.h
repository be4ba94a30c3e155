//===- RankProgram.h - What each MPI rank does to run a schedule -*- C++ -*-===//
//
// The executable back end's core: a verified schedule becomes, for every
// rank, a straight list of steps (post a send, post a receive, wait, combine,
// copy) over three buffers. convert-coll-to-mpi only spells these steps in
// the `mpi`, `memref` and `scf` dialects; every decision (where a chunk lives
// on a rank, in which order a rank acts, which request and scratch slot it
// uses, where it must wait) is taken here, once, and unit-tested here.
//
// Buffers and chunk places. A call gets an element count E and two buffers,
// `in` and `out` (their lengths per collective: exec::bufferLength). Chunks
// are whole elements: the E-element "size" buffer of the request splits into
// P = numPieces() pieces, piece j covering [floor(j*E/P), floor((j+1)*E/P)).
// A place is a piece of `in` or `out` (slice buffers, which hold only the
// rank's own pieces, are addressed relative to their first piece), or a slot
// of a scratch buffer the function allocates (slot s covers
// [s*ceil(E/P), s*ceil(E/P) + size of the piece)).
//
// Order. Every rank acts in one global order of events, by (time, class,
// tie-break): at time t first the receives that end at t complete (wait,
// then combine or copy), then the receives that start at t are posted, then
// the sends that start at t are posted. The tie-break (peer, lane, chunk,
// transfer index) is a property of the transfer, so the sender and the
// receiver of one (source, destination) pair post that pair's messages in the
// same order and MPI's non-overtaking rule matches them one to one. Why this
// cannot deadlock: a rank blocks only in a wait, and every wait is for an
// operation whose matching operation on the peer has a smaller event key (a
// receive ending at t waits for a send posted at its start < t; a send is
// waited only after its receive was posted, at the send's start); by
// induction on the key every event is eventually passed.
//
//===----------------------------------------------------------------------===//

#ifndef TACOS_EXECUTION_RANKPROGRAM_H
#define TACOS_EXECUTION_RANKPROGRAM_H

#include "tacos/Collective/Collective.h"
#include "tacos/Collective/Schedule.h"

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

namespace tacos::exec {

enum class Buffer : uint8_t { In = 0, Out = 1, Scratch = 2 };

/// Where one chunk's elements live on one rank. `piece` always names the
/// chunk's piece of the E-element buffer (it sets the element count, and the
/// offset for In and Out); `slot` is the scratch slot for Scratch places.
struct Place {
  Buffer buffer = Buffer::In;
  uint32_t slot = 0;
  uint32_t piece = 0;
};

enum class StepKind : uint8_t {
  /// isend `place` over out-link `link`. The link's request slot is free:
  /// the previous send on the link was waited by an earlier WaitSend.
  PostSend = 0,
  /// irecv into `place` over in-link `link` (its request slot is free).
  PostRecv = 1,
  /// Wait for the receive posted last on in-link `link`.
  WaitRecv = 2,
  /// Wait for the send posted last on out-link `link`. Every posted request
  /// is waited exactly once, by the end of the program: at the latest before
  /// the link's next post, before its place is overwritten, at the end.
  WaitSend = 3,
  /// place = place (op) scratch slot `link` (the in-link's staging slot),
  /// after a WaitRecv on that link.
  Combine = 4,
  /// place = scratch slot `link` (a copy received through staging because
  /// `place` was in use while it was in flight).
  CopyFromStaging = 5,
  /// Pieces place.piece .. place.piece + count - 1 of `in` copied to the
  /// same pieces of `place` (a rank's own data moved to where the schedule
  /// uses it, before any message). Ranges are contiguous in both buffers;
  /// a Scratch target always has count 1.
  CopyFromIn = 6,
};

struct Step {
  StepKind kind;
  /// An index into RankProgram::outLinks or inLinks (by kind).
  uint32_t link = 0;
  Place place;
  /// Pieces copied by CopyFromIn (1 for every other kind).
  uint32_t count = 1;
};

/// One direction of one link at a rank: the peer and the lane. Transfers
/// that overlap on a link (pipelined link model) use several RankLinks of
/// the same peer and lane, one per transfer in flight.
struct RankLink {
  uint32_t peer = 0;
  uint16_t lane = 0;
};

struct RankProgram {
  uint32_t rank = 0;
  /// False for ranks outside the group: they return at once.
  bool participates = false;
  std::vector<RankLink> outLinks, inLinks;
  /// Scratch slots: the first inLinks.size() are the in-links' staging slots.
  uint32_t scratchSlots = 0;
  std::vector<Step> steps;
};

/// The schedule-independent facts of one collective call.
struct CallShape {
  CollectiveKind kind = CollectiveKind::AllGather;
  /// Participants in rank order (global ranks = NPU ids).
  std::vector<uint32_t> participants;
  std::optional<uint32_t> root;
  /// chunks(k) of the request.
  uint32_t chunksPerRank = 1;
  /// Ranks the program needs (the network's NPU count).
  uint32_t numRanks = 0;

  /// P: pieces of the E-element buffer (G*k, or k for Broadcast and Reduce).
  uint32_t numPieces() const;
  /// Chunk ids of the schedule: P, or G*G*k for All-to-All.
  uint64_t numChunks() const;

  /// The shape of a request checked by checkCollective on `numNpus` NPUs.
  static CallShape of(const CollectiveSpec &spec, uint32_t numNpus);
};

/// What the collective says about one chunk at one rank: the piece of `in`
/// holding it at the start, the piece of `out` that must hold it at the end,
/// and the piece that sets its element count. Every back end places chunks
/// by these roles (the MPI lowering here, the MSCCL export in
/// MSCCLProgram.h), so that they agree on where a chunk lives.
struct ChunkRoles {
  std::optional<uint32_t> inPiece, outPiece;
  uint32_t piece = 0;
};
ChunkRoles chunkRoles(const CallShape &shape, uint32_t rank, uint64_t chunk);

/// Lengths of `in` and `out` for E elements at `rank`, in elements; a slice
/// buffer holds the rank's own pieces only. Zero where the buffer is unused.
struct BufferLengths {
  uint64_t in = 0, out = 0;
};
BufferLengths bufferLength(const CallShape &shape, uint32_t rank,
                           uint64_t elements);
/// First piece of a rank's slice buffer (`in` of All-Gather and Gather, `out`
/// of Reduce-Scatter and Scatter), or nothing if `buffer` is whole.
std::optional<uint32_t> slicePiece(const CallShape &shape, uint32_t rank,
                                   Buffer buffer);
/// An error for element counts the collective cannot split: All-to-All needs
/// E to be a multiple of the participant count, so that chunk (s, d, i) has
/// the same length in the sender's and the receiver's buffer.
std::string checkElements(const CallShape &shape, uint64_t elements);
/// The count nearest to `elements` that checkElements accepts (ties go
/// down, at least one multiple of G): what a default count, the size over
/// the element size, is rounded to.
uint64_t nearestAcceptedElements(const CallShape &shape, uint64_t elements);

/// Chunk i of a P-piece buffer of E elements: [offset(i), offset(i+1)), the
/// same split as whole-byte chunks (ChunkSizes) with elements for bytes.
inline uint64_t pieceOffset(uint64_t piece, uint64_t pieces,
                            uint64_t elements) {
  return ChunkSizes{elements, pieces}.offset(piece);
}

/// Per-rank transfer lists of a schedule, checked for what execution needs
/// beyond the verifier's properties. Building all rank programs at once would
/// take ~100 bytes per transfer; a plan takes 8 and yields one rank at a time.
class ExecutionPlan {
public:
  /// Fails (message) if a transfer does not take time (end <= start), or
  /// if a chunk or NPU id is out of range. The schedule must outlive the plan.
  static std::optional<ExecutionPlan> build(const CallShape &shape,
                                            const ScheduleView &schedule,
                                            std::string &error);

  const CallShape &shape() const { return callShape; }
  /// The steps of one rank, in execution order.
  RankProgram program(uint32_t rank) const;

private:
  CallShape callShape;
  ScheduleView schedule;
  /// CSR: transfers touching each rank (as sender or receiver), by index.
  std::vector<uint64_t> offsets;
  std::vector<uint32_t> transfers;
};

/// What the call computes, element by element, for checking a run: the
/// expected `out` of `rank` given every rank's `in`, read through
/// `input(r, i)` (element i of rank r's `in`, as sized by bufferLength), so
/// that a check needs no copy of every rank's data. Reductions are sums,
/// maxima or minima in double (exact for the integer data tacos-run uses).
enum class ReduceOp : uint8_t { Sum, Max, Min };
using InputFn = std::function<double(uint32_t rank, uint64_t index)>;
std::vector<double> expectedOutput(const CallShape &shape, uint32_t rank,
                                   uint64_t elements, ReduceOp op,
                                   const InputFn &input);
/// The same with every rank's `in` given (`inputs[r]`).
std::vector<double>
expectedOutput(const CallShape &shape, uint32_t rank, uint64_t elements,
               ReduceOp op, const std::vector<std::vector<double>> &inputs);

} // namespace tacos::exec

#endif // TACOS_EXECUTION_RANKPROGRAM_H
