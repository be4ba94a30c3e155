//===- RankProgram.cpp - What each MPI rank does to run a schedule --------===//
//
// See RankProgram.h for the buffers, the event order and why it cannot
// deadlock. This file decides, per rank: which pieces of `in`/`out` hold
// which chunk (Roles), where a chunk the rank writes lives (its place), and
// the steps in event order, with the waits that keep a buffer from being
// written while a send reads it.
//
//===----------------------------------------------------------------------===//

#include "tacos/Execution/RankProgram.h"

#include <algorithm>
#include <cassert>
#include <tuple>
#include <unordered_map>

namespace tacos::exec {

//===----------------------------------------------------------------------===//
// Shapes and roles
//===----------------------------------------------------------------------===//

static uint32_t groupSize(const CallShape &shape) {
  return uint32_t(shape.participants.size());
}

uint32_t CallShape::numPieces() const {
  switch (collectiveInfo(kind).buffers) {
  case Buffers::One:
    return chunksPerRank;
  case Buffers::PerParticipant:
  case Buffers::PerPair:
    return groupSize(*this) * chunksPerRank;
  }
  std::abort();
}

uint64_t CallShape::numChunks() const {
  uint64_t p = numPieces();
  return collectiveInfo(kind).buffers == Buffers::PerPair
             ? p * groupSize(*this)
             : p;
}

CallShape CallShape::of(const CollectiveSpec &spec, uint32_t numNpus) {
  CallShape shape;
  shape.kind = spec.kind;
  shape.participants = spec.participantIds(numNpus);
  if (spec.root)
    shape.root = uint32_t(*spec.root);
  shape.chunksPerRank = uint32_t(spec.chunksPerRank);
  shape.numRanks = numNpus;
  return shape;
}

/// Rank r's participant index, if it takes part.
static std::optional<uint32_t> participantIndex(const CallShape &shape,
                                                uint32_t rank) {
  for (uint32_t q = 0; q < shape.participants.size(); ++q)
    if (shape.participants[q] == rank)
      return q;
  return std::nullopt;
}

namespace {
/// What the collective says about one chunk at one rank: the piece of `in`
/// holding it at the start, the piece of `out` that must hold it at the end.
struct Roles {
  std::optional<uint32_t> inPiece, outPiece;
  /// The piece that sets the chunk's element count.
  uint32_t piece = 0;
};

/// Per-rank facts the roles are computed from.
struct RankView {
  const CallShape &shape;
  uint32_t rank;
  std::optional<uint32_t> q;
  uint32_t g, k;

  RankView(const CallShape &shape, uint32_t rank)
      : shape(shape), rank(rank), q(participantIndex(shape, rank)),
        g(groupSize(shape)), k(shape.chunksPerRank) {}

  bool isRoot() const { return shape.root && *shape.root == rank; }
  bool owns(uint64_t c) const { return q && c / k == *q; }

