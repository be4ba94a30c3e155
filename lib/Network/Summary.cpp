//===- Summary.cpp - A person-readable summary of a network ---------------===//

#include "tacos/Network/Summary.h"
#include "tacos/Network/Diameter.h"
#include "tacos/Network/Quantity.h"

#include <algorithm>
#include <cmath>

namespace tacos {

/// "100 GiBps" when every NPU has the same value, else "min .. max" in one
/// unit.
static std::string bandwidthRange(const Network &network, bool ingress) {
  double lo = INFINITY, hi = 0;
  for (NodeId n = 0; n < network.numNpus(); ++n) {
    double bw = ingress ? network.ingressBandwidth(n)
                        : network.egressBandwidth(n);
    if (std::isnan(bw))
      return "? (some links are undecided)";
    lo = std::min(lo, bw);
    hi = std::max(hi, bw);
  }
  if (hi == 0)
    return "0 (no links)";
  if (lo == hi)
    return formatBandwidth(lo);
  if (lo == 0)
    return "0 .. " + formatBandwidth(hi);
  return formatBandwidthRange(lo, hi);
}

static size_t switchToSwitchLinks(const Network &network) {
  size_t count = 0;
  for (LinkId l = 0; l < network.numLinks(); ++l)
    count += network.isSwitch(network.src(l)) && network.isSwitch(network.dst(l));
  return count;
}

void printNetworkSummary(std::ostream &os, const std::string &name,
                         const Network &network) {
  auto line = [&](const char *label, const std::string &value) {
    os << "  " << label << std::string(20 - std::char_traits<char>::length(label), ' ')
       << value << "\n";
  };
  os << "network @" << name << "\n";
  line("NPUs", std::to_string(network.numNpus()));
  if (network.numSwitches())
    line("switches", std::to_string(network.numSwitches()));
  // Only fabrics have them; one-switch networks keep their summary.
  if (size_t fabric = switchToSwitchLinks(network))
    line("switch-switch links", std::to_string(fabric));
  line("directed links", std::to_string(network.numLinks()));
  if (auto pair = network.findUnreachablePair()) {
    line("connected", "no: NPU " + std::to_string(pair->second) +
                          " is unreachable from NPU " +
                          std::to_string(pair->first));
  } else {
    // Past a work budget (Diameter.h) the diameter is bounded, and says so.
    auto diameter = [&](std::optional<DiameterBounds> bounds, auto format) {
      DiameterBounds b = bounds.value_or(DiameterBounds{});
      if (b.exact())
        return format(b.lower);
      return format(b.lower) + " .. " + format(b.upper) +
             " (bounds: the exact value needs a search from each of the " +
             std::to_string(network.numNpus()) + " NPUs)";
    };
    line("hop diameter",
         diameter(hopDiameterBounds(network),
                  [](int64_t hops) { return std::to_string(hops); }));
    line("latency diameter",
         diameter(latencyDiameterBounds(network),
                  [](int64_t ps) { return formatTime(ps); }));
  }
  line("ingress per NPU", bandwidthRange(network, /*ingress=*/true));
  line("egress per NPU", bandwidthRange(network, /*ingress=*/false));
}

} // namespace tacos
