//===- LinkCost.cpp - What one transfer costs on a link -------------------===//

#include "tacos/Network/LinkCost.h"
#include "tacos/Support/InterpolationSearch.h"

#include <algorithm>

namespace tacos {

std::optional<LinkId> findLink(const Network &network, uint32_t src,
                               uint32_t dst, uint16_t lane) {
  if (src >= network.numNodes() || dst >= network.numNodes())
    return std::nullopt;
  // Out-links are sorted by destination and parallel links are contiguous
  // in lane order, so the lane is an offset from the first link to dst:
  // O(log degree) per transfer (a scan made checking a schedule over
  // 20,000 parallel links quadratic), and a probe or two where destinations
  // are spread evenly (a binary search over a dense node's links misses the
  // cache log2(degree) times).
  LinkRange out = network.outLinks(src);
  const LinkId *first = interpolatedLowerBound(
      out.begin(), out.end(), dst, [&](LinkId l) { return network.dst(l); });
  if (size_t(out.end() - first) <= lane)
    return std::nullopt;
  LinkId l = first[lane];
  if (network.dst(l) != dst)
    return std::nullopt;
  return l;
}

LinkCost linkCost(const Network &network, LinkId l, uint64_t bytes,
                  LinkModel model) {
  int64_t duration = network.transferTimePs(l, bytes);
  int64_t occupancy = model == LinkModel::Blocking
                          ? duration
                          : duration - network.latency(l);
  return {occupancy, duration};
}

bool findPath(const Network &network, uint32_t src, uint32_t dst,
              const uint32_t *switches, size_t numSwitches,
              std::vector<LinkId> &links) {
  if (src >= network.numNpus() || dst >= network.numNpus())
    return false;
  uint32_t from = src;
  for (size_t i = 0; i <= numSwitches; ++i) {
    uint32_t to = i < numSwitches ? switches[i] : dst;
    if (i < numSwitches && (to >= network.numNodes() || !network.isSwitch(to)))
      return false;
    std::optional<LinkId> hop = findLink(network, from, to, 0);
    if (!hop)
      return false;
    links.push_back(*hop);
    from = to;
  }
  return true;
}

LinkCost pathCost(const Network &network, const LinkId *links, size_t n,
                  uint64_t bytes, LinkModel model) {
  if (n == 1)
    return linkCost(network, links[0], bytes, model);
  // The slowest link sets the rate; ties keep the first (the cost is the
  // same). Latencies add up; the clock saturates as transferTimePs does.
  size_t slowest = 0;
  for (size_t i = 1; i < n; ++i)
    if (network.bandwidth(links[i]) < network.bandwidth(links[slowest]))
      slowest = i;
  LinkCost cost = linkCost(network, links[slowest], bytes, LinkModel::Pipelined);
  int64_t latency = 0;
  for (size_t i = 0; i < n; ++i)
    if (__builtin_add_overflow(latency, network.latency(links[i]), &latency))
      return {INT64_MAX, INT64_MAX};
  int64_t duration;
  if (cost.duration == INT64_MAX ||
      __builtin_add_overflow(cost.occupancy, latency, &duration))
    return {INT64_MAX, INT64_MAX};
  return {model == LinkModel::Blocking ? duration : cost.occupancy, duration};
}

std::vector<LinkCost> linkCosts(const Network &network, uint64_t bytes,
                                LinkModel model) {
  std::vector<LinkCost> costs(network.numLinks());
  for (LinkId l = 0; l < network.numLinks(); ++l)
    costs[l] = l > 0 && network.latency(l) == network.latency(l - 1) &&
                       network.bandwidth(l) == network.bandwidth(l - 1)
                   ? costs[l - 1]
                   : linkCost(network, l, bytes, model);
  return costs;
}

} // namespace tacos
