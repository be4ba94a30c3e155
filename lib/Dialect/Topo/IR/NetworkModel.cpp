//===- NetworkModel.cpp - topo IR <-> core network model ------------------===//

#include "tacos/Dialect/Topo/IR/NetworkModel.h"

#include "mlir/IR/Builders.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/StringMap.h"

#include <cstdio>

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
      ops.switches.push_back(sw);
    else if (auto drop = dyn_cast<DropOp>(op))
      ops.drops.push_back(drop);
    else if (auto price = dyn_cast<PriceOp>(op))
      ops.prices.push_back(price);
    else if (auto constraint = dyn_cast<ConstraintOp>(op))
      ops.constraints.push_back(constraint);
  }
  return ops;
}

TopologySpec topo::readTopologySpec(const NetworkOps &ops) {
  TopologySpec spec;
  if (!ops.dims.empty())
    for (Attribute dim : DimsOp(ops.dims.front()).getDims())
      spec.dims.push_back(cast<DimAttr>(dim).getSpec());
  if (!ops.npus.empty())
    spec.explicitNpus = NpusOp(ops.npus.front()).getCount();
  for (LinkOp link : ops.links)
    spec.links.push_back({link.getSrc(), link.getDst(),
                          link.getBidirectional(), link.getParallel(),
                          link.getSpec().getSpec()});
  for (SwitchOp sw : ops.switches) {
    SwitchSpec s;
    if (sw.getNameAttr())
      s.name = sw.getNameAttr().str();
    s.ports.assign(sw.getPorts().begin(), sw.getPorts().end());
    s.link = sw.getSpec().getSpec();
    spec.switches.push_back(std::move(s));
  }
  for (DropOp drop : ops.drops)
    spec.drops.push_back(
        {drop.getSrc(), drop.getDst(), drop.getBidirectional()});
  return spec;
}

