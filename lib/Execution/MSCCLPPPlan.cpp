//===- MSCCLPPPlan.cpp - A schedule as an MSCCL++ execution plan ----------===//
//
// See MSCCLPPPlan.h for places, landing chunks, threadblocks, order and
// dependencies. This file: the layout shared by all GPUs (places, where each
// transfer lands, channel numbering), then one GPU at a time (copies from
// `i`, operations in event order, semaphores, nops), then the limits, then
// the JSON.
//
//===----------------------------------------------------------------------===//

#include "tacos/Execution/MSCCLPPPlan.h"

#include "tacos/Execution/MSCCLProgram.h"

#include <algorithm>
#include <map>
#include <set>
#include <tuple>

namespace tacos::exec::mscclpp {

const char *opName(OpKind kind) {
  switch (kind) {
  case OpKind::Nop:
    return "nop";
  case OpKind::Put:
    return "put";
  case OpKind::Signal:
    return "signal";
  case OpKind::Wait:
    return "wait";
  case OpKind::Copy:
    return "copy";
  case OpKind::Reduce:
    return "re";
  case OpKind::SemAcquire:
    return "sem_acquire";
  case OpKind::SemRelease:
    return "sem_release";
  }
  std::abort();
}

namespace {

/// A chunk of one GPU's buffer.
struct Loc {
  char buf = 'i';
  uint32_t off = 0;
  bool operator==(const Loc &o) const { return buf == o.buf && off == o.off; }
};

/// An operation of a threadblock under construction (before nops).
struct Ref {
  int32_t tb = -1, op = -1;
};

struct ChunkState {
  Loc loc;
  bool holds = false;
  std::optional<Ref> lastWrite;
  std::vector<Ref> readsSinceWrite;
};

/// What every GPU's builder needs to know about the others.
struct Layout {
  /// Per GPU: each chunk it touches, and its scratch chunks.
  std::vector<std::map<uint64_t, ChunkState>> states;
  std::vector<uint32_t> scratch;
  /// Per transfer: where its put lands on the receiver.
  std::vector<Loc> landing;
  std::vector<uint32_t> channels;
  /// Per GPU: memory channel of each directed (src, dst, channel).
  std::vector<std::map<std::tuple<uint32_t, uint32_t, uint32_t>, uint32_t>>
      channelIndex;
  std::vector<std::vector<uint32_t>> channelPeers;
};

/// Receive-side order of the event order (RankProgram.h): reductions first
/// among the receives that end at the same time.
uint8_t kindOrder(const ScheduleView &schedule, size_t i) {
  return schedule.kindByte(i) == 1 ? 0 : 1;
}

Loc placeOf(const CallShape &shape, uint32_t rank, uint64_t chunk, bool written,
            uint32_t &scratch) {
  ChunkRoles roles = chunkRoles(shape, rank, chunk);
  auto in = slicePiece(shape, rank, Buffer::In);
  auto out = slicePiece(shape, rank, Buffer::Out);
  if (roles.outPiece)
    return {'o', *roles.outPiece - (out ? *out : 0)};
  if (roles.inPiece && !written)
    return {'i', *roles.inPiece - (in ? *in : 0)};
  return {'s', scratch++};
}

/// Places of every chunk every GPU touches: a send names the receiver's.
void placeChunks(const CallShape &shape, const ScheduleView &schedule,
                 Layout &layout) {
  uint32_t n = shape.numRanks;
  std::vector<std::set<uint64_t>> written(n);
  for (size_t i = 0; i < schedule.size(); ++i) {
    layout.states[schedule.src(i)][schedule.chunk(i)];
    layout.states[schedule.dst(i)][schedule.chunk(i)];
    written[schedule.dst(i)].insert(schedule.chunk(i));
  }
  for (uint32_t r = 0; r < n; ++r) {
    std::map<uint64_t, ChunkState> &s = layout.states[r];
    // Chunks held at the start and kept (an All-to-All piece to itself)
    // need a copy even if no transfer touches them.
    for (uint64_t c = 0; c < shape.numChunks(); ++c) {
      ChunkRoles roles = chunkRoles(shape, r, c);
      if (roles.inPiece && roles.outPiece)
        s[c];
    }
    for (auto &[chunk, state] : s) {
      state.loc =
          placeOf(shape, r, chunk, written[r].count(chunk), layout.scratch[r]);
      state.holds = chunkRoles(shape, r, chunk).inPiece.has_value();
    }
  }
}

/// Landing chunks: the first write (in the receiver's event order) of a
/// chunk a GPU does not hold lands in its place, every other one in a
/// scratch chunk of its own.
void chooseLandings(const ScheduleView &schedule, Layout &layout) {
  std::vector<size_t> order(schedule.size());
  for (size_t i = 0; i < order.size(); ++i)
    order[i] = i;
  auto key = [&](size_t i) {
    return std::make_tuple(schedule.dst(i), schedule.end(i),
                           kindOrder(schedule, i), schedule.src(i),
                           schedule.lane(i), schedule.chunk(i), i);
  };
  std::sort(order.begin(), order.end(),
            [&](size_t a, size_t b) { return key(a) < key(b); });
  layout.landing.resize(schedule.size());
  std::set<std::pair<uint32_t, uint64_t>> landed;
  for (size_t i : order) {
    uint32_t d = schedule.dst(i);
    const ChunkState &state = layout.states[d].at(schedule.chunk(i));
    if (!state.holds && landed.insert({d, schedule.chunk(i)}).second)
      layout.landing[i] = state.loc;
    else
      layout.landing[i] = {'s', layout.scratch[d]++};
  }
}

/// Memory channels: per peer, the directed (src, dst, channel) triples in
/// one order on both ends, so that the k-th channel to a peer is the peer's
/// k-th channel back.
void numberChannels(uint32_t n, const ScheduleView &schedule, Layout &layout) {
  std::vector<std::set<std::tuple<uint32_t, uint32_t, uint32_t, uint32_t>>>
      triples(n);
  for (size_t i = 0; i < schedule.size(); ++i) {
    uint32_t s = schedule.src(i), d = schedule.dst(i), c = layout.channels[i];
    triples[s].insert({d, s, d, c});
    triples[d].insert({s, s, d, c});
  }
  layout.channelIndex.resize(n);
  layout.channelPeers.resize(n);
  for (uint32_t r = 0; r < n; ++r)
    for (auto &[peer, s, d, c] : triples[r]) {
      layout.channelIndex[r][{s, d, c}] =
          uint32_t(layout.channelPeers[r].size());
      layout.channelPeers[r].push_back(peer);
    }
}

Layout buildLayout(const CallShape &shape, const ScheduleView &schedule,
                   std::vector<uint32_t> channels) {
  Layout layout;
  layout.states.resize(shape.numRanks);
  layout.scratch.assign(shape.numRanks, 0);
  layout.channels = std::move(channels);
  placeChunks(shape, schedule, layout);
  chooseLandings(schedule, layout);
  numberChannels(shape.numRanks, schedule, layout);
  return layout;
}

/// An operation and the semaphores released right after it.
struct Pending {
  Op op;
  std::vector<uint32_t> releases;
};

using Event = msccl::EventKey;

/// Copies from `i` per local threadblock: two operations each (with the
/// nop), plus releases, within kMaxOperations.
constexpr size_t kCopiesPerThreadblock = 16;

BufferRef local(Loc loc, uint32_t size = 1) {
  return {loc.buf, -1, loc.off, size};
}

/// Builds one GPU.
class GpuBuilder {
public:
  GpuBuilder(const CallShape &shape, const ScheduleView &schedule,
             Layout &layout, uint32_t rank)
      : shape(shape), schedule(schedule), layout(layout), rank(rank),
        states(layout.states[rank]) {}

