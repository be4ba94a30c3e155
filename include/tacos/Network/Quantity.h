//===- Quantity.h - Physical quantities with units --------------*- C++ -*-===//
//
// Bandwidths, times and sizes as the IR writes them (`50 GiBps`, `0.5 us`,
// `1 GiB`; a bandwidth also in bits per second, `400 Gbps`). The core stores
// them in fixed base units: bytes per second (double), picoseconds (int64)
// and bytes (int64). Times are integers so that schedules compare exactly
// and runs are deterministic.
//
//===----------------------------------------------------------------------===//

#ifndef TACOS_NETWORK_QUANTITY_H
#define TACOS_NETWORK_QUANTITY_H

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace tacos {

enum class QuantityKind { Bandwidth, Time, Size };

/// Largest values the IR accepts. They keep every derived quantity (a chunk's
/// transfer time, a schedule's end) far from int64 overflow. kMaxTimePs
/// bounds what people write (link latencies, compute times); kMaxClockPs
/// bounds any time at all, computed ones included (an algorithm's time): a
/// request whose schedule could pass it is refused (checkClockRange), so
/// every time tacos writes reads back.
inline constexpr int64_t kMaxTimePs = 1'000'000'000'000'000; // 1000 s
inline constexpr int64_t kMaxClockPs = int64_t(1) << 62;     // about 53 days
inline constexpr int64_t kMaxSizeBytes = int64_t(1) << 50;   // 1 PiB
inline constexpr double kMaxBandwidthBps = 1e18;             // 1 EBps
inline constexpr int64_t kMaxNpus = 1'000'000;
/// Directed links a network may have (after drops, switch links included).
/// The model costs about 34 bytes a link (CSR, both directions, specs), so
/// this is some 3.4 GB; a 10^6-NPU 3-D torus has 6 M links. Above it a
/// description such as fully_connected(100000) (10^10 links) is refused by
/// the verifier, from the closed-form count, before anything is built.
inline constexpr int64_t kMaxLinks = 100'000'000;
/// Parallel links one ordered NPU pair may have: transfers name a link by
/// (src, dst, lane) with a 16-bit lane.
inline constexpr int64_t kMaxParallelLinks = 65'536;

/// Returns how many base units (Bps, ps or B) one `unit` is, or nothing if
/// `unit` is not a unit of `kind`.
std::optional<double> unitScale(QuantityKind kind, std::string_view unit);

/// `value` (a number as read from text) times a unit's scale, rounded once:
/// for a decimal unit (10^k) the result is the double nearest to the
/// decimal the number was written as, times 10^k, so `33.3 MBps` is exactly
/// 33300000 Bps (33.3 * 1e6 would be 33299999.999999996). The number's
/// shortest round-trip text is its literal for literals of up to 15 digits.
double scaleValue(double value, double scale);

/// The units of `kind`, space-separated, for diagnostics.
const char *unitList(QuantityKind kind);

/// The error for a spelling that is no unit but could be a bit rate or a
/// byte rate, differing from one of each only in case (`gbps`: `Gbps` or
/// `GBps`?); empty for any other spelling. Units are case-sensitive, and a
/// factor of 8 is too much to guess.
std::string ambiguousUnit(QuantityKind kind, std::string_view unit);

/// Converts `value` in `unit` to base units. Returns an error message (empty
/// on success) so that callers can attach it to a source location.
std::string toBandwidth(double value, std::string_view unit, double &bps);
std::string toTime(double value, std::string_view unit, int64_t &ps);
std::string toSize(double value, std::string_view unit, int64_t &bytes);

/// Parses an option's text such as "50 GBps" or "1us" (a number, then a
/// unit, spaces allowed around them) and converts it like toBandwidth /
/// toTime; the error names the form expected.
std::string parseBandwidth(std::string_view text, double &bps);
std::string parseTime(std::string_view text, int64_t &ps);
std::string parseSize(std::string_view text, int64_t &bytes);

/// Formats a quantity as text that parses back to exactly the same value,
/// readable first (docs/TopoRationale.md, "Printing quantities"):
/// - a size, or a bandwidth with at most 9 significant digits in some unit:
///   the unit that gives the shortest text (`53687091200` Bps prints as
///   `50 GiBps`);
/// - a bandwidth that is one of at most 7 digits divided by k <= 1024 (a
///   switch port shared by its peers): `450 GBps / 7`; else the shortest
///   exact text;
/// - a time: in the largest unit it has at least 1 of, if that takes at most
///   7 significant digits (`6.715886 ms`); else its first 4 digits plus the
///   exact rest, recursively (`9.606 ms + 12 ps`).
std::string formatBandwidth(double bps);
std::string formatTime(int64_t ps);
std::string formatSize(int64_t bytes);

/// A range of bandwidths, `lo .. hi`, with both ends in one unit: each end
/// as formatBandwidth writes it when the two agree on the unit, else both
/// exact in the unit that gives the shortest pair (`325 GBps ..
/// 325.00017528832 GBps`, never `325 GBps .. 302.68 GiBps`, one value in
/// two units).
std::string formatBandwidthRange(double lo, double hi);

/// A plain number (a price, a weight) as the shortest text that parses back
/// to the same double.
std::string formatNumber(double value);

/// `numerator / denominator` (numerator >= 0, denominator > 0; times in ps)
/// with 4 decimals (`1.0357`), or with as many more as it takes not to
/// read as a whole number it is not: 9606000012 / 9605999796 is
/// `1.00000002`, never `1.0000`, which reads as equal. Exact: computed on
/// the integers, not through a double.
std::string formatRatio(int64_t numerator, int64_t denominator);

/// Decimals formatRatio writes when they do not hide a difference.
inline constexpr int kRatioDecimals = 4;

} // namespace tacos

#endif // TACOS_NETWORK_QUANTITY_H
