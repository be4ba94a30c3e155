//===- Topology.cpp - What a network description says -----------*- C++ -*-===//
//
// Validation works on the description, never on the expanded graph: a link
// of a product dimension is recognised arithmetically (isDimsLink) and
// explicit links go into a hash set, so checking costs O(#ops) even when the
// product has 10^6 NPUs.
//
//===----------------------------------------------------------------------===//

#include "tacos/Network/Topology.h"
#include "tacos/Network/Quantity.h"

#include <algorithm>
#include <limits>
#include <optional>
#include <string>
#include <tuple>
#include <unordered_map>
#include <unordered_set>
#include <utility>

namespace tacos {

const char *dimKindName(DimKind kind) {
  switch (kind) {
  case DimKind::Line:
    return "line";
  case DimKind::Ring:
    return "ring";
  case DimKind::UniRing:
    return "ring"; // the IR spells it ring(n, uni)
  case DimKind::FullyConnected:
    return "fully_connected";
  case DimKind::Switch:
    return "switch";
  }
  return "?";
}

int64_t productSize(const std::vector<DimSpec> &dims) {
  int64_t n = 1;
  for (const DimSpec &d : dims) {
    if (d.size < 1)
      return -1;
    // Divide instead of multiplying so that huge sizes cannot overflow.
    if (d.size > kMaxNpus / n)
      return -1;
    n *= d.size;
  }
  return n;
}

int64_t numNpus(const TopologySpec &spec) {
  return spec.dims.empty() ? spec.explicitNpus : productSize(spec.dims);
}

namespace {

/// Whether the 1-D block `kind` of `size` links coordinate a to b (a != b).
bool blockLinks(DimKind kind, int64_t size, int64_t a, int64_t b) {
  switch (kind) {
  case DimKind::Line:
    return a - b == 1 || b - a == 1;
  case DimKind::Ring:
    // For size 2 both conditions name the same pair, which is the point:
    // ring(2) is one link pair, not two.
    return (a + 1) % size == b || (b + 1) % size == a;
  case DimKind::UniRing:
    return (a + 1) % size == b;
  case DimKind::FullyConnected:
    return true;
  case DimKind::Switch:
    return false;
  }
  return false;
}

uint64_t pairKey(int64_t a, int64_t b) {
  return (uint64_t(a) << 32) | uint64_t(b);
}

std::string arrow(int64_t a, int64_t b, bool bidirectional) {
  return std::to_string(a) + (bidirectional ? " <-> " : " -> ") +
         std::to_string(b);
}

std::string outOfRange(int64_t id, int64_t n) {
  return "npu " + std::to_string(id) + " is out of range: the network has " +
         std::to_string(n) + (n == 1 ? " NPU" : " NPUs");
}

/// Problems with a link spec, prefixed by `what` ("link 0 -> 1").
std::string checkLinkSpec(const LinkSpec &l, const std::string &what) {
  double bw = l.bandwidthBps;
  if (l.isBandwidthDecided()) {
    if (bw == 0)
      return what + " has zero bandwidth";
    if (bw < 0)
      return what + " has negative bandwidth";
    if (!(bw <= kMaxBandwidthBps))
      return what + " has bandwidth above the limit of 1 EBps";
  }
  if (l.latencyPs < 0)
    return what + " has negative latency";
  if (l.latencyPs > kMaxTimePs)
    return what + " has latency above the limit of 1000 s";
  return "";
}

/// Mixed-radix strides of the NPU ids: dimension 0 varies fastest.
std::vector<int64_t> dimStridesOf(const std::vector<DimSpec> &dims) {
  std::vector<int64_t> strides(dims.size());
  int64_t s = 1;
  for (size_t d = 0; d < dims.size(); s *= dims[d].size, ++d)
    strides[d] = s;
  return strides;
}

std::string switchWhat(const SwitchSpec &s, size_t index) {
  if (!s.name.empty())
    return "switch @" + s.name;
  return "switch #" + std::to_string(index);
}

} // namespace

bool isDimsLink(const std::vector<DimSpec> &dims, int64_t a, int64_t b,
                size_t *dim) {
  int64_t n = productSize(dims);
  if (dims.empty() || n < 0 || a < 0 || b < 0 || a >= n || b >= n || a == b)
    return false;
  size_t differing = 0;
  int64_t ca = 0, cb = 0;
  int found = 0;
  for (size_t d = 0; d < dims.size(); ++d) {
    int64_t size = dims[d].size;
    int64_t xa = a % size, xb = b % size;
    a /= size;
    b /= size;
    if (xa == xb)
      continue;
    if (++found > 1)
      return false;
    differing = d;
    ca = xa;
    cb = xb;
  }
  if (found != 1 ||
      !blockLinks(dims[differing].kind, dims[differing].size, ca, cb))
    return false;
  if (dim)
    *dim = differing;
  return true;
}

//===----------------------------------------------------------------------===//
// SwitchTable
//===----------------------------------------------------------------------===//

SwitchTable::SwitchTable(const TopologySpec &spec) : spec(spec) {
  n = std::max<int64_t>(numNpus(spec), 0);
  int64_t next = n;
  firstOfDim.assign(spec.dims.size(), -1);
  for (size_t d = 0; d < spec.dims.size(); ++d) {
    if (spec.dims[d].kind != DimKind::Switch || spec.dims[d].size < 1)
      continue;
    firstOfDim[d] = next;
    next += n / spec.dims[d].size;
  }
  firstExplicit = next;
  for (size_t i = 0; i < spec.switches.size(); ++i)
    if (!spec.switches[i].name.empty())
      sortedNames.emplace_back(spec.switches[i].name, i);
  // By name, then index: a name defined twice finds its first definition.
  std::sort(sortedNames.begin(), sortedNames.end());
}

bool SwitchTable::parseDimsName(const std::string &name, size_t &dim,
                                int64_t &r) {
  // dim<D>_<R>, digits without leading zeros (so that one switch has one
  // name), small enough not to overflow.
  auto number = [&](size_t &pos, int64_t &value) {
    size_t start = pos;
    value = 0;
    while (pos < name.size() && name[pos] >= '0' && name[pos] <= '9') {
      if (pos - start >= 12)
        return false;
      value = value * 10 + (name[pos++] - '0');
    }
    return pos > start && (name[start] != '0' || pos == start + 1);
  };
  if (name.compare(0, 3, "dim") != 0)
    return false;
  size_t pos = 3;
  int64_t d = 0;
  if (!number(pos, d) || pos >= name.size() || name[pos++] != '_' ||
      !number(pos, r) || pos != name.size())
    return false;
  dim = size_t(d);
  return true;
}

int64_t SwitchTable::dimsSwitch(size_t dim, int64_t r) const {
  if (dim >= firstOfDim.size() || firstOfDim[dim] < 0 || r < 0 ||
      r >= n / spec.dims[dim].size)
    return -1;
  return firstOfDim[dim] + r;
}

int64_t SwitchTable::find(const std::string &name) const {
  size_t dim;
  int64_t r;
  // In a network with dims, dimD_R names only dims switches.
  if (!spec.dims.empty() && parseDimsName(name, dim, r))
    return dimsSwitch(dim, r);
  auto it = std::lower_bound(
      sortedNames.begin(), sortedNames.end(), name,
      [](const std::pair<std::string, size_t> &e, const std::string &key) {
        return e.first < key;
      });
  if (it == sortedNames.end() || it->first != name)
    return -1;
  return explicitNode(it->second);
}

std::string SwitchTable::whyNotDims(const std::string &name) const {
  size_t dim;
  int64_t r;
  if (spec.dims.empty() || !parseDimsName(name, dim, r))
    return "";
  if (dim >= spec.dims.size())
    return "the network has " + std::to_string(spec.dims.size()) +
           (spec.dims.size() == 1 ? " dimension" : " dimensions");
  const DimSpec &d = spec.dims[dim];
  std::string which = "dimension " + std::to_string(dim);
  if (d.kind != DimKind::Switch)
    return which + " is " + dimKindName(d.kind) + "(" +
           std::to_string(d.size) + "), not a switch";
  int64_t count = n / d.size;
  return which + " has " + std::to_string(count) +
         (count == 1 ? " switch (" : " switches (") + "dim" +
         std::to_string(dim) + "_0 .. dim" + std::to_string(dim) + "_" +
         std::to_string(count - 1) + ")";
}

namespace {

uint64_t saturatingAdd(uint64_t a, uint64_t b) {
  return a > std::numeric_limits<uint64_t>::max() - b
             ? std::numeric_limits<uint64_t>::max()
             : a + b;
}

/// Directed links dimension d generates over a product of n NPUs: one block
/// per combination of the other coordinates. Every term is at most
/// n * size <= 10^12, so nothing overflows.
uint64_t dimLinkCount(const DimSpec &d, int64_t n) {
  const uint64_t size = uint64_t(d.size), blocks = uint64_t(n) / size;
  switch (d.kind) {
  case DimKind::Line:
    return blocks * 2 * (size - 1);
  case DimKind::Ring:
    // ring(2) is one link pair, ring(1) none.
    return blocks * (size > 2 ? 2 * size : 2 * (size - 1));
  case DimKind::UniRing:
    return blocks * (size > 1 ? size : 0);
  case DimKind::FullyConnected:
    return blocks * size * (size - 1);
  case DimKind::Switch:
    return 2 * uint64_t(n); // an uplink and a downlink per NPU
  }
  return 0;
}

} // namespace

uint64_t countLinks(const TopologySpec &spec) {
  int64_t n = numNpus(spec);
  if (n < 0 || (!spec.dims.empty() && n == 0))
    return 0;
  uint64_t count = 0;
  for (const DimSpec &d : spec.dims)
    count = saturatingAdd(count, dimLinkCount(d, n));
  for (const ExplicitLink &l : spec.links)
    count = saturatingAdd(count, l.bidirectional ? 2 : 1);
  for (const SwitchSpec &s : spec.switches)
    count = saturatingAdd(
        count, 2 * (uint64_t(s.ports.size()) + s.switchPorts.size()));
  if (spec.drops.empty() || count == std::numeric_limits<uint64_t>::max())
    return count;
  // A drop removes every NPU link src -> dst: the dims link, if any, and
  // each explicit one. Dropping a pair twice removes it once.
  std::unordered_set<uint64_t> dropped;
  for (const DropSpec &d : spec.drops) {
    dropped.insert(pairKey(d.src, d.dst));
    if (d.bidirectional)
      dropped.insert(pairKey(d.dst, d.src));
  }
  uint64_t removed = 0;
  for (uint64_t key : dropped)
    removed += isDimsLink(spec.dims, int64_t(key >> 32),
                          int64_t(key & 0xffffffffu));
  for (const ExplicitLink &l : spec.links) {
    if (l.touchesSwitch()) // a drop names NPUs only
      continue;
    removed += dropped.count(pairKey(l.src, l.dst));
    if (l.bidirectional)
      removed += dropped.count(pairKey(l.dst, l.src));
  }
  return count - std::min(count, removed);
}

namespace {

/// Checks one description item kind after another, collecting every error.
/// Links that pass (explicit ones and the ports switches list) are
/// remembered by node pair, so later links, switches and drops see them.
/// Switch lists are taken in before explicit links, so a link that repeats
/// a listed port is the duplicate; errors are put in op order at the end.
class SpecChecker {
public:
  explicit SpecChecker(const TopologySpec &spec) : spec(spec), table(spec) {}

