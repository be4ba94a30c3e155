//===- tacos-verify-fuzzer.cpp - coll-verify on arbitrary algorithms ------===//
//
// libFuzzer target for the native verifier (and the simulator, which reads
// the same transfers). The input is a module in MLIR text, seeded with the
// coll.algorithm ops of the tests: transfers in any order, on links that
// may not exist, at any times. Once parsed, verified and within the limits
// of FuzzSupport.h, it runs coll-verify, then coll-simulate on the same
// module. The rules: no crash, sanitizer report or hang; a rejected
// algorithm has an error at a location in the input; what coll-simulate
// writes parses back.
//
// A finding reproduces with the tool:
//   tacos-opt --coll-verify crash-<sha1>
//   tacos-opt --coll-simulate crash-<sha1>
//
//===----------------------------------------------------------------------===//

#include "MlirTextInput.h"

#include "tacos/Dialect/Coll/Transforms/Passes.h"

#include "mlir/Pass/PassManager.h"

using namespace mlir;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  tacos::fuzz::MlirTextInput input(data, size);
  ModuleOp module = input.module();
  if (!module)
    return 0;

  PassManager verify(input.context());
  verify.addPass(tacos::coll::createCollVerify());
  if (failed(verify.run(module)))
    input.requireError("coll-verify");

  input.diagnostics().reset();
  PassManager simulate(input.context());
  simulate.addPass(tacos::coll::createCollSimulate());
  if (failed(simulate.run(module))) {
    input.requireError("coll-simulate");
    return 0;
  }
  tacos::fuzz::requireRoundTrip(module, "the output of coll-simulate");
  return 0;
}
