//===- tacos-pipeline-fuzzer.cpp - MLIR text through tacos-pipeline -------===//
//
// libFuzzer target. The input is a module in MLIR text. It is parsed with
// every dialect tacos-opt registers and verified; if its networks and
// collectives are small (Limits in FuzzSupport.h), it runs through
// tacos-pipeline on one thread, the report going to a scratch file in
// JSON or text (the parity of the input's size picks, so both printers run).
// The rules: no crash, sanitizer report or hang; a rejected input has an
// error at a location in the input; what the pipeline writes parses back.
//
// A finding reproduces with the tool:
//   tacos-opt --tacos-pipeline=threads=1 crash-<sha1>
//
//===----------------------------------------------------------------------===//

#include "MlirTextInput.h"

#include "tacos/Pipelines/Pipelines.h"

#include "mlir/Pass/PassManager.h"

using namespace mlir;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  tacos::fuzz::MlirTextInput input(data, size);
  ModuleOp module = input.module();
  if (!module)
    return 0;

  tacos::TacosPipelineOptions options;
  options.threads = 1;
  static const std::string report = tacos::fuzz::scratchPath("report");
  options.reportOutput = report;
  options.reportFormat =
      size % 2 ? tacos::coll::ReportFormat::Json : tacos::coll::ReportFormat::Text;
  PassManager pm(input.context());
  tacos::buildTacosPipeline(pm, options);
  if (failed(pm.run(module))) {
    input.requireError("tacos-pipeline");
    return 0;
  }
  tacos::fuzz::requireRoundTrip(module, "the output of tacos-pipeline");
  return 0;
}