  std::vector<SpecError> run() {
    // Without a valid NPU count nothing else can be checked.
    if (!checkNpuCount())
      return std::move(errors);
    strides = dimStridesOf(spec.dims);
    neighbours.assign(spec.switches.size(), {});
    failedSwitch.assign(spec.switches.size(), false);
    checkSwitchNames();
    checkSwitchLists();
    checkLinks();
    checkSwitchPortCounts();
    checkDrops();
    checkLinkCount();
    return inOpOrder(std::move(errors));
  }

private:
  using Item = SpecError::Item;

  /// By item kind, then index; the order found among equals (a stable sort,
  /// which libstdc++ implements with a deprecated buffer).
  static std::vector<SpecError> inOpOrder(std::vector<SpecError> found) {
    std::vector<size_t> order(found.size());
    for (size_t i = 0; i < order.size(); ++i)
      order[i] = i;
    std::sort(order.begin(), order.end(), [&](size_t a, size_t b) {
      return std::make_tuple(found[a].item, found[a].index, a) <
             std::make_tuple(found[b].item, found[b].index, b);
    });
    std::vector<SpecError> sorted;
    sorted.reserve(found.size());
    for (size_t i : order)
      sorted.push_back(std::move(found[i]));
    return sorted;
  }

  void report(Item item, size_t index, std::string message) {
    errors.push_back({item, index, std::move(message)});
  }
  void reportSwitch(size_t index, std::string message) {
    failedSwitch[index] = true;
    report(Item::Switch, index, std::move(message));
  }

