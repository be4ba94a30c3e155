//===- Baselines.cpp - Classic collective algorithms ----------------------===//
//
// Every baseline is written on ranks. A Builder maps each rank-to-rank send
// onto a shortest physical path and appends one transfer per hop. The
// simulator takes a zero-time schedule in index order, so the order in which
// the algorithms below emit sends *is* each link's order: they emit in
// rounds (or chunk by chunk where pipelining matters), and every send comes
// after the one that brings its chunk to its source.
//
//===----------------------------------------------------------------------===//

#include "tacos/Synthesis/Baselines.h"
#include "tacos/Simulation/Simulator.h"
#include "HopSample.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <optional>
#include <unordered_map>

namespace tacos {

const char *baselineName(Baseline baseline) {
  switch (baseline) {
  case Baseline::Ring:
    return "ring";
  case Baseline::Direct:
    return "direct";
  case Baseline::RHD:
    return "rhd";
  case Baseline::DBT:
    return "dbt";
  }
  return "unknown";
}

namespace {

/// Shortest paths by (hops, total latency, NPU id sequence), so that a
/// baseline is the same schedule on every run and every machine.
class Router {
public:
  explicit Router(const Network &network) : network(network) {}

  /// Sets `path` to the nodes from a to b, both included; false if b cannot
  /// be reached from a.
  bool route(NodeId a, NodeId b, std::vector<NodeId> &path) {
    auto it = parents.find(a);
    if (it == parents.end())
      it = parents.emplace(a, search(a)).first;
    const std::vector<int32_t> &parent = it->second;
    path.clear();
    if (parent[b] < 0)
      return false;
    for (NodeId v = b; v != a; v = NodeId(parent[v]))
      path.push_back(v);
    path.push_back(a);
    std::reverse(path.begin(), path.end());
    return true;
  }

private:
  /// Breadth-first, one layer at a time. Within a layer every node's best
  /// path has the same length, so comparing two paths to a node's
  /// predecessors lexicographically is comparing the predecessors' positions
  /// in their layer's lexicographic order, which each layer computes for the
  /// next by sorting on (parent's position, node id).
  std::vector<int32_t> search(NodeId source) const {
    uint32_t n = network.numNodes();
    std::vector<int32_t> parent(n, -1), hops(n, -1);
    std::vector<int64_t> latency(n, 0);
    std::vector<uint32_t> position(n, 0);
    parent[source] = int32_t(source);
    hops[source] = 0;
    std::vector<NodeId> layer{source}, next;
    while (!layer.empty()) {
      next.clear();
      for (NodeId u : layer) {
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
    return parent;
  }

  const Network &network;
  std::unordered_map<NodeId, std::vector<int32_t>> parents;
};

/// The problem seen as ranks and blocks, and the schedule being emitted.
/// A block is the `blockSize` consecutive chunks that one rank owns (or, for
/// All-to-All, that go from one rank to another); docs/Syntax.md, collective requests numbers them.
class Builder {
public:
  Builder(const Network &network, const Problem &problem)
      : problem(problem), router(network),
        numRanks(uint32_t(problem.participants.size())) {}

  /// Checks the chunk layout and finds the root; returns an error message.
  std::string init() {
    if (numRanks == 0)
      return "the collective has no participants";
    uint64_t g = numRanks;
    uint64_t blocks;
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
    // Combining problems do not reach baselines (their duals do).
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

  /// Rank r modulo the number of ranks (r may be negative).
  uint32_t wrap(int64_t r) const {
    int64_t g = numRanks;
    return uint32_t(((r % g) + g) % g);
  }

  /// First chunk of the block rank s sends to rank d, if the collective
  /// has one.
  std::optional<uint32_t> block(uint32_t s, uint32_t d) const {
    switch (problem.kind) {
    case CollectiveKind::AllGather:
      return s * blockSize;
    case CollectiveKind::Broadcast:
      if (s == rootRank)
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
    // Combining problems do not reach baselines (their duals do).
    case CollectiveKind::ReduceScatter:
    case CollectiveKind::AllReduce:
    case CollectiveKind::Reduce:
      break;
    }
    return std::nullopt;
  }

  /// Sends chunks [first, first + count) from rank a to rank b, chunk by
  /// chunk so that they pipeline along the path. The first unreachable pair
  /// becomes the error and silences all later sends.
  void send(uint32_t first, uint32_t count, uint32_t a, uint32_t b) {
    if (!error.empty() || a == b)
      return;
    NodeId from = problem.participants[a], to = problem.participants[b];
    if (!router.route(from, to, path)) {
      error = "npu " + std::to_string(from) + " cannot reach npu " +
              std::to_string(to);
      return;
    }
    for (uint32_t c = first; c < first + count; ++c)
      for (size_t h = 0; h + 1 < path.size(); ++h)
        schedule.push_back(
            {c, path[h], path[h + 1], 0, TransferKind::Copy, 0, 0});
  }
  void sendBlock(uint32_t first, uint32_t a, uint32_t b) {
    send(first, blockSize, a, b);
  }

  const Problem &problem;
  Router router;
  std::vector<NodeId> path;
  uint32_t numRanks, blockSize = 1, rootRank = 0;
  Schedule schedule;
  std::string error;
};

//===----------------------------------------------------------------------===//
// Ring
//===----------------------------------------------------------------------===//

void ring(Builder &b) {
  uint32_t g = b.numRanks, k = b.blockSize, root = b.rootRank;
  switch (b.problem.kind) {
  case CollectiveKind::AllGather:
    for (uint32_t step = 0; step + 1 < g; ++step)
      for (uint32_t r = 0; r < g; ++r)
        b.sendBlock(b.wrap(int64_t(r) - step) * k, r, b.wrap(r + 1));
    break;
  case CollectiveKind::Broadcast:
    for (uint32_t c = 0; c < k; ++c)
      for (uint32_t j = 0; j + 1 < g; ++j)
        b.send(c, 1, b.wrap(root + j), b.wrap(root + j + 1));
    break;
  case CollectiveKind::Scatter:
    // Farthest first, so every link of the ring is busy from the start.
    for (uint32_t j = g - 1; j >= 1; --j)
      for (uint32_t c = b.wrap(root + j) * k; c < b.wrap(root + j) * k + k;
           ++c)
        for (uint32_t h = 0; h < j; ++h)
          b.send(c, 1, b.wrap(root + h), b.wrap(root + h + 1));
    break;
  case CollectiveKind::Gather:
    // Scatter reversed in time: nearest first, against the ring.
    for (uint32_t j = 1; j < g; ++j)
      for (uint32_t c = b.wrap(root + j) * k; c < b.wrap(root + j) * k + k;
           ++c)
        for (uint32_t h = j; h >= 1; --h)
          b.send(c, 1, b.wrap(root + h), b.wrap(root + h - 1));
    break;
  case CollectiveKind::AllToAll:
    // Step h moves every block its h-th hop; each link's blocks are sent
    // farthest-bound first, so the ones travelling on are ahead of the one
    // that stops at the next rank.
    for (uint32_t h = 0; h + 1 < g; ++h)
      for (uint32_t s = 0; s < g; ++s)
        for (uint32_t dist = g - 1; dist > h; --dist)
          b.sendBlock(*b.block(s, b.wrap(s + dist)), b.wrap(s + h),
                      b.wrap(s + h + 1));
    break;
  // Combining problems do not reach baselines (their duals do).
  case CollectiveKind::ReduceScatter:
  case CollectiveKind::AllReduce:
  case CollectiveKind::Reduce:
    break;
  }
}

//===----------------------------------------------------------------------===//
// Direct
//===----------------------------------------------------------------------===//

/// In step j every rank sends to the rank j after it, so that the sends of a
/// step spread over the network instead of queueing at one NPU.
void direct(Builder &b) {
  for (uint32_t j = 1; j < b.numRanks; ++j)
    for (uint32_t s = 0; s < b.numRanks; ++s) {
      uint32_t d = b.wrap(s + j);
      if (std::optional<uint32_t> first = b.block(s, d))
        b.sendBlock(*first, s, d);
    }
}

//===----------------------------------------------------------------------===//
// Recursive halving-doubling
//===----------------------------------------------------------------------===//

/// Rooted collectives use ranks relative to the root by XOR, so that their
/// partners are the same hypercube neighbours as All-Gather's.
void rhd(Builder &b) {
  uint32_t g = b.numRanks, k = b.blockSize, root = b.rootRank;
  switch (b.problem.kind) {
  case CollectiveKind::AllGather:
    // Before the round with distance `bit`, rank r holds the blocks of the
    // ranks r ^ x, x < bit. Ascending x is the order they arrived in, so
    // the link never waits on a block while an earlier one is ready.
    for (uint32_t bit = 1; bit < g; bit <<= 1)
      for (uint32_t r = 0; r < g; ++r)
        for (uint32_t x = 0; x < bit; ++x)
          b.sendBlock((r ^ x) * k, r, r ^ bit);
    break;
  case CollectiveKind::Broadcast:
    for (uint32_t m = g / 2; m >= 1; m /= 2)
      for (uint32_t r = 0; r < g; ++r)
        if (((r ^ root) & (2 * m - 1)) == 0)
          b.sendBlock(0, r, r ^ m);
    break;
  case CollectiveKind::Scatter:
    // A holder at relative rank v owns the blocks of [v, v + 2m) and hands
    // the upper half to v + m.
    for (uint32_t m = g / 2; m >= 1; m /= 2)
      for (uint32_t r = 0; r < g; ++r) {
        uint32_t v = r ^ root;
        if ((v & (2 * m - 1)) == 0)
          for (uint32_t t = v + m; t < v + 2 * m; ++t)
            b.sendBlock((t ^ root) * k, r, r ^ m);
      }
    break;
  case CollectiveKind::Gather:
    for (uint32_t m = 1; m < g; m *= 2)
      for (uint32_t r = 0; r < g; ++r) {
        uint32_t v = r ^ root;
        if ((v & (2 * m - 1)) == m)
          for (uint32_t t = v; t < v + m; ++t)
            b.sendBlock((t ^ root) * k, r, r ^ m);
      }
    break;
  case CollectiveKind::AllToAll:
    // Before the round with distance `bit`, block (s, d) sits at the rank
    // with d's bits below `bit` and s's bits from `bit` up.
    for (uint32_t bit = 1; bit < g; bit <<= 1)
      for (uint32_t s = 0; s < g; ++s)
        for (uint32_t d = 0; d < g; ++d) {
          uint32_t holder = (s & ~(bit - 1)) | (d & (bit - 1));
          if ((holder ^ d) & bit)
            b.sendBlock(*b.block(s, d), holder, holder ^ bit);
        }
    break;
  // Combining problems do not reach baselines (their duals do).
  case CollectiveKind::ReduceScatter:
  case CollectiveKind::AllReduce:
  case CollectiveKind::Reduce:
    break;
  }
}

//===----------------------------------------------------------------------===//
// Double binary tree
//===----------------------------------------------------------------------===//

/// Parent of each of 0..n-1 in NCCL's in-order binary tree rooted at 0 (-1
/// for the root): odd ids are leaves, even ids are inner nodes.
std::vector<int32_t> ncclBinaryTree(uint32_t n) {
  std::vector<int32_t> parent(n, -1);
  for (uint64_t r = 1; r < n; ++r) {
    uint64_t bit = r & (~r + 1);
    uint64_t up = (r ^ bit) | (bit << 1);
    parent[r] = int32_t(up < n ? up : r ^ bit);
  }
  return parent;
}

struct Tree {
  /// Parent rank of every rank, -1 at the root.
  std::vector<int32_t> parent;
  /// (parent, child) rank pairs, parents before their children.
  std::vector<std::pair<uint32_t, uint32_t>> edges;
};

/// NCCL's two trees whose inner nodes are each other's leaves (the second
/// mirrors the first for an even count, shifts it by one for an odd one).
/// Rotating NCCL's trees so that both start at the root would give them the
/// same inner nodes; instead they span the ranks after the root, and the
/// root feeds both of their tops.
std::array<Tree, 2> doubleBinaryTree(uint32_t g, uint32_t root) {
  uint32_t m = g - 1;
  std::array<std::vector<int32_t>, 2> local{ncclBinaryTree(m),
                                            std::vector<int32_t>(m)};
  for (uint32_t i = 0; i < m; ++i) {
    uint32_t j = m % 2 == 0 ? m - 1 - i : (i + m - 1) % m;
    int32_t p = local[0][j];
    local[1][i] = p < 0                ? -1
                  : m % 2 == 0         ? int32_t(m - 1 - p)
                                       : int32_t((p + 1) % m);
  }
  std::array<Tree, 2> trees;
  for (int t = 0; t < 2; ++t) {
    Tree &tree = trees[t];
    tree.parent.assign(g, -1);
    std::vector<std::vector<uint32_t>> children(g);
    for (uint32_t i = 0; i < m; ++i) {
      uint32_t r = (root + 1 + i) % g;
      int32_t p = local[t][i];
      tree.parent[r] = int32_t(p < 0 ? root : (root + 1 + p) % g);
      children[tree.parent[r]].push_back(r);
    }
    std::vector<uint32_t> queue{root};
    for (size_t q = 0; q < queue.size(); ++q)
      for (uint32_t c : children[queue[q]]) {
        tree.edges.push_back({queue[q], c});
        queue.push_back(c);
      }
  }
  return trees;
}

/// Sends `chunk` down `tree` from the root to every rank not marked in
/// `holds`.
void broadcastDown(Builder &b, const Tree &tree, uint32_t chunk,
                   const std::vector<char> &holds) {
  for (auto [parent, child] : tree.edges)
    if (!holds[child])
      b.send(chunk, 1, parent, child);
}

/// Chunks alternate between the trees by id parity. Broadcast pipelines
/// them down chunk by chunk; All-Gather first moves every chunk up to rank
/// 0, one level per round (a link then carries its subtree's chunks nearest
/// first), and sends each down in the order it reached the root, skipping
/// the ranks it passed on the way up.
void dbt(Builder &b) {
  uint32_t g = b.numRanks, k = b.blockSize;
  std::array<Tree, 2> trees = doubleBinaryTree(g, b.rootRank);
  std::vector<char> holds(g, 0);
  uint32_t numChunks = b.problem.numChunks();
  if (b.problem.kind == CollectiveKind::Broadcast) {
    for (uint32_t c = 0; c < numChunks; ++c)
      broadcastDown(b, trees[c % 2], c, holds);
    return;
  }

  auto owner = [&](uint32_t c) { return c / k; };
  std::vector<uint32_t> at(numChunks), reachedRoot;
  for (uint32_t c = 0; c < numChunks; ++c) {
    at[c] = owner(c);
    if (at[c] == b.rootRank)
      reachedRoot.push_back(c);
  }
  for (bool moved = true; moved;) {
    moved = false;
    for (uint32_t c = 0; c < numChunks; ++c) {
      if (at[c] == b.rootRank)
        continue;
      uint32_t up = uint32_t(trees[c % 2].parent[at[c]]);
      b.send(c, 1, at[c], up);
      at[c] = up;
      moved = true;
      if (up == b.rootRank)
        reachedRoot.push_back(c);
    }
  }
  for (uint32_t c : reachedRoot) {
    const Tree &tree = trees[c % 2];
    for (int32_t r = int32_t(owner(c)); r >= 0; r = tree.parent[r])
      holds[r] = 1;
    broadcastDown(b, tree, c, holds);
    for (int32_t r = int32_t(owner(c)); r >= 0; r = tree.parent[r])
      holds[r] = 0;
  }
}

/// Why `baseline` cannot build `problem`, or "".
std::string checkApplies(Baseline baseline, const Network &network,
                         const Problem &problem) {
  if (network.numSwitches() > 0)
    return "baselines need point-to-point links; unwind switches first";
  if (isCombining(problem.kind))
    return std::string("baselines build non-combining collectives, not ") +
           collectiveName(problem.kind);
  size_t g = problem.participants.size();
  if (baseline == Baseline::RHD && (g & (g - 1)) != 0)
    return "rhd needs a power-of-two number of participants, got " +
           std::to_string(g);
  if (baseline == Baseline::DBT && problem.kind != CollectiveKind::AllGather &&
      problem.kind != CollectiveKind::Broadcast)
    return "dbt supports all_gather and broadcast";
  return "";
}

} // namespace

/// Transfers of each baseline: its logical block sends (as the functions
/// above emit them) times the chunks of a block times the hops a send
/// takes between the ranks it pairs.
static double baselineTransfers(Baseline baseline, const ProblemShape &shape,
                                const HopSample &hops) {
  double g = shape.participants;
  if (g < 2)
    return 0;
  double blocks = shape.kind == CollectiveKind::Broadcast ? 1
                  : shape.kind == CollectiveKind::AllToAll ? g * g
                                                           : g;
  double k = shape.chunks / blocks, rounds = std::ceil(std::log2(g));
  CollectiveKind kind = shape.kind;
  bool rooted = kind == CollectiveKind::Broadcast ||
                kind == CollectiveKind::Scatter ||
                kind == CollectiveKind::Gather;
  switch (baseline) {
  case Baseline::Ring:
    if (kind == CollectiveKind::AllGather || kind == CollectiveKind::Broadcast)
      return (kind == CollectiveKind::AllGather ? g : 1) * (g - 1) * k *
             hops.next;
    if (kind == CollectiveKind::AllToAll)
      return g * k * (g - 1) * g / 2 * hops.next;
    return k * g * (g - 1) / 2 * hops.next; // Scatter, Gather
  case Baseline::Direct:
    return rooted ? (g - 1) * k * hops.fromRoot : g * (g - 1) * k * hops.mean;
  case Baseline::RHD:
    if (kind == CollectiveKind::AllGather)
      return g * (g - 1) * k * hops.xorWeighted;
    if (kind == CollectiveKind::AllToAll)
      return rounds * g * g / 2 * k * hops.xorWeighted;
    if (kind == CollectiveKind::Broadcast)
      return (g - 1) * k * hops.xorWeighted;
    return rounds * g / 2 * k * hops.xorWeighted; // Scatter, Gather
  case Baseline::DBT:
    // Every chunk climbs to the root (at most the trees' depth) and goes
    // down to every rank, over tree edges: half of them join ranks that
    // differ in bit 0, a quarter in bit 1, ...
    return shape.chunks * (g - 1 + rounds) * hops.xorByEdges;
  }
  return 0;
}

MemoryEstimate estimateBaseline(Baseline baseline, const Network &network,
                                const CollectiveSpec &spec,
                                const ProblemShape &shape,
                                double *transfersOut) {
  std::vector<uint32_t> participants = spec.participantIds(network.numNpus());
  std::optional<uint32_t> root;
  if (spec.root)
    root = uint32_t(*spec.root);
  HopSample hops = sampleHops(network, participants, root);
  double transfers = baselineTransfers(baseline, shape, hops);
  if (transfersOut)
    *transfersOut = transfers;
  MemoryEstimate estimate;
  estimate.what = std::string("the ") + baselineName(baseline) + " baseline";
  // The Router keeps a parent per node for every source it routed from;
  // rooted Direct sends from the root only.
  bool oneSource = baseline == Baseline::Direct &&
                   (shape.kind == CollectiveKind::Broadcast ||
                    shape.kind == CollectiveKind::Scatter);
  double sources = oneSource ? 1 : shape.participants;
  estimate.add(sources * double(network.numNodes()), 4, "routing parents");
  // Built by push_back (two buffers while it grows), then timed by
  // simulate() into a copy while the untimed one lives: the second is the
  // larger.
  addSchedule(estimate, transfers, true);
  estimate.add(estimateSimulation(network, shape, transfers, /*copies=*/true,
                                  /*sorted=*/true));
  return estimate;
}

std::string buildBaseline(Baseline baseline, const Network &network,
                          const Problem &problem, Schedule &schedule) {
  schedule = Schedule();
  if (std::string error = checkApplies(baseline, network, problem);
      !error.empty())
    return error;
  Builder b(network, problem);
  if (std::string error = b.init(); !error.empty())
    return error;
  if (b.numRanks > 1) {
    switch (baseline) {
    case Baseline::Ring:
      ring(b);
      break;
    case Baseline::Direct:
      direct(b);
      break;
    case Baseline::RHD:
      rhd(b);
      break;
    case Baseline::DBT:
      dbt(b);
      break;
    }
  }
  if (!b.error.empty())
    return b.error;
  schedule = std::move(b.schedule);
  return "";
}

} // namespace tacos
