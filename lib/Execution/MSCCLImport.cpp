//===- MSCCLImport.cpp - An MSCCL-IR program as a schedule ----------------===//
//
// See MSCCLImport.h. Three parts: reading the elements into the program
// model (ElementReader, one attribute at a time), the static checks that
// need the whole program (dependencies, pairing), and the symbolic run
// (Machine) that times the messages and follows the values.
//
//===----------------------------------------------------------------------===//

#include "tacos/Execution/MSCCLImport.h"
#include "tacos/Network/SwitchPaths.h"

#include "tacos/Collective/ClockRange.h"
#include "tacos/Network/Quantity.h"

#include <algorithm>
#include <charconv>
#include <map>
#include <queue>
#include <set>
#include <tuple>
#include <unordered_map>

namespace tacos::exec::msccl {

std::optional<CollectiveKind> parseCollName(std::string_view name) {
  static const std::pair<const char *, CollectiveKind> names[] = {
      {"allgather", CollectiveKind::AllGather},
      {"all_gather", CollectiveKind::AllGather},
      {"reducescatter", CollectiveKind::ReduceScatter},
      {"reduce_scatter", CollectiveKind::ReduceScatter},
      {"allreduce", CollectiveKind::AllReduce},
      {"all_reduce", CollectiveKind::AllReduce},
      {"alltoall", CollectiveKind::AllToAll},
      {"all_to_all", CollectiveKind::AllToAll},
      {"broadcast", CollectiveKind::Broadcast},
      {"reduce", CollectiveKind::Reduce},
      {"gather", CollectiveKind::Gather},
      {"scatter", CollectiveKind::Scatter},
  };
  for (auto &[n, kind] : names)
    if (name == n)
      return kind;
  return std::nullopt;
}

namespace {

//===----------------------------------------------------------------------===//
// Reading
//===----------------------------------------------------------------------===//

std::optional<StepType> parseStepType(std::string_view name) {
  for (StepType t :
       {StepType::Send, StepType::Recv, StepType::RecvCopySend,
        StepType::RecvReduceSend, StepType::RecvReduceCopy,
        StepType::RecvReduceCopySend, StepType::LocalReduce, StepType::Copy,
        StepType::Nop})
    if (name == stepTypeName(t))
      return t;
  return std::nullopt;
}

bool sendsMessage(StepType t) {
  return t == StepType::Send || t == StepType::RecvCopySend ||
         t == StepType::RecvReduceSend || t == StepType::RecvReduceCopySend;
}
bool receivesMessage(StepType t) {
  return t == StepType::Recv || t == StepType::RecvCopySend ||
         t == StepType::RecvReduceSend || t == StepType::RecvReduceCopy ||
         t == StepType::RecvReduceCopySend;
}
/// The step reads its local `src` operand.
bool readsSrc(StepType t) {
  return t == StepType::Send || t == StepType::RecvReduceSend ||
         t == StepType::RecvReduceCopy || t == StepType::RecvReduceCopySend ||
         t == StepType::Copy || t == StepType::LocalReduce;
}
/// The step writes (or, for `re`, reads and writes) its local `dst`.
bool usesDst(StepType t) {
  return t == StepType::Recv || t == StepType::RecvCopySend ||
         t == StepType::RecvReduceCopy || t == StepType::RecvReduceCopySend ||
         t == StepType::Copy || t == StepType::LocalReduce;
}

/// Reads the attributes of one element; the first problem is kept in
/// `error` and every later call returns false.
class ElementReader {
public:
  ElementReader(const xml::Element &e, ImportError &error, bool &failed)
      : e(e), error(error), failed(failed) {}

  bool fail(const std::string &message, xml::Position at) {
    if (!failed) {
      failed = true;
      error = {message, at};
    }
    return false;
  }
  bool failHere(const std::string &message) { return fail(message, e.at); }

  const xml::Attribute *required(const char *name) {
    const xml::Attribute *a = e.find(name);
    if (!a && !failed)
      fail("<" + e.name + "> has no attribute '" + name + "'", e.at);
    return a;
  }

  /// An integer in [lo, hi]; missing is an error unless `fallback`.
  bool integer(const char *name, int64_t lo, int64_t hi, int64_t &out,
               std::optional<int64_t> fallback = std::nullopt,
               const char *why = nullptr) {
    if (failed)
      return false;
    const xml::Attribute *a = fallback ? e.find(name) : required(name);
    if (!a) {
      if (!fallback)
        return false;
      out = *fallback;
      return true;
    }
    const std::string &v = a->value;
    const char *first = v.data(), *last = v.data() + v.size();
    bool negative = !v.empty() && v[0] == '-';
    if (v.empty() || v.find_first_not_of("-0123456789") != std::string::npos ||
        v.find('-', 1) != std::string::npos || v == "-")
      return fail("attribute '" + std::string(name) + "' of <" + e.name +
                      "> must be an integer, got '" + v + "'",
                  a->valueAt);
    int64_t value = 0;
    auto [ptr, ec] = std::from_chars(first, last, value);
    if (ec != std::errc() || ptr != last || value < lo || value > hi) {
      std::string text = v.size() > 24 ? v.substr(0, 24) + "..." : v;
      return fail("attribute '" + std::string(name) + "' of <" + e.name +
                      "> is " + text + ", outside [" + std::to_string(lo) +
                      ", " + std::to_string(hi) + "]" +
                      (why ? std::string(": ") + why : std::string()),
                  a->valueAt);
    }
    (void)negative;
    out = value;
    return true;
  }

  bool uint64(const char *name, uint64_t &out, uint64_t fallback) {
    if (failed)
      return false;
    const xml::Attribute *a = e.find(name);
    if (!a) {
      out = fallback;
      return true;
    }
    const std::string &v = a->value;
    auto [ptr, ec] = std::from_chars(v.data(), v.data() + v.size(), out);
    if (v.empty() || v.find_first_not_of("0123456789") != std::string::npos ||
        ec != std::errc() || ptr != v.data() + v.size())
      return fail("attribute '" + std::string(name) + "' of <" + e.name +
                      "> must be an unsigned 64-bit integer, got '" +
                      (v.size() > 24 ? v.substr(0, 24) + "..." : v) + "'",
                  a->valueAt);
    return true;
  }

  bool flag(const char *name, bool &out, std::optional<bool> fallback) {
    int64_t v = 0;
    if (!integer(name, 0, 1, v,
                 fallback ? std::optional<int64_t>(*fallback) : std::nullopt))
      return false;
    out = v != 0;
    return true;
  }

  bool buffer(const char *name, char &out) {
    const xml::Attribute *a = required(name);
    if (!a)
      return false;
    if (a->value != "i" && a->value != "o" && a->value != "s")
      return fail("unknown buffer '" + a->value + "' in attribute '" + name +
                      "'; expected 'i', 'o' or 's'",
                  a->valueAt);
    out = a->value[0];
    return true;
  }

  const xml::Attribute *attribute(const char *name) const {
    return e.find(name);
  }
  xml::Position valueAt(const char *name) const {
    const xml::Attribute *a = e.find(name);
    return a ? a->valueAt : e.at;
  }

private:
  const xml::Element &e;
  ImportError &error;
  bool &failed;
};

/// Reads the document into a ParsedProgram, element by element.
class ProgramReader {
public:
  explicit ProgramReader(ImportError &error) : error(error) {}

