//===- RankProgramTest.cpp - Rank programs run on a model of MPI ----------===//
//
// Every rank program of synthesized algorithms is run on an in-process model
// of MPI that is stricter than a real one: a send completes only once its
// receive is posted (rendezvous), messages of one (source, destination) pair
// match in posting order with equal lengths, a send's data must be the same
// when it is posted and when it completes (nothing overwrote it in flight),
// and nothing reads or writes a receive's target while it is pending. Ranks
// advance in turn until every rank is blocked or done, so an order that can
// deadlock under rendezvous fails here. The outputs must equal
// exec::expectedOutput element for element.
//
//===----------------------------------------------------------------------===//

#include "tacos/Execution/RankProgram.h"
#include "tacos/Network/Unwind.h"
#include "tacos/Synthesis/Algorithms.h"

#include <gtest/gtest.h>

#include <deque>
#include <map>

using namespace tacos;
using namespace tacos::exec;

namespace {

struct Region {
  int buffer;
  uint64_t begin, end;
  bool overlaps(const Region &o) const {
    return buffer == o.buffer && begin < o.end && o.begin < end;
  }
};

/// One rank running its program against the model.
struct RankState {
  RankProgram program;
  std::vector<double> buffers[3];
  size_t pc = 0;
  /// Per out-link: the id of the pending send; per in-link: pending receive.
  std::vector<int64_t> sendOf, recvOf;
};

struct Message {
  uint32_t src, dst;
  Region from;
  std::vector<double> posted;
  /// Set once the matching receive is posted.
  int64_t recv = -1;
  bool delivered = false;
};

struct Receive {
  uint32_t src, dst;
  Region into;
  int64_t message = -1;
};

class Model {
public:
  /// Runs `programs` (default: the plan's) on `inputs`.
  Model(const ExecutionPlan &plan, uint64_t elements,
        const std::vector<std::vector<double>> &inputs,
        std::vector<RankProgram> programs = {})
      : shape(plan.shape()), elements(elements) {
    pieces = shape.numPieces();
    slot = (elements + pieces - 1) / pieces;
    for (uint32_t r = 0; r < shape.numRanks; ++r) {
      RankState s;
      s.program = programs.empty() ? plan.program(r) : programs[r];
      BufferLengths len = bufferLength(shape, r, elements);
      s.buffers[0] = inputs[r];
      EXPECT_EQ(s.buffers[0].size(), len.in);
      s.buffers[1].assign(len.out, -1e300);
      s.buffers[2].assign(s.program.scratchSlots * slot, -1e300);
      s.sendOf.assign(s.program.outLinks.size(), -1);
      s.recvOf.assign(s.program.inLinks.size(), -1);
      ranks.push_back(std::move(s));
    }
  }

  /// Runs to the end; returns an error or "".
  std::string run() {
    for (;;) {
      bool progress = false, done = true;
      for (uint32_t r = 0; r < ranks.size(); ++r) {
        while (ranks[r].pc < ranks[r].program.steps.size()) {
          std::string error;
          bool advanced = step(r, error);
          if (!error.empty())
            return "rank " + std::to_string(r) + " step " +
                   std::to_string(ranks[r].pc) + ": " + error;
          if (!advanced)
            break;
          progress = true;
        }
        done = done && ranks[r].pc == ranks[r].program.steps.size();
      }
      if (done)
        break;
      if (!progress)
        return "deadlock";
    }
    for (auto &m : messages)
      if (!m.delivered)
        return "a message was never received";
    for (auto &rank : ranks)
      for (auto &pending : {rank.sendOf, rank.recvOf})
        for (int64_t id : pending)
          if (id >= 0)
            return "a request was never waited";
    return "";
  }

  const std::vector<double> &output(uint32_t r) const {
    return ranks[r].buffers[1];
  }

private:
  const CallShape &shape;
  uint64_t elements, pieces, slot;
  std::vector<RankState> ranks;
  std::vector<Message> messages;
  std::vector<Receive> receives;
  /// Unmatched sends and receives per (src, dst), in posting order.
  std::map<std::pair<uint32_t, uint32_t>, std::deque<int64_t>> unmatchedSends,
      unmatchedRecvs;

  uint64_t off(uint64_t piece) const {
    return pieceOffset(piece, pieces, elements);
  }