  Roles roles(uint64_t c) const {
    Roles r;
    r.piece = uint32_t(c);
    bool member = q.has_value();
    switch (shape.kind) {
    case CollectiveKind::AllGather:
      if (owns(c))
        r.inPiece = r.piece;
      if (member)
        r.outPiece = r.piece;
      break;
    case CollectiveKind::ReduceScatter:
      if (member)
        r.inPiece = r.piece;
      if (owns(c))
        r.outPiece = r.piece;
      break;
    case CollectiveKind::AllReduce:
      if (member)
        r.inPiece = r.outPiece = r.piece;
      break;
    case CollectiveKind::Broadcast:
      if (isRoot())
        r.inPiece = r.piece;
      if (member)
        r.outPiece = r.piece;
      break;
    case CollectiveKind::Reduce:
      if (member)
        r.inPiece = r.piece;
      if (isRoot())
        r.outPiece = r.piece;
      break;
    case CollectiveKind::Gather:
      if (owns(c))
        r.inPiece = r.piece;
      if (isRoot())
        r.outPiece = r.piece;
      break;
    case CollectiveKind::Scatter:
      if (isRoot())
        r.inPiece = r.piece;
      if (owns(c))
        r.outPiece = r.piece;
      break;
    case CollectiveKind::AllToAll: {
      // Chunk (s*G + d)*k + i: piece d*k + i of s's `in`, piece s*k + i of
      // d's `out`; both have the same length because E is a multiple of G.
      uint64_t i = c % k, pair = c / k;
      uint32_t s = uint32_t(pair / g), d = uint32_t(pair % g);
      r.piece = uint32_t(d * k + i);
      if (q && *q == s)
        r.inPiece = r.piece;
      if (q && *q == d)
        r.outPiece = uint32_t(s * k + i);
      break;
    }
    }
    return r;
  }
};
} // namespace

std::optional<uint32_t> slicePiece(const CallShape &shape, uint32_t rank,
                                   Buffer buffer) {
  auto q = participantIndex(shape, rank);
  if (!q)
    return std::nullopt;
  bool sliceIn = shape.kind == CollectiveKind::AllGather ||
                 shape.kind == CollectiveKind::Gather;
  bool sliceOut = shape.kind == CollectiveKind::ReduceScatter ||
                  shape.kind == CollectiveKind::Scatter;
  if ((buffer == Buffer::In && sliceIn) || (buffer == Buffer::Out && sliceOut))
    return *q * shape.chunksPerRank;
  return std::nullopt;
}

BufferLengths bufferLength(const CallShape &shape, uint32_t rank,
                           uint64_t elements) {
  BufferLengths lengths;
  auto q = participantIndex(shape, rank);
  if (!q)
    return lengths;
  uint64_t p = shape.numPieces(), k = shape.chunksPerRank;
  uint64_t slice = pieceOffset((*q + 1) * k, p, elements) -
                   pieceOffset(*q * k, p, elements);
  bool root = shape.root && *shape.root == rank;
  switch (shape.kind) {
  case CollectiveKind::AllGather:
    return {slice, elements};
  case CollectiveKind::ReduceScatter:
    return {elements, slice};
  case CollectiveKind::AllReduce:
  case CollectiveKind::AllToAll:
    return {elements, elements};
  case CollectiveKind::Broadcast:
    return {root ? elements : 0, elements};
  case CollectiveKind::Reduce:
    return {elements, root ? elements : 0};
  case CollectiveKind::Gather:
    return {slice, root ? elements : 0};
  case CollectiveKind::Scatter:
    return {root ? elements : 0, slice};
  }
  std::abort();
}

std::string checkElements(const CallShape &shape, uint64_t elements) {
  uint64_t g = groupSize(shape);
  if (shape.kind == CollectiveKind::AllToAll && g && elements % g)
    return "all_to_all needs an element count that is a multiple of its " +
           std::to_string(g) + " participants, got " +
           std::to_string(elements);
  return "";
}

//===----------------------------------------------------------------------===//
// The plan
//===----------------------------------------------------------------------===//

std::optional<ExecutionPlan> ExecutionPlan::build(const CallShape &shape,
                                                  const ScheduleView &schedule,
                                                  std::string &error) {
  ExecutionPlan plan;
  plan.callShape = shape;
  plan.schedule = schedule;
  uint32_t n = shape.numRanks;
  uint64_t chunks = shape.numChunks();
  auto fail = [&](size_t i, const std::string &what) {
    error = "transfer " + std::to_string(i) + " " + what;
    return std::nullopt;
  };
  plan.offsets.assign(size_t(n) + 2, 0);
  for (size_t i = 0; i < schedule.size(); ++i) {
    if (schedule.src(i) >= n || schedule.dst(i) >= n)
      return fail(i, "names an NPU outside the network's " +
                         std::to_string(n));
    if (schedule.src(i) == schedule.dst(i))
      return fail(i, "sends to its own NPU");
    if (schedule.chunk(i) >= chunks)
      return fail(i, "names chunk " + std::to_string(schedule.chunk(i)) +
                         " of " + std::to_string(chunks));
    if (schedule.kindByte(i) > 1)
      return fail(i, "has an unknown kind");
    if (schedule.end(i) <= schedule.start(i))
      return fail(i, "does not take time (end <= start): the order of "
                     "execution needs every message to start before it ends");
    ++plan.offsets[schedule.src(i) + 2];
    ++plan.offsets[schedule.dst(i) + 2];
  }
  for (uint32_t r = 0; r < n; ++r)
    plan.offsets[r + 2] += plan.offsets[r + 1];
  plan.transfers.resize(plan.offsets[n + 1]);
  for (size_t i = 0; i < schedule.size(); ++i) {
    plan.transfers[plan.offsets[schedule.src(i) + 1]++] = uint32_t(i);
    plan.transfers[plan.offsets[schedule.dst(i) + 1]++] = uint32_t(i);
  }
  plan.offsets.pop_back();

  // A link carries one transfer at a time: its request slot and its staging
  // slot are reused by the next transfer on it.
  std::vector<uint32_t> out;
  for (uint32_t r = 0; r < n; ++r) {
    out.clear();
    for (uint64_t j = plan.offsets[r]; j < plan.offsets[r + 1]; ++j)
      if (schedule.src(plan.transfers[j]) == r)
        out.push_back(plan.transfers[j]);
    auto key = [&](uint32_t i) {
      return std::make_tuple(schedule.dst(i), schedule.lane(i),
                             schedule.start(i), i);
    };
    std::sort(out.begin(), out.end(),
              [&](uint32_t a, uint32_t b) { return key(a) < key(b); });
    for (size_t j = 1; j < out.size(); ++j) {
      uint32_t a = out[j - 1], b = out[j];
      if (schedule.dst(a) == schedule.dst(b) &&
          schedule.lane(a) == schedule.lane(b) &&
          schedule.start(b) < schedule.end(a))
        return fail(b, "overlaps transfer " + std::to_string(a) +
                           " on link " + std::to_string(r) + " -> " +
                           std::to_string(schedule.dst(b)) +
                           ": a link carries one transfer at a time");
    }
  }
  return plan;
}

namespace {
enum class EventClass : uint8_t { Complete = 0, Post = 1, Send = 2 };

/// One thing a rank does for one transfer, with its key in the global order.
struct Event {
  int64_t time;
  EventClass cls;
  /// Reduces complete before copies at one time (the verifiers' order).
  uint8_t kindOrder;
  uint32_t peer;
  uint16_t lane;
  uint32_t chunk;
  uint32_t transfer;