  std::optional<ParsedProgram> read(const xml::Element &root) {
    if (root.name != "algo")
      return failAt("expected <algo> as the root element, found <" +
                        root.name + ">",
                    root.at);
    if (!readAlgo(root))
      return std::nullopt;
    for (size_t g = 0; g < root.children.size(); ++g) {
      const xml::Element &gpu = *root.children[g];
      if (gpu.name != "gpu")
        return failAt("unexpected <" + gpu.name + "> in <algo>; expected <gpu>",
                      gpu.at);
      if (!readGpu(gpu, uint32_t(g)))
        return std::nullopt;
    }
    if (result.program.gpus.size() != numGpus)
      return failAt("ngpus is " + std::to_string(numGpus) + " but <algo> has " +
                        std::to_string(result.program.gpus.size()) +
                        " <gpu> elements",
                    ngpusAt);
    if (!checkDependencies() || !checkPeers() || !checkPairing())
      return std::nullopt;
    return std::move(result);
  }

private:
  ImportError &error;
  bool failed = false;
  ParsedProgram result;
  uint32_t numGpus = 0;
  xml::Position ngpusAt, chunksAt;
  /// Per step: where its depid and hasdep are, for the checks that need
  /// the whole GPU.
  std::vector<std::vector<std::vector<std::pair<xml::Position, xml::Position>>>>
      depAt;

  std::nullopt_t failAt(const std::string &message, xml::Position at) {
    if (!failed) {
      failed = true;
      error = {message, at};
    }
    return std::nullopt;
  }
  bool bad(const std::string &message, xml::Position at) {
    failAt(message, at);
    return false;
  }

  bool readAlgo(const xml::Element &e) {
    ElementReader r(e, error, failed);
    Program &p = result.program;
    result.where.algo = e.at;
    const xml::Attribute *name = r.required("name");
    if (!name)
      return false;
    p.name = name->value;
    const xml::Attribute *proto = r.required("proto");
    if (!proto)
      return false;
    std::optional<Protocol> protocol = parseProtocol(proto->value);
    if (!protocol)
      return r.fail("unknown protocol '" + proto->value +
                        "'; expected 'Simple', 'LL' or 'LL128'",
                    proto->valueAt);
    p.protocol = *protocol;
    int64_t channels, chunks, gpus;
    if (!r.integer("nchannels", 1, kMaxChannels, channels, std::nullopt,
                   "the executor has 32 channels") ||
        !r.integer("nchunksperloop", 1, INT32_MAX, chunks) ||
        !r.integer("ngpus", 1, kMaxNpus, gpus))
      return false;
    p.numChannels = uint32_t(channels);
    p.chunksPerLoop = uint32_t(chunks);
    numGpus = uint32_t(gpus);
    ngpusAt = r.valueAt("ngpus");
    chunksAt = r.valueAt("nchunksperloop");
    const xml::Attribute *coll = r.required("coll");
    if (!coll)
      return false;
    std::optional<CollectiveKind> kind = parseCollName(coll->value);
    if (!kind)
      return r.fail("coll '" + coll->value +
                        "' has no tacos collective; expected allgather, "
                        "reducescatter, allreduce, alltoall, broadcast, "
                        "reduce, gather or scatter",
                    coll->valueAt);
    result.kind = *kind;
    p.coll = collName(*kind);
    if (!r.flag("inplace", p.inplace, std::nullopt) ||
        !r.flag("outofplace", p.outofplace, !p.inplace) ||
        !r.uint64("minBytes", p.minBytes, 0) ||
        !r.uint64("maxBytes", p.maxBytes, 0))
      return false;
    bool perRank = collectiveInfo(*kind).buffers != Buffers::One;
    if (perRank && chunks % gpus != 0)
      return r.fail("nchunksperloop " + std::to_string(chunks) +
                        " is not a multiple of ngpus " + std::to_string(gpus) +
                        ": " + p.coll +
                        " splits its buffers into ngpus * k chunks",
                    chunksAt);
    result.chunksPerRank = uint32_t(perRank ? chunks / gpus : chunks);
    return true;
  }

  bool readGpu(const xml::Element &e, uint32_t index) {
    ElementReader r(e, error, failed);
    int64_t id, in, out, scratch;
    // Offsets are int16 in the executor: a buffer has at most 32768 chunks.
    const int64_t maxChunks = int64_t(kMaxOffset) + 1;
    const char *why = "the executor's offsets are int16";
    if (!r.integer("id", 0, INT32_MAX, id) ||
        !r.integer("i_chunks", 0, maxChunks, in, std::nullopt, why) ||
        !r.integer("o_chunks", 0, maxChunks, out, std::nullopt, why) ||
        !r.integer("s_chunks", 0, maxChunks, scratch, std::nullopt, why))
      return false;
    if (id != index)
      return r.fail("<gpu> id " + std::to_string(id) +
                        " out of order; expected " + std::to_string(index) +
                        " (ids are 0..ngpus-1 in order)",
                    r.valueAt("id"));
    if (index >= numGpus)
      return r.fail("more <gpu> elements than ngpus (" +
                        std::to_string(numGpus) + ")",
                    e.at);
    Gpu gpu;
    gpu.inChunks = uint32_t(in);
    gpu.outChunks = uint32_t(out);
    gpu.scratchChunks = uint32_t(scratch);
    result.where.gpus.push_back(e.at);
    result.where.tbs.emplace_back();
    result.where.steps.emplace_back();
    depAt.emplace_back();
    std::map<uint32_t, uint32_t> perChannel;
    for (size_t t = 0; t < e.children.size(); ++t) {
      const xml::Element &tb = *e.children[t];
      if (tb.name != "tb")
        return r.fail("unexpected <" + tb.name + "> in <gpu>; expected <tb>",
                      tb.at);
      if (!readTb(tb, index, uint32_t(t), gpu))
        return false;
      if (++perChannel[gpu.threadblocks.back().channel] >
          kMaxThreadblocksPerChannel)
        return r.fail("more than " +
                          std::to_string(kMaxThreadblocksPerChannel) +
                          " threadblocks on channel " +
                          std::to_string(gpu.threadblocks.back().channel) +
                          " of gpu " + std::to_string(index) +
                          ", the executor's limit",
                      tb.at);
    }
    result.program.gpus.push_back(std::move(gpu));
    return true;
  }

  bool readTb(const xml::Element &e, uint32_t gpuIndex, uint32_t index,
              Gpu &gpu) {
    ElementReader r(e, error, failed);
    int64_t id, send, recv, chan;
    int64_t lastGpu = int64_t(numGpus) - 1;
    if (!r.integer("id", 0, INT32_MAX, id) ||
        !r.integer("send", -1, lastGpu, send) ||
        !r.integer("recv", -1, lastGpu, recv) ||
        !r.integer("chan", 0, int64_t(result.program.numChannels) - 1, chan,
                   std::nullopt, "below nchannels"))
      return false;
    if (id != index)
      return r.fail("<tb> id " + std::to_string(id) +
                        " out of order; expected " +
                        std::to_string(index) +
                        " (ids are 0..n-1 in order within a gpu)",
                    r.valueAt("id"));
    if (send == gpuIndex)
      return r.fail("threadblock " + std::to_string(index) + " of gpu " +
                        std::to_string(gpuIndex) + " sends to its own gpu",
                    r.valueAt("send"));
    if (recv == gpuIndex)
      return r.fail("threadblock " + std::to_string(index) + " of gpu " +
                        std::to_string(gpuIndex) + " receives from its own gpu",
                    r.valueAt("recv"));
    Threadblock tb;
    tb.send = int32_t(send);
    tb.recv = int32_t(recv);
    tb.channel = uint32_t(chan);
    result.where.tbs[gpuIndex].push_back(e.at);
    result.where.steps[gpuIndex].emplace_back();
    depAt[gpuIndex].emplace_back();
    for (size_t s = 0; s < e.children.size(); ++s) {
      const xml::Element &step = *e.children[s];
      if (step.name != "step")
        return r.fail("unexpected <" + step.name + "> in <tb>; expected <step>",
                      step.at);
      if (s == kMaxStepsPerThreadblock)
        return r.fail("threadblock " + std::to_string(index) + " of gpu " +
                          std::to_string(gpuIndex) + " has more than " +
                          std::to_string(kMaxStepsPerThreadblock) +
                          " steps, the executor's limit",
                      step.at);
      if (!readStep(step, gpuIndex, uint32_t(s), gpu, tb))
        return false;
    }
    gpu.threadblocks.push_back(std::move(tb));
    return true;
  }

