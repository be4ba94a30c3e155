//===- ClockRangeTest.cpp - Requests whose times fit the clock ------------===//

#include "tacos/Collective/ClockRange.h"

#include "tacos/Network/Unwind.h"

#include <gtest/gtest.h>

using namespace tacos;

namespace {

CollectiveSpec allGather(int64_t sizeBytes) {
  CollectiveSpec spec;
  spec.kind = CollectiveKind::AllGather;
  spec.sizeBytes = sizeBytes;
  return spec;
}

TEST(ClockRangeTest, SlowestHopOfPointToPointLinks) {
  TopologySpec topology;
  topology.dims.push_back({DimKind::Ring, 4, {1e3, 1000000, ""}});
  Network ring = buildNetwork(topology);
  // 250 MB at 1 KBps: 2.5e5 s, plus 1 us.
  EXPECT_EQ(longestHopPs(ring, 250e6), 250000000001000000.0L);
}

TEST(ClockRangeTest, SwitchHopIsNoFasterThanItsUnwoundLinks) {
  TopologySpec topology;
  topology.dims.push_back({DimKind::Switch, 8, {450e9, 700000, ""}});
  Network network = buildNetwork(topology);
  std::vector<LinkOrigin> origins;
  Network unwound = unwindSwitches(network, origins);
  for (double bytes : {1.0, 1e6, 3e9})
    EXPECT_GE(longestHopPs(network, bytes), longestHopPs(unwound, bytes))
        << bytes;
}

TEST(ClockRangeTest, RefusesWhatCouldOverflow) {
  TopologySpec topology;
  topology.dims.push_back({DimKind::Ring, 4, {1e3, 1000000, ""}});
  Network ring = buildNetwork(topology);
  // 1 GB: 12 hops of 2.5e5 s fit under 2^62 ps; 100 GB do not.
  EXPECT_EQ(checkClockRange(ring, allGather(1000000000)), "");
  EXPECT_NE(checkClockRange(ring, allGather(100000000000)), "");
  // All-Reduce crosses every hop twice.
  CollectiveSpec allReduce = allGather(1500000000);
  EXPECT_EQ(checkClockRange(ring, allReduce), "");
  allReduce.kind = CollectiveKind::AllReduce;
  EXPECT_NE(checkClockRange(ring, allReduce), "");
}

} // namespace
