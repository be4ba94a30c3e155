//===- Automorphisms.cpp - Symmetries of a network for exact search -------===//

#include "tacos/Network/Automorphisms.h"

#include <algorithm>
#include <cmath>
#include <map>
#include <string>
#include <tuple>

namespace tacos {

namespace {

/// A link's spec as a sortable key; undecided (NaN) bandwidths compare equal
/// to each other, as LinkSpec::operator== has it.
using SpecKey = std::tuple<double, int64_t, std::string>;

SpecKey specKey(const Network &net, LinkId l) {
  double bw = net.bandwidth(l);
  return {std::isnan(bw) ? -1.0 : bw, net.latency(l), net.tier(l)};
}

bool isPermutation(const NpuPermutation &p, uint32_t n) {
  if (p.size() != n)
    return false;
  std::vector<char> seen(n, 0);
  for (uint32_t v : p) {
    if (v >= n || seen[v])
      return false;
    seen[v] = 1;
  }
  return true;
}

/// Matches the links of every node u with those of p[u], both sorted by
/// (image of destination, spec, id); sets (*image)[l] when asked. Fails as
/// soon as the two sorted lists differ, which is exactly "p is not an
/// automorphism" (out-links of every node suffice: each link is one node's
/// out-link).
bool matchLinks(const Network &net, const NpuPermutation &p,
                std::vector<LinkId> *image) {
  uint32_t n = net.numNpus();
  if (net.numSwitches() != 0 || !isPermutation(p, n))
    return false;
  if (image)
    image->assign(net.numLinks(), 0);
  using Entry = std::tuple<uint32_t, SpecKey, LinkId>;
  std::vector<Entry> from, to;
  for (uint32_t u = 0; u < n; ++u) {
    LinkRange outs = net.outLinks(u), imageOuts = net.outLinks(p[u]);
    if (outs.size() != imageOuts.size())
      return false;
    from.clear();
    to.clear();
    for (LinkId l : outs)
      from.emplace_back(p[net.dst(l)], specKey(net, l), l);
    for (LinkId l : imageOuts)
      to.emplace_back(net.dst(l), specKey(net, l), l);
    std::sort(from.begin(), from.end());
    std::sort(to.begin(), to.end());
    for (size_t i = 0; i < from.size(); ++i) {
      if (std::get<0>(from[i]) != std::get<0>(to[i]) ||
          std::get<1>(from[i]) != std::get<1>(to[i]))
        return false;
      if (image)
        (*image)[std::get<2>(from[i])] = std::get<2>(to[i]);
    }
  }
  return true;
}

/// True if every cycle of p has the same length, i.e. the cyclic group p
/// generates acts freely.
bool hasEqualCycles(const NpuPermutation &p) {
  std::vector<char> seen(p.size(), 0);
  size_t length = 0;
  for (uint32_t v = 0; v < p.size(); ++v) {
    if (seen[v])
      continue;
    size_t len = 0;
    for (uint32_t w = v; !seen[w]; w = p[w]) {
      seen[w] = 1;
      ++len;
    }
    if (length == 0)
      length = len;
    else if (len != length)
      return false;
  }
  return true;
}

/// The translations of a pure product network: per dimension, the shift
/// c -> c+1 of a ring, uni_ring or fully_connected dimension and the flip
/// c -> size-1-c of a line of even size. Each acts freely on its coordinate,
/// so the product group acts freely on the NPUs.
std::vector<NpuPermutation> productGenerators(const Network &net) {
  const std::vector<DimSpec> &dims = net.productDims();
  std::vector<NpuPermutation> gens;
  uint32_t n = net.numNpus();
  int64_t stride = 1;
  for (const DimSpec &dim : dims) {
    int64_t size = dim.size;
    bool shift = dim.kind == DimKind::Ring || dim.kind == DimKind::UniRing ||
                 dim.kind == DimKind::FullyConnected;
    bool flip = dim.kind == DimKind::Line && size % 2 == 0;
    if (size > 1 && (shift || flip)) {
      NpuPermutation g(n);
      for (uint32_t v = 0; v < n; ++v) {
        int64_t c = (int64_t(v) / stride) % size;
        int64_t image = shift ? (c + 1) % size : size - 1 - c;
        g[v] = uint32_t(int64_t(v) + (image - c) * stride);
      }
      // Checked rather than trusted: a wrong generator would make every
      // schedule the encodings build under it wrong.
      if (isAutomorphism(net, g))
        gens.push_back(std::move(g));
    }
    stride *= size;
  }
  return gens;
}

/// Backtracking search for automorphisms that extend a free group by one
/// more orbit of NPU 0. NPUs are first split into classes by colour
/// refinement (an automorphism maps each class onto itself), then assigned
/// in breadth-first order, so each NPU's image must be a neighbour of its
/// parent's image: the branching is the degree, not N.
class FreeSearch {
public:
  FreeSearch(const Network &net, uint64_t budget)
      : net(net), n(net.numNpus()), budget(budget) {
    buildLabels();
    refineColours();
    buildOrder();
  }