  bool readStep(const xml::Element &e, uint32_t gpuIndex, uint32_t index,
                const Gpu &gpu, Threadblock &tb) {
    ElementReader r(e, error, failed);
    if (!e.children.empty())
      return r.fail("unexpected <" + e.children.front()->name +
                        "> in <step>; steps have no content",
                    e.children.front()->at);
    int64_t s;
    if (!r.integer("s", 0, INT32_MAX, s))
      return false;
    if (s != index)
      return r.fail("<step> s " + std::to_string(s) +
                        " out of order; expected " +
                        std::to_string(index) +
                        " (steps are 0..n-1 in order within a threadblock)",
                    r.valueAt("s"));
    const xml::Attribute *type = r.required("type");
    if (!type)
      return false;
    std::optional<StepType> t = parseStepType(type->value);
    if (!t)
      return r.fail("unknown step type '" + type->value +
                        "'; expected s, r, rcs, rrs, rrc, rrcs, re, cpy or nop",
                    type->valueAt);
    Step step;
    step.type = *t;
    int64_t srcOff, dstOff, cnt, depId, deps;
    bool nop = *t == StepType::Nop;
    if (!r.buffer("srcbuf", step.srcBuf) ||
        !r.integer("srcoff", -1, kMaxOffset, srcOff, std::nullopt,
                   "the executor's offsets are int16") ||
        !r.buffer("dstbuf", step.dstBuf) ||
        !r.integer("dstoff", -1, kMaxOffset, dstOff, std::nullopt,
                   "the executor's offsets are int16") ||
        !r.integer("cnt", nop ? 0 : 1, kMaxCount, cnt, std::nullopt,
                   "the executor moves 1 to 71 chunks per step") ||
        !r.integer("depid", -1, INT32_MAX, depId) ||
        !r.integer("deps", -1, INT32_MAX, deps) ||
        !r.flag("hasdep", step.hasDep, std::nullopt))
      return false;
    step.srcOff = int32_t(srcOff);
    step.dstOff = int32_t(dstOff);
    step.count = uint32_t(cnt);
    step.depTb = int32_t(depId);
    step.depStep = int32_t(deps);
    if ((depId < 0) != (deps < 0))
      return r.fail("depid and deps must both be -1 or both name a step",
                    r.valueAt(depId < 0 ? "depid" : "deps"));
    if (sendsMessage(*t) && tb.send < 0)
      return r.fail(std::string("step type '") + stepTypeName(*t) +
                        "' sends, but its threadblock has send=\"-1\"",
                    type->valueAt);
    if (receivesMessage(*t) && tb.recv < 0)
      return r.fail(std::string("step type '") + stepTypeName(*t) +
                        "' receives, but its threadblock has recv=\"-1\"",
                    type->valueAt);
    if (readsSrc(*t) &&
        !inRange(r, gpu, step.srcBuf, srcOff, cnt, "srcbuf", "srcoff"))
      return false;
    if (usesDst(*t) &&
        !inRange(r, gpu, step.dstBuf, dstOff, cnt, "dstbuf", "dstoff"))
      return false;
    tb.steps.push_back(step);
    result.where.steps[gpuIndex].back().push_back(e.at);
    depAt[gpuIndex].back().push_back({r.valueAt("depid"), r.valueAt("hasdep")});
    return true;
  }

  bool inRange(ElementReader &r, const Gpu &gpu, char buf, int64_t off,
               int64_t cnt, const char *bufName, const char *offName) {
    uint32_t size = buf == 'i'   ? gpu.inChunks
                    : buf == 'o' ? gpu.outChunks
                                 : gpu.scratchChunks;
    if (off < 0 || off + cnt > size)
      return r.fail(std::string(offName) + " " + std::to_string(off) +
                        " with cnt " + std::to_string(cnt) + " is outside " +
                        bufName + " '" + buf + "' of " + std::to_string(size) +
                        " chunks",
                    r.valueAt(offName));
    return true;
  }

  /// Dangling dependencies, and targets without hasdep (the executor only
  /// signals steps with hasdep="1", so their dependents would wait forever).
  bool checkDependencies() {
    const Program &p = result.program;
    for (uint32_t g = 0; g < p.gpus.size(); ++g)
      for (uint32_t t = 0; t < p.gpus[g].threadblocks.size(); ++t)
        for (uint32_t s = 0; s < p.gpus[g].threadblocks[t].steps.size(); ++s) {
          const Step &step = p.gpus[g].threadblocks[t].steps[s];
          if (step.depTb < 0)
            continue;
          xml::Position at = depAt[g][t][s].first;
          if (uint32_t(step.depTb) >= p.gpus[g].threadblocks.size())
            return bad("dependency on threadblock " +
                               std::to_string(step.depTb) + ", but gpu " +
                               std::to_string(g) + " has " +
                               std::to_string(p.gpus[g].threadblocks.size()),
                           at);
          const Threadblock &target = p.gpus[g].threadblocks[step.depTb];
          if (uint32_t(step.depStep) >= target.steps.size())
            return bad("dependency on step " +
                               std::to_string(step.depStep) +
                               " of threadblock " + std::to_string(step.depTb) +
                               ", which has " +
                               std::to_string(target.steps.size()) + " steps",
                           at);
          if (step.depTb == int32_t(t))
            continue; // its own earlier step: no signal needed
          if (!target.steps[step.depStep].hasDep)
            return bad(
                "step " + std::to_string(step.depStep) + " of threadblock " +
                    std::to_string(step.depTb) + " is a dependency of step " +
                    std::to_string(s) + " of threadblock " + std::to_string(t) +
                    " but has hasdep=\"0\"; the executor would never signal it",
                depAt[g][step.depTb][step.depStep].second);
        }
    return true;
  }

  /// One threadblock per (send peer, channel) and per (recv peer, channel)
  /// on a GPU: the executor's connections are per peer and channel.
  bool checkPeers() {
    const Program &p = result.program;
    for (uint32_t g = 0; g < p.gpus.size(); ++g) {
      std::map<std::tuple<bool, int32_t, uint32_t>, uint32_t> owner;
      for (uint32_t t = 0; t < p.gpus[g].threadblocks.size(); ++t) {
        const Threadblock &tb = p.gpus[g].threadblocks[t];
        for (bool recv : {false, true}) {
          int32_t peer = recv ? tb.recv : tb.send;
          if (peer < 0)
            continue;
          auto [it, fresh] = owner.insert({{recv, peer, tb.channel}, t});
          if (!fresh)
            return bad(
                "threadblocks " + std::to_string(it->second) + " and " +
                    std::to_string(t) + " of gpu " + std::to_string(g) +
                    " both " + (recv ? "receive from" : "send to") + " gpu " +
                    std::to_string(peer) + " on channel " +
                    std::to_string(tb.channel) +
                    "; the executor has one connection per peer and channel",
                result.where.tbs[g][t]);
        }
      }
    }
    return true;
  }

