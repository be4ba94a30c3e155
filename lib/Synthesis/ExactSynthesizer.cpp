//===- ExactSynthesizer.cpp - Optimal schedules with Z3 -------------------===//
//
// Uses Z3's C API: LLVM's build disables C++ exceptions, which z3++ needs.
//
//===----------------------------------------------------------------------===//

#include "tacos/Synthesis/ExactSynthesizer.h"
#include "StepEncoding.h"
#include "tacos/Synthesis/TenSynthesizer.h"

namespace tacos {

MemoryEstimate estimateExact(const Network &network, const ProblemShape &shape,
                             const AlgorithmOptions &options) {
  MemoryEstimate estimate;
  estimate.what = "exact synthesis";
  estimate.remedy = "use fewer chunks or a smaller maximum of steps";
  if (network.numNpus() > kMaxExactNpus)
    return estimate;
  // Distinct (src, dst) pairs, as StepEncoding counts them.
  double pairs = 0;
  for (NodeId u = 0; u < network.numNpus(); ++u) {
    std::optional<NodeId> previous;
    for (LinkId l : network.outLinks(u))
      if (network.dst(l) != previous) {
        previous = network.dst(l);
        ++pairs;
      }
  }
  // Terms per encoding of s steps (StepEncoding's constructor): about 9 per
  // (chunk, NPU), 7 per (chunk, pair), and 4 per (step, pair, chunk) for
  // the bandwidth sums. Encodings for 1..S steps all stay in the context.
  double steps = options.maxSteps, chunks = shape.chunks, npus = shape.npus;
  double stepSum = steps * (steps + 1) / 2;
  double terms = steps * (9 * chunks * npus + 7 * chunks * pairs) +
                 stepSum * 4 * pairs * chunks;
  estimate.add(terms, kExactBytesPerTerm, "Z3 terms");
  return estimate;
}

AlgorithmResult synthesizeExact(const Network &network, const Problem &problem,
                                const AlgorithmOptions &options) {
  AlgorithmResult result;
  result.error = checkSynthesizable(network, problem);
  if (!result.error.empty())
    return result;
  if (network.numNpus() > kMaxExactNpus) {
    result.error = "exact synthesis takes networks of at most " +
                   std::to_string(kMaxExactNpus) + " NPUs, not " +
                   std::to_string(network.numNpus());
    return result;
  }
  // SCCL's least-steps strategy (StepEncoding.h).
  return synthesizeFewestSteps(network, problem, options);
}

} // namespace tacos
