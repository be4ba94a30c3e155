//===- GridPlanTest.cpp - One verified algorithm per device group ---------===//
//
// planGridCollective (Conversion/GridPlan.h) on a network where the
// placement decides whether a group's algorithm relays through another
// group: the path 0 - 2 - 1 - 3 with a 2x2 grid over axis 1; and on a
// switch network, where a group's transfers are routed through switches.
//
//===----------------------------------------------------------------------===//

#include "tacos/Conversion/GridPlan.h"

#include <gtest/gtest.h>

#include <algorithm>

using namespace tacos;

namespace {

Network path0213() {
  NetworkBuilder builder(4);
  LinkSpec link{50e9, 1000000, ""};
  for (auto [a, b] : {std::pair{0, 2}, {2, 1}, {1, 3}}) {
    builder.addLink(a, b, link);
    builder.addLink(b, a, link);
  }
  return builder.build();
}

GridCollectiveRequest allGatherOverAxis1() {
  GridCollectiveRequest request;
  request.kind = CollectiveKind::AllGather;
  request.gridShape = {2, 2};
  request.axes = {1};
  request.elements = 8;
  return request;
}

GridCollectivePlan plan(const std::vector<uint32_t> &placement,
                        const GridCollectiveRequest &request) {
  std::string error;
  std::optional<GridCollectivePlan> result =
      planGridCollective(path0213(), placement, request, {}, error);
  EXPECT_TRUE(result) << error;
  return result ? std::move(*result) : GridCollectivePlan{};
}

using Runs = std::vector<std::vector<uint32_t>>;

TEST(GridPlan, RelaysRunTheirGroupsFunctionsInOrder) {
  GridCollectivePlan p = plan({0, 1, 2, 3}, allGatherOverAxis1());
  ASSERT_EQ(p.groups.size(), 2u);
  EXPECT_EQ(p.groups[0].shape.participants, (std::vector<uint32_t>{0, 1}));
  EXPECT_EQ(p.groups[1].shape.participants, (std::vector<uint32_t>{2, 3}));
  // Group 0 (NPUs 0, 1) goes through NPU 2, group 1 (NPUs 2, 3) through 1.
  EXPECT_EQ(p.runs, (Runs{{0}, {0, 1}, {0, 1}, {1}}));
}

TEST(GridPlan, SchedulesAreRelabelledToRanks) {
  // Devices 0, 1 on NPUs 0, 2 and 2, 3 on NPUs 1, 3: each group is a link.
  GridCollectivePlan p = plan({0, 2, 1, 3}, allGatherOverAxis1());
  EXPECT_EQ(p.runs, (Runs{{0}, {0}, {1}, {1}}));
  for (uint32_t g = 0; g < 2; ++g) {
    ScheduleView view = p.groups[g].schedule.view();
    ASSERT_EQ(view.size(), 2u);
    for (size_t i = 0; i < view.size(); ++i) {
      EXPECT_EQ(view[i].src / 2, g);
      EXPECT_EQ(view[i].dst / 2, g);
    }
  }
}

/// Two nodes of two NPUs, an NVSwitch per node (node ids 4, 5) and every
/// NPU on one IB switch (node id 6).
Network twoNodes() {
  NetworkBuilder builder(4);
  LinkSpec nvlink{100e9, 500000, ""}, ib{25e9, 2000000, ""};
  NodeId nvs0 = builder.addSwitch("nvs0", {0, 1});
  NodeId nvs1 = builder.addSwitch("nvs1", {2, 3});
  NodeId ibSwitch = builder.addSwitch("ib", {0, 1, 2, 3});
  for (auto [npu, nvs] : {std::pair{0u, nvs0}, {1u, nvs0}, {2u, nvs1},
                          {3u, nvs1}}) {
    builder.addLink(npu, nvs, nvlink);
    builder.addLink(nvs, npu, nvlink);
    builder.addLink(npu, ibSwitch, ib);
    builder.addLink(ibSwitch, npu, ib);
  }
  return builder.build();
}

/// The switches of each transfer's route, in rank space.
std::vector<std::vector<NodeId>> routesOf(const GridGroupPlan &group) {
  ScheduleView view = group.schedule.view();
  std::vector<std::vector<NodeId>> routes;
  for (size_t i = 0; i < view.size(); ++i) {
    uint16_t route = view.route(i);
    if (!route) {
      routes.push_back({});
      continue;
    }
    RouteSwitches switches = view.routes().switches(route);
    routes.emplace_back(switches.begin(), switches.end());
  }
  return routes;
}

// On switches as nodes each group's transfers go through a switch, and
// keep their routes once relabelled to ranks (switches are not ranks).
// Within a node, each group's two transfers go through its NVSwitch (node
// ids 4 and 5) and no other rank relays.
TEST(GridPlan, SwitchRoutesSurviveTheRelabelling) {
  std::string error;
  std::optional<GridCollectivePlan> p = planGridCollective(
      twoNodes(), {0, 1, 2, 3}, allGatherOverAxis1(), {}, error);
  ASSERT_TRUE(p) << error;
  EXPECT_EQ(p->runs, (Runs{{0}, {0}, {1}, {1}}));
  ASSERT_EQ(p->groups.size(), 2u);
  for (uint32_t g = 0; g < 2; ++g) {
    ScheduleView view = p->groups[g].schedule.view();
    ASSERT_EQ(view.size(), 2u);
    EXPECT_TRUE(view.hasRoutes());
    std::vector<NodeId> via = {4 + g};
    EXPECT_EQ(routesOf(p->groups[g]),
              (std::vector<std::vector<NodeId>>{via, via}));
    for (size_t i = 0; i < view.size(); ++i) {
      EXPECT_EQ(view[i].src / 2, g);
      EXPECT_EQ(view[i].dst / 2, g);
    }
  }

  // Each group across the nodes (devices 0, 1 on NPUs 0, 2): its pieces
  // cross through the IB switch (node id 6), every transfer routed.
  p = planGridCollective(twoNodes(), {0, 2, 1, 3}, allGatherOverAxis1(), {},
                         error);
  ASSERT_TRUE(p) << error;
  for (const GridGroupPlan &group : p->groups) {
    std::vector<std::vector<NodeId>> routes = routesOf(group);
    ASSERT_FALSE(routes.empty());
    for (const std::vector<NodeId> &route : routes)
      EXPECT_EQ(route.size(), 1u);
    EXPECT_TRUE(std::count(routes.begin(), routes.end(),
                           std::vector<NodeId>{6}));
  }
}

// exact needs point-to-point links: the plan unwinds the switches for it
// (as tacos-pipeline does), so its transfers name no route.
TEST(GridPlan, ExactRunsOnTheUnwoundSwitches) {
  AlgorithmOptions exact;
  exact.algorithm = Algorithm::Exact;
  std::string error;
  std::optional<GridCollectivePlan> p = planGridCollective(
      twoNodes(), {0, 1, 2, 3}, allGatherOverAxis1(), exact, error);
  ASSERT_TRUE(p) << error;
  EXPECT_EQ(p->runs, (Runs{{0}, {0}, {1}, {1}}));
  for (const GridGroupPlan &group : p->groups) {
    EXPECT_EQ(group.schedule.view().size(), 2u);
    EXPECT_FALSE(group.schedule.view().hasRoutes());
  }
}

TEST(GridPlan, RootIsTheInGroupIndex) {
  GridCollectiveRequest request = allGatherOverAxis1();
  request.kind = CollectiveKind::Broadcast;
  request.root = {1};
  GridCollectivePlan p = plan({0, 2, 1, 3}, request);
  EXPECT_EQ(p.groups[0].shape.root, 1u);
  EXPECT_EQ(p.groups[1].shape.root, 3u);
}

TEST(GridPlan, RefusesWhatCannotSplit) {
  GridCollectiveRequest request = allGatherOverAxis1();
  request.elements = 1;
  std::string error;
  EXPECT_FALSE(
      planGridCollective(path0213(), {0, 1, 2, 3}, request, {}, error));
  EXPECT_EQ(error, "1 elements cannot be split into 2 pieces (2 participants, "
                   "chunks 1)");
}

TEST(GridPlan, PlacementMustBeAPermutation) {
  std::string error;
  EXPECT_EQ(resolvePlacement({}, 4, 4, error),
            (std::vector<uint32_t>{0, 1, 2, 3}));
  EXPECT_FALSE(resolvePlacement({}, 8, 4, error));
  EXPECT_FALSE(resolvePlacement({0, 1, 2, 4}, 4, 4, error));
  EXPECT_EQ(error, "the placement puts device 3 on NPU 4, which the network "
                   "does not have");
}

} // namespace
