//===- LibraAllocation.cpp - Speed of LIBRA's bandwidth allocation --------===//
//
// Times libra::allocateBandwidth (NLopt SLSQP) on every workload of the
// given files, both objectives, as topo-allocate-bandwidth calls it (target:
// under 100 ms per case). The files are the case studies in
// examples/libra/cases/:
//   build/bench/bench-libra examples/libra/cases/*.mlir
//
//===----------------------------------------------------------------------===//

#include "tacos/Dialect/Coll/Libra/WorkloadModel.h"
#include "tacos/Dialect/Topo/IR/NetworkModel.h"
#include "tacos/Dialect/Topo/Libra/BandwidthModel.h"
#include "tacos/InitAll.h"
#include "tacos/Libra/Solver.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Parser/Parser.h"
#include "llvm/Support/Path.h"

#include <algorithm>
#include <chrono>
#include <cstdio>

using namespace mlir;
using namespace tacos;

/// Median and worst of `runs` solves, in ms.
static std::pair<double, double> timeSolve(const libra::AllocationProblem &p,
                                           libra::Objective objective,
                                           int runs) {
  std::vector<double> ms;
  for (int i = 0; i < runs; ++i) {
    auto start = std::chrono::steady_clock::now();
    libra::Allocation a = libra::allocateBandwidth(p, objective);
    ms.push_back(std::chrono::duration<double, std::milli>(
                     std::chrono::steady_clock::now() - start)
                     .count());
    if (!a.error.empty()) {
      std::fprintf(stderr, "error: %s\n", a.error.c_str());
      return {-1, -1};
    }
  }
  std::sort(ms.begin(), ms.end());
  return {ms[ms.size() / 2], ms.back()};
}

int main(int argc, char **argv) {
  DialectRegistry registry;
  registerAllDialects(registry);
  MLIRContext context(registry);
  std::printf("%-28s %-14s %12s %12s\n", "file", "objective", "median ms",
              "worst ms");
  for (int i = 1; i < argc; ++i) {
    OwningOpRef<ModuleOp> module =
        parseSourceFile<ModuleOp>(argv[i], &context);
    if (!module)
      return 1;
    for (auto workload : module->getOps<coll::WorkloadOp>()) {
      auto network = SymbolTable::lookupNearestSymbolFrom<topo::NetworkOp>(
          workload, workload.getNetworkAttr());
      FailureOr<topo::BandwidthModel> model = topo::readBandwidthModel(network);
      if (failed(model))
        return 1;
      model->problem.workloads.push_back(
          coll::readWorkload(workload, model->dims));
      std::string name = std::string(llvm::sys::path::filename(argv[i]));
      for (auto [objective, label] :
           {std::pair{libra::Objective::Perf, "perf"},
            std::pair{libra::Objective::PerfPerCost, "perf-per-cost"}}) {
        auto [median, worst] = timeSolve(model->problem, objective, 21);
        std::printf("%-28s %-14s %12.2f %12.2f\n", name.c_str(), label, median,
                    worst);
      }
    }
  }
  return 0;
}
