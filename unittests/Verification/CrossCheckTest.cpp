//===- CrossCheckTest.cpp - Both verifiers against the same mutants -------===//
//
// Correct schedules of every collective on several network families (the
// synthesizer's, baselines', and combining ones made by inversion) are
// broken one property at a time. The native verifier and the SMT verifier
// (the smt-dialect encoding, exported to SMT-LIB, solved by Z3) must both
// accept the originals and both reject every mutant, each naming the
// property the mutation broke, and find the same set of properties broken.
// Kind and order mutants (copy/reduce flips, duplicates as reduces, second
// writes landing at the same time, transfers without duration, each in
// several input orders) must get
// the same verdict and properties from both, whatever the input order.
//
//===----------------------------------------------------------------------===//

#include "tacos/Conversion/CollToSMT.h"
#include "tacos/Simulation/Simulator.h"
#include "tacos/Synthesis/Inversion.h"
#include "tacos/Synthesis/TenSynthesizer.h"
#include "tacos/Verification/Verifier.h"

#include "mlir/Dialect/SMT/IR/SMTDialect.h"
#include "mlir/IR/BuiltinOps.h"

#include <gtest/gtest.h>

#include <cstdio>
#include <set>

using namespace tacos;

namespace {

struct Case {
  std::string name;
  Network network;
  VerificationSpec spec;
  Schedule schedule;
  int64_t timePs;
};

std::set<Property> nativeProperties(const Case &c, const Schedule &s,
                                    int64_t time) {
  std::set<Property> found;
  for (const Violation &v :
       verifyAlgorithm(c.network, c.spec, s.view(), time, {0}))
    found.insert(v.property);
  return found;
}

std::set<Property> smtProperties(const Case &c, const Schedule &s,
                                 int64_t time) {
  mlir::MLIRContext context;
  context.loadDialect<mlir::smt::SMTDialect>();
  mlir::OpBuilder builder(&context);
  mlir::Location loc = builder.getUnknownLoc();
  mlir::OwningOpRef<mlir::ModuleOp> module = mlir::ModuleOp::create(loc);
  builder.setInsertionPointToEnd(module->getBody());
  std::string error;
  mlir::FailureOr<SmtEncoding> encoding = encodeAlgorithmAsSmt(
      builder, loc, c.network, c.spec, s.view(), time, error);
  EXPECT_TRUE(mlir::succeeded(encoding)) << error;
  std::vector<const SmtFact *> violated;
  Z3Outcome outcome = solveEncoding(*module, *encoding, 0, violated);
  EXPECT_NE(outcome.result, Z3Outcome::Result::Error) << outcome.message;
  std::set<Property> found;
  for (const SmtFact *fact : violated)
    found.insert(fact->property);
  return found;
}

Case makeCase(const std::string &name, TopologySpec topology,
              CollectiveKind kind, std::vector<int64_t> group = {}) {
  Network network = buildNetwork(topology);
  uint32_t n = network.numNpus();
  CollectiveSpec spec;
  spec.kind = kind;
  spec.group = group;
  spec.sizeBytes = 1 << 20;
  spec.chunksPerRank = 1;
  if (hasRoot(kind))
    spec.root = group.empty() ? 0 : group[0];
  // Combining collectives are the inverses of their non-combining duals.
  CollectiveSpec dual = spec;
  if (kind == CollectiveKind::ReduceScatter || kind == CollectiveKind::AllReduce)
    dual.kind = CollectiveKind::AllGather;
  if (kind == CollectiveKind::Reduce)
    dual.kind = CollectiveKind::Broadcast;
  Problem problem;
  EXPECT_EQ(buildProblem(dual, n, problem), "");
  AlgorithmResult synthesized = synthesizeTen(network, problem, {});
  EXPECT_EQ(synthesized.error, "") << name;
  Schedule schedule = std::move(synthesized.schedule);
  int64_t time = synthesized.timePs;
  if (isCombining(kind)) {
    Schedule inverted;
    EXPECT_EQ(invertSchedule(schedule.view(), time, inverted), "");
    if (kind == CollectiveKind::AllReduce) {
      schedule = concatenate(inverted.view(), schedule.view(), time);
      time *= 2;
    } else {
      schedule = std::move(inverted);
    }
  }
  return {name, std::move(network),
          buildVerificationSpec(spec, n, LinkModel::Blocking),
          std::move(schedule), time};
}

std::vector<Case> cases() {
  auto dims = [](std::vector<std::pair<DimKind, int64_t>> list) {
    TopologySpec spec;
    for (auto [kind, size] : list)
      spec.dims.push_back({kind, size, {50e9, 1000000, ""}});
    return spec;
  };
  TopologySpec degraded = dims({{DimKind::Ring, 4}, {DimKind::Ring, 2}});
  degraded.drops.push_back({1, 2, true});
  std::vector<Case> all;
  for (CollectiveKind kind :
       {CollectiveKind::AllGather, CollectiveKind::Broadcast,
        CollectiveKind::Scatter, CollectiveKind::Gather,
        CollectiveKind::AllToAll, CollectiveKind::ReduceScatter,
        CollectiveKind::AllReduce, CollectiveKind::Reduce}) {
    std::string k = collectiveName(kind);
    all.push_back(makeCase(k + " ring4", dims({{DimKind::Ring, 4}}), kind));
    all.push_back(makeCase(k + " mesh3x2",
                           dims({{DimKind::Line, 3}, {DimKind::Line, 2}}),
                           kind));
    all.push_back(makeCase(k + " degraded", degraded, kind));
    all.push_back(
        makeCase(k + " group", dims({{DimKind::Ring, 5}}), kind, {0, 2, 3}));
  }
  return all;
}

/// Checks that both verifiers reject `mutant`, each naming one of
/// `expected` among the properties it finds.
void expectCaught(const Case &c, const char *mutation,
                  std::set<Property> expected, const Schedule &mutant,
                  int64_t time) {
  auto names = [&](const std::set<Property> &found) {
    for (Property p : found)
      if (expected.count(p))
        return true;
    return false;
  };
  std::string wanted;
  for (Property p : expected)
    wanted += std::string(propertyName(p)) + " ";
  std::set<Property> native = nativeProperties(c, mutant, time);
  std::set<Property> smt = smtProperties(c, mutant, time);
  EXPECT_TRUE(names(native))
      << c.name << ", " << mutation << ": native misses " << wanted;
  EXPECT_TRUE(names(smt)) << c.name << ", " << mutation << ": smt misses "
                          << wanted;
  EXPECT_TRUE(native == smt)
      << c.name << ", " << mutation << ": the verifiers disagree";
}

Schedule without(const ScheduleView &s, size_t dropped) {
  Schedule out;
  for (size_t i = 0; i < s.size(); ++i)
    if (i != dropped)
      out.push_back(s[i]);
  return out;
}

Schedule withTransfer(const ScheduleView &s, size_t index, Transfer t) {
  Schedule out;
  for (size_t i = 0; i < s.size(); ++i)
    out.push_back(i == index ? t : s[i]);
  return out;
}

TEST(CrossCheckTest, BothVerifiersAgreeOnEveryMutant) {
  for (const Case &c : cases()) {
    ScheduleView s = c.schedule.view();
    ASSERT_GT(s.size(), 0u) << c.name;
    EXPECT_TRUE(nativeProperties(c, c.schedule, c.timePs).empty()) << c.name;
    EXPECT_TRUE(smtProperties(c, c.schedule, c.timePs).empty()) << c.name;

    // Shorten a duration.
    Transfer t = s[0];
    t.end -= 1;
    expectCaught(c, "shorten", {Property::Link}, withTransfer(s, 0, t),
                 c.timePs);

    // Overlap two transfers on one link: a copy of transfer 0 one
    // picosecond later.
    Schedule overlapping = withTransfer(s, 0, s[0]);
    Transfer twin = s[0];
    twin.start += 1;
    twin.end += 1;
    overlapping.push_back(twin);
    expectCaught(c, "overlap", {Property::Overlap}, overlapping, c.timePs);

    // Send a chunk before it arrives: the first transfer whose source is not
    // an initial holder, moved to start at 0.
    for (size_t i = 0; i < s.size(); ++i) {
      bool initial = false;
      for (auto [npu, rank] : c.spec.initial[s.chunk(i)])
        initial |= npu == s.src(i);
      if (initial)
        continue;
      Transfer early = s[i];
      early.end -= early.start;
      early.start = 0;
      expectCaught(c, "early", {Property::Causality}, withTransfer(s, i, early),
                   c.timePs);
      break;
    }

    // Drop the transfer that ends last but keep the time: the time is wrong
    // if it ended alone, and something is undelivered either way.
    size_t last = 0, endingLast = 0;
    for (size_t i = 1; i < s.size(); ++i)
      if (s.end(i) > s.end(last))
        last = i;
    for (size_t i = 0; i < s.size(); ++i)
      endingLast += s.end(i) == s.end(last);
    std::set<Property> lastDropped = {Property::Delivery, Property::Reduction};
    if (endingLast == 1)
      lastDropped = {Property::Time};
    expectCaught(c, "drop last", lastDropped, without(s, last), c.timePs);

    // Drop a transfer into a required NPU that nothing forwards from.
    for (size_t i = s.size(); i-- > 0;) {
      bool forwarded = false;
      for (size_t j = 0; j < s.size() && !forwarded; ++j)
        forwarded = s.chunk(j) == s.chunk(i) && s.src(j) == s.dst(i);
      const auto &required = c.spec.required[s.chunk(i)];
      bool needed = std::find(required.begin(), required.end(), s.dst(i)) !=
                    required.end();
      if (forwarded || !needed || s.end(i) == s.end(last))
        continue;
      bool combining = c.spec.initial[s.chunk(i)].size() > 1;
      expectCaught(c, "drop",
                   {combining ? Property::Reduction : Property::Delivery},
                   without(s, i), c.timePs);
      break;
    }

    // Reduce a contribution twice: repeat a reduce after everything else.
    for (size_t i = 0; i < s.size(); ++i) {
      if (s.kindByte(i) != uint8_t(TransferKind::Reduce))
        continue;
      Schedule twice = withTransfer(s, 0, s[0]);
      Transfer again = s[i];
      again.end = c.timePs + (again.end - again.start);
      again.start = c.timePs;
      twice.push_back(again);
      expectCaught(c, "reduce twice", {Property::Reduction}, twice,
                   again.end);
      break;
    }
  }
}

/// Kind and order mutants (issue 10 items 6-8): both verifiers must find
/// the same properties violated in each, and the same whatever order the
/// transfers are written in. Counts what each kills.
struct Tally {
  size_t mutants = 0, native = 0, smt = 0, agree = 0;
};

void expectAgree(const Case &c, const std::string &mutation,
                 std::vector<Schedule> orders, int64_t time, Tally &tally) {
  std::set<Property> native = nativeProperties(c, orders[0], time);
  std::set<Property> smt = smtProperties(c, orders[0], time);
  ++tally.mutants;
  tally.native += !native.empty();
  tally.smt += !smt.empty();
  tally.agree += native == smt;
  auto names = [](const std::set<Property> &found) {
    std::string out;
    for (Property p : found)
      out += std::string(propertyName(p)) + " ";
    return out;
  };
  EXPECT_EQ(names(native), names(smt)) << c.name << ", " << mutation;
  for (size_t k = 1; k < orders.size(); ++k) {
    EXPECT_EQ(names(nativeProperties(c, orders[k], time)), names(native))
        << c.name << ", " << mutation << ", order " << k << ": native";
    EXPECT_EQ(names(smtProperties(c, orders[k], time)), names(smt))
        << c.name << ", " << mutation << ", order " << k << ": smt";
  }
}

Schedule reversed(const Schedule &s) {
  ScheduleView v = s.view();
  Schedule out;
  for (size_t i = v.size(); i-- > 0;)
    out.push_back(v[i]);
  return out;
}

/// Up to three transfers: the first, one in the middle and the last.
std::vector<size_t> sample(size_t n) {
  std::vector<size_t> out;
  if (n == 0)
    return out;
  for (size_t i : {size_t(0), (n - 1) / 2, n - 1})
    if (out.empty() || out.back() != i)
      out.push_back(i);
  return out;
}

TEST(CrossCheckTest, BothVerifiersAgreeOnKindAndOrderMutants) {
  Tally tally;
  for (const Case &c : cases()) {
    ScheduleView s = c.schedule.view();
    for (size_t i : sample(s.size())) {
      std::string at = " " + std::to_string(i);
      // Copy/reduce flip.
      Transfer flipped = s[i];
      flipped.kind = flipped.kind == TransferKind::Copy ? TransferKind::Reduce
                                                        : TransferKind::Copy;
      Schedule flip = withTransfer(s, i, flipped);
      expectAgree(c, "flip" + at, {flip, reversed(flip)}, c.timePs, tally);

      // No duration: a link violation that carries nothing.
      Transfer instant = s[i];
      instant.end = instant.start;
      Schedule zero = withTransfer(s, i, instant);
      expectAgree(c, "no duration" + at, {zero, reversed(zero)}, c.timePs,
                  tally);

      // Duplicate as a reduce after everything else.
      Transfer again = s[i];
      again.kind = TransferKind::Reduce;
      again.end = c.timePs + (again.end - again.start);
      again.start = c.timePs;
      Schedule dup = withTransfer(s, 0, s[0]);
      dup.push_back(again);
      expectAgree(c, "duplicate as reduce" + at, {dup, reversed(dup)},
                  again.end, tally);

      // A second write of the chunk into the same NPU landing at the same
      // time over another in-link, as a copy and as a reduce, written before
      // and after the original.
      for (LinkId l : c.network.inLinks(s.dst(i))) {
        uint32_t u = c.network.src(l);
        if (u == s.src(i))
          continue;
        int64_t d =
            linkCost(c.network, l, c.spec.chunkSizes.bytes(s.chunk(i)), c.spec.model)
                .duration;
        if (s.end(i) - d < 0)
          continue;
        uint16_t lane = 0;
        for (LinkId k : c.network.outLinks(u))
          if (k < l && c.network.dst(k) == s.dst(i))
            ++lane;
        for (TransferKind kind : {TransferKind::Copy, TransferKind::Reduce}) {
          Transfer twin{s.chunk(i), u, s.dst(i), lane, kind, s.end(i) - d,
                        s.end(i)};
          Schedule before, after;
          for (size_t j = 0; j < s.size(); ++j) {
            if (j == i)
              before.push_back(twin);
            before.push_back(s[j]);
            after.push_back(s[j]);
          }
          after.push_back(twin);
          expectAgree(c,
                      std::string("simultaneous ") +
                          (kind == TransferKind::Copy ? "copy" : "reduce") + at,
                      {before, after, reversed(before)}, c.timePs, tally);
        }
        break;
      }
    }
  }
  // The figures for the record (bench/README.md style): mutants, kills by
  // each verifier, and how many they agree on.
  std::printf("kind and order mutants: %zu, native kills %zu, smt kills %zu, "
              "agree on %zu\n",
              tally.mutants, tally.native, tally.smt, tally.agree);
  EXPECT_EQ(tally.agree, tally.mutants);
}

} // namespace
