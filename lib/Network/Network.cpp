//===- Network.cpp - The network model the core works on -------*- C++ -*-===//
//
// Building is linear in the number of links: links are generated without
// per-link strings or maps, then put in (src, dst) order by two stable
// counting sorts (by dst, then by src), which also yields the CSR offsets.
//
//===----------------------------------------------------------------------===//

#include "tacos/Network/Network.h"
#include "tacos/Network/Quantity.h"
#include "tacos/Network/ShortestPaths.h"

#include <algorithm>
#include <cassert>
#include <cmath>
#include <limits>
#include <queue>
#include <unordered_set>
#include <utility>

namespace tacos {

//===----------------------------------------------------------------------===//
// NetworkBuilder
//===----------------------------------------------------------------------===//

NetworkBuilder::NetworkBuilder(uint32_t numNpus) : npus(numNpus) {}

NodeId NetworkBuilder::addSwitch(std::string name, std::vector<NodeId> ports) {
  switches.push_back({std::move(name), std::move(ports)});
  return NodeId(npus + switches.size() - 1);
}

void NetworkBuilder::reserveLinks(size_t n) {
  linkSrc.reserve(n);
  linkDst.reserve(n);
  linkBandwidth.reserve(n);
  linkLatency.reserve(n);
  linkTier.reserve(n);
}

void NetworkBuilder::addLink(NodeId src, NodeId dst, const LinkSpec &spec) {
  assert(src < npus + switches.size() && dst < npus + switches.size() &&
         "link endpoint is not a node");
  // Networks use a handful of tiers, so a linear scan beats hashing; the
  // untiered case (almost every link) costs one emptiness test.
  uint16_t tier = 0;
  if (!spec.tier.empty()) {
    auto it = std::find(tiers.begin() + 1, tiers.end(), spec.tier);
    if (it == tiers.end()) {
      assert(tiers.size() <= std::numeric_limits<uint16_t>::max() &&
             "too many tiers");
      tiers.push_back(spec.tier);
      it = tiers.end() - 1;
    }
    tier = uint16_t(it - tiers.begin());
  }
  linkSrc.push_back(src);
  linkDst.push_back(dst);
  linkBandwidth.push_back(spec.bandwidthBps);
  linkLatency.push_back(spec.latencyPs);
  linkTier.push_back(tier);
}

namespace {

/// Turns per-node counts (at index node + 1) into CSR offsets.
void prefixSum(std::vector<uint32_t> &offsets) {
  for (size_t n = 1; n < offsets.size(); ++n)
    offsets[n] += offsets[n - 1];
}

template <typename T>
std::vector<T> gather(const std::vector<T> &from,
                      const std::vector<LinkId> &order) {
  std::vector<T> to(order.size());
  for (size_t k = 0; k < order.size(); ++k)
    to[k] = from[order[k]];
  return to;
}

} // namespace

/// Appends to each switch's ports the neighbours its links have and the
/// list does not, by increasing id. Linear in the links.
void NetworkBuilder::completeSwitchPorts(const Network &net,
                                         std::vector<Network::Switch> &all) {
  // listed[v] == s + 1: v is a port of switch s already.
  std::vector<uint32_t> listed(net.numNodes(), 0);
  std::vector<NodeId> extra;
  for (size_t s = 0; s < all.size(); ++s) {
    const NodeId node = npus + NodeId(s);
    const uint32_t stamp = uint32_t(s + 1);
    for (NodeId p : all[s].ports)
      listed[p] = stamp;
    extra.clear();
    auto note = [&](NodeId v) {
      if (listed[v] != stamp) {
        listed[v] = stamp;
        extra.push_back(v);
      }
    };
    for (LinkId l : net.outLinks(node))
      note(net.linkDst[l]);
    for (LinkId l : net.inLinks(node))
      note(net.linkSrc[l]);
    std::sort(extra.begin(), extra.end());
    all[s].ports.insert(all[s].ports.end(), extra.begin(), extra.end());
  }
}

// Memory traffic, not arithmetic, is what building costs (first touches of
// fresh pages dominate), so links already in (src, dst) order are moved into
// the Network as they are and only out-of-order input pays for a sort.
Network NetworkBuilder::build(std::vector<LinkId> *added) {
  Network net;
  const uint32_t numNodes = npus + uint32_t(switches.size());
  const size_t numLinks = linkSrc.size();
  assert(numLinks <= std::numeric_limits<LinkId>::max() && "too many links");

  bool sorted = true;
  for (size_t i = 1; i < numLinks && sorted; ++i)
    sorted = linkSrc[i - 1] < linkSrc[i] ||
             (linkSrc[i - 1] == linkSrc[i] && linkDst[i - 1] <= linkDst[i]);

  std::vector<uint32_t> offsets(numNodes + 1, 0);
  for (NodeId s : linkSrc)
    ++offsets[s + 1];
  prefixSum(offsets);

  if (sorted) {
    if (added) {
      added->resize(numLinks);
      for (size_t k = 0; k < numLinks; ++k)
        (*added)[k] = LinkId(k);
    }
    net.linkSrc = std::move(linkSrc);
    net.linkDst = std::move(linkDst);
    net.linkBandwidth = std::move(linkBandwidth);
    net.linkLatency = std::move(linkLatency);
    net.linkTier = std::move(linkTier);
  } else {
    // Stable LSD sort by (src, dst): by dst, then by src. Equal pairs
    // (parallel links) keep their order of appearance.
    std::vector<uint32_t> byDstOffsets(numNodes + 1, 0);
    for (NodeId d : linkDst)
      ++byDstOffsets[d + 1];
    prefixSum(byDstOffsets);
    std::vector<LinkId> byDst(numLinks), order(numLinks);
    for (size_t i = 0; i < numLinks; ++i)
      byDst[byDstOffsets[linkDst[i]]++] = LinkId(i);
    std::vector<uint32_t> next(offsets.begin(), offsets.end() - 1);
    for (LinkId i : byDst)
      order[next[linkSrc[i]]++] = i;
    net.linkSrc = gather(linkSrc, order);
    net.linkDst = gather(linkDst, order);
    net.linkBandwidth = gather(linkBandwidth, order);
    net.linkLatency = gather(linkLatency, order);
    net.linkTier = gather(linkTier, order);
    if (added)
      *added = std::move(order);
  }
  net.npus = npus;
  net.outOffsets = offsets;

  // NaN (undecided) propagates through the sums, as documented.
  net.ingress.assign(numNodes, 0.0);
  net.egress.assign(numNodes, 0.0);
  for (size_t k = 0; k < numLinks; ++k) {
    net.egress[net.linkSrc[k]] += net.linkBandwidth[k];
    net.ingress[net.linkDst[k]] += net.linkBandwidth[k];
  }

  // Out-links are the id order itself; in-links are a stable counting sort
  // of the ids by dst, so each node's in-links come in increasing src order.
  net.outIds.resize(numLinks);
  for (size_t k = 0; k < numLinks; ++k)
    net.outIds[k] = LinkId(k);
  std::fill(offsets.begin(), offsets.end(), 0);
  for (NodeId d : net.linkDst)
    ++offsets[d + 1];
  prefixSum(offsets);
  net.inOffsets = offsets;
  net.inIds.resize(numLinks);
  for (size_t k = 0; k < numLinks; ++k)
    net.inIds[offsets[net.linkDst[k]]++] = LinkId(k);

  net.tiers = std::move(tiers);
  completeSwitchPorts(net, switches);
  net.switches = std::move(switches);
  net.pureDims = std::move(dims);
  *this = NetworkBuilder(npus);
  return net;
}

//===----------------------------------------------------------------------===//
// buildNetwork
//===----------------------------------------------------------------------===//

namespace {

/// Mixed-radix strides of the NPU ids: dimension 0 varies fastest.
std::vector<int64_t> dimStrides(const std::vector<DimSpec> &dims) {
  std::vector<int64_t> strides(dims.size());
  for (size_t d = 0, s = 1; d < dims.size(); s *= size_t(dims[d].size), ++d)
    strides[d] = int64_t(s);
  return strides;
}

/// The ports of the switch of dimension d whose other coordinates have
/// mixed-radix id r: r's low digits are the dimensions below d, its high
/// digits the ones above; the digit of d runs over the ports.
std::vector<NodeId> dimSwitchPorts(const std::vector<DimSpec> &dims,
                                   const std::vector<int64_t> &strides,
                                   size_t d, int64_t r) {
  const int64_t size = dims[d].size, stride = strides[d];
  const int64_t base = r % stride + (r / stride) * stride * size;
  std::vector<NodeId> ports(static_cast<size_t>(size));
  for (int64_t i = 0; i < size; ++i)
    ports[size_t(i)] = NodeId(base + i * stride);
  return ports;
}

/// Where each dimension's switches start and where the explicit switches
/// start.
struct SwitchIds {
  std::vector<NodeId> firstOfDim;
  NodeId firstExplicit;
};

/// Switch nodes must exist before links to them are added: dimension
/// switches in order of dimension, then of the other coordinates'
/// mixed-radix id; then explicit switches.
SwitchIds addSwitches(NetworkBuilder &builder, const TopologySpec &spec,
                      const std::vector<int64_t> &strides, int64_t n) {
  const std::vector<DimSpec> &dims = spec.dims;
  SwitchIds ids{std::vector<NodeId>(dims.size(), 0), NodeId(n)};
  for (size_t d = 0; d < dims.size(); ++d) {
    if (dims[d].kind != DimKind::Switch)
      continue;
    ids.firstOfDim[d] = ids.firstExplicit;
    for (int64_t r = 0, e = n / dims[d].size; r < e; ++r)
      ids.firstExplicit =
          builder.addSwitch(dimSwitchName(d, r),
                            dimSwitchPorts(dims, strides, d, r)) +
          1;
  }
  const SwitchTable table(spec);
  for (const SwitchSpec &s : spec.switches) {
    std::vector<NodeId> ports(s.ports.begin(), s.ports.end());
    for (const std::string &name : s.switchPorts)
      ports.push_back(NodeId(table.find(name)));
    builder.addSwitch(s.name, std::move(ports));
  }
  return ids;
}

/// Adds NPU-to-NPU links unless the spec drops them.
class DroppingAdder {
public:
  DroppingAdder(NetworkBuilder &builder, const std::vector<DropSpec> &drops)
      : builder(builder) {
    for (const DropSpec &d : drops) {
      dropped.insert((uint64_t(d.src) << 32) | uint64_t(d.dst));
      if (d.bidirectional)
        dropped.insert((uint64_t(d.dst) << 32) | uint64_t(d.src));
    }
  }

