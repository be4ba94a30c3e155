//===- MSCCLProgram.cpp - A schedule as an MSCCL-IR program ---------------===//
//
// See MSCCLProgram.h for the placement, threadblocks, channels, order,
// dependencies, aggregation, fusion and in place. This file: channels of
// every transfer (once, for both ends), places, units (aggregation, from
// every GPU's order of single transfers), then one GPU at a time (copies
// from `in`, fusion, threadblocks, steps in event order), then in place and
// the executor's limits, then the XML.
//
//===----------------------------------------------------------------------===//

#include "tacos/Execution/MSCCLProgram.h"

#include <algorithm>
#include <map>
#include <memory>
#include <set>
#include <tuple>

namespace tacos::exec::msccl {

const char *protocolName(Protocol protocol) {
  switch (protocol) {
  case Protocol::Simple:
    return "Simple";
  case Protocol::LL:
    return "LL";
  case Protocol::LL128:
    return "LL128";
  }
  std::abort();
}

std::optional<Protocol> parseProtocol(const std::string &name) {
  for (Protocol p : {Protocol::Simple, Protocol::LL, Protocol::LL128})
    if (name == protocolName(p))
      return p;
  return std::nullopt;
}

const char *stepTypeName(StepType type) {
  switch (type) {
  case StepType::Send:
    return "s";
  case StepType::Recv:
    return "r";
  case StepType::RecvCopySend:
    return "rcs";
  case StepType::RecvReduceSend:
    return "rrs";
  case StepType::RecvReduceCopy:
    return "rrc";
  case StepType::RecvReduceCopySend:
    return "rrcs";
  case StepType::LocalReduce:
    return "re";
  case StepType::Copy:
    return "cpy";
  case StepType::Nop:
    return "nop";
  }
  std::abort();
}

const char *collName(CollectiveKind kind) {
  switch (kind) {
  case CollectiveKind::AllGather:
    return "allgather";
  case CollectiveKind::ReduceScatter:
    return "reducescatter";
  case CollectiveKind::AllReduce:
    return "allreduce";
  case CollectiveKind::AllToAll:
    return "alltoall";
  case CollectiveKind::Broadcast:
    return "broadcast";
  case CollectiveKind::Reduce:
    return "reduce";
  case CollectiveKind::Gather:
    return "gather";
  case CollectiveKind::Scatter:
    return "scatter";
  }
  std::abort();
}

EventKey EventKey::of(const ScheduleView &schedule, size_t i,
                      uint32_t rank) {
  bool sends = schedule.src(i) == rank;
  return {sends ? schedule.start(i) : schedule.end(i), uint8_t(sends),
          uint8_t(!sends && schedule.kindByte(i) == 1 ? 0 : 1),
          sends ? schedule.dst(i) : schedule.src(i), schedule.lane(i),
          schedule.chunk(i), i};
}

bool EventKey::operator<(const EventKey &o) const {
  return std::tie(time, cls, kindOrder, peer, lane, chunk, transfer) <
         std::tie(o.time, o.cls, o.kindOrder, o.peer, o.lane, o.chunk,
                  o.transfer);
}

/// Channel of every transfer: per (src, dst), each (lane, overlap index)
/// pair gets its own channel, numbered in that order. Overlap indices are
/// assigned greedily in start order (the lowest free one), as the MPI
/// lowering splits a link into request slots.
/// With `perChannel`, every such sequence is further cut into blocks of at
/// most that many transfers, one channel each, so that threadblocks fit the
/// executor's step limit. With `colours` > 1, channel c of link (src, dst)
/// becomes c * colours + (src + dst) % colours: a GPU's links spread evenly
/// over the colours (distinct peers, distinct residues), both ends agree,
/// and a channel holds about 1/colours of a GPU's threadblocks.
std::vector<uint32_t> assignChannels(const ScheduleView &schedule,
                                     uint32_t perChannel, uint32_t colours) {
  std::vector<size_t> order(schedule.size());
  for (size_t i = 0; i < order.size(); ++i)
    order[i] = i;
  auto key = [&](size_t i) {
    return std::make_tuple(schedule.src(i), schedule.dst(i), schedule.lane(i),
                           schedule.start(i), schedule.chunk(i), i);
  };
  std::sort(order.begin(), order.end(),
            [&](size_t a, size_t b) { return key(a) < key(b); });
  std::vector<uint32_t> overlap(schedule.size(), 0);
  std::vector<int64_t> busyUntil;
  for (size_t n = 0; n < order.size(); ++n) {
    size_t i = order[n];
    if (n == 0 || schedule.src(order[n - 1]) != schedule.src(i) ||
        schedule.dst(order[n - 1]) != schedule.dst(i) ||
        schedule.lane(order[n - 1]) != schedule.lane(i))
      busyUntil.clear();
    auto free = std::find_if(busyUntil.begin(), busyUntil.end(),
                             [&](int64_t t) { return t <= schedule.start(i); });
    if (free == busyUntil.end()) {
      busyUntil.push_back(0);
      free = busyUntil.end() - 1;
    }
    *free = schedule.end(i);
    overlap[i] = uint32_t(free - busyUntil.begin());
  }
  // Blocks: position in the (src, dst, lane, overlap) sequence, in start
  // order, divided by perChannel.
  using Key = std::tuple<uint32_t, uint32_t, uint16_t, uint32_t, uint32_t>;
  std::map<std::tuple<uint32_t, uint32_t, uint16_t, uint32_t>, uint32_t> seen;
  std::vector<Key> keys(schedule.size());
  for (size_t i : order) {
    uint32_t position = seen[{schedule.src(i), schedule.dst(i),
                              schedule.lane(i), overlap[i]}]++;
    keys[i] = {schedule.src(i), schedule.dst(i), schedule.lane(i), overlap[i],
               position / perChannel};
  }
  // Number the (lane, overlap, block) triples of each (src, dst).
  std::map<Key, uint32_t> triples;
  for (const Key &key : keys)
    triples[key];
  std::map<std::pair<uint32_t, uint32_t>, uint32_t> next;
  for (auto &[k, chan] : triples)
    chan = next[{std::get<0>(k), std::get<1>(k)}]++;
  std::vector<uint32_t> channels(schedule.size());
  for (size_t i = 0; i < schedule.size(); ++i)
    channels[i] = triples[keys[i]] * colours +
                  (schedule.src(i) + schedule.dst(i)) % colours;
  return channels;
}

namespace {

/// A place on one GPU: buffer ('i', 'o', 's') and chunk offset in it.
struct Loc {
  char buf = 'i';
  int64_t off = 0;
};

/// A step of one threadblock, as dependencies name it.
struct StepRef {
  int32_t tb = -1, step = -1;
};


/// Transfers the executor moves as one step (cnt = size): consecutive
/// transfers of one connection, in order. Most units have one transfer.
using Unit = std::vector<size_t>;

/// One end of a unit in a GPU's event order, keyed by the unit's first
/// transfer.
struct Event : EventKey {
  size_t unit;
};

/// An access to a chunk's place on one GPU: the unit's position in the
/// GPU's order, and whether it writes (receives) or reads (sends).
struct Access {
  size_t pos;
  bool write;
  size_t unit;
};

/// One GPU's units in order, and per chunk the accesses in order.
struct RankOrder {
  std::vector<Event> events;
  std::map<size_t, size_t> posOf;
  std::map<uint64_t, std::vector<Access>> accesses;