  /// The k-th send of a (sender, receiver, channel) FIFO meets the k-th
  /// receive: the counts and every cnt must agree.
  bool checkPairing() {
    const Program &p = result.program;
    struct Ref {
      uint32_t gpu, tb, step;
    };
    std::map<std::tuple<uint32_t, uint32_t, uint32_t>,
             std::pair<std::vector<Ref>, std::vector<Ref>>>
        fifos;
    for (uint32_t g = 0; g < p.gpus.size(); ++g)
      for (uint32_t t = 0; t < p.gpus[g].threadblocks.size(); ++t) {
        const Threadblock &tb = p.gpus[g].threadblocks[t];
        for (uint32_t s = 0; s < tb.steps.size(); ++s) {
          if (sendsMessage(tb.steps[s].type))
            fifos[{g, uint32_t(tb.send), tb.channel}].first.push_back(
                {g, t, s});
          if (receivesMessage(tb.steps[s].type))
            fifos[{uint32_t(tb.recv), g, tb.channel}].second.push_back(
                {g, t, s});
        }
      }
    auto stepOf = [&](const Ref &r) -> const Step & {
      return p.gpus[r.gpu].threadblocks[r.tb].steps[r.step];
    };
    auto name = [&](const Ref &r) {
      return "step " + std::to_string(r.step) + " of threadblock " +
             std::to_string(r.tb) + " of gpu " + std::to_string(r.gpu);
    };
    for (auto &[key, lists] : fifos) {
      auto &[src, dst, chan] = key;
      auto &[sends, recvs] = lists;
      std::string fifo = "gpu " + std::to_string(src) + " -> gpu " +
                         std::to_string(dst) + " on channel " +
                         std::to_string(chan);
      size_t n = std::min(sends.size(), recvs.size());
      for (size_t k = 0; k < n; ++k)
        if (stepOf(sends[k]).count != stepOf(recvs[k]).count)
          return bad("message " + std::to_string(k) + " of " + fifo +
                             " is sent with cnt " +
                             std::to_string(stepOf(sends[k]).count) + " (" +
                             name(sends[k]) + ") but received with cnt " +
                             std::to_string(stepOf(recvs[k]).count),
                         result.where.steps[recvs[k].gpu][recvs[k].tb]
                                           [recvs[k].step]);
      if (sends.size() > n) {
        const Ref &r = sends[n];
        return bad("unpaired send: " + fifo + " carries " +
                           std::to_string(sends.size()) +
                           " messages, but gpu " + std::to_string(dst) +
                           " receives " + std::to_string(recvs.size()),
                       result.where.steps[r.gpu][r.tb][r.step]);
      }
      if (recvs.size() > n) {
        const Ref &r = recvs[n];
        return bad("unpaired receive: gpu " + std::to_string(dst) +
                           " receives " + std::to_string(recvs.size()) +
                           " messages on " + fifo + ", but gpu " +
                           std::to_string(src) + " sends " +
                           std::to_string(sends.size()),
                       result.where.steps[r.gpu][r.tb][r.step]);
      }
    }
    return true;
  }
};

} // namespace

std::optional<ParsedProgram> parseProgram(std::string_view text,
                                          ImportError &error) {
  xml::Error xmlError;
  std::unique_ptr<xml::Element> root = xml::parse(text, xmlError);
  if (!root) {
    error = {xmlError.message, xmlError.at};
    return std::nullopt;
  }
  return ProgramReader(error).read(*root);
}

std::vector<PeerPair> peerPairs(const ParsedProgram &parsed) {
  std::map<std::pair<uint32_t, uint32_t>, xml::Position> pairs;
  const Program &p = parsed.program;
  for (uint32_t g = 0; g < p.gpus.size(); ++g)
    for (uint32_t t = 0; t < p.gpus[g].threadblocks.size(); ++t) {
      const Threadblock &tb = p.gpus[g].threadblocks[t];
      xml::Position at = parsed.where.tbs[g][t];
      if (tb.send >= 0)
        pairs.insert({{g, uint32_t(tb.send)}, at});
      if (tb.recv >= 0)
        pairs.insert({{uint32_t(tb.recv), g}, at});
    }
  std::vector<PeerPair> result;
  for (auto &[pair, at] : pairs)
    result.push_back({pair.first, pair.second, at});
  return result;
}

namespace {

//===----------------------------------------------------------------------===//
// Values
//===----------------------------------------------------------------------===//

/// A buffer slot's content: a chunk and the ranks whose contributions it
/// combines (sorted), or nothing (chunk < 0).
struct Value {
  int64_t chunk = -1;
  std::vector<uint32_t> ranks;
  bool empty() const { return chunk < 0; }
  bool operator==(const Value &o) const {
    return chunk == o.chunk && ranks == o.ranks;
  }
};

std::string rankList(const std::vector<uint32_t> &ranks) {
  std::string s = "{";
  for (size_t i = 0; i < ranks.size(); ++i) {
    if (i == 8 && ranks.size() > 10) {
      s += ", ... (" + std::to_string(ranks.size()) + " ranks)";
      break;
    }
    s += (i ? ", " : "") + std::to_string(ranks[i]);
  }
  return s + "}";
}

std::string describe(const Value &v) {
  if (v.empty())
    return "no data";
  return "chunk " + std::to_string(v.chunk) + " with the contributions of " +
         (v.ranks.size() == 1 ? "rank " + std::to_string(v.ranks[0])
                              : "ranks " + rankList(v.ranks));
}

std::string slotName(char buf, int64_t off) {
  return std::string(1, buf) + "[" + std::to_string(off) + "]";
}

//===----------------------------------------------------------------------===//
// The symbolic run
//===----------------------------------------------------------------------===//

/// Chunks times GPUs the importer places (about 10 s of work).
constexpr uint64_t kMaxPlacements = uint64_t(1) << 28;

struct Message {
  std::vector<Value> values;
  std::vector<size_t> transfers;
  int64_t end = 0;
};

class Machine {
public:
  Machine(const ParsedProgram &parsed, const Network &network,
          const ImportOptions &options, ImportError &error)
      : parsed(parsed), program(parsed.program), network(network),
        options(options), error(error) {}

  std::optional<ImportedAlgorithm> run() {
    if (!setUp() || !simulate() || !checkDeadlock() || !checkResult())
      return std::nullopt;
    ImportedAlgorithm result;
    result.spec = spec;
    result.timePs = 0;
    result.schedule.routes() = routes;
    for (const Transfer &t : transfers) {
      result.schedule.push_back(t);
      result.timePs = std::max(result.timePs, t.end);
    }
    return result;
  }

private:
  const ParsedProgram &parsed;
  const Program &program;
  const Network &network;
  const ImportOptions &options;
  ImportError &error;
  bool failed = false;

  CallShape shape; // in GPU space: participant q is GPU q
  CollectiveSpec spec;
  ChunkSizes sizes;
  std::vector<uint32_t> npuOf;
  /// Slots per GPU, keyed by (buffer, offset) after inplace aliasing.
  std::vector<std::unordered_map<int64_t, Value>> slots;
  /// The transfer model's value of each chunk per GPU.
  std::vector<std::unordered_map<int64_t, std::vector<uint32_t>>> model;
  /// Contributions each chunk starts with, over all GPUs.
  std::unordered_map<int64_t, std::vector<uint32_t>> total;
  std::vector<Transfer> transfers;
  /// The switch sequences of transfers between GPUs that no link joins.
  RouteTable routes;
  std::vector<int64_t> linkFree;