  /// Grows `group` (free, containing no element that maps 0 to `target`)
  /// by an automorphism p with p[0] = target, choosing among the first few
  /// that keep the group free the one that gives the largest group. False
  /// if none was found within the budget.
  bool extend(NpuSymmetry &group, uint32_t target) {
    if (colour[target] != colour[0] || exhausted())
      return false;
    base = &group;
    best.reset();
    accepted = 0;
    p.assign(n, 0);
    used.assign(n, 0);
    p[0] = target;
    used[target] = 1;
    if (consistent(0, target))
      search(1);
    if (!best)
      return false;
    group = std::move(*best);
    return true;
  }

  bool exhausted() const { return nodes >= budget; }

private:
  /// Candidates kept per target before picking the one with the largest
  /// group: enough to prefer a ring's rotation (order N) over its
  /// reflections (order 2), which the search meets first.
  static constexpr unsigned kCandidatesPerTarget = 8;

  uint32_t label(uint32_t u, uint32_t v) const {
    return labels[size_t(u) * n + v];
  }

  /// labels[u*n+v]: the id of the multiset of specs of the links u->v
  /// (0: no link). Two pairs get the same id iff their multisets are equal.
  void buildLabels() {
    labels.assign(size_t(n) * n, 0);
    neighbours.assign(n, {});
    std::map<std::vector<SpecKey>, uint32_t> ids;
    std::vector<SpecKey> lanes;
    for (uint32_t u = 0; u < n; ++u) {
      LinkRange outs = net.outLinks(u);
      // Out-links come in increasing destination order: one run per pair.
      for (const LinkId *l = outs.begin(); l != outs.end();) {
        uint32_t v = net.dst(*l);
        lanes.clear();
        for (; l != outs.end() && net.dst(*l) == v; ++l)
          lanes.push_back(specKey(net, *l));
        std::sort(lanes.begin(), lanes.end());
        auto it = ids.try_emplace(lanes, uint32_t(ids.size() + 1)).first;
        labels[size_t(u) * n + v] = it->second;
        neighbours[u].push_back(v);
        neighbours[v].push_back(u);
      }
    }
    for (auto &list : neighbours) {
      std::sort(list.begin(), list.end());
      list.erase(std::unique(list.begin(), list.end()), list.end());
    }
  }

