//===- DialectsOnlyTest.cpp - The dialects without the core's solvers -----===//
//
// A client that only parses and prints tacos IR registers the topo and coll
// dialects and links their libraries and nothing else: the dialects depend
// on the core model (Network, Collective) only, never on a synthesizer, the
// simulator, the verifier, an SMT solver or LIBRA. This binary is that client;
// test/Tools/dialects-only-link.mlir checks that it links neither Z3 nor
// NLopt, so a dependency that drags them into the dialects fails there.
//
//===----------------------------------------------------------------------===//

#include "tacos/Dialect/Coll/IR/CollDialect.h"
#include "tacos/Dialect/Topo/IR/TopoDialect.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Parser/Parser.h"
#include "llvm/Support/raw_ostream.h"

#include <gtest/gtest.h>

#include <string>

using namespace mlir;

namespace {

/// Every kind of op the two dialects define that a LIBRA or TACOS input
/// holds: a priced, constrained network of dimensions, an explicit network,
/// a request, an algorithm with transfers and a workload.
constexpr const char *kModule = R"mlir(
topo.network @libra {
  topo.dims [ring(4) link(?, 0.5 us) tier(package), switch(8) link(?, 1 us) tier(pod)]
  topo.price tier(package) link(2.5)
  topo.price tier(pod) link(4) switch(6) nic(12)
  topo.constraint sum == 1000 GBps
}
topo.network @pair {
  topo.npus 2
  topo.link 0 <-> 1 link(100 GBps, 1 us)
}
coll.all_gather @ag on @pair size(2 MB) chunks(2)
coll.algorithm @ag2 all_gather on @pair size(2 MB) time(21 us) {
  coll.transfer copy 0 over 0 -> 1 at [0, 21000000]
  coll.transfer copy 1 over 1 -> 0 at [0, 21000000]
}
coll.workload @train on @libra compute(1.5 ms) {
  coll.all_reduce size(768 MiB) dims [0] count(8)
  coll.reduce_scatter size(1 MiB) dims [1, 0] groups [4, 2]
}
)mlir";

std::string print(ModuleOp module) {
  std::string text;
  llvm::raw_string_ostream os(text);
  module.print(os);
  return text;
}

TEST(DialectsOnlyTest, ParsesVerifiesAndPrintsBothDialects) {
  DialectRegistry registry;
  registry.insert<tacos::topo::TopoDialect, tacos::coll::CollDialect>();
  MLIRContext context(registry);
  OwningOpRef<ModuleOp> module =
      parseSourceString<ModuleOp>(kModule, ParserConfig(&context));
  ASSERT_TRUE(module) << "the module does not parse or verify";
  std::string printed = print(*module);
  EXPECT_NE(printed.find("coll.workload @train on @libra"), std::string::npos)
      << printed;
  EXPECT_NE(printed.find("topo.constraint sum == 1 TBps"), std::string::npos)
      << printed;

  // What is printed parses back to the same text.
  OwningOpRef<ModuleOp> again =
      parseSourceString<ModuleOp>(printed, ParserConfig(&context));
  ASSERT_TRUE(again) << printed;
  EXPECT_EQ(print(*again), printed);
}

} // namespace
