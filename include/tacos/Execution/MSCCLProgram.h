//===- MSCCLProgram.h - A schedule as an MSCCL-IR program -------*- C++ -*-===//
//
// The MSCCL executor (msccl-executor-nccl), RCCL and ASTRA-sim's converter
// interpret MSCCL-IR XML: per GPU, threadblocks of steps over three buffers
// (i, o, s). This is the program model and its XML writer, plain C++ (the
// tacos-translate exporter in lib/Target/MSCCL only reads the algorithm and
// calls it). The format and its limits: ../shared/reference/MSCCL-XML.md.
//
// Chunks live where the MPI lowering puts them (exec::chunkRoles): a chunk
// the rank finally holds in `out`, one it only reads at the start in `in`,
// anything else (forwarded chunks, partial sums) in a scratch chunk of its
// own. Threadblocks: one per connection (peer, direction, channel) as
// MSCCL's own tools make them, or one for a receive and a send connection
// whose steps fuse (below), plus local threadblocks for the copies from
// `in`. Channels: lane l of a link and transfers that overlap on it
// (pipelined link model) take different channels, so that within one
// channel a link carries one transfer at a time and the sender's order (by
// start) is the receiver's order (by end): the FIFO pairing per (sending
// threadblock, receiving threadblock, channel) delivers the chunks the
// schedule says. Over 64 steps in a threadblock, a link's transfers are cut
// into blocks on channels of their own; over 32 threadblocks on a channel,
// links spread over channel colours ((src + dst) % colours). The executor
// runs channels independently, so the first send of each channel on a link
// (lane) waits for the link's send that ended last by its start, on another
// channel (the previous block's last): the link keeps the schedule's order
// instead of interleaving the blocks.
//
// Order and dependencies. Every GPU acts in the MPI lowering's event order
// (time; receives ending at t before sends starting at t; then peer, lane,
// chunk, transfer). A threadblock's steps are that order restricted to it;
// across threadblocks, a send waits for the last write of its chunk's place,
// and a receive (write) waits for the last write and for every send that
// read the place since. A step carries one dependency; the others become
// `nop` steps before it. It cannot deadlock for the reason RankProgram.h
// gives: every wait is for a step with a smaller (time, class) key (the
// wait between a link's channels is for a send that started earlier than
// the waiting one and ended by its start; a send
// also waits for room: for the receiver to take the messages before it that
// the connection's buffer, kConnectionRoom chunks at the least, cannot hold
// besides it; their receives ended no later than the send starts).
//
// Aggregation (cnt > 1). Consecutive transfers of one connection (source,
// destination, channel) become one step at the first one's place in the
// order when nothing can tell: their places are contiguous on both GPUs, they
// land the same way (all reduce, or all plain), the sender writes none of
// the step's chunks between the first send and the last, and no other step
// of the receiver touches any of them between the first receive and the
// last (the step completes with its last chunk: a forward of the first
// would wait for it, later than the schedule says). Then the
// sender has every chunk at the first send, and the receiver may take them
// all at the first receive; every wait of the step is still for a smaller
// key. Up to kMaxCount chunks a step. The executor moves a step's chunks one
// piece after the other through the connection's buffer, which holds
// kConnectionRoom chunks at the least; a step of more chunks completes only
// while its receive runs, so its connection keeps threadblocks of its own at
// both ends (never one with two peers), where nothing else waits behind it.
//
// Fusion. A send whose data is what a receive on the same GPU and channel
// just wrote (every chunk's last write is that receive) becomes part of the
// receive's step: `rcs` after a plain receive, `rrcs` after a reduction the
// GPU keeps, `rrs` after one it does not keep (the chunk's next access is the
// send and then nothing, outside `o`, or an overwriting plain receive).
// The fused step completes only when its send does (the executor runs a
// threadblock's next step, and releases the step's dependents, after all of
// it), so it fuses only if nothing would wait for it earlier than the
// schedule says: no other access of its chunks on the GPU, and no later
// step of either connection, comes before the send's transfers end (a sum
// sent over two links at once stays r/rrc plus two sends). The
// step sits at the receive's place in the order if no other send of that
// connection comes between (FIFO order unchanged), else at the send's place
// if no other receive of the receiving connection comes between and nothing
// touches the chunks meanwhile. Then the waits for room are checked over all
// GPUs with the keys where the steps sit (checkRoom in MSCCLProgram.cpp):
// where a receive that must have been taken does not come strictly earlier
// than the send that waits for it, the fusion moves from the receive's place
// to the send's, or goes; unfused keys always pass. Such a step needs a
// threadblock with both peers on one channel, as msccl-tools makes them: per
// GPU, (receive peer, send peer, channel) triples are paired greedily by how
// many steps they fuse, each connection in at most one threadblock, none
// beyond 64 steps, none where a step would wait for the one before it
// longer than the schedule says (a send completes when its last chunk
// arrives, a receive or a cnt > 1 step with its last chunk, a fused step
// with its send). `re` is never needed: every reduction of a schedule lands
// with a receive.
//
// In place. The executor runs an `inplace` program when the call's buffers
// alias: `in` is `out` (allreduce, reduce, broadcast, alltoall), `in` is the
// rank's slice of `out` (allgather, gather: i[j] is o[rank*i_chunks + j]),
// or `out` is the rank's slice of `in` (reducescatter, scatter: o[j] is
// i[rank*o_chunks + j]). inplace=1 is written when aliasing changes nothing:
// every read of `in` is a copy onto its own alias, or reads a chunk whose
// alias no step writes. That holds for every collective except All-to-All,
// whose input chunks go out from places that receives overwrite. The ASTRA-
// sim mode writes inplace=0 (it leaves the copies out). outofplace is 1.
//
// Size window. Without --msccl-min-bytes/--msccl-max-bytes the executor
// picks the program for calls whose chunk is within a factor 2 of the
// algorithm's: [chunksPerLoop * chunk / 2, chunksPerLoop * chunk * 2]
// (defaultWindow), i.e. half to twice the synthesized buffer size.
//
//===----------------------------------------------------------------------===//

