//===- BaselineTest.cpp - LIBRA's equal-bandwidth baseline ----------------===//

#include "tacos/Libra/Baseline.h"

#include <gtest/gtest.h>

#include <cmath>

using namespace tacos;
using namespace tacos::libra;

namespace {

using R = LinearConstraint::Relation;

std::vector<DimSpec> ringDims(unsigned count) {
  DimSpec ring;
  ring.kind = DimKind::Ring;
  ring.size = 4;
  return std::vector<DimSpec>(count, ring);
}

AllocationProblem problemWith(unsigned numDims,
                              std::vector<LinearConstraint> constraints) {
  AllocationProblem p;
  p.numDims = numDims;
  p.numNpus = std::pow(4.0, numDims);
  p.pricePerGBps.assign(numDims, 1.0);
  p.constraints = std::move(constraints);
  return p;
}

// The undecided dimensions share their total; a decided one keeps its
// bandwidth; the split meets the constraints, so nothing is projected.
TEST(LibraBaselineTest, DecidedDimensionsKeepTheirBandwidth) {
  std::vector<DimSpec> dims = ringDims(3);
  dims[2].link.bandwidthBps = 400e9; // 200 GB/s per NPU: 2 links per NPU
  AllocationProblem p = problemWith(
      3, {{R::Equal, {1, 1, 1}, 1000}, {R::Equal, {0, 0, 1}, 200}});
  bool projected = true;
  std::vector<double> equal =
      equalAllocation(dims, p, {500, 300, 200}, projected);
  EXPECT_FALSE(projected);
  EXPECT_EQ(equal, (std::vector<double>{400, 400, 200}));
}

// bw(0) == 500 GBps with 1000 GBps over 4 dimensions: an equal split breaks
// the first constraint, so it is projected onto both: dimension 0 at 500,
// the others as equal as they can be.
TEST(LibraBaselineTest, SplitThatBreaksAConstraintIsProjected) {
  AllocationProblem p = problemWith(
      4, {{R::Equal, {1, 1, 1, 1}, 1000}, {R::Equal, {1, 0, 0, 0}, 500}});
  bool projected = false;
  std::vector<double> equal =
      equalAllocation(ringDims(4), p, {500, 300, 150, 50}, projected);
  EXPECT_TRUE(projected);
  ASSERT_EQ(equal.size(), 4u);
  EXPECT_NEAR(equal[0], 500, 1e-3);
  EXPECT_NEAR(equal[0] + equal[1] + equal[2] + equal[3], 1000, 1e-3);
  EXPECT_NEAR(equal[1], equal[2], 1e-3);
  EXPECT_NEAR(equal[2], equal[3], 1e-3);
}

// Every dimension decided: nothing to share, the optimum is the baseline.
TEST(LibraBaselineTest, AllDecidedIsTheOptimum) {
  std::vector<DimSpec> dims = ringDims(2);
  dims[0].link.bandwidthBps = 200e9;
  dims[1].link.bandwidthBps = 100e9;
  AllocationProblem p =
      problemWith(2, {{R::Equal, {1, 0}, 100}, {R::Equal, {0, 1}, 50}});
  bool projected = true;
  EXPECT_EQ(equalAllocation(dims, p, {100, 50}, projected),
            (std::vector<double>{100, 50}));
  EXPECT_FALSE(projected);
}

} // namespace
