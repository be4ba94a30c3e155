//===- Topology.h - What a network description says ------------*- C++ -*-===//
//
// A TopologySpec is the content of a `topo.network` op as plain data: either
// a Cartesian product of 1-D building blocks (`topo.dims`) or a number of NPUs
// (`topo.npus`), plus explicit links, switches and dropped links. It is what
// the IR says, not yet a graph: `check` validates it without expanding the
// product (so a 10^6-NPU network is checked in time linear in its ops), and
// `buildNetwork` (Network.h) turns it into the graph model.
//
//===----------------------------------------------------------------------===//

#ifndef TACOS_NETWORK_TOPOLOGY_H
#define TACOS_NETWORK_TOPOLOGY_H

#include <cmath>
#include <cstdint>
#include <string>
#include <vector>

namespace tacos {

/// Bandwidth and latency of one link (or one switch port). A NaN bandwidth is
/// `?`: to be decided by bandwidth allocation.
struct LinkSpec {
  double bandwidthBps = NAN;
  int64_t latencyPs = 0;
  std::string tier; ///< cost-model tier, empty if none

  bool isBandwidthDecided() const { return !std::isnan(bandwidthBps); }
  bool operator==(const LinkSpec &o) const {
    return latencyPs == o.latencyPs && tier == o.tier &&
           (bandwidthBps == o.bandwidthBps ||
            (!isBandwidthDecided() && !o.isBandwidthDecided()));
  }
};

/// The 1-D building blocks of `topo.dims`.
enum class DimKind { Line, Ring, UniRing, FullyConnected, Switch };

const char *dimKindName(DimKind kind);

/// One dimension of a Cartesian-product network.
struct DimSpec {
  DimKind kind = DimKind::Line;
  int64_t size = 1;
  LinkSpec link;
};

/// An explicit `topo.link`.
struct ExplicitLink {
  int64_t src = 0, dst = 0;
  bool bidirectional = false;
  bool parallel = false; ///< may duplicate an existing link
  LinkSpec link;
};

/// An explicit `topo.switch`: each port is an uplink NPU->switch and a
/// downlink switch->NPU with the same spec.
struct SwitchSpec {
  std::string name;
  std::vector<int64_t> ports;
  LinkSpec link;
};

/// A `topo.drop`: removes every link src->dst (and dst->src if bidirectional).
struct DropSpec {
  int64_t src = 0, dst = 0;
  bool bidirectional = false;
};

struct TopologySpec {
  /// Either dims is non-empty, or numNpus was given by `topo.npus`.
  std::vector<DimSpec> dims;
  int64_t explicitNpus = 0;
  std::vector<ExplicitLink> links;
  std::vector<SwitchSpec> switches;
  std::vector<DropSpec> drops;
};

/// Which item of a spec a problem is about, so the IR layer can put the
/// diagnostic on the op that caused it.
struct SpecError {
  enum class Item { Network, Dims, Link, Switch, Drop } item;
  size_t index; ///< into the matching vector of TopologySpec
  std::string message;
};

/// Mixed-radix NPU ids of a product of dimensions: dimension 0 varies fastest.
/// Returns the NPU count, or -1 if it exceeds kMaxNpus (or overflows).
int64_t productSize(const std::vector<DimSpec> &dims);

/// Number of NPUs the spec describes (after check() succeeded).
int64_t numNpus(const TopologySpec &spec);

/// True if NPUs a and b are joined a->b by the link of a product dimension.
/// Sets `dim` to that dimension. Switch dimensions join no NPU pair directly.
bool isDimsLink(const std::vector<DimSpec> &dims, int64_t a, int64_t b,
                size_t *dim = nullptr);

/// Directed links the spec describes, drops applied, counted from the
/// description in closed form (no expansion, time linear in its ops):
/// exactly the links buildNetwork makes, switch links included. Saturates at
/// UINT64_MAX; 0 if the NPU count is unknown (productSize < 0).
uint64_t countLinks(const TopologySpec &spec);

/// Checks everything that needs the whole network: NPU count limits, ids in
/// range, duplicate links (unless `parallel`), more than kMaxParallelLinks
/// links between one ordered pair, drops that remove nothing, more than
/// kMaxLinks links in all.
/// Per-item checks (positive bandwidth, no self link, >= 2 switch ports) are
/// also repeated here so the core never trusts its caller. Returns the
/// problems found in op order (dims, links, switches, drops; at most one per
/// item, so the first entry is the first problem), or nothing.
std::vector<SpecError> check(const TopologySpec &spec);

} // namespace tacos

#endif // TACOS_NETWORK_TOPOLOGY_H