  auto key() const {
    return std::make_tuple(time, cls, kindOrder, peer, lane, chunk, transfer);
  }
};

/// A chunk's state on the rank being planned.
struct ChunkState {
  Place place;
  bool holds = false;
  /// Out-links whose last, not yet waited, send reads this chunk's place.
  std::vector<uint32_t> readers;
};

/// Builds one rank's steps (see RankProgram.h).
class RankPlanner {
public:
  RankPlanner(const CallShape &shape, const ScheduleView &schedule,
              const uint32_t *transfers, size_t count, uint32_t rank)
      : view(shape, rank), schedule(schedule),
        transfers(transfers, transfers + count) {
    program.rank = rank;
  }

  RankProgram run() {
    program.participates = view.q.has_value() || !transfers.empty();
    if (!program.participates)
      return std::move(program);
    collectLinks();
    placeChunks();
    emitPrologue();
    std::vector<Event> events = orderedEvents();
    markDirectReceives(events);
    for (const Event &e : events)
      emit(e);
    for (uint32_t l = 0; l < program.outLinks.size(); ++l)
      if (sendPending[l])
        waitSend(l);
    return std::move(program);
  }

private:
  RankView view;
  const ScheduleView &schedule;
  std::vector<uint32_t> transfers;
  RankProgram program;
  std::unordered_map<uint64_t, uint32_t> outLinkOf, inLinkOf;
  std::unordered_map<uint32_t, ChunkState> chunks;
  std::vector<uint8_t> sendPending;
  /// The chunk whose place the pending send on each out-link reads.
  std::vector<uint32_t> sendChunk;
  /// Receives that land straight in their place (else through staging).
  std::unordered_map<uint32_t, bool> direct;

