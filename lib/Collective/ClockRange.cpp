//===- ClockRange.cpp - Requests whose times fit the picosecond clock -----===//

#include "tacos/Collective/ClockRange.h"
#include "tacos/Network/Quantity.h"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <limits>
#include <sstream>

namespace tacos {

static long double hopPs(long double latencyPs, long double bytes,
                         long double bandwidthBps) {
  return latencyPs + std::ceil(bytes * 1e12L / bandwidthBps);
}

long double longestHopPs(const Network &network, double chunkBytes) {
  long double longest = 0;
  for (LinkId l = 0; l < network.numLinks(); ++l) {
    if (network.isSwitch(network.src(l)) || network.isSwitch(network.dst(l)) ||
        !(network.bandwidth(l) > 0))
      continue;
    // Links come in runs of one spec (9 M of one at fully_connected(3000)).
    if (l > 0 && network.latency(l) == network.latency(l - 1) &&
        network.bandwidth(l) == network.bandwidth(l - 1) &&
        !network.isSwitch(network.src(l - 1)) &&
        !network.isSwitch(network.dst(l - 1)))
      continue;
    longest = std::max(longest, hopPs(network.latency(l), chunkBytes,
                                      network.bandwidth(l)));
  }
  // A switch path i -> s -> j: latency up_i + down_j, bandwidth
  // min(up_i, down_j) / (ports - 1); bounded by the extremes over its links.
  for (NodeId s = network.numNpus(); s < network.numNodes(); ++s) {
    long double maxLatency = 0, minBandwidth = INFINITY;
    for (LinkRange links : {network.inLinks(s), network.outLinks(s)}) {
      long double latency = 0;
      for (LinkId l : links) {
        latency = std::max<long double>(latency, network.latency(l));
        if (network.bandwidth(l) > 0)
          minBandwidth = std::min<long double>(minBandwidth,
                                               network.bandwidth(l));
      }
      maxLatency += latency;
    }
    size_t ports = network.switchPorts(s).size();
    if (ports < 2 || std::isinf(minBandwidth))
      continue;
    longest = std::max(longest, hopPs(maxLatency, chunkBytes,
                                      minBandwidth / (long double)(ports - 1)));
  }
  return longest;
}

long double longestSchedulePs(const Network &network,
                              const CollectiveSpec &spec) {
  int64_t numNpus = network.numNpus();
  long double arrivals = (long double)spec.numChunks(numNpus) *
                         (long double)std::max<int64_t>(numNpus - 1, 0);
  if (spec.kind == CollectiveKind::AllReduce)
    arrivals *= 2;
  return arrivals * longestHopPs(network, double(spec.chunkSizes(numNpus).largest()));
}

std::string checkClockRange(const Network &network,
                            const CollectiveSpec &spec) {
  constexpr long double kClockPs = kMaxClockPs;
  long double longest = longestSchedulePs(network, spec);
  if (longest < kClockPs)
    return "";
  long double hop = longestHopPs(network, double(spec.chunkSizes(network.numNpus()).largest()));
  std::ostringstream os;
  os.precision(3);
  os << "times may exceed the picosecond clock (2^62 ps, about 53 days): "
        "one chunk takes up to "
     << double(hop / 1e12L) << " s on the slowest hop and a schedule up to "
     << double(longest / 1e12L)
     << " s; use a smaller size or faster links";
  return os.str();
}

} // namespace tacos