  /// A received contribution kept apart in a slot, waiting for its `re`.
  struct Pending {
    size_t transfer;
    uint64_t serial;
    uint32_t tb, step;
  };
  /// Per GPU, by slot key.
  std::vector<std::unordered_map<int64_t, Pending>> pending;
  /// Event serials: of the last send of each chunk from each GPU, and of
  /// the last copy that replaced the GPU's value of it.
  uint64_t serial = 0;
  std::vector<std::unordered_map<int64_t, uint64_t>> sent, overwritten;

  struct TbState {
    uint32_t pc = 0;
    int64_t ready = 0;
    bool queued = false;
  };
  std::vector<std::vector<TbState>> tbs;
  /// Completion time of every step, -1 while not done.
  std::vector<std::vector<std::vector<int64_t>>> done;
  std::map<std::tuple<uint32_t, uint32_t, uint32_t>, std::vector<Message>>
      fifos;
  std::map<std::tuple<uint32_t, uint32_t, uint32_t>, size_t> consumed;
  /// The receiving threadblock of each FIFO.
  std::map<std::tuple<uint32_t, uint32_t, uint32_t>, uint32_t> receiverOf;
  /// Steps that depend on each step: (gpu, tb, step) -> threadblocks.
  std::map<std::tuple<uint32_t, uint32_t, uint32_t>, std::vector<uint32_t>>
      dependents;

  struct Event {
    int64_t time;
    uint8_t cls; // 0: receives, 1: local, 2: sends
    uint32_t gpu, tb;
    bool operator>(const Event &o) const {
      return std::tie(time, cls, gpu, tb) >
             std::tie(o.time, o.cls, o.gpu, o.tb);
    }
  };
  std::priority_queue<Event, std::vector<Event>, std::greater<Event>> queue;

  bool fail(const std::string &message, xml::Position at) {
    if (!failed) {
      failed = true;
      error = {message, at};
    }
    return false;
  }
  xml::Position stepAt(uint32_t g, uint32_t t, uint32_t s) const {
    return parsed.where.steps[g][t][s];
  }
  std::string stepName(uint32_t g, uint32_t t, uint32_t s) const {
    return "step " + std::to_string(s) + " (" +
           stepTypeName(program.gpus[g].threadblocks[t].steps[s].type) +
           ") of threadblock " + std::to_string(t) + " of gpu " +
           std::to_string(g);
  }

  uint32_t numGpus() const { return uint32_t(program.gpus.size()); }

  /// The root: given, or the one GPU the data flow allows.
  bool chooseRoot() {
    CollectiveKind kind = parsed.kind;
    if (!hasRoot(kind) && options.rootGpu)
      return fail("a root is given, but " + program.coll + " has none",
                  parsed.where.algo);
    if (!hasRoot(kind))
      return true;
    if (options.rootGpu) {
      if (*options.rootGpu >= numGpus())
        return fail("the root gpu " + std::to_string(*options.rootGpu) +
                        " is not one of the program's " +
                        std::to_string(numGpus()) + " gpus",
                    parsed.where.algo);
      shape.root = *options.rootGpu;
      return true;
    }
    bool byReceives =
        kind == CollectiveKind::Broadcast || kind == CollectiveKind::Scatter;
    std::vector<uint32_t> candidates;
    for (uint32_t g = 0; g < numGpus(); ++g) {
      bool any = false;
      for (const Threadblock &tb : program.gpus[g].threadblocks)
        for (const Step &s : tb.steps)
          any |= byReceives ? receivesMessage(s.type) : sendsMessage(s.type);
      if (!any)
        candidates.push_back(g);
    }
    if (candidates.size() == 1) {
      shape.root = candidates[0];
      return true;
    }
    return fail("cannot tell the root of the " + program.coll + ": " +
                    (candidates.empty()
                         ? "every gpu " +
                               std::string(byReceives ? "receives" : "sends")
                         : std::to_string(candidates.size()) + " gpus " +
                               (byReceives ? "never receive" : "never send")) +
                    "; give the root gpu (--msccl-root)",
                parsed.where.algo);
  }

  /// (buffer, offset) after aliasing `in` and `out` for inplace programs.
  int64_t key(uint32_t g, char buf, int64_t off) const {
    if (program.inplace) {
      int64_t slice = int64_t(g) * shape.chunksPerRank;
      switch (parsed.kind) {
      case CollectiveKind::AllGather:
      case CollectiveKind::Gather:
        if (buf == 'i')
          return key(g, 'o', slice + off);
        break;
      case CollectiveKind::ReduceScatter:
      case CollectiveKind::Scatter:
        if (buf == 'o')
          buf = 'i', off += slice;
        break;
      default:
        if (buf == 'i')
          buf = 'o';
      }
    }
    int64_t b = buf == 'i' ? 0 : buf == 'o' ? 1 : 2;
    return (b << 40) | off;
  }
  /// In place, one buffer holds both: what `in` and `out` can hold is
  /// what the buffer holding them has from their start on (msccl-tools
  /// write i_chunks="0" for an in-place All-Gather, o_chunks="0" for an
  /// in-place All-Reduce).
  void aliasCapacities(uint32_t g, uint32_t &in, uint32_t &out) const {
    uint32_t slice = g * shape.chunksPerRank;
    switch (parsed.kind) {
    case CollectiveKind::AllGather:
    case CollectiveKind::Gather:
      in = out > slice ? out - slice : 0;
      break;
    case CollectiveKind::ReduceScatter:
    case CollectiveKind::Scatter:
      out = in > slice ? in - slice : 0;
      break;
    default:
      in = out = std::max(in, out);
    }
  }

  Value &slot(uint32_t g, char buf, int64_t off) {
    return slots[g][key(g, buf, off)];
  }

