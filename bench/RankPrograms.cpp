//===- RankPrograms.cpp - Planning every rank of a large schedule ---------===//
//
// Times exec::ExecutionPlan on a synthesized torus All-Gather: building the
// plan and every rank's program, the core of convert-coll-to-mpi's cost.
// Usage: bench-rank-programs [side] (default 64: the 64x64 torus, 16.7 M
// transfers). Prints the steps per transfer and the peak of one program.
//
//===----------------------------------------------------------------------===//

#include "tacos/Execution/RankProgram.h"
#include "tacos/Synthesis/Algorithms.h"

#include <chrono>
#include <cstdio>
#include <cstdlib>

using namespace tacos;

static double secondsSince(std::chrono::steady_clock::time_point t) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - t)
      .count();
}

int main(int argc, char **argv) {
  int64_t side = argc > 1 ? std::atoll(argv[1]) : 64;
  TopologySpec topology;
  for (int d = 0; d < 2; ++d)
    topology.dims.push_back({DimKind::Ring, side, {50e9, 500000, ""}});
  Network network = buildNetwork(topology);
  CollectiveSpec spec;
  spec.kind = CollectiveKind::AllGather;
  spec.sizeBytes = int64_t(1) << 30;
  AlgorithmOptions options;
  options.verify = false;
  auto t0 = std::chrono::steady_clock::now();
  AlgorithmResult result = synthesize(network, spec, options);
  if (!result.error.empty()) {
    std::fprintf(stderr, "%s\n", result.error.c_str());
    return 1;
  }
  std::printf("synthesis: %zu transfers in %.2f s\n", result.numTransfers,
              secondsSince(t0));
  auto t1 = std::chrono::steady_clock::now();
  std::string error;
  auto plan = exec::ExecutionPlan::build(
      exec::CallShape::of(spec, uint32_t(network.numNpus())),
      result.schedule.view(), error);
  if (!plan) {
    std::fprintf(stderr, "%s\n", error.c_str());
    return 1;
  }
  std::printf("plan: %.2f s\n", secondsSince(t1));
  auto t2 = std::chrono::steady_clock::now();
  size_t steps = 0, largest = 0;
  for (uint32_t r = 0; r < network.numNpus(); ++r) {
    exec::RankProgram program = plan->program(r);
    steps += program.steps.size();
    largest = std::max(largest, program.steps.size());
  }
  std::printf("programs: %zu steps (%.2f per transfer, largest rank %zu) in "
              "%.2f s\n",
              steps, double(steps) / double(result.numTransfers), largest,
              secondsSince(t2));
  return 0;
}