  /// Colour refinement (1-dimensional Weisfeiler-Leman): an NPU's next
  /// colour is its colour with the multisets of (label, neighbour colour)
  /// of its out- and in-pairs. Stops when the number of classes stops
  /// growing. Colours are invariant under every automorphism.
  void refineColours() {
    colour.assign(n, 0);
    size_t classes = 1;
    std::vector<uint64_t> signature;
    while (true) {
      std::map<std::vector<uint64_t>, uint32_t> ids;
      std::vector<uint32_t> next(n);
      for (uint32_t u = 0; u < n; ++u) {
        signature.assign(1, colour[u]);
        std::vector<uint64_t> outs, ins;
        for (uint32_t v : neighbours[u]) {
          if (uint32_t l = label(u, v))
            outs.push_back(uint64_t(l) << 32 | colour[v]);
          if (uint32_t l = label(v, u))
            ins.push_back(uint64_t(l) << 32 | colour[v]);
        }
        std::sort(outs.begin(), outs.end());
        std::sort(ins.begin(), ins.end());
        signature.insert(signature.end(), outs.begin(), outs.end());
        signature.push_back(UINT64_MAX); // separates outs from ins
        signature.insert(signature.end(), ins.begin(), ins.end());
        next[u] = ids.try_emplace(signature, uint32_t(ids.size())).first->second;
      }
      colour = std::move(next);
      if (ids.size() == classes)
        return;
      classes = ids.size();
    }
  }

  /// Breadth-first order from NPU 0 (then from the first NPU of each other
  /// component); parentPos[i] is the position of order[i]'s parent, or -1.
  void buildOrder() {
    std::vector<char> seen(n, 0);
    std::vector<int64_t> position(n, -1);
    for (uint32_t start = 0; start < n; ++start) {
      if (seen[start])
        continue;
      seen[start] = 1;
      size_t head = order.size();
      position[start] = int64_t(order.size());
      order.push_back(start);
      parentPos.push_back(-1);
      for (; head < order.size(); ++head)
        for (uint32_t w : neighbours[order[head]])
          if (!seen[w]) {
            seen[w] = 1;
            position[w] = int64_t(order.size());
            order.push_back(w);
            parentPos.push_back(int64_t(head));
          }
    }
  }

  /// True if mapping order[pos] to w agrees with every earlier assignment.
  bool consistent(size_t pos, uint32_t w) const {
    uint32_t u = order[pos];
    for (size_t q = 0; q < pos; ++q) {
      uint32_t y = order[q];
      if (label(u, y) != label(w, p[y]) || label(y, u) != label(p[y], w))
        return false;
    }
    return true;
  }

  /// Returns false to stop the whole search (budget spent or enough
  /// candidates).
  bool search(size_t pos) {
    if (pos == n)
      return leaf();
    uint32_t u = order[pos];
    auto tryImage = [&](uint32_t w) {
      // w == u would fix u: no element of a free group fixes an NPU.
      if (used[w] || w == u || colour[w] != colour[u])
        return true;
      if (++nodes > budget)
        return false;
      if (!consistent(pos, w))
        return true;
      p[u] = w;
      used[w] = 1;
      bool go = search(pos + 1);
      used[w] = 0;
      return go;
    };
    if (parentPos[pos] >= 0) {
      for (uint32_t w : neighbours[p[order[parentPos[pos]]]])
        if (!tryImage(w))
          return false;
    } else {
      for (uint32_t w = 0; w < n; ++w)
        if (!tryImage(w))
          return false;
    }
    return true;
  }

  bool leaf() {
    if (!hasEqualCycles(p))
      return true;
    std::vector<NpuPermutation> gens = base->generators;
    gens.push_back(p);
    std::optional<NpuSymmetry> grown = generateFreeGroup(n, gens);
    if (!grown)
      return true;
    if (!best || grown->order() > best->order())
      best = std::move(grown);
    return ++accepted < kCandidatesPerTarget && best->order() < n;
  }

