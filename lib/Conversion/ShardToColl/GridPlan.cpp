//===- GridPlan.cpp - One verified algorithm per device group -------------===//
//
// See GridPlan.h: groups from the grid, one synthesis per group on the
// placed NPUs, the schedule relabelled from NPUs to ranks, and the list of
// groups each rank runs.
//
//===----------------------------------------------------------------------===//

#include "tacos/Conversion/GridPlan.h"
#include "tacos/Execution/GridGroups.h"

#include <algorithm>

namespace tacos {

std::optional<std::vector<uint32_t>>
resolvePlacement(const std::vector<int64_t> &placement, uint64_t devices,
                 uint32_t npus, std::string &error) {
  if (devices != npus) {
    error = "the grid has " + std::to_string(devices) +
            " devices but the network has " + std::to_string(npus) +
            " NPUs; every device needs an NPU of its own and every NPU a "
            "process";
    return std::nullopt;
  }
  std::vector<uint32_t> result(devices);
  if (placement.empty()) {
    for (uint32_t d = 0; d < devices; ++d)
      result[d] = d;
    return result;
  }
  if (placement.size() != devices) {
    error = "the placement lists " + std::to_string(placement.size()) +
            " NPUs for " + std::to_string(devices) + " devices";
    return std::nullopt;
  }
  std::vector<bool> taken(npus, false);
  for (size_t d = 0; d < devices; ++d) {
    int64_t npu = placement[d];
    if (npu < 0 || npu >= int64_t(npus) || taken[npu]) {
      error = "the placement puts device " + std::to_string(d) + " on NPU " +
              std::to_string(npu) +
              (npu < 0 || npu >= int64_t(npus)
                   ? ", which the network does not have"
                   : ", which another device already has");
      return std::nullopt;
    }
    taken[npu] = true;
    result[d] = uint32_t(npu);
  }
  return result;
}

/// The group's request on the NPUs (for synthesis) or on the ranks (for
/// execution): the same collective with the members and root renamed.
static CollectiveSpec groupSpec(const GridCollectiveRequest &request,
                                const std::vector<uint32_t> &members,
                                std::optional<uint32_t> rootPosition,
                                const std::vector<uint32_t> &rename) {
  CollectiveSpec spec;
  spec.kind = request.kind;
  for (uint32_t device : members)
    spec.group.push_back(rename[device]);
  if (rootPosition)
    spec.root = spec.group[*rootPosition];
  spec.sizeBytes = int64_t(request.elements * request.elementBytes);
  spec.chunksPerRank = request.chunks;
  return spec;
}

static std::string describeGroup(const std::vector<uint32_t> &members,
                                 const std::vector<uint32_t> &placement) {
  std::string text = "devices [";
  for (size_t i = 0; i < members.size(); ++i)
    text += (i ? ", " : "") + std::to_string(members[i]);
  text += "] on NPUs [";
  for (size_t i = 0; i < members.size(); ++i)
    text += (i ? ", " : "") + std::to_string(placement[members[i]]);
  return text + "]";
}

std::optional<GridCollectivePlan>
planGridCollective(const Network &network,
                   const std::vector<uint32_t> &placement,
                   const GridCollectiveRequest &request,
                   const AlgorithmOptions &options, std::string &error) {
  std::optional<exec::DeviceGroups> groups =
      exec::deviceGroups(request.gridShape, request.axes, error);
  if (!groups)
    return std::nullopt;
  std::optional<uint32_t> rootPosition;
  if (hasRoot(request.kind)) {
    rootPosition = exec::inGroupPosition(request.gridShape, request.axes,
                                         request.root, error);
    if (!rootPosition)
      return std::nullopt;
  }
  uint32_t numRanks = uint32_t(placement.size());
  std::vector<uint32_t> identity(numRanks), rankOfNpu(numRanks);
  for (uint32_t r = 0; r < numRanks; ++r) {
    identity[r] = r;
    rankOfNpu[placement[r]] = r;
  }

  // Switches stay nodes (transfers routed through them) unless the
  // algorithm needs point-to-point links; unwinding keeps the NPU ids.
  std::optional<Network> unwound;
  const Network *onNetwork =
      synthesisNetwork(network, options.algorithm, unwound, error);
  if (!onNetwork)
    return std::nullopt;

  GridCollectivePlan plan;
  plan.runs.resize(numRanks);
  for (uint32_t g = 0; g < groups->groups.size(); ++g) {
    const std::vector<uint32_t> &members = groups->groups[g];
    CollectiveSpec onRanks =
        groupSpec(request, members, rootPosition, identity);
    GridGroupPlan group;
    group.shape = exec::CallShape::of(onRanks, numRanks);
    // Every piece holds at least one element, and All-to-All's blocks
    // have one length at the sender and the receiver.
    uint32_t pieces = group.shape.numPieces();
    if (request.elements < pieces) {
      error = std::to_string(request.elements) +
              " elements cannot be split into " + std::to_string(pieces) +
              " pieces (" + std::to_string(members.size()) +
              " participants, chunks " + std::to_string(request.chunks) + ")";
      return std::nullopt;
    }
    if (std::string split = exec::checkElements(group.shape, request.elements);
        !split.empty()) {
      error = split;
      return std::nullopt;
    }
    // A group of one has nothing to send: its function only copies.
    if (members.size() > 1) {
      CollectiveSpec onNpus =
          groupSpec(request, members, rootPosition, placement);
      AlgorithmResult result = synthesize(*onNetwork, onNpus, options);
      if (!result.error.empty()) {
        error = "group of " + describeGroup(members, placement) + ": " +
                result.error;
        return std::nullopt;
      }
      ScheduleView view = result.schedule.view();
      group.schedule.reserve(view.size());
      for (size_t i = 0; i < view.size(); ++i) {
        Transfer t = view[i];
        t.src = rankOfNpu[t.src];
        t.dst = rankOfNpu[t.dst];
        // Switches are no ranks: a route keeps its switches' node ids.
        t.route = group.schedule.adoptRoute(view.routes(), t.route);
        group.schedule.push_back(t);
      }
      group.timePs = result.timePs;
    }
    // Members and relays run the group's function.
    std::vector<bool> involved(numRanks, false);
    for (uint32_t device : members)
      involved[device] = true;
    ScheduleView view = group.schedule.view();
    for (size_t i = 0; i < view.size(); ++i) {
      involved[view[i].src] = true;
      involved[view[i].dst] = true;
    }
    for (uint32_t r = 0; r < numRanks; ++r)
      if (involved[r])
        plan.runs[r].push_back(g);
    plan.groups.push_back(std::move(group));
  }
  return plan;
}

} // namespace tacos