  /// The last write of `chunk` before position `pos`, if any.
  const Access *lastWriteBefore(uint64_t chunk, size_t pos) const {
    auto it = accesses.find(chunk);
    if (it == accesses.end())
      return nullptr;
    const Access *last = nullptr;
    for (const Access &a : it->second)
      if (a.pos < pos && a.write)
        last = &a;
    return last;
  }
  /// Accesses of `chunk` strictly between positions lo and hi.
  bool touchedBetween(uint64_t chunk, size_t lo, size_t hi,
                      bool writesOnly) const {
    auto it = accesses.find(chunk);
    if (it == accesses.end())
      return false;
    for (const Access &a : it->second)
      if (a.pos > lo && a.pos < hi && (a.write || !writesOnly))
        return true;
    return false;
  }
};

RankOrder orderOf(const ScheduleView &schedule, const std::vector<Unit> &units,
                  const std::vector<size_t> &mine, uint32_t rank) {
  RankOrder order;
  for (size_t u : mine) {
    order.events.push_back(
        {EventKey::of(schedule, units[u].front(), rank), u});
  }
  std::sort(order.events.begin(), order.events.end());
  for (size_t p = 0; p < order.events.size(); ++p) {
    const Event &e = order.events[p];
    order.posOf[e.unit] = p;
    for (size_t i : units[e.unit])
      order.accesses[schedule.chunk(i)].push_back({p, e.cls == 0, e.unit});
  }
  return order;
}

/// A chunk's state on the GPU being built.
struct ChunkState {
  Loc loc;
  bool holds = false;
  bool written = false;
  std::optional<StepRef> lastWrite;
  std::vector<StepRef> readsSinceWrite;
};

/// Everything the GPUs share: the schedule, channels, units and places.
struct Plan {
  const CallShape &shape;
  const ScheduleView &schedule;
  const std::vector<uint32_t> &channels;
  const Options &options;
  std::vector<Unit> units;
  /// Per GPU: its units (ids), their order, and the chunks' places.
  std::vector<std::vector<size_t>> mine;
  std::vector<RankOrder> orders;
  std::vector<std::map<uint64_t, ChunkState>> states;

  Loc place(uint32_t rank, size_t transfer) const {
    return states[rank].at(schedule.chunk(transfer)).loc;
  }
  /// Whether `rank` holds `chunk` before position `pos` of its order (held
  /// at the start, or written by then).
  bool holdsBefore(uint32_t rank, uint64_t chunk, size_t pos) const {
    if (chunkRoles(shape, rank, chunk).inPiece)
      return true;
    const Access *w = orders[rank].lastWriteBefore(chunk, pos);
    return w != nullptr;
  }
  /// A reduce lands with rrc only if the receiver holds the chunk; into a
  /// GPU that holds nothing yet it sets the chunk (docs/Verification.md).
  bool reduceLanding(size_t unit) const {
    size_t i = units[unit].front();
    uint32_t dst = schedule.dst(i);
    return schedule.kindByte(i) == 1 &&
           holdsBefore(dst, schedule.chunk(i), orders[dst].posOf.at(unit));
  }
  uint32_t channel(size_t unit) const { return channels[units[unit].front()]; }

  void order() {
    orders.clear();
    for (uint32_t r = 0; r < mine.size(); ++r)
      orders.push_back(orderOf(schedule, units, mine[r], r));
  }
  void setUnits(std::vector<Unit> newUnits) {
    units = std::move(newUnits);
    for (auto &m : mine)
      m.clear();
    for (size_t u = 0; u < units.size(); ++u) {
      size_t i = units[u].front();
      mine[schedule.src(i)].push_back(u);
      mine[schedule.dst(i)].push_back(u);
    }
    order();
  }

  /// Whether transfer t (of the same connection, after every transfer of
  /// `unit`) may join `unit`; see Aggregation in MSCCLProgram.h.
  bool mayJoin(const Unit &unit, size_t unitId, size_t t,
               const std::vector<size_t> &single) const {
    size_t f = unit.front(), l = unit.back();
    uint32_t src = schedule.src(f), dst = schedule.dst(f);
    if (unit.size() >= kMaxCount ||
        schedule.kindByte(t) != schedule.kindByte(f))
      return false;
    for (uint32_t r : {src, dst}) {
      Loc a = place(r, l), b = place(r, t);
      if (a.buf != b.buf || a.off + 1 != b.off)
        return false;
    }
    if (reduceLanding(single[t]) != reduceLanding(unitId))
      return false;
    // The sender writes none of the unit's chunks from the first send to
    // t's (so none while the first is in flight either: t starts after it
    // ends); the receiver touches none of t's until t's receive.
    const RankOrder &so = orders[src], &ro = orders[dst];
    size_t sendFirst = so.posOf.at(unitId), sendT = so.posOf.at(single[t]);
    // The receiver's step completes with t's receive: any other access of
    // the unit's chunks in between would wait for it.
    size_t recvFirst = ro.posOf.at(unitId), recvT = ro.posOf.at(single[t]);
    std::set<size_t> own;
    for (size_t m : unit)
      own.insert(single[m]);
    for (size_t m : unit) {
      if (so.touchedBetween(schedule.chunk(m), sendFirst, sendT,
                            /*writesOnly=*/true))
        return false;
      for (const Access &a : ro.accesses.at(schedule.chunk(m)))
        if (a.pos > recvFirst && a.pos < recvT && !own.count(a.unit))
          return false;
    }
    uint64_t c = schedule.chunk(t);
    return !so.touchedBetween(c, sendFirst, sendT, /*writesOnly=*/true) &&
           !ro.touchedBetween(c, recvFirst, recvT, /*writesOnly=*/false);
  }

