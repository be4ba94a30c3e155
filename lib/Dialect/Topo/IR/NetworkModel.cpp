//===- NetworkModel.cpp - topo IR <-> core network model ------------------===//

#include "tacos/Dialect/Topo/IR/NetworkModel.h"

#include "mlir/IR/Builders.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/StringSet.h"

#include <algorithm>
#include <unordered_set>

using namespace mlir;
using namespace tacos;
using namespace tacos::topo;

NetworkOps topo::collectNetworkOps(NetworkOp network) {
  NetworkOps ops;
  if (network.getBody().empty())
    return ops;
  Block &body = network.getBody().front();
  // A link that ends at an unwound switch is part of the record of the
  // hardware, wherever the switch is written.
  llvm::SmallDenseSet<StringAttr, 8> unwound;
  for (SwitchOp sw : body.getOps<SwitchOp>())
    if (sw.getUnwound() && sw.getNameAttr())
      unwound.insert(sw.getNameAttr());
  auto endsAtUnwound = [&](LinkOp link) {
    for (FlatSymbolRefAttr end : {link.getSrcSwitchAttr(), link.getDstSwitchAttr()})
      if (end && unwound.contains(end.getAttr()))
        return true;
    return false;
  };
  for (Operation &op : body) {
    if (auto dims = dyn_cast<DimsOp>(op))
      ops.dims.push_back(dims);
    else if (auto npus = dyn_cast<NpusOp>(op))
      ops.npus.push_back(npus);
    else if (auto link = dyn_cast<LinkOp>(op))
      (endsAtUnwound(link) ? ops.unwoundLinks : ops.links).push_back(link);
    else if (auto sw = dyn_cast<SwitchOp>(op))
      (sw.getUnwound() ? ops.unwoundSwitches : ops.switches).push_back(sw);
    else if (auto drop = dyn_cast<DropOp>(op))
      ops.drops.push_back(drop);
    else if (auto price = dyn_cast<PriceOp>(op))
      ops.prices.push_back(price);
    else if (auto constraint = dyn_cast<ConstraintOp>(op))
      ops.constraints.push_back(constraint);
  }
  return ops;
}

static bool isViaLink(LinkOp link) { return bool(link->getAttr("via")); }

static std::string nameOf(FlatSymbolRefAttr name) {
  return name ? name.getValue().str() : "";
}

static ExplicitLink readLink(LinkOp link) {
  ExplicitLink l;
  l.src = link.getSrc().value_or(0);
  l.dst = link.getDst().value_or(0);
  l.bidirectional = link.getBidirectional();
  l.parallel = link.getParallel();
  l.link = link.getSpec().getSpec();
  l.srcSwitch = nameOf(link.getSrcSwitchAttr());
  l.dstSwitch = nameOf(link.getDstSwitchAttr());
  return l;
}

static SwitchSpec readSwitch(SwitchOp sw) {
  SwitchSpec s;
  if (sw.getNameAttr())
    s.name = sw.getNameAttr().str();
  s.ports.assign(sw.getPorts().begin(), sw.getPorts().end());
  if (sw.getSpecAttr())
    s.link = sw.getSpecAttr().getSpec();
  if (sw.getSwitchPorts())
    for (FlatSymbolRefAttr name :
         sw.getSwitchPorts()->getAsRange<FlatSymbolRefAttr>())
      s.switchPorts.push_back(nameOf(name));
  return s;
}

TopologySpec topo::readTopologySpec(const NetworkOps &ops) {
  TopologySpec spec;
  if (!ops.dims.empty())
    for (Attribute dim : DimsOp(ops.dims.front()).getDims())
      spec.dims.push_back(cast<DimAttr>(dim).getSpec());
  if (!ops.npus.empty())
    spec.explicitNpus = NpusOp(ops.npus.front()).getCount();
  for (LinkOp link : ops.links)
    spec.links.push_back(readLink(link));
  for (SwitchOp sw : ops.switches)
    spec.switches.push_back(readSwitch(sw));
  for (DropOp drop : ops.drops)
    spec.drops.push_back(
        {drop.getSrc(), drop.getDst(), drop.getBidirectional()});
  return spec;
}

bool topo::isUnwound(const NetworkOps &ops) {
  return llvm::any_of(ops.links, isViaLink);
}

TopologySpec topo::readHardwareSpec(const NetworkOps &ops) {
  TopologySpec spec = readTopologySpec(ops);
  if (!isUnwound(ops))
    return spec;
  spec.links.clear();
  for (LinkOp link : ops.links)
    if (!isViaLink(link))
      spec.links.push_back(readLink(link));
  for (LinkOp link : ops.unwoundLinks)
    spec.links.push_back(readLink(link));
  for (SwitchOp sw : ops.unwoundSwitches)
    spec.switches.push_back(readSwitch(sw));
  return spec;
}

