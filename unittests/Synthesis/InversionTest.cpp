//===- InversionTest.cpp - Duals ready to invert --------------------------===//

#include "tacos/Synthesis/Inversion.h"

#include <gtest/gtest.h>

using namespace tacos;

namespace {

Problem groupAllGather(uint32_t npus, std::vector<int64_t> group) {
  CollectiveSpec spec;
  spec.kind = CollectiveKind::AllGather;
  spec.group = std::move(group);
  spec.sizeBytes = 2000;
  EXPECT_EQ(checkCollective(spec, npus), "");
  Problem problem;
  EXPECT_EQ(buildProblem(spec, npus, problem), "");
  return problem;
}

/// One copy per hop, hop h during [h, h + 1] us.
void hop(Schedule &schedule, uint32_t chunk, uint32_t src, uint32_t dst,
         int64_t h) {
  schedule.push_back({chunk, src, dst, 0, TransferKind::Copy, h * 1000000,
                      (h + 1) * 1000000});
}

// Group [0, 3] of ring(6): chunk 0 goes 0 -> 5 -> 4 -> 3, and also 0 -> 1
// -> 2 into NPUs outside the group, where it stops (a repair whose relay
// lost 2 -> 3 leaves that). Both copies of that branch lead nowhere; the
// relays of the other branch and of chunk 1 lead to a destination.
TEST(InversionTest, DeadEndsAreTheBranchesThatReachNoDestination) {
  Problem problem = groupAllGather(6, {0, 3});
  Schedule dual;
  hop(dual, 0, 0, 1, 0);
  hop(dual, 0, 0, 5, 0);
  hop(dual, 0, 1, 2, 1);
  hop(dual, 0, 5, 4, 1);
  hop(dual, 0, 4, 3, 2);
  hop(dual, 1, 3, 2, 0);
  hop(dual, 1, 2, 1, 1);
  hop(dual, 1, 1, 0, 2);
  EXPECT_EQ(findDeadEnds(problem, dual.view()), (std::vector<size_t>{0, 2}));
  Schedule pruned = removeTransfers(dual.view(), {0, 2});
  ASSERT_EQ(pruned.size(), 6u);
  EXPECT_EQ(pruned.view()[0], dual.view()[1]);
  EXPECT_EQ(pruned.view()[5], dual.view()[7]);

  // Inverted without them: no reduce leaves NPU 1 or 2 with chunk 0.
  Schedule reduction;
  ASSERT_EQ(invertDual(problem, dual.view(), 3000000, reduction), "");
  ASSERT_EQ(reduction.size(), 6u);
  for (size_t i = 0; i < reduction.size(); ++i) {
    Transfer t = reduction.view()[i];
    EXPECT_EQ(t.kind, TransferKind::Reduce);
    EXPECT_FALSE(t.chunk == 0 && (t.src == 1 || t.src == 2)) << i;
  }
}

// A copy out of an NPU before the chunk arrives there does not make the
// arrival lead somewhere: 1 -> 2 at [0, 1] cannot carry what 0 -> 1
// brings at [1, 2] (a malformed dual, which the simulator would refuse).
TEST(InversionTest, OnwardCopiesMustFollowTheArrival) {
  Problem problem = groupAllGather(4, {0, 2});
  Schedule dual;
  hop(dual, 0, 1, 2, 0);
  hop(dual, 0, 0, 1, 1);
  EXPECT_EQ(findDeadEnds(problem, dual.view()), (std::vector<size_t>{1}));
}

// Whole-network collectives have every NPU as a destination: nothing to
// walk, nothing pruned.
TEST(InversionTest, WholeNetworkDualsHaveNoDeadEnds) {
  Problem problem = groupAllGather(3, {});
  Schedule dual;
  hop(dual, 0, 0, 1, 0);
  hop(dual, 0, 1, 2, 1);
  hop(dual, 1, 1, 2, 0);
  hop(dual, 1, 2, 0, 1);
  EXPECT_TRUE(findDeadEnds(problem, dual.view()).empty());
}

// issue 25: a baseline's path may relay through the chunk's own source
// (ring's Broadcast on a directed graph: 2 -> 1 -> 3 with root 1). That
// copy is a second receipt whichever way the chunk goes on, so the dual is
// no tree; the refusal names it, instead of an inverted schedule that
// does not simulate.
TEST(InversionTest, ACopyIntoItsSourceIsNoTree) {
  CollectiveSpec spec;
  spec.kind = CollectiveKind::Broadcast;
  spec.root = 1;
  spec.sizeBytes = 1000;
  Problem problem;
  ASSERT_EQ(buildProblem(spec, 4, problem), "");
  Schedule dual;
  hop(dual, 0, 1, 2, 0);
  hop(dual, 0, 2, 1, 1);
  hop(dual, 0, 1, 3, 2);
  hop(dual, 0, 3, 0, 3);
  Schedule reduction;
  EXPECT_EQ(invertDual(problem, dual.view(), 4000000, reduction),
            "npu 1 receives chunk 0, which it starts with; only a tree (each "
            "chunk received once) inverts");
  // Without the problem only repeated receipts are seen.
  EXPECT_EQ(invertSchedule(dual.view(), 4000000, reduction), "");
}

} // namespace
