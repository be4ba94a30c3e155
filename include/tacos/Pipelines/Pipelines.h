//===- Pipelines.h - The tacos pass pipeline --------------------*- C++ -*-===//

#ifndef TACOS_PIPELINES_PIPELINES_H
#define TACOS_PIPELINES_PIPELINES_H

#include "mlir/Pass/PassManager.h"
#include "mlir/Pass/PassOptions.h"

namespace tacos {

struct TacosPipelineOptions
    : public mlir::PassPipelineOptions<TacosPipelineOptions> {
  Option<std::string> algorithm{*this, "algorithm",
                                llvm::cl::desc("tacos | ring | direct | rhd | dbt"),
                                llvm::cl::init("tacos")};
  Option<uint64_t> seed{*this, "seed", llvm::cl::desc("Synthesis seed"),
                        llvm::cl::init(0)};
  Option<unsigned> trials{*this, "trials",
                          llvm::cl::desc("Seeds to try, keeping the fastest"),
                          llvm::cl::init(1)};
  Option<std::string> materialize{
      *this, "materialize",
      llvm::cl::desc("auto | ops | packed (none would leave nothing to verify)"),
      llvm::cl::init("auto")};
  Option<bool> smt{*this, "smt",
                   llvm::cl::desc("Also verify with Z3 (coll-verify-smt)"),
                   llvm::cl::init(false)};
  Option<std::string> reportFormat{*this, "report-format",
                                   llvm::cl::desc("text | json"),
                                   llvm::cl::init("text")};
  Option<std::string> reportOutput{
      *this, "report-output",
      llvm::cl::desc("Report file ('-' is stdout; default stderr)"),
      llvm::cl::init("")};
};

/// unwind switches -> decompose All-Reduces -> synthesize -> verify
/// (-> verify-smt) -> report: no algorithm leaves the pipeline unverified.
void buildTacosPipeline(mlir::OpPassManager &pm,
                        const TacosPipelineOptions &options);

/// Registers `tacos-pipeline`.
void registerTacosPipeline();

} // namespace tacos

#endif // TACOS_PIPELINES_PIPELINES_H