#ifndef TACOS_EXECUTION_MSCCLPROGRAM_H
#define TACOS_EXECUTION_MSCCLPROGRAM_H

#include "tacos/Execution/RankProgram.h"

#include <cstdint>
#include <optional>
#include <ostream>
#include <string>
#include <utility>
#include <vector>

namespace tacos::exec::msccl {

/// The executor's limits (msccl_struct.h).
constexpr uint32_t kMaxStepsPerThreadblock = 64;
constexpr uint32_t kMaxThreadblocksPerChannel = 32;
constexpr uint32_t kMaxCount = 71;
constexpr int32_t kMaxOffset = 32767;
/// Chunks a connection's buffer holds at the least (Simple: two pieces of
/// one chunk for large calls; LL and LL128 hold eight).
constexpr uint32_t kConnectionRoom = 2;
/// NCCL's MAXCHANNELS, which the executor's channels index.
constexpr uint32_t kMaxChannels = 32;

enum class Protocol : uint8_t { Simple, LL, LL128 };
const char *protocolName(Protocol protocol);
std::optional<Protocol> parseProtocol(const std::string &name);

enum class StepType : uint8_t {
  Send,
  Recv,
  RecvCopySend,
  RecvReduceSend,
  RecvReduceCopy,
  RecvReduceCopySend,
  LocalReduce,
  Copy,
  Nop,
};
/// The XML spelling: s, r, rcs, rrs, rrc, rrcs, re, cpy, nop.
const char *stepTypeName(StepType type);

struct Step {
  StepType type = StepType::Nop;
  /// 'i', 'o' or 's'.
  char srcBuf = 'i', dstBuf = 'i';
  /// In chunks; -1 when unused (nop).
  int32_t srcOff = -1, dstOff = -1;
  uint32_t count = 0;
  /// The one cross-threadblock dependency (threadblock, step), or -1.
  int32_t depTb = -1, depStep = -1;
  /// Another step waits for this one.
  bool hasDep = false;
};

struct Threadblock {
  int32_t send = -1, recv = -1;
  uint32_t channel = 0;
  std::vector<Step> steps;
};

struct Gpu {
  uint32_t inChunks = 0, outChunks = 0, scratchChunks = 0;
  std::vector<Threadblock> threadblocks;
};

struct Options {
  std::string name = "tacos";
  Protocol protocol = Protocol::Simple;
  /// The executor picks the algorithm for minBytes <= size <= maxBytes
  /// (msccl_lifecycle.cc; maxBytes 0: no bound).
  uint64_t minBytes = 0, maxBytes = uint64_t(1) << 32;
  /// ASTRA-sim's converter: only s, r, rrc and nop steps, srcoff == dstoff
  /// (copies from `in` are left out; it models communication only).
  bool astraSim = false;
  /// Fuse forwards into rcs/rrs/rrcs steps and aggregate chunks into cnt > 1
  /// steps (see above); off, every transfer is its own s and r/rrc.
  bool fuse = true;
};

struct Program {
  std::string name;
  std::string coll;
  Protocol protocol = Protocol::Simple;
  uint32_t numChannels = 1, chunksPerLoop = 0;
  bool inplace = false, outofplace = true;
  uint64_t minBytes = 0, maxBytes = 0;
  std::vector<Gpu> gpus;
};

/// The MSCCL spelling of a collective (allgather, reducescatter, ...).
const char *collName(CollectiveKind kind);

/// Builds the program of a schedule that coll-verify accepts, or fails
/// (message) with what the format or the executor's limits cannot express.
std::optional<Program> buildProgram(const CallShape &shape,
                                    const ScheduleView &schedule,
                                    const Options &options, std::string &error);

/// One end of transfer `i` on `rank` (its send or its receive) in the
/// GPU's event order (above): time; receives ending at t before sends
/// starting at t; reductions before copies; then peer, lane, chunk and
/// transfer, properties of the transfer, so both ends agree. The MSCCL++
/// plan orders its GPUs the same way.
struct EventKey {
  int64_t time;
  uint8_t cls; // 0: receive completes, 1: send starts
  uint8_t kindOrder;
  uint32_t peer;
  uint16_t lane;
  uint32_t chunk;
  size_t transfer;