  Region region(uint32_t rank, const Place &p, uint32_t count = 1) const {
    uint64_t length = off(p.piece + count) - off(p.piece);
    if (p.buffer == Buffer::Scratch)
      return {2, p.slot * slot, p.slot * slot + length};
    auto first = slicePiece(shape, rank, p.buffer);
    uint64_t base = off(p.piece) - (first ? off(*first) : 0);
    return {int(p.buffer), base, base + length};
  }

  std::string checkAccess(uint32_t rank, const Region &r,
                          int64_t exceptRecv = -1) const {
    for (int64_t id : ranks[rank].recvOf)
      if (id >= 0 && id != exceptRecv && receives[id].into.overlaps(r))
        return "touches the target of a pending receive";
    uint64_t size = ranks[rank].buffers[r.buffer].size();
    if (r.end > size)
      return "region [" + std::to_string(r.begin) + ", " +
             std::to_string(r.end) + ") outside buffer " +
             std::to_string(r.buffer) + " of " + std::to_string(size);
    return "";
  }

  std::vector<double> read(uint32_t rank, const Region &r) const {
    const auto &b = ranks[rank].buffers[r.buffer];
    return {b.begin() + r.begin, b.begin() + r.end};
  }

  /// Writing a region that a pending send reads is the hazard MPI forbids.
  std::string checkWrite(uint32_t rank, const Region &r, int64_t exceptRecv) {
    for (int64_t id : ranks[rank].sendOf)
      if (id >= 0 && messages[id].from.overlaps(r))
        return "overwrites the source of a pending send";
    if (r.buffer == 0)
      return "writes the input buffer";
    return checkAccess(rank, r, exceptRecv);
  }

  void match(uint32_t src, uint32_t dst) {
    auto &s = unmatchedSends[{src, dst}];
    auto &q = unmatchedRecvs[{src, dst}];
    while (!s.empty() && !q.empty()) {
      messages[s.front()].recv = q.front();
      receives[q.front()].message = s.front();
      s.pop_front();
      q.pop_front();
    }
  }