  /// Units of consecutive transfers per connection (from one unit per
  /// transfer, whose order the conditions read).
  void aggregate() {
    std::vector<Unit> singles(schedule.size());
    std::vector<size_t> single(schedule.size());
    for (size_t i = 0; i < schedule.size(); ++i) {
      singles[i] = {i};
      single[i] = i;
    }
    setUnits(singles);
    if (!options.fuse || options.astraSim)
      return;
    std::vector<size_t> byLink(schedule.size());
    for (size_t i = 0; i < byLink.size(); ++i)
      byLink[i] = i;
    auto key = [&](size_t i) {
      return std::make_tuple(schedule.src(i), schedule.dst(i), channels[i],
                             schedule.start(i), schedule.lane(i),
                             schedule.chunk(i), i);
    };
    std::sort(byLink.begin(), byLink.end(),
              [&](size_t a, size_t b) { return key(a) < key(b); });
    std::vector<Unit> merged;
    size_t head =
        0; // the transfer whose single unit stands for `merged.back()`
    for (size_t n = 0; n < byLink.size(); ++n) {
      size_t t = byLink[n];
      if (!merged.empty()) {
        size_t f = merged.back().front();
        if (schedule.src(f) == schedule.src(t) &&
            schedule.dst(f) == schedule.dst(t) && channels[f] == channels[t] &&
            mayJoin(merged.back(), single[head], t, single)) {
          merged.back().push_back(t);
          continue;
        }
      }
      merged.push_back({t});
      head = t;
    }
    setUnits(std::move(merged));
  }
};

/// Builds one GPU's threadblocks.
class GpuBuilder {
public:
  GpuBuilder(const Plan &plan, uint32_t rank)
      : plan(plan), shape(plan.shape), schedule(plan.schedule),
        options(plan.options), rank(rank), order(plan.orders[rank]) {}

  /// Places of every chunk on every GPU, computed before any GPU is built
  /// because a send names the receiver's place.
  static Loc placeOf(const CallShape &shape, uint32_t rank, uint64_t chunk,
                     bool written, uint32_t &scratch) {
    ChunkRoles roles = chunkRoles(shape, rank, chunk);
    auto in = slicePiece(shape, rank, Buffer::In);
    auto out = slicePiece(shape, rank, Buffer::Out);
    if (roles.outPiece)
      return {'o', int64_t(*roles.outPiece) - (out ? *out : 0)};
    if (roles.inPiece && !written)
      return {'i', int64_t(*roles.inPiece) - (in ? *in : 0)};
    return {'s', int64_t(scratch++)};
  }

  /// The copies and the fused steps; then checkRoom may weaken fusions;
  /// then build.
  void prepare() {
    states = plan.states[rank];
    if (!options.astraSim)
      collectCopies();
    if (options.fuse && !options.astraSim)
      planFusion();
  }

  Gpu build(uint32_t scratch) {
    Gpu gpu;
    uint32_t k = shape.chunksPerRank, p = shape.numPieces();
    bool sliceIn = slicePiece(shape, rank, Buffer::In).has_value();
    bool sliceOut = slicePiece(shape, rank, Buffer::Out).has_value();
    gpu.inChunks = sliceIn ? k : p;
    gpu.outChunks = sliceOut ? k : p;
    gpu.scratchChunks = scratch;
    createThreadblocks();
    for (const Event &e : order.events)
      emit(e);
    gpu.threadblocks = std::move(tbs);
    return gpu;
  }

  /// Where in the (time, class) order a unit's send happens here: at its
  /// start, or at the end of the receive it is fused with (early).
  std::pair<int64_t, uint8_t> sendKey(size_t v) const {
    auto fused = fusedSend.find(v);
    if (fused != fusedSend.end() && !fusedRecv.at(fused->second).late)
      return {schedule.end(plan.units[fused->second].front()), 0};
    return {schedule.start(plan.units[v].front()), 1};
  }
  /// Where a unit's receive happens here: at its end, or at the start of
  /// the send it is fused with (late).
  std::pair<int64_t, uint8_t> recvKey(size_t u) const {
    auto fused = fusedRecv.find(u);
    if (fused != fusedRecv.end() && fused->second.late)
      return {schedule.start(plan.units[fused->second.send].front()), 1};
    return {schedule.end(plan.units[u].front()), 0};
  }
  /// Moves the fused step of send `v` (early) to the send's place if it may
  /// go there, else unfuses it; returns false if `v` is not fused early.
  bool weakenSend(size_t v) {
    auto fused = fusedSend.find(v);
    if (fused == fusedSend.end() || fusedRecv.at(fused->second).late)
      return false;
    weaken(fused->second);
    return true;
  }
  /// Unfuses the receive `u` if its step sits at the send's place (late).
  bool weakenRecv(size_t u) {
    auto fused = fusedRecv.find(u);
    if (fused == fusedRecv.end() || !fused->second.late)
      return false;
    fusedSend.erase(fused->second.send);
    fusedRecv.erase(fused);
    return true;
  }

private:
  const Plan &plan;
  const CallShape &shape;
  const ScheduleView &schedule;
  const Options &options;
  uint32_t rank;
  const RankOrder &order;
  std::map<uint64_t, ChunkState> states;
  std::vector<Threadblock> tbs;
  /// (is receive, peer, channel) -> threadblock.
  std::map<std::tuple<bool, uint32_t, uint32_t>, int32_t> tbOf;
  /// Copies from `in`, and the copy that writes each chunk.
  std::vector<Step> copySteps;
  std::map<uint64_t, size_t> copyOf;
  /// Per threadblock: the last step of each other threadblock it waited for.
  std::map<int32_t, std::map<int32_t, int32_t>> waited;
  /// Fusion: receive unit -> (send unit, step type); fused send units;
  /// threadblocks with both peers (receive peer, send peer, channel).
  struct Fused {
    size_t send;
    StepType type;
    bool late, lateOk;
  };
  std::map<size_t, Fused> fusedRecv;
  std::map<size_t, size_t> fusedSend;
  std::vector<std::tuple<uint32_t, uint32_t, uint32_t>> pairs;
  /// Per link (receiver, lane): the channels its sends went on so far, and
  /// each send step with the end of its transfers.
  std::map<std::pair<uint32_t, uint16_t>, std::set<uint32_t>> linkChannels;
  std::map<std::pair<uint32_t, uint16_t>, std::vector<std::pair<int64_t, StepRef>>>
      linkSends;

  bool sends(size_t unit) const {
    return schedule.src(plan.units[unit].front()) == rank;
  }
  uint32_t peerOf(size_t unit) const {
    size_t i = plan.units[unit].front();
    return sends(unit) ? schedule.dst(i) : schedule.src(i);
  }
  std::vector<uint64_t> chunksOf(size_t unit) const {
    std::vector<uint64_t> chunks;
    for (size_t i : plan.units[unit])
      chunks.push_back(schedule.chunk(i));
    return chunks;
  }

  /// After the send `v` the chunks of `u` are dead here: `v` is their next
  /// access, and after it comes nothing (outside `o`) or a plain receive
  /// that overwrites them (MSCCLProgram.h, Fusion).
  bool deadAfter(size_t u, size_t v) const {
    size_t pu = order.posOf.at(u), pv = order.posOf.at(v);
    for (uint64_t c : chunksOf(u)) {
      const std::vector<Access> &acc = order.accesses.at(c);
      auto next = std::find_if(acc.begin(), acc.end(),
                               [&](const Access &a) { return a.pos > pu; });
      if (next == acc.end() || next->pos != pv)
        return false;
      ++next;
      if (next == acc.end()) {
        if (states.at(c).loc.buf == 'o')
          return false;
        continue;
      }
      if (!next->write ||
          schedule.kindByte(plan.units[next->unit].front()) != 0)
        return false;
    }
    return true;
  }