  bool inRange(int64_t id) const { return id >= 0 && id < n; }
  bool isNpu(int64_t node) const { return node < n; }

  /// Whether topo.dims makes a link a -> b (NPUs, or an NPU and its
  /// dimension switch).
  bool generated(int64_t a, int64_t b) const {
    if (isNpu(a) && isNpu(b))
      return isDimsLink(spec.dims, a, b);
    if (isNpu(a) == isNpu(b))
      return false;
    int64_t npu = isNpu(a) ? a : b, sw = isNpu(a) ? b : a;
    for (size_t d = 0; d < spec.dims.size(); ++d) {
      if (spec.dims[d].kind != DimKind::Switch)
        continue;
      const int64_t s = strides[d], size = spec.dims[d].size;
      if (table.dimsSwitch(d, npu % s + npu / (s * size) * s) == sw)
        return true;
    }
    return false;
  }

  bool exists(int64_t a, int64_t b) const {
    return explicitLinks.count(pairKey(a, b)) || generated(a, b);
  }

  /// `3` or `@nvs` (`switch #2` for an unnamed one).
  std::string nodeName(int64_t node) const {
    if (isNpu(node))
      return std::to_string(node);
    int64_t index = node - table.explicitNode(0);
    if (index >= 0 && !spec.switches[size_t(index)].name.empty())
      return "@" + spec.switches[size_t(index)].name;
    if (index >= 0)
      return "switch #" + std::to_string(index);
    for (size_t d = 0; d < spec.dims.size(); ++d) {
      int64_t first = table.dimsSwitch(d, 0);
      if (first >= 0 && node >= first && table.dimsSwitch(d, node - first) == node)
        return "@dim" + std::to_string(d) + "_" + std::to_string(node - first);
    }
    return "node " + std::to_string(node);
  }

