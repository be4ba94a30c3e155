//===- MSCCLProgramTest.cpp - Schedules as MSCCL-IR programs --------------===//
//
// Hand-made schedules whose programs are checked step by step: placement by
// exec::chunkRoles, one threadblock per (peer, direction, channel), one
// dependency per step with the rest as nops, fused steps (rcs, rrs, rrcs)
// where the order allows them, cnt > 1 aggregation, inplace, refusals. The lit
// tests in test/Target/MSCCL replay exported programs of synthesized
// algorithms.
//
//===----------------------------------------------------------------------===//

#include "tacos/Execution/MSCCLProgram.h"

#include <gtest/gtest.h>

#include <set>
#include <sstream>

using namespace tacos;
using namespace tacos::exec::msccl;
using tacos::exec::CallShape;

namespace {

CallShape shapeOf(CollectiveKind kind, uint32_t npus,
                  std::vector<uint32_t> participants = {}) {
  CallShape shape;
  shape.kind = kind;
  shape.numRanks = npus;
  if (participants.empty())
    for (uint32_t r = 0; r < npus; ++r)
      participants.push_back(r);
  shape.participants = participants;
  return shape;
}

Program build(const CallShape &shape, const Schedule &schedule,
              const Options &options = Options{}) {
  std::string error;
  std::optional<Program> program =
      buildProgram(shape, schedule.view(), options, error);
  EXPECT_TRUE(program) << error;
  return program ? *program : Program{};
}

std::string refusal(const CallShape &shape, const Schedule &schedule) {
  std::string error;
  EXPECT_FALSE(buildProgram(shape, schedule.view(), Options{}, error));
  return error;
}

TEST(MSCCLProgram, AllGatherPair) {
  Schedule s;
  s.push_back({0, 0, 1, 0, TransferKind::Copy, 0, 10});
  s.push_back({1, 1, 0, 0, TransferKind::Copy, 0, 10});
  Program p = build(shapeOf(CollectiveKind::AllGather, 2), s);
  ASSERT_EQ(p.gpus.size(), 2u);
  EXPECT_EQ(p.coll, "allgather");
  EXPECT_EQ(p.chunksPerLoop, 2u);
  const Gpu &g = p.gpus[0];
  EXPECT_EQ(g.inChunks, 1u);
  EXPECT_EQ(g.outChunks, 2u);
  ASSERT_EQ(g.threadblocks.size(), 3u);
  // The copy of the own chunk, which the send waits for.
  const Step &copy = g.threadblocks[0].steps.at(0);
  EXPECT_EQ(copy.type, StepType::Copy);
  EXPECT_EQ(copy.dstBuf, 'o');
  EXPECT_EQ(copy.dstOff, 0);
  EXPECT_TRUE(copy.hasDep);
  EXPECT_EQ(g.threadblocks[1].send, 1);
  const Step &send = g.threadblocks[1].steps.at(0);
  EXPECT_EQ(send.type, StepType::Send);
  EXPECT_EQ(send.depTb, 0);
  EXPECT_EQ(send.depStep, 0);
  EXPECT_EQ(g.threadblocks[2].recv, 1);
  const Step &recv = g.threadblocks[2].steps.at(0);
  EXPECT_EQ(recv.type, StepType::Recv);
  EXPECT_EQ(recv.dstOff, 1);
  // GPU 1's own chunk is output chunk 1, copied from input chunk 0.
  EXPECT_EQ(p.gpus[1].threadblocks[0].steps.at(0).srcOff, 0);
  EXPECT_EQ(p.gpus[1].threadblocks[0].steps.at(0).dstOff, 1);
}

// NPU 1 reduces a Reduce-Scatter chunk it does not own and sends the
// partial sum on: unfused, rrc into scratch then s after it; fused, one rrs
// (NPU 1 never needs the partial sum) in a threadblock with both peers.
Schedule reduceScatterChain() {
  Schedule s;
  // Reduce-Scatter on 3 NPUs: chunk 2 (owned by NPU 2) reduced 0 -> 1 -> 2.
  s.push_back({2, 0, 1, 0, TransferKind::Reduce, 0, 10});
  s.push_back({2, 1, 2, 0, TransferKind::Reduce, 10, 20});
  // The other chunks, directly.
  s.push_back({0, 1, 0, 0, TransferKind::Reduce, 0, 10});
  s.push_back({0, 2, 0, 0, TransferKind::Reduce, 0, 10});
  s.push_back({1, 0, 1, 0, TransferKind::Reduce, 10, 20});
  s.push_back({1, 2, 1, 0, TransferKind::Reduce, 0, 10});
  return s;
}

TEST(MSCCLProgram, ForwardAndScratch) {
  Options unfused;
  unfused.fuse = false;
  Program p = build(shapeOf(CollectiveKind::ReduceScatter, 3),
                    reduceScatterChain(), unfused);
  const Gpu &g = p.gpus[1];
  EXPECT_EQ(g.inChunks, 3u);
  EXPECT_EQ(g.outChunks, 1u);
  EXPECT_EQ(g.scratchChunks, 1u);
  // Chunk 2 is copied to scratch, reduced there (rrc) and sent on after.
  bool reduced = false, sent = false;
  for (const Threadblock &tb : g.threadblocks)
    for (const Step &step : tb.steps) {
      if (step.type == StepType::RecvReduceCopy && step.dstBuf == 's')
        reduced = true;
      if (step.type == StepType::Send && tb.send == 2) {
        EXPECT_EQ(step.srcBuf, 's');
        EXPECT_NE(step.depTb, -1);
        sent = true;
      }
    }
  EXPECT_TRUE(reduced);
  EXPECT_TRUE(sent);
}

TEST(MSCCLProgram, ForwardOfUnkeptSumIsRrs) {
  Program p =
      build(shapeOf(CollectiveKind::ReduceScatter, 3), reduceScatterChain());
  const Threadblock *both = nullptr;
  for (const Threadblock &tb : p.gpus[1].threadblocks)
    if (tb.recv == 0 && tb.send == 2)
      both = &tb;
  ASSERT_TRUE(both);
  // The partial sum of chunk 2, then chunk 1's reduction from NPU 0.
  ASSERT_EQ(both->steps.size(), 2u);
  EXPECT_EQ(both->steps[1].type, StepType::RecvReduceCopy);
  const Step &step = both->steps[0];
  EXPECT_EQ(step.type, StepType::RecvReduceSend);
  EXPECT_EQ(step.srcBuf, 's');
  EXPECT_EQ(step.count, 1u);
  // It reduces with the copy of the input.
  EXPECT_EQ(step.depTb, 0);
}

// All-Reduce shapes on 3 NPUs, one chunk, 0 -> 1 -> 2 (not complete
// collectives: the builder takes any schedule). NPU 1 keeps the partial sum
// in `out` (rrcs) unless a plain receive overwrites it later (rrs); a copy
// forwarded is rcs.
TEST(MSCCLProgram, FusedStepTypes) {
  auto middleStep = [](const Schedule &s) {
    Program p = build(shapeOf(CollectiveKind::AllReduce, 3), s);
    for (const Threadblock &tb : p.gpus[1].threadblocks)
      if (tb.recv == 0 && tb.send == 2)
        return tb.steps.at(0);
    ADD_FAILURE() << "no threadblock with both peers";
    return Step{};
  };
  Schedule kept;
  kept.push_back({0, 0, 1, 0, TransferKind::Reduce, 0, 10});
  kept.push_back({0, 1, 2, 0, TransferKind::Reduce, 10, 20});
  Step step = middleStep(kept);
  EXPECT_EQ(step.type, StepType::RecvReduceCopySend);
  EXPECT_EQ(step.srcBuf, 'o');
  EXPECT_EQ(step.dstBuf, 'o');

  Schedule overwritten = kept;
  overwritten.push_back({0, 2, 1, 0, TransferKind::Copy, 20, 30});
  EXPECT_EQ(middleStep(overwritten).type, StepType::RecvReduceSend);

  Schedule copied;
  copied.push_back({0, 0, 1, 0, TransferKind::Copy, 0, 10});
  copied.push_back({0, 1, 2, 0, TransferKind::Copy, 10, 20});
  EXPECT_EQ(middleStep(copied).type, StepType::RecvCopySend);
}

// Fusion keeps each connection's FIFO order and never waits for a larger
// key: a step at the receive's place if the forward is the link's next
// send, else at the send's place, unless the sender's next messages then
// wait for room (the connection holds kConnectionRoom chunks) on a step
// that comes later in the order (a ring of such steps would wait on each
// other).
TEST(MSCCLProgram, FusionOnlyWhereTheOrderAllows) {
  CallShape shape = shapeOf(CollectiveKind::AllGather, 3);
  shape.chunksPerRank = 3;
  auto fused = [&](const Schedule &s) {
    Program p = build(shape, s);
    size_t n = 0;
    for (const Threadblock &tb : p.gpus[1].threadblocks)
      for (const Step &step : tb.steps)
        n += step.type == StepType::RecvCopySend;
    return n;
  };
  // 0's chunk 0 reaches 2 through 1.
  Schedule forward;
  forward.push_back({0, 0, 1, 0, TransferKind::Copy, 0, 10});
  forward.push_back({0, 1, 2, 0, TransferKind::Copy, 10, 20});
  EXPECT_EQ(fused(forward), 1u);
  // 1 first sends its own chunks 3 and 4 to 2 as one step (cnt 2): the
  // connection (2 chunks) must be empty for the forward, i.e. 2 must have
  // taken them (at 10), which is not before chunk 0 arrives (10): the step
  // moves to the forward's place (20).
  Schedule late;
  late.push_back({3, 1, 2, 0, TransferKind::Copy, 0, 10});
  late.push_back({4, 1, 2, 0, TransferKind::Copy, 10, 20});
  late.push_back({0, 0, 1, 0, TransferKind::Copy, 0, 10});
  late.push_back({0, 1, 2, 0, TransferKind::Copy, 20, 30});
  Program p = build(shape, late);
  const Threadblock *both = nullptr;
  for (const Threadblock &tb : p.gpus[1].threadblocks)
    if (tb.recv == 0 && tb.send == 2)
      both = &tb;
  ASSERT_TRUE(both);
  ASSERT_EQ(both->steps.size(), 2u);
  EXPECT_EQ(both->steps[0].count, 2u);
  EXPECT_EQ(both->steps[1].type, StepType::RecvCopySend);
  // ... unless another message from 0 arrives in between (chunk 2, not
  // contiguous with 0): then the step has no place.
  Schedule neither = late;
  neither.push_back({2, 0, 1, 0, TransferKind::Copy, 10, 20});
  EXPECT_EQ(fused(neither), 0u);
}

// Chunks a link carries back to back from contiguous places, ready at the
// first send and untouched by the receiver until the last, are one step.
TEST(MSCCLProgram, ContiguousChunksAggregate) {
  CallShape shape = shapeOf(CollectiveKind::AllGather, 2);
  shape.chunksPerRank = 3;
  Schedule s;
  for (uint32_t c = 0; c < 3; ++c)
    s.push_back({c, 0, 1, 0, TransferKind::Copy, 10 * c, 10 * c + 10});
  // Chunks 4 then 3: not contiguous in the order they go.
  s.push_back({4, 1, 0, 0, TransferKind::Copy, 0, 10});
  s.push_back({3, 1, 0, 0, TransferKind::Copy, 10, 20});
  s.push_back({5, 1, 0, 0, TransferKind::Copy, 20, 30});
  Program p = build(shape, s);
  auto counts = [&](uint32_t gpu, int32_t recv) {
    std::vector<uint32_t> counts;
    for (const Threadblock &tb : p.gpus[gpu].threadblocks)
      if (tb.recv == recv)
        for (const Step &step : tb.steps)
          counts.push_back(step.count);
    return counts;
  };
  EXPECT_EQ(counts(1, 0), std::vector<uint32_t>({3}));
  EXPECT_EQ(counts(0, 1), std::vector<uint32_t>({1, 1, 1}));
  Options unfused;
  unfused.fuse = false;
  p = build(shape, s, unfused);
  EXPECT_EQ(counts(1, 0), std::vector<uint32_t>({1, 1, 1}));
}

// inplace=1 where aliasing `in` and `out` changes nothing; All-to-All's
// inputs leave from places that receives overwrite.
TEST(MSCCLProgram, InPlaceWhereAliasingIsHarmless) {
  Schedule ag;
  ag.push_back({0, 0, 1, 0, TransferKind::Copy, 0, 10});
  ag.push_back({1, 1, 0, 0, TransferKind::Copy, 0, 10});
  EXPECT_TRUE(build(shapeOf(CollectiveKind::AllGather, 2), ag).inplace);
  Schedule a2a;
  // Chunk src*2 + dst: 0 -> 1 is chunk 1, 1 -> 0 is chunk 2.
  a2a.push_back({1, 0, 1, 0, TransferKind::Copy, 0, 10});
  a2a.push_back({2, 1, 0, 0, TransferKind::Copy, 0, 10});
  Program p = build(shapeOf(CollectiveKind::AllToAll, 2), a2a);
  EXPECT_FALSE(p.inplace);
  EXPECT_TRUE(p.outofplace);
  Options astra;
  astra.astraSim = true;
  EXPECT_FALSE(build(shapeOf(CollectiveKind::AllGather, 2), ag, astra).inplace);
}

// A receive that overwrites a place two other threadblocks read waits for
// them and for the copy that wrote it: one dependency on the step, the
// others on nops before it.
TEST(MSCCLProgram, ExtraDependenciesBecomeNops) {
  Schedule s;
  // All-Reduce on 3 NPUs, one chunk: 0 sends its value to 1 and 2 at 0,
  // then receives the total from 1 at [20, 30].
  s.push_back({0, 0, 1, 0, TransferKind::Reduce, 0, 10});
  s.push_back({0, 0, 2, 0, TransferKind::Reduce, 0, 10});
  s.push_back({0, 2, 1, 0, TransferKind::Reduce, 10, 20});
  s.push_back({0, 1, 0, 0, TransferKind::Copy, 20, 30});
  s.push_back({0, 1, 2, 0, TransferKind::Copy, 20, 30});
  CallShape shape = shapeOf(CollectiveKind::AllReduce, 3);
  std::string error;
  std::optional<Program> p = buildProgram(shape, s.view(), Options{}, error);
  ASSERT_TRUE(p) << error;
  const Gpu &g = p->gpus[0];
  const Threadblock *recv = nullptr;
  for (const Threadblock &tb : g.threadblocks)
    if (tb.recv == 1)
      recv = &tb;
  ASSERT_TRUE(recv);
  // Waits for the copy of the input and for both sends of the place.
  ASSERT_EQ(recv->steps.size(), 3u);
  std::set<int32_t> waited;
  for (size_t i = 0; i < 3; ++i) {
    EXPECT_EQ(recv->steps[i].type, i < 2 ? StepType::Nop : StepType::Recv);
    waited.insert(recv->steps[i].depTb);
    EXPECT_TRUE(g.threadblocks.at(recv->steps[i].depTb)
                    .steps.at(recv->steps[i].depStep)
                    .hasDep);
  }
  EXPECT_EQ(waited.size(), 3u);
  EXPECT_EQ(waited.count(-1), 0u);
}

TEST(MSCCLProgram, GroupRenumberedOrRefused) {
  Schedule inside;
  inside.push_back({0, 1, 3, 0, TransferKind::Copy, 0, 10});
  inside.push_back({1, 3, 1, 0, TransferKind::Copy, 0, 10});
  Program p = build(shapeOf(CollectiveKind::AllGather, 4, {1, 3}), inside);
  ASSERT_EQ(p.gpus.size(), 2u);
  EXPECT_EQ(p.gpus[0].threadblocks[1].send, 1);

  Schedule relay;
  relay.push_back({0, 1, 2, 0, TransferKind::Copy, 0, 10});
  relay.push_back({0, 2, 3, 0, TransferKind::Copy, 10, 20});
  relay.push_back({1, 3, 1, 0, TransferKind::Copy, 0, 10});
  EXPECT_EQ(refusal(shapeOf(CollectiveKind::AllGather, 4, {1, 3}), relay),
            "transfer 0 goes through NPU 2, outside the group; MSCCL-IR runs "
            "a collective over every GPU of its communicator, so a relay "
            "outside the group has no spelling");
}

TEST(MSCCLProgram, InstantTransferRefused) {
  Schedule s;
  s.push_back({0, 0, 1, 0, TransferKind::Copy, 5, 5});
  EXPECT_EQ(refusal(shapeOf(CollectiveKind::AllGather, 2), s),
            "transfer 0 does not take time (end <= start)");
}

TEST(MSCCLProgram, XmlHasEveryAttribute) {
  Schedule s;
  s.push_back({0, 0, 1, 0, TransferKind::Copy, 0, 10});
  s.push_back({1, 1, 0, 0, TransferKind::Copy, 0, 10});
  Program p = build(shapeOf(CollectiveKind::AllGather, 2), s);
  std::ostringstream os;
  writeXml(p, os);
  std::string xml = os.str();
  for (const char *attr :
       {"name=",     "proto=",    "nchannels=",  "nchunksperloop=", "ngpus=",
        "coll=",     "inplace=",  "outofplace=", "minBytes=",       "maxBytes=",
        "i_chunks=", "o_chunks=", "s_chunks=",   "send=",           "recv=",
        "chan=",     "type=",     "srcbuf=",     "srcoff=",         "dstbuf=",
        "dstoff=",   "cnt=",      "depid=",      "deps=",           "hasdep="})
    EXPECT_NE(xml.find(attr), std::string::npos) << attr;
}

} // namespace
