//===- Hosts.h - tacos-run: the hosts a run spans, and rank placement -*- C++ -*-===//
//
// On a cluster, rank r (NPU r of the network) runs on the host that holds
// slot r, slots counted in the order the hostfile (or --host) lists them:
// the first host's slots take NPUs 0..s-1, the next host's the next ones.
// Open MPI does this with `--map-by slot`, MPICH's Hydra by default; so
// tacos-run reads the same list to say where each NPU runs and to refuse a
// list with too few slots before anything is compiled.
//
//===----------------------------------------------------------------------===//

#ifndef TACOS_TOOLS_TACOS_RUN_HOSTS_H
#define TACOS_TOOLS_TACOS_RUN_HOSTS_H

#include "llvm/ADT/StringRef.h"

#include <cstdint>
#include <string>
#include <vector>

namespace tacos::run {

struct HostSlots {
  std::string name;
  uint32_t slots = 1;
};

/// Parses a hostfile: one host a line, `NAME [slots=N] [max_slots=M]`
/// (Open MPI) or `NAME[:N]` (MPICH), `#` starting a comment, blank lines
/// ignored. On error returns nothing and sets `error` to a message naming
/// `path` and the line.
std::vector<HostSlots> parseHostfile(llvm::StringRef text,
                                     llvm::StringRef path, std::string &error);

/// Parses a --host list: `NAME[:N],NAME[:N],...`.
std::vector<HostSlots> parseHostList(llvm::StringRef list, std::string &error);

/// The host of each of `ranks` ranks, slots taken in order; empty (and
/// `error` set) if the hosts have fewer slots than ranks.
std::vector<std::string> placeRanks(const std::vector<HostSlots> &hosts,
                                    uint32_t ranks, std::string &error);

/// "NPU 0-1 on a, NPU 2-3 on b": the placement in ranges.
std::string describePlacement(const std::vector<std::string> &hostOfRank);

} // namespace tacos::run

#endif // TACOS_TOOLS_TACOS_RUN_HOSTS_H