std::optional<Network> topo::buildHardwareModel(NetworkOp network) {
  NetworkOps ops = collectNetworkOps(network);
  if (isUnwound(ops) && ops.unwoundSwitches.empty())
    return std::nullopt;
  TopologySpec spec = readHardwareSpec(ops);
  if (!check(spec).empty())
    return std::nullopt;
  return buildNetwork(spec);
}

/// Emits `errors` of `spec`, read from `ops` with `links` and `switches`
/// the ops its link and switch entries came from, on those ops.
static void emitSpecErrors(NetworkOp network, const NetworkOps &ops,
                           ArrayRef<SpecError> errors, ArrayRef<LinkOp> links,
                           ArrayRef<SwitchOp> switches, StringRef prefix) {
  for (const SpecError &error : errors) {
    Operation *op = network;
    switch (error.item) {
    case SpecError::Item::Network:
      break;
    case SpecError::Item::Dims:
      op = ops.dims.empty() ? network.getOperation() : ops.dims.front();
      break;
    case SpecError::Item::Link:
      op = links[error.index];
      break;
    case SpecError::Item::Switch:
      op = switches[error.index];
      break;
    case SpecError::Item::Drop:
      op = ops.drops[error.index];
      break;
    }
    op->emitError(prefix) << error.message;
  }
}

LogicalResult topo::checkNetwork(NetworkOp network) {
  NetworkOps ops = collectNetworkOps(network);
  std::vector<SpecError> errors = check(readTopologySpec(ops));
  emitSpecErrors(network, ops, errors, ops.links, ops.switches, "");
  if (!errors.empty() || ops.unwoundSwitches.empty())
    return success(errors.empty());
  // The record of the hardware must describe a network too, in the same
  // order readHardwareSpec reads it.
  SmallVector<LinkOp> links(llvm::make_filter_range(
      ops.links, [](LinkOp l) { return !isViaLink(l); }));
  links.append(ops.unwoundLinks);
  SmallVector<SwitchOp> switches(ops.switches);
  switches.append(ops.unwoundSwitches);
  errors = check(readHardwareSpec(ops));
  emitSpecErrors(network, ops, errors, links, switches,
                 "the hardware this network was unwound from: ");
  return success(errors.empty());
}

FailureOr<Network> topo::buildNetworkModel(NetworkOp network) {
  if (failed(checkNetwork(network)))
    return failure();
  return buildNetwork(readTopologySpec(collectNetworkOps(network)));
}

FailureOr<std::shared_ptr<const Network>>
topo::NetworkModels::get(NetworkOp network) {
  if (auto it = models.find(network); it != models.end())
    return it->second;
  FailureOr<Network> model = buildNetworkModel(network);
  if (failed(model))
    return failure();
  auto shared = std::make_shared<const Network>(std::move(*model));
  models[network] = shared;
  return shared;
}

//===----------------------------------------------------------------------===//
// Writing a model as explicit ops
//===----------------------------------------------------------------------===//

namespace {

/// Writes the links and switches of one model into a network body: every
/// link exactly once, as a `topo.link` or as a port a `topo.switch` lists.
class ExplicitWriter {
public:
  ExplicitWriter(OpBuilder &builder, Location loc, const Network &model,
                 const std::vector<LinkOrigin> *origins)
      : builder(builder), loc(loc), context(builder.getContext()),
        model(model), origins(origins) {}

  /// Links between NPUs, ordered by source then destination.
  void writeNpuLinks() {
    for (NodeId u = 0; u < model.numNpus(); ++u)
      writeLinksFrom(u, /*toSwitches=*/false);
  }

  /// Switches (as `unwound` records if asked), then the links to them that
  /// their lists do not hold.
  void writeSwitches(bool unwound) {
    if (model.numSwitches() == 0)
      return;
    planPorts();
    nameSwitches();
    for (NodeId s = model.numNpus(); s < model.numNodes(); ++s)
      writeSwitch(s, unwound);
    for (NodeId u = 0; u < model.numNodes(); ++u)
      writeLinksFrom(u, /*toSwitches=*/true);
  }

private:
  size_t index(NodeId s) const { return s - model.numNpus(); }

  LinkSpec specOf(LinkId l) const {
    return {model.bandwidth(l), model.latency(l), model.tier(l)};
  }
  LinkAttr attrOf(LinkId l) const { return LinkAttr::get(context, specOf(l)); }

  std::string originOf(LinkId l) const {
    if (!origins || !(*origins)[l].viaSwitch)
      return "";
    const LinkOrigin &o = (*origins)[l];
    return o.switchName.empty() ? "switch " + std::to_string(o.switchNode)
                                : o.switchName;
  }

