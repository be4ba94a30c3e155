//===- MSCCLProgram.cpp - A schedule as an MSCCL-IR program ---------------===//
//
// See MSCCLProgram.h for the placement, threadblocks, channels, order and
// dependencies. This file: channels of every transfer (once, for both ends),
// then one GPU at a time (places, copies from `in`, steps in event order),
// then the executor's limits, then the XML.
//
//===----------------------------------------------------------------------===//

#include "tacos/Execution/MSCCLProgram.h"

#include <algorithm>
#include <map>
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

std::vector<uint32_t> assignChannels(const ScheduleView &schedule,
                                     uint32_t perChannel) {
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
    channels[i] = triples[keys[i]];
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

/// A chunk's state on the GPU being built.
struct ChunkState {
  Loc loc;
  bool holds = false;
  bool written = false;
  std::optional<StepRef> lastWrite;
  std::vector<StepRef> readsSinceWrite;
};

/// Builds one GPU's threadblocks.
class GpuBuilder {
public:
  GpuBuilder(const CallShape &shape, const ScheduleView &schedule,
             const std::vector<uint32_t> &channels, const Options &options,
             uint32_t rank)
      : shape(shape), schedule(schedule), channels(channels), options(options),
        rank(rank) {}

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

  Gpu build(const std::vector<size_t> &mine,
            const std::map<uint64_t, ChunkState> &placed, uint32_t scratch) {
    states = placed;
    Gpu gpu;
    uint32_t k = shape.chunksPerRank, p = shape.numPieces();
    bool sliceIn = slicePiece(shape, rank, Buffer::In).has_value();
    bool sliceOut = slicePiece(shape, rank, Buffer::Out).has_value();
    gpu.inChunks = sliceIn ? k : p;
    gpu.outChunks = sliceOut ? k : p;
    gpu.scratchChunks = scratch;
    if (!options.astraSim)
      collectCopies();
    createThreadblocks(mine);
    for (const Event &e : orderedEvents(mine))
      emit(e);
    gpu.threadblocks = std::move(tbs);
    return gpu;
  }

private:
  const CallShape &shape;
  const ScheduleView &schedule;
  const std::vector<uint32_t> &channels;
  const Options &options;
  uint32_t rank;
  std::map<uint64_t, ChunkState> states;
  std::vector<Threadblock> tbs;
  /// (is receive, peer, channel) -> threadblock.
  std::map<std::tuple<bool, uint32_t, uint32_t>, int32_t> tbOf;
  /// Copies from `in`, and the copy that writes each chunk.
  std::vector<Step> copySteps;
  std::map<uint64_t, size_t> copyOf;
  /// Per threadblock: the last step of each other threadblock it waited for.
  std::map<int32_t, std::map<int32_t, int32_t>> waited;

public:
  /// The receivers' places, for the `dst` of sends.
  const std::vector<std::map<uint64_t, ChunkState>> *allStates = nullptr;

private:
  struct Event {
    int64_t time;
    uint8_t cls; // 0: receive completes, 1: send starts
    uint8_t kindOrder;
    uint32_t peer;
    uint16_t lane;
    uint32_t chunk;
    size_t transfer;
    bool operator<(const Event &o) const {
      return std::tie(time, cls, kindOrder, peer, lane, chunk, transfer) <
             std::tie(o.time, o.cls, o.kindOrder, o.peer, o.lane, o.chunk,
                      o.transfer);
    }
  };

  bool sends(size_t i) const { return schedule.src(i) == rank; }

  /// Threadblock ids: the local ones first (if any copies), then by peer,
  /// sends before receives, then channel.
  void createThreadblocks(const std::vector<size_t> &mine) {
    size_t local = (copySteps.size() + kMaxStepsPerThreadblock - 1) /
                   kMaxStepsPerThreadblock;
    tbs.resize(local);
    for (size_t j = 0; j < copySteps.size(); ++j)
      tbs[j / kMaxStepsPerThreadblock].steps.push_back(copySteps[j]);
    for (auto &[chunk, j] : copyOf)
      states[chunk].lastWrite = StepRef{int32_t(j / kMaxStepsPerThreadblock),
                                        int32_t(j % kMaxStepsPerThreadblock)};
    std::vector<std::tuple<uint32_t, bool, uint32_t>> keys;
    for (size_t i : mine)
      keys.push_back({sends(i) ? schedule.dst(i) : schedule.src(i), !sends(i),
                      channels[i]});
    std::sort(keys.begin(), keys.end());
    keys.erase(std::unique(keys.begin(), keys.end()), keys.end());
    for (auto &[peer, recv, chan] : keys) {
      Threadblock tb;
      (recv ? tb.recv : tb.send) = int32_t(peer);
      tb.channel = chan;
      tbOf[{recv, peer, chan}] = int32_t(tbs.size());
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

  std::vector<Event> orderedEvents(const std::vector<size_t> &mine) const {
    std::vector<Event> events;
    for (size_t i : mine) {
      bool s = sends(i);
      events.push_back({s ? schedule.start(i) : schedule.end(i), uint8_t(s),
                        uint8_t(!s && schedule.kindByte(i) == 1 ? 0 : 1),
                        s ? schedule.dst(i) : schedule.src(i), schedule.lane(i),
                        schedule.chunk(i), i});
    }
    std::sort(events.begin(), events.end());
    return events;
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

  void emit(const Event &e) {
    size_t i = e.transfer;
    ChunkState &state = states[schedule.chunk(i)];
    Step step;
    step.count = 1;
    if (e.cls == 1) {
      Loc remote = (*allStates)[schedule.dst(i)].at(schedule.chunk(i)).loc;
      if (options.astraSim)
        remote = state.loc;
      step.type = StepType::Send;
      step.srcBuf = state.loc.buf;
      step.srcOff = int32_t(state.loc.off);
      step.dstBuf = remote.buf;
      step.dstOff = int32_t(remote.off);
      std::vector<StepRef> deps;
      if (state.lastWrite)
        deps.push_back(*state.lastWrite);
      StepRef ref =
          append(tbOf.at({false, schedule.dst(i), channels[i]}), step, deps);
      state.readsSinceWrite.push_back(ref);
      return;
    }
    // A reduce into a GPU that holds nothing yet sets the chunk
    // (docs/Verification.md), so it lands as a plain receive.
    bool reduce = schedule.kindByte(i) == 1 && state.holds;
    Loc remote = (*allStates)[schedule.src(i)].at(schedule.chunk(i)).loc;
    step.type = reduce ? StepType::RecvReduceCopy : StepType::Recv;
    // rrc reduces the received data with its source and writes its
    // destination: both are the chunk's place.
    Loc src = reduce || options.astraSim ? state.loc : remote;
    step.srcBuf = src.buf;
    step.srcOff = int32_t(src.off);
    step.dstBuf = state.loc.buf;
    step.dstOff = int32_t(state.loc.off);
    std::vector<StepRef> deps = state.readsSinceWrite;
    if (state.lastWrite)
      deps.push_back(*state.lastWrite);
    state.lastWrite =
        append(tbOf.at({true, schedule.src(i), channels[i]}), step, deps);
    state.readsSinceWrite.clear();
    state.holds = true;
  }
};

std::string gpuName(uint32_t rank) { return "GPU " + std::to_string(rank); }

/// The executor's limits, checked on the finished program.
bool checkLimits(const Program &program, std::string &error, bool &stepLimit) {
  stepLimit = false;
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

} // namespace

static std::optional<Program>
buildWithChannels(const CallShape &shape, const ScheduleView &schedule,
                  const Options &options, const std::vector<uint32_t> &channels,
                  std::string &error, bool &stepLimit) {
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

  Program program;
  program.name = options.name;
  program.coll = collName(shape.kind);
  program.protocol = options.protocol;
  program.minBytes = options.minBytes;
  program.maxBytes = options.maxBytes;
  // Every step reads `in` only through the copies at the start, and no step
  // writes `in`, but the copies would overwrite `in` where `out` aliases it.
  program.inplace = false;
  program.outofplace = true;
  for (uint32_t r = 0; r < n; ++r) {
    GpuBuilder builder(shape, schedule, channels, options, r);
    builder.allStates = &states;
    program.gpus.push_back(builder.build(mine[r], states[r], scratch[r]));
  }
  uint32_t maxChannel = 0;
  for (const Gpu &gpu : program.gpus) {
    program.chunksPerLoop =
        std::max({program.chunksPerLoop, gpu.inChunks, gpu.outChunks});
    for (const Threadblock &tb : gpu.threadblocks)
      maxChannel = std::max(maxChannel, tb.channel);
  }
  program.numChannels = maxChannel + 1;
  if (!checkLimits(program, error, stepLimit))
    return std::nullopt;
  return program;
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
  uint64_t numChunks = shape.numChunks();
  for (size_t i = 0; i < schedule.size(); ++i) {
    std::string what;
    if (schedule.src(i) >= n || schedule.dst(i) >= n ||
        schedule.src(i) == schedule.dst(i))
      what = "has an invalid link";
    else if (schedule.chunk(i) >= numChunks)
      what = "names an unknown chunk";
    else if (schedule.kindByte(i) > 1)
      what = "has an unknown kind";
    else if (schedule.end(i) <= schedule.start(i))
      what = "does not take time (end <= start)";
    if (!what.empty()) {
      error = "transfer " + std::to_string(i) + " " + what;
      return std::nullopt;
    }
  }

  // One channel per link and lane if the threadblocks fit; else ever
  // shorter blocks of a link's transfers per channel, while the channels
  // last.
  std::optional<Program> program;
  std::string stepError;
  for (uint32_t perChannel = UINT32_MAX;; perChannel /= 2) {
    bool stepLimit = false;
    program = buildWithChannels(shape, schedule, options,
                                assignChannels(schedule, perChannel), error,
                                stepLimit);
    if (program || !stepLimit || perChannel == 1)
      break;
    stepError = error;
    if (perChannel == UINT32_MAX)
      perChannel = 2 * kMaxStepsPerThreadblock;
  }
  if (!program && !stepError.empty() &&
      error.find("channels") != std::string::npos)
    error = stepError +
            ", and splitting the links' transfers over more "
            "channels needs more than the executor's " +
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
