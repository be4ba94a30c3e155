//===- NodeGroups.h - The nodes and rails of a network ----------*- C++ -*-===//
//
// Hierarchical collectives (NCCL's, Open MPI's HAN) need to know which NPUs
// share a node and which NPUs of different nodes form a rail (the same
// local index in each node). A `topo.dims` product says it: dimension 0 is
// the node, the higher dimensions join nodes. Any other network says it by
// its bandwidths when NPUs fall into groups joined by links at least
// kNodeBandwidthGap times as fast as the others (NVLink inside a node, NICs
// between): the bandwidths of linked pairs (parallel links add up; NPUs on
// one switch are a pair at the slower of their ports) are split at the
// widest such gap. Private to the Synthesis library.
//
//===----------------------------------------------------------------------===//

#ifndef TACOS_LIB_SYNTHESIS_NODEGROUPS_H
#define TACOS_LIB_SYNTHESIS_NODEGROUPS_H

#include "tacos/Network/Network.h"

#include <cstdint>
#include <string>
#include <vector>

namespace tacos {

/// How much faster links inside a node must be than the others.
inline constexpr double kNodeBandwidthGap = 2.0;
/// A switch with more ports joins nodes, not the NPUs of one node.
inline constexpr size_t kNodeSwitchPorts = 256;

struct NodeGroups {
  /// nodes[n][l]: the rank of local index l in node n. Nodes in order of
  /// their lowest NPU, local indices ascending; every node has the same.
  std::vector<std::vector<uint32_t>> nodes;
  /// The node and local index of every rank.
  std::vector<uint32_t> nodeOf, localOf;
};

/// The nodes of `participants` (NPU ids in rank order) on `network`, or why
/// there are none: the network has no node structure, the participants
/// fill fewer than two nodes or fewer than two NPUs of some node, or nodes
/// hold different local indices (then there are no rails).
std::string findNodeGroups(const Network &network,
                           const std::vector<uint32_t> &participants,
                           NodeGroups &groups);

} // namespace tacos

#endif // TACOS_LIB_SYNTHESIS_NODEGROUPS_H
