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

/// Checks permutations against the links, pair by pair: p is an
/// automorphism exactly when for every pair u->v with links, p[u]->p[v]
/// has the same multiset of specs (each link is one pair's). Built once per
/// network, so that checking a whole group costs a binary search per pair.
class LinkMatcher {
public:
  explicit LinkMatcher(const Network &net) : net(net) {
    // Spec ids in increasing spec order, so sorting by id sorts by spec.
    std::map<SpecKey, uint32_t> specIds;
    for (LinkId l = 0; l < net.numLinks(); ++l)
      specIds.emplace(specKey(net, l), 0);
    uint32_t next = 0;
    for (auto &entry : specIds)
      entry.second = next++;
    std::vector<uint32_t> spec(net.numLinks());
    for (LinkId l = 0; l < net.numLinks(); ++l)
      spec[l] = specIds.at(specKey(net, l));
    // One run per pair u->v: out-links come in increasing destination
    // order, parallel ones together.
    std::map<std::vector<uint32_t>, uint32_t> labelIds;
    std::vector<uint32_t> specs;
    runOffsets.push_back(0);
    for (uint32_t u = 0; u < net.numNodes(); ++u) {
      LinkRange outs = net.outLinks(u);
      for (const LinkId *l = outs.begin(); l != outs.end();) {
        Run run{net.dst(*l), 0, uint32_t(lanes.size()), 0};
        for (; l != outs.end() && net.dst(*l) == run.dst; ++l)
          lanes.push_back(*l);
        run.count = uint32_t(lanes.size()) - run.first;
        auto first = lanes.begin() + run.first;
        std::sort(first, lanes.end(), [&](LinkId x, LinkId y) {
          return std::make_pair(spec[x], x) < std::make_pair(spec[y], y);
        });
        specs.clear();
        for (auto it = first; it != lanes.end(); ++it)
          specs.push_back(spec[*it]);
        run.label =
            labelIds.try_emplace(specs, uint32_t(labelIds.size())).first->second;
        runs.push_back(run);
      }
      runOffsets.push_back(uint32_t(runs.size()));
    }
  }

  /// Sets (*image)[l] to the image of link l when asked: the lanes of u->v,
  /// ordered by (spec, id), map in order onto those of p[u]->p[v].
  bool match(const NpuPermutation &p, std::vector<LinkId> *image) const {
    uint32_t n = net.numNpus();
    if (net.numSwitches() != 0 || !isPermutation(p, n))
      return false;
    if (image)
      image->assign(net.numLinks(), 0);
    for (uint32_t u = 0; u < n; ++u) {
      const Run *from = runs.data() + runOffsets[u],
                *fromEnd = runs.data() + runOffsets[u + 1],
                *to = runs.data() + runOffsets[p[u]],
                *toEnd = runs.data() + runOffsets[p[u] + 1];
      if (fromEnd - from != toEnd - to)
        return false;
      for (const Run *r = from; r != fromEnd; ++r) {
        uint32_t dst = p[r->dst];
        const Run *t = std::lower_bound(
            to, toEnd, dst, [](const Run &x, uint32_t d) { return x.dst < d; });
        if (t == toEnd || t->dst != dst || t->label != r->label)
          return false;
        if (image)
          for (uint32_t k = 0; k < r->count; ++k)
            (*image)[lanes[r->first + k]] = lanes[t->first + k];
      }
    }
    return true;
  }

private:
  struct Run {
    uint32_t dst;   ///< the pair is (owner node, dst)
    uint32_t label; ///< id of the multiset of the pair's specs
    uint32_t first, count; ///< its links: lanes[first .. first+count)
  };
  const Network &net;
  std::vector<uint32_t> runOffsets; ///< node u's runs: [runOffsets[u], [u+1])
  std::vector<Run> runs;
  std::vector<LinkId> lanes;
};

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
std::vector<NpuPermutation> productGenerators(const Network &net,
                                              const LinkMatcher &matcher) {
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
      if (matcher.match(g, nullptr))
        gens.push_back(std::move(g));
    }
    stride *= size;
  }
  return gens;
}

