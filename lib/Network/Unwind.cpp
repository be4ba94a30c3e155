//===- Unwind.cpp - Switches to point-to-point links ----------------------===//
//
// A fabric is a set of switches joined by switch-to-switch links (most are
// one switch). Each fabric becomes a link i -> j for every ordered pair of
// NPUs it joins, routed and priced in two passes per destination j over
// the shortest-path DAG toward j (latency, then hops: the DAG has no
// cycle, and every link of it brings j strictly closer):
//
//  1. loads: every source i sends one unit to j, split equally at each node
//     among its DAG out-links (per-hop ECMP, as switches hash flows); a
//     link's load is the sum over all pairs of what it carries;
//  2. rates: pair (i, j) gets the least bandwidth / load over the links its
//     unit touches, and the latency of its shortest route.
//
// Every pair sending at its rate at once loads no link past its bandwidth
// (each link's users get at most bandwidth / load per unit carried), which
// is what a switch's (k-1)-way split guaranteed; on one switch this is that
// split exactly: loads k - 1 on every port. Links are added in any order
// and the builder's stable (src, dst) sort says which added link each
// result link is.
//
//===----------------------------------------------------------------------===//

#include "tacos/Network/Unwind.h"
#include "tacos/Network/Quantity.h"

#include <algorithm>
#include <cassert>
#include <cmath>
#include <limits>
#include <map>
#include <iterator>
#include <numeric>
#include <optional>
#include <queue>
#include <tuple>

namespace tacos {

namespace {

constexpr uint32_t kNone = ~uint32_t(0);

/// Route length toward one destination: latency, then hops.
struct Distance {
  int64_t latency = std::numeric_limits<int64_t>::max();
  uint32_t hops = kNone;

  bool reached() const { return hops != kNone; }
  bool operator<(const Distance &o) const {
    return std::tie(latency, hops) < std::tie(o.latency, o.hops);
  }
  bool operator==(const Distance &o) const {
    return latency == o.latency && hops == o.hops;
  }
  /// This distance one link further back (saturating: no route of absurd
  /// latency wraps around).
  Distance plus(int64_t linkLatency) const {
    Distance d;
    d.latency = latency > std::numeric_limits<int64_t>::max() - linkLatency
                    ? std::numeric_limits<int64_t>::max()
                    : latency + linkLatency;
    d.hops = hops + 1;
    return d;
  }
};

/// Switches connected by switch-to-switch links (either direction), and
/// the NPUs on them.
struct Fabric {
  std::vector<NodeId> switches; ///< increasing id; local index = position
  std::vector<NodeId> sources;  ///< NPUs with a link into the fabric
  std::vector<NodeId> sinks;    ///< NPUs with a link out of it
  /// entries[k]: the links from sources[k] into the fabric, by id.
  std::vector<std::vector<LinkId>> entries;
};

NodeId findRoot(std::vector<NodeId> &parent, NodeId x) {
  while (parent[x] != x)
    x = parent[x] = parent[parent[x]];
  return x;
}

/// The fabrics of a network, in order of their lowest switch, and each
/// switch's fabric and local index.
class Fabrics {
public:
  explicit Fabrics(const Network &network) : network(network) {
    const NodeId npus = network.numNpus(), nodes = network.numNodes();
    std::vector<NodeId> parent(nodes);
    std::iota(parent.begin(), parent.end(), NodeId(0));
    for (LinkId l = 0; l < network.numLinks(); ++l)
      if (network.isSwitch(network.src(l)) && network.isSwitch(network.dst(l)))
        parent[findRoot(parent, network.src(l))] =
            findRoot(parent, network.dst(l));
    fabricOf.assign(nodes, kNone);
    local.assign(nodes, kNone);
    std::vector<uint32_t> fabricOfRoot(nodes, kNone);
    for (NodeId s = npus; s < nodes; ++s) {
      NodeId root = findRoot(parent, s);
      if (fabricOfRoot[root] == kNone) {
        fabricOfRoot[root] = uint32_t(all.size());
        all.emplace_back();
      }
      fabricOf[s] = fabricOfRoot[root];
      local[s] = uint32_t(all[fabricOf[s]].switches.size());
      all[fabricOf[s]].switches.push_back(s);
    }
    for (Fabric &f : all)
      collectNpus(f);
  }