  Gpu build(const std::vector<size_t> &mine) {
    Gpu gpu;
    uint32_t k = shape.chunksPerRank, p = shape.numPieces();
    gpu.inputChunks = slicePiece(shape, rank, Buffer::In) ? k : p;
    gpu.outputChunks = slicePiece(shape, rank, Buffer::Out) ? k : p;
    addCopies();
    addThreadblocks(mine);
    for (const Event &e : orderedEvents(mine))
      emit(e);
    gpu.scratchChunks = layout.scratch[rank];
    gpu.channelPeers = layout.channelPeers[rank];
    gpu.remoteBuffers = remoteBuffers;
    gpu.semaphores = uint32_t(semaphoreOf.size());
    for (size_t t = 0; t < tbs.size(); ++t)
      gpu.threadblocks.push_back(finish(t));
    return gpu;
  }

private:
  const CallShape &shape;
  const ScheduleView &schedule;
  Layout &layout;
  uint32_t rank;
  std::map<uint64_t, ChunkState> &states;
  std::vector<Threadblock> tbs;
  std::vector<std::vector<Pending>> pending;
  /// (receives, peer, channel) -> threadblock.
  std::map<std::tuple<bool, uint32_t, uint32_t>, int32_t> tbOf;
  std::vector<RemoteBuffer> remoteBuffers;
  /// (producer, consumer) threadblocks -> semaphore.
  std::map<std::pair<int32_t, int32_t>, uint32_t> semaphoreOf;
  /// Per consumer: the last operation of each producer it acquired.
  std::map<int32_t, std::map<int32_t, int32_t>> acquired;