/// Backtracking search for automorphisms that extend a free group by one
/// more orbit of NPU 0. For a target t, NPUs are split into classes by
/// colour refinement with 0 singled out on one side and t on the other (an
/// automorphism with p[0] = t maps each class onto its counterpart), then
/// assigned in breadth-first order, so each NPU's image must be a
/// neighbour of its parent's image: the branching is at most the degree.
/// Partial maps are cut as soon as they would fix an NPU modulo the group,
/// give p cycles of two lengths, or (first pass) stop normalizing the group.
class FreeSearch {
public:
  FreeSearch(const Network &net, uint64_t budget)
      : net(net), n(net.numNpus()), budget(budget) {
    buildLabels();
    refineColours();
    buildOrder();
  }

  /// The groups <group, p> for the first few automorphisms p with
  /// p[0] = target that keep the group free, largest first, without
  /// repeats. `group` is free and has no element mapping 0 to `target`.
  std::vector<NpuSymmetry> extensions(const NpuSymmetry &group,
                                      uint32_t target) {
    found.clear();
    if (!mayMapZeroTo(target) || exhausted() || !individualize(target))
      return {};
    base = &group;
    // orbit[v]: the least NPU of v's orbit under the group so far.
    orbit.assign(n, 0);
    for (uint32_t v = 0; v < n; ++v) {
      orbit[v] = v;
      for (const NpuPermutation &g : group.elements)
        orbit[v] = std::min(orbit[v], g[v]);
    }
    // First only automorphisms that normalize the group (p g p^-1 in the
    // group for every generator g): the translations of a torus commute,
    // a dihedral group's reflection normalizes its rotations, and the
    // constraint prunes hard. Then, if none, any automorphism.
    for (bool normal : {true, false}) {
      if (!normal && (!found.empty() || group.generators.empty()))
        break;
      normalizing = normal && !group.generators.empty();
      if (normalizing)
        prepareNormalizer(group);
      stopAt = std::min(budget, nodes + budget / kShareOfBudget);
      p.assign(n, kNone);
      pinv.assign(n, kNone);
      cycleLength = 0;
      closedCycles = 0;
      if (consistent(0, target) && place(order[0], target)) {
        search(1);
        unplace(order[0]);
      }
    }
    // Largest first; among equals, in the order found.
    std::vector<size_t> rank(found.size());
    for (size_t i = 0; i < rank.size(); ++i)
      rank[i] = i;
    std::sort(rank.begin(), rank.end(), [&](size_t x, size_t y) {
      return std::make_pair(found[y].order(), x) <
             std::make_pair(found[x].order(), y);
    });
    std::vector<NpuSymmetry> sorted;
    for (size_t i : rank)
      sorted.push_back(std::move(found[i]));
    return sorted;
  }

  bool exhausted() const { return nodes >= budget; }

  /// False if colour refinement shows that no automorphism maps 0 to
  /// target (then failing to reach it says nothing about the group), or if
  /// the budget is spent.
  bool mayMapZeroTo(uint32_t target) {
    if (colour[target] != colour[0] || exhausted())
      return false;
    if (zeroMaps.empty())
      zeroMaps.assign(n, -1);
    if (zeroMaps[target] < 0)
      zeroMaps[target] = individualize(target);
    return zeroMaps[target];
  }

private:
  /// Extensions collected per target, and search nodes spent looking for
  /// more once one is found: enough to prefer a ring's rotation (order N)
  /// over the reflections the search meets first, without letting one
  /// target with a huge stabilizer eat the whole budget.
  static constexpr unsigned kExtensionsPerTarget = 8;
  static constexpr uint64_t kNodesAfterFirst = 4096;
  /// No target may take more than this fraction of the whole budget: one
  /// that has no free extension (its search must visit every automorphism
  /// mapping 0 to it) would otherwise leave nothing for the others.
  static constexpr uint64_t kShareOfBudget = 8;

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