  bool setUp() {
    uint32_t n = numGpus();
    npuOf = options.npuOf;
    if (npuOf.empty())
      for (uint32_t g = 0; g < n; ++g)
        npuOf.push_back(g);
    if (npuOf.size() != n)
      return fail("the program has " + std::to_string(n) + " gpus, but " +
                      std::to_string(npuOf.size()) + " NPUs are given for them",
                  parsed.where.algo);
    std::set<uint32_t> distinct(npuOf.begin(), npuOf.end());
    if (distinct.size() != n || *distinct.rbegin() >= network.numNpus())
      return fail("the NPUs given for the gpus must be distinct NPUs of the "
                  "network (0.." +
                      std::to_string(network.numNpus() - 1) + ")",
                  parsed.where.algo);
    shape.kind = parsed.kind;
    shape.chunksPerRank = parsed.chunksPerRank;
    shape.numRanks = n;
    for (uint32_t g = 0; g < n; ++g)
      shape.participants.push_back(g);
    if (!chooseRoot())
      return false;
    // The request on the network: group and root as NPU ids.
    spec.kind = parsed.kind;
    spec.chunksPerRank = parsed.chunksPerRank;
    bool identity = n == network.numNpus();
    for (uint32_t g = 0; g < n; ++g)
      identity = identity && npuOf[g] == g;
    if (!identity)
      spec.group.assign(npuOf.begin(), npuOf.end());
    if (shape.root)
      spec.root = npuOf[*shape.root];
    uint64_t pieces = shape.numPieces();
    if (options.sizeBytes) {
      if (*options.sizeBytes == 0 ||
          *options.sizeBytes > uint64_t(kMaxSizeBytes))
        return fail("a size of " + std::to_string(*options.sizeBytes) +
                        " bytes is outside [1 B, 1 PiB]",
                    parsed.where.algo);
      spec.sizeBytes = int64_t(*options.sizeBytes);
    } else {
      if (options.chunkBytes == 0 ||
          options.chunkBytes > uint64_t(kMaxSizeBytes) / pieces)
        return fail("a chunk of " + std::to_string(options.chunkBytes) +
                        " bytes makes the " + program.coll +
                        " larger than 1 PiB or empty",
                    parsed.where.algo);
      spec.sizeBytes = int64_t(options.chunkBytes * pieces);
    }
    if (std::string e = checkCollective(spec, network.numNpus()); !e.empty())
      return fail("the program is no valid " + program.coll + ": " + e,
                  parsed.where.algo);
    // Before any time is added up: very slow links (--msccl-bandwidth) or
    // huge chunks would run the picosecond clock past int64.
    if (std::string e = checkClockRange(network, spec); !e.empty())
      return fail(e, parsed.where.algo);
    sizes = spec.chunkSizes(network.numNpus());

    // Initial values and buffer sizes. Placing every chunk on every GPU
    // costs chunks * gpus steps: bound it, so that a small hostile file
    // (an All-to-All of 1000 GPUs) is refused rather than run for hours.
    slots.resize(n);
    model.resize(n);
    pending.resize(n);
    sent.resize(n);
    overwritten.resize(n);
    uint64_t chunks = shape.numChunks();
    if (chunks * n > kMaxPlacements)
      return fail("the program is too large to import: " +
                      std::to_string(chunks) + " chunks on " +
                      std::to_string(n) + " gpus (at most " +
                      std::to_string(kMaxPlacements) + " chunk placements)",
                  parsed.where.algo);
    for (uint32_t g = 0; g < n; ++g) {
      auto in = slicePiece(shape, g, Buffer::In);
      auto out = slicePiece(shape, g, Buffer::Out);
      uint64_t needIn = 0, needOut = 0;
      for (uint64_t c = 0; c < chunks; ++c) {
        ChunkRoles roles = chunkRoles(shape, g, c);
        if (roles.inPiece) {
          int64_t off = int64_t(*roles.inPiece) - (in ? *in : 0);
          needIn = std::max<uint64_t>(needIn, off + 1);
          Value v{int64_t(c), {g}};
          slot(g, 'i', off) = v;
          model[g][int64_t(c)] = {g};
          total[int64_t(c)].push_back(g);
        }
        if (roles.outPiece)
          needOut = std::max<uint64_t>(
              needOut, int64_t(*roles.outPiece) - (out ? *out : 0) + 1);
      }
      const Gpu &gpu = program.gpus[g];
      uint32_t inCap = gpu.inChunks, outCap = gpu.outChunks;
      if (program.inplace)
        aliasCapacities(g, inCap, outCap);
      if (inCap < needIn || outCap < needOut)
        return fail("gpu " + std::to_string(g) + " has i_chunks=" +
                        std::to_string(gpu.inChunks) + " and o_chunks=" +
                        std::to_string(gpu.outChunks) + ", but " +
                        program.coll + " with k=" +
                        std::to_string(parsed.chunksPerRank) +
                        " chunks per rank needs " + std::to_string(needIn) +
                        " and " + std::to_string(needOut),
                    parsed.where.gpus[g]);
    }
    for (auto &[c, ranks] : total)
      std::sort(ranks.begin(), ranks.end());

    // Threadblock states, FIFO receivers and dependents.
    tbs.resize(n);
    done.resize(n);
    for (uint32_t g = 0; g < n; ++g) {
      const Gpu &gpu = program.gpus[g];
      tbs[g].resize(gpu.threadblocks.size());
      done[g].resize(gpu.threadblocks.size());
      for (uint32_t t = 0; t < gpu.threadblocks.size(); ++t) {
        const Threadblock &tb = gpu.threadblocks[t];
        done[g][t].assign(tb.steps.size(), -1);
        if (tb.recv >= 0)
          receiverOf[{uint32_t(tb.recv), g, tb.channel}] = t;
        for (const Step &s : tb.steps)
          if (s.depTb >= 0)
            dependents[{g, uint32_t(s.depTb), uint32_t(s.depStep)}].push_back(
                t);
      }
    }
    linkFree.assign(network.numLinks(), 0);
    return true;
  }

  /// Queues the next step of a threadblock if it can start.
  void tryIssue(uint32_t g, uint32_t t) {
    TbState &state = tbs[g][t];
    const Threadblock &tb = program.gpus[g].threadblocks[t];
    if (state.queued || state.pc >= tb.steps.size())
      return;
    const Step &step = tb.steps[state.pc];
    int64_t time = state.ready;
    if (step.depTb >= 0) {
      int64_t dep = done[g][step.depTb][step.depStep];
      if (dep < 0)
        return;
      time = std::max(time, dep);
    }
    uint8_t cls = 1;
    if (receivesMessage(step.type)) {
      auto fifo = std::make_tuple(uint32_t(tb.recv), g, tb.channel);
      const std::vector<Message> &sent = fifos[fifo];
      size_t k = consumed[fifo];
      if (k >= sent.size())
        return;
      time = std::max(time, sent[k].end);
      cls = 0;
    } else if (sendsMessage(step.type)) {
      cls = 2;
    }
    state.queued = true;
    queue.push({time, cls, g, t});
  }

  bool simulate() {
    for (uint32_t g = 0; g < numGpus(); ++g)
      for (uint32_t t = 0; t < tbs[g].size(); ++t)
        tryIssue(g, t);
    while (!queue.empty() && !failed) {
      Event e = queue.top();
      queue.pop();
      if (!execute(e))
        return false;
    }
    return !failed;
  }

  /// Combines `local` (the GPU's own operand) with `incoming`.
  bool combine(const Value &local, const Value &incoming, Value &out,
               uint32_t g, uint32_t t, uint32_t s, const std::string &what) {
    if (local.empty())
      return fail(stepName(g, t, s) + " reduces into " + what +
                      ", which holds no data",
                  stepAt(g, t, s));
    if (local.chunk != incoming.chunk)
      return fail(stepName(g, t, s) + " reduces " + describe(incoming) +
                      " with " + what + ", which holds chunk " +
                      std::to_string(local.chunk),
                  stepAt(g, t, s));
    out.chunk = local.chunk;
    out.ranks.clear();
    std::set_union(local.ranks.begin(), local.ranks.end(),
                   incoming.ranks.begin(), incoming.ranks.end(),
                   std::back_inserter(out.ranks));
    if (out.ranks.size() != local.ranks.size() + incoming.ranks.size())
      return fail(stepName(g, t, s) + " counts a contribution twice: it "
                                      "reduces " +
                      describe(incoming) + " into " + what + " holding " +
                      describe(local),
                  stepAt(g, t, s));
    return true;
  }

  /// A value the GPU sends or combines must be the transfer model's value
  /// of its chunk there.
  bool matchesModel(uint32_t g, const Value &v, uint32_t t, uint32_t s,
                    const std::string &what) {
    auto it = model[g].find(v.chunk);
    if (it != model[g].end() && it->second == v.ranks)
      return true;
    return fail(stepName(g, t, s) + " uses " + what + " holding " +
                    describe(v) + ", but the transfers so far leave gpu " +
                    std::to_string(g) + " with " +
                    (it == model[g].end()
                         ? std::string("no value of that chunk")
                         : describe(Value{v.chunk, it->second})) +
                    "; coll.algorithm keeps one value per chunk and NPU, so "
                    "two different partial values of a chunk on one gpu "
                    "(as 're' makes) have no spelling",
                stepAt(g, t, s));
  }

