//===- SimulatorTest.cpp - Timing schedules from order and dependencies ---===//

#include "tacos/Simulation/Simulator.h"

#include <gtest/gtest.h>

using namespace tacos;

namespace {

/// line(3), 50 GBps, 1 us: a 1 MB chunk takes 21 us per hop.
Network line3() {
  TopologySpec spec;
  spec.dims.push_back({DimKind::Line, 3, {50e9, 1000000, ""}});
  return buildNetwork(spec);
}

Problem broadcastFrom0(uint32_t chunks) {
  CollectiveSpec spec;
  spec.kind = CollectiveKind::Broadcast;
  spec.root = 0;
  spec.sizeBytes = 1000000 * int64_t(chunks);
  spec.chunksPerRank = chunks;
  Problem problem;
  EXPECT_EQ(buildProblem(spec, 3, problem), "");
  return problem;
}

Transfer hop(uint32_t chunk, uint32_t src, uint32_t dst) {
  return {chunk, src, dst, 0, TransferKind::Copy, 0, 0};
}

TEST(SimulatorTest, ChainsFollowDependencies) {
  Network network = line3();
  Problem problem = broadcastFrom0(1);
  Schedule s;
  s.push_back(hop(0, 0, 1));
  s.push_back(hop(0, 1, 2));
  SimulationResult r = simulate(network, problem, s.view(), LinkModel::Blocking);
  ASSERT_EQ(r.error, "");
  EXPECT_EQ(r.schedule.view().start(1), 21000000);
  EXPECT_EQ(r.timePs, 42000000);
}

TEST(SimulatorTest, LinkModelsDiffer) {
  Network network = line3();
  Problem problem = broadcastFrom0(2);
  Schedule s;
  s.push_back(hop(0, 0, 1));
  s.push_back(hop(1, 0, 1));
  // Blocking: the second chunk waits for the first to arrive (21 us).
  SimulationResult blocking =
      simulate(network, problem, s.view(), LinkModel::Blocking);
  EXPECT_EQ(blocking.schedule.view().start(1), 21000000);
  EXPECT_EQ(blocking.timePs, 42000000);
  // Pipelined: only the 20 us of serialization.
  SimulationResult pipelined =
      simulate(network, problem, s.view(), LinkModel::Pipelined);
  EXPECT_EQ(pipelined.schedule.view().start(1), 20000000);
  EXPECT_EQ(pipelined.timePs, 41000000);
}

TEST(SimulatorTest, RejectsSendingWhatIsNotThere) {
  Network network = line3();
  Problem problem = broadcastFrom0(1);
  Schedule s;
  s.push_back(hop(0, 1, 2));
  SimulationResult r = simulate(network, problem, s.view(), LinkModel::Blocking);
  EXPECT_EQ(r.error, "chunk 0 leaves NPU 1 before it is there");
  EXPECT_EQ(r.errorIndex, 0u);
}

TEST(SimulatorTest, RejectsMissingLinks) {
  Network network = line3();
  Problem problem = broadcastFrom0(1);
  Schedule s;
  s.push_back(hop(0, 0, 2));
  EXPECT_EQ(simulate(network, problem, s.view(), LinkModel::Blocking).error,
            "link 0 -> 2 is not in the network");
  Schedule lane;
  lane.push_back({0, 0, 1, 1, TransferKind::Copy, 0, 0});
  EXPECT_EQ(simulate(network, problem, lane.view(), LinkModel::Blocking).error,
            "link 0 -> 1 lane 1 is not in the network");
}

TEST(SimulatorTest, CompactionMovesLateTransfersEarlier) {
  Network network = line3();
  Problem problem = broadcastFrom0(1);
  Schedule s;
  s.push_back({0, 0, 1, 0, TransferKind::Copy, 5000000, 26000000});
  s.push_back({0, 1, 2, 0, TransferKind::Copy, 30000000, 51000000});
  SimulationResult r = compact(network, problem, s.view(), LinkModel::Blocking);
  ASSERT_EQ(r.error, "");
  EXPECT_EQ(r.schedule.view().start(0), 0);
  EXPECT_EQ(r.timePs, 42000000);
  // A compacted schedule simulates to itself.
  SimulationResult again =
      simulate(network, problem, r.schedule.view(), LinkModel::Blocking);
  for (size_t i = 0; i < 2; ++i)
    EXPECT_EQ(again.schedule.view()[i], r.schedule.view()[i]);
}

TEST(SimulatorTest, InPlaceRetimingMatchesTheCopyingOne) {
  // Listed out of time order: the link 0 -> 1 takes chunk 1 first (by its
  // times), whatever the index order.
  Network network = line3();
  Problem problem = broadcastFrom0(2);
  Schedule s;
  s.push_back({0, 0, 1, 0, TransferKind::Copy, 50000000, 71000000});
  s.push_back({0, 1, 2, 0, TransferKind::Copy, 100000000, 121000000});
  s.push_back({1, 0, 1, 0, TransferKind::Copy, 0, 21000000});
  s.push_back({1, 1, 2, 0, TransferKind::Copy, 30000000, 51000000});
  for (bool compacting : {false, true}) {
    SimulationResult copied =
        compacting ? compact(network, problem, s.view(), LinkModel::Blocking)
                   : simulate(network, problem, s.view(), LinkModel::Blocking);
    Schedule owned = s;
    SimulationResult inPlace =
        compacting
            ? compact(network, problem, std::move(owned), LinkModel::Blocking)
            : simulate(network, problem, std::move(owned),
                       LinkModel::Blocking);
    ASSERT_EQ(copied.error, "");
    ASSERT_EQ(inPlace.error, "");
    EXPECT_EQ(inPlace.timePs, copied.timePs);
    ASSERT_EQ(inPlace.schedule.size(), 4u);
    for (size_t i = 0; i < 4; ++i)
      EXPECT_EQ(inPlace.schedule.view()[i], copied.schedule.view()[i]) << i;
  }
  SimulationResult r = compact(network, problem, Schedule(s), LinkModel::Blocking);
  EXPECT_EQ(r.schedule.view().start(2), 0);        // chunk 1 first on 0 -> 1
  EXPECT_EQ(r.schedule.view().start(0), 21000000); // then chunk 0
  EXPECT_EQ(r.schedule.view().start(1), 42000000);
  EXPECT_EQ(r.timePs, 63000000);
}

TEST(SimulatorTest, InPlaceFailureNamesTheTransfer) {
  Network network = line3();
  Problem problem = broadcastFrom0(1);
  Schedule s;
  s.push_back(hop(0, 1, 2));
  SimulationResult r =
      simulate(network, problem, std::move(s), LinkModel::Blocking);
  EXPECT_EQ(r.error, "chunk 0 leaves NPU 1 before it is there");
  EXPECT_EQ(r.errorIndex, 0u);
  EXPECT_EQ(r.schedule.size(), 0u);
}

} // namespace