  static EventKey of(const ScheduleView &schedule, size_t i, uint32_t rank);
  bool operator<(const EventKey &o) const;
};

/// Channel of every transfer, shared by both ends: per (src, dst), each
/// (lane, overlap index) pair gets its own channel, numbered in that order;
/// overlap indices are assigned greedily in start order (the lowest free
/// one), as the MPI lowering splits a link into request slots. With
/// `perChannel`, every such sequence is further cut into blocks of at most
/// that many transfers, one channel each, so that threadblocks fit an
/// executor's step limit. With `colours` > 1, channel c of link (src, dst)
/// becomes c * colours + (src + dst) % colours: a GPU's links spread evenly
/// over the colours, both ends agree, and a channel holds about 1/colours
/// of a GPU's threadblocks. (The MSCCL++ plan uses it too.)
std::vector<uint32_t> assignChannels(const ScheduleView &schedule,
                                     uint32_t perChannel,
                                     uint32_t colours = 1);

/// Why a transfer cannot be exported (a link outside the call's ranks or a
/// self-loop, an unknown chunk or kind, no duration), or empty. Exports
/// check this themselves, so that a schedule that skipped coll-verify fails
/// cleanly rather than indexing out of range.
std::string checkTransfers(const CallShape &shape, const ScheduleView &schedule);

/// A group as a communicator of its own: GPU q is participant q (the root
/// renumbered too), so `group` and `renumbered` are the call and schedule
/// over every GPU. Fails (message) if a transfer goes through an NPU outside
/// the group: an executor runs a collective over every GPU of its
/// communicator, so a relay outside has no spelling. `format` names the
/// format in the message.
bool groupCommunicator(const CallShape &shape, const ScheduleView &schedule,
                       const char *format, CallShape &group,
                       Schedule &renumbered, std::string &error);

/// The size window for a program whose chunks are `chunkBytes` (the largest
/// chunk of the request): half to twice chunksPerLoop * chunkBytes.
std::pair<uint64_t, uint64_t> defaultWindow(const Program &program,
                                            uint64_t chunkBytes);

/// Writes the `<algo>` element with every attribute the executor requires.
void writeXml(const Program &program, std::ostream &os);

} // namespace tacos::exec::msccl

#endif // TACOS_EXECUTION_MSCCLPROGRAM_H