  static bool disjoint(const std::vector<uint32_t> &a,
                       const std::vector<uint32_t> &b) {
    std::vector<uint32_t> common;
    std::set_intersection(a.begin(), a.end(), b.begin(), b.end(),
                          std::back_inserter(common));
    return common.empty();
  }

  /// `re` of a contribution kept apart (src) into the GPU's value of the
  /// chunk (dst): the contribution's transfer was a reduce. That holds in
  /// the transfer model only if the GPU's value did not leave (a send) or
  /// get replaced (a copy) since the transfer landed.
  bool resolvePending(uint32_t g, uint32_t t, uint32_t s, const Pending &p,
                      const Value &src, const Value &dst,
                      const std::string &dstName, Value &result) {
    if (!combine(dst, src, result, g, t, s, dstName) ||
        !matchesModel(g, dst, t, s, dstName))
      return false;
    if (sent[g][src.chunk] > p.serial || overwritten[g][src.chunk] > p.serial)
      return fail(stepName(g, t, s) + " combines " + describe(src) +
                      ", received by " + stepName(g, p.tb, p.step) +
                      ", but gpu " + std::to_string(g) +
                      (sent[g][src.chunk] > p.serial ? " sent" : " replaced") +
                      " the chunk in between; as transfers, the contribution "
                      "would have been part of it",
                  stepAt(g, t, s));
    transfers[p.transfer].kind = TransferKind::Reduce;
    model[g][src.chunk] = result.ranks;
    return true;
  }

  /// Receives message `msg` with step (g, t, s) at `time`; the values to
  /// send on (rcs, rrs, rrcs) go to `forward`.
  bool receive(uint32_t g, uint32_t t, uint32_t s, const Message &msg,
               std::vector<Value> &forward) {
    const Step &step = program.gpus[g].threadblocks[t].steps[s];
    bool reduce = step.type == StepType::RecvReduceSend ||
                  step.type == StepType::RecvReduceCopy ||
                  step.type == StepType::RecvReduceCopySend;
    bool store = step.type != StepType::RecvReduceSend;
    for (uint32_t j = 0; j < step.count; ++j) {
      const Value &in = msg.values[j];
      Transfer &tr = transfers[msg.transfers[j]];
      Value result = in;
      if (reduce) {
        std::string what = slotName(step.srcBuf, step.srcOff + j);
        Value local = slot(g, step.srcBuf, step.srcOff + j);
        if (!combine(local, in, result, g, t, s, what) ||
            !matchesModel(g, local, t, s, what))
          return false;
        tr.kind = TransferKind::Reduce;
      } else {
        // A copy into a GPU without a value of a chunk with several
        // contributions is a reduce into nothing in the transfer model
        // (docs/Verification.md): it may then land together with other
        // reduces without a race.
        auto it = model[g].find(in.chunk);
        bool none = it == model[g].end() || it->second.empty();
        if (!none && step.type == StepType::Recv && disjoint(it->second, in.ranks)) {
          // A contribution kept apart (received into its own slot while
          // the GPU holds another part of the chunk): a reduce, if a later
          // `re` combines it with the GPU's value (resolvePending).
          int64_t at = key(g, step.dstBuf, step.dstOff + j);
          if (pending[g].count(at))
            return fail(stepName(g, t, s) + " receives into " +
                            slotName(step.dstBuf, step.dstOff + j) +
                            " before the contribution received there earlier "
                            "was combined",
                        stepAt(g, t, s));
          pending[g][at] = {msg.transfers[j], ++serial, t, s};
          slot(g, step.dstBuf, step.dstOff + j) = result;
          continue;
        }
        tr.kind = none && total[in.chunk].size() > 1 ? TransferKind::Reduce
                                                      : TransferKind::Copy;
        overwritten[g][in.chunk] = ++serial;
      }
      model[g][in.chunk] = result.ranks;
      if (store)
        slot(g, step.dstBuf, step.dstOff + j) = result;
      forward.push_back(result);
    }
    return true;
  }

  /// Sends `values` from GPU g over its threadblock t's send peer.
  bool send(uint32_t g, uint32_t t, uint32_t s, int64_t time,
            std::vector<Value> values, int64_t &end) {
    const Threadblock &tb = program.gpus[g].threadblocks[t];
    uint32_t peer = uint32_t(tb.send);
    uint32_t src = npuOf[g], dst = npuOf[peer];
    Message msg;
    msg.end = time;
    for (const Value &v : values) {
      if (v.empty())
        return fail(stepName(g, t, s) + " sends data it does not hold",
                    stepAt(g, t, s));
      if (!matchesModel(g, v, t, s, "the data it sends"))
        return false;
      sent[g][v.chunk] = ++serial;
      // The lane where the chunk arrives first (parallel links may differ
      // in speed), the lowest on ties.
      std::optional<LinkId> best;
      uint16_t bestLane = 0;
      int64_t bestEnd = 0;
      uint64_t bytes = sizes.bytes(uint64_t(v.chunk));
      for (uint16_t lane = 0;; ++lane) {
        std::optional<LinkId> l = findLink(network, src, dst, lane);
        if (!l)
          break;
        int64_t end = std::max(time, linkFree[*l]) +
                      linkCost(network, *l, bytes, options.model).duration;
        if (!best || end < bestEnd) {
          best = l;
          bestLane = lane;
          bestEnd = end;
        }
      }
      Transfer tr{uint32_t(v.chunk), src, dst, bestLane, TransferKind::Copy,
                  0, 0};
      if (best) {
        LinkCost cost = linkCost(network, *best, bytes, options.model);
        tr.start = std::max(time, linkFree[*best]);
        tr.end = tr.start + cost.duration;
        linkFree[*best] = tr.start + cost.occupancy;
      } else if (!routeThroughSwitches(tr, time, bytes)) {
        return fail("no link from NPU " + std::to_string(src) + " to NPU " +
                        std::to_string(dst) + ", nor a path through "
                        "switches, for " + stepName(g, t, s),
                    stepAt(g, t, s));
      }
      msg.transfers.push_back(transfers.size());
      transfers.push_back(tr);
      msg.values.push_back(v);
      msg.end = std::max(msg.end, tr.end);
    }
    end = msg.end;
    auto fifo = std::make_tuple(g, peer, tb.channel);
    fifos[fifo].push_back(std::move(msg));
    auto receiver = receiverOf.find(fifo);
    if (receiver != receiverOf.end())
      tryIssue(peer, receiver->second);
    return true;
  }

  /// Times `tr` (src, dst, chunk set) on the path through switches where it
  /// arrives first (the first such path on ties): a GPU-to-GPU message of
  /// the program crosses a switch fabric as one routed transfer.
  bool routeThroughSwitches(Transfer &tr, int64_t time, uint64_t bytes) {
    std::optional<std::pair<int64_t, uint16_t>> best;
    std::vector<LinkId> links;
    for (const std::vector<NodeId> &via :
         switchPaths(network, tr.src, tr.dst)) {
      links.clear();
      if (!findPath(network, tr.src, tr.dst, via.data(), via.size(), links))
        continue;
      std::optional<uint16_t> route = routes.intern(via);
      if (!route)
        return false;
      int64_t start = time;
      for (LinkId l : links)
        start = std::max(start, linkFree[l]);
      int64_t end =
          start + pathCost(network, links.data(), links.size(), bytes,
                           options.model)
                      .duration;
      if (!best || end < best->first)
        best = {end, *route};
    }
    if (!best)
      return false;
    tr.route = best->second;
    tr.lane = 0;
    RouteSwitches via = routes.switches(tr.route);
    links.clear();
    findPath(network, tr.src, tr.dst, via.begin(), via.size(), links);
    LinkCost cost =
        pathCost(network, links.data(), links.size(), bytes, options.model);
    tr.start = time;
    for (LinkId l : links)
      tr.start = std::max(tr.start, linkFree[l]);
    tr.end = tr.start + cost.duration;
    for (LinkId l : links)
      linkFree[l] = tr.start + cost.occupancy;
    return true;
  }

