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
// own. Threadblocks: one per (peer, direction, channel) as MSCCL's own
// tools make them, plus one local threadblock for the copies from `in`.
// Channels: lane l of a link and transfers that overlap on it (pipelined
// link model) take different channels, so that within one channel a link
// carries one transfer at a time and the sender's order (by start) is the
// receiver's order (by end): the FIFO pairing per (sending threadblock,
// receiving threadblock, channel) delivers the chunks the schedule says.
//
// Order and dependencies. Every GPU acts in the MPI lowering's event order
// (time; receives ending at t before sends starting at t; then peer, lane,
// chunk, transfer). A threadblock's steps are that order restricted to it;
// across threadblocks, a send waits for the last write of its chunk's place,
// and a receive (write) waits for the last write and for every send that
// read the place since. A step carries one dependency; the others become
// `nop` steps before it. It cannot deadlock for the reason RankProgram.h
// gives: every wait is for a step with a smaller (time, class) key.
//
//===----------------------------------------------------------------------===//

#ifndef TACOS_EXECUTION_MSCCLPROGRAM_H
#define TACOS_EXECUTION_MSCCLPROGRAM_H

#include "tacos/Execution/RankProgram.h"

#include <cstdint>
#include <optional>
#include <ostream>
#include <string>
#include <vector>

namespace tacos::exec::msccl {

/// The executor's limits (msccl_struct.h).
constexpr uint32_t kMaxStepsPerThreadblock = 64;
constexpr uint32_t kMaxThreadblocksPerChannel = 32;
constexpr uint32_t kMaxCount = 71;
constexpr int32_t kMaxOffset = 32767;
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
  /// The executor picks the algorithm for minBytes <= size < maxBytes.
  uint64_t minBytes = 0, maxBytes = uint64_t(1) << 32;
  /// ASTRA-sim's converter: only s, r, rrc and nop steps, srcoff == dstoff
  /// (copies from `in` are left out; it models communication only).
  bool astraSim = false;
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

/// Channel of every transfer, shared by both ends: per (src, dst), each
/// (lane, overlap index) pair gets its own channel, numbered in that order;
/// overlap indices are assigned greedily in start order (the lowest free
/// one), as the MPI lowering splits a link into request slots. With
/// `perChannel`, every such sequence is further cut into blocks of at most
/// that many transfers, one channel each, so that threadblocks fit an
/// executor's step limit. (The MSCCL++ plan uses it too.)
std::vector<uint32_t> assignChannels(const ScheduleView &schedule,
                                     uint32_t perChannel);

/// A group as a communicator of its own: GPU q is participant q (the root
/// renumbered too), so `group` and `renumbered` are the call and schedule
/// over every GPU. Fails (message) if a transfer goes through an NPU outside
/// the group: an executor runs a collective over every GPU of its
/// communicator, so a relay outside has no spelling. `format` names the
/// format in the message.
bool groupCommunicator(const CallShape &shape, const ScheduleView &schedule,
                       const char *format, CallShape &group,
                       Schedule &renumbered, std::string &error);

/// Writes the `<algo>` element with every attribute the executor requires.
void writeXml(const Program &program, std::ostream &os);

} // namespace tacos::exec::msccl

#endif // TACOS_EXECUTION_MSCCLPROGRAM_H
