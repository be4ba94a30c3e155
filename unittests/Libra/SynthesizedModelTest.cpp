//===- SynthesizedModelTest.cpp - LIBRA scored with synthesized times -----===//

#include "tacos/Libra/SynthesizedModel.h"

#include <gtest/gtest.h>

#include <chrono>
#include <cmath>

using namespace tacos;
using namespace tacos::libra;

namespace {

DimSpec dim(DimKind kind, int64_t size, int64_t latencyPs = 0) {
  DimSpec d;
  d.kind = kind;
  d.size = size;
  d.link.latencyPs = latencyPs;
  return d;
}

/// One workload of the given collectives on a network of `dims`.
AllocationProblem problemOn(const std::vector<DimSpec> &dims,
                            std::vector<WorkloadCollective> collectives,
                            double computeNs = 0) {
  AllocationProblem p;
  p.numDims = unsigned(dims.size());
  p.numNpus = 1;
  for (const DimSpec &d : dims)
    p.numNpus *= double(d.size);
  p.pricePerGBps.assign(dims.size(), 1.0);
  for (size_t d = 0; d < dims.size(); ++d)
    p.pricePerGBps[d] = double(d + 1);
  Workload w;
  w.computeNs = computeNs;
  w.collectives = std::move(collectives);
  p.workloads.push_back(w);
  return p;
}

LinearConstraint sumEquals(unsigned dims, double total) {
  return {LinearConstraint::Relation::Equal, std::vector<double>(dims, 1.0),
          total};
}

constexpr double kMiB = 1 << 20;

TEST(LibraSynthesizedTest, LinksPerNpuPerBuildingBlock) {
  EXPECT_EQ(linksPerNpu(dim(DimKind::Line, 4)), 2u);
  EXPECT_EQ(linksPerNpu(dim(DimKind::Line, 2)), 1u);
  EXPECT_EQ(linksPerNpu(dim(DimKind::Ring, 8)), 2u);
  EXPECT_EQ(linksPerNpu(dim(DimKind::Ring, 2)), 1u);
  EXPECT_EQ(linksPerNpu(dim(DimKind::UniRing, 8)), 1u);
  EXPECT_EQ(linksPerNpu(dim(DimKind::FullyConnected, 8)), 7u);
  EXPECT_EQ(linksPerNpu(dim(DimKind::Switch, 32)), 1u);
  EXPECT_EQ(linksPerNpu(dim(DimKind::Ring, 1)), 1u);

  DimSpec ring = dim(DimKind::Ring, 4, 500000);
  ring.link.tier = "chiplet";
  std::vector<DimSpec> set = dimsWithBandwidth(
      {ring, dim(DimKind::FullyConnected, 5), dim(DimKind::Switch, 4)},
      {100, 80, 25});
  EXPECT_DOUBLE_EQ(set[0].link.bandwidthBps, 50e9);
  EXPECT_DOUBLE_EQ(set[1].link.bandwidthBps, 20e9);
  EXPECT_DOUBLE_EQ(set[2].link.bandwidthBps, 25e9);
  EXPECT_EQ(set[0].link.latencyPs, 500000);
  EXPECT_EQ(set[0].link.tier, "chiplet");
}

TEST(LibraSynthesizedTest, RepresentativeGroups) {
  // 4 x 2 x 2: id = x + 4 y + 8 z.
  std::vector<DimSpec> dims = {dim(DimKind::Ring, 4), dim(DimKind::Ring, 2),
                               dim(DimKind::Switch, 2)};
  WorkloadCollective c;
  c.dims = {{1, 2}};
  EXPECT_EQ(representativeGroup(dims, c), (std::vector<int64_t>{0, 4}));
  c.dims = {{2, 2}, {0, 2}};
  EXPECT_EQ(representativeGroup(dims, c), (std::vector<int64_t>{0, 1, 8, 9}));
  c.dims = {{0, 4}, {1, 2}};
  EXPECT_EQ(representativeGroup(dims, c),
            (std::vector<int64_t>{0, 1, 2, 3, 4, 5, 6, 7}));
  c.dims = {{0, 4}, {1, 2}, {2, 2}};
  EXPECT_TRUE(representativeGroup(dims, c).empty()); // the whole network
}

// One switch(8) port of B GB/s per NPU unwinds to 7 links of B/7 each, on
// which TEN synthesis meets the bandwidth bound exactly when there is no
// latency: All-Reduce then takes the analytic 2 m (c-1)/c / B.
TEST(LibraSynthesizedTest, SwitchAllReduceMatchesTheAnalyticModel) {
  std::vector<DimSpec> dims = {dim(DimKind::Switch, 8)};
  AllocationProblem p =
      problemOn(dims, {{CollectiveKind::AllReduce, 8 * kMiB, {{0, 8}}, 1}});
  const double b = 100;
  double analytic = workloadTimeNs(p, {b});
  EXPECT_DOUBLE_EQ(analytic, 2 * 8 * kMiB * 7 / 8 / b);
  SynthesizedScore s = scoreWithSynthesis(dims, p, {b}, {});
  ASSERT_EQ(s.error, "");
  ASSERT_EQ(s.collectiveTimesNs.size(), 1u);
  EXPECT_DOUBLE_EQ(s.timeNs, s.collectiveTimesNs[0]);
  EXPECT_GE(s.timeNs, analytic * (1 - 1e-9));
  EXPECT_LE(s.timeNs, analytic * 1.01);

  // With 1 us per port (2 us for a path through the switch) the
  // synthesized time adds the latency the analytic model ignores. The
  // switch is a node, so each NPU's port carries one transfer at a time:
  // in each phase (Reduce-Scatter, All-Gather) an NPU's 7 pieces of m/8
  // bytes pass its port one after another, each paying the path's 2 us.
  // (Unwound, the 7 would share the port at once and pay 2 us in all.)
  dims[0].link.latencyPs = 1000000;
  SynthesizedScore slow = scoreWithSynthesis(dims, p, {b}, {});
  ASSERT_EQ(slow.error, "");
  EXPECT_NEAR(slow.timeNs, analytic + 2 * 7 * 2000, 1);
}

// A collective on part of a switch (a group of 2 of its 8 ports) is timed
// on the switch as hardware runs it: each transfer cut through at full port
// speed, as the analytic model says (m (c-1)/c / B). Unwound, each pair
// would get a seventh of a port and the collective take 7 times as long,
// so the search would size switch dimensions 7 times too large.
TEST(LibraSynthesizedTest, PartOfASwitchRunsAtFullPortSpeed) {
  std::vector<DimSpec> dims = {dim(DimKind::Switch, 8)};
  const double m = 4 * kMiB, b = 50;
  for (CollectiveKind kind :
       {CollectiveKind::AllGather, CollectiveKind::ReduceScatter,
        CollectiveKind::AllReduce}) {
    AllocationProblem p = problemOn(dims, {{kind, m, {{0, 2}}, 1}});
    double analytic = workloadTimeNs(p, {b});
    EXPECT_DOUBLE_EQ(analytic, (kind == CollectiveKind::AllReduce ? 2 : 1) *
                                   m / 2 / b)
        << collectiveName(kind);
    SynthesizedScore s = scoreWithSynthesis(dims, p, {b}, {});
    ASSERT_EQ(s.error, "") << collectiveName(kind);
    EXPECT_GE(s.timeNs, analytic * (1 - 1e-9)) << collectiveName(kind);
    EXPECT_LE(s.timeNs, analytic * 1.01) << collectiveName(kind);

    // exact needs point-to-point links: it alone still runs unwound, where
    // the pair's link is a seventh of a port.
    SynthesizedModelOptions exact;
    exact.synthesis.algorithm = Algorithm::Exact;
    SynthesizedScore unwound = scoreWithSynthesis(dims, p, {b}, exact);
    ASSERT_EQ(unwound.error, "") << collectiveName(kind);
    EXPECT_NEAR(unwound.timeNs, 7 * analytic, analytic * 0.01)
        << collectiveName(kind);
  }
}

// Whatever the schedule, every NPU of an All-Gather receives m (c-1)/c
// bytes through B GB/s of ingress: the synthesized time can never beat it.
TEST(LibraSynthesizedTest, AllGatherIsNeverFasterThanTheBandwidthBound) {
  for (DimSpec d : {dim(DimKind::Ring, 8, 100000), dim(DimKind::Switch, 8),
                    dim(DimKind::FullyConnected, 6, 50000),
                    dim(DimKind::UniRing, 5)}) {
    std::vector<DimSpec> dims = {d};
    const double m = 3 * kMiB, b = 40, c = double(d.size);
    AllocationProblem p =
        problemOn(dims, {{CollectiveKind::AllGather, m, {{0, d.size}}, 3}},
                  1000);
    SynthesizedScore s = scoreWithSynthesis(dims, p, {b}, {});
    ASSERT_EQ(s.error, "") << dimKindName(d.kind);
    EXPECT_GE(s.collectiveTimesNs[0], m * (c - 1) / c / b * (1 - 1e-9))
        << dimKindName(d.kind);
    EXPECT_DOUBLE_EQ(s.timeNs, 1000 + 3 * s.collectiveTimesNs[0]);
  }
}

TEST(LibraSynthesizedTest, UnusableInputs) {
  std::vector<DimSpec> dims = {dim(DimKind::Ring, 4), dim(DimKind::Switch, 4)};
  AllocationProblem p =
      problemOn(dims, {{CollectiveKind::AllReduce, kMiB, {{0, 4}}, 1},
                       {CollectiveKind::AllReduce, kMiB, {{1, 4}}, 1}});
  // A used dimension without bandwidth: infinite, as in the analytic model.
  SynthesizedScore s = scoreWithSynthesis(dims, p, {0, 10}, {});
  ASSERT_EQ(s.error, "");
  EXPECT_TRUE(std::isinf(s.collectiveTimesNs[0]));
  EXPECT_GT(s.collectiveTimesNs[1], 0);
  EXPECT_TRUE(std::isinf(s.timeNs));
  // Dims that do not match the problem; a kind LIBRA does not model.
  EXPECT_NE(scoreWithSynthesis({dims[0]}, p, {10}, {}).error, "");
  p.workloads[0].collectives[0].kind = CollectiveKind::Broadcast;
  EXPECT_NE(scoreWithSynthesis(dims, p, {10, 10}, {}).error, "");
}

TEST(LibraSynthesizedTest, ProjectionOntoConstraints) {
  AllocationProblem p;
  p.numDims = 3;
  p.numNpus = 8;
  p.pricePerGBps = {1, 1, 1};
  p.constraints.push_back(sumEquals(3, 1000));
  std::string error;
  // A feasible target is its own projection.
  std::vector<double> feasible = {500, 300, 200};
  EXPECT_EQ(projectOntoConstraints(p, feasible, error), feasible);
  EXPECT_EQ(error, "");
  // With one sum constraint the relative projection is t_d + l t_d^2 with
  // l = (S - sum t) / sum t^2: larger dimensions give up more.
  std::vector<double> t = {900, 300, 100};
  std::vector<double> b = projectOntoConstraints(p, t, error);
  ASSERT_EQ(error, "");
  ASSERT_EQ(b.size(), 3u);
  double l = (1000.0 - 1300) / (900.0 * 900 + 300 * 300 + 100 * 100);
  for (unsigned d = 0; d < 3; ++d) {
    EXPECT_NEAR(b[d], t[d] + l * t[d] * t[d], 1e-4) << d;
    EXPECT_GE(b[d], 0);
  }
  EXPECT_NEAR(b[0] + b[1] + b[2], 1000, 1e-6);
  // Inequalities and B >= 0: bw(0) >= bw(1) and a target below zero.
  using R = LinearConstraint::Relation;
  p.constraints.push_back({R::GreaterEqual, {1, -1, 0}, 0});
  b = projectOntoConstraints(p, {100, 900, -50}, error);
  ASSERT_EQ(error, "");
  EXPECT_NEAR(b[0] + b[1] + b[2], 1000, 1e-6);
  EXPECT_GE(b[0], b[1] - 1e-6);
  EXPECT_GE(b[2], 0);
  EXPECT_EQ(projectOntoConstraints(p, {100, 900, -50}, error), b);
  // Infeasible constraints.
  p.constraints.push_back({R::Equal, {1, 0, 0}, 2000});
  EXPECT_TRUE(projectOntoConstraints(p, {100, 900, 0}, error).empty());
  EXPECT_NE(error, "");
}

// Tensor parallelism on ring(4) (dimension 0), data parallelism on
// switch(4) (dimension 1), 400 GB/s per NPU in total.
struct TwoDims {
  std::vector<DimSpec> dims = {dim(DimKind::Ring, 4, 500000),
                               dim(DimKind::Switch, 4, 2000000)};
  AllocationProblem problem = problemOn(
      dims,
      {{CollectiveKind::AllReduce, kMiB, {{0, 4}}, 4},
       {CollectiveKind::AllGather, kMiB, {{0, 4}}, 2},
       {CollectiveKind::AllReduce, 4 * kMiB, {{1, 4}}, 1}},
      50000);
  TwoDims() { problem.constraints.push_back(sumEquals(2, 400)); }
};

double objectiveOf(Objective objective, const Allocation &a) {
  return objective == Objective::Perf ? a.timeNs : a.timeNs * a.cost;
}

TEST(LibraSynthesizedTest, SearchNeverLosesToTheAnalyticOptimum) {
  TwoDims t;
  SynthesizedModelOptions options;
  for (Objective objective : {Objective::Perf, Objective::PerfPerCost}) {
    auto start = std::chrono::steady_clock::now();
    SynthesizedAllocation r =
        allocateWithSynthesis(t.dims, t.problem, objective, options);
    double ms = std::chrono::duration<double, std::milli>(
                    std::chrono::steady_clock::now() - start)
                    .count();
    ASSERT_EQ(r.error, "");
    std::printf("[ timing ] objective %d: %.1f ms, %u candidates; analytic "
                "(%.1f, %.1f) GB/s -> %.0f ns synthesized; best (%.1f, %.1f) "
                "-> %.0f ns\n",
                int(objective), ms, r.candidatesScored,
                r.analytic.bandwidthGBps[0], r.analytic.bandwidthGBps[1],
                r.analyticScore.timeNs, r.best.bandwidthGBps[0],
                r.best.bandwidthGBps[1], r.best.timeNs);
    EXPECT_GE(r.candidatesScored, 2u);
    EXPECT_LE(r.candidatesScored, options.maxCandidates);
    // The analytic optimum is scored as is.
    SynthesizedScore direct = scoreWithSynthesis(
        t.dims, t.problem, r.analytic.bandwidthGBps, options);
    ASSERT_EQ(direct.error, "");
    EXPECT_EQ(r.analyticScore.collectiveTimesNs, direct.collectiveTimesNs);
    EXPECT_EQ(r.analyticScore.timeNs, direct.timeNs);
    // Synthesis adds latency, so it is slower than the analytic model says.
    EXPECT_GT(r.analyticScore.timeNs, r.analytic.timeNs);
    // The best is at least as good as the optimum, and described by its
    // own synthesized score and cost.
    Allocation analyticSynthesized = r.analytic;
    analyticSynthesized.timeNs = r.analyticScore.timeNs;
    EXPECT_LE(objectiveOf(objective, r.best),
              objectiveOf(objective, analyticSynthesized));
    EXPECT_EQ(r.best.timeNs, r.bestScore.timeNs);
    EXPECT_DOUBLE_EQ(r.best.cost, networkCost(t.problem, r.best.bandwidthGBps));
    EXPECT_NEAR(r.best.bandwidthGBps[0] + r.best.bandwidthGBps[1], 400, 1e-3);
    EXPECT_EQ(r.bestScore.collectiveTimesNs.size(), 3u);
    // Deterministic.
    SynthesizedAllocation again =
        allocateWithSynthesis(t.dims, t.problem, objective, options);
    EXPECT_EQ(again.best.bandwidthGBps, r.best.bandwidthGBps);
    EXPECT_EQ(again.best.timeNs, r.best.timeNs);
    EXPECT_EQ(again.candidatesScored, r.candidatesScored);
  }
}

TEST(LibraSynthesizedTest, SearchRespectsItsBudget) {
  TwoDims t;
  SynthesizedModelOptions options;
  options.maxCandidates = 3;
  SynthesizedAllocation r =
      allocateWithSynthesis(t.dims, t.problem, Objective::Perf, options);
  ASSERT_EQ(r.error, "");
  EXPECT_EQ(r.candidatesScored, 3u);
}

// docs/ResourceLimits.md: the synthesis options' limits bound every
// synthesis of the search, and their deadline the search itself.
TEST(LibraSynthesizedTest, SearchStaysWithinTheLimits) {
  TwoDims t;
  SynthesizedModelOptions options;
  options.synthesis.limits.deadline = Deadline::expiredNow();
  SynthesizedAllocation late =
      allocateWithSynthesis(t.dims, t.problem, Objective::Perf, options);
  EXPECT_EQ(late.error,
            timeoutMessage(options.synthesis.limits,
                           "the search of model=synthesized"));
  options.synthesis.limits = ResourceLimits();
  options.synthesis.limits.maxMemoryBytes = 1024;
  SynthesizedAllocation big =
      allocateWithSynthesis(t.dims, t.problem, Objective::Perf, options);
  EXPECT_NE(big.error.find("needs about"), std::string::npos) << big.error;
  EXPECT_NE(big.error.find("more than max-memory=1.02 KB"), std::string::npos)
      << big.error;
}

TEST(LibraSynthesizedTest, RefusesLargeNetworks) {
  std::vector<DimSpec> dims = {dim(DimKind::Ring, 16), dim(DimKind::Ring, 16),
                               dim(DimKind::Switch, 16)};
  AllocationProblem p =
      problemOn(dims, {{CollectiveKind::AllReduce, kMiB, {{0, 16}}, 1}});
  p.constraints.push_back(sumEquals(3, 300));
  ASSERT_EQ(p.numNpus, 4096);
  SynthesizedAllocation r =
      allocateWithSynthesis(dims, p, Objective::Perf, {});
  EXPECT_NE(r.error.find("at most 64"), std::string::npos) << r.error;
  EXPECT_NE(scoreWithSynthesis(dims, p, {100, 100, 100}, {}).error, "");
}

} // namespace