  /// Sends of connection (this GPU -> b, chan), or receives of (b -> this
  /// GPU, chan), at positions strictly between lo and hi.
  bool connectionBetween(bool send, uint32_t b, uint32_t chan, size_t lo,
                         size_t hi) const {
    for (size_t p = lo + 1; p < hi; ++p) {
      size_t other = order.events[p].unit;
      if (sends(other) == send && peerOf(other) == b &&
          plan.channel(other) == chan)
        return true;
    }
    return false;
  }

  /// Whether fusing receive `u` with send `v` would delay a step the
  /// schedule runs before v's transfers end: the fused step completes only
  /// when its send does (the executor signals a step's dependents and runs
  /// the threadblock's next step after all of it), so every other access of
  /// its chunks after it, and every later step of either connection (the
  /// merged threadblock's), must come no earlier (MSCCLProgram.h, Fusion).
  bool delaysOthers(size_t u, size_t v) const {
    int64_t done = 0;
    for (size_t i : plan.units[v])
      done = std::max(done, schedule.end(i));
    size_t pu = order.posOf.at(u);
    for (uint64_t c : chunksOf(u))
      for (const Access &a : order.accesses.at(c))
        if (a.pos > pu && a.unit != v && order.events[a.pos].time < done)
          return true;
    uint32_t a = peerOf(u), b = peerOf(v), chan = plan.channel(v);
    for (size_t p = pu + 1; p < order.events.size(); ++p) {
      size_t w = order.events[p].unit;
      bool sameConnection = sends(w) ? peerOf(w) == b : peerOf(w) == a;
      if (w != v && plan.channel(w) == chan && sameConnection &&
          order.events[p].time < done)
        return true;
    }
    return false;
  }

  /// The receive a send `v` can fuse with, the step type, and whether the
  /// step sits at the send's place in the order (else the receive's).
  struct Fusion {
    size_t u;
    StepType type;
    bool late, lateOk;
  };
  std::optional<Fusion> fusible(size_t v) const {
    size_t pv = order.posOf.at(v);
    std::vector<uint64_t> chunks = chunksOf(v);
    const Access *w = order.lastWriteBefore(chunks.front(), pv);
    if (!w)
      return std::nullopt;
    size_t u = w->unit;
    if (chunksOf(u) != chunks || plan.channel(u) != plan.channel(v))
      return std::nullopt;
    for (uint64_t c : chunks) {
      const Access *last = order.lastWriteBefore(c, pv);
      if (!last || last->unit != u)
        return std::nullopt;
    }
    size_t pu = order.posOf.at(u);
    uint32_t a = peerOf(u), b = peerOf(v), chan = plan.channel(v);
    // At the receive's place: no other send of the connection between
    // (FIFO order). At the send's place: no other receive of the
    // connection between, and nothing touches the chunks in between. The
    // waits for room are checked over all GPUs (checkRoom).
    if (delaysOthers(u, v))
      return std::nullopt;
    bool early = !connectionBetween(true, b, chan, pu, pv);
    bool lateOk = !connectionBetween(false, a, chan, pu, pv);
    for (uint64_t c : chunks)
      lateOk = lateOk && !order.touchedBetween(c, pu, pv, /*writesOnly=*/false);
    if (!early && !lateOk)
      return std::nullopt;
    StepType type = StepType::RecvCopySend;
    if (plan.reduceLanding(u))
      type = deadAfter(u, v) ? StepType::RecvReduceSend
                             : StepType::RecvReduceCopySend;
    return Fusion{u, type, !early, lateOk};
  }

  void weaken(size_t u) {
    Fused &f = fusedRecv.at(u);
    if (f.lateOk) {
      f.late = true;
      return;
    }
    fusedSend.erase(f.send);
    fusedRecv.erase(u);
  }

  /// Whether a threadblock with receive peer `a` and send peer `b` on
  /// `chan` would hold one of its steps back: in the order, a step the
  /// schedule needs before the previous step completes (a receive with its
  /// last chunk, a send when its last chunk arrives, as the executor runs
  /// a threadblock's steps one after the other). A receive that fuses with
  /// a send (`forward`) is needed by the send's start and completes with it.
  bool pairDelays(uint32_t a, uint32_t b, uint32_t chan,
                  const std::map<size_t, size_t> &forward) const {
    auto inPair = [&](size_t w) {
      return plan.channel(w) == chan && peerOf(w) == (sends(w) ? b : a);
    };
    auto lastEnd = [&](size_t w) {
      int64_t end = 0;
      for (size_t m : plan.units[w])
        end = std::max(end, schedule.end(m));
      return end;
    };
    std::set<size_t> fusedSends;
    int64_t busy = 0;
    for (const Event &e : order.events) {
      size_t w = e.unit;
      if (!inPair(w) || fusedSends.count(w))
        continue;
      int64_t needed = e.time, done = lastEnd(w);
      auto f = forward.find(w);
      if (f != forward.end() && peerOf(f->second) == b) {
        fusedSends.insert(f->second);
        needed = schedule.start(plan.units[f->second].front());
        done = lastEnd(f->second);
      }
      if (needed < busy)
        return true;
      busy = std::max(busy, done);
    }
    return false;
  }

