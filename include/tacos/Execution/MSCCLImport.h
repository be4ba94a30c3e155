//===- MSCCLImport.h - An MSCCL-IR program as a schedule --------*- C++ -*-===//
//
// The inverse of MSCCLProgram.h: MSCCL-IR XML, written by tacos or by other
// tools (msccl-tools, TACCL, by hand), back into the transfers of a
// collective. Plain C++; the tacos-translate importer in lib/Target/MSCCL
// only chooses the network and writes the IR.
//
// Reading (parseProgram). The XML (XmlReader.h) becomes an msccl::Program;
// every attribute the executor reads is checked, with the line and column of
// the element or attribute at fault: ids 0..n-1 in order, step types,
// buffers, offsets + cnt within the GPU's buffers, peers, channels, the one
// dependency per step (dangling ones, and ones whose target does not set
// `hasdep`, which the executor would never signal), the executor's limits.
// msccl-tools omit `outofplace`, `minBytes` and `maxBytes`; they are
// optional here.
//
// Pairing. Sends and receives pair as the executor's connections do: one
// FIFO per (sending GPU, receiving GPU, channel), the k-th send with the
// k-th receive, so at most one threadblock of a GPU sends to a peer on a
// channel (and one receives). Counts and `cnt` must agree.
//
// Interpretation (interpret). The program runs symbolically, in time order:
// a threadblock's step starts when its previous step and its dependency are
// done and, for a receive, when its message has arrived; a message of cnt
// chunks becomes cnt transfers, each on the earliest free lane of its link,
// started as soon as the link is free (ASAP under the link model); a send
// step is done when its last chunk arrives; local steps take no time. A
// program that stops with steps left deadlocks; the error names the cycle.
//
// Values and chunk ids. Every buffer slot holds a value: a chunk id and the
// set of ranks whose contributions it combines. At the start, a GPU's `in`
// holds what exec::chunkRoles says (the placement every tacos back end
// uses, so chunk ids come out as the collective numbers them); `inplace`
// aliases `in` and `out` as the runtime does (All-Gather's `in` is the
// rank's slice of `out`, Reduce-Scatter's `out` the rank's slice of `in`).
// At the end every `out` slot chunkRoles names must hold its chunk with
// every contribution; the error names the GPU, the slot and what it holds.
//
// The transfer model keeps one value per (NPU, chunk), so a program must
// keep its values of a chunk consistent with it: a send sends the GPU's
// value of the chunk, a receive (r, rcs) sets it, a receive-reduce (rrc,
// rrs, rrcs) combines the received value with the GPU's value (kind Reduce).
// A contribution received (r) into a slot of its own and later combined
// into the GPU's value by `re` is a reduce transfer, if the GPU neither sent
// nor replaced the chunk in between. What has no such spelling (other
// partial values of one chunk kept apart on one GPU) is refused where it is
// first used.
//
//===----------------------------------------------------------------------===//

#ifndef TACOS_EXECUTION_MSCCLIMPORT_H
#define TACOS_EXECUTION_MSCCLIMPORT_H

#include "tacos/Collective/Collective.h"
#include "tacos/Collective/Schedule.h"
#include "tacos/Execution/MSCCLProgram.h"
#include "tacos/Execution/XmlReader.h"
#include "tacos/Network/LinkCost.h"

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace tacos::exec::msccl {

struct ImportError {
  std::string message;
  xml::Position at;
};

/// Where the elements of a parsed program are.
struct SourceMap {
  xml::Position algo;
  std::vector<xml::Position> gpus;
  std::vector<std::vector<xml::Position>> tbs;
  std::vector<std::vector<std::vector<xml::Position>>> steps;
};

struct ParsedProgram {
  Program program;
  CollectiveKind kind = CollectiveKind::AllGather;
  /// Chunks per rank (k): nchunksperloop / ngpus, or nchunksperloop for
  /// Broadcast and Reduce.
  uint32_t chunksPerRank = 1;
  SourceMap where;
};

/// The collective an MSCCL `coll` names: allgather, reducescatter,
/// allreduce, alltoall, broadcast, reduce, gather, scatter (also with an
/// underscore, as TACCL writes reduce_scatter).
std::optional<CollectiveKind> parseCollName(std::string_view name);

/// Reads and checks a program (see the file comment).
std::optional<ParsedProgram> parseProgram(std::string_view text,
                                          ImportError &error);

/// An ordered pair of GPUs that exchange messages, and the first threadblock
/// that makes it so (for a located error when the network has no link).
struct PeerPair {
  uint32_t src = 0, dst = 0;
  xml::Position at;
};
/// Every pair, in (src, dst) order.
std::vector<PeerPair> peerPairs(const ParsedProgram &parsed);

struct ImportOptions {
  /// The network NPU of each GPU (empty: GPU g is NPU g).
  std::vector<uint32_t> npuOf;
  /// The root GPU of a rooted collective; without it, the one GPU that
  /// never receives (Broadcast, Scatter) or never sends (Reduce, Gather).
  std::optional<uint32_t> rootGpu;
  uint64_t chunkBytes = 1 << 20;
  /// The request's size instead (split into whole-byte chunks as the
  /// collective splits it, so chunks may differ by a byte); unset:
  /// chunkBytes times the chunk count. 0 is refused, not taken as unset.
  std::optional<uint64_t> sizeBytes;
  LinkModel model = LinkModel::Blocking;
};

struct ImportedAlgorithm {
  /// Group (NPU ids) and root as the network numbers them.
  CollectiveSpec spec;
  Schedule schedule;
  int64_t timePs = 0;
};

/// Runs the program on `network` (whose links the caller checked with
/// peerPairs) and returns the transfers, or an error located in the file.
std::optional<ImportedAlgorithm> interpret(const ParsedProgram &parsed,
                                           const Network &network,
                                           const ImportOptions &options,
                                           ImportError &error);

} // namespace tacos::exec::msccl

#endif // TACOS_EXECUTION_MSCCLIMPORT_H
