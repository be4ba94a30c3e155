//===- MSCCLPPPlan.h - A schedule as an MSCCL++ execution plan --*- C++ -*-===//
//
// MSCCL++'s executor (mscclpp::Executor) runs a JSON execution plan: per
// GPU, threadblocks of operations over three buffers (input `i`, output `o`,
// scratch `s`, each cut into equal chunks), memory channels to peers (a
// `put` stores into a peer's registered buffer; `signal`/`wait` count on a
// semaphore shared by the two ends of a channel) and local semaphores
// between threadblocks (`sem_release`/`sem_acquire`). This is the plan model
// and its JSON writer, plain C++; the tacos-translate exporter in
// lib/Target/MSCCLPP only reads the algorithm and calls it. The format
// followed, field by field: microsoft/mscclpp at commit
// 1f5f065d7b13ab02df32c22568f38785d1eeec01 (src/core/executor/
// execution_plan.cc, src/core/include/execution_common.hpp and
// execution_kernel.hpp, python/mscclpp/language); docs/MSCCLPP.md lists the
// fields.
//
// Places. Chunks live where every back end puts them (exec::chunkRoles, as
// the MSCCL export): a chunk the GPU finally holds in `o`, one it only reads
// at the start in `i`, anything else in a scratch chunk of its own; a local
// threadblock first copies the GPU's own data from `i` where it is used.
// A transfer's put lands in the receiver's place if it is the first write
// of a chunk the receiver does not hold (nothing there reads or writes the
// place before that transfer's wait); otherwise in a scratch chunk of the
// receiver used by that transfer only, from which the receiver copies it
// (`copy`) or reduces it into the place (`re`) after its wait. So no put
// ever overwrites data the receiver still needs, without any credit from
// receiver to sender.
//
// Threadblocks and channels. One threadblock per (peer, direction, channel)
// (channels: msccl::assignChannels, shared with the MSCCL export), each with
// one memory channel; the sender's and the receiver's channel of a
// (src, dst, channel) are paired (the executor pairs the k-th channel of a
// GPU to a peer with the peer's k-th channel back). Sender: put, then
// signal; receiver: wait, then copy or re. Every receiving threadblock first
// signals once, and its sender waits for that before its first put: a GPU
// still running the previous call of the plan is never written into.
//
// Order and dependencies. Every GPU acts in the MPI lowering's event order
// (RankProgram.h); a threadblock's operations are that order restricted to
// it. Across threadblocks of a GPU a put waits for the last write of its
// source place, a copy or re for the last write and for every put that read
// the place since: one semaphore per (producer, consumer) threadblock pair,
// released right after the producing operation and acquired right before
// the consuming one, in the same order on both sides (each acquire matches
// one release). A `nop` (__syncthreads) separates data operations from each
// other, and a wait or acquire from the next data operation, signal or
// release, and a data operation from the next signal or release, as
// MSCCL++'s own DSL does: the executor runs a synchronization on one thread
// per channel or semaphore, a data operation on all threads. Why this cannot
// deadlock: every wait or acquire is for an operation with a smaller event key
// (a data wait for the put at its transfer's start < end, an acquire for an
// earlier event of the GPU, the first wait for a signal that waits for
// nothing), so by induction on the key every operation is eventually passed
// -- provided every threadblock of a GPU runs at once (Options::
// maxThreadblocks).
//
//===----------------------------------------------------------------------===//

#ifndef TACOS_EXECUTION_MSCCLPPPLAN_H
#define TACOS_EXECUTION_MSCCLPPPLAN_H

#include "tacos/Execution/RankProgram.h"

#include <cstdint>
#include <optional>
#include <ostream>
#include <string>
#include <vector>

namespace tacos::exec::mscclpp {

/// The executor's limits (execution_common.hpp): operations per threadblock
/// (MAX_OPERATION), channels and remote buffers per threadblock
/// (MAX_CHANNEL), semaphores per operation (MAX_DEVICE_SEMAPHORES).
constexpr uint32_t kMaxOperations = 64;
constexpr uint32_t kMaxChannelsPerThreadblock = 16;
constexpr uint32_t kMaxSemaphoresPerOperation = 16;
/// The executor's defaults, written out.
constexpr uint32_t kDefaultThreadsPerBlock = 1024;
constexpr uint32_t kBufferAlignment = 16;

enum class OpKind : uint8_t {
  Nop,
  Put,
  Signal,
  Wait,
  Copy,
  Reduce,
  SemAcquire,
  SemRelease,
};
/// The JSON spelling: nop, put, signal, wait, copy, re, sem_acquire,
/// sem_release.
const char *opName(OpKind kind);

/// A chunk range of a buffer: local (`type` 'i', 'o' or 's') or, with
/// `bufferId` >= 0, the threadblock's remote buffer of that index.
struct BufferRef {
  char type = 'i';
  int32_t bufferId = -1;
  uint32_t index = 0, size = 1;
};

struct Op {
  OpKind kind = OpKind::Nop;
  std::vector<BufferRef> src, dst;
  /// Put, signal, wait: indices into the threadblock's memory channels.
  std::vector<uint32_t> channels;
  /// sem_acquire, sem_release: the GPU's semaphores.
  std::vector<uint32_t> semaphores;
};

struct Threadblock {
  std::vector<Op> ops;
  /// The GPU's memory channels this threadblock uses (`channel_ids`).
  std::vector<uint32_t> channels;
  /// The GPU's remote buffers it writes (`remote_buffer_ids`).
  std::vector<uint32_t> remoteBuffers;
  /// For messages: the peer (-1 for local threadblocks), direction, channel.
  int32_t peer = -1;
  bool receives = false;
  uint32_t channel = 0;
};

/// A peer's buffer this GPU accesses through memory channels.
struct RemoteBuffer {
  uint32_t rank = 0;
  char type = 'o';
};

struct Gpu {
  uint32_t inputChunks = 0, outputChunks = 0, scratchChunks = 0;
  /// Peer of each memory channel (`connected_to`), in channel order.
  std::vector<uint32_t> channelPeers;
  std::vector<RemoteBuffer> remoteBuffers;
  /// Local semaphores, all with initial value 0.
  uint32_t semaphores = 0;
  std::vector<Threadblock> threadblocks;
};

struct Options {
  std::string name = "tacos";
  /// The executor runs the plan for min <= size <= max (input bytes; output
  /// bytes for All-Gather).
  uint64_t minMessageSize = 0, maxMessageSize = UINT64_MAX;
  uint32_t threadsPerBlock = kDefaultThreadsPerBlock;
  /// Threadblocks per GPU; 0: no limit. Every threadblock of a GPU must be
  /// resident at once (they spin on each other), so at most one per SM.
  uint32_t maxThreadblocks = 0;
};

struct Plan {
  std::string name;
  std::string collective;
  uint32_t threadsPerBlock = kDefaultThreadsPerBlock;
  uint64_t minMessageSize = 0, maxMessageSize = UINT64_MAX;
  std::vector<Gpu> gpus;
};

/// Builds the plan of a schedule that coll-verify accepts, or fails
/// (message) with what the format or the executor's limits cannot express.
std::optional<Plan> buildPlan(const CallShape &shape,
                              const ScheduleView &schedule,
                              const Options &options, std::string &error);

/// Writes the plan as the JSON the executor loads (protocol Simple, not in
/// place), keys in the order MSCCL++'s DSL writes them, one op a line.
void writeJson(const Plan &plan, std::ostream &os);

} // namespace tacos::exec::mscclpp

#endif // TACOS_EXECUTION_MSCCLPPPLAN_H
