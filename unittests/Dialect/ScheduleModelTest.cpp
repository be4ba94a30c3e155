//===- ScheduleModelTest.cpp - Schedules written into coll.algorithm ------===//
//
// writeTransfers given a Schedule && hands its buffer to the packed blob
// (Schedule::releasePacked) instead of copying it: whatever the schedule's
// capacity, the algorithm reads back the same transfers as when written
// from a view, and the schedule is left empty.
//
//===----------------------------------------------------------------------===//

#include "tacos/Dialect/Coll/IR/ScheduleModel.h"
#include "tacos/Dialect/Topo/IR/TopoDialect.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Parser/Parser.h"

#include <gtest/gtest.h>

#include <random>

using namespace mlir;
using namespace tacos;
using namespace tacos::coll;

namespace {

constexpr const char *kModule = R"mlir(
topo.network @pair {
  topo.npus 2
  topo.link 0 <-> 1 link(100 GBps, 1 us)
}
coll.algorithm @ag all_gather on @pair size(2 MB) time(21 us) {
}
)mlir";

Schedule randomSchedule(size_t n, size_t reserved, unsigned seed) {
  std::mt19937_64 rng(seed);
  Schedule s;
  s.reserve(reserved);
  for (size_t i = 0; i < n; ++i) {
    Transfer t;
    t.chunk = uint32_t(rng() % 2);
    t.src = uint32_t(rng() % 2);
    t.dst = 1 - t.src;
    t.lane = uint16_t(rng() % 3);
    t.kind = tacos::TransferKind(rng() % 2);
    t.start = int64_t(rng() % 1000);
    t.end = t.start + int64_t(rng() % 1000);
    s.push_back(t);
  }
  return s;
}

std::vector<Transfer> read(AlgorithmOp algorithm) {
  FailureOr<TransferTable> table = readTransfers(algorithm);
  EXPECT_TRUE(succeeded(table));
  std::vector<Transfer> transfers;
  if (succeeded(table))
    for (size_t i = 0; i < table->size(); ++i)
      transfers.push_back((*table)[i]);
  return transfers;
}

TEST(ScheduleModelTest, MovedSchedulesReadBackAsCopiedOnes) {
  DialectRegistry registry;
  registry.insert<topo::TopoDialect, CollDialect>();
  MLIRContext context(registry);
  OwningOpRef<ModuleOp> module =
      parseSourceString<ModuleOp>(kModule, ParserConfig(&context));
  ASSERT_TRUE(module);
  AlgorithmOp algorithm = *module->getOps<AlgorithmOp>().begin();
  // Grown by push_back, reserved exactly, reserved beyond the size; empty.
  for (auto [n, reserved] : {std::pair<size_t, size_t>{40, 0},
                             {40, 40},
                             {40, 100},
                             {0, 8}}) {
    Schedule moved = randomSchedule(n, reserved, unsigned(n + reserved));
    Schedule copy = moved;
    writeTransfers(algorithm, copy.view(), TransferForm::Packed);
    std::vector<Transfer> expected = read(algorithm);
    ASSERT_EQ(expected.size(), n);
    writeTransfers(algorithm, std::move(moved), TransferForm::Packed);
    EXPECT_EQ(moved.size(), 0u) << "the blob takes the schedule over";
    ASSERT_TRUE(algorithm.getPacked());
    std::vector<Transfer> got = read(algorithm);
    ASSERT_EQ(got.size(), n);
    for (size_t i = 0; i < n; ++i)
      EXPECT_EQ(got[i], expected[i]) << "transfer " << i << " of " << n
                                     << ", " << reserved << " reserved";
  }
}

} // namespace