  const Network &net;
  uint32_t n;
  uint64_t budget, nodes = 0;
  std::vector<uint32_t> labels;
  std::vector<std::vector<uint32_t>> neighbours;
  std::vector<uint32_t> colour, order;
  std::vector<int64_t> parentPos;
  // State of one extend() call.
  const NpuSymmetry *base = nullptr;
  std::optional<NpuSymmetry> best;
  unsigned accepted = 0;
  NpuPermutation p;
  std::vector<char> used;
};

} // namespace

NpuPermutation identityPermutation(uint32_t numNpus) {
  NpuPermutation p(numNpus);
  for (uint32_t v = 0; v < numNpus; ++v)
    p[v] = v;
  return p;
}

NpuPermutation compose(const NpuPermutation &a, const NpuPermutation &b) {
  NpuPermutation r(b.size());
  for (size_t v = 0; v < b.size(); ++v)
    r[v] = a[b[v]];
  return r;
}

NpuPermutation inverse(const NpuPermutation &p) {
  NpuPermutation r(p.size());
  for (uint32_t v = 0; v < p.size(); ++v)
    r[p[v]] = v;
  return r;
}

NpuSymmetry trivialSymmetry(uint32_t numNpus) {
  NpuSymmetry s;
  s.elements.push_back(identityPermutation(numNpus));
  return s;
}

std::optional<NpuSymmetry>
generateFreeGroup(uint32_t numNpus,
                  const std::vector<NpuPermutation> &generators) {
  NpuSymmetry group = trivialSymmetry(numNpus);
  if (numNpus == 0)
    return generators.empty() ? std::optional(group) : std::nullopt;
  // In a free group at most one element maps 0 to a given NPU, so elements
  // are indexed by their image of 0; a second element with the same image
  // means the group is not free.
  std::vector<int64_t> byImageOfZero(numNpus, -1);
  byImageOfZero[0] = 0;
  auto find = [&](const NpuPermutation &g) -> int64_t {
    int64_t i = byImageOfZero[g[0]];
    return i >= 0 && group.elements[i] == g ? i : -1;
  };
  for (const NpuPermutation &gen : generators) {
    if (!isPermutation(gen, numNpus))
      return std::nullopt;
    if (find(gen) >= 0)
      continue; // already in the group (or the identity)
    group.generators.push_back(gen);
    // The closure under left multiplication by the generators, from the
    // elements found so far: a finite set of permutations closed under it
    // is the group they generate.
    for (size_t i = 0; i < group.elements.size(); ++i) {
      for (const NpuPermutation &g : group.generators) {
        NpuPermutation h = compose(g, group.elements[i]);
        int64_t &slot = byImageOfZero[h[0]];
        if (slot >= 0) {
          if (group.elements[slot] != h)
            return std::nullopt;
          continue;
        }
        // h[0] != 0 here, so h is not the identity: it must fix nothing.
        for (uint32_t v = 0; v < numNpus; ++v)
          if (h[v] == v)
            return std::nullopt;
        slot = int64_t(group.elements.size());
        group.elements.push_back(std::move(h));
      }
    }
  }
  return group;
}

bool isAutomorphism(const Network &network, const NpuPermutation &p) {
  return matchLinks(network, p, nullptr);
}

std::vector<LinkId> linkPermutation(const Network &network,
                                    const NpuPermutation &p) {
  std::vector<LinkId> image;
  if (!matchLinks(network, p, &image))
    return {};
  return image;
}

NpuSymmetry findFreeSymmetry(const Network &network) {
  uint32_t n = network.numNpus();
  if (network.numSwitches() != 0 || n > kMaxSymmetryNpus || n < 2)
    return trivialSymmetry(n);
  NpuSymmetry group = trivialSymmetry(n);
  if (!network.productDims().empty())
    if (auto g = generateFreeGroup(n, productGenerators(network)))
      group = std::move(*g);
  if (group.order() == n)
    return group; // regular: no free group is larger
  // Grow the group one orbit of NPU 0 at a time: an element that maps 0 to
  // an NPU already in the orbit would fix 0 after composing with the
  // inverse of the one already there.
  FreeSearch search(network, kSymmetrySearchBudget);
  std::vector<char> inOrbit(n, 0);
  for (uint32_t target = 1; target < n && group.order() < n; ++target) {
    for (const NpuPermutation &g : group.elements)
      inOrbit[g[0]] = 1;
    if (inOrbit[target])
      continue;
    search.extend(group, target);
    if (search.exhausted())
      break;
  }
  // The search builds elements from link labels, the check from the links
  // themselves: a bug in one is caught by the other.
  for (const NpuPermutation &g : group.elements)
    if (!isAutomorphism(network, g))
      return trivialSymmetry(n);
  return group;
}

} // namespace tacos
