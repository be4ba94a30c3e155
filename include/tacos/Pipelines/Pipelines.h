//===- Pipelines.h - The tacos pass pipeline --------------------*- C++ -*-===//

#ifndef TACOS_PIPELINES_PIPELINES_H
#define TACOS_PIPELINES_PIPELINES_H

#include "tacos/Dialect/Coll/Transforms/PassOptions.h"
#include "tacos/Synthesis/Algorithms.h"

#include "mlir/Pass/PassManager.h"
#include "mlir/Pass/PassOptions.h"

namespace tacos {

struct TacosPipelineOptions
    : public mlir::PassPipelineOptions<TacosPipelineOptions> {
  /// The list in the description must be the catalogue's names
  /// (Synthesis/Algorithms.h): CatalogueSyncTests checks it.
  Option<coll::AlgorithmName> algorithm{
      *this, "algorithm",
      llvm::cl::desc(
          "best | tacos | exact | ring | direct | rhd | dbt | hierarchical"),
      llvm::cl::init(algorithmName(kDefaultAlgorithm)), optionNoun("tacos-pipeline", "algorithm")};
  Option<uint64_t> seed{*this, "seed", llvm::cl::desc("Synthesis seed"),
                        llvm::cl::init(0)};
  Option<unsigned> trials{*this, "trials",
                          llvm::cl::desc("Seeds to try, keeping the fastest"),
                          llvm::cl::init(1)};
  Option<unsigned> threads{
      *this, "threads",
      llvm::cl::desc("Threads the trials run on (0: every core); the result "
                     "is the same whatever the count"),
      llvm::cl::init(0)};
  /// Not `none`: it would leave nothing to verify.
  Option<coll::Materialization> materialize{
      *this,
      "materialize",
      llvm::cl::desc("How to store transfers"),
      llvm::cl::init(coll::Materialization::Auto),
      llvm::cl::values(clEnumValN(coll::Materialization::Auto, "auto",
                                  "ops up to 10000 transfers, else packed"),
                       clEnumValN(coll::Materialization::Ops, "ops",
                                  "one coll.transfer op per transfer"),
                       clEnumValN(coll::Materialization::Packed, "packed",
                                  "columns in a dense_resource blob")),
      optionNoun("tacos-pipeline", "materialize mode")};
  Option<bool> smt{*this, "smt",
                   llvm::cl::desc("Also verify with Z3 (coll-verify-smt)"),
                   llvm::cl::init(false)};
  Option<coll::ReportFormat> reportFormat{
      *this,
      "report-format",
      llvm::cl::desc("Report format"),
      llvm::cl::init(coll::ReportFormat::Text),
      llvm::cl::values(
          clEnumValN(coll::ReportFormat::Text, "text",
                     "one block per algorithm"),
          clEnumValN(coll::ReportFormat::Json, "json", "an array of objects")),
      optionNoun("tacos-pipeline", "report format")};
  Option<MemoryLimitOption> maxMemory{
      *this, "max-memory",
      llvm::cl::desc("Refuse, before starting, a synthesis or SMT encoding "
                     "estimated to need more memory (a size such as 8GB, or "
                     "'default': 50% of the machine's memory)"),
      llvm::cl::init(MemoryLimitOption())};
  Option<unsigned> rlimit{
      *this, "rlimit",
      llvm::cl::desc("algorithm=exact: Z3's resource budget for each search, "
                     "counted the same on every machine (0: no limit)"),
      llvm::cl::init(kDefaultRlimit)};
  Option<TimeoutOption> timeout{
      *this, "timeout",
      llvm::cl::desc("Stop each synthesis and each Z3 run still going after "
                     "this many seconds, with an error (0: no limit)"),
      llvm::cl::init(TimeoutOption())};
  Option<std::string> reportOutput{
      *this, "report-output",
      llvm::cl::desc("Report file (default stderr; '-' is stdout, shared with the IR unless -o sends it elsewhere)"),
      llvm::cl::init("")};
};

/// unwind switches -> decompose All-Reduces -> synthesize -> verify
/// (-> verify-smt) -> report: no algorithm leaves the pipeline unverified.
void buildTacosPipeline(mlir::OpPassManager &pm,
                        const TacosPipelineOptions &options);

/// Registers `tacos-pipeline`.
void registerTacosPipeline();

/// A module of func/mpi/memref/scf/arith/ub ops (what convert-coll-to-mpi
/// makes) to the LLVM dialect only: strip-topo-coll ->
/// expand-strided-metadata -> lower-affine -> arith-expand -> scf-to-cf ->
/// convert-mpi-program-to-llvm -> reconcile-unrealized-casts. The result is
/// ready for `tacos-translate --mlir-to-llvmir`.
void buildLowerToLLVMPipeline(mlir::OpPassManager &pm);

/// Registers `tacos-lower-to-llvm`.
void registerLowerToLLVMPipeline();

} // namespace tacos

#endif // TACOS_PIPELINES_PIPELINES_H
