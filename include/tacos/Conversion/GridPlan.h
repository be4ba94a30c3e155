//===- GridPlan.h - One verified algorithm per device group -----*- C++ -*-===//
//
// The planning half of the shard bridge (tacos-lower-shard-collectives,
// docs/Shard.md), without MLIR: a collective over some axes of a device
// grid becomes one synthesized, verified algorithm per device group, put in
// the executable back end's terms (rank space, exec::CallShape), plus what
// each rank runs.
//
// Ranks and NPUs. MPI rank r is grid device r (as upstream's shard-to-mpi
// assumes); the placement puts device d on NPU placement[d] of the network.
// Algorithms are synthesized on NPUs and relabelled to ranks, so a
// convert-coll-to-mpi function built from a group plan (where "rank r is NPU
// r") is right for every placement.
//
// Who runs what. Groups run at once, each rank in its own group's function.
// A schedule may relay through an NPU outside its group; that rank must then
// run the group's function too. Every rank runs the functions of the groups
// that involve it in increasing group order; each function completes once
// every rank it involves has reached it (it cannot deadlock on its own), so
// by induction over the group index every rank finishes every call.
//
//===----------------------------------------------------------------------===//

#ifndef TACOS_CONVERSION_GRIDPLAN_H
#define TACOS_CONVERSION_GRIDPLAN_H

#include "tacos/Collective/Collective.h"
#include "tacos/Collective/Schedule.h"
#include "tacos/Execution/RankProgram.h"
#include "tacos/Network/Network.h"
#include "tacos/Synthesis/Algorithms.h"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace tacos {

/// One collective over some axes of a grid.
struct GridCollectiveRequest {
  CollectiveKind kind = CollectiveKind::AllReduce;
  std::vector<int64_t> gridShape;
  std::vector<int64_t> axes;
  /// Rooted collectives: the root's in-group index (one per axis).
  std::vector<int64_t> root;
  /// E, the element count of the request's `size` buffer
  /// (docs/CollToMPI.md), and the bytes of one element.
  uint64_t elements = 0;
  uint64_t elementBytes = 4;
  uint32_t chunks = 1;
};

/// One group's algorithm, in rank space.
struct GridGroupPlan {
  exec::CallShape shape;
  /// Transfers between ranks; verified (on the NPUs) by the synthesizer.
  Schedule schedule;
  int64_t timePs = 0;
};

struct GridCollectivePlan {
  std::vector<GridGroupPlan> groups;
  /// For each rank: the groups whose functions it runs, in increasing
  /// order (its own group and any it relays for).
  std::vector<std::vector<uint32_t>> runs;
};

/// Checks that `placement` maps `devices` grid devices one to one onto the
/// network's `npus` NPUs (empty: device d on NPU d). Returns the placement
/// to use, or nothing (message).
std::optional<std::vector<uint32_t>>
resolvePlacement(const std::vector<int64_t> &placement, uint64_t devices,
                 uint32_t npus, std::string &error);

/// Synthesizes (with `options`) and verifies one algorithm per group of the
/// request. Fails (message) on invalid axes or root, an element count the
/// collective cannot split, or a synthesis failure (naming the group's
/// NPUs).
std::optional<GridCollectivePlan>
planGridCollective(const Network &network,
                   const std::vector<uint32_t> &placement,
                   const GridCollectiveRequest &request,
                   const AlgorithmOptions &options, std::string &error);

} // namespace tacos

#endif // TACOS_CONVERSION_GRIDPLAN_H
