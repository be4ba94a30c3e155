//===- TopoAllocateBandwidth.cpp - LIBRA bandwidth allocation -------------===//
//
// Thin: reads the network and workloads through NetworkModel/WorkloadModel,
// solves with the core (libra::allocateBandwidth / allocateWithSynthesis),
// writes the bandwidths back and the report out.
//
//===----------------------------------------------------------------------===//

#include "tacos/Dialect/Coll/IR/CollDialect.h"
#include "tacos/Dialect/Coll/IR/WorkloadModel.h"
#include "tacos/Dialect/Topo/IR/NetworkModel.h"
#include "tacos/Dialect/Topo/Transforms/Passes.h"
#include "tacos/Libra/Solver.h"
#include "tacos/Libra/SynthesizedModel.h"

#include "mlir/Support/FileUtilities.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/ToolOutputFile.h"

#include <cmath>

namespace tacos::topo {
#define GEN_PASS_DEF_TOPOALLOCATEBANDWIDTH
#include "tacos/Dialect/Topo/Transforms/Passes.h.inc"
} // namespace tacos::topo

using namespace mlir;
using namespace tacos;
using namespace tacos::topo;

namespace {

llvm::json::Value numberOrNull(double value) {
  return std::isfinite(value) ? llvm::json::Value(value)
                              : llvm::json::Value(nullptr);
}

llvm::json::Array numbers(const std::vector<double> &values) {
  llvm::json::Array array;
  for (double v : values)
    array.push_back(numberOrNull(v));
  return array;
}

/// Equal bandwidth per dimension, LIBRA's baseline: the free dimensions
/// share the optimum's free total equally; fixed dimensions keep theirs.
std::vector<double> equalAllocation(const std::vector<DimSpec> &dims,
                                    const std::vector<double> &optimum) {
  std::vector<double> equal = optimum;
  double freeTotal = 0;
  unsigned numFree = 0;
  for (size_t d = 0; d < dims.size(); ++d)
    if (!dims[d].link.isBandwidthDecided()) {
      freeTotal += optimum[d];
      ++numFree;
    }
  for (size_t d = 0; d < dims.size(); ++d)
    if (!dims[d].link.isBandwidthDecided())
      equal[d] = freeTotal / numFree;
  return equal;
}

struct TopoAllocateBandwidthPass
    : topo::impl::TopoAllocateBandwidthBase<TopoAllocateBandwidthPass> {
  using TopoAllocateBandwidthBase::TopoAllocateBandwidthBase;

  void runOnOperation() override {
    ModuleOp module = getOperation();
    auto fail = [&](const Twine &message) {
      module.emitError("topo-allocate-bandwidth: ") << message;
      signalPassFailure();
    };
    if (objective != "perf" && objective != "perf-per-cost")
      return fail("unknown objective '" + objective +
                  "'; expected perf or perf-per-cost");
    if (model != "analytic" && model != "synthesized")
      return fail("unknown model '" + model +
                  "'; expected analytic or synthesized");
    if (trials < 1)
      return fail("trials must be at least 1, got 0");
    libra::Objective goal = objective == "perf"
                                ? libra::Objective::Perf
                                : libra::Objective::PerfPerCost;

    SmallVector<coll::WorkloadOp> selected;
    if (failed(selectWorkloads(selected)))
      return signalPassFailure();
    SymbolTableCollection symbols;
    auto network = symbols.lookupNearestSymbolFrom<NetworkOp>(
        selected.front(), selected.front().getNetworkAttr());
    for (coll::WorkloadOp w : selected)
      if (w.getNetworkAttr() != selected.front().getNetworkAttr())
        return fail("the workloads are on different networks (@" +
                    selected.front().getSymName() + " on @" +
                    selected.front().getNetwork() + ", @" + w.getSymName() +
                    " on @" + w.getNetwork() +
                    "); size one network at a time with workload=");
    FailureOr<BandwidthModel> bandwidth = readBandwidthModel(network);
    if (failed(bandwidth))
      return signalPassFailure();
    libra::AllocationProblem &problem = bandwidth->problem;
    for (coll::WorkloadOp w : selected)
      problem.workloads.push_back(coll::readWorkload(w, bandwidth->dims));
    if (goal == libra::Objective::PerfPerCost && !bandwidth->unpriced.empty()) {
      network.emitOpError("has no cost for objective=perf-per-cost: ")
          << bandwidth->unpriced;
      return signalPassFailure();
    }

    llvm::json::Object report;
    std::vector<double> chosen;
    if (model == "analytic") {
      libra::Allocation optimum = libra::allocateBandwidth(problem, goal);
      if (!optimum.error.empty()) {
        network.emitOpError("cannot be sized: ") << optimum.error;
        return signalPassFailure();
      }
      chosen = optimum.bandwidthGBps;
      describe(report, selected, *bandwidth, chosen,
               [&](const std::vector<double> &b) {
                 return libra::workloadTimeNs(problem, b);
               });
    } else {
      libra::SynthesizedModelOptions options;
      options.synthesis.trials = trials;
      options.chunksPerRank = chunks;
      libra::SynthesizedAllocation found = libra::allocateWithSynthesis(
          bandwidth->dims, problem, goal, options);
      if (!found.error.empty()) {
        network.emitOpError("cannot be sized with model=synthesized: ")
            << found.error;
        return signalPassFailure();
      }
      chosen = found.best.bandwidthGBps;
      describe(report, selected, *bandwidth, chosen,
               [&](const std::vector<double> &b) {
                 libra::SynthesizedScore score = libra::scoreWithSynthesis(
                     bandwidth->dims, problem, b, options);
                 return score.error.empty() ? score.timeNs : NAN;
               });
      const libra::Allocation &analytic = found.analytic;
      report["analytic_optimum"] = llvm::json::Object{
          {"bandwidth_gbps", numbers(analytic.bandwidthGBps)},
          {"model_time_ns", analytic.timeNs},
          {"synthesized_time_ns", numberOrNull(found.analyticScore.timeNs)},
          {"cost", costOrNull(*bandwidth, analytic.bandwidthGBps)}};
      report["candidates_scored"] = int64_t(found.candidatesScored);
      // What scoring by synthesis bought over taking LIBRA's optimum as is.
      report["search_speedup"] =
          numberOrNull(found.analyticScore.timeNs / found.bestScore.timeNs);
    }

    // A `?` dimension no collective needs may end at (almost) nothing; a
    // link cannot have zero bandwidth, so it stays `?`.
    for (size_t d = 0; d < chosen.size(); ++d)
      if (!bandwidth->dims[d].link.isBandwidthDecided() && !(chosen[d] > 1e-3)) {
        network.emitWarning("dimension ")
            << d << " gets no bandwidth (no workload collective needs it); "
            << "it stays '?'";
        chosen[d] = NAN;
      }
    writeDimBandwidths(network, chosen);
    if (!this->report.empty() && failed(writeReport(std::move(report))))
      return signalPassFailure();
  }

  /// The workload ops named by `workload=`, or every one.
  LogicalResult selectWorkloads(SmallVectorImpl<coll::WorkloadOp> &selected) {
    ModuleOp module = getOperation();
    if (workloads.empty()) {
      llvm::append_range(selected, module.getOps<coll::WorkloadOp>());
      if (selected.empty())
        return module.emitError("topo-allocate-bandwidth: the module has no "
                                "coll.workload to size the network for");
      return success();
    }
    for (StringRef name : workloads) {
      name.consume_front("@");
      auto op = dyn_cast_or_null<coll::WorkloadOp>(
          SymbolTable::lookupSymbolIn(module, name));
      if (!op)
        return module.emitError("topo-allocate-bandwidth: no coll.workload @")
               << name;
      selected.push_back(op);
    }
    return success();
  }

  static llvm::json::Value costOrNull(const BandwidthModel &bandwidth,
                                      const std::vector<double> &b) {
    if (!bandwidth.unpriced.empty())
      return nullptr;
    return libra::networkCost(bandwidth.problem, b);
  }

  /// The report's main keys for allocation `b`, timed by `timeOf`.
  void describe(llvm::json::Object &report,
                ArrayRef<coll::WorkloadOp> selected,
                const BandwidthModel &bandwidth,
                const std::vector<double> &b,
                llvm::function_ref<double(const std::vector<double> &)> timeOf) {
    std::vector<double> equal = equalAllocation(bandwidth.dims, b);
    double time = timeOf(b), equalTime = timeOf(equal);
    llvm::json::Value cost = costOrNull(bandwidth, b);
    llvm::json::Value equalCost = costOrNull(bandwidth, equal);
    llvm::json::Array dims;
    for (const DimSpec &dim : bandwidth.dims)
      dims.push_back(
          llvm::json::Object{{"kind", dimKindName(dim.kind)},
                             {"size", dim.size},
                             {"tier", dim.link.tier},
                             {"links_per_npu", libra::linksPerNpu(dim)}});
    llvm::json::Array names;
    for (coll::WorkloadOp w : selected)
      names.push_back(w.getSymName());
    report["network"] = coll::WorkloadOp(selected.front()).getNetwork();
    report["workloads"] = std::move(names);
    report["objective"] = objective;
    report["model"] = model;
    report["dims"] = std::move(dims);
    report["bandwidth_gbps"] = numbers(b);
    report["time_ns"] = numberOrNull(time);
    report["cost"] = std::move(cost);
    report["equal_bandwidth_gbps"] = numbers(equal);
    report["equal_bandwidth_time_ns"] = numberOrNull(equalTime);
    report["equal_bandwidth_cost"] = std::move(equalCost);
    report["speedup"] = numberOrNull(equalTime / time);
    if (bandwidth.unpriced.empty())
      report["perf_per_cost_gain"] = numberOrNull(
          equalTime * libra::networkCost(bandwidth.problem, equal) /
          (time * libra::networkCost(bandwidth.problem, b)));
    else
      report["perf_per_cost_gain"] = nullptr;
  }

  LogicalResult writeReport(llvm::json::Object report) {
    // stdout carries the IR: '-' (the terminal) is stderr, as for coll-report.
    if (this->report == "-") {
      llvm::errs() << llvm::formatv("{0:2}",
                                    llvm::json::Value(std::move(report)))
                   << "\n";
      return success();
    }
    std::string error;
    std::unique_ptr<llvm::ToolOutputFile> file =
        openOutputFile(this->report, &error);
    if (!file)
      return getOperation().emitError(
                 "topo-allocate-bandwidth: cannot write the report: ")
             << error;
    file->os() << llvm::formatv("{0:2}", llvm::json::Value(std::move(report)))
               << "\n";
    file->keep();
    return success();
  }
};

} // namespace
