//===- ResourceLimits.cpp - Memory and time limits of the heavy steps -----===//

#include "tacos/Support/ResourceLimits.h"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <cstdio>
#include <fstream>
#include <sstream>

namespace tacos {

//===----------------------------------------------------------------------===//
// The machine's memory
//===----------------------------------------------------------------------===//

namespace {

std::optional<std::string> readFile(const std::string &path) {
  std::ifstream in(path);
  if (!in)
    return std::nullopt;
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

std::string_view trim(std::string_view text) {
  auto space = [](char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r'; };
  while (!text.empty() && space(text.front()))
    text.remove_prefix(1);
  while (!text.empty() && space(text.back()))
    text.remove_suffix(1);
  return text;
}

std::optional<uint64_t> parseUnsigned(std::string_view text) {
  uint64_t value = 0;
  auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (ec != std::errc() || end != text.data() + text.size())
    return std::nullopt;
  return value;
}

/// The cgroup paths of this process: v2 (the "0::" line) and v1's memory
/// controller, from /proc/self/cgroup.
void cgroupPaths(std::string &v2, std::string &v1) {
  std::optional<std::string> text = readFile("/proc/self/cgroup");
  if (!text)
    return;
  std::istringstream lines(*text);
  for (std::string line; std::getline(lines, line);) {
    if (line.rfind("0::", 0) == 0)
      v2 = line.substr(3);
    size_t colon = line.find(':');
    size_t second = line.find(':', colon + 1);
    if (colon == std::string::npos || second == std::string::npos)
      continue;
    std::string controllers = line.substr(colon + 1, second - colon - 1);
    std::istringstream names(controllers);
    for (std::string name; std::getline(names, name, ',');)
      if (name == "memory")
        v1 = line.substr(second + 1);
  }
}

/// The lowest limit among the files that exist: the cgroup's own, and the
/// mount root's (inside a container the cgroup is often mounted as /).
std::optional<uint64_t> lowestCgroupLimit() {
  std::string v2, v1;
  cgroupPaths(v2, v1);
  std::optional<uint64_t> lowest;
  auto consider = [&](const std::string &path) {
    std::optional<std::string> text = readFile(path);
    if (!text)
      return;
    std::optional<uint64_t> limit = parseCgroupLimit(*text);
    if (limit && (!lowest || *limit < *lowest))
      lowest = limit;
  };
  consider("/sys/fs/cgroup/memory.max");
  if (!v2.empty() && v2 != "/")
    consider("/sys/fs/cgroup" + v2 + "/memory.max");
  consider("/sys/fs/cgroup/memory/memory.limit_in_bytes");
  if (!v1.empty() && v1 != "/")
    consider("/sys/fs/cgroup/memory" + v1 + "/memory.limit_in_bytes");
  return lowest;
}

} // namespace

std::optional<uint64_t> parseMemInfoTotal(std::string_view meminfo) {
  size_t at = meminfo.find("MemTotal:");
  if (at == std::string_view::npos)
    return std::nullopt;
  std::string_view rest = meminfo.substr(at + 9);
  rest = rest.substr(0, rest.find('\n'));
  rest = trim(rest);
  size_t unit = rest.find(' ');
  std::optional<uint64_t> value = parseUnsigned(rest.substr(0, unit));
  if (!value)
    return std::nullopt;
  // The kernel writes "kB" and means KiB.
  if (unit != std::string_view::npos && trim(rest.substr(unit)) == "kB")
    return *value * 1024;
  return value;
}

std::optional<uint64_t> parseCgroupLimit(std::string_view text) {
  text = trim(text);
  if (text == "max")
    return std::nullopt;
  std::optional<uint64_t> value = parseUnsigned(text);
  // cgroup v1 writes "no limit" as the largest page-aligned int64.
  if (!value || *value >= (uint64_t(1) << 62))
    return std::nullopt;
  return value;
}

std::optional<uint64_t> machineMemoryBytes() {
  static const std::optional<uint64_t> bytes = [] {
    std::optional<std::string> meminfo = readFile("/proc/meminfo");
    std::optional<uint64_t> total =
        meminfo ? parseMemInfoTotal(*meminfo) : std::nullopt;
    if (!total)
      return total;
    if (std::optional<uint64_t> cgroup = lowestCgroupLimit())
      return std::optional<uint64_t>(std::min(*total, *cgroup));
    return total;
  }();
  return bytes;
}

uint64_t defaultMemoryLimit() {
  std::optional<uint64_t> machine = machineMemoryBytes();
  if (!machine)
    return kFallbackMemoryLimit;
  return uint64_t(double(*machine) * kDefaultMemoryFraction);
}

//===----------------------------------------------------------------------===//
// Estimates
//===----------------------------------------------------------------------===//

void MemoryEstimate::add(double count, double bytesEach, std::string noun) {
  if (!(count > 0) || !(bytesEach > 0))
    return;
  bytes += count * bytesEach;
  terms.push_back({count, bytesEach, std::move(noun)});
}

void MemoryEstimate::add(const MemoryEstimate &other) {
  bytes += other.bytes;
  terms.insert(terms.end(), other.terms.begin(), other.terms.end());
}

void MemoryEstimate::scale(double factor) {
  bytes *= factor;
  for (Term &term : terms)
    term.count *= factor;
}

std::string MemoryEstimate::detail() const {
  std::vector<const Term *> largest;
  for (const Term &term : terms)
    if (term.bytes() >= bytes / 10)
      largest.push_back(&term);
  // Equal terms keep the order they were added in (pointers into one
  // vector compare as that order).
  std::sort(largest.begin(), largest.end(), [](const Term *a, const Term *b) {
    return a->bytes() != b->bytes() ? a->bytes() > b->bytes() : a < b;
  });
  if (largest.size() > 3)
    largest.resize(3);
  std::string text;
  for (const Term *term : largest) {
    if (!text.empty())
      text += ", ";
    text += formatApproximateCount(term->count) + " " + term->noun + " x " +
            formatApproximateBytes(term->bytesEach);
  }
  return text;
}

//===----------------------------------------------------------------------===//
// Deadlines
//===----------------------------------------------------------------------===//

Deadline Deadline::in(double seconds) {
  Deadline deadline;
  if (!(seconds > 0))
    return deadline;
  deadline.set = true;
  deadline.timeoutSeconds = seconds;
  // Beyond a century is no deadline at all, and would overflow the clock.
  double capped = std::min(seconds, 3.2e9);
  deadline.at = Clock::now() + std::chrono::duration_cast<Clock::duration>(
                                   std::chrono::duration<double>(capped));
  return deadline;
}

Deadline Deadline::expiredNow() {
  Deadline deadline;
  deadline.set = true;
  deadline.at = Clock::now();
  return deadline;
}

unsigned Deadline::remainingMs() const {
  if (!set)
    return 0;
  auto left = std::chrono::duration_cast<std::chrono::milliseconds>(
                  at - Clock::now())
                  .count();
  return unsigned(std::clamp<int64_t>(left, 1, int64_t(UINT32_MAX)));
}

//===----------------------------------------------------------------------===//
// Messages
//===----------------------------------------------------------------------===//

ResourceLimits ResourceLimits::defaults() {
  ResourceLimits limits;
  limits.maxMemoryBytes = defaultMemoryLimit();
  limits.memoryIsDefault = true;
  return limits;
}

std::string checkMemory(const ResourceLimits &limits,
                        const MemoryEstimate &estimate) {
  if (!limits.maxMemoryBytes || estimate.bytes <= double(limits.maxMemoryBytes))
    return "";
  std::string text = estimate.what + " needs about " +
                     formatApproximateBytes(estimate.bytes) + " of memory";
  if (std::string detail = estimate.detail(); !detail.empty())
    text += " (" + detail + ")";
  text += ", more than " + limits.memoryOption + "=" +
          formatApproximateBytes(double(limits.maxMemoryBytes));
  if (limits.memoryIsDefault)
    text += machineMemoryBytes()
                ? " (the default: " +
                      std::to_string(int(kDefaultMemoryFraction * 100)) +
                      "% of this machine's memory)"
                : std::string(" (the default)");
  text += "; ";
  if (!estimate.remedy.empty())
    text += estimate.remedy + ", or ";
  text += "raise " + limits.memoryOption + "=";
  return text;
}

std::string timeoutMessage(const ResourceLimits &limits,
                           std::string_view what) {
  char seconds[32];
  std::snprintf(seconds, sizeof(seconds), "%g", limits.deadline.seconds());
  return std::string(what) + " did not finish within " + limits.timeoutOption +
         "=" + seconds + " s; raise " + limits.timeoutOption +
         "= (0: no limit)";
}

std::string formatApproximateBytes(double bytes) {
  static const char *const units[] = {"B", "KB", "MB", "GB", "TB", "PB", "EB"};
  if (!(bytes > 0))
    return "0 B";
  size_t unit = 0;
  double value = bytes;
  // Three significant digits: 999.6 rounds up into the next unit.
  while (value >= 999.5 && unit + 1 < std::size(units)) {
    value /= 1000;
    ++unit;
  }
  char text[48];
  if (unit == 0)
    std::snprintf(text, sizeof(text), "%.0f B", value);
  else
    std::snprintf(text, sizeof(text), "%.3g %s", value, units[unit]);
  return text;
}

std::string formatApproximateCount(double count) {
  char text[48];
  if (count < 1e7) {
    std::snprintf(text, sizeof(text), "%.0f", count);
    return text;
  }
  int exponent = int(std::floor(std::log10(count)));
  double mantissa = std::round(count / std::pow(10.0, exponent) * 10) / 10;
  if (mantissa >= 10) {
    mantissa /= 10;
    ++exponent;
  }
  if (mantissa == std::floor(mantissa))
    std::snprintf(text, sizeof(text), "%.0fe%d", mantissa, exponent);
  else
    std::snprintf(text, sizeof(text), "%.1fe%d", mantissa, exponent);
  return text;
}

} // namespace tacos
