//===- SolverTest.cpp - Optimal allocations against closed forms ----------===//

#include "tacos/Libra/Solver.h"

#include <gtest/gtest.h>

#include <cmath>
#include <random>

using namespace tacos;
using namespace tacos::libra;

namespace {

LinearConstraint sumEquals(unsigned dims, double total) {
  return {LinearConstraint::Relation::Equal, std::vector<double>(dims, 1.0),
          total};
}

void expectRelative(double actual, double expected, double tolerance = 1e-6) {
  EXPECT_NEAR(actual, expected, tolerance * std::fabs(expected))
      << actual << " vs " << expected;
}

AllocationProblem threeDims() {
  AllocationProblem p;
  p.numDims = 3;
  p.numNpus = 4096;
  p.pricePerGBps = {1, 2, 8};
  return p;
}

// One collective and only a sum constraint: B_d = S a_d / sum(a).
TEST(LibraSolverTest, OneCollectiveMatchesTheClosedForm) {
  AllocationProblem p = threeDims();
  Workload w;
  w.computeNs = 5e6;
  w.collectives.push_back(
      {CollectiveKind::AllReduce, 768.0 * (1 << 20), {{0, 16}, {1, 8}, {2, 32}}, 4});
  p.workloads.push_back(w);
  p.constraints.push_back(sumEquals(3, 500));
  Allocation r = allocateBandwidth(p, Objective::Perf);
  ASSERT_EQ(r.error, "");
  std::vector<double> a;
  ASSERT_EQ(dimensionLoads(w.collectives[0], 3, a), "");
  double sum = a[0] + a[1] + a[2];
  for (unsigned d = 0; d < 3; ++d)
    expectRelative(r.bandwidthGBps[d], 500 * a[d] / sum);
  expectRelative(r.timeNs, 5e6 + 4 * sum / 500);
}

// Disjoint TP (dimension 0) and DP (dimensions 1, 2) groups with a sum
// constraint: DP splits its share in proportion to its loads, and the two
// shares go as the square roots of (count x load).
TEST(LibraSolverTest, DisjointGroupsMatchTheClosedForm) {
  AllocationProblem p = threeDims();
  Workload w;
  w.collectives.push_back({CollectiveKind::AllReduce, 1e9, {{0, 16}}, 8});
  w.collectives.push_back(
      {CollectiveKind::AllReduce, 4e9, {{1, 8}, {2, 32}}, 1});
  p.workloads.push_back(w);
  p.constraints.push_back(sumEquals(3, 1000));
  Allocation r = allocateBandwidth(p, Objective::Perf);
  ASSERT_EQ(r.error, "");
  std::vector<double> tp, dp;
  dimensionLoads(w.collectives[0], 3, tp);
  dimensionLoads(w.collectives[1], 3, dp);
  double x = std::sqrt(8 * tp[0]), y = std::sqrt(dp[1] + dp[2]);
  double b0 = 1000 * x / (x + y), rest = 1000 - b0;
  expectRelative(r.bandwidthGBps[0], b0);
  expectRelative(r.bandwidthGBps[1], rest * dp[1] / (dp[1] + dp[2]));
  expectRelative(r.bandwidthGBps[2], rest * dp[2] / (dp[1] + dp[2]));
}

// docs/Algorithms.md, LIBRA's constraint set on four dimensions.
TEST(LibraSolverTest, MeetsEveryConstraint) {
  AllocationProblem p;
  p.numDims = 4;
  p.numNpus = 4096;
  p.pricePerGBps = {1, 1, 2, 8};
  Workload w;
  w.collectives.push_back({CollectiveKind::AllReduce, 1e9, {{0, 4}, {1, 8}}, 4});
  w.collectives.push_back({CollectiveKind::AllReduce, 1e9, {{2, 4}, {3, 32}}, 1});
  p.workloads.push_back(w);
  using R = LinearConstraint::Relation;
  p.constraints = {{R::Equal, {1, 1, 1, 1}, 1000},
                   {R::Equal, {1, 0, 0, 0}, 500},
                   {R::GreaterEqual, {1, -1, 0, 0}, 0},
                   {R::GreaterEqual, {0, 1, -1, 0}, 0},
                   {R::Equal, {0, 0, 1, 1}, 200}};
  Allocation r = allocateBandwidth(p, Objective::Perf);
  ASSERT_EQ(r.error, "");
  const auto &b = r.bandwidthGBps;
  expectRelative(b[0] + b[1] + b[2] + b[3], 1000);
  expectRelative(b[0], 500);
  expectRelative(b[2] + b[3], 200);
  EXPECT_GE(b[0], b[1] - 1e-6);
  EXPECT_GE(b[1], b[2] - 1e-6);
  // The same problem twice gives the same answer.
  Allocation again = allocateBandwidth(p, Objective::Perf);
  EXPECT_EQ(again.bandwidthGBps, r.bandwidthGBps);
}

TEST(LibraSolverTest, PerfPerCostBeatsEqualAndPerfAllocations) {
  AllocationProblem p = threeDims();
  Workload w;
  w.computeNs = 2e8;
  w.collectives.push_back({CollectiveKind::AllReduce, 1e9, {{0, 16}}, 8});
  w.collectives.push_back({CollectiveKind::AllReduce, 4e9, {{1, 8}, {2, 32}}, 1});
  p.workloads.push_back(w);
  p.constraints.push_back(sumEquals(3, 500));
  Allocation perf = allocateBandwidth(p, Objective::Perf);
  Allocation ppc = allocateBandwidth(p, Objective::PerfPerCost);
  ASSERT_EQ(perf.error, "");
  ASSERT_EQ(ppc.error, "");
  std::vector<double> equal(3, 500.0 / 3);
  double equalProduct =
      workloadTimeNs(p, equal) * networkCost(p, equal);
  EXPECT_LE(ppc.timeNs * ppc.cost, equalProduct * (1 + 1e-9));
  EXPECT_LE(ppc.timeNs * ppc.cost, perf.timeNs * perf.cost * (1 + 1e-9));
  EXPECT_LE(perf.timeNs, workloadTimeNs(p, equal) * (1 + 1e-9));
}

// Two dimensions with B_0 + B_1 = S: a fine scan over B_0 finds the
// perf-per-cost optimum. Small (MiB) collectives used to leave SLSQP at the
// perf optimum (its time variables were 1e-2 next to bandwidths of 1e2).
TEST(LibraSolverTest, PerfPerCostMatchesAScanForSmallCollectives) {
  for (double bytes : {1.0 * (1 << 20), 768.0 * (1 << 20)}) {
    AllocationProblem p;
    p.numDims = 2;
    p.numNpus = 16;
    p.pricePerGBps = {4, 30};
    Workload w;
    w.computeNs = 1e3;
    w.collectives.push_back({CollectiveKind::AllReduce, bytes, {{0, 4}}, 2});
    w.collectives.push_back(
        {CollectiveKind::AllReduce, 4 * bytes, {{0, 4}, {1, 4}}, 1});
    p.workloads.push_back(w);
    p.constraints.push_back(sumEquals(2, 400));
    Allocation ppc = allocateBandwidth(p, Objective::PerfPerCost);
    ASSERT_EQ(ppc.error, "");
    double best = INFINITY;
    for (int i = 1; i < 40000; ++i) {
      std::vector<double> b = {i * 0.01, 400 - i * 0.01};
      best = std::min(best, workloadTimeNs(p, b) * networkCost(p, b));
    }
    double product = ppc.timeNs * ppc.cost;
    EXPECT_LE(product, best * (1 + 1e-9)) << bytes;
    EXPECT_GE(product, best * (1 - 1e-6)) << bytes;
  }
}

// Property: on random workloads (seeded) over 3 or 4 dimensions with a sum
// constraint, no point of a dense random sample of the simplex beats the
// solver, for either objective. (The solver once stalled at its start on
// the kinks of max_d a_d / B_d; this catches that.)
TEST(LibraSolverTest, NoSampledAllocationBeatsTheSolver) {
  std::mt19937_64 rng(7);
  auto uniform = [&](double lo, double hi) {
    return std::uniform_real_distribution<double>(lo, hi)(rng);
  };
  const CollectiveKind kinds[] = {CollectiveKind::AllReduce,
                                  CollectiveKind::AllGather,
                                  CollectiveKind::ReduceScatter,
                                  CollectiveKind::AllToAll};
  for (int trial = 0; trial < 40; ++trial) {
    unsigned dims = 3 + trial % 2;
    AllocationProblem p;
    p.numDims = dims;
    p.numNpus = 1024;
    for (unsigned d = 0; d < dims; ++d)
      p.pricePerGBps.push_back(uniform(1, 60));
    Workload w;
    w.computeNs = uniform(0, 1e7);
    for (int k = 0, n = 1 + trial % 4; k < n; ++k) {
      WorkloadCollective c{kinds[rng() % 4], uniform(1e6, 1e9), {}, double(1 + rng() % 8)};
      for (unsigned d = 0; d < dims; ++d)
        if (rng() % 2 || (d + 1 == dims && c.dims.empty()))
          c.dims.push_back({d, int64_t(2 + rng() % 15)});
      w.collectives.push_back(c);
    }
    p.workloads.push_back(w);
    p.constraints.push_back(sumEquals(dims, 500));
    for (Objective objective : {Objective::Perf, Objective::PerfPerCost}) {
      Allocation r = allocateBandwidth(p, objective);
      ASSERT_EQ(r.error, "") << trial;
      auto score = [&](const std::vector<double> &b) {
        double t = workloadTimeNs(p, b);
        return objective == Objective::Perf ? t : t * networkCost(p, b);
      };
      double solved = score(r.bandwidthGBps), sampled = INFINITY;
      for (int i = 0; i < 20000; ++i) {
        std::vector<double> b(dims);
        double sum = 0;
        for (double &x : b)
          sum += x = -std::log(uniform(1e-12, 1)); // Dirichlet(1, ..., 1)
        for (double &x : b)
          x *= 500 / sum;
        sampled = std::min(sampled, score(b));
      }
      EXPECT_LE(solved, sampled * (1 + 1e-9))
          << "trial " << trial << " objective " << int(objective);
    }
  }
}

TEST(LibraSolverTest, ReportsInfeasibleConstraints) {
  AllocationProblem p = threeDims();
  Workload w;
  w.collectives.push_back({CollectiveKind::AllReduce, 1e9, {{0, 16}}, 1});
  p.workloads.push_back(w);
  using R = LinearConstraint::Relation;
  p.constraints = {{R::Equal, {1, 1, 1}, 100}, {R::Equal, {1, 0, 0}, 200}};
  EXPECT_NE(allocateBandwidth(p, Objective::Perf).error, "");
}

AllocationProblem allReduceOverEveryDim() {
  AllocationProblem p = threeDims();
  Workload w;
  w.computeNs = 1e6;
  w.collectives.push_back(
      {CollectiveKind::AllReduce, 1e9, {{0, 16}, {1, 8}, {2, 32}}, 1});
  p.workloads.push_back(w);
  return p;
}

// No constraint: more bandwidth is always faster; no optimum to return.
TEST(LibraSolverTest, PerfWithoutConstraintsIsAnError) {
  AllocationProblem p = allReduceOverEveryDim();
  Allocation a = allocateBandwidth(p, Objective::Perf);
  EXPECT_EQ(a.error, "objective=perf needs a constraint: with none, more "
                     "bandwidth is always faster and there is no optimum "
                     "(add one such as `topo.constraint sum == 500 GBps`)");
  EXPECT_TRUE(a.bandwidthGBps.empty());
}

// Constraints that bound only some dimensions: a collective whose
// dimensions can all grow has no minimum; one with a bounded dimension has.
TEST(LibraSolverTest, PerfNeedsABoundOnSomeDimensionOfEachCollective) {
  using R = LinearConstraint::Relation;
  AllocationProblem p = threeDims();
  Workload w;
  w.collectives.push_back({CollectiveKind::AllReduce, 1e9, {{1, 8}}, 1});
  w.collectives.push_back(
      {CollectiveKind::AllReduce, 1e9, {{0, 16}, {2, 32}}, 1});
  p.workloads.push_back(w);
  // B_0 <= 100, B_1 >= B_2: dimensions 1 and 2 grow together.
  p.constraints = {{R::LessEqual, {1, 0, 0}, 100},
                   {R::GreaterEqual, {0, 1, -1}, 0}};
  EXPECT_EQ(unboundedDimensions(p), (std::vector<bool>{false, true, true}));
  EXPECT_EQ(allocateBandwidth(p, Objective::Perf).error,
            "objective=perf has no optimum: nothing bounds the bandwidth of "
            "dimension 1 from above, so more is always faster (add an upper "
            "bound such as `topo.constraint sum == 500 GBps`)");
  // With B_1 + B_2 <= 300 every dimension is bounded.
  p.constraints.push_back({R::LessEqual, {0, 1, 1}, 300});
  EXPECT_EQ(unboundedDimensions(p), (std::vector<bool>(3, false)));
  EXPECT_EQ(allocateBandwidth(p, Objective::Perf).error, "");
}

// Only `sum <= X`: perf is fine, perf-per-cost's infimum is at zero.
TEST(LibraSolverTest, PerfPerCostWithoutALowerBoundIsAnError) {
  using R = LinearConstraint::Relation;
  AllocationProblem p = allReduceOverEveryDim();
  p.constraints = {{R::LessEqual, {1, 1, 1}, 500}};
  Allocation perf = allocateBandwidth(p, Objective::Perf);
  EXPECT_EQ(perf.error, "");
  Allocation a = allocateBandwidth(p, Objective::PerfPerCost);
  EXPECT_EQ(a.error,
            "objective=perf-per-cost has no optimum: zero bandwidth meets "
            "every constraint and time x cost only falls as the bandwidths "
            "shrink toward it (add a lower bound such as `topo.constraint "
            "sum == 500 GBps` or `topo.constraint sum >= 500 GBps`)");
  EXPECT_TRUE(a.bandwidthGBps.empty());
  // No constraint at all: the same answer for perf-per-cost.
  p.constraints.clear();
  EXPECT_EQ(allocateBandwidth(p, Objective::PerfPerCost).error, a.error);
}

// Without communication any bandwidth gives the same time: nothing is
// missing, and the least bandwidth (none) is the answer for both.
TEST(LibraSolverTest, ComputeOnlyNeedsNoConstraint) {
  AllocationProblem p = threeDims();
  Workload w;
  w.computeNs = 1e6;
  p.workloads.push_back(w);
  for (Objective objective : {Objective::Perf, Objective::PerfPerCost}) {
    Allocation a = allocateBandwidth(p, objective);
    EXPECT_EQ(a.error, "");
    EXPECT_DOUBLE_EQ(a.timeNs, 1e6);
  }
}

// Perf-per-cost with only a lower bound is well posed (perf is not): the
// sum sits at its bound.
TEST(LibraSolverTest, PerfPerCostUnderOnlyALowerBound) {
  using R = LinearConstraint::Relation;
  AllocationProblem p = allReduceOverEveryDim();
  p.constraints = {{R::GreaterEqual, {1, 1, 1}, 500}};
  EXPECT_NE(allocateBandwidth(p, Objective::Perf).error, "");
  Allocation a = allocateBandwidth(p, Objective::PerfPerCost);
  ASSERT_EQ(a.error, "");
  expectRelative(a.bandwidthGBps[0] + a.bandwidthGBps[1] + a.bandwidthGBps[2],
                 500);
}

TEST(LibraSolverTest, BindingConstraints) {
  using R = LinearConstraint::Relation;
  AllocationProblem p = threeDims();
  p.constraints = {{R::Equal, {1, 1, 1}, 600},
                   {R::LessEqual, {1, 0, 0}, 300},
                   {R::GreaterEqual, {0, 1, -1}, 0},
                   {R::GreaterEqual, {0, 0, 1}, 100}};
  EXPECT_EQ(bindingConstraints(p, {300, 200, 100}),
            (std::vector<unsigned>{0, 1, 3}));
  EXPECT_EQ(bindingConstraints(p, {200, 200, 200 * (1 + 1e-9)}),
            (std::vector<unsigned>{0, 2}));
}

// Infeasible: the minimal conflicting subset, not every constraint.
TEST(LibraSolverTest, NamesTheConflictingConstraints) {
  using R = LinearConstraint::Relation;
  AllocationProblem p = allReduceOverEveryDim();
  p.constraints = {{R::Equal, {1, 1, 1}, 1000},      // 0
                   {R::GreaterEqual, {1, -1, 0}, 0}, // 1: B_0 >= B_1
                   {R::Equal, {1, 0, 0}, 500},       // 2
                   {R::GreaterEqual, {0, 1, 0}, 50}, // 3
                   {R::LessEqual, {0, 0, 1}, 100}};  // 4
  // Feasible so far, e.g. (500, 400, 100); B_2 >= 300 conflicts with
  // B_2 <= 100 alone.
  EXPECT_EQ(conflictingConstraints(p), std::vector<unsigned>{});
  p.constraints.push_back({R::GreaterEqual, {0, 0, 1}, 300}); // 5
  Allocation a = allocateBandwidth(p, Objective::Perf);
  EXPECT_EQ(a.error, "the constraints cannot all be met");
  EXPECT_EQ(a.conflicting, (std::vector<unsigned>{4, 5}));
  // B_1 >= 600 conflicts with B_0 >= B_1 and B_0 == 500 (and nothing else).
  p.constraints.pop_back();
  p.constraints.push_back({R::GreaterEqual, {0, 1, 0}, 600});
  EXPECT_EQ(allocateBandwidth(p, Objective::PerfPerCost).conflicting,
            (std::vector<unsigned>{1, 2, 5}));
}

} // namespace
