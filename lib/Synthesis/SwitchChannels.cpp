//===- SwitchChannels.cpp - One-transfer ways between NPUs ----------------===//

#include "SwitchChannels.h"
#include "TenCommon.h"
#include "tacos/Collective/Routes.h"

#include <algorithm>
#include <cmath>
#include <functional>
#include <queue>
#include <tuple>

namespace tacos {

namespace {

/// A path's length in the search: latency first, then hops, so that a
/// predecessor on a cheapest path is always strictly shorter (zero-latency
/// links cannot make the walk back cycle).
struct Length {
  int64_t latency = INT64_MAX;
  int32_t hops = 0;
  bool reached() const { return latency != INT64_MAX; }
  Length plus(int64_t l) const {
    return {latency > INT64_MAX - l ? INT64_MAX : latency + l, hops + 1};
  }
  bool operator<(const Length &o) const {
    return std::tie(latency, hops) < std::tie(o.latency, o.hops);
  }
  bool operator==(const Length &o) const {
    return latency == o.latency && hops == o.hops;
  }
};

/// A fixed hash of a pair and a candidate hop, so that pairs spread over
/// equally cheap paths (the same on every run).
uint64_t spread(uint64_t u, uint64_t y, uint64_t p) {
  uint64_t z = u * 0x9e3779b97f4a7c15ull ^ (y + 1) * 0xc2b2ae3d27d4eb4full ^
               (p + 1) * 0x165667b19e3779f9ull;
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
  return z ^ (z >> 31);
}

/// Calls f(l) for the first link to each distinct neighbour of x (the
/// link a route's hop takes, LinkCost.h findPath).
template <typename F> void forEachHop(const Network &network, NodeId x, F &&f) {
  NodeId previous = UINT32_MAX;
  for (LinkId l : network.outLinks(x)) {
    if (network.dst(l) == previous)
      continue;
    previous = network.dst(l);
    f(l);
  }
}

/// Cheapest switch paths from one NPU with every link at least as fast as
/// a threshold: the length to each switch and to each NPU reached through
/// switches.
struct SwitchSearch {
  std::vector<Length> length; ///< switches: to reach them; NPUs: arrival

