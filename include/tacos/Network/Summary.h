//===- Summary.h - A person-readable summary of a network -------*- C++ -*-===//

#ifndef TACOS_NETWORK_SUMMARY_H
#define TACOS_NETWORK_SUMMARY_H

#include "tacos/Network/Network.h"

#include <ostream>
#include <string>

namespace tacos {

/// Writes NPUs, switches (and the directed links between switches, if
/// any), links, diameters and the range of per-NPU ingress
/// and egress bandwidth, one fact per line, under `network @<name>`. A
/// diameter too costly to find exactly (Diameter.h) is written as bounds,
/// `lower .. upper (bounds: ...)`.
void printNetworkSummary(std::ostream &os, const std::string &name,
                         const Network &network);

} // namespace tacos

#endif // TACOS_NETWORK_SUMMARY_H
