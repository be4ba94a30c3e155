//===- TopoAllocateBandwidth.cpp - LIBRA bandwidth allocation -------------===//
//
// Thin: reads the network and workloads through BandwidthModel/WorkloadModel,
// solves with the core (libra::allocateBandwidth / allocateWithSynthesis),
// writes the bandwidths back and the report out.
//
//===----------------------------------------------------------------------===//

#include "tacos/Dialect/Coll/IR/CollDialect.h"
#include "tacos/Dialect/Coll/Libra/WorkloadModel.h"
#include "tacos/Dialect/Topo/Libra/BandwidthModel.h"
#include "tacos/Dialect/Topo/Transforms/Passes.h"
#include "tacos/Libra/Baseline.h"
#include "tacos/Libra/Solver.h"
#include "tacos/Libra/SynthesizedModel.h"
#include "tacos/Support/ReportSink.h"
#include "tacos/Synthesis/Trials.h"

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

struct TopoAllocateBandwidthPass
    : topo::impl::TopoAllocateBandwidthBase<TopoAllocateBandwidthPass> {
  using TopoAllocateBandwidthBase::TopoAllocateBandwidthBase;

  void runOnOperation() override {
    ModuleOp module = getOperation();
    auto fail = [&](const Twine &message) {
      module.emitError("topo-allocate-bandwidth: ") << message;
      signalPassFailure();
    };
    if (trials < 1)
      return fail("trials must be at least 1, got 0");
    if (trials > kMaxTrials)
      return fail("trials must be at most " + Twine(kMaxTrials) + ", got " +
                  Twine(trials));
    libra::Objective goal = objective == AllocationObjective::Perf
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
    if (model == AllocationModel::Analytic) {
      libra::Allocation optimum = libra::allocateBandwidth(problem, goal);
      if (!optimum.error.empty())
        return cannotSize(network, *bandwidth, optimum, "");
      chosen = optimum.bandwidthGBps;
      describe(report, selected, *bandwidth, chosen,
               [&](const std::vector<double> &b) {
                 return libra::workloadTimeNs(problem, b);
               });
    } else {
      libra::SynthesizedModelOptions options;
      options.synthesis.trials = trials;
      options.synthesis.threads = threads;
      options.chunksPerRank = chunks;
      options.synthesis.limits = resourceLimits(maxMemory, timeout);
      libra::SynthesizedAllocation found = libra::allocateWithSynthesis(
          bandwidth->dims, problem, goal, options);
      if (!found.error.empty()) {
        found.analytic.error = found.error;
        return cannotSize(network, *bandwidth, found.analytic,
                          " with model=synthesized");
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
        mlir::emitWarning(network.getLoc(), "dimension ")
            << d << " gets no bandwidth (no workload collective needs it); "
            << "it stays '?'";
        chosen[d] = NAN;
      }
    writeDimBandwidths(network, chosen);
    if (!this->report.empty() && failed(writeReport(std::move(report))))
      return signalPassFailure();
  }

  /// Reports why `network` cannot be sized, at its location, naming the
  /// constraints in conflict (each also noted at its own location) rather
  /// than dumping the network.
  void cannotSize(NetworkOp network, const BandwidthModel &bandwidth,
                  const libra::Allocation &failed, StringRef how) {
    InFlightDiagnostic diag = mlir::emitError(network.getLoc())
                              << "topo-allocate-bandwidth: @"
                              << network.getSymName() << " cannot be sized"
                              << how << ": " << failed.error;
    if (!failed.conflicting.empty()) {
      diag << "; these conflict: ";
      llvm::interleave(
          failed.conflicting,
          [&](unsigned i) { diag << bandwidth.constraintNames[i]; },
          [&] { diag << ", "; });
    }
    for (unsigned i : failed.conflicting)
      diag.attachNote(bandwidth.constraintLocs[i])
          << "in conflict: " << bandwidth.constraintNames[i];
    signalPassFailure();
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
      // Counted twice, it would double its share of every reported time.
      if (llvm::is_contained(selected, op))
        return module.emitError("topo-allocate-bandwidth: workload= lists @")
               << name << " twice";
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
    bool projected = false;
    std::vector<double> equal =
        libra::equalAllocation(bandwidth.dims, bandwidth.problem, b, projected);
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
    report["objective"] = optionValueName(objective);
    report["model"] = optionValueName(model);
    report["dims"] = std::move(dims);
    report["bandwidth_gbps"] = numbers(b);
    report["time_ns"] = numberOrNull(time);
    report["cost"] = std::move(cost);
    report["equal_bandwidth_gbps"] = numbers(equal);
    report["equal_bandwidth_projected"] = projected;
    report["equal_bandwidth_time_ns"] = numberOrNull(equalTime);
    report["equal_bandwidth_cost"] = std::move(equalCost);
    report["speedup"] = numberOrNull(equalTime / time);
    if (bandwidth.unpriced.empty())
      report["perf_per_cost_gain"] = numberOrNull(
          equalTime * libra::networkCost(bandwidth.problem, equal) /
          (time * libra::networkCost(bandwidth.problem, b)));
    else
      report["perf_per_cost_gain"] = nullptr;
    explain(report, selected, bandwidth, b, time);
  }

  /// What a network architect wants next to the allocation: link
  /// bandwidths, compute vs communication, each collective's bottleneck
  /// dimension (LIBRA's model), the constraints that bind, cost units.
  static void explain(llvm::json::Object &report,
                      ArrayRef<coll::WorkloadOp> selected,
                      const BandwidthModel &bandwidth,
                      const std::vector<double> &b, double time) {
    const libra::AllocationProblem &problem = bandwidth.problem;
    std::vector<double> link;
    for (size_t d = 0; d < b.size(); ++d)
      link.push_back(libra::linkBandwidthBps(bandwidth.dims[d], b[d]) / 1e9);
    report["link_bandwidth_gbps"] = numbers(link);
    double compute = 0;
    llvm::json::Array collectives;
    for (auto [op, workload] : llvm::zip(selected, problem.workloads)) {
      coll::WorkloadOp w = op;
      compute += workload.weight * workload.computeNs;
      for (const libra::WorkloadCollective &c : workload.collectives) {
        libra::CollectiveTime t = libra::collectiveTime(c, problem.numDims, b);
        llvm::json::Array dims, groups, bottlenecks;
        for (unsigned d : t.bottleneckDims)
          bottlenecks.push_back(int64_t(d));
        for (auto [dim, group] : c.dims) {
          dims.push_back(int64_t(dim));
          groups.push_back(group);
        }
        collectives.push_back(
            llvm::json::Object{{"workload", w.getSymName()},
                               {"kind", collectiveName(c.kind)},
                               {"bytes", c.bytes},
                               {"dims", std::move(dims)},
                               {"groups", std::move(groups)},
                               {"count", c.count},
                               {"load_bytes", numbers(t.loads)},
                               {"time_ns", numberOrNull(t.timeNs)},
                               {"bottleneck_dims", std::move(bottlenecks)}});
      }
    }
    report["compute_time_ns"] = compute;
    report["communication_time_ns"] = numberOrNull(time - compute);
    report["collectives"] = std::move(collectives);
    llvm::json::Array binding;
    for (unsigned i : libra::bindingConstraints(problem, b))
      binding.push_back(bandwidth.constraintNames[i]);
    report["binding_constraints"] = std::move(binding);
    report["units"] = llvm::json::Object{
        {"bandwidth_gbps", "GB/s per NPU (1 GB = 1e9 bytes), per dimension"},
        {"link_bandwidth_gbps", "GB/s per link of each dimension"},
        {"collectives", "LIBRA's analytic model at bandwidth_gbps: time_ns "
                        "per instance, load_bytes per dimension"},
        {"time_ns", "ns per training iteration (weighted sum over workloads)"},
        {"cost", "dollars: NPUs x sum_d price_d (topo.price, $ per GB/s) "
                 "x bandwidth_gbps_d"}};
  }

  LogicalResult writeReport(llvm::json::Object report) {
    // stdout carries the IR: '-' (the terminal) is stderr, as for coll-report
    // (or an embedder's sink, ReportSink.h).
    if (this->report == "-") {
      std::string text =
          llvm::formatv("{0:2}\n", llvm::json::Value(std::move(report)));
      tacos::writeReport(&getContext(), text, llvm::errs());
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
