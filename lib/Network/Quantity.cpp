//===- Quantity.cpp - Physical quantities with units ------------*- C++ -*-===//
//
// Parsing checks the value as a double against the limits before converting
// to an integer, so that no input can overflow. Formatting of times and sizes
// works on the integer base value with exact decimal arithmetic: a double
// would print 1234567 ps as 1.2345670000000001 us.
//
//===----------------------------------------------------------------------===//

#include "tacos/Network/Quantity.h"

#include <algorithm>

#include <cctype>
#include <cfloat>
#include <charconv>
#include <cmath>
#include <cstring>
#include <utility>
#include <system_error>

namespace tacos {

namespace {

// The limits as people say them. PiB and EBps are not IR units, but
// "1024 TiB" and "1000000 TBps" read worse.
constexpr const char *kMaxBandwidthText = "1 EBps";
constexpr const char *kMaxClockText = "2^62 ps (about 53 days)";
constexpr const char *kMaxSizeText = "1 PiB";

struct Unit {
  const char *name;
  double scale;
};

// Sorted by increasing scale, so that formatting can prefer the later (larger)
// unit on a tie by scanning in order.
constexpr Unit kBandwidthUnits[] = {
    {"Bps", 1.0},
    {"KBps", 1e3},
    {"KiBps", 1024.0},
    {"MBps", 1e6},
    {"MiBps", 1048576.0},
    {"GBps", 1e9},
    {"GiBps", 1073741824.0},
    {"TBps", 1e12},
    {"TiBps", 1099511627776.0},
};
/// Bit rates, as link data sheets give them: the scale is in bits per second
/// (powers of 10), a byte being 8 bits. Never printed: formatting keeps to the
/// byte units above, which say every bit rate exactly (400 Gbps is 50 GBps).
constexpr Unit kBitRateUnits[] = {
    {"bps", 1.0}, {"Kbps", 1e3}, {"Mbps", 1e6}, {"Gbps", 1e9}, {"Tbps", 1e12},
};
constexpr double kBitsPerByte = 8;
constexpr Unit kTimeUnits[] = {
    {"ps", 1.0}, {"ns", 1e3}, {"us", 1e6}, {"ms", 1e9}, {"s", 1e12},
};
constexpr Unit kSizeUnits[] = {
    {"B", 1.0},
    {"KB", 1e3},
    {"KiB", 1024.0},
    {"MB", 1e6},
    {"MiB", 1048576.0},
    {"GB", 1e9},
    {"GiB", 1073741824.0},
    {"TB", 1e12},
    {"TiB", 1099511627776.0},
};

template <size_t N>
const Unit *find(const Unit (&units)[N], std::string_view unit) {
  for (const Unit &u : units)
    if (unit == u.name)
      return &u;
  return nullptr;
}

template <size_t N>
std::optional<double> lookup(const Unit (&units)[N], std::string_view unit) {
  if (const Unit *u = find(units, unit))
    return u->scale;
  return std::nullopt;
}

/// The unit of `units` that `unit` spells in another case (`gbps`), if any.
template <size_t N>
const Unit *findIgnoringCase(const Unit (&units)[N], std::string_view unit) {
  auto sameLetter = [](char a, char b) {
    return std::tolower((unsigned char)a) == std::tolower((unsigned char)b);
  };
  for (const Unit &u : units) {
    std::string_view name = u.name;
    if (name.size() == unit.size() &&
        std::equal(name.begin(), name.end(), unit.begin(), sameLetter))
      return &u;
  }
  return nullptr;
}

const char *kindName(QuantityKind kind) {
  switch (kind) {
  case QuantityKind::Bandwidth:
    return "bandwidth";
  case QuantityKind::Time:
    return "time";
  case QuantityKind::Size:
    return "size";
  }
  return "quantity";
}

/// Shortest text that reads back as exactly `v`, never with an exponent
/// (the IR lexer would accept one, but people read these).
std::string shortestFixed(double v) {
  char buf[400]; // fixed notation of DBL_MAX has 309 digits
  auto res = std::to_chars(buf, buf + sizeof(buf), v, std::chars_format::fixed);
  if (res.ec != std::errc())
    return "?";
  return std::string(buf, res.ptr);
}

/// How the user wrote the value, for messages: shortest round trip, with an
/// exponent only for magnitudes people write that way (`1e+30`).
std::string shortestGeneral(double v) {
  double mag = std::fabs(v);
  if (mag == 0 || (mag >= 1e-4 && mag < 1e16))
    return shortestFixed(v);
  char buf[64];
  auto res =
      std::to_chars(buf, buf + sizeof(buf), v, std::chars_format::scientific);
  if (res.ec != std::errc())
    return "?";
  return std::string(buf, res.ptr);
}

} // namespace

double scaleValue(double value, double scale) {
  int exponent = -1;
  double power = 1;
  for (int k = 0; k <= 15; ++k, power *= 10)
    if (power == scale) {
      exponent = k;
      break;
    }
  if (exponent <= 0 || !std::isfinite(value))
    return value * scale; // binary units scale exactly
  char buf[64];
  auto res = std::to_chars(buf, buf + sizeof(buf), value,
                           std::chars_format::scientific);
  if (res.ec != std::errc())
    return value * scale;
  std::string text(buf, res.ptr);
  size_t e = text.find('e');
  int written = std::atoi(text.c_str() + e + 1);
  text = text.substr(0, e) + "e" + std::to_string(written + exponent);
  double result = 0;
  auto parsed =
      std::from_chars(text.data(), text.data() + text.size(), result);
  return parsed.ec == std::errc() ? result : value * scale;
}

namespace {

std::optional<double> parseDouble(const std::string &text) {
  double v = 0;
  const char *first = text.data(), *last = text.data() + text.size();
  auto res = std::from_chars(first, last, v);
  if (res.ec != std::errc() || res.ptr != last)
    return std::nullopt;
  return v;
}

/// Shared checks of all three kinds. `v` is the value in base units.
std::string checkValue(QuantityKind kind, double value, std::string_view unit,
                       double v, double limit, const char *limitText) {
  const char *name = kindName(kind);
  if (!std::isfinite(value))
    return std::string(name) + " is not a finite number";
  if (value < 0)
    return std::string(name) + " " + shortestGeneral(value) + " " +
           std::string(unit) + " is negative";
  if (value == 0 && kind != QuantityKind::Time)
    return std::string(name) + " must be positive";
  if (!(v <= limit))
    return std::string(name) + " " + shortestGeneral(value) + " " +
           std::string(unit) + " exceeds the limit of " + limitText;
  return "";
}

std::string unknownUnit(QuantityKind kind, std::string_view unit) {
  if (std::string ambiguous = ambiguousUnit(kind, unit); !ambiguous.empty())
    return ambiguous;
  return "unknown " + std::string(kindName(kind)) + " unit '" +
         std::string(unit) + "'; expected one of " + unitList(kind);
}

/// Exact decimal text of num / den where den is a power of 10 or of 2 (so
/// the expansion is finite), without trailing zeros.
std::string exactQuotient(int64_t num, int64_t den) {
  std::string out;
  uint64_t mag = num < 0 ? uint64_t(0) - uint64_t(num) : uint64_t(num);
  if (num < 0)
    out += '-';
  uint64_t d = uint64_t(den);
  out += std::to_string(mag / d);
  uint64_t rem = mag % d;
  if (rem == 0)
    return out;
  out += '.';
  // den <= 2^40 and rem < den, so rem * 10 cannot overflow.
  while (rem != 0) {
    rem *= 10;
    out += char('0' + rem / d);
    rem %= d;
  }
  return out;
}

/// Picks, among units whose text reads back exactly (`roundTrips`), the one
/// with the shortest number; a later (larger) unit wins a tie. A number below
/// 1 loses to any other (`100 GBps`, not `0.1 TBps`): people read those
/// faster. With `dotIsFree` only digits count, so that a solver's bandwidth
/// reads `116.129032 GBps`, not `116129032 KBps`; whole times and sizes keep
/// their integer form (`684448242 ns`).
template <size_t N, typename TextFn, typename CheckFn>
std::string pickShortest(const Unit (&units)[N], TextFn text,
                         CheckFn roundTrips, bool dotIsFree = false) {
  std::string best;
  const char *bestUnit = nullptr;
  for (const Unit &u : units) {
    std::optional<std::string> t = text(u);
    if (!t || !roundTrips(*t, u))
      continue;
    auto belowOne = [](const std::string &text) {
      return text.rfind("0.", 0) == 0 || text.rfind("-0.", 0) == 0;
    };
    auto digits = [&](const std::string &text) {
      return text.size() -
             (dotIsFree ? std::count(text.begin(), text.end(), '.') : 0);
    };
    if (!bestUnit || std::make_pair(belowOne(*t), digits(*t)) <=
                         std::make_pair(belowOne(best), digits(best))) {
      best = std::move(*t);
      bestUnit = u.name;
    }
  }
  if (!bestUnit)
    return "";
  return best + " " + bestUnit;
}

} // namespace

std::optional<double> unitScale(QuantityKind kind, std::string_view unit) {
  switch (kind) {
  case QuantityKind::Bandwidth:
    if (const Unit *bits = find(kBitRateUnits, unit))
      return bits->scale / kBitsPerByte;
    return lookup(kBandwidthUnits, unit);
  case QuantityKind::Time:
    return lookup(kTimeUnits, unit);
  case QuantityKind::Size:
    return lookup(kSizeUnits, unit);
  }
  return std::nullopt;
}

std::string ambiguousUnit(QuantityKind kind, std::string_view unit) {
  if (kind != QuantityKind::Bandwidth || find(kBitRateUnits, unit) ||
      find(kBandwidthUnits, unit))
    return "";
  const Unit *bits = findIgnoringCase(kBitRateUnits, unit);
  const Unit *bytes = findIgnoringCase(kBandwidthUnits, unit);
  if (!bits || !bytes)
    return "";
  return "'" + std::string(unit) + "' is ambiguous: write '" + bits->name +
         "' (bits per second) or '" + bytes->name + "' (bytes per second)";
}

const char *unitList(QuantityKind kind) {
  switch (kind) {
  case QuantityKind::Bandwidth:
    return "Bps KBps MBps GBps TBps KiBps MiBps GiBps TiBps "
           "bps Kbps Mbps Gbps Tbps";
  case QuantityKind::Time:
    return "ps ns us ms s";
  case QuantityKind::Size:
    return "B KB MB GB TB KiB MiB GiB TiB";
  }
  return "";
}

std::string toBandwidth(double value, std::string_view unit, double &bps) {
  double v = 0;
  if (const Unit *bits = find(kBitRateUnits, unit))
    // Scaled as the decimal it was written as, then divided by 8, which is
    // exact: `100 Mbps` is exactly `12.5 MBps`.
    v = scaleValue(value, bits->scale) / kBitsPerByte;
  else if (const Unit *bytes = find(kBandwidthUnits, unit))
    v = scaleValue(value, bytes->scale);
  else
    return unknownUnit(QuantityKind::Bandwidth, unit);
  std::string err = checkValue(QuantityKind::Bandwidth, value, unit, v,
                               kMaxBandwidthBps, kMaxBandwidthText);
  if (!err.empty())
    return err;
  bps = v;
  return "";
}

std::string toTime(double value, std::string_view unit, int64_t &ps) {
  std::optional<double> scale = unitScale(QuantityKind::Time, unit);
  if (!scale)
    return unknownUnit(QuantityKind::Time, unit);
  double v = scaleValue(value, *scale);
  std::string err = checkValue(QuantityKind::Time, value, unit, v,
                               double(kMaxClockPs), kMaxClockText);
  if (!err.empty())
    return err;
  // v <= 1e15 here, so llround cannot overflow.
  ps = std::llround(v);
  return "";
}

std::string toSize(double value, std::string_view unit, int64_t &bytes) {
  std::optional<double> scale = unitScale(QuantityKind::Size, unit);
  if (!scale)
    return unknownUnit(QuantityKind::Size, unit);
  double v = scaleValue(value, *scale);
  std::string err = checkValue(QuantityKind::Size, value, unit, v,
                               double(kMaxSizeBytes), kMaxSizeText);
  if (!err.empty())
    return err;
  // `1.1 KB` is 1100.0000000000002 after the decimal-to-binary conversion
  // and the scaling (each off by at most half an ulp), so allow that much.
  double whole = std::round(v);
  if (std::fabs(v - whole) > 2 * DBL_EPSILON * v || whole < 1)
    return "size is not a whole number of bytes";
  bytes = int64_t(whole);
  return "";
}

namespace {

/// Significant digits of a plain decimal without exponent (`116.129032` has
/// 9, `0.05` has 1, `1500` has 4: an integer's zeros are read anyway).
size_t significantDigits(const std::string &text) {
  size_t first = text.find_first_of("123456789");
  if (first == std::string::npos)
    return 0;
  size_t dot = text.find('.');
  if (dot == std::string::npos)
    return text.size() - first;
  size_t last = text.find_last_of("123456789");
  return last - first + 1 - (first < dot && dot < last ? 1 : 0);
}

/// Readable numbers have at most this many significant digits.
constexpr size_t kReadableDigits = 7;
/// A bandwidth prints as it is up to this many: LIBRA's allocations are
/// written with 9 (`108.547673 GBps`).
constexpr size_t kPlainBandwidthDigits = 9;
/// Shares `x / k` are tried for k up to this (a switch's ports - 1).
constexpr int64_t kMaxShare = 1024;

std::string exactBandwidth(double bps) {
  std::string s = pickShortest(
      kBandwidthUnits,
      [&](const Unit &u) -> std::optional<std::string> {
        return shortestFixed(bps / u.scale);
      },
      [&](const std::string &t, const Unit &u) {
        std::optional<double> v = parseDouble(t);
        return v && scaleValue(*v, u.scale) == bps;
      },
      /*dotIsFree=*/true);
  // Bps always round-trips (scale 1), so this is only a safety net.
  return s.empty() ? shortestFixed(bps) + " Bps" : s;
}

/// `<v> <unit> / <k>` when bps is exactly v * scale / k, computed as the
/// parser does, for a readable v: unwinding a switch divides a port's
/// bandwidth among its peers, and `450 GBps / 7` reads better than
/// `59.87073693956648 GiBps`. Empty if no k <= kMaxShare does.
std::string formatShare(double bps) {
  for (int64_t k = 2; k <= kMaxShare; ++k) {
    std::string best;
    for (const Unit &u : kBandwidthUnits) {
      double v = bps * double(k) / u.scale;
      if (!(v >= 1 && v < 1e7))
        continue;
      // v rounded to kReadableDigits significant digits; only such a value
      // can have a readable text. Below 1e7 this is never an exponent.
      char buf[64];
      auto res = std::to_chars(buf, buf + sizeof(buf), v,
                               std::chars_format::general, int(kReadableDigits));
      if (res.ec != std::errc())
        continue;
      std::string text(buf, res.ptr);
      std::optional<double> parsed = parseDouble(text);
      if (!parsed || scaleValue(*parsed, u.scale) / double(k) != bps ||
          significantDigits(text) > kReadableDigits)
        continue;
      std::string candidate = text + " " + u.name;
      if (best.empty() || candidate.size() <= best.size())
        best = candidate;
    }
    if (!best.empty())
      return best + " / " + std::to_string(k);
  }
  return "";
}

/// The shortest exact text of a time in one unit (`9606000012 ps`).
std::string exactTime(int64_t ps) {
  if (ps == 0)
    return "0 ps";
  return pickShortest(
      kTimeUnits,
      [&](const Unit &u) -> std::optional<std::string> {
        return exactQuotient(ps, int64_t(u.scale));
      },
      [&](const std::string &t, const Unit &u) {
        if (u.scale == 1)
          return true;
        std::optional<double> v = parseDouble(t);
        if (!v)
          return false;
        double x = std::round(scaleValue(*v, u.scale));
        // Beyond 2^62 the comparison below could not be made exactly.
        return std::fabs(x) < 4e18 && int64_t(x) == ps;
      });
}

/// Leading digits kept in the head of a sum (`9.606 ms + 12 ps`).
constexpr int kHeadDigits = 4;

} // namespace

/// The text of a bandwidth, worked out afresh.
static std::string formatBandwidthUncached(double bps) {
  if (std::isnan(bps))
    return "?";
  if (std::isinf(bps))
    return bps > 0 ? "inf Bps" : "-inf Bps";
  if (bps == 0)
    return "0 Bps";
  std::string exact = exactBandwidth(bps);
  if (significantDigits(exact.substr(0, exact.find(' '))) <=
      kPlainBandwidthDigits)
    return exact;
  if (bps > 0)
    if (std::string share = formatShare(bps); !share.empty())
      return share;
  return exact;
}

std::string formatBandwidth(double bps) {
  // An unwound k-port switch prints k * (k - 1) links of one bandwidth, and
  // a share such as `50 GBps / 999` takes thousands of trial conversions
  // (every k and unit up to it): 7 minutes for switch(1000) before this
  // cache. A network has few distinct bandwidths, so a few recent texts per
  // thread make every repeat a lookup.
  struct Entry {
    uint64_t bits;
    std::string text;
  };
  constexpr size_t kEntries = 16;
  thread_local Entry recent[kEntries];
  thread_local size_t filled = 0, next = 0;
  uint64_t bits;
  std::memcpy(&bits, &bps, sizeof bits); // NaNs and -0 compare by bits
  for (size_t i = 0; i < filled; ++i)
    if (recent[i].bits == bits)
      return recent[i].text;
  std::string text = formatBandwidthUncached(bps);
  recent[next] = {bits, text};
  next = (next + 1) % kEntries;
  filled = std::min(filled + 1, kEntries);
  return text;
}

std::string formatTime(int64_t ps) {
  if (ps <= 0)
    return exactTime(ps);
  // In the largest unit the time has at least 1 of.
  const Unit *unit = &kTimeUnits[0];
  for (const Unit &u : kTimeUnits)
    if (double(ps) >= u.scale)
      unit = &u;
  std::string exact = exactQuotient(ps, int64_t(unit->scale));
  if (significantDigits(exact) <= kReadableDigits)
    return exact + " " + unit->name;
  // Too many digits to read: the leading kHeadDigits digits, then the exact
  // rest, which has fewer digits (`9606000012 ps` is `9.606 ms + 12 ps`).
  int64_t magnitude = 1;
  for (int64_t rest = ps; rest >= 10; rest /= 10)
    magnitude *= 10;
  int64_t step = magnitude;
  for (int i = 1; i < kHeadDigits; ++i)
    step /= 10;
  int64_t head = ps - ps % step;
  return formatTime(head) + " + " + formatTime(ps - head);
}

std::string formatSize(int64_t bytes) {
  if (bytes == 0)
    return "0 B";
  std::string s = pickShortest(
      kSizeUnits,
      [&](const Unit &u) -> std::optional<std::string> {
        return exactQuotient(bytes, int64_t(u.scale));
      },
      [&](const std::string &t, const Unit &u) {
        if (u.scale == 1)
          return true;
        std::optional<double> v = parseDouble(t);
        if (!v)
          return false;
        double x = scaleValue(*v, u.scale), whole = std::round(x);
        return std::fabs(x - whole) <= 2 * DBL_EPSILON * std::fabs(x) &&
               std::fabs(whole) < 4e18 && int64_t(whole) == bytes;
      });
  return s;
}

std::string formatNumber(double value) { return shortestGeneral(value); }

namespace {

/// The unit a formatted bandwidth is written in (`GBps` of `450 GBps / 7`).
std::string_view unitOf(std::string_view text) {
  size_t begin = text.find(' ');
  if (begin == std::string_view::npos)
    return {};
  std::string_view unit = text.substr(begin + 1);
  return unit.substr(0, unit.find(' '));
}

/// `bps` in `unit`, exactly, or nothing if no decimal text reads back as it.
std::optional<std::string> exactIn(double bps, const Unit &unit) {
  std::string text = shortestFixed(bps / unit.scale);
  std::optional<double> v = parseDouble(text);
  if (!v || scaleValue(*v, unit.scale) != bps)
    return std::nullopt;
  return text;
}

} // namespace

std::string formatBandwidthRange(double lo, double hi) {
  std::string low = formatBandwidth(lo), high = formatBandwidth(hi);
  if (unitOf(low) == unitOf(high))
    return low + " .. " + high;
  // The unit in which the two exact texts are shortest together, as
  // exactBandwidth picks one for a lone value (digits only; a number below
  // 1 reads worse; a later, larger unit wins a tie). Bps always reads back.
  std::string best;
  std::pair<bool, size_t> bestScore;
  for (const Unit &u : kBandwidthUnits) {
    std::optional<std::string> a = exactIn(lo, u), b = exactIn(hi, u);
    if (!a || !b)
      continue;
    auto belowOne = [](const std::string &t) { return t.rfind("0.", 0) == 0; };
    auto digits = [](const std::string &t) {
      return t.size() - std::count(t.begin(), t.end(), '.');
    };
    std::pair<bool, size_t> score{belowOne(*a) || belowOne(*b),
                                  digits(*a) + digits(*b)};
    if (best.empty() || score <= bestScore) {
      best = *a + " " + u.name + " .. " + *b + " " + u.name;
      bestScore = score;
    }
  }
  return best.empty() ? low + " .. " + high : best;
}

std::string formatRatio(int64_t numerator, int64_t denominator) {
  if (numerator < 0 || denominator <= 0)
    return "n/a";
  // numerator * 10^19 * 2 < 2^63 * 2^64 * 2 = 2^128.
  using Wide = unsigned __int128;
  Wide num = uint64_t(numerator), den = uint64_t(denominator);
  bool whole = num % den == 0;
  Wide scale = 1;
  for (int i = 0; i < kRatioDecimals; ++i)
    scale *= 10;
  // At 19 decimals the fraction shows: it is at least 1 / den > 10^-19 / 2
  // away from a whole number.
  for (int decimals = kRatioDecimals;; ++decimals, scale *= 10) {
    Wide rounded = (2 * num * scale + den) / (2 * den); // half up
    uint64_t fraction = uint64_t(rounded % scale);
    if (fraction != 0 || whole || decimals == 19) {
      std::string digits = std::to_string(fraction);
      return std::to_string(uint64_t(rounded / scale)) + "." +
             std::string(size_t(decimals) - digits.size(), '0') + digits;
    }
  }
}


/// Splits "<number> <unit>"; false if there is no number or no unit.
static bool splitQuantity(std::string_view text, double &value,
                          std::string_view &unit) {
  auto isSpace = [](char c) { return c == ' ' || c == '\t'; };
  while (!text.empty() && isSpace(text.front()))
    text.remove_prefix(1);
  while (!text.empty() && isSpace(text.back()))
    text.remove_suffix(1);
  auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(),
                                   value, std::chars_format::general);
  if (ec != std::errc() || end == text.data())
    return false;
  unit = text.substr(size_t(end - text.data()));
  while (!unit.empty() && isSpace(unit.front()))
    unit.remove_prefix(1);
  return !unit.empty();
}

std::string parseBandwidth(std::string_view text, double &bps) {
  double value = 0;
  std::string_view unit;
  if (!splitQuantity(text, value, unit))
    return "expected a bandwidth such as '50 GBps', got '" +
           std::string(text) + "'";
  return toBandwidth(value, unit, bps);
}

std::string parseSize(std::string_view text, int64_t &bytes) {
  double value = 0;
  std::string_view unit;
  if (!splitQuantity(text, value, unit))
    return "expected a size such as '8 GB', got '" + std::string(text) + "'";
  return toSize(value, unit, bytes);
}

std::string parseTime(std::string_view text, int64_t &ps) {
  double value = 0;
  std::string_view unit;
  if (!splitQuantity(text, value, unit))
    return "expected a time such as '1 us', got '" + std::string(text) + "'";
  return toTime(value, unit, ps);
}

} // namespace tacos