  bool execute(const Event &e) {
    uint32_t g = e.gpu, t = e.tb;
    TbState &state = tbs[g][t];
    const Threadblock &tb = program.gpus[g].threadblocks[t];
    uint32_t s = state.pc;
    const Step &step = tb.steps[s];
    int64_t finish = e.time;
    std::vector<Value> outgoing;
    if (receivesMessage(step.type)) {
      auto fifo = std::make_tuple(uint32_t(tb.recv), g, tb.channel);
      const Message &msg = fifos[fifo][consumed[fifo]++];
      if (!receive(g, t, s, msg, outgoing))
        return false;
    } else if (step.type == StepType::Send) {
      for (uint32_t j = 0; j < step.count; ++j)
        outgoing.push_back(slot(g, step.srcBuf, step.srcOff + j));
    } else if (step.type == StepType::Copy) {
      std::vector<Value> values;
      for (uint32_t j = 0; j < step.count; ++j)
        values.push_back(slot(g, step.srcBuf, step.srcOff + j));
      for (uint32_t j = 0; j < step.count; ++j)
        slot(g, step.dstBuf, step.dstOff + j) = values[j];
    } else if (step.type == StepType::LocalReduce) {
      for (uint32_t j = 0; j < step.count; ++j) {
        Value src = slot(g, step.srcBuf, step.srcOff + j);
        Value &dst = slot(g, step.dstBuf, step.dstOff + j);
        std::string dstName = slotName(step.dstBuf, step.dstOff + j);
        if (src.empty())
          return fail(stepName(g, t, s) + " reduces " +
                          slotName(step.srcBuf, step.srcOff + j) +
                          ", which holds no data",
                      stepAt(g, t, s));
        Value result;
        auto p = pending[g].find(key(g, step.srcBuf, step.srcOff + j));
        if (p != pending[g].end()) {
          if (!resolvePending(g, t, s, p->second, src, dst, dstName, result))
            return false;
          pending[g].erase(p);
        } else if (!combine(dst, src, result, g, t, s, dstName)) {
          return false;
        }
        dst = result;
      }
    }
    if (sendsMessage(step.type))
      if (!send(g, t, s, e.time, std::move(outgoing), finish))
        return false;
    done[g][t][s] = finish;
    state.ready = finish;
    state.queued = false;
    ++state.pc;
    auto it = dependents.find({g, t, s});
    if (it != dependents.end())
      for (uint32_t d : it->second)
        tryIssue(g, d);
    tryIssue(g, t);
    return true;
  }

  /// Threadblocks with steps left wait in a cycle: follow what each waits
  /// for from the first one until a threadblock repeats.
  bool checkDeadlock() {
    std::optional<std::pair<uint32_t, uint32_t>> first;
    for (uint32_t g = 0; g < numGpus() && !first; ++g)
      for (uint32_t t = 0; t < tbs[g].size() && !first; ++t)
        if (tbs[g][t].pc < program.gpus[g].threadblocks[t].steps.size())
          first = {g, t};
    if (!first)
      return true;
    std::vector<std::pair<uint32_t, uint32_t>> path;
    std::map<std::pair<uint32_t, uint32_t>, size_t> seen;
    std::vector<std::string> reasons;
    std::pair<uint32_t, uint32_t> at = *first;
    while (!seen.count(at)) {
      seen[at] = path.size();
      path.push_back(at);
      auto [g, t] = at;
      const Threadblock &tb = program.gpus[g].threadblocks[t];
      const Step &step = tb.steps[tbs[g][t].pc];
      if (step.depTb >= 0 && done[g][step.depTb][step.depStep] < 0) {
        reasons.push_back("waits for step " + std::to_string(step.depStep) +
                          " of threadblock " + std::to_string(step.depTb));
        at = {g, uint32_t(step.depTb)};
        continue;
      }
      // Waiting for a message: the sender's threadblock.
      uint32_t peer = uint32_t(tb.recv);
      uint32_t sender = 0;
      for (uint32_t u = 0; u < program.gpus[peer].threadblocks.size(); ++u) {
        const Threadblock &other = program.gpus[peer].threadblocks[u];
        if (other.send == int32_t(g) && other.channel == tb.channel)
          sender = u;
      }
      reasons.push_back("waits for a message from threadblock " +
                        std::to_string(sender) + " of gpu " +
                        std::to_string(peer));
      at = {peer, sender};
    }
    size_t start = seen[at];
    std::string cycle;
    for (size_t i = start; i < path.size(); ++i) {
      auto [g, t] = path[i];
      cycle += (i > start ? "; " : "") +
               stepName(g, t, tbs[g][t].pc) + " " + reasons[i];
    }
    auto [g, t] = path[start];
    return fail("deadlock: " + cycle, stepAt(g, t, tbs[g][t].pc));
  }

  /// Every `out` slot the collective names holds its chunk, complete, and
  /// every contribution kept apart was combined.
  bool checkResult() {
    for (uint32_t g = 0; g < numGpus(); ++g) {
      std::optional<Pending> first;
      for (auto &[at, p] : pending[g])
        if (!first || p.serial < first->serial)
          first = p;
      if (first)
        return fail(stepName(g, first->tb, first->step) + " receives a "
                    "contribution that no 're' combines with the gpu's value "
                    "of the chunk; as transfers it would replace that value",
                    stepAt(g, first->tb, first->step));
    }
    uint64_t chunks = shape.numChunks();
    for (uint32_t g = 0; g < numGpus(); ++g) {
      auto out = slicePiece(shape, g, Buffer::Out);
      for (uint64_t c = 0; c < chunks; ++c) {
        ChunkRoles roles = chunkRoles(shape, g, c);
        if (!roles.outPiece)
          continue;
        int64_t off = int64_t(*roles.outPiece) - (out ? *out : 0);
        const Value &v = slot(g, 'o', off);
        Value want{int64_t(c), total[int64_t(c)]};
        if (v == want && model[g][int64_t(c)] == want.ranks)
          continue;
        if (v == want)
          return fail("gpu " + std::to_string(g) + " ends with " +
                          slotName('o', off) + " holding " + describe(v) +
                          ", but as transfers the program leaves gpu " +
                          std::to_string(g) + " with " +
                          describe(Value{int64_t(c), model[g][int64_t(c)]}) +
                          "; coll.algorithm keeps one value per chunk and "
                          "NPU, so partial values of a chunk kept apart on "
                          "one gpu (and combined by 're') have no spelling",
                      parsed.where.gpus[g]);
        return fail("the program does not compute the " + program.coll +
                        ": gpu " + std::to_string(g) + " ends with " +
                        slotName('o', off) + " holding " + describe(v) +
                        "; it must hold " + describe(want),
                    parsed.where.gpus[g]);
      }
    }
    return true;
  }
};

} // namespace

std::optional<ImportedAlgorithm> interpret(const ParsedProgram &parsed,
                                           const Network &network,
                                           const ImportOptions &options,
                                           ImportError &error) {
  return Machine(parsed, network, options, error).run();
}

} // namespace tacos::exec::msccl
