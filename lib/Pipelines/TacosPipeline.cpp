//===- TacosPipeline.cpp - The tacos pass pipeline ------------------------===//

#include "tacos/Pipelines/Pipelines.h"
#include "tacos/Dialect/Coll/Transforms/Passes.h"
#include "tacos/Dialect/Topo/Transforms/Passes.h"

#include "mlir/Pass/PassRegistry.h"

using namespace mlir;

void tacos::buildTacosPipeline(OpPassManager &pm,
                               const TacosPipelineOptions &options) {
  // Switches are nodes to every algorithm but those that need
  // point-to-point links.
  if (std::optional<Algorithm> algorithm = parseAlgorithm(options.algorithm);
      algorithm && needsUnwoundSwitches(*algorithm))
    pm.addPass(topo::createTopoUnwindSwitches());
  coll::CollDecomposeOptions decompose;
  decompose.seed = options.seed;
  decompose.trials = options.trials;
  decompose.threads = options.threads;
  decompose.maxMemory = options.maxMemory;
  decompose.timeout = options.timeout;
  pm.addPass(coll::createCollDecompose(decompose));
  coll::CollSynthesizeOptions synthesize;
  synthesize.algorithm = options.algorithm;
  synthesize.seed = options.seed;
  synthesize.trials = options.trials;
  synthesize.threads = options.threads;
  synthesize.materialize = options.materialize;
  synthesize.maxMemory = options.maxMemory;
  synthesize.rlimit = options.rlimit;
  synthesize.timeout = options.timeout;
  // coll-verify follows: the schedules are checked there, once (at
  // fully_connected(3000) each check of its 9 M transfers costs seconds).
  synthesize.verify = false;
  pm.addPass(coll::createCollSynthesize(synthesize));
  pm.addPass(coll::createCollVerify());
  if (options.smt) {
    coll::CollVerifySMTOptions smt;
    smt.maxMemory = options.maxMemory;
    smt.timeout = options.timeout;
    pm.addPass(coll::createCollVerifySMT(smt));
  }
  coll::CollReportOptions report;
  report.format = options.reportFormat;
  report.output = options.reportOutput;
  pm.addPass(coll::createCollReport(report));
}

void tacos::registerTacosPipeline() {
  PassPipelineRegistration<TacosPipelineOptions>(
      "tacos-pipeline",
      "Synthesize every request, verify every algorithm, report",
      buildTacosPipeline);
}