  std::string arrowOf(int64_t a, int64_t b, bool bidirectional) const {
    return nodeName(a) + (bidirectional ? " <-> " : " -> ") + nodeName(b);
  }

  /// Network-level and per-dimension problems; sets n. Returns whether the
  /// NPU count is known.
  bool checkNpuCount() {
    if (spec.dims.empty() && spec.explicitNpus < 1) {
      report(Item::Network, 0, "network has no NPUs");
      return false;
    }
    if (!spec.dims.empty() && spec.explicitNpus != 0) {
      report(Item::Network, 0,
             "network has both dims and an NPU count; write only one");
      return false;
    }
    bool countKnown = checkDims();
    if (spec.dims.empty()) {
      n = spec.explicitNpus;
      if (n > kMaxNpus) {
        report(Item::Network, 0,
               "network has more than " + std::to_string(kMaxNpus) + " NPUs");
        countKnown = false;
      }
    }
    return countKnown;
  }

  /// Each dimension's size and link; multiplies n. Returns whether the
  /// product is known.
  bool checkDims() {
    bool countKnown = true;
    n = 1;
    for (size_t d = 0; d < spec.dims.size(); ++d) {
      const DimSpec &dim = spec.dims[d];
      std::string what = "dimension " + std::to_string(d);
      if (dim.size < 1) {
        report(Item::Dims, d,
               what + " has size " + std::to_string(dim.size) +
                   "; a dimension needs at least 1 NPU");
        countKnown = false;
        continue;
      }
      // The count stays known past per-dimension spec errors, so ids in
      // links are still checked against the right range.
      if (countKnown && dim.size > kMaxNpus / n) {
        report(Item::Dims, d,
               "network has more than " + std::to_string(kMaxNpus) + " NPUs");
        countKnown = false;
        continue;
      }
      if (countKnown)
        n *= dim.size;
      if (dim.kind == DimKind::Switch && dim.size < 2) {
        report(Item::Dims, d,
               "switch(" + std::to_string(dim.size) +
                   ") needs at least 2 ports");
        continue;
      }
      std::string err = checkLinkSpec(dim.link, what);
      if (!err.empty())
        report(Item::Dims, d, err);
    }
    return countKnown;
  }