  bool sends(size_t i) const { return schedule.src(i) == rank; }

  Ref push(int32_t tb, Op op) {
    pending[tb].push_back({std::move(op), {}});
    return {tb, int32_t(pending[tb].size() - 1)};
  }

  int32_t newThreadblock(Threadblock tb) {
    tbs.push_back(std::move(tb));
    pending.emplace_back();
    return int32_t(tbs.size() - 1);
  }

  /// The GPU's own data from `i` to where the schedule uses it, in place
  /// order; runs contiguous in both buffers are one copy.
  void addCopies() {
    std::vector<std::tuple<char, uint32_t, uint32_t, uint64_t>> copies;
    auto in = slicePiece(shape, rank, Buffer::In);
    for (auto &[chunk, state] : states) {
      auto inPiece = chunkRoles(shape, rank, chunk).inPiece;
      if (inPiece && state.loc.buf != 'i')
        copies.push_back(
            {state.loc.buf, state.loc.off, *inPiece - (in ? *in : 0), chunk});
    }
    std::sort(copies.begin(), copies.end());
    int32_t tb = -1;
    size_t inTb = 0;
    for (auto &[buf, dstOff, srcOff, chunk] : copies) {
      Op *last =
          tb < 0 || pending[tb].empty() ? nullptr : &pending[tb].back().op;
      if (last && last->dst[0].type == buf &&
          last->dst[0].index + last->dst[0].size == dstOff &&
          last->src[0].index + last->src[0].size == srcOff) {
        ++last->src[0].size;
        ++last->dst[0].size;
      } else {
        if (tb < 0 || inTb == kCopiesPerThreadblock) {
          tb = newThreadblock({});
          inTb = 0;
        }
        Op copy;
        copy.kind = OpKind::Copy;
        copy.src = {local({'i', srcOff})};
        copy.dst = {local({buf, dstOff})};
        push(tb, copy);
        ++inTb;
      }
      states[chunk].lastWrite = Ref{tb, int32_t(pending[tb].size() - 1)};
    }
  }

  /// Communication threadblocks by peer, sends before receives, then
  /// channel; each opens with its half of the start handshake.
  void addThreadblocks(const std::vector<size_t> &mine) {
    std::set<std::tuple<uint32_t, bool, uint32_t>> keys;
    for (size_t i : mine)
      keys.insert({sends(i) ? schedule.dst(i) : schedule.src(i), !sends(i),
                   layout.channels[i]});
    for (auto &[peer, receives, chan] : keys) {
      Threadblock tb;
      tb.peer = int32_t(peer);
      tb.receives = receives;
      tb.channel = chan;
      uint32_t src = receives ? peer : rank, dst = receives ? rank : peer;
      tb.channels = {layout.channelIndex[rank].at({src, dst, chan})};
      int32_t id = newThreadblock(std::move(tb));
      tbOf[{receives, peer, chan}] = id;
      push(id, channelOp(receives ? OpKind::Signal : OpKind::Wait));
    }
  }

  std::vector<Event> orderedEvents(const std::vector<size_t> &mine) const {
    std::vector<Event> events;
    for (size_t i : mine) {
      events.push_back(Event::of(schedule, i, rank));
    }
    std::sort(events.begin(), events.end());
    return events;
  }