  static uint64_t linkKey(uint32_t peer, uint16_t lane) {
    return (uint64_t(peer) << 16) | lane;
  }
  bool sends(uint32_t i) const { return schedule.src(i) == view.rank; }

  void collectLinks() {
    std::vector<std::pair<uint32_t, uint16_t>> outs, ins;
    for (uint32_t i : transfers)
      (sends(i) ? outs : ins)
          .push_back(sends(i) ? std::make_pair(schedule.dst(i),
                                               schedule.lane(i))
                              : std::make_pair(schedule.src(i),
                                               schedule.lane(i)));
    auto assign = [](auto &list, auto &index, auto &links) {
      std::sort(list.begin(), list.end());
      list.erase(std::unique(list.begin(), list.end()), list.end());
      for (auto [peer, lane] : list) {
        index[linkKey(peer, lane)] = uint32_t(links.size());
        links.push_back({peer, lane});
      }
    };
    assign(outs, outLinkOf, program.outLinks);
    assign(ins, inLinkOf, program.inLinks);
    sendPending.assign(program.outLinks.size(), 0);
    sendChunk.assign(program.outLinks.size(), 0);
    program.scratchSlots = uint32_t(program.inLinks.size());
  }

  /// A chunk the rank finally holds lives in `out`; one it only holds at
  /// the start and never writes is read from `in`; anything else (a
  /// forwarded chunk, a partial sum of a chunk that ends elsewhere) gets a
  /// scratch slot of its own.
  void placeChunks() {
    std::unordered_map<uint32_t, bool> written;
    for (uint32_t i : transfers) {
      bool &w = written[schedule.chunk(i)];
      w = w || !sends(i);
    }
    auto place = [&](uint32_t c, bool isWritten) {
      Roles roles = view.roles(c);
      ChunkState &state = chunks[c];
      if (roles.outPiece)
        state.place = {Buffer::Out, 0, *roles.outPiece};
      else if (roles.inPiece && !isWritten)
        state.place = {Buffer::In, 0, *roles.inPiece};
      else
        state.place = {Buffer::Scratch, program.scratchSlots++, roles.piece};
      state.holds = roles.inPiece.has_value();
    };
    // Chunk order keeps slot numbers independent of hash-map order.
    std::vector<uint32_t> touched;
    for (auto &[c, w] : written)
      touched.push_back(c);
    std::sort(touched.begin(), touched.end());
    for (uint32_t c : touched)
      place(c, written[c]);
    // Chunks the rank holds at the start and keeps without any message
    // (its own All-Gather piece, an All-to-All piece to itself, ...).
    uint64_t total = view.shape.numChunks();
    if (view.q)
      for (uint64_t c = 0; c < total; ++c) {
        if (chunks.count(uint32_t(c)))
          continue;
        Roles roles = view.roles(c);
        if (roles.inPiece && roles.outPiece)
          place(uint32_t(c), false);
      }
  }

  /// Own data moved from `in` to where the schedule uses it, in piece order,
  /// contiguous ranges merged.
  void emitPrologue() {
    std::vector<std::pair<uint32_t, Place>> copies;
    for (auto &[c, state] : chunks) {
      Roles roles = view.roles(c);
      if (roles.inPiece && state.place.buffer != Buffer::In)
        copies.push_back({*roles.inPiece, state.place});
    }
    std::sort(copies.begin(), copies.end(), [](const auto &a, const auto &b) {
      return std::make_tuple(a.second.buffer, a.second.slot, a.first) <
             std::make_tuple(b.second.buffer, b.second.slot, b.first);
    });
    for (auto &[inPiece, place] : copies) {
      // In and the target number pieces alike (RankView::roles), so a copy
      // names one piece for both.
      assert(inPiece == place.piece && "in and place pieces differ");
      Step *last = program.steps.empty() ? nullptr : &program.steps.back();
      if (last && place.buffer == Buffer::Out &&
          last->place.buffer == Buffer::Out &&
          last->place.piece + last->count == place.piece) {
        ++last->count;
        continue;
      }
      program.steps.push_back({StepKind::CopyFromIn, 0, place, 1});
    }
  }

