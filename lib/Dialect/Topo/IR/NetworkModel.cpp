//===- NetworkModel.cpp - topo IR <-> core network model ------------------===//

#include "tacos/Dialect/Topo/IR/NetworkModel.h"

#include "mlir/IR/Builders.h"
#include "llvm/ADT/DenseMap.h"

#include <algorithm>

using namespace mlir;
using namespace tacos;
using namespace tacos::topo;

NetworkOps topo::collectNetworkOps(NetworkOp network) {
  NetworkOps ops;
  if (network.getBody().empty())
    return ops;
  for (Operation &op : network.getBody().front()) {
    if (auto dims = dyn_cast<DimsOp>(op))
      ops.dims.push_back(dims);
    else if (auto npus = dyn_cast<NpusOp>(op))
      ops.npus.push_back(npus);
    else if (auto link = dyn_cast<LinkOp>(op))
      ops.links.push_back(link);
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

static ExplicitLink readLink(LinkOp link) {
  return {link.getSrc(), link.getDst(), link.getBidirectional(),
          link.getParallel(), link.getSpec().getSpec()};
}

static SwitchSpec readSwitch(SwitchOp sw) {
  SwitchSpec s;
  if (sw.getNameAttr())
    s.name = sw.getNameAttr().str();
  s.ports.assign(sw.getPorts().begin(), sw.getPorts().end());
  s.link = sw.getSpec().getSpec();
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

void topo::writeExplicitNetwork(NetworkOp network, const Network &model,
                                const std::vector<LinkOrigin> *origins,
                                const Network *unwoundFrom) {
  MLIRContext *context = network.getContext();
  Block &body = network.getBody().empty() ? network.getBody().emplaceBlock()
                                          : network.getBody().front();
  while (!body.empty())
    body.front().erase();
  OpBuilder builder = OpBuilder::atBlockEnd(&body);
  Location loc = network.getLoc();
  NpusOp::create(builder, loc, builder.getI64IntegerAttr(model.numNpus()));

  auto originOf = [&](LinkId l) -> std::string {
    if (!origins || !(*origins)[l].viaSwitch)
      return "";
    const LinkOrigin &o = (*origins)[l];
    return o.switchName.empty() ? "switch " + std::to_string(o.switchNode)
                                : o.switchName;
  };
  auto specOf = [&](LinkId l) {
    LinkSpec spec;
    spec.bandwidthBps = model.bandwidth(l);
    spec.latencyPs = model.latency(l);
    spec.tier = model.tier(l);
    return LinkAttr::get(context, spec);
  };

  // Links between NPUs. Out-links are sorted by destination, so the links
  // u->v of one ordered pair are contiguous (found by binary search: an
  // unwound 1000-port switch has 999 out-links per NPU, and a scan per pair
  // made writing it cubic); the i-th of u->v pairs with the i-th of v->u
  // when both have the same spec.
  auto linksBetween = [&](NodeId u, NodeId v) {
    LinkRange out = model.outLinks(u);
    const LinkId *first = std::lower_bound(
        out.begin(), out.end(), v,
        [&](LinkId l, NodeId to) { return model.dst(l) < to; });
    const LinkId *last = first;
    while (last != out.end() && model.dst(*last) == v)
      ++last;
    return ArrayRef<LinkId>(first, last);
  };
  for (NodeId u = 0; u < model.numNpus(); ++u) {
    NodeId previous = ~0u;
    for (LinkId l : model.outLinks(u)) {
      NodeId v = model.dst(l);
      if (model.isSwitch(v) || v == previous)
        continue;
      previous = v;
      ArrayRef<LinkId> forward = linksBetween(u, v);
      ArrayRef<LinkId> backward = linksBetween(v, u);
      SmallVector<bool, 2> paired;
      for (auto [i, f] : llvm::enumerate(forward))
        paired.push_back(i < backward.size() &&
                         specOf(f) == specOf(backward[i]) &&
                         originOf(f) == originOf(backward[i]));
      // Every pair was written as `v <-> u` before when v < u, so each u -> v
      // link written here parallels those, whatever its index.
      unsigned emittedForward = v < u ? llvm::count(paired, true) : 0;
      for (auto [i, f] : llvm::enumerate(forward)) {
        if (paired[i] && v < u)
          continue;
        auto link =
            LinkOp::create(builder, loc, model.src(f), model.dst(f), paired[i],
                           specOf(f), /*parallel=*/emittedForward++ > 0);
        if (std::string via = originOf(f); !via.empty())
          link->setAttr("via", builder.getStringAttr(via));
      }
    }
  }

  for (NodeId s = model.numNpus(); s < model.numNodes(); ++s) {
    LinkRange up = model.inLinks(s);
    if (up.empty())
      continue;
    StringAttr name = model.switchName(s).empty()
                          ? StringAttr()
                          : builder.getStringAttr(model.switchName(s));
    SmallVector<int64_t> ports(model.switchPorts(s).begin(),
                               model.switchPorts(s).end());
    SwitchOp::create(builder, loc, name, ports, specOf(*up.begin()),
                     /*unwound=*/false);
  }
  if (!unwoundFrom)
    return;
  // Every port of a switch has the one spec its op or dimension gave, so
  // the first uplink's is the switch's.
  for (NodeId s = unwoundFrom->numNpus(); s < unwoundFrom->numNodes(); ++s) {
    LinkRange up = unwoundFrom->inLinks(s);
    if (up.empty())
      continue;
    LinkId first = *up.begin();
    LinkSpec spec{unwoundFrom->bandwidth(first), unwoundFrom->latency(first),
                  unwoundFrom->tier(first)};
    StringAttr name = unwoundFrom->switchName(s).empty()
                          ? StringAttr()
                          : builder.getStringAttr(unwoundFrom->switchName(s));
    SmallVector<int64_t> ports(unwoundFrom->switchPorts(s).begin(),
                               unwoundFrom->switchPorts(s).end());
    SwitchOp::create(builder, loc, name, ports, LinkAttr::get(context, spec),
                     /*unwound=*/true);
  }
}