  /// Names defined twice, and `dimD_R` names, which a network with dims
  /// keeps for its dimension switches.
  void checkSwitchNames() {
    std::unordered_set<std::string> seen;
    size_t dim;
    int64_t r;
    for (size_t i = 0; i < spec.switches.size(); ++i) {
      const std::string &name = spec.switches[i].name;
      if (name.empty())
        continue;
      if (!seen.insert(name).second)
        reportSwitch(i, "redefines switch @" + name);
      else if (!spec.dims.empty() && SwitchTable::parseDimsName(name, dim, r))
        reportSwitch(i, "switch name @" + name +
                            " is reserved: topo.dims names its switches "
                            "dimD_R (dimension D, the R-th switch)");
    }
  }

  /// Each switch's own list: NPUs in range and listed once, switches that
  /// exist, not itself and listed once, the pair not listed by both
  /// switches, a valid spec. The listed ports are remembered as links.
  void checkSwitchLists() {
    for (size_t i = 0; i < spec.switches.size(); ++i) {
      if (failedSwitch[i])
        continue;
      const SwitchSpec &s = spec.switches[i];
      const int64_t self = table.explicitNode(i);
      std::string err = checkNpuPorts(s, switchWhat(s, i));
      if (err.empty())
        err = checkSwitchPorts(s, i);
      if (err.empty() && (!s.ports.empty() || !s.switchPorts.empty()))
        err = checkLinkSpec(s.link, switchWhat(s, i) + " port");
      if (!err.empty()) {
        reportSwitch(i, err);
        continue;
      }
      for (int64_t p : s.ports)
        addPort(self, p);
      for (const std::string &name : s.switchPorts)
        addPort(self, table.find(name));
    }
  }

  /// The first NPU port out of range or listed twice, or "".
  std::string checkNpuPorts(const SwitchSpec &s, const std::string &what) const {
    std::unordered_set<int64_t> seen;
    seen.reserve(s.ports.size());
    for (int64_t p : s.ports) {
      if (!inRange(p))
        return outOfRange(p, n);
      if (!seen.insert(p).second)
        return what + " lists npu " + std::to_string(p) + " twice";
    }
    return "";
  }

  /// The first switch port that is unknown, this switch, listed twice, or
  /// a pair the other switch lists already; or "".
  std::string checkSwitchPorts(const SwitchSpec &s, size_t index) const {
    const std::string what = switchWhat(s, index);
    const int64_t self = table.explicitNode(index);
    std::unordered_set<int64_t> seen;
    for (const std::string &name : s.switchPorts) {
      int64_t other = table.find(name);
      if (other < 0) {
        std::string why = table.whyNotDims(name);
        return what + " lists an unknown switch @" + name +
               (why.empty() ? "" : ": " + why);
      }
      if (other == self)
        return what + " lists itself";
      if (!seen.insert(other).second)
        return what + " lists switch @" + name + " twice";
      if (explicitLinks.count(pairKey(self, other)))
        return what + " lists @" + name + ", which lists " +
               nodeName(self) + " already; write topo.link " +
               nodeName(self) + " <-> @" + name +
               " ... parallel for a second link pair";
    }
    return "";
  }

