//===- VerifySMT.cpp - Speed of coll-verify-smt ---------------------------===//
//
// A 64-NPU All-Reduce on an 8x8 torus (50 GiBps, 0.5 us, 64 MiB): the
// All-Gather is synthesized, inverted into a Reduce-Scatter, and the two run
// back to back. The whole SMT path is timed: encoding into the smt dialect,
// export to SMT-LIB and Z3 (target: under 30 s).
//   build/bench/bench-verify-smt [side]
//
//===----------------------------------------------------------------------===//

#include "tacos/Conversion/CollToSMT.h"
#include "tacos/Synthesis/Inversion.h"
#include "tacos/Synthesis/TenSynthesizer.h"

#include "mlir/Dialect/SMT/IR/SMTDialect.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/MLIRContext.h"

#include <chrono>
#include <cstdio>
#include <cstdlib>

using namespace tacos;

int main(int argc, char **argv) {
  int64_t side = argc > 1 ? std::atoll(argv[1]) : 8;
  TopologySpec topology;
  for (int d = 0; d < 2; ++d)
    topology.dims.push_back(
        {DimKind::Ring, side, {50.0 * 1073741824.0, 500000, ""}});
  Network network = buildNetwork(topology);

  CollectiveSpec allGather;
  allGather.kind = CollectiveKind::AllGather;
  allGather.sizeBytes = int64_t(64) << 20;
  Problem problem;
  buildProblem(allGather, network.numNpus(), problem);
  AlgorithmResult ag = synthesizeTen(network, problem, {});
  Schedule rs;
  std::string error = invertSchedule(ag.schedule.view(), ag.timePs, rs);
  if (!error.empty()) {
    std::fprintf(stderr, "%s\n", error.c_str());
    return 1;
  }
  Schedule ar = concatenate(rs.view(), ag.schedule.view(), ag.timePs);
  CollectiveSpec allReduce = allGather;
  allReduce.kind = CollectiveKind::AllReduce;
  VerificationSpec spec = buildVerificationSpec(allReduce, network.numNpus(),
                                                LinkModel::Blocking);

  auto started = std::chrono::steady_clock::now();
  auto seconds = [&] {
    return std::chrono::duration<double>(std::chrono::steady_clock::now() -
                                         started)
        .count();
  };
  mlir::MLIRContext context;
  context.loadDialect<mlir::smt::SMTDialect>();
  mlir::OpBuilder builder(&context);
  mlir::Location loc = builder.getUnknownLoc();
  mlir::OwningOpRef<mlir::ModuleOp> module = mlir::ModuleOp::create(loc);
  builder.setInsertionPointToEnd(module->getBody());
  mlir::FailureOr<SmtEncoding> encoding = encodeAlgorithmAsSmt(
      builder, loc, network, spec, ar.view(), 2 * ag.timePs, error);
  if (mlir::failed(encoding)) {
    std::fprintf(stderr, "%s\n", error.c_str());
    return 1;
  }
  double encoded = seconds();
  std::vector<const SmtFact *> violated;
  Z3Outcome outcome = solveEncoding(*module, *encoding, 0, violated);
  double solved = seconds();
  std::printf("all_reduce on a %lldx%lld torus: %u NPUs, %zu transfers\n",
              (long long)side, (long long)side, network.numNpus(), ar.size());
  std::printf("  encode         %.3f s (%zu facts)\n", encoded,
              encoding->facts.size());
  std::printf("  export + z3    %.3f s: %s\n", solved - encoded,
              outcome.result == Z3Outcome::Result::Unsat ? "unsat (verified)"
              : outcome.result == Z3Outcome::Result::Sat ? "sat (violation!)"
                                                         : "unknown/error");
  std::printf("  total          %.3f s\n", solved);
  return outcome.result == Z3Outcome::Result::Unsat ? 0 : 1;
}
