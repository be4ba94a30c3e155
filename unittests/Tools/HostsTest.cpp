//===- HostsTest.cpp - Hostfiles and rank placement -------------*- C++ -*-===//

#include "Hosts.h"

#include "gtest/gtest.h"

using namespace tacos::run;

namespace {

TEST(Hosts, BothFormatsCommentsAndBlankLines) {
  std::string error;
  std::vector<HostSlots> hosts = parseHostfile(
      "# cluster\nnode0 slots=2 max_slots=4\n\n\tnode1:3  # mpich\nnode2\n",
      "hosts", error);
  ASSERT_EQ(error, "");
  ASSERT_EQ(hosts.size(), 3u);
  EXPECT_EQ(hosts[0].name, "node0");
  EXPECT_EQ(hosts[0].slots, 2u);
  EXPECT_EQ(hosts[1].name, "node1");
  EXPECT_EQ(hosts[1].slots, 3u);
  EXPECT_EQ(hosts[2].slots, 1u);
}

TEST(Hosts, ErrorsNameTheLine) {
  std::string error;
  EXPECT_TRUE(parseHostfile("a\nb slots=0\n", "f", error).empty());
  EXPECT_EQ(error, "f:2: slots= must be a positive count, got '0'");
  EXPECT_TRUE(parseHostfile("a:x\n", "f", error).empty());
  EXPECT_EQ(error,
            "f:1: the slot count after ':' must be a positive count, got 'x'");
  EXPECT_TRUE(parseHostfile("# none\n", "f", error).empty());
  EXPECT_EQ(error, "f lists no host");
  EXPECT_TRUE(parseHostList("a,:2", error).empty());
  EXPECT_EQ(error, "--host: a host needs a name, got ':2'");
}

TEST(Hosts, PlacementBySlotInOrder) {
  std::string error;
  std::vector<HostSlots> hosts = parseHostList("a:2,b,c:4", error);
  ASSERT_EQ(error, "");
  std::vector<std::string> placed = placeRanks(hosts, 5, error);
  ASSERT_EQ(error, "");
  EXPECT_EQ(placed, (std::vector<std::string>{"a", "a", "b", "c", "c"}));
  EXPECT_EQ(describePlacement(placed), "NPU 0-1 on a, NPU 2 on b, NPU 3-4 on c");
  EXPECT_TRUE(placeRanks(hosts, 8, error).empty());
  EXPECT_EQ(error, "the hosts give 7 slots for 8 ranks (NPU r runs on slot "
                   "r, one rank a slot)");
}

} // namespace
