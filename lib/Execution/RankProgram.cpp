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
  // Participant r is usually NPU r: no search (the MSCCL importer asks for
  // every chunk at every GPU).
  if (rank < shape.participants.size() && shape.participants[rank] == rank)
    return rank;
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

ChunkRoles chunkRoles(const CallShape &shape, uint32_t rank, uint64_t chunk) {
  Roles roles = RankView(shape, rank).roles(chunk);
  return {roles.inPiece, roles.outPiece, roles.piece};
}

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

/// The element counts a call accepts are the multiples of this.
static uint64_t elementMultiple(const CallShape &shape) {
  uint64_t g = groupSize(shape);
  return shape.kind == CollectiveKind::AllToAll && g ? g : 1;
}

std::string checkElements(const CallShape &shape, uint64_t elements) {
  uint64_t multiple = elementMultiple(shape);
  if (elements % multiple)
    return "all_to_all needs an element count that is a multiple of its " +
           std::to_string(multiple) + " participants, got " +
           std::to_string(elements);
  return "";
}

uint64_t nearestAcceptedElements(const CallShape &shape, uint64_t elements) {
  uint64_t multiple = elementMultiple(shape), over = elements % multiple;
  uint64_t below = elements - over;
  if (below == 0)
    return multiple;
  return over * 2 <= multiple ? below : below + multiple;
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

  return plan;
}

namespace {
enum class EventClass : uint8_t { Complete = 0, Post = 1, Send = 2 };

/// One thing a rank does for one transfer, with its key in the global order.
/// The key's tie-break is a property of the transfer (never of the rank), so
/// both ends of a pair order that pair's messages alike.
struct Event {
  int64_t time;
  EventClass cls;
  /// Reduces complete before copies at one time (the verifiers' order).
  uint8_t kindOrder;
  uint16_t lane;
  uint32_t peer;
  uint32_t chunk;
  uint32_t transfer;
  /// Index into the planner's per-transfer arrays.
  uint32_t local;

  bool operator<(const Event &o) const {
    return std::tie(time, cls, kindOrder, peer, lane, chunk, transfer) <
           std::tie(o.time, o.cls, o.kindOrder, o.peer, o.lane, o.chunk,
                    o.transfer);
  }
};

/// A chunk's state on the rank being planned.
struct ChunkState {
  Place place;
  bool holds = false;
  bool written = false;
  /// Out-links whose last, not yet waited, send reads this chunk's place.
  std::vector<uint32_t> readers;
};

constexpr uint32_t kNone = ~0u;

/// Builds one rank's steps (see RankProgram.h). Everything is indexed
/// densely: by local transfer (0 .. the rank's transfers), by link, and by
/// the rank's chunks in id order (found by binary search).
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
      if (sendState[l] != kNone)
        waitSend(l);
    return std::move(program);
  }