  /// Colour refinement (1-dimensional Weisfeiler-Leman): a vertex's next
  /// colour hashes its colour with the multisets of (label, neighbour
  /// colour) of its out- and in-pairs. Colours are hashes of what the
  /// vertex sees within `rounds` steps, so they are invariant under every
  /// automorphism that maps the starting colours onto themselves and
  /// comparable between separate runs with as many rounds (a collision only
  /// merges classes, which weakens the pruning but keeps it sound). With
  /// rounds < 0, runs until the number of classes stops growing and
  /// returns the rounds taken in *taken.
  std::vector<uint64_t> refine(std::vector<uint64_t> colours, int rounds,
                               int *taken = nullptr) {
    auto classesOf = [](std::vector<uint64_t> c) {
      std::sort(c.begin(), c.end());
      return size_t(std::unique(c.begin(), c.end()) - c.begin());
    };
    size_t classes = rounds < 0 ? classesOf(colours) : 0;
    std::vector<uint64_t> next(n);
    for (int round = 0; rounds < 0 || round < rounds; ++round) {
      for (uint32_t u = 0; u < n; ++u) {
        // Sums of mixed values hash multisets without sorting.
        uint64_t outs = 0, ins = 0;
        for (uint32_t v : neighbours[u]) {
          if (uint32_t l = label(u, v))
            outs += mix(colours[v] + uint64_t(l) * 0x9e3779b97f4a7c15ULL);
          if (uint32_t l = label(v, u))
            ins += mix(colours[v] + uint64_t(l) * 0xc2b2ae3d27d4eb4fULL);
        }
        next[u] = mix(colours[u] ^ mix(outs + 1) ^ mix(mix(ins + 2)));
      }
      nodes += n;
      colours.swap(next);
      if (rounds < 0) {
        size_t now = classesOf(colours);
        if (now == classes) {
          if (taken)
            *taken = round + 1;
          return colours;
        }
        classes = now;
      }
    }
    return colours;
  }

  static uint64_t mix(uint64_t x) { // splitmix64's finalizer
    x ^= x >> 30;
    x *= 0xbf58476d1ce4e5b9ULL;
    x ^= x >> 27;
    x *= 0x94d049bb133111ebULL;
    return x ^ (x >> 31);
  }

  void refineColours() { colour = refine(std::vector<uint64_t>(n, 0), -1); }

