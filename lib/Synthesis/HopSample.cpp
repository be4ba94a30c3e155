//===- HopSample.cpp - Hop counts between participants, sampled -----------===//

#include "HopSample.h"

#include <algorithm>
#include <climits>
#include <cmath>

namespace tacos {

HopSample sampleHops(const Network &network,
                     const std::vector<uint32_t> &participants,
                     std::optional<uint32_t> root, unsigned sources) {
  HopSample sample;
  size_t g = participants.size();
  if (g < 2)
    return sample;
  double sum = 0, count = 0, nextSum = 0, nextCount = 0;
  double xorSum = 0, xorWeight = 0, edgeSum = 0, edgeWeight = 0;
  double nearestSum = 0, nearestCount = 0;
  for (unsigned i = 0; i < sources && i < g; ++i) {
    // Ranks at golden-ratio steps: evenly spread, and unlike i * g / k
    // they do not all fall on the first NPU of a row of a torus.
    double step = 0.6180339887498949 * (i + 0.5);
    size_t r = std::min(g - 1, size_t((step - std::floor(step)) * double(g)));
    std::vector<int32_t> hops = network.hopDistances(participants[r]);
    int32_t closest = INT32_MAX;
    for (uint32_t v : participants)
      if (v != participants[r] && hops[v] > 0) {
        sum += hops[v];
        ++count;
        sample.farthest = std::max(sample.farthest, double(hops[v]));
        closest = std::min(closest, hops[v]);
      }
    if (closest != INT32_MAX) {
      nearestSum += closest;
      ++nearestCount;
    }
    if (int32_t h = hops[participants[(r + 1) % g]]; h > 0) {
      nextSum += h;
      ++nextCount;
    }
    for (size_t bit = 1; bit < g; bit <<= 1)
      if (size_t partner = r ^ bit; partner < g && hops[participants[partner]] > 0) {
        xorSum += double(bit) * hops[participants[partner]];
        xorWeight += double(bit);
        edgeSum += hops[participants[partner]] / double(bit);
        edgeWeight += 1 / double(bit);
      }
  }
  if (count > 0)
    sample.mean = sum / count;
  if (nearestCount > 0)
    sample.nearest = nearestSum / nearestCount;
  if (nextCount > 0)
    sample.next = nextSum / nextCount;
  sample.xorWeighted = xorWeight > 0 ? xorSum / xorWeight : sample.mean;
  sample.xorByEdges = edgeWeight > 0 ? edgeSum / edgeWeight : sample.mean;
  sample.fromRoot = sample.mean;
  if (root) {
    std::vector<int32_t> hops = network.hopDistances(*root);
    double rootSum = 0, rootCount = 0;
    for (uint32_t v : participants)
      if (hops[v] > 0) {
        rootSum += hops[v];
        ++rootCount;
      }
    if (rootCount > 0)
      sample.fromRoot = rootSum / rootCount;
  }
  return sample;
}

} // namespace tacos