  /// Links u -> v (contiguous among u's out-links, which are sorted by
  /// destination: a binary search, since an unwound 1000-port switch has
  /// 999 out-links per NPU and a scan per pair made writing cubic).
  ArrayRef<LinkId> linksBetween(NodeId u, NodeId v) const {
    LinkRange out = model.outLinks(u);
    const LinkId *first = std::lower_bound(
        out.begin(), out.end(), v,
        [&](LinkId l, NodeId to) { return model.dst(l) < to; });
    const LinkId *last = first;
    while (last != out.end() && model.dst(*last) == v)
      ++last;
    return ArrayRef<LinkId>(first, last);
  }

  /// A port a switch can list: one link each way, with one spec.
  std::optional<LinkSpec> simplePort(NodeId s, NodeId v) const {
    ArrayRef<LinkId> down = linksBetween(s, v), up = linksBetween(v, s);
    if (down.size() != 1 || up.size() != 1 || !(specOf(down[0]) == specOf(up[0])))
      return std::nullopt;
    return specOf(down[0]);
  }

  static uint64_t pairKey(NodeId a, NodeId b) {
    return (uint64_t(std::min(a, b)) << 32) | std::max(a, b);
  }

  /// Each switch's spec is the one most of its simple ports have (the
  /// first such in port order on a tie); a simple port with that spec is
  /// listed. A switch pair is listed by one side: an unnamed one (which
  /// then needs no name), else the later one, whichever has the spec.
  void planPorts() {
    const size_t count = model.numSwitches();
    specs.assign(count, std::nullopt);
    listedNpus.assign(count, {});
    listedSwitches.assign(count, {});
    for (NodeId s = model.numNpus(); s < model.numNodes(); ++s) {
      std::vector<std::pair<LinkSpec, size_t>> tally;
      for (NodeId v : model.switchPorts(s)) {
        std::optional<LinkSpec> spec = simplePort(s, v);
        if (!spec)
          continue;
        auto it = llvm::find_if(tally, [&](auto &e) { return e.first == *spec; });
        if (it == tally.end())
          tally.push_back({*spec, 1});
        else
          ++it->second;
      }
      size_t best = 0;
      for (size_t i = 1; i < tally.size(); ++i)
        if (tally[i].second > tally[best].second)
          best = i;
      if (!tally.empty())
        specs[index(s)] = tally[best].first;
    }
    for (NodeId s = model.numNpus(); s < model.numNodes(); ++s)
      for (NodeId v : model.switchPorts(s)) {
        std::optional<LinkSpec> spec = simplePort(s, v);
        if (!spec)
          continue;
        if (!model.isSwitch(v)) {
          if (*spec == *specs[index(s)]) {
            listedNpus[index(s)].push_back(v);
            listed.insert(pairKey(s, v));
          }
          continue;
        }
        if (v < s || listed.count(pairKey(s, v)))
          continue; // each switch pair once, from its lower side
        if (std::optional<NodeId> lister = listerOf(s, v, *spec)) {
          NodeId other = *lister == s ? v : s;
          listedSwitches[index(*lister)].push_back(other);
          listed.insert(pairKey(s, v));
        }
      }
  }

  /// Which of switches a < b lists their pair of `spec`, if either can.
  std::optional<NodeId> listerOf(NodeId a, NodeId b, const LinkSpec &spec) const {
    auto fits = [&](NodeId s) {
      return specs[index(s)] && *specs[index(s)] == spec;
    };
    for (NodeId s : {b, a})
      if (fits(s) && model.switchName(s).empty())
        return s;
    for (NodeId s : {b, a})
      if (fits(s))
        return s;
    return std::nullopt;
  }

  /// The model's names; an unnamed switch that something else must name
  /// gets `switch<K>` (K its index among the switches), made unique.
  void nameSwitches() {
    names.assign(model.numSwitches(), "");
    llvm::StringSet<> taken;
    for (NodeId s = model.numNpus(); s < model.numNodes(); ++s) {
      names[index(s)] = model.switchName(s);
      taken.insert(model.switchName(s));
    }
    std::vector<bool> needed(model.numSwitches(), false);
    for (NodeId s = model.numNpus(); s < model.numNodes(); ++s) {
      for (NodeId v : listedSwitches[index(s)])
        needed[index(v)] = true;
      for (NodeId v : model.switchPorts(s))
        if (!listed.count(pairKey(s, v)))
          needed[index(s)] = true;
    }
    for (NodeId s = model.numNpus(); s < model.numNodes(); ++s) {
      std::string &name = names[index(s)];
      if (!name.empty() || !needed[index(s)])
        continue;
      name = "switch" + std::to_string(index(s));
      while (!taken.insert(name).second)
        name += "_";
    }
  }