  /// Refines the network with NPU 0 singled out, and with `target` singled
  /// out, for as many rounds: an automorphism with p[0] = target maps every
  /// NPU u to one of colour fromColour[u] in toColour (distances from 0
  /// become distances from target, and so on). False if the class sizes
  /// differ, i.e. no such automorphism exists.
  bool individualize(uint32_t target) {
    constexpr uint64_t kSingledOut = 0x5bd1e9955bd1e995ULL;
    if (fromColour.empty()) {
      std::vector<uint64_t> start = colour;
      start[0] = mix(start[0] ^ kSingledOut);
      fromColour = refine(std::move(start), -1, &fromRounds);
    }
    std::vector<uint64_t> start = colour;
    start[target] = mix(start[target] ^ kSingledOut);
    toColour = refine(std::move(start), fromRounds);
    std::vector<uint64_t> a = fromColour, b = toColour;
    std::sort(a.begin(), a.end());
    std::sort(b.begin(), b.end());
    return a == b;
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

  /// Sets p[u] = w unless that breaks what every element of the grown
  /// group needs: p(u) in u's orbit under the group so far would make p
  /// composed with some element fix u, and all cycles of p must have one
  /// length (a closed cycle of another length, or an open chain longer than
  /// that length, rejects).
  bool place(uint32_t u, uint32_t w) {
    if (orbit[w] == orbit[u])
      return false;
    p[u] = w;
    pinv[w] = u;
    if (normalizing && !conjugatesStay(u)) {
      p[u] = kNone;
      pinv[w] = kNone;
      return false;
    }
    uint32_t x = w, length = 1;
    while (x != u && p[x] != kNone) {
      x = p[x];
      ++length;
    }
    if (x == u) { // closed a cycle of `length` NPUs
      if (cycleLength == 0 || cycleLength == length) {
        cycleLength = length;
        ++closedCycles;
        return true;
      }
    } else {
      for (uint32_t y = u; pinv[y] != kNone; y = pinv[y])
        ++length;
      if (cycleLength == 0 || length <= cycleLength)
        return true;
    }
    releaseConjugates(u);
    p[u] = kNone;
    pinv[w] = kNone;
    return false;
  }

  void unplace(uint32_t u) {
    uint32_t x = p[u];
    while (x != u && p[x] != kNone)
      x = p[x];
    if (x == u && --closedCycles == 0)
      cycleLength = 0;
    releaseConjugates(u);
    pinv[p[u]] = kNone;
    p[u] = kNone;
  }

  /// Tables for conjugatesStay: the element of the group mapping a to b
  /// (at most one: the group is free) and the generators' inverses.
  void prepareNormalizer(const NpuSymmetry &group) {
    mapsTo.assign(size_t(n) * n, kNone);
    for (uint32_t e = 0; e < group.order(); ++e)
      for (uint32_t a = 0; a < n; ++a)
        mapsTo[size_t(a) * n + group.elements[e][a]] = e;
    generatorInverses.clear();
    for (const NpuPermutation &g : group.generators)
      generatorInverses.push_back(inverse(g));
    conjugate.assign(group.generators.size(), kNone);
    conjugateSetBy.assign(group.generators.size(), kNone);
  }

  /// With p[u] just set: for each generator g, p g p^-1 must be one element
  /// h of the group, so every assigned pair p(x) -> p(g(x)) with x or g(x)
  /// = u must be mapped by the same h. Records h when u fixes it first.
  bool conjugatesStay(uint32_t u) {
    for (size_t k = 0; k < base->generators.size(); ++k) {
      uint32_t xs[2] = {u, generatorInverses[k][u]};
      for (uint32_t x : xs) {
        uint32_t gx = base->generators[k][x];
        if (p[x] == kNone || p[gx] == kNone)
          continue;
        uint32_t h = mapsTo[size_t(p[x]) * n + p[gx]];
        if (h != kNone && conjugate[k] == kNone) {
          conjugate[k] = h;
          conjugateSetBy[k] = u;
        }
        if (h == kNone || h != conjugate[k]) {
          releaseConjugates(u);
          return false;
        }
      }
    }
    return true;
  }

  void releaseConjugates(uint32_t u) {
    if (!normalizing)
      return;
    for (size_t k = 0; k < conjugate.size(); ++k)
      if (conjugateSetBy[k] == u)
        conjugate[k] = conjugateSetBy[k] = kNone;
  }

  /// Returns false to stop the whole search (budget spent or enough
  /// candidates).
  bool search(size_t pos) {
    if (pos == n)
      return leaf();
    uint32_t u = order[pos];
    auto tryImage = [&](uint32_t w) {
      if (pinv[w] != kNone || toColour[w] != fromColour[u])
        return true;
      if (++nodes > stopAt)
        return false;
      if (!consistent(pos, w) || !place(u, w))
        return true;
      bool go = search(pos + 1);
      unplace(u);
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
    if (!hasEqualCycles(p)) // place() should have ensured it
      return true;
    std::vector<NpuPermutation> gens = base->generators;
    gens.push_back(p);
    std::optional<NpuSymmetry> grown = generateFreeGroup(n, gens);
    if (!grown)
      return true;
    // Different p often generate the same group (a rotation and its
    // powers): keep one.
    std::vector<NpuPermutation> sorted = grown->elements;
    std::sort(sorted.begin(), sorted.end());
    for (const NpuSymmetry &f : found) {
      if (f.order() != grown->order())
        continue;
      std::vector<NpuPermutation> other = f.elements;
      std::sort(other.begin(), other.end());
      if (other == sorted)
        return true;
    }
    if (found.empty())
      stopAt = std::min(budget, nodes + kNodesAfterFirst);
    found.push_back(std::move(*grown));
    return found.size() < kExtensionsPerTarget && found.back().order() < n;
  }

  const Network &net;
  uint32_t n;
  uint64_t budget, nodes = 0, stopAt = 0;
  std::vector<uint32_t> labels;
  std::vector<std::vector<uint32_t>> neighbours;
  std::vector<uint64_t> colour;
  std::vector<uint32_t> order;
  /// Colours with 0 and the current target singled out (individualize),
  /// and the rounds 0's took to stabilize.
  std::vector<uint64_t> fromColour, toColour;
  int fromRounds = 0;
  std::vector<int8_t> zeroMaps; ///< mayMapZeroTo's answers, -1: not asked
  std::vector<int64_t> parentPos;
  // State of one extensions() call.
  const NpuSymmetry *base = nullptr;
  std::vector<NpuSymmetry> found;
  static constexpr uint32_t kNone = UINT32_MAX;
  std::vector<uint32_t> orbit;
  NpuPermutation p, pinv; ///< partial, kNone where unassigned
  uint32_t cycleLength = 0, closedCycles = 0;
  // The normalizing pass: see conjugatesStay.
  bool normalizing = false;
  std::vector<uint32_t> mapsTo, conjugate, conjugateSetBy;
  std::vector<NpuPermutation> generatorInverses;
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
  return LinkMatcher(network).match(p, nullptr);
}

std::vector<LinkId> linkPermutation(const Network &network,
                                    const NpuPermutation &p) {
  std::vector<LinkId> image;
  if (!LinkMatcher(network).match(p, &image))
    return {};
  return image;
}

namespace {

/// Grows `group` one orbit of NPU 0 at a time, depth first over the few
/// extensions found for the first NPU not yet in the orbit that has any,
/// keeping the largest group met in `best`. Only targets outside the orbit
/// are tried: an element that maps 0 into the orbit would fix 0 once
/// composed with the inverse of the element already mapping 0 there. Each
/// step at least doubles the order, so the depth is at most log2 N.
/// Below the root, a group that fails to reach kDeadTargets targets (that
/// some automorphism maps 0 to) is given up for the next sibling: a group
/// that is part of a regular one reaches every such target, so the misses
/// mean an earlier choice was wrong (a ring's reflection taken for a
/// rotation).
void grow(FreeSearch &search, const NpuSymmetry &group, uint32_t firstTarget,
          bool root, NpuSymmetry &best) {
  constexpr unsigned kDeadTargets = 2;
  uint32_t n = uint32_t(group.elements[0].size());
  if (group.order() > best.order())
    best = group;
  std::vector<char> inOrbit(n, 0);
  for (const NpuPermutation &g : group.elements)
    inOrbit[g[0]] = 1;
  unsigned misses = 0;
  for (uint32_t target = firstTarget; target < n; ++target) {
    if (inOrbit[target] || !search.mayMapZeroTo(target))
      continue;
    if (best.order() == n || search.exhausted())
      return;
    std::vector<NpuSymmetry> next = search.extensions(group, target);
    if (next.empty()) {
      if (!root && ++misses == kDeadTargets)
        return;
      continue; // no free extension reaches target: try the next NPU
    }
    for (const NpuSymmetry &g : next) {
      grow(search, g, target + 1, false, best);
      if (best.order() == n)
        return;
    }
    return;
  }
}

} // namespace

NpuSymmetry findFreeSymmetry(const Network &network) {
  uint32_t n = network.numNpus();
  if (network.numSwitches() != 0 || n > kMaxSymmetryNpus || n < 2)
    return trivialSymmetry(n);
  LinkMatcher matcher(network);
  NpuSymmetry group = trivialSymmetry(n);
  if (!network.productDims().empty())
    if (auto g = generateFreeGroup(n, productGenerators(network, matcher)))
      group = std::move(*g);
  if (group.order() == n)
    return group; // regular: no free group is larger
  FreeSearch search(network, kSymmetrySearchBudget);
  NpuSymmetry best = group;
  grow(search, group, 1, true, best);
  group = std::move(best);
  // The search builds elements from link labels, the check from the links
  // themselves: a bug in one is caught by the other.
  for (const NpuPermutation &g : group.elements)
    if (!matcher.match(g, nullptr))
      return trivialSymmetry(n);
  return group;
}

} // namespace tacos
