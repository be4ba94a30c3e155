//===- BaselineBuilder.cpp - Baselines on ranks, mapped onto NPUs ---------===//

#include "BaselineBuilder.h"

#include <algorithm>

namespace tacos {

//===----------------------------------------------------------------------===//
// Router
//===----------------------------------------------------------------------===//

const Router::Tree &Router::from(NodeId source, bool throughSwitchesOnly) {
  auto &cache = throughSwitchesOnly ? switchTrees : trees;
  auto it = cache.find(source);
  if (it == cache.end())
    it = cache.emplace(source, search(source, throughSwitchesOnly)).first;
  return it->second;
}

bool Router::adjacent(NodeId a, NodeId b) {
  return network.numSwitches() == 0 ? hops(a, b) == 1
                                    : from(a, true).parent[b] >= 0;
}

bool Router::route(NodeId a, NodeId b, std::vector<NodeId> &path) {
  const std::vector<int32_t> *parents = &from(a, false).parent;
  if (network.numSwitches() > 0 && from(a, true).parent[b] >= 0)
    parents = &from(a, true).parent;
  const std::vector<int32_t> &parent = *parents;
  path.clear();
  if (parent[b] < 0)
    return false;
  for (NodeId v = b; v != a; v = NodeId(parent[v]))
    path.push_back(v);
  path.push_back(a);
  std::reverse(path.begin(), path.end());
  return true;
}

int32_t Router::hops(NodeId a, NodeId b) { return from(a, false).hops[b]; }

/// Breadth-first, one layer at a time. Within a layer every node's best
/// path has the same length, so comparing two paths to a node's
/// predecessors lexicographically is comparing the predecessors' positions
/// in their layer's lexicographic order, which each layer computes for the
/// next by sorting on (parent's position, node id).
Router::Tree Router::search(NodeId source, bool throughSwitchesOnly) const {
  uint32_t n = network.numNodes();
  Tree tree;
  std::vector<int32_t> &parent = tree.parent, &hops = tree.hops;
  parent.assign(n, -1);
  hops.assign(n, -1);
  std::vector<int64_t> latency(n, 0);
  std::vector<uint32_t> position(n, 0);
  parent[source] = int32_t(source);
  hops[source] = 0;
  std::vector<NodeId> layer{source}, next;
  while (!layer.empty()) {
    next.clear();
    for (NodeId u : layer) {
      if (throughSwitchesOnly && u != source && !network.isSwitch(u))
        continue;
      // Only lane 0 counts: it is the link the transfers will use.
      std::optional<NodeId> previous;
      for (LinkId l : network.outLinks(u)) {
        NodeId v = network.dst(l);
        if (v == previous)
          continue;
        previous = v;
        int64_t lat = latency[u] + network.latency(l);
        if (hops[v] < 0) {
          hops[v] = hops[u] + 1;
          next.push_back(v);
        } else if (hops[v] != hops[u] + 1 ||
                   std::make_pair(lat, position[u]) >=
                       std::make_pair(latency[v], position[parent[v]])) {
          continue;
        }
        parent[v] = int32_t(u);
        latency[v] = lat;
      }
    }
    std::sort(next.begin(), next.end(), [&](NodeId x, NodeId y) {
      return std::make_pair(position[parent[x]], x) <
             std::make_pair(position[parent[y]], y);
    });
    for (uint32_t i = 0; i < next.size(); ++i)
      position[next[i]] = i;
    std::swap(layer, next);
  }
  return tree;
}

std::vector<size_t> segmentsOf(const Network &network,
                               const std::vector<NodeId> &path) {
  std::vector<size_t> npus;
  for (size_t i = 0; i < path.size(); ++i)
    if (!network.isSwitch(path[i]))
      npus.push_back(i);
  return npus;
}

//===----------------------------------------------------------------------===//
// Builder
//===----------------------------------------------------------------------===//

Builder::Builder(const Network &network, CollectiveKind kind,
                 const Problem &problem)
    : problem(problem), kind(kind), router(network),
      numRanks(uint32_t(problem.participants.size())) {}

std::string Builder::init() {
  if (numRanks == 0)
    return "the collective has no participants";
  uint64_t g = numRanks;
  uint64_t blocks;
  // The layout is the dual's: Reduce's is Broadcast's, Reduce-Scatter's
  // and All-Reduce's All-Gather's.
  switch (problem.kind) {
  case CollectiveKind::Broadcast:
    blocks = 1;
    break;
  case CollectiveKind::AllToAll:
    blocks = g * g;
    break;
  case CollectiveKind::AllGather:
  case CollectiveKind::Scatter:
  case CollectiveKind::Gather:
  case CollectiveKind::ReduceScatter:
  case CollectiveKind::AllReduce:
  case CollectiveKind::Reduce:
    blocks = g;
    break;
  }
  if (problem.numChunks() == 0 || problem.numChunks() % blocks != 0)
    return "a " + std::string(collectiveName(problem.kind)) + " of " +
           std::to_string(g) + " participants cannot have " +
           std::to_string(problem.numChunks()) + " chunks";
  blockSize = uint32_t(problem.numChunks() / blocks);
  NodeId root = problem.root.value_or(problem.participants[0]);
  auto it = std::find(problem.participants.begin(),
                      problem.participants.end(), root);
  if (it == problem.participants.end())
    return "the root npu " + std::to_string(root) + " is not a participant";
  rootRank = uint32_t(it - problem.participants.begin());
  return "";
}

std::optional<uint32_t> Builder::block(uint32_t s, uint32_t d) const {
  switch (kind) {
  case CollectiveKind::AllGather:
    return s * blockSize;
  case CollectiveKind::ReduceScatter:
  case CollectiveKind::AllReduce:
    return d * blockSize;
  case CollectiveKind::Broadcast:
    if (s == rootRank)
      return 0;
    break;
  case CollectiveKind::Reduce:
    if (d == rootRank)
      return 0;
    break;
  case CollectiveKind::Scatter:
    if (s == rootRank)
      return d * blockSize;
    break;
  case CollectiveKind::Gather:
    if (d == rootRank)
      return s * blockSize;
    break;
  case CollectiveKind::AllToAll:
    return uint32_t((uint64_t(s) * numRanks + d) * blockSize);
  }
  return std::nullopt;
}

void Builder::send(uint32_t first, uint32_t count, uint32_t a, uint32_t b,
                   TransferKind hopKind) {
  if (!error.empty() || a == b)
    return;
  NodeId from = npu(a), to = npu(b);
  if (!router.route(from, to, path)) {
    error = "npu " + std::to_string(from) + " cannot reach npu " +
            std::to_string(to);
    return;
  }
  std::vector<size_t> segments = segmentsOf(router.network, path);
  std::vector<uint16_t> segmentRoutes(segments.size(), 0);
  for (size_t s = 0; s + 1 < segments.size(); ++s) {
    if (segments[s + 1] == segments[s] + 1)
      continue;
    std::vector<uint32_t> switches(path.begin() + segments[s] + 1,
                                   path.begin() + segments[s + 1]);
    std::optional<uint16_t> id = routes.intern(switches);
    if (!id) {
      error = "the baseline needs more than " +
              std::to_string(RouteTable::kMaxRoutes) +
              " routes through switches";
      return;
    }
    segmentRoutes[s] = *id;
  }
  for (uint32_t c = first; c < first + count; ++c)
    for (size_t s = 0; s + 1 < segments.size(); ++s)
      hops.push_back({c, path[segments[s]], path[segments[s + 1]], hopKind,
                      segmentRoutes[s]});
}

void Builder::setReductionRoot(uint32_t chunk, uint32_t rank) {
  if (reductionRoots.empty()) {
    reductionRoots.resize(problem.numChunks());
    for (uint32_t c = 0; c < problem.numChunks(); ++c)
      reductionRoots[c] = kind == CollectiveKind::Reduce
                              ? npu(rootRank)
                              : npu(c / blockSize);
  }
  reductionRoots[chunk] = npu(rank);
}

std::vector<char> Builder::foldHops() const {
  uint32_t numChunks = problem.numChunks();
  auto rootOf = [&](uint32_t c) {
    if (!reductionRoots.empty())
      return reductionRoots[c];
    return kind == CollectiveKind::Reduce ? npu(rootRank)
                                          : npu(c / blockSize);
  };
  // The hops of each chunk, in emission order (a stable counting sort).
  std::vector<size_t> offsets(numChunks + 1, 0), order(hops.size());
  for (const Hop &h : hops)
    ++offsets[h.chunk + 1];
  for (uint32_t c = 0; c < numChunks; ++c)
    offsets[c + 1] += offsets[c];
  std::vector<size_t> next(offsets.begin(), offsets.end() - 1);
  for (size_t i = 0; i < hops.size(); ++i)
    order[next[hops[i].chunk]++] = i;

  std::vector<char> keep(hops.size(), 0);
  // Per node, the chunk it last sent a reduce of (seen backwards), last
  // held a share of (seen forwards) and last received a copy of: stamps,
  // so nothing is cleared between chunks.
  uint32_t numNodes = router.network.numNodes();
  std::vector<int64_t> sent(numNodes, -1), holds(numNodes, -1),
      copied(numNodes, -1);
  for (uint32_t c = 0; c < numChunks; ++c) {
    NodeId root = rootOf(c);
    for (size_t j = offsets[c + 1]; j-- > offsets[c];) {
      const Hop &h = hops[order[j]];
      if (h.kind != TransferKind::Reduce || h.src == root ||
          sent[h.src] == c)
        continue;
      sent[h.src] = c;
      keep[order[j]] = 1;
    }
    // An NPU outside the group that relays holds a share only if a kept
    // reduce brings one: the others send nothing. A kept hop comes after
    // every kept hop into its source, so one pass in order settles it.
    for (uint32_t v : problem.participants)
      holds[v] = c;
    for (size_t j = offsets[c]; j < offsets[c + 1]; ++j) {
      const Hop &h = hops[order[j]];
      if (!keep[order[j]])
        continue;
      if (holds[h.src] == c)
        holds[h.dst] = c;
      else
        keep[order[j]] = 0;
    }
    for (size_t j = offsets[c]; j < offsets[c + 1]; ++j) {
      const Hop &h = hops[order[j]];
      if (h.kind != TransferKind::Copy || h.dst == root || copied[h.dst] == c)
        continue;
      copied[h.dst] = c;
      keep[order[j]] = 1;
    }
  }
  return keep;
}

Schedule Builder::finish() {
  std::vector<char> keep;
  if (combining())
    keep = foldHops();
  Schedule schedule;
  size_t kept = keep.empty() ? hops.size()
                             : size_t(std::count(keep.begin(), keep.end(), 1));
  schedule.reserve(kept);
  schedule.routes() = std::move(routes);
  for (size_t i = 0; i < hops.size(); ++i)
    if (keep.empty() || keep[i])
      schedule.push_back({hops[i].chunk, hops[i].src, hops[i].dst, 0,
                          hops[i].kind, 0, 0, hops[i].route});
  hops = {};
  return schedule;
}

} // namespace tacos