  void run(const Network &network, NodeId u, double threshold) {
    length.assign(network.numNodes(), Length());
    using Item = std::pair<Length, NodeId>;
    auto later = [](const Item &a, const Item &b) { return b.first < a.first; };
    std::priority_queue<Item, std::vector<Item>, decltype(later)> queue(later);
    auto relax = [&](NodeId y, Length d) {
      if (d < length[y]) {
        length[y] = d;
        if (network.isSwitch(y))
          queue.push({d, y});
      }
    };
    forEachHop(network, u, [&](LinkId l) {
      if (network.isSwitch(network.dst(l)) && network.bandwidth(l) >= threshold)
        relax(network.dst(l), Length{0, 0}.plus(network.latency(l)));
    });
    while (!queue.empty()) {
      Length d = queue.top().first;
      NodeId x = queue.top().second;
      queue.pop();
      if (!(d == length[x]))
        continue;
      forEachHop(network, x, [&](LinkId l) {
        NodeId y = network.dst(l);
        if (y != u && network.bandwidth(l) >= threshold)
          relax(y, d.plus(network.latency(l)));
      });
    }
  }
};

} // namespace

std::vector<uint32_t> SwitchChannels::switches(const Network &network,
                                               const Channel &c) const {
  std::vector<uint32_t> nodes;
  Span<LinkId> path = links(c);
  for (size_t i = 0; i + 1 < path.size(); ++i)
    nodes.push_back(network.dst(path.first[i]));
  return nodes;
}

/// For each NPU u and each NPU y it reaches through switches, the path of
/// least cut-through cost for a chunk of `bytes`. That cost is the least,
/// over the bandwidths b of the network, of the shortest latency among
/// paths whose links are all at least b fast plus bytes/b: the optimal
/// path's own bandwidth is one of them, and every other term is the cost
/// of a real path or more.
std::string SwitchChannels::addRoutedChannels(const Network &network,
                                              uint64_t bytes) {
  std::vector<double> thresholds;
  for (LinkId l = 0; l < network.numLinks(); ++l)
    if (network.isSwitch(network.src(l)) || network.isSwitch(network.dst(l)))
      thresholds.push_back(network.bandwidth(l));
  std::sort(thresholds.begin(), thresholds.end(), std::greater<double>());
  thresholds.erase(std::unique(thresholds.begin(), thresholds.end()),
                   thresholds.end());
  std::vector<SwitchSearch> searches(thresholds.size());
  std::vector<LinkId> reversed;
  for (NodeId u = 0; u < network.numNpus(); ++u) {
    bool onSwitch = false;
    forEachHop(network, u, [&](LinkId l) {
      onSwitch = onSwitch || network.isSwitch(network.dst(l));
    });
    if (!onSwitch)
      continue;
    for (size_t t = 0; t < thresholds.size(); ++t)
      searches[t].run(network, u, thresholds[t]);
    for (NodeId y = 0; y < network.numNpus(); ++y) {
      if (y == u)
        continue;
      size_t best = SIZE_MAX;
      double bestCost = 0;
      for (size_t t = 0; t < thresholds.size(); ++t) {
        const Length &d = searches[t].length[y];
        if (!d.reached())
          continue;
        double cost = double(d.latency) + double(bytes) / thresholds[t] * 1e12;
        if (best == SIZE_MAX || cost < bestCost) {
          best = t;
          bestCost = cost;
        }
      }
      if (best == SIZE_MAX)
        continue;
      // Walk back from y along links on a cheapest path, choosing among
      // equally cheap predecessors by the pair's hash.
      const SwitchSearch &search = searches[best];
      reversed.clear();
      NodeId at = y;
      Length remaining = search.length[y];
      while (at != u) {
        NodeId chosen = UINT32_MAX;
        LinkId chosenLink = 0;
        uint64_t chosenHash = 0;
        NodeId previous = UINT32_MAX;
        for (LinkId in : network.inLinks(at)) {
          NodeId p = network.src(in);
          if (p == previous)
            continue;
          previous = p;
          bool start = p == u && network.isSwitch(at);
          if (!start && !network.isSwitch(p))
            continue;
          LinkId l = *findLink(network, p, at, 0);
          Length before = start ? Length{0, 0} : search.length[p];
          if (network.bandwidth(l) < thresholds[best] || !before.reached() ||
              !(before.plus(network.latency(l)) == remaining))
            continue;
          uint64_t h = spread(u, y, p);
          if (chosen == UINT32_MAX || h < chosenHash) {
            chosen = p;
            chosenLink = l;
            chosenHash = h;
          }
        }
        reversed.push_back(chosenLink);
        at = chosen;
        remaining = at == u ? Length{0, 0} : search.length[at];
      }
      if (reversed.size() - 1 > RouteTable::kMaxSwitchesPerRoute)
        return "npu " + std::to_string(u) + " reaches npu " +
               std::to_string(y) + " through more than " +
               std::to_string(RouteTable::kMaxSwitchesPerRoute) + " switches";
      Channel c;
      c.src = u;
      c.dst = y;
      c.port = reversed.front();
      c.firstLink = uint32_t(pathLinks.size());
      c.numLinks = uint16_t(reversed.size());
      pathLinks.insert(pathLinks.end(), reversed.rbegin(), reversed.rend());
      channels.push_back(c);
    }
  }
  return "";
}

/// Costs, ports fastest first, the channels out of each NPU and the
/// channels over each link.
void SwitchChannels::indexChannels(const Network &network,
                                   const ChunkSizes &sizes, LinkModel model) {
  for (Channel &c : channels) {
    Span<LinkId> path = links(c);
    c.small =
        pathCost(network, path.first, path.size(), sizes.smallest(), model);
    c.large =
        pathCost(network, path.first, path.size(), sizes.largest(), model);
    c.bottleneck = network.bandwidth(path.first[0]);
    for (LinkId l : path)
      c.bottleneck = std::min(c.bottleneck, network.bandwidth(l));
    longest = std::max(longest, c.large.duration);
  }
  std::sort(channels.begin(), channels.end(),
            [](const Channel &a, const Channel &b) {
              return std::tie(a.dst, a.port, a.large.duration, a.src, a.lane) <
                     std::tie(b.dst, b.port, b.large.duration, b.src, b.lane);
            });
  uint32_t npus = network.numNpus();
  portOffsets.assign(npus + 1, 0);
  for (uint32_t i = 0; i < channels.size();) {
    uint32_t j = i;
    while (j < channels.size() && channels[j].dst == channels[i].dst &&
           channels[j].port == channels[i].port)
      ++j;
    portList.push_back({channels[i].port, i, j});
    ++portOffsets[channels[i].dst + 1];
    i = j;
  }
  for (uint32_t v = 0; v < npus; ++v)
    portOffsets[v + 1] += portOffsets[v];
  for (uint32_t v = 0; v < npus; ++v)
    std::sort(portList.begin() + portOffsets[v],
              portList.begin() + portOffsets[v + 1],
              [&](const Port &a, const Port &b) {
                return std::make_pair(channels[a.first].large.duration,
                                      a.link) <
                       std::make_pair(channels[b.first].large.duration, b.link);
              });

  outOffsets.assign(npus + 1, 0);
  for (const Channel &c : channels)
    ++outOffsets[c.src + 1];
  for (uint32_t u = 0; u < npus; ++u)
    outOffsets[u + 1] += outOffsets[u];
  outIds.resize(channels.size());
  std::vector<uint32_t> next(outOffsets.begin(), outOffsets.end() - 1);
  for (uint32_t id = 0; id < channels.size(); ++id)
    outIds[next[channels[id].src]++] = id;

  channelPort.resize(channels.size());
  for (uint32_t p = 0; p < portList.size(); ++p)
    for (uint32_t id = portList[p].first; id < portList[p].last; ++id)
      channelPort[id] = p;

  userOffsets.assign(network.numLinks() + 1, 0);
  for (const Channel &c : channels)
    for (LinkId l : links(c))
      ++userOffsets[l + 1];
  for (size_t l = 0; l < network.numLinks(); ++l)
    userOffsets[l + 1] += userOffsets[l];
  users.resize(userOffsets.back());
  std::vector<uint32_t> at(userOffsets.begin(), userOffsets.end() - 1);
  for (uint32_t id = 0; id < channels.size(); ++id)
    for (LinkId l : links(channels[id]))
      users[at[l]++] = id;
}

/// The strongly connected components of the links faster than
/// `threshold` (Kosaraju's two searches, iterative): a component number
/// per node.
static std::vector<uint32_t> fastComponents(const Network &network,
                                            double threshold) {
  uint32_t nodes = network.numNodes();
  std::vector<uint8_t> seen(nodes, 0);
  std::vector<NodeId> finished;
  std::vector<std::pair<NodeId, uint32_t>> stack;
  for (NodeId s = 0; s < nodes; ++s) {
    if (seen[s])
      continue;
    seen[s] = 1;
    stack.push_back({s, 0});
    while (!stack.empty()) {
      auto &[x, next] = stack.back();
      LinkRange out = network.outLinks(x);
      if (next == out.size()) {
        finished.push_back(x);
        stack.pop_back();
        continue;
      }
      LinkId l = out.first[next++];
      NodeId y = network.dst(l);
      if (network.bandwidth(l) > threshold && !seen[y]) {
        seen[y] = 1;
        stack.push_back({y, 0});
      }
    }
  }
  std::vector<uint32_t> component(nodes, UINT32_MAX);
  uint32_t count = 0;
  std::vector<NodeId> work;
  for (auto it = finished.rbegin(); it != finished.rend(); ++it) {
    if (component[*it] != UINT32_MAX)
      continue;
    component[*it] = count;
    work.push_back(*it);
    while (!work.empty()) {
      NodeId x = work.back();
      work.pop_back();
      for (LinkId l : network.inLinks(x)) {
        NodeId p = network.src(l);
        if (network.bandwidth(l) > threshold && component[p] == UINT32_MAX) {
          component[p] = count;
          work.push_back(p);
        }
      }
    }
    ++count;
  }
  return component;
}

void SwitchChannels::findGroups(const Network &network) {
  std::vector<double> levels;
  for (const Channel &c : channels)
    levels.push_back(c.bottleneck);
  std::sort(levels.begin(), levels.end());
  levels.erase(std::unique(levels.begin(), levels.end()), levels.end());
  uint32_t npus = network.numNpus();
  std::vector<std::pair<uint32_t, uint32_t>> membership; // (npu, group)
  for (double level : levels) {
    std::vector<uint32_t> component = fastComponents(network, level);
    std::vector<uint32_t> size(network.numNodes(), 0),
        id(network.numNodes(), kNoGroup);
    for (NodeId v = 0; v < npus; ++v)
      ++size[component[v]];
    for (Channel &c : channels) {
      if (c.bottleneck != level || size[component[c.dst]] < 2)
        continue;
      uint32_t &group = id[component[c.dst]];
      if (group == kNoGroup) {
        group = groups++;
        for (NodeId v = 0; v < npus; ++v)
          if (component[v] == component[c.dst])
            membership.push_back({v, group});
      }
      c.group = group;
      c.fromInside = component[c.src] == component[c.dst];
    }
  }
  std::sort(membership.begin(), membership.end());
  memberOffsets.assign(npus + 1, 0);
  for (auto [v, g] : membership) {
    ++memberOffsets[v + 1];
    memberOf.push_back(g);
  }
  for (uint32_t v = 0; v < npus; ++v)
    memberOffsets[v + 1] += memberOffsets[v];
}

std::string SwitchChannels::build(const Network &network,
                                  const ChunkSizes &sizes, LinkModel model) {
  channels.clear();
  pathLinks.clear();
  std::vector<uint16_t> lanes = laneIndex(network);
  for (LinkId l = 0; l < network.numLinks(); ++l) {
    if (network.isSwitch(network.src(l)) || network.isSwitch(network.dst(l)))
      continue;
    Channel c;
    c.src = network.src(l);
    c.dst = network.dst(l);
    c.port = l;
    c.lane = lanes[l];
    c.firstLink = uint32_t(pathLinks.size());
    pathLinks.push_back(l);
    channels.push_back(c);
  }
  if (std::string error = addRoutedChannels(network, sizes.largest());
      !error.empty())
    return error;
  indexChannels(network, sizes, model);
  findGroups(network);
  return "";
}

} // namespace tacos