  std::vector<Event> orderedEvents() const {
    std::vector<Event> events;
    events.reserve(transfers.size() * 3 / 2 + 1);
    for (uint32_t i : transfers) {
      uint8_t kindOrder = schedule.kindByte(i) == 1 ? 0 : 1;
      if (sends(i)) {
        events.push_back({schedule.start(i), EventClass::Send, 0,
                          schedule.dst(i), schedule.lane(i),
                          schedule.chunk(i), i});
        continue;
      }
      events.push_back({schedule.start(i), EventClass::Post, 0,
                        schedule.src(i), schedule.lane(i), schedule.chunk(i),
                        i});
      events.push_back({schedule.end(i), EventClass::Complete, kindOrder,
                        schedule.src(i), schedule.lane(i), schedule.chunk(i),
                        i});
    }
    std::sort(events.begin(), events.end(),
              [](const Event &a, const Event &b) { return a.key() < b.key(); });
    return events;
  }

  /// A copy lands straight in its place only if nothing else touches the
  /// chunk on this rank while it is in flight (MPI forbids reading or
  /// writing a buffer with a pending receive); otherwise it goes through
  /// the in-link's staging slot.
  void markDirectReceives(const std::vector<Event> &events) {
    std::unordered_map<uint32_t, uint32_t> openReceive; // chunk -> transfer
    for (const Event &e : events) {
      auto it = openReceive.find(e.chunk);
      if (it != openReceive.end()) {
        bool own = e.cls == EventClass::Complete && e.transfer == it->second;
        if (!own)
          direct[it->second] = false;
        openReceive.erase(it);
      }
      if (e.cls == EventClass::Post) {
        bool copy = schedule.kindByte(e.transfer) == 0;
        direct[e.transfer] = copy;
        if (copy)
          openReceive[e.chunk] = e.transfer;
      }
    }
  }

  void waitSend(uint32_t link) {
    program.steps.push_back({StepKind::WaitSend, link, {}, 1});
    sendPending[link] = 0;
    auto &readers = chunks[sendChunk[link]].readers;
    readers.erase(std::remove(readers.begin(), readers.end(), link),
                  readers.end());
  }

  /// A place is written only after every send reading it has completed.
  void waitReaders(ChunkState &state) {
    std::vector<uint32_t> readers = state.readers;
    for (uint32_t link : readers)
      waitSend(link);
  }

  Place staging(uint32_t inLink, uint32_t chunk) const {
    return {Buffer::Scratch, inLink, view.roles(chunk).piece};
  }