  void writeSwitch(NodeId s, bool unwound) {
    const std::string &name = names[index(s)];
    StringAttr nameAttr = name.empty() ? StringAttr() : builder.getStringAttr(name);
    SmallVector<int64_t> npus(listedNpus[index(s)].begin(),
                              listedNpus[index(s)].end());
    SmallVector<Attribute> switches;
    for (NodeId v : listedSwitches[index(s)])
      switches.push_back(FlatSymbolRefAttr::get(context, names[index(v)]));
    bool anyListed = !npus.empty() || !switches.empty();
    SwitchOp::create(builder, loc, nameAttr, builder.getDenseI64ArrayAttr(npus),
                     switches.empty() ? ArrayAttr() : builder.getArrayAttr(switches),
                     anyListed ? LinkAttr::get(context, *specs[index(s)]) : LinkAttr(),
                     unwound);
  }

  /// Sets an end of a link op: an NPU id or a switch's name.
  void setEnd(LinkOp link, NodeId node, bool src) {
    if (!model.isSwitch(node)) {
      IntegerAttr id = builder.getI64IntegerAttr(node);
      src ? link.setSrcAttr(id) : link.setDstAttr(id);
      return;
    }
    auto name = FlatSymbolRefAttr::get(context, names[index(node)]);
    src ? link.setSrcSwitchAttr(name) : link.setDstSwitchAttr(name);
  }

  /// The links from u to each neighbour v: between NPUs, or (toSwitches)
  /// those with a switch end that no list holds. The i-th of u -> v pairs
  /// with the i-th of v -> u as one `<->` when both have the same spec and
  /// origin.
  void writeLinksFrom(NodeId u, bool toSwitches) {
    NodeId previous = ~0u;
    for (LinkId l : model.outLinks(u)) {
      NodeId v = model.dst(l);
      if (v == previous)
        continue;
      previous = v;
      bool touchesSwitch = model.isSwitch(u) || model.isSwitch(v);
      if (touchesSwitch != toSwitches ||
          (touchesSwitch && listed.count(pairKey(u, v))))
        continue;
      writePair(u, v);
    }
  }

  void writePair(NodeId u, NodeId v) {
    ArrayRef<LinkId> forward = linksBetween(u, v);
    ArrayRef<LinkId> backward = linksBetween(v, u);
    SmallVector<bool, 2> paired;
    for (auto [i, f] : llvm::enumerate(forward))
      paired.push_back(i < backward.size() && attrOf(f) == attrOf(backward[i]) &&
                       originOf(f) == originOf(backward[i]));
    // Every pair was written as `v <-> u` before when v < u, so each u -> v
    // link written here parallels those, whatever its index.
    unsigned emittedForward = v < u ? llvm::count(paired, true) : 0;
    for (auto [i, f] : llvm::enumerate(forward)) {
      if (paired[i] && v < u)
        continue;
      auto link = LinkOp::create(builder, loc, IntegerAttr(), FlatSymbolRefAttr(),
                                 IntegerAttr(), FlatSymbolRefAttr(), paired[i],
                                 attrOf(f), /*parallel=*/emittedForward++ > 0);
      setEnd(link, u, /*src=*/true);
      setEnd(link, v, /*src=*/false);
      if (std::string via = originOf(f); !via.empty())
        link->setAttr("via", builder.getStringAttr(via));
    }
  }

  OpBuilder &builder;
  Location loc;
  MLIRContext *context;
  const Network &model;
  const std::vector<LinkOrigin> *origins;
  /// Per switch: the spec its list has, what it lists, its written name.
  std::vector<std::optional<LinkSpec>> specs;
  std::vector<std::vector<NodeId>> listedNpus, listedSwitches;
  std::vector<std::string> names;
  /// Switch ports some list holds, by unordered node pair.
  std::unordered_set<uint64_t> listed;
};

} // namespace

void topo::writeExplicitNetwork(NetworkOp network, const Network &model,
                                const std::vector<LinkOrigin> *origins,
                                const Network *unwoundFrom) {
  Block &body = network.getBody().empty() ? network.getBody().emplaceBlock()
                                          : network.getBody().front();
  while (!body.empty())
    body.front().erase();
  OpBuilder builder = OpBuilder::atBlockEnd(&body);
  Location loc = network.getLoc();
  NpusOp::create(builder, loc, builder.getI64IntegerAttr(model.numNpus()));
  ExplicitWriter writer(builder, loc, model, origins);
  writer.writeNpuLinks();
  writer.writeSwitches(/*unwound=*/false);
  if (unwoundFrom)
    ExplicitWriter(builder, loc, *unwoundFrom, nullptr)
        .writeSwitches(/*unwound=*/true);
}