  /// A port of switch `sw` to node `other`: a link each way.
  void addPort(int64_t sw, int64_t other) {
    ++explicitLinks[pairKey(sw, other)];
    ++explicitLinks[pairKey(other, sw)];
    noteNeighbours(sw, other);
  }

  void noteNeighbours(int64_t a, int64_t b) {
    const int64_t first = table.explicitNode(0);
    if (a >= first)
      neighbours[size_t(a - first)].insert(b);
    if (b >= first)
      neighbours[size_t(b - first)].insert(a);
  }

  /// The node an end of link i names, or -1 after reporting why not.
  int64_t resolveEnd(size_t i, int64_t npu, const std::string &name) {
    if (name.empty())
      return npu;
    int64_t node = table.find(name);
    if (node < 0) {
      std::string why = table.whyNotDims(name);
      report(Item::Link, i,
             "unknown switch @" + name + (why.empty() ? "" : ": " + why));
    }
    return node;
  }

  void checkLinks() {
    explicitLinks.reserve(explicitLinks.size() + spec.links.size() * 2);
    for (size_t i = 0; i < spec.links.size(); ++i) {
      const ExplicitLink &l = spec.links[i];
      if ((!l.srcIsSwitch() && !inRange(l.src)) ||
          (!l.dstIsSwitch() && !inRange(l.dst))) {
        report(Item::Link, i,
               outOfRange(!l.srcIsSwitch() && !inRange(l.src) ? l.src : l.dst,
                          n));
        continue;
      }
      int64_t a = resolveEnd(i, l.src, l.srcSwitch);
      if (a < 0)
        continue;
      int64_t b = resolveEnd(i, l.dst, l.dstSwitch);
      if (b < 0)
        continue;
      std::string what = "link " + arrowOf(a, b, l.bidirectional);
      if (a == b) {
        report(Item::Link, i, what + " is a self link");
        continue;
      }
      std::string err = checkLinkSpec(l.link, what);
      if (!err.empty()) {
        report(Item::Link, i, err);
        continue;
      }
      if (!l.parallel && reportDuplicate(a, b, l.bidirectional, i))
        continue;
      if (l.touchesSwitch())
        noteNeighbours(a, b);
      // Past the limit, only the first link says so (the next ones would
      // repeat it).
      bool forward = countParallel(a, b);
      bool backward = l.bidirectional && countParallel(b, a);
      if (forward)
        reportTooManyParallel(a, b, i);
      else if (backward)
        reportTooManyParallel(b, a, i);
    }
  }

  /// Counts one more link a -> b; true if it is the first past
  /// kMaxParallelLinks (the dims link, if any, is one of them).
  bool countParallel(int64_t a, int64_t b) {
    uint32_t count = ++explicitLinks[pairKey(a, b)];
    return count + generated(a, b) == kMaxParallelLinks + 1;
  }

  void reportTooManyParallel(int64_t a, int64_t b, size_t i) {
    auto end = [&](int64_t node) {
      return isNpu(node) ? "npu " + std::to_string(node) : nodeName(node);
    };
    report(Item::Link, i,
           "link " + arrowOf(a, b, false) + " is parallel link " +
               std::to_string(kMaxParallelLinks + 1) + " from " + end(a) +
               " to " + end(b) + "; a pair can have at most " +
               std::to_string(kMaxParallelLinks) +
               " (transfers name them by a 16-bit lane)");
  }