  const std::vector<Fabric> &fabrics() const { return all; }
  bool inFabric(NodeId node, uint32_t f) const { return fabricOf[node] == f; }
  uint32_t localIndex(NodeId s) const { return local[s]; }

private:
  void collectNpus(Fabric &f) {
    std::vector<std::pair<NodeId, LinkId>> in;
    std::vector<NodeId> out;
    for (NodeId s : f.switches) {
      for (LinkId l : network.inLinks(s))
        if (!network.isSwitch(network.src(l)))
          in.push_back({network.src(l), l});
      for (LinkId l : network.outLinks(s))
        if (!network.isSwitch(network.dst(l)))
          out.push_back(network.dst(l));
    }
    std::sort(in.begin(), in.end());
    for (auto [npu, l] : in) {
      if (f.sources.empty() || f.sources.back() != npu) {
        f.sources.push_back(npu);
        f.entries.emplace_back();
      }
      f.entries.back().push_back(l);
    }
    std::sort(out.begin(), out.end());
    out.erase(std::unique(out.begin(), out.end()), out.end());
    f.sinks = std::move(out);
  }

  const Network &network;
  std::vector<Fabric> all;
  std::vector<uint32_t> fabricOf, local;
};

/// bandwidth / load, NaN (undecided) staying NaN.
double share(double bandwidth, double load) { return bandwidth / load; }
double lesser(double a, double b) {
  if (std::isnan(a) || std::isnan(b))
    return std::numeric_limits<double>::quiet_NaN();
  return std::min(a, b);
}

/// The shortest-path DAG of one fabric toward one destination NPU.
class RoutesTo {
public:
  RoutesTo(const Network &network, const Fabrics &fabrics, uint32_t f,
           NodeId destination)
      : network(network), fabrics(fabrics), fabric(fabrics.fabrics()[f]),
        f(f), destination(destination),
        dist(fabric.switches.size()), sourceDist(fabric.sources.size()) {
    search();
    for (size_t k = 0; k < fabric.sources.size(); ++k) {
      if (fabric.sources[k] == destination)
        continue;
      for (LinkId l : fabric.entries[k]) {
        const Distance &via = dist[fabrics.localIndex(network.dst(l))];
        if (via.reached())
          sourceDist[k] = std::min(sourceDist[k], via.plus(network.latency(l)));
      }
    }
  }

  /// Switches reached, by increasing distance.
  const std::vector<uint32_t> &order() const { return popped; }
  const Distance &sourceDistance(size_t k) const { return sourceDist[k]; }

  /// Calls visit(link, local index of its end or kNone for the
  /// destination) for each DAG out-link of local switch s.
  template <typename Visit> void forEachNext(uint32_t s, Visit visit) const {
    const Distance &d = dist[s];
    for (LinkId l : network.outLinks(fabric.switches[s])) {
      NodeId v = network.dst(l);
      if (v == destination) {
        if (Distance{0, 0}.plus(network.latency(l)) == d)
          visit(l, kNone);
      } else if (fabrics.inFabric(v, f)) {
        uint32_t t = fabrics.localIndex(v);
        if (dist[t].reached() && dist[t].plus(network.latency(l)) == d)
          visit(l, t);
      }
    }
  }