  void operator()(int64_t a, int64_t b, const LinkSpec &l) {
    if (!dropped.empty() && dropped.count((uint64_t(a) << 32) | uint64_t(b)))
      return;
    builder.addLink(NodeId(a), NodeId(b), l);
  }

private:
  NetworkBuilder &builder;
  std::unordered_set<uint64_t> dropped;
};

/// NPU a's links to lower ids, from the highest dimension down, in
/// increasing dst order.
void addBackwardSteps(DroppingAdder &add, const std::vector<DimSpec> &dims,
                      const std::vector<int64_t> &strides,
                      const std::vector<int64_t> &coord, int64_t a) {
  for (size_t d = dims.size(); d-- > 0;) {
    const DimSpec &dim = dims[d];
    const int64_t size = dim.size, s = strides[d], c = coord[d];
    switch (dim.kind) {
    case DimKind::Line:
      if (c > 0)
        add(a, a - s, dim.link);
      break;
    case DimKind::Ring:
      // ring(2) has one link pair: its wrap-around is the plain step.
      if (size > 2 && c == size - 1)
        add(a, a - (size - 1) * s, dim.link);
      if (c > 0)
        add(a, a - s, dim.link);
      break;
    case DimKind::UniRing:
      if (size > 1 && c == size - 1)
        add(a, a - (size - 1) * s, dim.link);
      break;
    case DimKind::FullyConnected:
      for (int64_t o = 0; o < c; ++o)
        add(a, a + (o - c) * s, dim.link);
      break;
    case DimKind::Switch:
      break;
    }
  }
}

/// NPU a's links to higher ids, from the lowest dimension up, in increasing
/// dst order.
void addForwardSteps(DroppingAdder &add, const std::vector<DimSpec> &dims,
                     const std::vector<int64_t> &strides,
                     const std::vector<int64_t> &coord, int64_t a) {
  for (size_t d = 0; d < dims.size(); ++d) {
    const DimSpec &dim = dims[d];
    const int64_t size = dim.size, s = strides[d], c = coord[d];
    switch (dim.kind) {
    case DimKind::Line:
    case DimKind::UniRing:
      if (c + 1 < size)
        add(a, a + s, dim.link);
      break;
    case DimKind::Ring:
      if (c + 1 < size)
        add(a, a + s, dim.link);
      if (size > 2 && c == 0)
        add(a, a + (size - 1) * s, dim.link);
      break;
    case DimKind::FullyConnected:
      for (int64_t o = c + 1; o < size; ++o)
        add(a, a + (o - c) * s, dim.link);
      break;
    case DimKind::Switch:
      break;
    }
  }
}

/// NPU a's uplinks to its dimension switches. Uplinks come last among a's
/// links: switch ids are above every NPU id and grow with the dimension.
void addUplinks(NetworkBuilder &builder, const std::vector<DimSpec> &dims,
                const std::vector<int64_t> &strides,
                const std::vector<NodeId> &firstSwitch, int64_t a) {
  for (size_t d = 0; d < dims.size(); ++d) {
    if (dims[d].kind != DimKind::Switch)
      continue;
    const int64_t s = strides[d], size = dims[d].size;
    const int64_t r = a % s + a / (s * size) * s;
    builder.addLink(NodeId(a), firstSwitch[d] + NodeId(r), dims[d].link);
  }
}

/// Every NPU's dims links, NPU by NPU in increasing dst order, so that a
/// pure product needs no sorting. A step along dimension d is a multiple of
/// stride_d, and stride_d > (size_{d-1} - 1) * stride_{d-1} bounds every
/// step along a lower dimension; so backward steps come first from the
/// highest dimension down, then forward steps from the lowest up.
void addNpuDimLinks(NetworkBuilder &builder, DroppingAdder &add,
                    const std::vector<DimSpec> &dims,
                    const std::vector<int64_t> &strides,
                    const std::vector<NodeId> &firstSwitch, int64_t n) {
  std::vector<int64_t> coord(dims.size(), 0);
  for (int64_t a = 0; a < n; ++a) {
    addBackwardSteps(add, dims, strides, coord, a);
    addForwardSteps(add, dims, strides, coord, a);
    addUplinks(builder, dims, strides, firstSwitch, a);
    for (size_t d = 0; d < dims.size() && ++coord[d] == dims[d].size; ++d)
      coord[d] = 0;
  }
}

/// Downlinks of dimension switches, by switch then port: still sorted.
void addDimSwitchDownlinks(NetworkBuilder &builder,
                           const std::vector<DimSpec> &dims,
                           const std::vector<int64_t> &strides,
                           const std::vector<NodeId> &firstSwitch, int64_t n) {
  for (size_t d = 0; d < dims.size(); ++d) {
    if (dims[d].kind != DimKind::Switch)
      continue;
    for (int64_t r = 0, e = n / dims[d].size; r < e; ++r) {
      const NodeId sw = firstSwitch[d] + NodeId(r);
      for (NodeId p : dimSwitchPorts(dims, strides, d, r))
        builder.addLink(sw, p, dims[d].link);
    }
  }
}

/// Explicit switches' ports, a link each way, switch by switch: NPUs, then
/// the switches each names.
void addExplicitSwitchLinks(NetworkBuilder &builder, const TopologySpec &spec,
                            const SwitchTable &table) {
  for (size_t i = 0; i < spec.switches.size(); ++i) {
    const SwitchSpec &s = spec.switches[i];
    const NodeId sw = NodeId(table.explicitNode(i));
    auto port = [&](NodeId p) {
      builder.addLink(p, sw, s.link);
      builder.addLink(sw, p, s.link);
    };
    for (int64_t p : s.ports)
      port(NodeId(p));
    for (const std::string &name : s.switchPorts)
      port(NodeId(table.find(name)));
  }
}

/// Explicit links: between NPUs through the drops, with a switch end as
/// they are (a drop names NPUs only).
void addExplicitLinks(NetworkBuilder &builder, DroppingAdder &add,
                      const TopologySpec &spec, const SwitchTable &table) {
  for (const ExplicitLink &l : spec.links) {
    if (!l.touchesSwitch()) {
      add(l.src, l.dst, l.link);
      if (l.bidirectional)
        add(l.dst, l.src, l.link);
      continue;
    }
    NodeId a = NodeId(l.srcIsSwitch() ? table.find(l.srcSwitch) : l.src);
    NodeId b = NodeId(l.dstIsSwitch() ? table.find(l.dstSwitch) : l.dst);
    builder.addLink(a, b, l.link);
    if (l.bidirectional)
      builder.addLink(b, a, l.link);
  }
}

} // namespace

Network buildNetwork(const TopologySpec &spec) {
  const int64_t n = numNpus(spec);
  assert(n >= 1 && n <= kMaxNpus && "buildNetwork needs a checked spec");
  NetworkBuilder builder(static_cast<uint32_t>(n));
  const std::vector<DimSpec> &dims = spec.dims;
  const std::vector<int64_t> strides = dimStrides(dims);

  const SwitchIds switchIds = addSwitches(builder, spec, strides, n);
  // check() refused more than kMaxLinks; the count is exact, so the
  // columns are allocated once.
  const uint64_t links = countLinks(spec);
  assert(links <= uint64_t(kMaxLinks) && "buildNetwork needs a checked spec");
  builder.reserveLinks(size_t(links));

  DroppingAdder add(builder, spec.drops);
  addNpuDimLinks(builder, add, dims, strides, switchIds.firstOfDim, n);
  addDimSwitchDownlinks(builder, dims, strides, switchIds.firstOfDim, n);
  const SwitchTable table(spec);
  assert(table.explicitNode(0) == int64_t(switchIds.firstExplicit) &&
         "switches are numbered as SwitchTable says");
  addExplicitLinks(builder, add, spec, table);
  addExplicitSwitchLinks(builder, spec, table);

  if (!dims.empty() && spec.links.empty() && spec.switches.empty() &&
      spec.drops.empty())
    builder.setProductDims(dims);
  return builder.build();
}

//===----------------------------------------------------------------------===//
// Queries
//===----------------------------------------------------------------------===//

bool Network::hasUndecidedBandwidth() const {
  return std::any_of(linkBandwidth.begin(), linkBandwidth.end(),
                     [](double b) { return std::isnan(b); });
}

int64_t Network::transferTimePs(LinkId l, uint64_t bytes) const {
  constexpr int64_t kNever = std::numeric_limits<int64_t>::max();
  const int64_t lat = linkLatency[l];
  const double bw = linkBandwidth[l];
  if (bytes == 0)
    return lat;
  // An undecided link never finishes; so does anything past int64.
  if (!(bw > 0) || std::isinf(bw))
    return bw > 0 ? lat : kNever;
  // The bandwidth is exactly the rational m * 2^e its double holds (m odd),
  // so ceil(bytes * 10^12 / bw) is computed exactly in 128-bit integers:
  // the same chunk on the same link costs the same picoseconds everywhere,
  // and a transfer of exactly T ps is never rounded to T + 1.
  __extension__ typedef unsigned __int128 u128;
  int exponent;
  double mantissa = std::frexp(bw, &exponent); // bw = mantissa * 2^exponent
  uint64_t m = uint64_t(std::ldexp(mantissa, 53));
  int e = exponent - 53;
  int zeros = __builtin_ctzll(m);
  m >>= zeros;
  e += zeros;
  // bytes < 2^64 and 10^12 < 2^40: the numerator needs at most 104 bits
  // before the shift; beyond 127 bits (absurdly slow links) fall back.
  u128 num = u128(bytes) * 1'000'000'000'000ull, den = m;
  int numBits = 128 - (num >> 64 ? __builtin_clzll(uint64_t(num >> 64))
                                 : 64 + __builtin_clzll(uint64_t(num)));
  int mBits = 64 - __builtin_clzll(m);
  bool exact = e >= 0 ? mBits + e <= 127 : numBits - e <= 127;
  if (exact) {
    if (e >= 0)
      den <<= e;
    else
      num <<= -e;
    u128 t = num / den + (num % den != 0);
    if (t >= u128(kNever - lat))
      return kNever;
    return lat + int64_t(t);
  }
  long double total =
      lat + std::ceil((long double)bytes * 1e12L / (long double)bw);
  // 2^63 is exact in long double; int64 max is not exact in double.
  return total >= 0x1p63L ? kNever : int64_t(total);
}

std::vector<int64_t> Network::shortestLatencies(NodeId source) const {
  std::vector<int64_t> dist = shortestDistances(
      *this, {source}, [&](LinkId l) { return linkLatency[l]; });
  for (int64_t &d : dist)
    if (d == kUnreachable)
      d = -1;
  return dist;
}

std::vector<int32_t> Network::hopDistances(NodeId source) const {
  std::vector<int32_t> dist(numNodes(), -1);
  std::vector<NodeId> queue;
  queue.reserve(numNodes());
  dist[source] = 0;
  queue.push_back(source);
  for (size_t head = 0; head < queue.size(); ++head) {
    NodeId u = queue[head];
    for (LinkId l : outLinks(u)) {
      NodeId v = linkDst[l];
      if (dist[v] < 0) {
        dist[v] = dist[u] + 1;
        queue.push_back(v);
      }
    }
  }
  return dist;
}

std::optional<std::pair<NodeId, NodeId>> Network::findUnreachablePair() const {
  if (npus < 2)
    return std::nullopt;
  // Every NPU reaches NPU 0 and is reached from it iff all NPUs reach each
  // other, so one search in each direction decides it.
  auto search = [&](bool forward) {
    std::vector<char> seen(numNodes(), 0);
    std::vector<NodeId> stack{0};
    seen[0] = 1;
    while (!stack.empty()) {
      NodeId u = stack.back();
      stack.pop_back();
      for (LinkId l : forward ? outLinks(u) : inLinks(u)) {
        NodeId v = forward ? linkDst[l] : linkSrc[l];
        if (!seen[v]) {
          seen[v] = 1;
          stack.push_back(v);
        }
      }
    }
    return seen;
  };
  std::vector<char> reached = search(true);
  for (NodeId b = 1; b < npus; ++b)
    if (!reached[b])
      return std::make_pair(NodeId(0), b);
  std::vector<char> reaching = search(false);
  for (NodeId a = 1; a < npus; ++a)
    if (!reaching[a])
      return std::make_pair(a, NodeId(0));
  return std::nullopt;
}

std::string dimSwitchName(size_t dim, int64_t index) {
  return "dim" + std::to_string(dim) + "_" + std::to_string(index);
}

std::vector<std::string> switchNames(const TopologySpec &spec) {
  std::vector<std::string> names;
  int64_t n = numNpus(spec);
  for (size_t d = 0; d < spec.dims.size(); ++d)
    if (spec.dims[d].kind == DimKind::Switch)
      for (int64_t r = 0, e = n / spec.dims[d].size; r < e; ++r)
        names.push_back(dimSwitchName(d, r));
  for (const SwitchSpec &s : spec.switches)
    names.push_back(s.name);
  return names;
}

Network transposed(const Network &network) {
  NetworkBuilder builder(network.numNpus());
  for (NodeId n = network.numNpus(); n < network.numNodes(); ++n)
    builder.addSwitch(network.switchName(n), network.switchPorts(n));
  builder.reserveLinks(network.numLinks());
  for (LinkId l = 0; l < network.numLinks(); ++l)
    builder.addLink(network.dst(l), network.src(l),
                    {network.bandwidth(l), network.latency(l), network.tier(l)});
  return builder.build();
}

bool isSymmetric(const Network &network) {
  Network reverse = transposed(network);
  if (reverse.numLinks() != network.numLinks())
    return false;
  for (LinkId l = 0; l < network.numLinks(); ++l) {
    bool same = network.src(l) == reverse.src(l) &&
                network.dst(l) == reverse.dst(l) &&
                network.latency(l) == reverse.latency(l) &&
                network.tier(l) == reverse.tier(l) &&
                (network.bandwidth(l) == reverse.bandwidth(l) ||
                 (std::isnan(network.bandwidth(l)) &&
                  std::isnan(reverse.bandwidth(l))));
    if (!same)
      return false;
  }
  return true;
}

} // namespace tacos
