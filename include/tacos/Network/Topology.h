//===- Topology.h - What a network description says ------------*- C++ -*-===//
//
// A TopologySpec is the content of a `topo.network` op as plain data: either
// a Cartesian product of 1-D building blocks (`topo.dims`) or a number of NPUs
// (`topo.npus`), plus explicit links, switches and dropped links. It is what
// the IR says, not yet a graph: `check` validates it without expanding the
// product (so a 10^6-NPU network is checked in time linear in its ops), and
// `buildNetwork` (Network.h) turns it into the graph model.
//
// Switches are named: an explicit switch by its op, a switch of `topo.dims`
// dimension D by `dimD_R`, R the mixed-radix id of the other coordinates. A
// switch port or a link end may name any of them (SwitchTable), so switch
// fabrics (leaf-spine, rails) are written directly.
//
//===----------------------------------------------------------------------===//

#ifndef TACOS_NETWORK_TOPOLOGY_H
#define TACOS_NETWORK_TOPOLOGY_H

#include <cmath>
#include <cstdint>
#include <string>
#include <utility>
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

/// An explicit `topo.link`. An end may be a switch, named by `srcSwitch` or
/// `dstSwitch` (then `src` or `dst` is unused): a switch port with a spec of
/// its own, or a link between two switches.
struct ExplicitLink {
  int64_t src = 0, dst = 0;
  bool bidirectional = false;
  bool parallel = false; ///< may duplicate an existing link
  LinkSpec link;
  std::string srcSwitch, dstSwitch; ///< non-empty: that end is a switch

  bool srcIsSwitch() const { return !srcSwitch.empty(); }
  bool dstIsSwitch() const { return !dstSwitch.empty(); }
  bool touchesSwitch() const { return srcIsSwitch() || dstIsSwitch(); }
};

/// An explicit `topo.switch`: each port is an uplink neighbour -> switch and
/// a downlink switch -> neighbour, both with `link`. The neighbours are the
/// NPUs of `ports` and the switches named in `switchPorts` (which may be
/// defined anywhere in the network, or be `dimD_R`). A switch also has a
/// port for each switch that names it and each explicit link that ends at
/// it; counted over all of them it needs at least 2 (distinct neighbours).
struct SwitchSpec {
  std::string name;
  std::vector<int64_t> ports;
  LinkSpec link; ///< unused when the op lists no ports
  std::vector<std::string> switchPorts;
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

/// The node ids of a spec's switches by name: the switches of `topo.dims`
/// first (dimension by dimension, `dimD_R` in order of R), then the explicit
/// ones in order, as buildNetwork numbers them. Built in time linear in the
/// explicit switches: dims names are parsed, not listed.
class SwitchTable {
public:
  /// Needs a known NPU count (productSize >= 0).
  explicit SwitchTable(const TopologySpec &spec);
  /// Node id of the switch named `name`, or -1 if there is none. An
  /// explicit name defined twice means its first definition.
  int64_t find(const std::string &name) const;
  /// Node id of spec.switches[index].
  int64_t explicitNode(size_t index) const {
    return firstExplicit + int64_t(index);
  }
  /// Node id of switch R of dimension D, or -1 if D is no switch dimension
  /// or R is out of range.
  int64_t dimsSwitch(size_t dim, int64_t r) const;
  /// If `name` has the form of a dims switch name (`dim<D>_<R>`, digits
  /// without leading zeros), sets dim and r.
  static bool parseDimsName(const std::string &name, size_t &dim, int64_t &r);
  /// Why `name` names no switch: for a dims-style name, which dimension or
  /// range is wrong; "" for any other name.
  std::string whyNotDims(const std::string &name) const;

private:
  const TopologySpec &spec;
  int64_t n = 0;
  std::vector<int64_t> firstOfDim; ///< -1 for non-switch dimensions
  int64_t firstExplicit = 0;
  std::vector<std::pair<std::string, size_t>> sortedNames;
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
/// range, switch names (unknown, defined twice, a `dimD_R` name in a network
/// with dims), a switch joined to itself, duplicate links (unless
/// `parallel`; a switch pair listed by both switches is one), more than
/// kMaxParallelLinks links between one ordered pair, switches with fewer
/// than 2 ports in all, drops that remove nothing, more than kMaxLinks links
/// in all.
/// Per-item checks (positive bandwidth, no self link, ports listed once) are
/// also repeated here so the core never trusts its caller. Returns the
/// problems found in op order (dims, links, switches, drops; at most one per
/// item, so the first entry is the first problem), or nothing.
std::vector<SpecError> check(const TopologySpec &spec);

} // namespace tacos

#endif // TACOS_NETWORK_TOPOLOGY_H
