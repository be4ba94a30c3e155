//===- CatalogueSyncTest.cpp - Hand-written lists agree with the core -----===//
//
// A few lists outside the core catalogues are written by hand, because
// TableGen needs literals: the algorithm names in the `--help` of
// coll-synthesize (Passes.td) and tacos-pipeline (Pipelines.h), and the
// request ops (CollOps.td) and IR collective enum (CollEnums.td) next to
// the collective table (Collective.h), and the exact searches' default
// limits in Passes.td next to Algorithms.h's. These tests fail when one of them
// drifts from the catalogue, naming what is missing.
//
//===----------------------------------------------------------------------===//

#include "tacos/Collective/Collective.h"
#include "tacos/Dialect/Coll/IR/CollDialect.h"
#include "tacos/Dialect/Coll/IR/ScheduleModel.h"
#include "tacos/Dialect/Coll/Transforms/Passes.h"
#include "tacos/Pipelines/Pipelines.h"
#include "tacos/Synthesis/Algorithms.h"

#include "mlir/Pass/PassRegistry.h"
#include "llvm/Support/raw_ostream.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <optional>
#include <set>
#include <sstream>
#include <string>
#include <tuple>
#include <vector>

using namespace tacos;

namespace {

/// Where descriptions start in the help: wider than every option name, as
/// tacos-opt computes it (a narrower one underflows LLVM's padding).
constexpr size_t kDescIndent = 100;

std::set<std::string> catalogueNames() {
  std::set<std::string> names;
  for (Algorithm algorithm : allAlgorithms())
    names.insert(algorithmName(algorithm));
  return names;
}

/// The names listed in the description of option `--algorithm=` in the
/// help `print` writes to stdout, as "a | b | c".
std::set<std::string> helpNames(void (*print)()) {
  testing::internal::CaptureStdout();
  print();
  llvm::outs().flush();
  std::istringstream help(testing::internal::GetCapturedStdout());
  std::set<std::string> names;
  for (std::string line; std::getline(help, line);) {
    if (line.find("--algorithm=") == std::string::npos)
      continue;
    size_t dash = line.find(" - ");
    EXPECT_NE(dash, std::string::npos) << line;
    if (dash == std::string::npos)
      return names;
    std::istringstream list(line.substr(dash + 3));
    for (std::string word; list >> word;)
      if (word != "|")
        names.insert(word);
  }
  return names;
}

TEST(CatalogueSync, CollSynthesizeHelpListsEveryAlgorithm) {
  coll::registerCollSynthesize();
  EXPECT_EQ(helpNames([] {
              mlir::PassInfo::lookup("coll-synthesize")
                  ->printHelpStr(2, kDescIndent);
            }),
            catalogueNames());
}

TEST(CatalogueSync, TacosPipelineHelpListsEveryAlgorithm) {
  registerTacosPipeline();
  EXPECT_EQ(helpNames([] {
              mlir::PassPipelineInfo::lookup("tacos-pipeline")
                  ->printHelpStr(2, kDescIndent);
            }),
            catalogueNames());
}

/// The request op's collective, for request ops (a static
/// getCollectiveKind); nothing for other ops.
template <typename Op>
auto requestKind(int) -> decltype(Op::getCollectiveKind(),
                                  std::optional<CollectiveKind>()) {
  return Op::getCollectiveKind();
}
template <typename Op> std::optional<CollectiveKind> requestKind(long) {
  return std::nullopt;
}

/// (kind, op name) of every request op of the coll dialect.
template <typename... Ops>
std::vector<std::pair<CollectiveKind, std::string>> requestsOf() {
  std::vector<std::pair<CollectiveKind, std::string>> requests;
  (
      [&] {
        if (std::optional<CollectiveKind> kind = requestKind<Ops>(0))
          requests.push_back({*kind, Ops::getOperationName().str()});
      }(),
      ...);
  return requests;
}

std::vector<std::pair<CollectiveKind, std::string>> allRequests() {
  return requestsOf<
#define GET_OP_LIST
#include "tacos/Dialect/Coll/IR/CollOps.cpp.inc"
      >();
}

/// Every kind of the core table and of the IR enum (whichever is longer,
/// so a kind added to one only is seen).
std::vector<CollectiveKind> allKinds() {
  unsigned last = std::max(unsigned(CollectiveKind::Scatter),
                           coll::getMaxEnumValForCollective());
  std::vector<CollectiveKind> kinds;
  for (unsigned k = 0; k <= last; ++k)
    kinds.push_back(CollectiveKind(k));
  return kinds;
}

TEST(CatalogueSync, EveryCollectiveHasOneRequestOp) {
  std::vector<std::pair<CollectiveKind, std::string>> requests = allRequests();
  for (CollectiveKind kind : allKinds()) {
    ASSERT_LE(unsigned(kind), unsigned(CollectiveKind::Scatter))
        << "the IR enum has a collective beyond the core's last kind "
           "(CollectiveKind::Scatter, as parseCollective assumes): "
        << coll::stringifyCollective(coll::fromCore(kind)).str();
    std::string name = collectiveName(kind);
    size_t ops = 0;
    for (const auto &[opKind, opName] : requests)
      if (opKind == kind) {
        ++ops;
        EXPECT_EQ(opName, "coll." + name);
      }
    EXPECT_EQ(ops, 1u) << "request ops for " << name;
  }
  EXPECT_EQ(requests.size(), allKinds().size());
}

TEST(CatalogueSync, IrCollectiveEnumMatchesCoreTable) {
  EXPECT_EQ(coll::getMaxEnumValForCollective(),
            unsigned(CollectiveKind::Scatter));
  for (CollectiveKind kind : allKinds()) {
    if (unsigned(kind) > unsigned(CollectiveKind::Scatter))
      continue; // EveryCollectiveHasOneRequestOp names it
    if (unsigned(kind) > coll::getMaxEnumValForCollective()) {
      ADD_FAILURE() << "the IR enum lacks " << collectiveName(kind);
      continue;
    }
    std::optional<coll::Collective> ir =
        coll::symbolizeCollective(collectiveName(kind));
    ASSERT_TRUE(ir.has_value()) << collectiveName(kind);
    EXPECT_EQ(coll::toCore(*ir), kind) << collectiveName(kind);
  }
}

// The defaults of rlimit= and time-limit-ms= are the core's (tacos-pipeline
// takes its constant; Passes.td needs literals).
TEST(CatalogueSync, CollSynthesizeSearchLimitsAreTheCoresDefaults) {
  coll::CollSynthesizeOptions options;
  EXPECT_EQ(options.rlimit, kDefaultRlimit);
  EXPECT_EQ(options.timeLimitMs, kDefaultTimeLimitMs);
  TacosPipelineOptions pipeline;
  EXPECT_EQ(unsigned(pipeline.rlimit), kDefaultRlimit);
  AlgorithmOptions core;
  EXPECT_EQ(core.rlimit, kDefaultRlimit);
  EXPECT_EQ(core.timeLimitMs, kDefaultTimeLimitMs);
}

} // namespace