  /// Chooses the fused steps and the threadblocks with two peers.
  void planFusion() {
    struct Candidate {
      size_t u, v;
      StepType type;
      bool late, lateOk;
    };
    std::vector<Candidate> candidates;
    std::map<std::tuple<uint32_t, uint32_t, uint32_t>, size_t> count;
    for (const Event &e : order.events) {
      if (e.cls != 1)
        continue;
      if (auto f = fusible(e.unit)) {
        candidates.push_back({f->u, e.unit, f->type, f->late, f->lateOk});
        ++count[{peerOf(f->u), peerOf(e.unit), plan.channel(e.unit)}];
      }
    }
    // Most fused steps first; each connection in one threadblock.
    std::vector<std::pair<size_t, std::tuple<uint32_t, uint32_t, uint32_t>>>
        ranked;
    for (auto &[key, n] : count)
      ranked.push_back({n, key});
    std::sort(ranked.begin(), ranked.end(), [](const auto &a, const auto &b) {
      return a.first != b.first ? a.first > b.first : a.second < b.second;
    });
    // Steps per connection: a threadblock with both peers must still fit
    // the executor's step limit, or it would cost channels.
    std::map<std::tuple<bool, uint32_t, uint32_t>, size_t> steps;
    std::set<std::tuple<bool, uint32_t, uint32_t>> large;
    for (size_t u : plan.mine[rank]) {
      ++steps[{sends(u), peerOf(u), plan.channel(u)}];
      if (plan.units[u].size() > kConnectionRoom)
        large.insert({sends(u), peerOf(u), plan.channel(u)});
    }
    std::map<size_t, size_t> forward;
    for (const Candidate &c : candidates)
      forward[c.u] = c.v;
    std::set<std::pair<uint32_t, uint32_t>> recvUsed, sendUsed;
    std::set<std::tuple<uint32_t, uint32_t, uint32_t>> chosen;
    for (auto &[n, key] : ranked) {
      auto [a, b, chan] = key;
      if (recvUsed.count({a, chan}) || sendUsed.count({b, chan}))
        continue;
      if (steps[{false, a, chan}] + steps[{true, b, chan}] - n >
          kMaxStepsPerThreadblock)
        continue;
      // A message larger than the connection's buffer completes only while
      // its receive runs: keep its threadblocks to one connection each.
      if (large.count({false, a, chan}) || large.count({true, b, chan}) ||
          pairDelays(a, b, chan, forward))
        continue;
      recvUsed.insert({a, chan});
      sendUsed.insert({b, chan});
      chosen.insert(key);
      pairs.push_back(key);
    }
    for (const Candidate &c : candidates)
      if (chosen.count({peerOf(c.u), peerOf(c.v), plan.channel(c.v)}) &&
          !fusedRecv.count(c.u)) {
        fusedRecv[c.u] = {c.v, c.type, c.late, c.lateOk};
        fusedSend[c.v] = c.u;
      }
  }

  /// Threadblock ids: the local ones first (if any copies), then by peer
  /// (a threadblock with two peers by its send peer), sends before
  /// receives, then channel.
  void createThreadblocks() {
    size_t local = (copySteps.size() + kMaxStepsPerThreadblock - 1) /
                   kMaxStepsPerThreadblock;
    tbs.resize(local);
    for (size_t j = 0; j < copySteps.size(); ++j)
      tbs[j / kMaxStepsPerThreadblock].steps.push_back(copySteps[j]);
    for (auto &[chunk, j] : copyOf)
      states[chunk].lastWrite = StepRef{int32_t(j / kMaxStepsPerThreadblock),
                                        int32_t(j % kMaxStepsPerThreadblock)};
    std::set<std::tuple<bool, uint32_t, uint32_t>> paired;
    std::map<std::tuple<uint32_t, bool, uint32_t>, Threadblock> keyed;
    for (auto &[a, b, chan] : pairs) {
      Threadblock tb;
      tb.recv = int32_t(a);
      tb.send = int32_t(b);
      tb.channel = chan;
      keyed[{b, false, chan}] = tb;
      paired.insert({true, a, chan});
      paired.insert({false, b, chan});
    }
    for (size_t u : plan.mine[rank]) {
      bool recv = !sends(u);
      uint32_t peer = peerOf(u), chan = plan.channel(u);
      if (paired.count({recv, peer, chan}))
        continue;
      Threadblock tb;
      (recv ? tb.recv : tb.send) = int32_t(peer);
      tb.channel = chan;
      keyed[{peer, recv, chan}] = tb;
    }
    for (auto &[key, tb] : keyed) {
      int32_t id = int32_t(tbs.size());
      if (tb.recv >= 0)
        tbOf[{true, uint32_t(tb.recv), tb.channel}] = id;
      if (tb.send >= 0)
        tbOf[{false, uint32_t(tb.send), tb.channel}] = id;
      tbs.push_back(tb);
    }
  }

  bool needsCopy(uint64_t chunk, const ChunkState &state) const {
    return chunkRoles(shape, rank, chunk).inPiece && state.loc.buf != 'i';
  }

  /// Own data from `in` to where the schedule uses it, in place order;
  /// contiguous runs (in both buffers) become one step of up to kMaxCount.
  /// The steps go to local threadblocks of kMaxStepsPerThreadblock each.
  void collectCopies() {
    std::vector<std::tuple<char, int64_t, int64_t, uint64_t>> copies;
    auto in = slicePiece(shape, rank, Buffer::In);
    for (auto &[chunk, state] : states)
      if (needsCopy(chunk, state))
        copies.push_back(
            {state.loc.buf, state.loc.off,
             int64_t(*chunkRoles(shape, rank, chunk).inPiece) - (in ? *in : 0),
             chunk});
    std::sort(copies.begin(), copies.end());
    for (auto &[buf, dstOff, srcOff, chunk] : copies) {
      Step *last = copySteps.empty() ? nullptr : &copySteps.back();
      if (last && last->dstBuf == buf && last->dstOff + last->count == dstOff &&
          last->srcOff + last->count == srcOff && last->count < kMaxCount) {
        ++last->count;
      } else {
        Step step;
        step.type = StepType::Copy;
        step.srcBuf = 'i';
        step.srcOff = int32_t(srcOff);
        step.dstBuf = buf;
        step.dstOff = int32_t(dstOff);
        step.count = 1;
        copySteps.push_back(step);
      }
      copyOf[chunk] = copySteps.size() - 1;
    }
  }

  /// Appends `step` to threadblock `tb` after one `nop` per dependency
  /// beyond the first: waiting for a step of a threadblock is waiting for
  /// all its earlier steps, so only the last step per threadblock counts.
  /// Dependencies a threadblock already waited for are left out.
  StepRef append(int32_t tb, Step step, const std::vector<StepRef> &deps) {
    std::map<int32_t, int32_t> latest;
    std::map<int32_t, int32_t> &seen = waited[tb];
    for (const StepRef &d : deps) {
      auto known = seen.find(d.tb);
      if (d.tb != tb && (known == seen.end() || known->second < d.step))
        latest[d.tb] = std::max(latest[d.tb], d.step);
    }
    for (auto &[depTb, depStep] : latest)
      seen[depTb] = depStep;
    std::vector<Step> &steps = tbs[tb].steps;
    size_t n = 0;
    for (auto &[depTb, depStep] : latest) {
      tbs[depTb].steps[depStep].hasDep = true;
      if (++n == latest.size()) {
        step.depTb = depTb;
        step.depStep = depStep;
        break;
      }
      Step nop;
      nop.depTb = depTb;
      nop.depStep = depStep;
      steps.push_back(nop);
    }
    steps.push_back(step);
    return {tb, int32_t(steps.size() - 1)};
  }