LogicalResult topo::checkNetwork(NetworkOp network) {
  NetworkOps ops = collectNetworkOps(network);
  std::vector<SpecError> errors = check(readTopologySpec(ops));
  for (const SpecError &error : errors) {
    Operation *op = network;
    switch (error.item) {
    case SpecError::Item::Network:
      break;
    case SpecError::Item::Dims:
      op = ops.dims.empty() ? network.getOperation() : ops.dims.front();
      break;
    case SpecError::Item::Link:
      op = ops.links[error.index];
      break;
    case SpecError::Item::Switch:
      op = ops.switches[error.index];
      break;
    case SpecError::Item::Drop:
      op = ops.drops[error.index];
      break;
    }
    op->emitError(error.message);
  }
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
                                const std::vector<LinkOrigin> *origins) {
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
  // u->v of one ordered pair are contiguous; the i-th of u->v pairs with the
  // i-th of v->u when both have the same spec.
  auto linksBetween = [&](NodeId u, NodeId v) {
    SmallVector<LinkId, 2> result;
    for (LinkId l : model.outLinks(u))
      if (model.dst(l) == v)
        result.push_back(l);
    return result;
  };
  for (NodeId u = 0; u < model.numNpus(); ++u) {
    NodeId previous = ~0u;
    for (LinkId l : model.outLinks(u)) {
      NodeId v = model.dst(l);
      if (model.isSwitch(v) || v == previous)
        continue;
      previous = v;
      SmallVector<LinkId, 2> forward = linksBetween(u, v);
      SmallVector<LinkId, 2> backward = linksBetween(v, u);
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
    SwitchOp::create(builder, loc, name, ports, specOf(*up.begin()));
  }
}

//===----------------------------------------------------------------------===//
// LIBRA
//===----------------------------------------------------------------------===//

/// One side of a topo.constraint as coefficients over the dimensions and a
/// constant (GB/s).
static void addSide(ArrayRef<int64_t> dims, bool sum,
                    std::optional<APFloat> bps, double sign,
                    std::vector<double> &coefficients, double &constant) {
  for (int64_t d : dims)
    coefficients[d] += sign;
  if (sum)
    for (double &c : coefficients)
      c += sign;
  if (bps)
    constant += sign * bps->convertToDouble() / 1e9;
}

FailureOr<BandwidthModel> topo::readBandwidthModel(NetworkOp network) {
  NetworkOps ops = collectNetworkOps(network);
  if (ops.dims.empty())
    return network.emitOpError(
        "needs topo.dims for bandwidth allocation (LIBRA sizes dimensions)");
  Operation *explicitOp = !ops.links.empty()      ? ops.links[0].getOperation()
                          : !ops.switches.empty() ? ops.switches[0].getOperation()
                          : !ops.drops.empty()    ? ops.drops[0].getOperation()
                                                  : nullptr;
  if (explicitOp)
    return explicitOp->emitOpError("cannot be sized by bandwidth allocation: "
                                   "LIBRA models pure products of dimensions");
  if (failed(checkNetwork(network)))
    return failure();
  BandwidthModel model;
  model.dims = readTopologySpec(ops).dims;
  libra::AllocationProblem &problem = model.problem;
  unsigned numDims = model.dims.size();
  problem.numDims = numDims;
  problem.numNpus = double(productSize(model.dims));

  llvm::StringMap<libra::TierPrice> prices;
  for (PriceOp price : ops.prices)
    prices[price.getTier()] = {
        price.getTier().str(), price.getLink().convertToDouble(),
        price.getSwitchPrice().value_or(APFloat(0.0)).convertToDouble(),
        price.getNic().value_or(APFloat(0.0)).convertToDouble()};
  problem.pricePerGBps.assign(numDims, NAN);
  for (unsigned d = 0; d < numDims; ++d) {
    const DimSpec &dim = model.dims[d];
    auto it = prices.find(dim.link.tier);
    if (!dim.link.tier.empty() && it != prices.end()) {
      problem.pricePerGBps[d] = libra::pricePerGBps(it->second, dim.kind);
      continue;
    }
    if (model.unpriced.empty())
      model.unpriced =
          "dimension " + std::to_string(d) +
          (dim.link.tier.empty()
               ? " has no tier(...)"
               : " (tier " + dim.link.tier + ") has no topo.price");
  }

  using Relation = libra::LinearConstraint::Relation;
  for (ConstraintOp op : ops.constraints) {
    libra::LinearConstraint c;
    c.coefficients.assign(numDims, 0.0);
    double constant = 0;
    // lhs - rhs (relation) 0, i.e. coefficients . B (relation) -constant.
    addSide(op.getLhsDims(), op.getLhsSum(), op.getLhsBps(), 1,
            c.coefficients, constant);
    addSide(op.getRhsDims(), op.getRhsSum(), op.getRhsBps(), -1,
            c.coefficients, constant);
    c.rhs = -constant;
    c.relation = op.getRelation() == "==" ? Relation::Equal
                 : op.getRelation() == "<=" ? Relation::LessEqual
                                            : Relation::GreaterEqual;
    problem.constraints.push_back(std::move(c));
    std::string text;
    llvm::raw_string_ostream os(text);
    op->print(os, OpPrintingFlags().useLocalScope());
    model.constraintLocs.push_back(op.getLoc());
    model.constraintNames.push_back("`" + text + "`");
  }
  for (unsigned d = 0; d < numDims; ++d) {
    if (!model.dims[d].link.isBandwidthDecided())
      continue;
    libra::LinearConstraint fixed{Relation::Equal,
                                  std::vector<double>(numDims, 0.0),
                                  libra::perNpuBandwidthGBps(model.dims[d])};
    fixed.coefficients[d] = 1;
    model.constraintLocs.push_back(ops.dims.front().getLoc());
    char gbps[32];
    std::snprintf(gbps, sizeof(gbps), "%.10g", fixed.rhs);
    model.constraintNames.push_back("dimension " + std::to_string(d) +
                                    "'s decided link bandwidth (" + gbps +
                                    " GBps per NPU)");
    problem.constraints.push_back(std::move(fixed));
  }
  return model;
}

void topo::writeDimBandwidths(NetworkOp network, ArrayRef<double> perNpuGBps) {
  NetworkOps ops = collectNetworkOps(network);
  DimsOp dimsOp = ops.dims.front();
  SmallVector<Attribute> dims;
  for (auto [d, attr] : llvm::enumerate(dimsOp.getDims())) {
    DimSpec spec = cast<DimAttr>(attr).getSpec();
    // Rounded to whole KBps so that the text stays readable (`116.129032
    // GBps`): 1e-8 relative for any bandwidth above 100 MBps.
    if (!spec.link.isBandwidthDecided())
      spec.link.bandwidthBps =
          std::round(libra::linkBandwidthBps(spec, perNpuGBps[d]) / 1e3) * 1e3;
    dims.push_back(DimAttr::get(network.getContext(), spec.kind, spec.size,
                                LinkAttr::get(network.getContext(), spec.link)));
  }
  dimsOp.setDimsAttr(ArrayAttr::get(network.getContext(), dims));
}

NetworkOp topo::createDimsNetwork(OpBuilder &builder, Location loc,
                                  StringRef name, ArrayRef<DimSpec> dims,
                                  ArrayRef<libra::TierPrice> prices,
                                  std::optional<double> totalGBps) {
  auto network = NetworkOp::create(builder, loc, name);
  OpBuilder::InsertionGuard guard(builder);
  builder.setInsertionPointToEnd(&network.getBody().front());
  SmallVector<Attribute> dimAttrs;
  for (const DimSpec &dim : dims)
    dimAttrs.push_back(DimAttr::get(builder.getContext(), dim.kind, dim.size,
                                    LinkAttr::get(builder.getContext(), dim.link)));
  DimsOp::create(builder, loc, builder.getArrayAttr(dimAttrs));
  for (const libra::TierPrice &price : prices) {
    auto optional = [&](double value) {
      return value != 0 ? builder.getF64FloatAttr(value) : FloatAttr();
    };
    PriceOp::create(builder, loc, builder.getStringAttr(price.tier),
                    builder.getF64FloatAttr(price.link),
                    optional(price.switchPrice), optional(price.nic));
  }
  if (totalGBps)
    ConstraintOp::create(builder, loc, builder.getDenseI64ArrayAttr({}),
                         builder.getUnitAttr(), FloatAttr(),
                         builder.getStringAttr("=="),
                         builder.getDenseI64ArrayAttr({}), UnitAttr(),
                         builder.getF64FloatAttr(*totalGBps * 1e9));
  return network;
}
