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

#include <optional>
#include <string>
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

namespace {

/// Checks one description item kind after another, collecting every error.
/// Explicit links that pass are remembered, so later links, switches and
/// drops see them.
class SpecChecker {
public:
  explicit SpecChecker(const TopologySpec &spec) : spec(spec) {}

  std::vector<SpecError> run() {
    // Without a valid NPU count nothing else can be checked.
    if (!checkNpuCount())
      return std::move(errors);
    checkLinks();
    checkSwitches();
    checkDrops();
    return std::move(errors);
  }

private:
  using Item = SpecError::Item;

  void report(Item item, size_t index, std::string message) {
    errors.push_back({item, index, std::move(message)});
  }

  bool inRange(int64_t id) const { return id >= 0 && id < n; }

  bool exists(int64_t a, int64_t b) const {
    return explicitLinks.count(pairKey(a, b)) || isDimsLink(spec.dims, a, b);
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

  void checkLinks() {
    explicitLinks.reserve(spec.links.size() * 2);
    for (size_t i = 0; i < spec.links.size(); ++i) {
      const ExplicitLink &l = spec.links[i];
      if (!inRange(l.src) || !inRange(l.dst)) {
        report(Item::Link, i, outOfRange(inRange(l.src) ? l.dst : l.src, n));
        continue;
      }
      std::string what = "link " + arrow(l.src, l.dst, l.bidirectional);
      if (l.src == l.dst) {
        report(Item::Link, i, what + " is a self link");
        continue;
      }
      std::string err = checkLinkSpec(l.link, what);
      if (!err.empty()) {
        report(Item::Link, i, err);
        continue;
      }
      if (!l.parallel && reportDuplicate(l, i))
        continue;
      explicitLinks.insert(pairKey(l.src, l.dst));
      if (l.bidirectional)
        explicitLinks.insert(pairKey(l.dst, l.src));
    }
  }

  /// Reports link i if it repeats an earlier link; returns whether it did.
  bool reportDuplicate(const ExplicitLink &l, size_t i) {
    std::optional<std::pair<int64_t, int64_t>> dup;
    if (exists(l.src, l.dst))
      dup = {l.src, l.dst};
    else if (l.bidirectional && exists(l.dst, l.src))
      dup = {l.dst, l.src};
    if (!dup)
      return false;
    report(Item::Link, i,
           "duplicate link " + arrow(dup->first, dup->second, false) +
               "; write 'parallel' to add a parallel link");
    return true;
  }

  void checkSwitches() {
    for (size_t i = 0; i < spec.switches.size(); ++i) {
      const SwitchSpec &s = spec.switches[i];
      std::string what = switchWhat(s, i);
      if (s.ports.size() < 2) {
        report(Item::Switch, i,
               what + " has " + std::to_string(s.ports.size()) +
                   (s.ports.size() == 1 ? " port" : " ports") +
                   "; a switch needs at least 2");
        continue;
      }
      std::string err = checkPorts(s, what);
      if (err.empty())
        err = checkLinkSpec(s.link, what + " port");
      if (!err.empty())
        report(Item::Switch, i, err);
    }
  }

  /// The first port out of range or listed twice, or "".
  std::string checkPorts(const SwitchSpec &s, const std::string &what) const {
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

  const TopologySpec &spec;
  std::vector<SpecError> errors;
  int64_t n = 0;
  std::unordered_set<uint64_t> explicitLinks;
  /// The directed pairs earlier topo.drop ops removed.
  std::unordered_set<uint64_t> dropped;
};

} // namespace

std::vector<SpecError> check(const TopologySpec &spec) {
  return SpecChecker(spec).run();
}

} // namespace tacos