  bool step(uint32_t r, std::string &error) {
    RankState &s = ranks[r];
    const Step &st = s.program.steps[s.pc];
    switch (st.kind) {
    case StepKind::PostSend: {
      if (s.sendOf[st.link] >= 0)
        return error = "posts on a busy out-link", false;
      Region from = region(r, st.place);
      if (!(error = checkAccess(r, from)).empty())
        return false;
      uint32_t dst = s.program.outLinks[st.link].peer;
      messages.push_back({r, dst, from, read(r, from)});
      s.sendOf[st.link] = int64_t(messages.size() - 1);
      unmatchedSends[{r, dst}].push_back(s.sendOf[st.link]);
      match(r, dst);
      break;
    }
    case StepKind::PostRecv: {
      if (s.recvOf[st.link] >= 0)
        return error = "posts on a busy in-link", false;
      Region into = region(r, st.place);
      if (!(error = checkWrite(r, into, -1)).empty())
        return false;
      uint32_t src = s.program.inLinks[st.link].peer;
      receives.push_back({src, r, into});
      s.recvOf[st.link] = int64_t(receives.size() - 1);
      unmatchedRecvs[{src, r}].push_back(s.recvOf[st.link]);
      match(src, r);
      break;
    }
    case StepKind::WaitSend: {
      int64_t id = s.sendOf[st.link];
      if (id < 0)
        return error = "waits for no send", false;
      if (messages[id].recv < 0)
        return false; // rendezvous: the receiver has not posted yet
      if (read(r, messages[id].from) != messages[id].posted)
        return error = "a send's data changed while in flight", false;
      s.sendOf[st.link] = -1;
      break;
    }
    case StepKind::WaitRecv: {
      int64_t id = s.recvOf[st.link];
      if (id < 0)
        return error = "waits for no receive", false;
      int64_t m = receives[id].message;
      if (m < 0)
        return false;
      Message &msg = messages[m];
      if (msg.posted.size() != receives[id].into.end - receives[id].into.begin)
        return error = "message length differs from the receive's", false;
      // The sender's data as of now; it must not have changed since posting.
      if (read(msg.src, msg.from) != msg.posted)
        return error = "a send's data changed before delivery", false;
      auto &b = s.buffers[receives[id].into.buffer];
      std::copy(msg.posted.begin(), msg.posted.end(),
                b.begin() + receives[id].into.begin);
      msg.delivered = true;
      s.recvOf[st.link] = -1;
      break;
    }
    case StepKind::Combine:
    case StepKind::CopyFromStaging: {
      Place stagingPlace{Buffer::Scratch, st.link, st.place.piece};
      Region from = region(r, stagingPlace), to = region(r, st.place);
      if (!(error = checkAccess(r, from)).empty() ||
          !(error = checkWrite(r, to, -1)).empty())
        return false;
      if (from.end - from.begin != to.end - to.begin)
        return error = "staging and place differ in length", false;
      auto &dst = s.buffers[to.buffer];
      for (uint64_t i = 0; i < to.end - to.begin; ++i) {
        double v = s.buffers[2][from.begin + i];
        dst[to.begin + i] =
            st.kind == StepKind::Combine ? dst[to.begin + i] + v : v;
      }
      break;
    }
    case StepKind::CopyFromIn: {
      Place inPlace{Buffer::In, 0, st.place.piece};
      Region from = region(r, inPlace, st.count),
             to = region(r, st.place, st.count);
      if (!(error = checkAccess(r, from)).empty() ||
          !(error = checkWrite(r, to, -1)).empty())
        return false;
      for (uint64_t i = 0; i < to.end - to.begin; ++i)
        s.buffers[to.buffer][to.begin + i] = s.buffers[0][from.begin + i];
      break;
    }
    }
    ++s.pc;
    return true;
  }
};

std::vector<std::vector<double>> inputsFor(const CallShape &shape,
                                           uint64_t elements) {
  std::vector<std::vector<double>> inputs(shape.numRanks);
  for (uint32_t r = 0; r < shape.numRanks; ++r) {
    uint64_t n = bufferLength(shape, r, elements).in;
    for (uint64_t i = 0; i < n; ++i)
      inputs[r].push_back(double((r * 131 + i * 7) % 97) - 40);
  }
  return inputs;
}

/// Model runs that compared outputs (tests check they are not all skipped).
size_t modelRuns = 0;

/// Synthesizes, plans, runs on the model and compares every element.
void runAndCheck(const Network &network, CollectiveSpec spec,
                 Algorithm algorithm, uint64_t elements, uint64_t seed = 0,
                 LinkModel linkModel = LinkModel::Blocking) {
  std::string what = std::string(collectiveName(spec.kind)) + " by " +
                     algorithmName(algorithm) + " on " +
                     std::to_string(network.numNpus()) + " NPUs, E=" +
                     std::to_string(elements);
  SCOPED_TRACE(what);
  AlgorithmOptions options;
  options.algorithm = algorithm;
  options.seed = seed;
  options.model = linkModel;
  AlgorithmResult result = synthesize(network, spec, options);
  ASSERT_EQ(result.error, "");
  CallShape shape = CallShape::of(spec, uint32_t(network.numNpus()));
  std::string error;
  auto plan = ExecutionPlan::build(shape, result.schedule.view(), error);
  ASSERT_TRUE(plan) << error;
  ASSERT_EQ(checkElements(shape, elements), "");
  auto inputs = inputsFor(shape, elements);
  Model model(*plan, elements, inputs);
  ASSERT_EQ(model.run(), "");
  for (uint32_t r = 0; r < shape.numRanks; ++r)
    ASSERT_EQ(model.output(r),
              expectedOutput(shape, r, elements, ReduceOp::Sum, inputs))
        << "rank " << r;
  ++modelRuns;
}

Network dims(std::vector<std::pair<DimKind, int64_t>> list) {
  TopologySpec spec;
  for (auto [kind, size] : list)
    spec.dims.push_back({kind, size, {50e9, 1000000, ""}});
  return buildNetwork(spec);
}

std::vector<CollectiveKind> allKinds() {
  return {CollectiveKind::AllGather, CollectiveKind::ReduceScatter,
          CollectiveKind::AllReduce, CollectiveKind::AllToAll,
          CollectiveKind::Broadcast, CollectiveKind::Reduce,
          CollectiveKind::Gather,    CollectiveKind::Scatter};
}

CollectiveSpec request(CollectiveKind kind, int64_t chunks,
                       std::vector<int64_t> group = {}) {
  CollectiveSpec spec;
  spec.kind = kind;
  spec.sizeBytes = 1 << 20;
  spec.chunksPerRank = chunks;
  spec.group = std::move(group);
  if (hasRoot(kind))
    spec.root = spec.group.empty() ? 1 : spec.group[1];
  return spec;
}

/// E values: divisible by the pieces, not divisible, and fewer elements
/// than pieces (empty chunks).
std::vector<uint64_t> elementCounts(const CallShape &shape) {
  uint64_t p = shape.numPieces(), g = shape.participants.size();
  if (shape.kind == CollectiveKind::AllToAll)
    return {p * 3, g * 5, g};
  return {p * 3, p * 3 + 1, p + p / 2 + 1, 1};
}

void runAllElementCounts(const Network &network, const CollectiveSpec &spec,
                         Algorithm algorithm) {
  CallShape shape = CallShape::of(spec, uint32_t(network.numNpus()));
  for (uint64_t e : elementCounts(shape))
    runAndCheck(network, spec, algorithm, e);
}

TEST(RankProgramTest, EveryCollectiveOnARingAndATorus) {
  for (const Network &network :
       {dims({{DimKind::Ring, 5}}),
        dims({{DimKind::Ring, 3}, {DimKind::Ring, 3}})})
    for (CollectiveKind kind : allKinds())
      for (int64_t chunks : {1, 2})
        runAllElementCounts(network, request(kind, chunks), Algorithm::Tacos);
}

// Every baseline's every collective runs and computes the right values,
// the combining ones built by the baselines' own constructions (reductions
// folded into trees where routes relay: direct on the ring and the torus).
TEST(RankProgramTest, BaselineAlgorithms) {
  size_t before = modelRuns;
  for (const Network &network : {dims({{DimKind::Ring, 4}}),
                                 dims({{DimKind::FullyConnected, 4}}),
                                 dims({{DimKind::Ring, 2}, {DimKind::Ring, 4}})})
    for (Algorithm algorithm :
         {Algorithm::Ring, Algorithm::Direct, Algorithm::RHD, Algorithm::DBT,
          Algorithm::Hierarchical}) {
      // Hierarchical needs nodes: only the torus has them.
      if (algorithm == Algorithm::Hierarchical && network.numNpus() == 4)
        continue;
      for (CollectiveKind kind : allKinds())
        runAllElementCounts(network, request(kind, 2), algorithm);
    }
  // 2 networks x 4 algorithms + 1 x 5, x 8 collectives, each at several
  // element counts.
  EXPECT_GE(modelRuns - before, size_t(13 * 8));
}

// Property: every seed's schedule runs correctly (a larger torus, 3 chunks,
// the collectives with the most messages in flight).
TEST(RankProgramTest, SeedsOnATorus) {
  Network torus = dims({{DimKind::Ring, 3}, {DimKind::Ring, 4}});
  for (uint64_t seed = 0; seed < 6; ++seed)
    for (CollectiveKind kind :
         {CollectiveKind::AllReduce, CollectiveKind::AllToAll,
          CollectiveKind::ReduceScatter})
      runAndCheck(torus, request(kind, 3), Algorithm::Tacos,
                  kind == CollectiveKind::AllToAll ? 12 * 7 : 12 * 3 * 2 + 5,
                  seed);
}

// Under the pipelined link model a chunk enters a link before the previous
// one has left it: the transfers in flight on one link take channels of
// their own.
TEST(RankProgramTest, PipelinedLinksOverlap) {
  Network ring = dims({{DimKind::Ring, 4}});
  for (CollectiveKind kind : allKinds()) {
    CollectiveSpec spec = request(kind, 3);
    CallShape shape = CallShape::of(spec, 4);
    for (uint64_t e : elementCounts(shape))
      runAndCheck(ring, spec, Algorithm::Tacos, e, 0, LinkModel::Pipelined);
  }
  // Two chunks in flight on link 2 -> 1 at once (chunk 2 reaches rank 1
  // twice: a wasted but harmless copy).
  std::string error;
  CallShape gather = CallShape::of(request(CollectiveKind::AllGather, 1), 3);
  Schedule overlapping;
  overlapping.push_back({0, 0, 1, 0, TransferKind::Copy, 0, 10});
  overlapping.push_back({0, 0, 2, 0, TransferKind::Copy, 0, 10});
  overlapping.push_back({1, 1, 0, 0, TransferKind::Copy, 0, 10});
  overlapping.push_back({1, 1, 2, 0, TransferKind::Copy, 0, 10});
  overlapping.push_back({2, 2, 0, 0, TransferKind::Copy, 0, 10});
  overlapping.push_back({2, 2, 1, 0, TransferKind::Copy, 5, 15});
  overlapping.push_back({0, 2, 1, 0, TransferKind::Copy, 10, 20});
  auto plan = ExecutionPlan::build(gather, overlapping.view(), error);
  ASSERT_TRUE(plan) << error;
  EXPECT_EQ(plan->program(2).outLinks.size(), 3u); // to 0, and 2 channels to 1
  auto inputs = inputsFor(gather, 7);
  Model model(*plan, 7, inputs);
  ASSERT_EQ(model.run(), "");
  for (uint32_t r = 0; r < 3; ++r)
    EXPECT_EQ(model.output(r),
              expectedOutput(gather, r, 7, ReduceOp::Sum, inputs));
}

TEST(RankProgramTest, ProcessGroupRoutesThroughOtherRanks) {
  // Group members 0, 2, 4 of a 6-ring: the schedule may forward through
  // ranks outside the group, which then take part without data of their own.
  Network ring = dims({{DimKind::Ring, 6}});
  for (CollectiveKind kind : allKinds())
    runAllElementCounts(ring, request(kind, 1, {4, 0, 2}), Algorithm::Tacos);
}

TEST(RankProgramTest, OneWayLinksAndUnwoundSwitch) {
  TopologySpec spec;
  spec.explicitNpus = 5;
  LinkSpec link{25e9, 1000000, ""};
  spec.links.push_back({0, 1, false, false, link});
  spec.links.push_back({1, 2, true, false, link});
  spec.links.push_back({2, 0, false, false, link});
  spec.switches.push_back({"sw", {1, 2, 3, 4}, {100e9, 500000, ""}});
  std::vector<LinkOrigin> origins;
  Network network = unwindSwitches(buildNetwork(spec), origins);
  for (CollectiveKind kind : allKinds())
    runAllElementCounts(network, request(kind, 2), Algorithm::Tacos);
}

// The model is not a check that cannot fail: programs with a wait removed,
// a send moved after the wait that needs it, or a step dropped are caught.
TEST(RankProgramTest, TheModelCatchesBrokenPrograms) {
  Network ring = dims({{DimKind::Ring, 4}});
  CollectiveSpec spec = request(CollectiveKind::AllReduce, 1);
  AlgorithmOptions options;
  AlgorithmResult result = synthesize(ring, spec, options);
  ASSERT_EQ(result.error, "");
  CallShape shape = CallShape::of(spec, 4);
  std::string error;
  auto plan = ExecutionPlan::build(shape, result.schedule.view(), error);
  ASSERT_TRUE(plan);
  uint64_t elements = 13;
  auto inputs = inputsFor(shape, elements);
  std::vector<RankProgram> programs;
  for (uint32_t r = 0; r < 4; ++r)
    programs.push_back(plan->program(r));
  ASSERT_EQ(Model(*plan, elements, inputs, programs).run(), "");

  auto outcome = [&](std::vector<RankProgram> mutated) {
    Model model(*plan, elements, inputs, std::move(mutated));
    std::string why = model.run();
    if (!why.empty())
      return why;
    for (uint32_t r = 0; r < 4; ++r)
      if (model.output(r) !=
          expectedOutput(shape, r, elements, ReduceOp::Sum, inputs))
        return std::string("wrong output");
    return std::string();
  };
  size_t caught = 0, mutants = 0;
  for (uint32_t r = 0; r < 4; ++r)
    for (size_t i = 0; i < programs[r].steps.size(); ++i) {
      // Drop step i.
      auto dropped = programs;
      dropped[r].steps.erase(dropped[r].steps.begin() + i);
      ++mutants;
      caught += !outcome(dropped).empty();
      // Move a post to the end of the program (if it is not there).
      StepKind kind = programs[r].steps[i].kind;
      if ((kind == StepKind::PostSend || kind == StepKind::PostRecv) &&
          i + 1 < programs[r].steps.size()) {
        auto moved = programs;
        Step s = moved[r].steps[i];
        moved[r].steps.erase(moved[r].steps.begin() + i);
        moved[r].steps.push_back(s);
        ++mutants;
        caught += !outcome(moved).empty();
      }
    }
  EXPECT_EQ(caught, mutants);
}

TEST(RankProgramTest, ShapesAndLengths) {
  CollectiveSpec spec = request(CollectiveKind::AllGather, 2);
  CallShape shape = CallShape::of(spec, 3);
  EXPECT_EQ(shape.numPieces(), 6u);
  // 10 elements in 6 pieces: 0,1,3,5,6,8,10.
  EXPECT_EQ(bufferLength(shape, 1, 10).in, 3u);  // pieces 2, 3: [3, 6)
  EXPECT_EQ(bufferLength(shape, 1, 10).out, 10u);
  EXPECT_EQ(slicePiece(shape, 1, Buffer::In), 2u);
  EXPECT_FALSE(slicePiece(shape, 1, Buffer::Out));
  CallShape a2a = CallShape::of(request(CollectiveKind::AllToAll, 1), 3);
  EXPECT_EQ(a2a.numChunks(), 9u);
  EXPECT_NE(checkElements(a2a, 10), "");
  EXPECT_EQ(checkElements(a2a, 9), "");
  CallShape reduce = CallShape::of(request(CollectiveKind::Reduce, 2), 3);
  EXPECT_EQ(bufferLength(reduce, 0, 7).out, 0u);
  EXPECT_EQ(bufferLength(reduce, 1, 7).out, 7u);
}

// A default element count (the size over the element size) is rounded to
// the nearest count checkElements accepts: for All-to-All the nearest
// multiple of G (ties down, at least G); any count for the others.
TEST(RankProgramTest, NearestAcceptedElements) {
  CallShape a2a = CallShape::of(request(CollectiveKind::AllToAll, 1), 8);
  for (auto [given, nearest] :
       std::vector<std::pair<uint64_t, uint64_t>>{{750001, 750000},
                                                  {750007, 750008},
                                                  {750004, 750000},
                                                  {750000, 750000},
                                                  {3, 8},
                                                  {1, 8}}) {
    EXPECT_EQ(nearestAcceptedElements(a2a, given), nearest) << given;
    EXPECT_EQ(checkElements(a2a, nearestAcceptedElements(a2a, given)), "");
  }
  // A group: multiples of its size, not of the network's.
  CallShape group =
      CallShape::of(request(CollectiveKind::AllToAll, 2, {0, 2, 5}), 8);
  EXPECT_EQ(nearestAcceptedElements(group, 10), 9u);
  EXPECT_EQ(nearestAcceptedElements(group, 11), 12u);
  for (CollectiveKind kind :
       {CollectiveKind::AllGather, CollectiveKind::ReduceScatter,
        CollectiveKind::AllReduce, CollectiveKind::Broadcast,
        CollectiveKind::Reduce, CollectiveKind::Gather,
        CollectiveKind::Scatter}) {
    CallShape shape = CallShape::of(request(kind, 2), 8);
    EXPECT_EQ(nearestAcceptedElements(shape, 750001), 750001u);
    EXPECT_EQ(checkElements(shape, 750001), "");
  }
}

TEST(RankProgramTest, RefusesWhatCannotRun) {
  CallShape shape = CallShape::of(request(CollectiveKind::AllGather, 1), 3);
  auto refuse = [&](std::vector<Transfer> transfers) {
    Schedule schedule;
    for (const Transfer &t : transfers)
      schedule.push_back(t);
    std::string error;
    EXPECT_FALSE(ExecutionPlan::build(shape, schedule.view(), error));
    return error;
  };
  EXPECT_NE(refuse({{0, 0, 1, 0, TransferKind::Copy, 5, 5}})
                .find("does not take time"),
            std::string::npos);
  EXPECT_NE(refuse({{7, 0, 1, 0, TransferKind::Copy, 0, 10}}).find("chunk 7"),
            std::string::npos);
  EXPECT_NE(refuse({{0, 0, 9, 0, TransferKind::Copy, 0, 10}})
                .find("outside the network"),
            std::string::npos);
}

} // namespace