private:
  RankView view;
  const ScheduleView &schedule;
  std::vector<uint32_t> transfers;
  RankProgram program;
  /// Per local transfer: its link (out-link if the rank sends it) and the
  /// index of its chunk's state.
  std::vector<uint32_t> linkOf, stateOf;
  /// Chunk ids the rank deals with, sorted, and their states.
  std::vector<uint32_t> chunkIds;
  std::vector<ChunkState> states;
  /// Per out-link: the state whose place its pending send reads, or kNone.
  std::vector<uint32_t> sendState;
  /// Per local transfer: a receive that lands straight in its place (else
  /// through the in-link's staging slot).
  std::vector<uint8_t> direct;

  bool sends(uint32_t i) const { return schedule.src(i) == view.rank; }
  uint32_t peerOf(uint32_t i) const {
    return sends(i) ? schedule.dst(i) : schedule.src(i);
  }

  /// Links of the rank, each split into channels: transfers that overlap
  /// on one link (the pipelined link model lets a chunk enter a link before
  /// the previous one has left it) take different channels, each with its
  /// own request and staging slot. Channels are assigned greedily in start
  /// order, the lowest free one first, so a link with one transfer at a
  /// time has one channel.
  void collectLinks() {
    linkOf.assign(transfers.size(), 0);
    std::vector<std::tuple<uint32_t, uint16_t, int64_t, uint32_t, uint32_t>>
        outs, ins;
    for (uint32_t j = 0; j < transfers.size(); ++j) {
      uint32_t i = transfers[j];
      (sends(i) ? outs : ins)
          .push_back({peerOf(i), schedule.lane(i), schedule.start(i), i, j});
    }
    auto assign = [&](auto &list, std::vector<RankLink> &links) {
      std::sort(list.begin(), list.end());
      // Channels of the current (peer, lane): link index and busy-until.
      std::vector<std::pair<uint32_t, int64_t>> channels;
      for (size_t n = 0; n < list.size(); ++n) {
        uint32_t peer = std::get<0>(list[n]), i = std::get<3>(list[n]);
        uint16_t lane = std::get<1>(list[n]);
        int64_t start = std::get<2>(list[n]);
        if (n == 0 || std::get<0>(list[n - 1]) != peer ||
            std::get<1>(list[n - 1]) != lane)
          channels.clear();
        auto free = std::find_if(channels.begin(), channels.end(),
                                 [&](auto &c) { return c.second <= start; });
        if (free == channels.end()) {
          links.push_back({peer, lane});
          channels.push_back({uint32_t(links.size() - 1), 0});
          free = channels.end() - 1;
        }
        free->second = schedule.end(i);
        linkOf[std::get<4>(list[n])] = free->first;
      }
    };
    assign(outs, program.outLinks);
    assign(ins, program.inLinks);
    sendState.assign(program.outLinks.size(), kNone);
    program.scratchSlots = uint32_t(program.inLinks.size());
  }

  /// Chunks the rank may hold at the start and keep without any message
  /// (its own All-Gather pieces, an All-to-All piece to itself, every
  /// All-Reduce piece, ...): the only ones with both an `in` and an `out`
  /// piece.
  std::vector<uint32_t> selfChunkCandidates() const {
    std::vector<uint32_t> list;
    if (!view.q)
      return list;
    uint32_t q = *view.q, k = view.k, g = view.g;
    switch (view.shape.kind) {
    case CollectiveKind::AllReduce:
    case CollectiveKind::Broadcast:
    case CollectiveKind::Reduce:
      for (uint32_t c = 0; c < view.shape.numPieces(); ++c)
        list.push_back(c);
      break;
    case CollectiveKind::AllToAll:
      for (uint32_t i = 0; i < k; ++i)
        list.push_back((q * g + q) * k + i);
      break;
    case CollectiveKind::AllGather:
    case CollectiveKind::ReduceScatter:
    case CollectiveKind::Gather:
    case CollectiveKind::Scatter:
      for (uint32_t i = 0; i < k; ++i)
        list.push_back(q * k + i);
      break;
    }
    return list;
  }

  uint32_t stateIndex(uint32_t chunk) const {
    auto it = std::lower_bound(chunkIds.begin(), chunkIds.end(), chunk);
    return uint32_t(it - chunkIds.begin());
  }

  /// A chunk the rank finally holds lives in `out`; one it only holds at
  /// the start and never writes is read from `in`; anything else (a
  /// forwarded chunk, a partial sum of a chunk that ends elsewhere) gets a
  /// scratch slot of its own.
  void placeChunks() {
    for (uint32_t i : transfers)
      chunkIds.push_back(schedule.chunk(i));
    for (uint32_t c : selfChunkCandidates()) {
      Roles roles = view.roles(c);
      if (roles.inPiece && roles.outPiece)
        chunkIds.push_back(c);
    }
    std::sort(chunkIds.begin(), chunkIds.end());
    chunkIds.erase(std::unique(chunkIds.begin(), chunkIds.end()),
                   chunkIds.end());
    states.resize(chunkIds.size());
    stateOf.resize(transfers.size());
    for (uint32_t j = 0; j < transfers.size(); ++j) {
      stateOf[j] = stateIndex(schedule.chunk(transfers[j]));
      if (!sends(transfers[j]))
        states[stateOf[j]].written = true;
    }
    // Chunk order keeps slot numbers deterministic.
    for (uint32_t s = 0; s < states.size(); ++s) {
      Roles roles = view.roles(chunkIds[s]);
      ChunkState &state = states[s];
      if (roles.outPiece)
        state.place = {Buffer::Out, 0, *roles.outPiece};
      else if (roles.inPiece && !state.written)
        state.place = {Buffer::In, 0, *roles.inPiece};
      else
        state.place = {Buffer::Scratch, program.scratchSlots++, roles.piece};
      state.holds = roles.inPiece.has_value();
    }
  }

  /// Own data moved from `in` to where the schedule uses it, in place
  /// order, contiguous `out` ranges merged into one step.
  void emitPrologue() {
    std::vector<Place> copies;
    for (uint32_t s = 0; s < states.size(); ++s) {
      Roles roles = view.roles(chunkIds[s]);
      if (!roles.inPiece || states[s].place.buffer == Buffer::In)
        continue;
      // In and the target number pieces alike (RankView::roles), so a copy
      // names one piece for both.
      assert(*roles.inPiece == states[s].place.piece && "pieces differ");
      copies.push_back(states[s].place);
    }
    std::sort(copies.begin(), copies.end(), [](const Place &a, const Place &b) {
      return std::tie(a.buffer, a.slot, a.piece) <
             std::tie(b.buffer, b.slot, b.piece);
    });
    for (const Place &place : copies) {
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
    for (uint32_t j = 0; j < transfers.size(); ++j) {
      uint32_t i = transfers[j];
      uint8_t kindOrder = schedule.kindByte(i) == 1 ? 0 : 1;
      Event e{schedule.start(i), EventClass::Send, 0, schedule.lane(i),
              peerOf(i), schedule.chunk(i), i, j};
      if (sends(i)) {
        events.push_back(e);
        continue;
      }
      e.cls = EventClass::Post;
      events.push_back(e);
      e.time = schedule.end(i);
      e.cls = EventClass::Complete;
      e.kindOrder = kindOrder;
      events.push_back(e);
    }
    std::sort(events.begin(), events.end());
    return events;
  }

  /// A copy lands straight in its place only if nothing else touches the
  /// chunk on this rank while it is in flight (MPI forbids reading or
  /// writing a buffer with a pending receive); otherwise it goes through
  /// the in-link's staging slot.
  void markDirectReceives(const std::vector<Event> &events) {
    direct.assign(transfers.size(), 0);
    // Per chunk state: the local transfer of an open direct receive.
    std::vector<uint32_t> open(states.size(), kNone);
    for (const Event &e : events) {
      uint32_t &o = open[stateOf[e.local]];
      if (o != kNone) {
        if (!(e.cls == EventClass::Complete && e.local == o))
          direct[o] = 0;
        o = kNone;
      }
      if (e.cls == EventClass::Post && schedule.kindByte(e.transfer) == 0) {
        direct[e.local] = 1;
        o = e.local;
      }
    }
  }

  void waitSend(uint32_t link) {
    program.steps.push_back({StepKind::WaitSend, link, {}, 1});
    auto &readers = states[sendState[link]].readers;
    readers.erase(std::remove(readers.begin(), readers.end(), link),
                  readers.end());
    sendState[link] = kNone;
  }

  /// A place is written only after every send reading it has completed.
  void waitReaders(ChunkState &state) {
    while (!state.readers.empty())
      waitSend(state.readers.back());
  }

  Place staging(uint32_t inLink, const ChunkState &state) const {
    return {Buffer::Scratch, inLink, state.place.piece};
  }

  void emit(const Event &e) {
    uint32_t link = linkOf[e.local];
    ChunkState &state = states[stateOf[e.local]];
    switch (e.cls) {
    case EventClass::Send:
      if (sendState[link] != kNone)
        waitSend(link);
      program.steps.push_back({StepKind::PostSend, link, state.place, 1});
      sendState[link] = stateOf[e.local];
      state.readers.push_back(link);
      return;
    case EventClass::Post:
      if (direct[e.local])
        waitReaders(state);
      program.steps.push_back(
          {StepKind::PostRecv, link,
           direct[e.local] ? state.place : staging(link, state), 1});
      return;
    case EventClass::Complete: {
      program.steps.push_back({StepKind::WaitRecv, link, {}, 1});
      if (!direct[e.local]) {
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
  return expectedOutput(shape, rank, elements, op,
                        [&](uint32_t r, uint64_t i) { return inputs[r][i]; });
}

std::vector<double> expectedOutput(const CallShape &shape, uint32_t rank,
                                   uint64_t elements, ReduceOp op,
                                   const InputFn &input) {
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
    return input(member, e - (first ? off(*first) : 0));
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
    for (uint64_t e = 0; e < elements; ++e)
      out[e] = input(*shape.root, e);
    break;
  case CollectiveKind::Scatter:
    for (uint64_t e = 0; e < out.size(); ++e)
      out[e] = input(*shape.root, sliceBase + e);
    break;
  case CollectiveKind::AllToAll: {
    // Block s of d's `out` is block d of s's `in` (E is a multiple of G).
    uint64_t block = elements / members.size();
    for (uint64_t s = 0; s < members.size(); ++s)
      for (uint64_t j = 0; j < block; ++j)
        out[s * block + j] = input(members[s], uint64_t(q) * block + j);
    break;
  }
  }
  return out;
}

} // namespace tacos::exec
