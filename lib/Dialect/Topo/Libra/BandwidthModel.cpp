//===- BandwidthModel.cpp - topo.network <-> LIBRA's problem --------------===//

#include "tacos/Dialect/Topo/Libra/BandwidthModel.h"

#include "mlir/IR/Builders.h"
#include "llvm/ADT/StringMap.h"

#include <cmath>
#include <cstdio>

using namespace mlir;
using namespace tacos;
using namespace tacos::topo;

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