  /// Reports link i if it repeats an earlier link; returns whether it did.
  bool reportDuplicate(int64_t a, int64_t b, bool bidirectional, size_t i) {
    std::optional<std::pair<int64_t, int64_t>> dup;
    if (exists(a, b))
      dup = {a, b};
    else if (bidirectional && exists(b, a))
      dup = {b, a};
    if (!dup)
      return false;
    report(Item::Link, i,
           "duplicate link " + arrowOf(dup->first, dup->second, false) +
               "; write 'parallel' to add a parallel link");
    return true;
  }

  /// Explicit switches with fewer than 2 distinct neighbours over their
  /// list, the switches naming them and the links ending at them (a dims
  /// switch has its >= 2 NPUs).
  void checkSwitchPortCounts() {
    for (size_t i = 0; i < spec.switches.size(); ++i) {
      size_t ports = neighbours[i].size();
      if (failedSwitch[i] || ports >= 2)
        continue;
      reportSwitch(i, switchWhat(spec.switches[i], i) + " has " +
                          std::to_string(ports) +
                          (ports == 1 ? " port" : " ports") +
                          "; a switch needs at least 2");
    }
  }

  void checkDrops() {
    for (size_t i = 0; i < spec.drops.size(); ++i) {
      const DropSpec &d = spec.drops[i];
      if (!inRange(d.src) || !inRange(d.dst)) {
        report(Item::Drop, i, outOfRange(inRange(d.src) ? d.dst : d.src, n));
        continue;
      }
      std::string what = "topo.drop " + arrow(d.src, d.dst, d.bidirectional);
      bool forward = exists(d.src, d.dst);
      bool backward = d.bidirectional && exists(d.dst, d.src);
      if (!forward && (!d.bidirectional || !backward))
        report(Item::Drop, i, what + " removes no link");
      else if (d.bidirectional && !forward)
        report(Item::Drop, i,
               what + " removes no link " + arrow(d.src, d.dst, false));
      else if (d.bidirectional && !backward)
        report(Item::Drop, i,
               what + " removes no link " + arrow(d.dst, d.src, false));
      // A drop that repeats earlier ones removes nothing either.
      else if (!dropped.insert(pairKey(d.src, d.dst)).second &&
               (!d.bidirectional ||
                !dropped.insert(pairKey(d.dst, d.src)).second))
        report(Item::Drop, i, what + " removes no link: an earlier topo.drop "
                                     "removed it");
      else if (d.bidirectional)
        dropped.insert(pairKey(d.dst, d.src));
    }
  }

  /// The closed-form link count against kMaxLinks, so that a description
  /// such as fully_connected(100000) is refused before anything allocates
  /// its 10^10 links. The problem is the dims' (or the network's, without
  /// dims): it goes after the other problems of those items, in op order.
  void checkLinkCount() {
    uint64_t links = countLinks(spec);
    if (links <= uint64_t(kMaxLinks))
      return;
    Item item = spec.dims.empty() ? Item::Network : Item::Dims;
    auto at = std::find_if(errors.begin(), errors.end(), [&](const SpecError &e) {
      return e.item != Item::Network && e.item != item;
    });
    errors.insert(at, {item, 0,
                       "network has " + std::to_string(links) +
                           " directed links, more than the limit of " +
                           std::to_string(kMaxLinks)});
  }

  const TopologySpec &spec;
  /// Built before the NPU count is checked; used only once it is known.
  const SwitchTable table;
  std::vector<int64_t> strides;
  std::vector<SpecError> errors;
  int64_t n = 0;
  /// Links per ordered node pair, as pairKey -> how many: explicit links
  /// and the ports switches list (dims links are recognised arithmetically).
  std::unordered_map<uint64_t, uint32_t> explicitLinks;
  /// Distinct neighbours of each explicit switch.
  std::vector<std::unordered_set<int64_t>> neighbours;
  std::vector<bool> failedSwitch;
  /// The directed pairs earlier topo.drop ops removed.
  std::unordered_set<uint64_t> dropped;
};

} // namespace

std::vector<SpecError> check(const TopologySpec &spec) {
  return SpecChecker(spec).run();
}

} // namespace tacos