  /// The first send of a channel on a link waits for the link's send that
  /// ended last by its start (on another channel: a block before it when
  /// the export cuts the link into channels, MSCCLProgram.h). Channels have
  /// no order of their own in the executor; this keeps the schedule's.
  void orderOnLink(size_t sendUnit, std::vector<StepRef> &deps) {
    size_t i = plan.units[sendUnit].front();
    std::pair<uint32_t, uint16_t> link{schedule.dst(i), schedule.lane(i)};
    if (!linkChannels[link].insert(plan.channel(sendUnit)).second)
      return;
    std::optional<std::pair<int64_t, StepRef>> before;
    for (const auto &[end, ref] : linkSends[link])
      if (end <= schedule.start(i) && (!before || end >= before->first))
        before = {end, ref};
    if (before)
      deps.push_back(before->second);
  }
  void recordSend(size_t sendUnit, StepRef ref) {
    size_t i = plan.units[sendUnit].front();
    int64_t end = 0;
    for (size_t m : plan.units[sendUnit])
      end = std::max(end, schedule.end(m));
    linkSends[{schedule.dst(i), schedule.lane(i)}].push_back({end, ref});
  }

  void emitSend(size_t unit) {
    const Unit &members = plan.units[unit];
    size_t i = members.front();
    ChunkState &first = states[schedule.chunk(i)];
    Loc remote = plan.place(schedule.dst(i), i);
    if (options.astraSim)
      remote = first.loc;
    Step step;
    step.count = uint32_t(members.size());
    step.type = StepType::Send;
    step.srcBuf = first.loc.buf;
    step.srcOff = int32_t(first.loc.off);
    step.dstBuf = remote.buf;
    step.dstOff = int32_t(remote.off);
    std::vector<StepRef> deps;
    for (size_t m : members)
      if (const auto &w = states[schedule.chunk(m)].lastWrite)
        deps.push_back(*w);
    orderOnLink(unit, deps);
    StepRef ref = append(tbOf.at({false, schedule.dst(i), plan.channel(unit)}),
                         step, deps);
    recordSend(unit, ref);
    for (size_t m : members)
      states[schedule.chunk(m)].readsSinceWrite.push_back(ref);
  }

  void emitRecv(size_t unit) {
    const Unit &members = plan.units[unit];
    size_t i = members.front();
    ChunkState &first = states[schedule.chunk(i)];
    bool reduce = schedule.kindByte(i) == 1 && first.holds;
    Loc remote = plan.place(schedule.src(i), i);
    Step step;
    step.count = uint32_t(members.size());
    step.type = reduce ? StepType::RecvReduceCopy : StepType::Recv;
    auto fused = fusedRecv.find(unit);
    if (fused != fusedRecv.end())
      step.type = fused->second.type;
    // A reduction reads its source and writes its destination: both are
    // the chunk's place; so is a fused step's (the executor reads rcs's
    // destination only, rrs's source only).
    Loc src = reduce || fused != fusedRecv.end() || options.astraSim ? first.loc
                                                                     : remote;
    step.srcBuf = src.buf;
    step.srcOff = int32_t(src.off);
    step.dstBuf = first.loc.buf;
    step.dstOff = int32_t(first.loc.off);
    bool writes = step.type != StepType::RecvReduceSend;
    std::vector<StepRef> deps;
    for (size_t m : members) {
      ChunkState &state = states[schedule.chunk(m)];
      if (writes)
        deps.insert(deps.end(), state.readsSinceWrite.begin(),
                    state.readsSinceWrite.end());
      if (state.lastWrite)
        deps.push_back(*state.lastWrite);
    }
    if (fused != fusedRecv.end())
      orderOnLink(fused->second.send, deps);
    StepRef ref = append(tbOf.at({true, schedule.src(i), plan.channel(unit)}),
                         step, deps);
    if (fused != fusedRecv.end())
      recordSend(fused->second.send, ref);
    for (size_t m : members) {
      ChunkState &state = states[schedule.chunk(m)];
      if (!writes) {
        state.readsSinceWrite.push_back(ref);
        continue;
      }
      state.lastWrite = ref;
      state.readsSinceWrite.clear();
      state.holds = true;
    }
  }