  /// The same for source k (its links into the fabric).
  template <typename Visit> void forEachEntry(size_t k, Visit visit) const {
    for (LinkId l : fabric.entries[k]) {
      uint32_t t = fabrics.localIndex(network.dst(l));
      if (dist[t].reached() &&
          dist[t].plus(network.latency(l)) == sourceDist[k])
        visit(l, t);
    }
  }

private:
  /// Dijkstra backward from the destination over the fabric's switches.
  void search() {
    using Entry = std::pair<Distance, uint32_t>;
    auto later = [](const Entry &a, const Entry &b) {
      return std::tie(b.first, b.second) < std::tie(a.first, a.second);
    };
    std::priority_queue<Entry, std::vector<Entry>, decltype(later)> queue(
        later);
    auto relax = [&](uint32_t s, Distance d) {
      if (d < dist[s]) {
        dist[s] = d;
        queue.push({d, s});
      }
    };
    for (LinkId l : network.inLinks(destination))
      if (fabrics.inFabric(network.src(l), f))
        relax(fabrics.localIndex(network.src(l)),
              Distance{0, 0}.plus(network.latency(l)));
    while (!queue.empty()) {
      auto [d, s] = queue.top();
      queue.pop();
      if (dist[s] < d)
        continue;
      popped.push_back(s);
      for (LinkId l : network.inLinks(fabric.switches[s]))
        if (fabrics.inFabric(network.src(l), f))
          relax(fabrics.localIndex(network.src(l)), d.plus(network.latency(l)));
    }
  }

  const Network &network;
  const Fabrics &fabrics;
  const Fabric &fabric;
  uint32_t f;
  NodeId destination;
  std::vector<Distance> dist;
  std::vector<Distance> sourceDist;
  std::vector<uint32_t> popped;
};

/// Pass 1 for one destination: adds to `load` what each link carries when
/// every source sends it one unit.
void addLoads(const RoutesTo &routes, const Fabric &fabric,
              std::vector<double> &load) {
  std::vector<double> flow(fabric.switches.size(), 0.0);
  for (size_t k = 0; k < fabric.sources.size(); ++k) {
    if (!routes.sourceDistance(k).reached())
      continue;
    size_t ways = 0;
    routes.forEachEntry(k, [&](LinkId, uint32_t) { ++ways; });
    routes.forEachEntry(k, [&](LinkId l, uint32_t t) {
      load[l] += 1.0 / double(ways);
      flow[t] += 1.0 / double(ways);
    });
  }
  const std::vector<uint32_t> &order = routes.order();
  for (auto it = order.rbegin(); it != order.rend(); ++it) {
    const uint32_t s = *it;
    if (flow[s] == 0)
      continue;
    size_t ways = 0;
    routes.forEachNext(s, [&](LinkId, uint32_t) { ++ways; });
    const double part = flow[s] / double(ways);
    routes.forEachNext(s, [&](LinkId l, uint32_t t) {
      load[l] += part;
      if (t != kNone)
        flow[t] += part;
    });
  }
}

/// What pass 2 gives a pair: its link's bandwidth and latency, the port
/// whose tier it takes, and the set of switches its routes cross (an index
/// into OriginTable).
struct Route {
  double bandwidthBps = 0;
  int64_t latencyPs = 0;
  LinkId port = 0;
  uint32_t origin = kNone;
};

/// The distinct sets of crossed switches, each once (a fabric has few:
/// a pair's set depends on where its ends are, not on which NPUs they
/// are), so that a million unwound links share a handful of origins.
class OriginTable {
public:
  explicit OriginTable(const Network &network) : network(network) {}

  /// The origin of the switches set in `bits`, local to fabric f.
  uint32_t intern(uint32_t f, const Fabric &fabric,
                  const std::vector<uint64_t> &bits) {
    auto [it, inserted] =
        ids.try_emplace({f, bits}, uint32_t(origins.size()));
    if (inserted) {
      LinkOrigin origin;
      origin.viaSwitch = true;
      std::vector<NodeId> crossed;
      for (uint32_t s = 0; s < fabric.switches.size(); ++s)
        if (bits[s / 64] >> (s % 64) & 1)
          crossed.push_back(fabric.switches[s]);
      origin.switchNode = crossed.front();
      origin.switchName = crossedNames(crossed);
      origins.push_back(std::move(origin));
    }
    return it->second;
  }
  const LinkOrigin &operator[](uint32_t id) const { return origins[id]; }

private:
  /// The one switch's name, or every crossed switch's (an unnamed one as
  /// `switch <id>`).
  std::string crossedNames(const std::vector<NodeId> &crossed) const {
    if (crossed.size() == 1)
      return network.switchName(crossed[0]);
    std::string names;
    for (NodeId s : crossed) {
      if (!names.empty())
        names += ", ";
      names += network.switchName(s).empty() ? "switch " + std::to_string(s)
                                             : network.switchName(s);
    }
    return names;
  }

