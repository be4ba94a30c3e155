//===- TreeBaseline.cpp - NCCL's double binary tree -----------------------===//
//
// Two binary trees whose inner nodes are each other's leaves; chunks
// alternate between them by id, so each tree carries half the data and
// every rank's links both ways are used. Broadcast pipelines the chunks
// down the trees; Reduce pipelines them up; All-Reduce reduces every chunk
// up to the root and broadcasts it down (NCCL's tree All-Reduce).
// All-Gather moves each chunk up to the root and down to every rank;
// Reduce-Scatter reduces each chunk over its tree's edges into its owner
// (the tree hung from the owner); Scatter, Gather and All-to-All send each
// chunk along its tree's path.
//
//===----------------------------------------------------------------------===//

#include "BaselineAlgorithms.h"

#include <algorithm>
#include <array>

namespace tacos {

namespace {

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
  /// Tree neighbours of every rank.
  std::vector<std::vector<uint32_t>> adjacent;
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
    tree.adjacent.resize(g);
    std::vector<std::vector<uint32_t>> children(g);
    for (uint32_t i = 0; i < m; ++i) {
      uint32_t r = (root + 1 + i) % g;
      int32_t p = local[t][i];
      tree.parent[r] = int32_t(p < 0 ? root : (root + 1 + p) % g);
      children[tree.parent[r]].push_back(r);
      tree.adjacent[r].push_back(uint32_t(tree.parent[r]));
      tree.adjacent[tree.parent[r]].push_back(r);
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

/// A tree hung from `root`: every other rank's neighbour towards it, and
/// the ranks by height (leaves 0), so that a reduction sends from every
/// rank after all of its subtree.
struct Hung {
  std::vector<int32_t> toward;
  std::vector<std::vector<uint32_t>> byHeight;
};

Hung hang(const Tree &tree, uint32_t root) {
  uint32_t g = uint32_t(tree.parent.size());
  Hung hung;
  hung.toward.assign(g, -1);
  std::vector<uint32_t> order{root}, height(g, 0);
  std::vector<char> seen(g, 0);
  seen[root] = 1;
  for (size_t q = 0; q < order.size(); ++q)
    for (uint32_t w : tree.adjacent[order[q]])
      if (!seen[w]) {
        seen[w] = 1;
        hung.toward[w] = int32_t(order[q]);
        order.push_back(w);
      }
  for (size_t q = order.size(); q-- > 1;) {
    uint32_t r = order[q], up = uint32_t(hung.toward[r]);
    height[up] = std::max(height[up], height[r] + 1);
  }
  hung.byHeight.resize(height[root] + 1);
  for (uint32_t r : order)
    if (r != root)
      hung.byHeight[height[r]].push_back(r);
  return hung;
}

/// Reduces each (chunk, hung tree) into the tree's root, round by round:
/// every chunk's leaves first, so that a link's first chunks are ready.
void reduceUp(Builder &b,
              const std::vector<std::pair<uint32_t, const Hung *>> &items) {
  size_t rounds = 0;
  for (auto &[chunk, hung] : items)
    rounds = std::max(rounds, hung->byHeight.size());
  for (size_t h = 0; h < rounds; ++h)
    for (auto &[chunk, hung] : items)
      if (h < hung->byHeight.size())
        for (uint32_t r : hung->byHeight[h])
          b.send(chunk, 1, r, uint32_t(hung->toward[r]), TransferKind::Reduce);
}

/// Sends `chunk` down `tree` from the root to every rank not marked in
/// `holds`.
void broadcastDown(Builder &b, const Tree &tree, uint32_t chunk,
                   const std::vector<char> &holds) {
  for (auto [parent, child] : tree.edges)
    if (!holds[child])
      b.send(chunk, 1, parent, child);
}

/// The ranks from s to d in `tree`: up to their lowest common ancestor,
/// then down.
std::vector<uint32_t> treePath(const Tree &tree, uint32_t s, uint32_t d) {
  std::vector<uint32_t> up, down;
  for (int32_t r = int32_t(s); r >= 0; r = tree.parent[r])
    up.push_back(uint32_t(r));
  for (int32_t r = int32_t(d); r >= 0; r = tree.parent[r])
    down.push_back(uint32_t(r));
  while (up.size() > 1 && down.size() > 1 &&
         up[up.size() - 2] == down[down.size() - 2]) {
    up.pop_back();
    down.pop_back();
  }
  up.insert(up.end(), down.rbegin() + 1, down.rend());
  return up;
}

/// Moves every chunk along its path of ranks, one hop per round.
void walkPaths(
    Builder &b,
    const std::vector<std::pair<uint32_t, std::vector<uint32_t>>> &paths) {
  size_t rounds = 0;
  for (auto &[chunk, path] : paths)
    rounds = std::max(rounds, path.size());
  for (size_t h = 0; h + 1 < rounds; ++h)
    for (auto &[chunk, path] : paths)
      if (h + 1 < path.size())
        b.send(chunk, 1, path[h], path[h + 1]);
}

/// Chunks move up to the root one level per round (a link then carries its
/// subtree's chunks nearest first), and each goes down in the order it
/// reached the root, skipping the ranks it passed on the way up.
void gatherThenBroadcast(Builder &b, const std::array<Tree, 2> &trees) {
  uint32_t g = b.numRanks, k = b.blockSize, numChunks = b.problem.numChunks();
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
  std::vector<char> holds(g, 0);
  for (uint32_t c : reachedRoot) {
    const Tree &tree = trees[c % 2];
    for (int32_t r = int32_t(owner(c)); r >= 0; r = tree.parent[r])
      holds[r] = 1;
    broadcastDown(b, tree, c, holds);
    for (int32_t r = int32_t(owner(c)); r >= 0; r = tree.parent[r])
      holds[r] = 0;
  }
}

} // namespace

void dbtBaseline(Builder &b) {
  uint32_t g = b.numRanks, k = b.blockSize, root = b.rootRank;
  uint32_t numChunks = b.problem.numChunks();
  std::array<Tree, 2> trees = doubleBinaryTree(g, root);
  std::vector<char> none(g, 0);
  switch (b.kind) {
  case CollectiveKind::Broadcast:
    for (uint32_t c = 0; c < numChunks; ++c)
      broadcastDown(b, trees[c % 2], c, none);
    return;
  case CollectiveKind::AllGather:
    gatherThenBroadcast(b, trees);
    return;
  case CollectiveKind::Reduce:
  case CollectiveKind::AllReduce: {
    std::array<Hung, 2> up{hang(trees[0], root), hang(trees[1], root)};
    std::vector<std::pair<uint32_t, const Hung *>> items;
    for (uint32_t c = 0; c < numChunks; ++c)
      items.push_back({c, &up[c % 2]});
    reduceUp(b, items);
    if (b.kind == CollectiveKind::Reduce)
      return;
    for (uint32_t c = 0; c < numChunks; ++c) {
      b.setReductionRoot(c, root);
      broadcastDown(b, trees[c % 2], c, none);
    }
    return;
  }
  case CollectiveKind::ReduceScatter: {
    std::vector<Hung> hung;
    for (uint32_t r = 0; r < g; ++r)
      for (int t = 0; t < 2; ++t)
        hung.push_back(hang(trees[t], r));
    std::vector<std::pair<uint32_t, const Hung *>> items;
    for (uint32_t c = 0; c < numChunks; ++c)
      items.push_back({c, &hung[2 * (c / k) + c % 2]});
    reduceUp(b, items);
    return;
  }
  case CollectiveKind::Scatter:
  case CollectiveKind::Gather:
  case CollectiveKind::AllToAll: {
    std::vector<std::pair<uint32_t, std::vector<uint32_t>>> paths;
    for (uint32_t s = 0; s < g; ++s)
      for (uint32_t d = 0; d < g; ++d)
        if (s != d)
          if (std::optional<uint32_t> first = b.block(s, d))
            for (uint32_t c = *first; c < *first + k; ++c)
              paths.push_back({c, treePath(trees[c % 2], s, d)});
    // Scatter farthest first, Gather nearest first, each source's
    // All-to-All blocks farthest-bound first.
    bool scatter = b.kind == CollectiveKind::Scatter;
    std::stable_sort(paths.begin(), paths.end(), [&](auto &x, auto &y) {
      if (b.kind == CollectiveKind::AllToAll)
        return std::make_pair(x.second.front(), y.second.size()) <
               std::make_pair(y.second.front(), x.second.size());
      return scatter ? x.second.size() > y.second.size()
                     : x.second.size() < y.second.size();
    });
    walkPaths(b, paths);
    return;
  }
  }
}

} // namespace tacos