  /// A fused step is emitted at the receive's or at the send's event.
  void emit(const Event &e) {
    if (e.cls == 0) {
      auto fused = fusedRecv.find(e.unit);
      if (fused == fusedRecv.end() || !fused->second.late)
        emitRecv(e.unit);
      return;
    }
    auto fused = fusedSend.find(e.unit);
    if (fused == fusedSend.end())
      emitSend(e.unit);
    else if (fusedRecv.at(fused->second).late)
      emitRecv(fused->second);
  }
};

/// A send waits for room on its connection: for the receiver to take the
/// messages before it that the connection's kConnectionRoom chunks cannot
/// hold besides it. That receive must come strictly earlier in the (time,
/// class) order than the send, as with unfused steps (MSCCLProgram.h), where
/// the fused steps put them: an early fused send at its receive's end, a late
/// fused receive at its send's start. Where one does not, the fusion moves
/// (early to late) or goes, until none is left; unfused keys always pass.
/// Messages larger than the room are left to their single-peer threadblocks.
void checkRoom(const Plan &plan,
               std::vector<std::unique_ptr<GpuBuilder>> &builders) {
  const ScheduleView &schedule = plan.schedule;
  std::map<std::tuple<uint32_t, uint32_t, uint32_t>, std::vector<size_t>>
      connections;
  for (size_t u = 0; u < plan.units.size(); ++u) {
    size_t i = plan.units[u].front();
    connections[{schedule.src(i), schedule.dst(i), plan.channel(u)}].push_back(
        u);
  }
  for (auto &[key, units] : connections)
    std::sort(units.begin(), units.end(), [&](size_t a, size_t b) {
      return schedule.start(plan.units[a].front()) <
             schedule.start(plan.units[b].front());
    });
  for (bool changed = true; changed;) {
    changed = false;
    for (auto &[key, units] : connections) {
      GpuBuilder &sender = *builders[std::get<0>(key)];
      GpuBuilder &receiver = *builders[std::get<1>(key)];
      for (size_t n = 0; n < units.size(); ++n) {
        size_t held = plan.units[units[n]].size();
        if (held > kConnectionRoom)
          continue;
        std::optional<size_t> taken;
        for (size_t m = n; m-- > 0;) {
          held += plan.units[units[m]].size();
          if (held > kConnectionRoom) {
            taken = units[m];
            break;
          }
        }
        if (!taken || receiver.recvKey(*taken) < sender.sendKey(units[n]))
          continue;
        changed |= sender.weakenSend(units[n]) || receiver.weakenRecv(*taken);
      }
    }
  }
}

std::string gpuName(uint32_t rank) { return "GPU " + std::to_string(rank); }

/// The executor's limits, checked on the finished program.
bool checkLimits(const Program &program, std::string &error, bool &stepLimit,
                 bool &tbLimit) {
  stepLimit = tbLimit = false;
  // Offsets first: no channel split helps there.
  for (uint32_t r = 0; r < program.gpus.size(); ++r) {
    const Gpu &gpu = program.gpus[r];
    uint32_t largest =
        std::max({gpu.inChunks, gpu.outChunks, gpu.scratchChunks});
    if (largest > uint32_t(kMaxOffset) + 1) {
      error = gpuName(r) + " needs buffers of " + std::to_string(largest) +
              " chunks; the executor's offsets are int16";
      return false;
    }
  }
  for (uint32_t r = 0; r < program.gpus.size(); ++r) {
    const Gpu &gpu = program.gpus[r];
    std::map<uint32_t, uint32_t> perChannel;
    for (uint32_t t = 0; t < gpu.threadblocks.size(); ++t) {
      const Threadblock &tb = gpu.threadblocks[t];
      if (++perChannel[tb.channel] > kMaxThreadblocksPerChannel) {
        error = gpuName(r) + " needs more than " +
                std::to_string(kMaxThreadblocksPerChannel) +
                " threadblocks on channel " + std::to_string(tb.channel) +
                ", the executor's limit";
        tbLimit = true;
        return false;
      }
      if (tb.steps.size() > kMaxStepsPerThreadblock) {
        error = gpuName(r) + " threadblock " + std::to_string(t) + " (send " +
                std::to_string(tb.send) + ", recv " + std::to_string(tb.recv) +
                ", channel " + std::to_string(tb.channel) + ") needs " +
                std::to_string(tb.steps.size()) +
                " steps; the executor "
                "allows " +
                std::to_string(kMaxStepsPerThreadblock) + " per threadblock";
        stepLimit = true;
        return false;
      }
    }
  }
  if (program.numChannels > kMaxChannels) {
    error = "the program needs " + std::to_string(program.numChannels) +
            " channels; the executor has " + std::to_string(kMaxChannels);
    return false;
  }
  return true;
}

/// The `o` chunk that `in` chunk p of GPU r aliases in an in-place call
/// (MSCCLProgram.h, In place), or -1.
int64_t aliasOf(const Program &program, uint32_t r, int64_t p) {
  const Gpu &gpu = program.gpus[r];
  int64_t q = -1;
  if (program.coll == "allgather" || program.coll == "gather")
    q = int64_t(r) * gpu.inChunks + p;
  else if (program.coll == "reducescatter" || program.coll == "scatter")
    q = p - int64_t(r) * gpu.outChunks;
  else
    q = p;
  return q >= 0 && q < int64_t(gpu.outChunks) ? q : -1;
}

bool readsSource(StepType type) {
  return type != StepType::Recv && type != StepType::RecvCopySend &&
         type != StepType::Nop;
}
bool writesDestination(StepType type) {
  return type != StepType::Send && type != StepType::RecvReduceSend &&
         type != StepType::Nop;
}

/// Whether aliasing `in` and `out` changes nothing: every read of `in` is
/// a copy onto its own alias or reads a chunk whose alias no step writes.
bool runsInPlace(const Program &program) {
  for (uint32_t r = 0; r < program.gpus.size(); ++r) {
    std::set<int64_t> written;
    for (const Threadblock &tb : program.gpus[r].threadblocks)
      for (const Step &step : tb.steps)
        if (writesDestination(step.type) && step.dstBuf == 'o')
          for (uint32_t j = 0; j < step.count; ++j)
            written.insert(step.dstOff + j);
    for (const Threadblock &tb : program.gpus[r].threadblocks)
      for (const Step &step : tb.steps) {
        if (!readsSource(step.type) || step.srcBuf != 'i')
          continue;
        for (uint32_t j = 0; j < step.count; ++j) {
          int64_t alias = aliasOf(program, r, step.srcOff + j);
          bool selfCopy = step.type == StepType::Copy && step.dstBuf == 'o' &&
                          step.dstOff + j == alias;
          if (alias >= 0 && !selfCopy && written.count(alias))
            return false;
        }
      }
  }
  return true;
}

} // namespace

std::pair<uint64_t, uint64_t> defaultWindow(const Program &program,
                                            uint64_t chunkBytes) {
  uint64_t bytes = uint64_t(program.chunksPerLoop) * chunkBytes;
  return {bytes / 2, bytes * 2};
}

static std::optional<Program>
buildWithChannels(const CallShape &shape, const ScheduleView &schedule,
                  const Options &options, const std::vector<uint32_t> &channels,
                  std::string &error, bool &stepLimit, bool &tbLimit) {
  uint32_t n = shape.numRanks;
  uint64_t numChunks = shape.numChunks();
  std::vector<std::vector<size_t>> mine(n);
  for (size_t i = 0; i < schedule.size(); ++i) {
    mine[schedule.src(i)].push_back(i);
    mine[schedule.dst(i)].push_back(i);
  }
  // Places first: a send names the receiver's place.
  std::vector<std::map<uint64_t, ChunkState>> states(n);
  std::vector<uint32_t> scratch(n, 0);
  for (uint32_t r = 0; r < n; ++r) {
    std::map<uint64_t, ChunkState> &s = states[r];
    for (size_t i : mine[r]) {
      ChunkState &state = s[schedule.chunk(i)];
      state.written |= schedule.dst(i) == r;
    }
    // Chunks held at the start and kept (an All-to-All piece to itself):
    // they need a copy even if no transfer touches them.
    for (uint64_t c = 0; c < numChunks; ++c) {
      ChunkRoles roles = chunkRoles(shape, r, c);
      if (roles.inPiece && roles.outPiece)
        s[c];
    }
    for (auto &[chunk, state] : s) {
      state.loc =
          GpuBuilder::placeOf(shape, r, chunk, state.written, scratch[r]);
      state.holds = chunkRoles(shape, r, chunk).inPiece.has_value();
    }
  }

  Plan plan{shape, schedule, channels, options, {}, mine, {}, states};
  plan.aggregate();

  Program program;
  program.name = options.name;
  program.coll = collName(shape.kind);
  program.protocol = options.protocol;
  program.minBytes = options.minBytes;
  program.maxBytes = options.maxBytes;
  program.outofplace = true;
  std::vector<std::unique_ptr<GpuBuilder>> builders;
  for (uint32_t r = 0; r < n; ++r) {
    builders.push_back(std::make_unique<GpuBuilder>(plan, r));
    builders.back()->prepare();
  }
  checkRoom(plan, builders);
  for (uint32_t r = 0; r < n; ++r)
    program.gpus.push_back(builders[r]->build(scratch[r]));
  program.inplace = !options.astraSim && runsInPlace(program);
  uint32_t maxChannel = 0;
  for (const Gpu &gpu : program.gpus) {
    program.chunksPerLoop =
        std::max({program.chunksPerLoop, gpu.inChunks, gpu.outChunks});
    for (const Threadblock &tb : gpu.threadblocks)
      maxChannel = std::max(maxChannel, tb.channel);
  }
  program.numChannels = maxChannel + 1;
  if (!checkLimits(program, error, stepLimit, tbLimit))
    return std::nullopt;
  return program;
}

std::string checkTransfers(const CallShape &shape,
                           const ScheduleView &schedule) {
  uint32_t n = shape.numRanks;
  uint64_t numChunks = shape.numChunks();
  for (size_t i = 0; i < schedule.size(); ++i) {
    const char *what = nullptr;
    if (schedule.src(i) >= n || schedule.dst(i) >= n ||
        schedule.src(i) == schedule.dst(i))
      what = "has an invalid link";
    else if (schedule.chunk(i) >= numChunks)
      what = "names an unknown chunk";
    else if (schedule.kindByte(i) > 1)
      what = "has an unknown kind";
    else if (schedule.end(i) <= schedule.start(i))
      what = "does not take time (end <= start)";
    if (what)
      return "transfer " + std::to_string(i) + " " + what;
  }
  return "";
}

bool groupCommunicator(const CallShape &shape, const ScheduleView &schedule,
                       const char *format, CallShape &group,
                       Schedule &renumbered, std::string &error) {
  std::vector<int64_t> index(shape.numRanks, -1);
  for (uint32_t q = 0; q < shape.participants.size(); ++q)
    index[shape.participants[q]] = q;
  renumbered = Schedule();
  renumbered.reserve(schedule.size());
  for (size_t i = 0; i < schedule.size(); ++i) {
    Transfer t = schedule[i];
    for (uint32_t npu : {t.src, t.dst})
      if (npu >= shape.numRanks || index[npu] < 0) {
        error = "transfer " + std::to_string(i) + " goes through NPU " +
                std::to_string(npu) + ", outside the group; " + format +
                " runs a collective over every GPU of its communicator, so a "
                "relay outside the group has no spelling";
        return false;
      }
    t.src = uint32_t(index[t.src]);
    t.dst = uint32_t(index[t.dst]);
    renumbered.push_back(t);
  }
  group = shape;
  group.numRanks = uint32_t(shape.participants.size());
  for (uint32_t q = 0; q < group.numRanks; ++q)
    group.participants[q] = q;
  if (shape.root)
    group.root = uint32_t(index[*shape.root]);
  return true;
}

/// The executor runs a collective over every GPU of its communicator, each
/// with its buffers: a group becomes a communicator of its own.
static std::optional<Program> buildGroupProgram(const CallShape &shape,
                                                const ScheduleView &schedule,
                                                const Options &options,
                                                std::string &error) {
  CallShape group;
  Schedule renumbered;
  if (!groupCommunicator(shape, schedule, "MSCCL-IR", group, renumbered, error))
    return std::nullopt;
  return buildProgram(group, renumbered.view(), options, error);
}

std::optional<Program> buildProgram(const CallShape &shape,
                                    const ScheduleView &schedule,
                                    const Options &options,
                                    std::string &error) {
  uint32_t n = shape.numRanks;
  bool everyNpu = shape.participants.size() == n;
  for (uint32_t q = 0; everyNpu && q < n; ++q)
    everyNpu = shape.participants[q] == q;
  if (!everyNpu)
    return buildGroupProgram(shape, schedule, options, error);
  error = checkTransfers(shape, schedule);
  if (!error.empty())
    return std::nullopt;

  // One channel per link and lane if the threadblocks fit; else ever
  // shorter blocks of a link's transfers per channel (step limit), and
  // links spread over more colours of channels (threadblocks per channel),
  // while the channels last.
  std::optional<Program> program;
  std::string limitError;
  for (uint32_t colours = 1; colours <= kMaxChannels; ++colours) {
    bool tbLimit = false;
    for (uint32_t perChannel = UINT32_MAX;; perChannel /= 2) {
      bool stepLimit = false;
      program = buildWithChannels(shape, schedule, options,
                                  assignChannels(schedule, perChannel, colours),
                                  error, stepLimit, tbLimit);
      if (program || !stepLimit || perChannel == 1)
        break;
      limitError = error;
      // Blocks of 63 first: the first send of a block on a channel of its
      // own may need one `nop` for its wait on the block before.
      if (perChannel == UINT32_MAX)
        perChannel = 2 * (kMaxStepsPerThreadblock - 1);
    }
    if (program || !tbLimit)
      break;
    limitError = error;
  }
  if (!program && !limitError.empty() &&
      error.find("the program needs") != std::string::npos)
    error = limitError +
            ", and splitting over more channels needs more than the "
            "executor's " +
            std::to_string(kMaxChannels);
  return program;
}

static std::string escapeXml(const std::string &text) {
  std::string out;
  for (char c : text) {
    switch (c) {
    case '&':
      out += "&amp;";
      break;
    case '<':
      out += "&lt;";
      break;
    case '>':
      out += "&gt;";
      break;
    case '"':
      out += "&quot;";
      break;
    default:
      out += c;
    }
  }
  return out;
}

void writeXml(const Program &program, std::ostream &os) {
  os << "<algo name=\"" << escapeXml(program.name) << "\" proto=\""
     << protocolName(program.protocol) << "\" nchannels=\""
     << program.numChannels << "\" nchunksperloop=\"" << program.chunksPerLoop
     << "\" ngpus=\"" << program.gpus.size() << "\" coll=\"" << program.coll
     << "\" inplace=\"" << int(program.inplace) << "\" outofplace=\""
     << int(program.outofplace) << "\" minBytes=\"" << program.minBytes
     << "\" maxBytes=\"" << program.maxBytes << "\">\n";
  for (uint32_t r = 0; r < program.gpus.size(); ++r) {
    const Gpu &gpu = program.gpus[r];
    os << "  <gpu id=\"" << r << "\" i_chunks=\"" << gpu.inChunks
       << "\" o_chunks=\"" << gpu.outChunks << "\" s_chunks=\""
       << gpu.scratchChunks << "\">\n";
    for (uint32_t t = 0; t < gpu.threadblocks.size(); ++t) {
      const Threadblock &tb = gpu.threadblocks[t];
      os << "    <tb id=\"" << t << "\" send=\"" << tb.send << "\" recv=\""
         << tb.recv << "\" chan=\"" << tb.channel << "\">\n";
      for (uint32_t s = 0; s < tb.steps.size(); ++s) {
        const Step &step = tb.steps[s];
        os << "      <step s=\"" << s << "\" type=\"" << stepTypeName(step.type)
           << "\" srcbuf=\"" << step.srcBuf << "\" srcoff=\"" << step.srcOff
           << "\" dstbuf=\"" << step.dstBuf << "\" dstoff=\"" << step.dstOff
           << "\" cnt=\"" << step.count << "\" depid=\"" << step.depTb
           << "\" deps=\"" << step.depStep << "\" hasdep=\"" << int(step.hasDep)
           << "\"/>\n";
      }
      os << "    </tb>\n";
    }
    os << "  </gpu>\n";
  }
  os << "</algo>\n";
}

} // namespace tacos::exec::msccl
