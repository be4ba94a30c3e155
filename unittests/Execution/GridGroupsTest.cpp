//===- GridGroupsTest.cpp - shard's device groups as plain data -----------===//
//
// The groups and in-group order of `grid_axes` (GridGroups.h) on grids where
// they can be written down by hand: row-major device numbering, groups in
// the order of their first device, positions in the listed axes' order.
//
//===----------------------------------------------------------------------===//

#include "tacos/Execution/GridGroups.h"

#include <gtest/gtest.h>

using namespace tacos::exec;

namespace {

using Groups = std::vector<std::vector<uint32_t>>;

Groups groupsOf(const std::vector<int64_t> &shape,
                const std::vector<int64_t> &axes) {
  std::string error;
  std::optional<DeviceGroups> groups = deviceGroups(shape, axes, error);
  EXPECT_TRUE(groups) << error;
  if (!groups)
    return {};
  // groupOf and positionOf agree with the lists.
  for (uint32_t g = 0; g < groups->groups.size(); ++g)
    for (uint32_t p = 0; p < groups->groups[g].size(); ++p) {
      uint32_t device = groups->groups[g][p];
      EXPECT_EQ(groups->groupOf[device], g);
      EXPECT_EQ(groups->positionOf[device], p);
    }
  return groups->groups;
}

TEST(GridGroups, OneAxisOfTwoByFour) {
  EXPECT_EQ(groupsOf({2, 4}, {1}), (Groups{{0, 1, 2, 3}, {4, 5, 6, 7}}));
  EXPECT_EQ(groupsOf({2, 4}, {0}), (Groups{{0, 4}, {1, 5}, {2, 6}, {3, 7}}));
}

TEST(GridGroups, ListedOrderSetsPositions) {
  EXPECT_EQ(groupsOf({2, 4}, {0, 1}), (Groups{{0, 1, 2, 3, 4, 5, 6, 7}}));
  // Axis 0 fastest: (0,0) (1,0) (0,1) (1,1) ...
  EXPECT_EQ(groupsOf({2, 4}, {1, 0}), (Groups{{0, 4, 1, 5, 2, 6, 3, 7}}));
  // Shape 2x3x2, devices 6a + 2b + c; axes [2, 0]: position 2c + a.
  EXPECT_EQ(groupsOf({2, 3, 2}, {2, 0}),
            (Groups{{0, 6, 1, 7}, {2, 8, 3, 9}, {4, 10, 5, 11}}));
}

TEST(GridGroups, NoAxesMakesSingletons) {
  EXPECT_EQ(groupsOf({2, 2}, {}), (Groups{{0}, {1}, {2}, {3}}));
}

TEST(GridGroups, RefusesBadAxesAndExtents) {
  std::string error;
  EXPECT_FALSE(deviceGroups({2, 4}, {1, 1}, error));
  EXPECT_EQ(error, "grid axis 1 is listed twice");
  EXPECT_FALSE(deviceGroups({2, 4}, {2}, error));
  EXPECT_EQ(error, "grid axis 2 is out of range");
  EXPECT_FALSE(deviceGroups({2, 0}, {0}, error));
  EXPECT_EQ(error, "grid extents must be static and positive");
}

TEST(GridGroups, RefusesADeviceCountThatWouldWrap) {
  // 4 x (2^62 + 1) = 2^64 + 4, which 64-bit arithmetic wraps to 4.
  std::string error;
  EXPECT_FALSE(deviceGroups({4, (int64_t(1) << 62) + 1}, {0}, error));
  EXPECT_EQ(error, "the grid has more than 2^32 - 1 devices");
}

TEST(GridGroups, InGroupPositionLinearizesTheListedAxes) {
  std::string error;
  EXPECT_EQ(inGroupPosition({2, 4}, {1}, {3}, error), 3u);
  EXPECT_EQ(inGroupPosition({2, 4}, {1, 0}, {3, 1}, error), 7u);
  EXPECT_FALSE(inGroupPosition({2, 4}, {1}, {4}, error));
  EXPECT_EQ(error, "in-group coordinate 4 is outside grid axis 1 of extent 4");
  EXPECT_FALSE(inGroupPosition({2, 4}, {1}, {0, 0}, error));
}

} // namespace
