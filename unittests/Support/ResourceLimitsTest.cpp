//===- ResourceLimitsTest.cpp - Memory limit, deadline, messages ----------===//

#include "tacos/Support/ResourceLimits.h"

#include "gtest/gtest.h"

#include <thread>

using namespace tacos;

namespace {

TEST(ResourceLimits, ReadsMemTotalInKiB) {
  EXPECT_EQ(parseMemInfoTotal("MemTotal:       24683652 kB\nMemFree: 1 kB\n"),
            uint64_t(24683652) * 1024);
  EXPECT_EQ(parseMemInfoTotal("MemFree: 1 kB\nMemTotal: 2 kB\n"), 2048u);
  EXPECT_FALSE(parseMemInfoTotal("MemFree: 1 kB\n"));
  EXPECT_FALSE(parseMemInfoTotal("MemTotal: lots\n"));
}

TEST(ResourceLimits, ReadsCgroupLimitsOfBothVersions) {
  EXPECT_EQ(parseCgroupLimit("8589934592\n"), uint64_t(8) << 30);
  EXPECT_FALSE(parseCgroupLimit("max\n"));                 // v2: none
  EXPECT_FALSE(parseCgroupLimit("9223372036854771712\n")); // v1: none
  EXPECT_FALSE(parseCgroupLimit("garbage"));
}

TEST(ResourceLimits, DefaultIsAFractionOfTheMachine) {
  std::optional<uint64_t> machine = machineMemoryBytes();
  ASSERT_TRUE(machine) << "/proc/meminfo is readable on Linux";
  EXPECT_EQ(defaultMemoryLimit(),
            uint64_t(double(*machine) * kDefaultMemoryFraction));
  ResourceLimits limits = ResourceLimits::defaults();
  EXPECT_EQ(limits.maxMemoryBytes, defaultMemoryLimit());
  EXPECT_TRUE(limits.memoryIsDefault);
  EXPECT_FALSE(limits.deadline.isSet());
}

TEST(ResourceLimits, FormatsApproximately) {
  EXPECT_EQ(formatApproximateBytes(0), "0 B");
  EXPECT_EQ(formatApproximateBytes(12), "12 B");
  EXPECT_EQ(formatApproximateBytes(6.8e9), "6.8 GB");
  EXPECT_EQ(formatApproximateBytes(31.25e12), "31.2 TB");
  EXPECT_EQ(formatApproximateBytes(999.7e6), "1 GB");
  EXPECT_EQ(formatApproximateBytes(512e3), "512 KB");
  EXPECT_EQ(formatApproximateCount(4096), "4096");
  EXPECT_EQ(formatApproximateCount(1.23e9), "1.2e9");
  EXPECT_EQ(formatApproximateCount(1e12), "1e12");
  EXPECT_EQ(formatApproximateCount(9.96e8), "1e9");
}

TEST(ResourceLimits, RefusalNamesEstimateLimitAndOption) {
  MemoryEstimate estimate;
  estimate.what = "synthesizing";
  estimate.remedy = "use materialize=none";
  estimate.add(1e12, 31, "transfers");
  estimate.add(1e9, 1, "bits"); // under a tenth: not named
  estimate.add(5);
  ResourceLimits limits;
  EXPECT_EQ(checkMemory(limits, estimate), "") << "0 means no limit";
  limits.maxMemoryBytes = uint64_t(12e9);
  EXPECT_EQ(checkMemory(limits, estimate),
            "synthesizing needs about 31 TB of memory (1e12 transfers x "
            "31 B), more than max-memory=12 GB; use materialize=none, or "
            "raise max-memory=");
  limits.memoryOption = "max_memory";
  limits.memoryIsDefault = true;
  EXPECT_NE(checkMemory(limits, estimate).find("(the default: 50% of"),
            std::string::npos);
  EXPECT_NE(checkMemory(limits, estimate).find("raise max_memory="),
            std::string::npos);
  limits.maxMemoryBytes = uint64_t(40e12);
  EXPECT_EQ(checkMemory(limits, estimate), "");
}

TEST(ResourceLimits, DetailNamesAtMostThreeLargeTerms) {
  MemoryEstimate estimate;
  for (int i = 1; i <= 5; ++i)
    estimate.add(1000 * i, 8, "part" + std::to_string(i));
  EXPECT_EQ(estimate.detail(), "5000 part5 x 8 B, 4000 part4 x 8 B, 3000 "
                               "part3 x 8 B");
  MemoryEstimate sum;
  sum.add(estimate);
  EXPECT_EQ(sum.bytes, estimate.bytes);
  EXPECT_EQ(sum.detail(), estimate.detail());
}

TEST(ResourceLimits, NoDeadlineNeverExpires) {
  Deadline none, zero = Deadline::in(0), negative = Deadline::in(-1);
  for (const Deadline *d : {&none, &zero, &negative}) {
    EXPECT_FALSE(d->isSet());
    EXPECT_FALSE(d->expired());
    EXPECT_EQ(d->remainingMs(), 0u);
  }
  DeadlinePoll poll(none);
  for (int i = 0; i < 5000; ++i)
    EXPECT_FALSE(poll.expired());
}

TEST(ResourceLimits, ExpiredDeadlineStopsTheFirstPoll) {
  Deadline past = Deadline::expiredNow();
  EXPECT_TRUE(past.expired());
  EXPECT_EQ(past.remainingMs(), 1u) << "Z3 reads 0 as no limit";
  DeadlinePoll poll(past);
  EXPECT_TRUE(poll.expired());
}

TEST(ResourceLimits, PollReadsTheClockOnceInAWhile) {
  Deadline soon = Deadline::in(0.001);
  EXPECT_TRUE(soon.isSet());
  EXPECT_EQ(soon.seconds(), 0.001);
  DeadlinePoll poll(soon);
  EXPECT_FALSE(poll.expired()) << "the first poll reads the clock: not yet";
  std::this_thread::sleep_for(std::chrono::milliseconds(5));
  unsigned polls = 1;
  while (!poll.expired())
    ++polls;
  EXPECT_EQ(polls, DeadlinePoll::kEvery);
  // Work beyond what is left reads the clock at once.
  EXPECT_FALSE(poll.expired(1)) << "the countdown restarted";
  EXPECT_TRUE(poll.expired(DeadlinePoll::kEvery));
  Deadline far = Deadline::in(1e30);
  EXPECT_FALSE(far.expired()) << "a huge timeout does not overflow";
}

TEST(ResourceLimits, TimeoutMessageNamesTheOption) {
  ResourceLimits limits;
  limits.deadline = Deadline::in(2.5);
  EXPECT_EQ(timeoutMessage(limits, "synthesis"),
            "synthesis did not finish within timeout=2.5 s; raise timeout= "
            "(0: no limit)");
}

} // namespace