  /// Threadblock `tb` acquires what it has not acquired yet of `deps`: the
  /// last operation per producer, released right after it.
  void acquire(int32_t tb, const std::vector<Ref> &deps) {
    std::map<int32_t, int32_t> latest;
    std::map<int32_t, int32_t> &seen = acquired[tb];
    for (const Ref &d : deps) {
      auto known = seen.find(d.tb);
      if (d.tb != tb && (known == seen.end() || known->second < d.op))
        latest[d.tb] = std::max(latest[d.tb], d.op);
    }
    if (latest.empty())
      return;
    Op op;
    op.kind = OpKind::SemAcquire;
    for (auto &[producer, index] : latest) {
      seen[producer] = index;
      auto [it, added] =
          semaphoreOf.insert({{producer, tb}, uint32_t(semaphoreOf.size())});
      (void)added;
      pending[producer][index].releases.push_back(it->second);
      op.semaphores.push_back(it->second);
    }
    push(tb, op);
  }

  /// The threadblock's index of the peer's buffer `type`.
  int32_t remoteBuffer(int32_t tb, uint32_t peer, char type) {
    uint32_t id = 0;
    while (id < remoteBuffers.size() &&
           !(remoteBuffers[id].rank == peer && remoteBuffers[id].type == type))
      ++id;
    if (id == remoteBuffers.size())
      remoteBuffers.push_back({peer, type});
    std::vector<uint32_t> &refs = tbs[tb].remoteBuffers;
    auto at = std::find(refs.begin(), refs.end(), id);
    if (at == refs.end()) {
      refs.push_back(id);
      return int32_t(refs.size() - 1);
    }
    return int32_t(at - refs.begin());
  }

  void emit(const Event &e) {
    if (e.cls == 1)
      emitSend(e.transfer);
    else
      emitReceive(e.transfer);
  }

  static Op channelOp(OpKind kind) {
    Op op;
    op.kind = kind;
    op.channels = {0};
    return op;
  }

  /// After the last write of the chunk's place: put, signal.
  void emitSend(size_t i) {
    ChunkState &state = states[schedule.chunk(i)];
    Loc land = layout.landing[i];
    int32_t tb = tbOf.at({false, schedule.dst(i), layout.channels[i]});
    std::vector<Ref> deps;
    if (state.lastWrite)
      deps.push_back(*state.lastWrite);
    acquire(tb, deps);
    Op put;
    put.kind = OpKind::Put;
    put.src = {local(state.loc)};
    BufferRef dst = local(land);
    dst.bufferId = remoteBuffer(tb, schedule.dst(i), land.buf);
    put.dst = {dst};
    state.readsSinceWrite.push_back(push(tb, put));
    push(tb, channelOp(OpKind::Signal));
  }

  /// Wait; then, if the put landed in scratch, copy or reduce it into the
  /// place after its last write and the puts that read it since.
  void emitReceive(size_t i) {
    ChunkState &state = states[schedule.chunk(i)];
    Loc land = layout.landing[i];
    int32_t tb = tbOf.at({true, schedule.src(i), layout.channels[i]});
    Ref written = push(tb, channelOp(OpKind::Wait));
    if (!(land == state.loc)) {
      std::vector<Ref> deps = state.readsSinceWrite;
      if (state.lastWrite)
        deps.push_back(*state.lastWrite);
      acquire(tb, deps);
      // A reduction into a GPU that holds nothing yet sets the chunk
      // (docs/Verification.md).
      Op op;
      if (schedule.kindByte(i) == 1 && state.holds) {
        op.kind = OpKind::Reduce;
        op.src = {local(state.loc), local(land)};
      } else {
        op.kind = OpKind::Copy;
        op.src = {local(land)};
      }
      op.dst = {local(state.loc)};
      written = push(tb, op);
    }
    state.lastWrite = written;
    state.readsSinceWrite.clear();
    state.holds = true;
  }

  enum class Sync : uint8_t { None, Data, In, Out };

  static Sync syncOf(OpKind kind) {
    switch (kind) {
    case OpKind::Put:
    case OpKind::Copy:
    case OpKind::Reduce:
      return Sync::Data;
    case OpKind::Wait:
    case OpKind::SemAcquire:
      return Sync::In;
    case OpKind::Signal:
    case OpKind::SemRelease:
      return Sync::Out;
    case OpKind::Nop:
      return Sync::None;
    }
    std::abort();
  }

