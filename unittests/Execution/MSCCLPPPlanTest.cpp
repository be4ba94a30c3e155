//===- MSCCLPPPlanTest.cpp - Schedules as MSCCL++ execution plans ---------===//
//
// Hand-made schedules whose plans are checked operation by operation: where
// puts land, the start handshake, semaphores released as often as acquired,
// nops, channel pairing, the JSON, refusals. The lit tests in
// test/Target/MSCCLPP replay exported plans of synthesized algorithms.
//
//===----------------------------------------------------------------------===//

#include "tacos/Execution/MSCCLPPPlan.h"

#include <gtest/gtest.h>

#include <map>
#include <set>
#include <sstream>

using namespace tacos;
using namespace tacos::exec::mscclpp;
using tacos::exec::CallShape;

namespace {

CallShape shapeOf(CollectiveKind kind, uint32_t npus,
                  std::optional<uint32_t> root = std::nullopt) {
  CallShape shape;
  shape.kind = kind;
  shape.numRanks = npus;
  shape.root = root;
  for (uint32_t r = 0; r < npus; ++r)
    shape.participants.push_back(r);
  return shape;
}

Plan build(const CallShape &shape, const Schedule &schedule,
           const Options &options = {}) {
  std::string error;
  std::optional<Plan> plan = buildPlan(shape, schedule.view(), options, error);
  EXPECT_TRUE(plan) << error;
  return plan ? *plan : Plan{};
}

std::vector<OpKind> kinds(const Threadblock &tb) {
  std::vector<OpKind> out;
  for (const Op &op : tb.ops)
    out.push_back(op.kind);
  return out;
}

/// Every semaphore is released as often as it is acquired, by one producer
/// and one consumer threadblock; every signal on a channel is matched by a
/// wait on the paired channel (the k-th channel to a peer is the peer's
/// k-th channel back).
void expectBalanced(const Plan &plan) {
  std::map<std::pair<uint32_t, uint32_t>, int> signals; // (gpu, channel)
  for (uint32_t r = 0; r < plan.gpus.size(); ++r) {
    const Gpu &gpu = plan.gpus[r];
    std::map<uint32_t, int> count;
    std::map<uint32_t, std::set<size_t>> releasers, acquirers;
    for (size_t t = 0; t < gpu.threadblocks.size(); ++t)
      for (const Op &op : gpu.threadblocks[t].ops) {
        for (uint32_t s : op.semaphores) {
          ASSERT_LT(s, gpu.semaphores);
          bool release = op.kind == OpKind::SemRelease;
          count[s] += release ? 1 : -1;
          (release ? releasers : acquirers)[s].insert(t);
        }
        for (uint32_t c : op.channels) {
          uint32_t channel = gpu.threadblocks[t].channels.at(c);
          if (op.kind == OpKind::Signal) {
            // The paired channel on the peer.
            uint32_t peer = gpu.channelPeers.at(channel), k = 0;
            for (uint32_t j = 0; j < channel; ++j)
              k += gpu.channelPeers[j] == peer;
            const std::vector<uint32_t> &back = plan.gpus[peer].channelPeers;
            uint32_t j = 0;
            for (;; ++j) {
              ASSERT_LT(j, back.size());
              if (back[j] == r && k-- == 0)
                break;
            }
            ++signals[{peer, j}];
          } else if (op.kind == OpKind::Wait) {
            --signals[{r, channel}];
          }
        }
      }
    for (auto &[s, n] : count) {
      EXPECT_EQ(n, 0) << "GPU " << r << " semaphore " << s;
      EXPECT_EQ(releasers[s].size(), 1u);
      EXPECT_EQ(acquirers[s].size(), 1u);
    }
  }
  for (auto &[channel, n] : signals)
    EXPECT_EQ(n, 0) << "GPU " << channel.first << " channel " << channel.second;
}

TEST(MSCCLPPPlan, AllGatherPairLandsInPlace) {
  Schedule s;
  s.push_back({0, 0, 1, 0, TransferKind::Copy, 0, 10});
  s.push_back({1, 1, 0, 0, TransferKind::Copy, 0, 10});
  Plan p = build(shapeOf(CollectiveKind::AllGather, 2), s);
  EXPECT_EQ(p.collective, "allgather");
  ASSERT_EQ(p.gpus.size(), 2u);
  const Gpu &g = p.gpus[0];
  EXPECT_EQ(g.inputChunks, 1u);
  EXPECT_EQ(g.outputChunks, 2u);
  // The chunk GPU 0 receives is a first write of a chunk it does not hold:
  // it lands in o[1], no scratch.
  EXPECT_EQ(g.scratchChunks, 0u);
  ASSERT_EQ(g.threadblocks.size(), 3u);
  EXPECT_EQ(
      kinds(g.threadblocks[0]),
      (std::vector<OpKind>{OpKind::Copy, OpKind::Nop, OpKind::SemRelease}));
  // Sender: start handshake, the copy, put, signal.
  EXPECT_EQ(kinds(g.threadblocks[1]),
            (std::vector<OpKind>{OpKind::Wait, OpKind::SemAcquire, OpKind::Nop,
                                 OpKind::Put, OpKind::Nop, OpKind::Signal}));
  const Op &put = g.threadblocks[1].ops[3];
  EXPECT_EQ(put.src.at(0).type, 'o');
  EXPECT_EQ(put.src[0].index, 0u);
  EXPECT_EQ(put.dst.at(0).bufferId, 0);
  EXPECT_EQ(put.dst[0].index, 0u);
  ASSERT_EQ(g.remoteBuffers.size(), 1u);
  EXPECT_EQ(g.remoteBuffers[0].rank, 1u);
  EXPECT_EQ(g.remoteBuffers[0].type, 'o');
  // Receiver: its half of the handshake, then the wait, nothing to copy.
  EXPECT_EQ(kinds(g.threadblocks[2]),
            (std::vector<OpKind>{OpKind::Signal, OpKind::Wait}));
  EXPECT_EQ(g.channelPeers, (std::vector<uint32_t>{1, 1}));
  expectBalanced(p);
}

TEST(MSCCLPPPlan, ReductionLandsInScratch) {
  // All-Reduce on two GPUs: each reduces the other's chunk into its own,
  // then sends the sum back.
  Schedule s;
  s.push_back({0, 1, 0, 0, TransferKind::Reduce, 0, 10});
  s.push_back({1, 0, 1, 0, TransferKind::Reduce, 0, 10});
  s.push_back({0, 0, 1, 0, TransferKind::Copy, 10, 20});
  s.push_back({1, 1, 0, 0, TransferKind::Copy, 10, 20});
  Plan p = build(shapeOf(CollectiveKind::AllReduce, 2), s);
  const Gpu &g = p.gpus[0];
  // Both chunks are held from the start: both receives land in scratch.
  EXPECT_EQ(g.scratchChunks, 2u);
  const Threadblock &recv = g.threadblocks.at(2);
  EXPECT_TRUE(recv.receives);
  const Op *reduce = nullptr, *copy = nullptr;
  for (const Op &op : recv.ops) {
    if (op.kind == OpKind::Reduce)
      reduce = &op;
    if (op.kind == OpKind::Copy)
      copy = &op;
  }
  ASSERT_TRUE(reduce && copy);
  EXPECT_EQ(reduce->src.size(), 2u);
  EXPECT_EQ(reduce->src[0].type, 'o');
  EXPECT_EQ(reduce->src[1].type, 's');
  EXPECT_EQ(reduce->dst.at(0).index, reduce->src[0].index);
  EXPECT_EQ(copy->src.at(0).type, 's');
  EXPECT_EQ(copy->dst.at(0).type, 'o');
  expectBalanced(p);
}

TEST(MSCCLPPPlan, NopsSeparateThreadsWork) {
  Schedule s;
  s.push_back({0, 1, 0, 0, TransferKind::Reduce, 0, 10});
  s.push_back({1, 0, 1, 0, TransferKind::Reduce, 0, 10});
  s.push_back({0, 0, 1, 0, TransferKind::Copy, 10, 20});
  s.push_back({1, 1, 0, 0, TransferKind::Copy, 10, 20});
  Plan p = build(shapeOf(CollectiveKind::AllReduce, 2), s);
  auto isData = [](OpKind k) {
    return k == OpKind::Put || k == OpKind::Copy || k == OpKind::Reduce;
  };
  auto isIn = [](OpKind k) {
    return k == OpKind::Wait || k == OpKind::SemAcquire;
  };
  auto isOut = [](OpKind k) {
    return k == OpKind::Signal || k == OpKind::SemRelease;
  };
  for (const Gpu &g : p.gpus)
    for (const Threadblock &tb : g.threadblocks)
      for (size_t j = 1; j < tb.ops.size(); ++j) {
        OpKind a = tb.ops[j - 1].kind, b = tb.ops[j].kind;
        EXPECT_FALSE(isData(b) && (isData(a) || isIn(a)));
        EXPECT_FALSE(isOut(b) && (isData(a) || isIn(a)));
      }
}

TEST(MSCCLPPPlan, RelayForwardsAfterItsReceive) {
  // Broadcast from 0 over the line 0 - 1 - 2.
  Schedule s;
  s.push_back({0, 0, 1, 0, TransferKind::Copy, 0, 10});
  s.push_back({0, 1, 2, 0, TransferKind::Copy, 10, 20});
  Plan p = build(shapeOf(CollectiveKind::Broadcast, 3, 0), s);
  const Gpu &relay = p.gpus[1];
  // Receive from 0, then send to 2: the send acquires the receive's wait.
  ASSERT_EQ(relay.threadblocks.size(), 2u);
  EXPECT_TRUE(relay.threadblocks[0].receives);
  EXPECT_EQ(relay.threadblocks[0].peer, 0);
  EXPECT_EQ(kinds(relay.threadblocks[0]),
            (std::vector<OpKind>{OpKind::Signal, OpKind::Wait, OpKind::Nop,
                                 OpKind::SemRelease}));
  EXPECT_EQ(kinds(relay.threadblocks[1]),
            (std::vector<OpKind>{OpKind::Wait, OpKind::SemAcquire, OpKind::Nop,
                                 OpKind::Put, OpKind::Nop, OpKind::Signal}));
  expectBalanced(p);
}

TEST(MSCCLPPPlan, LongLinksSplitOverChannels) {
  // 40 chunks over one link: about 5 operations each, more than 64 for one
  // threadblock.
  CallShape shape = shapeOf(CollectiveKind::Broadcast, 2, 0);
  shape.chunksPerRank = 40;
  Schedule s;
  for (uint32_t c = 0; c < 40; ++c)
    s.push_back({c, 0, 1, 0, TransferKind::Copy, 10 * c, 10 * c + 10});
  Plan p = build(shape, s);
  EXPECT_GT(p.gpus[0].threadblocks.size(), 2u);
  for (const Gpu &g : p.gpus)
    for (const Threadblock &tb : g.threadblocks)
      EXPECT_LE(tb.ops.size(), kMaxOperations);
  expectBalanced(p);
  Options few;
  few.maxThreadblocks = 2;
  std::string error;
  EXPECT_FALSE(buildPlan(shape, s.view(), few, error));
  EXPECT_NE(error.find("threadblocks, more than the 2 allowed"),
            std::string::npos)
      << error;
}

TEST(MSCCLPPPlan, GroupsAreCommunicators) {
  CallShape shape = shapeOf(CollectiveKind::AllGather, 4);
  shape.participants = {1, 3};
  Schedule s;
  s.push_back({0, 1, 3, 0, TransferKind::Copy, 0, 10});
  s.push_back({1, 3, 1, 0, TransferKind::Copy, 0, 10});
  Plan p = build(shape, s);
  EXPECT_EQ(p.gpus.size(), 2u);
  // Through NPU 2, outside the group: refused.
  Schedule relay;
  relay.push_back({0, 1, 2, 0, TransferKind::Copy, 0, 10});
  std::string error;
  EXPECT_FALSE(buildPlan(shape, relay.view(), Options{}, error));
  EXPECT_NE(error.find("outside the group"), std::string::npos) << error;
}

TEST(MSCCLPPPlan, JsonIsDeterministicAndEscaped) {
  Schedule s;
  s.push_back({0, 0, 1, 0, TransferKind::Copy, 0, 10});
  s.push_back({1, 1, 0, 0, TransferKind::Copy, 0, 10});
  Options options;
  options.name = "a \"b\"\n";
  Plan p = build(shapeOf(CollectiveKind::AllGather, 2), s, options);
  std::ostringstream a, b;
  writeJson(p, a);
  writeJson(build(shapeOf(CollectiveKind::AllGather, 2), s, options), b);
  EXPECT_EQ(a.str(), b.str());
  EXPECT_NE(a.str().find("\"name\": \"a \\\"b\\\"\\u000a\""),
            std::string::npos);
  // The DSL's key order at the top.
  std::string json = a.str();
  EXPECT_LT(json.find("\"collective\""), json.find("\"protocol\""));
  EXPECT_LT(json.find("\"gpus\""), json.find("\"num_threads_per_block\""));
  EXPECT_NE(json.find("\"max_message_size\": 18446744073709551615"),
            std::string::npos);
}

TEST(MSCCLPPPlan, RefusesBrokenTransfers) {
  Schedule s;
  s.push_back({0, 0, 0, 0, TransferKind::Copy, 0, 10});
  std::string error;
  EXPECT_FALSE(buildPlan(shapeOf(CollectiveKind::AllGather, 2), s.view(),
                         Options{}, error));
  EXPECT_EQ(error, "transfer 0 has an invalid link");
}

} // namespace