  void emit(const Event &e) {
    ChunkState &state = chunks[e.chunk];
    switch (e.cls) {
    case EventClass::Send: {
      uint32_t link = outLinkOf.at(linkKey(e.peer, e.lane));
      if (sendPending[link])
        waitSend(link);
      program.steps.push_back({StepKind::PostSend, link, state.place, 1});
      sendPending[link] = 1;
      sendChunk[link] = e.chunk;
      state.readers.push_back(link);
      return;
    }
    case EventClass::Post: {
      uint32_t link = inLinkOf.at(linkKey(e.peer, e.lane));
      bool straight = direct[e.transfer];
      if (straight)
        waitReaders(state);
      program.steps.push_back({StepKind::PostRecv, link,
                               straight ? state.place
                                        : staging(link, e.chunk),
                               1});
      return;
    }
    case EventClass::Complete: {
      uint32_t link = inLinkOf.at(linkKey(e.peer, e.lane));
      program.steps.push_back({StepKind::WaitRecv, link, {}, 1});
      if (!direct[e.transfer]) {
        waitReaders(state);
        // A reduce into a rank that holds nothing yet sets the chunk
        // (docs/Verification.md), so it lands as a copy.
        bool combine = schedule.kindByte(e.transfer) == 1 && state.holds;
        program.steps.push_back({combine ? StepKind::Combine
                                         : StepKind::CopyFromStaging,
                                 link, state.place, 1});
      }
      state.holds = true;
      return;
    }
    }
  }
};
} // namespace

RankProgram ExecutionPlan::program(uint32_t rank) const {
  const uint32_t *begin = transfers.data() + offsets[rank];
  size_t count = offsets[rank + 1] - offsets[rank];
  return RankPlanner(callShape, schedule, begin, count, rank).run();
}

//===----------------------------------------------------------------------===//
// Reference semantics
//===----------------------------------------------------------------------===//

static double combine(ReduceOp op, double a, double b) {
  switch (op) {
  case ReduceOp::Sum:
    return a + b;
  case ReduceOp::Max:
    return std::max(a, b);
  case ReduceOp::Min:
    return std::min(a, b);
  }
  std::abort();
}

std::vector<double>
expectedOutput(const CallShape &shape, uint32_t rank, uint64_t elements,
               ReduceOp op, const std::vector<std::vector<double>> &inputs) {
  BufferLengths lengths = bufferLength(shape, rank, elements);
  std::vector<double> out(lengths.out, 0.0);
  if (out.empty())
    return out;
  uint64_t p = shape.numPieces(), k = shape.chunksPerRank;
  auto off = [&](uint64_t piece) { return pieceOffset(piece, p, elements); };
  const auto &members = shape.participants;
  uint32_t q = *participantIndex(shape, rank);
  // The value of element e of the whole buffer as `in` of `member` holds it
  // (slice buffers are addressed relative to their first piece).
  auto inputAt = [&](uint32_t member, uint64_t e) {
    auto first = slicePiece(shape, member, Buffer::In);
    return inputs[member][e - (first ? off(*first) : 0)];
  };
  auto reduced = [&](uint64_t e) {
    double acc = inputAt(members[0], e);
    for (size_t m = 1; m < members.size(); ++m)
      acc = combine(op, acc, inputAt(members[m], e));
    return acc;
  };
  auto ownerOf = [&](uint64_t e) {
    // The participant whose slice holds element e: the last q with
    // off(q*k) <= e.
    uint64_t lo = 0, hi = members.size() - 1;
    while (lo < hi) {
      uint64_t mid = (lo + hi + 1) / 2;
      if (off(mid * k) <= e)
        lo = mid;
      else
        hi = mid - 1;
    }
    return members[lo];
  };
  uint64_t sliceBase = off(uint64_t(q) * k);
  switch (shape.kind) {
  case CollectiveKind::AllGather:
  case CollectiveKind::Gather:
    for (uint64_t e = 0; e < elements; ++e)
      out[e] = inputAt(ownerOf(e), e);
    break;
  case CollectiveKind::ReduceScatter:
    for (uint64_t e = 0; e < out.size(); ++e)
      out[e] = reduced(sliceBase + e);
    break;
  case CollectiveKind::AllReduce:
  case CollectiveKind::Reduce:
    for (uint64_t e = 0; e < elements; ++e)
      out[e] = reduced(e);
    break;
  case CollectiveKind::Broadcast:
    out = inputs[*shape.root];
    break;
  case CollectiveKind::Scatter:
    for (uint64_t e = 0; e < out.size(); ++e)
      out[e] = inputs[*shape.root][sliceBase + e];
    break;
  case CollectiveKind::AllToAll: {
    // Block s of d's `out` is block d of s's `in` (E is a multiple of G).
    uint64_t block = elements / members.size();
    for (uint64_t s = 0; s < members.size(); ++s)
      for (uint64_t j = 0; j < block; ++j)
        out[s * block + j] = inputs[members[s]][uint64_t(q) * block + j];
    break;
  }
  }
  return out;
}

} // namespace tacos::exec