  const Network &network;
  std::map<std::pair<uint32_t, std::vector<uint64_t>>, uint32_t> ids;
  std::vector<LinkOrigin> origins;
};

/// Pass 2 for one destination: the route of each source (index into
/// fabric.sources); sources that do not reach it keep origin kNone.
void routesOf(const Network &network, const RoutesTo &routes, uint32_t f,
              const Fabric &fabric, const std::vector<double> &load,
              OriginTable &table, std::vector<Route> &result) {
  const size_t words = (fabric.switches.size() + 63) / 64;
  const double inf = std::numeric_limits<double>::infinity();
  std::vector<double> rate(fabric.switches.size(), inf);
  // crossed[s * words ..]: the switches reachable from s in the DAG.
  std::vector<uint64_t> crossed(fabric.switches.size() * words, 0);
  for (uint32_t s : routes.order()) {
    uint64_t *mine = &crossed[s * words];
    mine[s / 64] |= uint64_t(1) << (s % 64);
    routes.forEachNext(s, [&](LinkId l, uint32_t t) {
      double r = share(network.bandwidth(l), load[l]);
      if (t != kNone) {
        r = lesser(r, rate[t]);
        for (size_t w = 0; w < words; ++w)
          mine[w] |= crossed[t * words + w];
      }
      rate[s] = lesser(rate[s], r);
    });
  }
  result.assign(fabric.sources.size(), Route());
  std::vector<uint64_t> bits(words);
  for (size_t k = 0; k < fabric.sources.size(); ++k) {
    const Distance &d = routes.sourceDistance(k);
    if (!d.reached())
      continue;
    Route &route = result[k];
    route.bandwidthBps = inf;
    route.latencyPs = d.latency;
    std::fill(bits.begin(), bits.end(), 0);
    bool first = true;
    routes.forEachEntry(k, [&](LinkId l, uint32_t t) {
      // The tier of the source's port (its lowest-id one).
      if (first)
        route.port = l;
      first = false;
      route.bandwidthBps =
          lesser(route.bandwidthBps,
                 lesser(share(network.bandwidth(l), load[l]), rate[t]));
      for (size_t w = 0; w < words; ++w)
        bits[w] |= crossed[t * words + w];
    });
    route.origin = table.intern(f, fabric, bits);
  }
}

/// Ordered NPU pairs one fabric joins: closed form when every switch
/// reaches every other (then every source reaches every sink), else a
/// search from each source.
uint64_t countPairs(const Network &network, const Fabrics &fabrics,
                    uint32_t f) {
  const Fabric &fabric = fabrics.fabrics()[f];
  const size_t k = fabric.switches.size();
  auto reachable = [&](std::vector<uint32_t> starts, bool forward) {
    std::vector<char> seen(k, 0);
    for (uint32_t s : starts)
      seen[s] = 1;
    while (!starts.empty()) {
      uint32_t s = starts.back();
      starts.pop_back();
      NodeId node = fabric.switches[s];
      for (LinkId l : forward ? network.outLinks(node) : network.inLinks(node)) {
        NodeId v = forward ? network.dst(l) : network.src(l);
        if (fabrics.inFabric(v, f) && !seen[fabrics.localIndex(v)]) {
          seen[fabrics.localIndex(v)] = 1;
          starts.push_back(fabrics.localIndex(v));
        }
      }
    }
    return seen;
  };
  auto all = [](const std::vector<char> &seen) {
    return std::all_of(seen.begin(), seen.end(), [](char c) { return c; });
  };
  if (all(reachable({0}, true)) && all(reachable({0}, false))) {
    std::vector<NodeId> both;
    std::set_intersection(fabric.sources.begin(), fabric.sources.end(),
                          fabric.sinks.begin(), fabric.sinks.end(),
                          std::back_inserter(both));
    return uint64_t(fabric.sources.size()) * fabric.sinks.size() -
           both.size();
  }
  uint64_t pairs = 0;
  std::vector<NodeId> stamp(network.numNodes(), kNone);
  for (size_t i = 0; i < fabric.sources.size(); ++i) {
    std::vector<uint32_t> starts;
    for (LinkId l : fabric.entries[i])
      starts.push_back(fabrics.localIndex(network.dst(l)));
    std::vector<char> seen = reachable(starts, true);
    for (uint32_t s = 0; s < k; ++s) {
      if (!seen[s])
        continue;
      for (LinkId l : network.outLinks(fabric.switches[s])) {
        NodeId j = network.dst(l);
        if (!network.isSwitch(j) && j != fabric.sources[i] &&
            stamp[j] != NodeId(i)) {
          stamp[j] = NodeId(i);
          ++pairs;
        }
      }
    }
  }
  return pairs;
}

uint64_t countDirectLinks(const Network &network) {
  uint64_t count = 0;
  for (LinkId l = 0; l < network.numLinks(); ++l)
    count += !network.isSwitch(network.src(l)) && !network.isSwitch(network.dst(l));
  return count;
}

} // namespace

uint64_t countUnwoundLinks(const Network &network) {
  // At most 10^6 NPUs, so sources * sinks < 10^12 per fabric and the sum
  // stays far from overflow.
  uint64_t count = countDirectLinks(network);
  Fabrics fabrics(network);
  for (uint32_t f = 0; f < fabrics.fabrics().size(); ++f)
    count += countPairs(network, fabrics, f);
  return count;
}

Network unwindSwitches(const Network &network,
                       std::vector<LinkOrigin> &origins) {
  const uint64_t expected = countUnwoundLinks(network);
  assert(expected <= uint64_t(kMaxLinks) && "unwinding needs fewer links");
  NetworkBuilder builder(network.numNpus());
  builder.reserveLinks(size_t(expected));
  // The origin of each added link, kNone for a direct one.
  std::vector<uint32_t> addedOrigins;
  addedOrigins.reserve(size_t(expected));
  for (LinkId l = 0; l < network.numLinks(); ++l) {
    NodeId u = network.src(l), v = network.dst(l);
    if (network.isSwitch(u) || network.isSwitch(v))
      continue;
    builder.addLink(u, v,
                    {network.bandwidth(l), network.latency(l), network.tier(l)});
    addedOrigins.push_back(kNone);
  }
  Fabrics fabrics(network);
  OriginTable table(network);
  std::vector<double> load(network.numLinks(), 0.0);
  std::vector<Route> routes;
  for (uint32_t f = 0; f < fabrics.fabrics().size(); ++f) {
    const Fabric &fabric = fabrics.fabrics()[f];
    for (NodeId j : fabric.sinks)
      addLoads(RoutesTo(network, fabrics, f, j), fabric, load);
    for (NodeId j : fabric.sinks) {
      routesOf(network, RoutesTo(network, fabrics, f, j), f, fabric, load,
               table, routes);
      for (size_t k = 0; k < fabric.sources.size(); ++k) {
        const Route &route = routes[k];
        if (route.origin == kNone)
          continue;
        LinkSpec spec;
        spec.bandwidthBps = route.bandwidthBps;
        spec.latencyPs = route.latencyPs;
        spec.tier = network.tier(route.port);
        builder.addLink(fabric.sources[k], j, spec);
        addedOrigins.push_back(route.origin);
      }
    }
  }
  std::vector<LinkId> added;
  Network result = builder.build(&added);
  origins.clear();
  origins.reserve(result.numLinks());
  for (LinkId l = 0; l < result.numLinks(); ++l) {
    uint32_t origin = addedOrigins[added[l]];
    origins.push_back(origin == kNone ? LinkOrigin() : table[origin]);
  }
  return result;
}

} // namespace tacos
