//===- QuantityTest.cpp - Units, limits and formatting ----------*- C++ -*-===//

#include "tacos/Network/Quantity.h"

#include "gtest/gtest.h"

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <cstring>
#include <random>
#include <limits>
#include <string>
#include <vector>

using namespace tacos;

namespace {

constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();
constexpr double kInf = std::numeric_limits<double>::infinity();

/// Splits "50 GiBps" into its number and unit, as the IR parser would.
std::pair<double, std::string> split(const std::string &text) {
  size_t space = text.find(' ');
  EXPECT_NE(space, std::string::npos) << text;
  return {std::strtod(text.substr(0, space).c_str(), nullptr),
          text.substr(space + 1)};
}

/// "450 GBps / 7" as the IR parser reads it: the quantity, then divided.
double parseBandwidth(const std::string &text) {
  size_t slash = text.find(" / ");
  auto [v, unit] = split(text.substr(0, slash));
  double bps = 0;
  EXPECT_EQ(toBandwidth(v, unit, bps), "") << text;
  if (slash != std::string::npos)
    bps /= double(std::stoll(text.substr(slash + 3)));
  return bps;
}

/// "9.606 ms + 12 ps" as the IR parser reads it: the sum of the terms.
int64_t parseTime(const std::string &text) {
  int64_t total = 0;
  size_t begin = 0;
  while (true) {
    size_t plus = text.find(" + ", begin);
    auto [v, unit] = split(text.substr(begin, plus - begin));
    int64_t ps = -1;
    EXPECT_EQ(toTime(v, unit, ps), "") << text;
    total += ps;
    if (plus == std::string::npos)
      return total;
    begin = plus + 3;
  }
}

int64_t parseSize(const std::string &text) {
  auto [v, unit] = split(text);
  int64_t bytes = -1;
  EXPECT_EQ(toSize(v, unit, bytes), "") << text;
  return bytes;
}

TEST(QuantityTest, UnitScales) {
  EXPECT_EQ(unitScale(QuantityKind::Bandwidth, "Bps"), 1.0);
  EXPECT_EQ(unitScale(QuantityKind::Bandwidth, "GBps"), 1e9);
  EXPECT_EQ(unitScale(QuantityKind::Bandwidth, "GiBps"), 1073741824.0);
  EXPECT_EQ(unitScale(QuantityKind::Bandwidth, "TiBps"), 1099511627776.0);
  EXPECT_EQ(unitScale(QuantityKind::Time, "ps"), 1.0);
  EXPECT_EQ(unitScale(QuantityKind::Time, "us"), 1e6);
  EXPECT_EQ(unitScale(QuantityKind::Time, "s"), 1e12);
  EXPECT_EQ(unitScale(QuantityKind::Size, "KB"), 1e3);
  EXPECT_EQ(unitScale(QuantityKind::Size, "KiB"), 1024.0);
  EXPECT_EQ(unitScale(QuantityKind::Size, "TB"), 1e12);
  // Units are per kind and case-sensitive.
  EXPECT_FALSE(unitScale(QuantityKind::Size, "GBps"));
  EXPECT_FALSE(unitScale(QuantityKind::Bandwidth, "GB"));
  EXPECT_FALSE(unitScale(QuantityKind::Time, "sec"));
  EXPECT_FALSE(unitScale(QuantityKind::Size, "gb"));
  EXPECT_FALSE(unitScale(QuantityKind::Bandwidth, "GB/s"));
}

TEST(QuantityTest, UnitLists) {
  EXPECT_STREQ(unitList(QuantityKind::Bandwidth),
               "Bps KBps MBps GBps TBps KiBps MiBps GiBps TiBps "
               "bps Kbps Mbps Gbps Tbps");
  EXPECT_STREQ(unitList(QuantityKind::Time), "ps ns us ms s");
  EXPECT_STREQ(unitList(QuantityKind::Size), "B KB MB GB TB KiB MiB GiB TiB");
}

TEST(QuantityTest, ParseBandwidth) {
  double bps = 0;
  EXPECT_EQ(toBandwidth(50, "GiBps", bps), "");
  EXPECT_EQ(bps, 53687091200.0);
  EXPECT_EQ(toBandwidth(50, "GBps", bps), "");
  EXPECT_EQ(bps, 50e9);
  EXPECT_EQ(toBandwidth(1.5, "KiBps", bps), "");
  EXPECT_EQ(bps, 1536.0);
  EXPECT_EQ(toBandwidth(1e6, "TBps", bps), ""); // exactly the limit
  EXPECT_EQ(bps, kMaxBandwidthBps);
}

// A decimal number in a decimal unit is scaled as the decimal it was
// written as, then rounded once: `33.3 MBps` is 33300000 Bps, where
// 33.3 * 1e6 is 33299999.999999996 and made a 333 B transfer 1 ps slow.
TEST(QuantityTest, DecimalUnitsRoundOnce) {
  double bps = 0;
  ASSERT_EQ(toBandwidth(33.3, "MBps", bps), "");
  EXPECT_EQ(bps, 33300000.0);
  int64_t ps = 0;
  ASSERT_EQ(toTime(0.7, "us", ps), "");
  EXPECT_EQ(ps, 700000);
  // Random literals of up to 15 significant digits in every decimal unit:
  // the result is the double nearest to the exact decimal value.
  std::mt19937_64 rng(20261130);
  for (int i = 0; i < 20000; ++i) {
    int digits = 1 + int(rng() % 15);
    uint64_t mantissa = rng() % 1'000'000'000'000'000ull;
    std::string text = std::to_string(mantissa).substr(0, digits);
    int point = int(rng() % (text.size() + 1));
    std::string literal = text.substr(0, point) + "." + text.substr(point);
    if (literal.front() == '.')
      literal = "0" + literal;
    double value = std::strtod(literal.c_str(), nullptr);
    if (!(value > 0))
      continue;
    for (auto [unit, exponent] :
         {std::pair<const char *, int>{"KBps", 3}, {"MBps", 6}, {"GBps", 9}}) {
      double expected =
          std::strtod((literal + "e" + std::to_string(exponent)).c_str(),
                      nullptr);
      ASSERT_EQ(scaleValue(value, std::pow(10.0, exponent)), expected)
          << literal << " " << unit;
    }
  }
}

// Link data sheets give bits per second: `Gbps` is 10^9 bits, an eighth of
// `GBps`, and exactly so (the division by 8 is exact in binary).
TEST(QuantityTest, BitRates) {
  EXPECT_EQ(unitScale(QuantityKind::Bandwidth, "bps"), 0.125);
  EXPECT_EQ(unitScale(QuantityKind::Bandwidth, "Kbps"), 125.0);
  EXPECT_EQ(unitScale(QuantityKind::Bandwidth, "Mbps"), 125e3);
  EXPECT_EQ(unitScale(QuantityKind::Bandwidth, "Gbps"), 125e6);
  EXPECT_EQ(unitScale(QuantityKind::Bandwidth, "Tbps"), 125e9);
  double bps = 0;
  ASSERT_EQ(toBandwidth(1, "Gbps", bps), "");
  EXPECT_EQ(bps, 125e6); // 125 MBps
  ASSERT_EQ(toBandwidth(400, "Gbps", bps), "");
  EXPECT_EQ(bps, 50e9);
  ASSERT_EQ(toBandwidth(8, "bps", bps), "");
  EXPECT_EQ(bps, 1.0);
  // A decimal rounds once, as in a byte unit: 33.3 Mbps is 4162500 Bps.
  ASSERT_EQ(toBandwidth(33.3, "Mbps", bps), "");
  EXPECT_EQ(bps, 4162500.0);
  ASSERT_EQ(toBandwidth(8e6, "Tbps", bps), ""); // exactly the limit
  EXPECT_EQ(bps, kMaxBandwidthBps);
  EXPECT_EQ(toBandwidth(9e6, "Tbps", bps),
            "bandwidth 9000000 Tbps exceeds the limit of 1 EBps");
  // Every bit rate equals its byte rate bit for bit (n bits are n / 8 bytes,
  // a decimal with at most 3 places), and prints as a byte rate that parses
  // back to it.
  std::mt19937_64 rng(14);
  for (int i = 0; i < 2000; ++i) {
    double bits = double(1 + rng() % 8'000'000);
    for (auto [bitUnit, byteUnit] :
         {std::pair<const char *, const char *>{"Kbps", "KBps"},
          {"Mbps", "MBps"},
          {"Gbps", "GBps"},
          {"Tbps", "TBps"}}) {
      double fromBits = 0, fromBytes = 0;
      ASSERT_EQ(toBandwidth(bits, bitUnit, fromBits), "");
      ASSERT_EQ(toBandwidth(bits / 8, byteUnit, fromBytes), "");
      ASSERT_EQ(fromBits, fromBytes) << bits << " " << bitUnit;
      std::string text = formatBandwidth(fromBits);
      EXPECT_EQ(text.find("bps"), std::string::npos) << text;
      EXPECT_EQ(parseBandwidth(text), fromBits) << text;
    }
  }
  EXPECT_EQ(formatBandwidth(125e6), "125 MBps");
}

// A spelling that is no unit but differs only in case from both a bit and a
// byte unit could mean either: the error names both.
TEST(QuantityTest, AmbiguousBitAndByteSpellings) {
  double bps = 7;
  EXPECT_EQ(toBandwidth(50, "gbps", bps),
            "'gbps' is ambiguous: write 'Gbps' (bits per second) or 'GBps' "
            "(bytes per second)");
  EXPECT_EQ(toBandwidth(50, "GBPS", bps),
            "'GBPS' is ambiguous: write 'Gbps' (bits per second) or 'GBps' "
            "(bytes per second)");
  EXPECT_EQ(toBandwidth(50, "kbps", bps),
            "'kbps' is ambiguous: write 'Kbps' (bits per second) or 'KBps' "
            "(bytes per second)");
  EXPECT_EQ(toBandwidth(50, "BPS", bps),
            "'BPS' is ambiguous: write 'bps' (bits per second) or 'Bps' "
            "(bytes per second)");
  EXPECT_EQ(ambiguousUnit(QuantityKind::Bandwidth, "tBPS"),
            "'tBPS' is ambiguous: write 'Tbps' (bits per second) or 'TBps' "
            "(bytes per second)");
  EXPECT_EQ(bps, 7);
  // Exact units, and spellings that match one unit only, are not ambiguous.
  EXPECT_EQ(ambiguousUnit(QuantityKind::Bandwidth, "Gbps"), "");
  EXPECT_EQ(ambiguousUnit(QuantityKind::Bandwidth, "GBps"), "");
  EXPECT_EQ(ambiguousUnit(QuantityKind::Bandwidth, "gibps"), "");
  EXPECT_EQ(ambiguousUnit(QuantityKind::Size, "gb"), "");
  EXPECT_EQ(toBandwidth(50, "gibps", bps),
            "unknown bandwidth unit 'gibps'; expected one of Bps KBps MBps "
            "GBps TBps KiBps MiBps GiBps TiBps bps Kbps Mbps Gbps Tbps");
  EXPECT_EQ(tacos::parseBandwidth("100 mbps", bps),
            "'mbps' is ambiguous: write 'Mbps' (bits per second) or 'MBps' "
            "(bytes per second)");
}

TEST(QuantityTest, BandwidthErrors) {
  double bps = 7;
  EXPECT_EQ(toBandwidth(kNaN, "GBps", bps), "bandwidth is not a finite number");
  EXPECT_EQ(toBandwidth(kInf, "GBps", bps), "bandwidth is not a finite number");
  EXPECT_EQ(toBandwidth(-1, "GBps", bps), "bandwidth -1 GBps is negative");
  EXPECT_EQ(toBandwidth(0, "GBps", bps), "bandwidth must be positive");
  EXPECT_EQ(toBandwidth(2e6, "TBps", bps),
            "bandwidth 2000000 TBps exceeds the limit of 1 EBps");
  EXPECT_EQ(toBandwidth(1e300, "TiBps", bps),
            "bandwidth 1e+300 TiBps exceeds the limit of 1 EBps");
  EXPECT_EQ(toBandwidth(1, "GB", bps),
            "unknown bandwidth unit 'GB'; expected one of Bps KBps MBps GBps "
            "TBps KiBps MiBps GiBps TiBps bps Kbps Mbps Gbps Tbps");
  // A failed conversion leaves the output alone.
  EXPECT_EQ(bps, 7);
}

TEST(QuantityTest, ParseTime) {
  int64_t ps = -1;
  EXPECT_EQ(toTime(0.5, "us", ps), "");
  EXPECT_EQ(ps, 500000);
  EXPECT_EQ(toTime(0, "us", ps), ""); // callers decide about zero
  EXPECT_EQ(ps, 0);
  EXPECT_EQ(toTime(1.234567, "us", ps), "");
  EXPECT_EQ(ps, 1234567);
  EXPECT_EQ(toTime(0.7, "us", ps), ""); // 0.7 * 1e6 is 699999.99999999988
  EXPECT_EQ(ps, 700000);
  EXPECT_EQ(toTime(0.4, "ps", ps), ""); // rounds to the nearest ps
  EXPECT_EQ(ps, 0);
  EXPECT_EQ(toTime(0.6, "ps", ps), "");
  EXPECT_EQ(ps, 1);
  EXPECT_EQ(toTime(1000, "s", ps), "");
  EXPECT_EQ(ps, kMaxTimePs);
  EXPECT_EQ(toTime(3, "ms", ps), "");
  EXPECT_EQ(ps, 3'000'000'000);
  EXPECT_EQ(toTime(2, "ns", ps), "");
  EXPECT_EQ(ps, 2000);
}

TEST(QuantityTest, TimeErrors) {
  int64_t ps = 7;
  EXPECT_EQ(toTime(kNaN, "us", ps), "time is not a finite number");
  EXPECT_EQ(toTime(-kInf, "us", ps), "time is not a finite number");
  EXPECT_EQ(toTime(-0.5, "us", ps), "time -0.5 us is negative");
  // Any time up to the clock's limit reads (an algorithm's time may be
  // long); link latencies have their own limit of 1000 s (TopoDialect).
  int64_t longPs = 0;
  EXPECT_EQ(toTime(1001, "s", longPs), "");
  EXPECT_EQ(longPs, 1'001'000'000'000'000);
  EXPECT_EQ(toTime(5e6, "s", ps),
            "time 5000000 s exceeds the limit of 2^62 ps (about 53 days)");
  // Far beyond int64: must be rejected before any conversion.
  EXPECT_EQ(toTime(1e300, "s", ps),
            "time 1e+300 s exceeds the limit of 2^62 ps (about 53 days)");
  EXPECT_EQ(toTime(1, "sec", ps),
            "unknown time unit 'sec'; expected one of ps ns us ms s");
  EXPECT_EQ(ps, 7);
}

TEST(QuantityTest, ParseSize) {
  int64_t bytes = -1;
  EXPECT_EQ(toSize(1, "GiB", bytes), "");
  EXPECT_EQ(bytes, int64_t(1) << 30);
  EXPECT_EQ(toSize(1.1, "KB", bytes), ""); // 1100.0000000000002 after scaling
  EXPECT_EQ(bytes, 1100);
  EXPECT_EQ(toSize(0.5, "KiB", bytes), "");
  EXPECT_EQ(bytes, 512);
  EXPECT_EQ(toSize(1024, "TiB", bytes), ""); // exactly the limit
  EXPECT_EQ(bytes, kMaxSizeBytes);
  EXPECT_EQ(toSize(3, "B", bytes), "");
  EXPECT_EQ(bytes, 3);
  EXPECT_EQ(toSize(1.234, "TB", bytes), "");
  EXPECT_EQ(bytes, 1'234'000'000'000);
}

TEST(QuantityTest, SizeErrors) {
  int64_t bytes = 7;
  EXPECT_EQ(toSize(kNaN, "B", bytes), "size is not a finite number");
  EXPECT_EQ(toSize(kInf, "GiB", bytes), "size is not a finite number");
  EXPECT_EQ(toSize(-1, "KB", bytes), "size -1 KB is negative");
  EXPECT_EQ(toSize(0, "MB", bytes), "size must be positive");
  EXPECT_EQ(toSize(1e30, "B", bytes),
            "size 1e+30 B exceeds the limit of 1 PiB");
  EXPECT_EQ(toSize(1025, "TiB", bytes),
            "size 1025 TiB exceeds the limit of 1 PiB");
  EXPECT_EQ(toSize(1.5, "B", bytes), "size is not a whole number of bytes");
  EXPECT_EQ(toSize(0.1, "KiB", bytes), "size is not a whole number of bytes");
  EXPECT_EQ(toSize(0.3, "B", bytes), "size is not a whole number of bytes");
  EXPECT_EQ(toSize(1.0000001, "KB", bytes),
            "size is not a whole number of bytes");
  EXPECT_EQ(toSize(1, "GBps", bytes),
            "unknown size unit 'GBps'; expected one of B KB MB GB TB KiB MiB "
            "GiB TiB");
  EXPECT_EQ(bytes, 7);
}

TEST(QuantityTest, FormatBandwidth) {
  EXPECT_EQ(formatBandwidth(53687091200.0), "50 GiBps");
  EXPECT_EQ(formatBandwidth(50e9), "50 GBps");
  EXPECT_EQ(formatBandwidth(450e9), "450 GBps");
  EXPECT_EQ(formatBandwidth(1e12), "1 TBps");
  EXPECT_EQ(formatBandwidth(1536), "1.5 KiBps");
  // A share of a readable bandwidth reads as one (switch unwinding), not
  // as 17 significant digits.
  EXPECT_EQ(formatBandwidth(25e9 / 3), "25 GBps / 3");
  EXPECT_EQ(formatBandwidth(450e9 / 7), "450 GBps / 7");
  EXPECT_EQ(formatBandwidth(136.0 * (1 << 30) / 4), "34 GiBps");
  EXPECT_EQ(formatBandwidth(136.0 * (1 << 30) / 7), "136 GiBps / 7");
  // Up to 7 significant digits read as they are.
  EXPECT_EQ(formatBandwidth(116.129032e9), "116.129032 GBps");
  // Neither: the shortest exact text.
  EXPECT_EQ(formatBandwidth(123456789.123456), "123.456789123456 MBps");
  EXPECT_EQ(formatBandwidth(1.5), "1.5 Bps");
  EXPECT_EQ(formatBandwidth(0), "0 Bps");
  EXPECT_EQ(formatBandwidth(kMaxBandwidthBps), "1000000 TBps");
  EXPECT_EQ(formatBandwidth(kNaN), "?");
}

// Texts are remembered per thread (an unwound switch prints one share per
// link): more distinct values than it keeps, in turn, still each get their
// own text, and -0 and NaN are not mistaken for 0.
TEST(QuantityTest, FormatBandwidthRepeats) {
  std::vector<std::string> first;
  for (int k = 2; k < 50; ++k)
    first.push_back(formatBandwidth(50e9 / k));
  for (int round = 0; round < 3; ++round)
    for (int k = 2; k < 50; ++k)
      EXPECT_EQ(formatBandwidth(50e9 / k), first[k - 2]) << k;
  EXPECT_EQ(formatBandwidth(50e9 / 999), "50 GBps / 999");
  EXPECT_EQ(formatBandwidth(50e9 / 999), "50 GBps / 999");
  EXPECT_EQ(formatBandwidth(0), "0 Bps");
  EXPECT_EQ(formatBandwidth(kNaN), "?");
  EXPECT_EQ(formatBandwidth(0), "0 Bps");
}

TEST(QuantityTest, FormatTime) {
  // A number below 1 loses to any other, so 0.5 us reads as 500 ns.
  EXPECT_EQ(formatTime(500000), "500 ns");
  EXPECT_EQ(formatTime(0), "0 ps");
  EXPECT_EQ(formatTime(1), "1 ps");
  EXPECT_EQ(formatTime(1000), "1 ns");
  // In the largest unit it has at least 1 of, with up to 7 digits.
  EXPECT_EQ(formatTime(1234567), "1.234567 us");
  EXPECT_EQ(formatTime(6715886400), "6.715 ms + 886.4 ns");
  // Beyond: 4 digits and the exact rest.
  EXPECT_EQ(formatTime(9606000012), "9.606 ms + 12 ps");
  EXPECT_EQ(formatTime(83000001), "83 us + 1 ps");
  EXPECT_EQ(formatTime(1234500), "1.2345 us");
  EXPECT_EQ(formatTime(1500), "1.5 ns");
  EXPECT_EQ(formatTime(700000), "700 ns");
  EXPECT_EQ(formatBandwidth(100e9), "100 GBps"); // not 0.1 TBps
  EXPECT_EQ(formatTime(kMaxTimePs), "1000 s");
  EXPECT_EQ(formatTime(684448242000), "684.4 ms + 48.242 us");
  EXPECT_EQ(formatTime(684448200000), "684.4482 ms");
  EXPECT_EQ(formatTime(-2000), "-2 ns");
}

TEST(QuantityTest, FormatSize) {
  EXPECT_EQ(formatSize(1073741824), "1 GiB");
  EXPECT_EQ(formatSize(1000), "1 KB"); // shorter than "1000 B"
  EXPECT_EQ(formatSize(1536), "1.5 KiB");
  EXPECT_EQ(formatSize(1), "1 B");
  EXPECT_EQ(formatSize(0), "0 B");
  EXPECT_EQ(formatSize(768 * (int64_t(1) << 20)), "768 MiB");
  EXPECT_EQ(formatSize(kMaxSizeBytes), "1024 TiB");
  EXPECT_EQ(formatSize(1'000'000'000'000), "1 TB");
  EXPECT_EQ(formatSize(1023), "1023 B");
  EXPECT_EQ(formatSize(349525), "349525 B"); // not 349.525 KB
  // Ties on the number's length go to the larger unit: 1792 GiB, 1.28 KB.
  EXPECT_EQ(formatSize(7 * (int64_t(1) << 38)), "1.75 TiB");
  EXPECT_EQ(formatSize(1280), "1.25 KiB");
}

TEST(QuantityTest, RoundTrips) {
  for (double bps : {1.0, 3.0, 1536.0, 50e9, 53687091200.0, 450e9, 25e9 / 3,
                     1e17 + 16, 0.001, 123456.789, kMaxBandwidthBps}) {
    std::string text = formatBandwidth(bps);
    EXPECT_EQ(parseBandwidth(text), bps) << text;
  }
  for (int64_t ps : {int64_t(1), int64_t(999), int64_t(500000),
                     int64_t(1234567), int64_t(700000), int64_t(1) << 40,
                     int64_t(999'999'999'999'999), kMaxTimePs}) {
    std::string text = formatTime(ps);
    EXPECT_EQ(parseTime(text), ps) << text;
  }
  for (int64_t b :
       {int64_t(1), int64_t(7), int64_t(1000), int64_t(1536), int64_t(349525),
        int64_t(1) << 40, (int64_t(1) << 40) + 1, int64_t(123'456'789'012'345),
        kMaxSizeBytes - 1, kMaxSizeBytes}) {
    std::string text = formatSize(b);
    EXPECT_EQ(parseSize(text), b) << text;
  }
}

/// Readable texts have bounded digits: each number in them (the terms of a
/// time, the numerator of a share) has at most 7 significant digits, or 9
/// for a bandwidth written as it is.
size_t mostDigits(const std::string &text) {
  size_t most = 0, digits = 0;
  bool leading = true;
  for (char c : text) {
    if (c >= '0' && c <= '9') {
      if (c != '0' || !leading)
        ++digits, leading = false;
    } else if (c != '.') {
      most = std::max(most, digits);
      digits = 0;
      leading = true;
    }
  }
  return std::max(most, digits);
}

TEST(QuantityTest, RandomTimesRoundTripReadably) {
  std::mt19937_64 rng(10);
  for (int i = 0; i < 20000; ++i) {
    // Log-uniform over 1 ps .. 1000 s, so that every unit is exercised.
    int64_t ps = std::max<int64_t>(
        1, int64_t(std::pow(10.0, std::uniform_real_distribution<double>(
                                      0, 15)(rng))));
    if (i % 2)
      ps = int64_t(rng() % uint64_t(kMaxTimePs)) + 1;
    std::string text = formatTime(ps);
    ASSERT_EQ(parseTime(text), ps) << text;
    EXPECT_LE(mostDigits(text), 7u) << text;
  }
}

TEST(QuantityTest, RandomBandwidthsRoundTripBitForBit) {
  std::mt19937_64 rng(22);
  const double units[] = {1e9, 1073741824.0, 1e6};
  for (int i = 0; i < 1000; ++i) {
    double bps;
    if (i % 3 == 0) // any double in 1 Bps .. 1 PBps
      bps = std::pow(10.0, std::uniform_real_distribution<double>(0, 15)(rng));
    else // a switch port's share: a readable bandwidth over its peers
      bps = double(1 + rng() % 1000) * units[rng() % 3] /
            double(1 + rng() % 1023);
    std::string text = formatBandwidth(bps);
    double back = parseBandwidth(text);
    ASSERT_EQ(std::memcmp(&back, &bps, sizeof bps), 0)
        << text << " " << back << " != " << bps;
    if (i % 3 != 0)
      EXPECT_LE(mostDigits(text), 9u) << text;
  }
}

TEST(QuantityTest, FormatNeverUsesExponent) {
  for (double bps : {1e-5, 1e17, 1e18, 12345678901234567.0})
    EXPECT_EQ(formatBandwidth(bps).find('e'), std::string::npos)
        << formatBandwidth(bps);
  EXPECT_EQ(formatBandwidth(1e-5), "0.00001 Bps");
}

// One value, one unit: the two ends of a range are written alike.
TEST(QuantityTest, FormatBandwidthRange) {
  EXPECT_EQ(formatBandwidthRange(100.0 * (1 << 30), 200.0 * (1 << 30)),
            "100 GiBps .. 200 GiBps");
  EXPECT_EQ(formatBandwidthRange(450e9 / 7, 100e9), "450 GBps / 7 .. 100 GBps");
  // Units of one family that formatBandwidth alone would mix.
  EXPECT_EQ(formatBandwidthRange(100.0 * (1 << 30), 1024.0 * (1 << 30)),
            "100 GiBps .. 1024 GiBps");
  EXPECT_EQ(formatBandwidthRange(500e6, 2e12), "500 MBps .. 2000000 MBps");
  // Families mixed: both exact in the unit that reads shortest.
  double gib = 0;
  ASSERT_EQ(toBandwidth(302.68, "GiBps", gib), "");
  std::string range = formatBandwidthRange(325e9, gib);
  EXPECT_EQ(range, "325 GBps .. 325.00017528832 GBps");
  size_t dots = range.find(" .. ");
  EXPECT_EQ(parseBandwidth(range.substr(0, dots)), 325e9);
  EXPECT_EQ(parseBandwidth(range.substr(dots + 4)), gib);
}

// A ratio never reads as a whole number it is not (a gap of 216 ps on
// 9.6 ms is no 1.0000), and is exact where a double is not.
TEST(QuantityTest, FormatRatio) {
  EXPECT_EQ(formatRatio(1, 1), "1.0000");
  EXPECT_EQ(formatRatio(4, 3), "1.3333");
  EXPECT_EQ(formatRatio(21, 20), "1.0500");
  EXPECT_EQ(formatRatio(10000, 10000), "1.0000");
  EXPECT_EQ(formatRatio(5002, 2501), "2.0000");
  EXPECT_EQ(formatRatio(9606000012, 9605999796), "1.00000002");
  // Rounded half up, as %.4f: 1.00005 shows in four decimals.
  EXPECT_EQ(formatRatio(100005, 100000), "1.0001");
  EXPECT_EQ(formatRatio(100004, 100000), "1.00004");
  // Just below a whole number, and below 1 (a contradiction's ratio).
  EXPECT_EQ(formatRatio(199999, 100000), "1.99999");
  EXPECT_EQ(formatRatio(9999999, 10000000), "0.9999999");
  EXPECT_EQ(formatRatio(0, 7), "0.0000");
  // One picosecond on the largest clock: 1 + 2^-62 needs 19 decimals.
  int64_t big = int64_t(1) << 62;
  EXPECT_EQ(formatRatio(big + 1, big), "1.0000000000000000002");
  EXPECT_EQ(formatRatio(1, 0), "n/a");
}

TEST(QuantityTest, ParsesSizeOptions) {
  int64_t bytes = -1;
  EXPECT_EQ(tacos::parseSize("8 GB", bytes), "");
  EXPECT_EQ(bytes, int64_t(8e9));
  EXPECT_EQ(tacos::parseSize("512MiB", bytes), "");
  EXPECT_EQ(bytes, int64_t(512) << 20);
  EXPECT_EQ(tacos::parseSize("lots", bytes),
            "expected a size such as '8 GB', got 'lots'");
  EXPECT_NE(tacos::parseSize("8 Gbps", bytes), "");
}

} // namespace