  /// The threadblock's operations with its releases and the nops: before a
  /// data operation, signal or release after a data operation, wait or
  /// acquire (the executor runs a wait, signal, acquire or release on one
  /// thread per channel or semaphore, a data operation on all of them).
  Threadblock finish(size_t t) {
    Threadblock tb = std::move(tbs[t]);
    Sync prev = Sync::None;
    auto add = [&](Op op) {
      Sync sync = syncOf(op.kind);
      if ((sync == Sync::Data && (prev == Sync::Data || prev == Sync::In)) ||
          (sync == Sync::Out && (prev == Sync::Data || prev == Sync::In)))
        tb.ops.push_back(Op{});
      tb.ops.push_back(std::move(op));
      prev = sync;
    };
    for (Pending &p : pending[t]) {
      std::vector<uint32_t> acquires = std::move(p.op.semaphores);
      if (p.op.kind != OpKind::SemAcquire)
        add(std::move(p.op));
      for (OpKind kind : {OpKind::SemAcquire, OpKind::SemRelease}) {
        const std::vector<uint32_t> &ids =
            kind == OpKind::SemAcquire ? acquires : p.releases;
        for (size_t j = 0; j < ids.size(); j += kMaxSemaphoresPerOperation) {
          Op op;
          op.kind = kind;
          op.semaphores.assign(
              ids.begin() + j,
              ids.begin() +
                  std::min(ids.size(), j + kMaxSemaphoresPerOperation));
          add(std::move(op));
        }
      }
    }
    return tb;
  }
};

std::string gpuName(uint32_t rank) { return "GPU " + std::to_string(rank); }

std::string threadblockName(const Threadblock &tb, size_t t) {
  std::string name = "threadblock " + std::to_string(t);
  if (tb.peer < 0)
    return name + " (local copies)";
  return name + " (" + (tb.receives ? "from " : "to ") +
         std::to_string(tb.peer) + ", channel " + std::to_string(tb.channel) +
         ")";
}

/// The executor's limits on the finished plan; `opLimit` says whether a
/// threadblock has too many operations (more channels may help).
bool checkLimits(const Plan &plan, const Options &options, std::string &error,
                 bool &opLimit) {
  opLimit = false;
  for (uint32_t r = 0; r < plan.gpus.size(); ++r) {
    const Gpu &gpu = plan.gpus[r];
    for (size_t t = 0; t < gpu.threadblocks.size(); ++t) {
      const Threadblock &tb = gpu.threadblocks[t];
      if (tb.ops.size() > kMaxOperations) {
        error = gpuName(r) + " " + threadblockName(tb, t) + " needs " +
                std::to_string(tb.ops.size()) +
                " operations; the executor allows " +
                std::to_string(kMaxOperations) + " per threadblock";
        opLimit = true;
        return false;
      }
      if (tb.channels.size() > kMaxChannelsPerThreadblock ||
          tb.remoteBuffers.size() > kMaxChannelsPerThreadblock) {
        error = gpuName(r) + " " + threadblockName(tb, t) +
                " needs more than " +
                std::to_string(kMaxChannelsPerThreadblock) +
                " channels or remote buffers, the executor's limit";
        return false;
      }
    }
  }
  for (uint32_t r = 0; r < plan.gpus.size(); ++r)
    if (options.maxThreadblocks &&
        plan.gpus[r].threadblocks.size() > options.maxThreadblocks) {
      error = gpuName(r) + " needs " +
              std::to_string(plan.gpus[r].threadblocks.size()) +
              " threadblocks, more than the " +
              std::to_string(options.maxThreadblocks) + " allowed";
      return false;
    }
  return true;
}

std::optional<Plan> buildWithChannels(const CallShape &shape,
                                      const ScheduleView &schedule,
                                      const Options &options,
                                      std::vector<uint32_t> channels,
                                      std::string &error, bool &opLimit) {
  uint32_t n = shape.numRanks;
  std::vector<std::vector<size_t>> mine(n);
  for (size_t i = 0; i < schedule.size(); ++i) {
    mine[schedule.src(i)].push_back(i);
    mine[schedule.dst(i)].push_back(i);
  }
  Layout layout = buildLayout(shape, schedule, std::move(channels));
  Plan plan;
  plan.name = options.name;
  plan.collective = msccl::collName(shape.kind);
  plan.threadsPerBlock = options.threadsPerBlock;
  plan.minMessageSize = options.minMessageSize;
  plan.maxMessageSize = options.maxMessageSize;
  for (uint32_t r = 0; r < n; ++r)
    plan.gpus.push_back(GpuBuilder(shape, schedule, layout, r).build(mine[r]));
  if (!checkLimits(plan, options, error, opLimit))
    return std::nullopt;
  return plan;
}

} // namespace

std::optional<Plan> buildPlan(const CallShape &shape,
                              const ScheduleView &schedule,
                              const Options &options, std::string &error) {
  uint32_t n = shape.numRanks;
  bool everyNpu = shape.participants.size() == n;
  for (uint32_t q = 0; everyNpu && q < n; ++q)
    everyNpu = shape.participants[q] == q;
  if (!everyNpu) {
    CallShape group;
    Schedule renumbered;
    if (!msccl::groupCommunicator(shape, schedule, "MSCCL++", group, renumbered,
                                  error))
      return std::nullopt;
    return buildPlan(group, renumbered.view(), options, error);
  }
  error = msccl::checkTransfers(shape, schedule);
  if (!error.empty())
    return std::nullopt;
  // One channel per link and lane if the threadblocks fit; else ever
  // shorter blocks of a link's transfers per channel. A transfer takes
  // about five operations on its sender.
  std::optional<Plan> plan;
  std::string firstError;
  for (uint32_t perChannel = UINT32_MAX;; perChannel /= 2) {
    bool opLimit = false;
    plan = buildWithChannels(shape, schedule, options,
                             msccl::assignChannels(schedule, perChannel), error,
                             opLimit);
    if (plan || !opLimit)
      break;
    if (perChannel == UINT32_MAX) {
      firstError = error;
      perChannel = 2 * kMaxOperations / 4;
    }
    if (perChannel == 1) {
      error = firstError + ", and splitting the links' transfers over more "
                           "channels does not fit either";
      break;
    }
  }
  return plan;
}

namespace {

void writeString(std::ostream &os, const std::string &text) {
  static const char *hex = "0123456789abcdef";
  os << '"';
  for (unsigned char c : text) {
    if (c == '"' || c == '\\')
      os << '\\' << c;
    else if (c < 0x20)
      os << "\\u00" << hex[c >> 4] << hex[c & 15];
    else
      os << c;
  }
  os << '"';
}

template <typename T>
void writeList(std::ostream &os, const std::vector<T> &items) {
  os << '[';
  for (size_t j = 0; j < items.size(); ++j)
    os << (j ? ", " : "") << items[j];
  os << ']';
}

void writeBuffers(std::ostream &os, const char *key,
                  const std::vector<BufferRef> &refs) {
  os << ", \"" << key << "\": [";
  for (size_t j = 0; j < refs.size(); ++j) {
    const BufferRef &ref = refs[j];
    os << (j ? ", " : "") << '{';
    if (ref.bufferId >= 0)
      os << "\"buffer_id\": " << ref.bufferId;
    else
      os << "\"type\": \"" << ref.type << '"';
    os << ", \"index\": " << ref.index << ", \"size\": " << ref.size << '}';
  }
  os << ']';
}

/// One operation, its fields as MSCCL++'s DSL writes them.
void writeOp(std::ostream &os, const Op &op) {
  os << "{\"name\": \"" << opName(op.kind) << '"';
  switch (op.kind) {
  case OpKind::Nop:
    break;
  case OpKind::Put:
    writeBuffers(os, "src_buff", op.src);
    writeBuffers(os, "dst_buff", op.dst);
    os << ", \"channel_type\": \"memory\"";
    break;
  case OpKind::Signal:
  case OpKind::Wait:
    os << ", \"channel_ids\": ";
    writeList(os, op.channels);
    os << ", \"channel_type\": \"memory\"";
    break;
  case OpKind::Copy:
    writeBuffers(os, "src_buff", op.src);
    writeBuffers(os, "dst_buff", op.dst);
    break;
  case OpKind::Reduce:
    writeBuffers(os, "src_buff", op.src);
    writeBuffers(os, "dst_buff", op.dst);
    os << ", \"reduce_op\": \"sum\"";
    break;
  case OpKind::SemAcquire:
  case OpKind::SemRelease:
    os << ", \"semaphore_ids\": ";
    writeList(os, op.semaphores);
    break;
  }
  os << '}';
}

void writeThreadblock(std::ostream &os, const Threadblock &tb, size_t id) {
  const char *in = "          ";
  os << "        {\n" << in << "\"id\": " << id << ",\n" << in << "\"ops\": [";
  for (size_t j = 0; j < tb.ops.size(); ++j) {
    os << (j ? ",\n" : "\n") << in << "  ";
    writeOp(os, tb.ops[j]);
  }
  os << (tb.ops.empty() ? "" : "\n") << (tb.ops.empty() ? "" : in) << "],\n"
     << in << "\"channels\": [";
  if (!tb.channels.empty()) {
    os << "{\"channel_type\": \"memory\", \"channel_ids\": ";
    writeList(os, tb.channels);
    os << '}';
  }
  os << "],\n" << in << "\"remote_buffer_refs\": [";
  if (!tb.remoteBuffers.empty()) {
    os << "{\"access_channel_type\": \"memory\", \"remote_buffer_ids\": ";
    writeList(os, tb.remoteBuffers);
    os << '}';
  }
  os << "]\n        }";
}

void writeGpu(std::ostream &os, const Gpu &gpu, size_t id) {
  const char *in = "      ";
  os << "    {\n"
     << in << "\"id\": " << id << ",\n"
     << in << "\"input_chunks\": " << gpu.inputChunks << ",\n"
     << in << "\"output_chunks\": " << gpu.outputChunks << ",\n"
     << in << "\"scratch_chunks\": " << gpu.scratchChunks << ",\n"
     << in << "\"threadblocks\": [";
  for (size_t t = 0; t < gpu.threadblocks.size(); ++t) {
    os << (t ? ",\n" : "\n");
    writeThreadblock(os, gpu.threadblocks[t], t);
  }
  os << (gpu.threadblocks.empty() ? "" : "\n")
     << (gpu.threadblocks.empty() ? "" : in) << "],\n"
     << in << "\"channels\": [";
  if (!gpu.channelPeers.empty()) {
    os << "{\"channel_type\": \"memory\", \"connected_to\": ";
    writeList(os, gpu.channelPeers);
    os << '}';
  }
  os << "],\n" << in << "\"remote_buffers\": [";
  for (size_t j = 0; j < gpu.remoteBuffers.size(); ++j)
    os << (j ? ", " : "") << "{\"rank\": " << gpu.remoteBuffers[j].rank
       << ", \"type\": \"" << gpu.remoteBuffers[j].type
       << "\", \"access_channel_types\": [\"memory\"]}";
  os << "],\n" << in << "\"semaphores\": [";
  for (uint32_t j = 0; j < gpu.semaphores; ++j)
    os << (j ? ", " : "") << "{\"init_value\": 0}";
  os << "]\n    }";
}

} // namespace

void writeJson(const Plan &plan, std::ostream &os) {
  os << "{\n  \"name\": ";
  writeString(os, plan.name);
  os << ",\n  \"collective\": \"" << plan.collective << "\",\n"
     << "  \"protocol\": \"Simple\",\n"
     << "  \"inplace\": false,\n"
     << "  \"reuse_resources\": false,\n"
     << "  \"gpus\": [";
  for (size_t r = 0; r < plan.gpus.size(); ++r) {
    os << (r ? ",\n" : "\n");
    writeGpu(os, plan.gpus[r], r);
  }
  os << "\n  ],\n"
     << "  \"num_threads_per_block\": " << plan.threadsPerBlock << ",\n"
     << "  \"use_double_scratch_buffer\": false,\n"
     << "  \"buffer_alignment\": " << kBufferAlignment << ",\n"
     << "  \"min_message_size\": " << plan.minMessageSize << ",\n"
     << "  \"max_message_size\": " << plan.maxMessageSize << "\n}\n";
}

} // namespace tacos::exec::mscclpp
