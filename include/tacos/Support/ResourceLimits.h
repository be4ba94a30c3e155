//===- ResourceLimits.h - Memory and time limits of the heavy steps -*- C++ -*-===//
//
// Synthesis, materialization, SMT encoding and lowering can need far more
// memory or time than a machine has: a 1,000,000-NPU All-Gather is 10^12
// transfers. Each of those steps first estimates its peak memory (the
// estimate sits next to the code it estimates, e.g. Synthesis/Estimates.h)
// and refuses, before allocating, when the estimate exceeds the limit; and
// its loops poll a deadline, so that a run past `timeout=` ends with a
// message instead of a kill. This header is the shared part: the limit and
// its default, the deadline, and the wording of both refusals, so that
// every step says the same thing ("... needs about 31 TB of memory (...),
// over max-memory=12 GB ...; raise max-memory=").
//
// No MLIR here: the core libraries take a ResourceLimits in their options;
// the passes build it from their `max-memory=` and `timeout=` options
// (Dialect/Common/ResourceOptions.h).
//
//===----------------------------------------------------------------------===//

#ifndef TACOS_SUPPORT_RESOURCELIMITS_H
#define TACOS_SUPPORT_RESOURCELIMITS_H

#include <chrono>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace tacos {

//===----------------------------------------------------------------------===//
// Memory
//===----------------------------------------------------------------------===//

/// max-memory= defaults to this fraction of the memory the process may use:
/// the rest is for the MLIR module, the other passes and the machine.
inline constexpr double kDefaultMemoryFraction = 0.5;
/// Peak RSS runs above the peak of live allocations: the allocator keeps
/// freed small blocks, and pages are whole. Estimates built from data
/// structure sizes add this fraction (measured: the ratios in
/// docs/Reliability.md).
inline constexpr double kAllocatorSlack = 0.4;
/// The default when the machine's memory cannot be read.
inline constexpr uint64_t kFallbackMemoryLimit = uint64_t(8) << 30;

/// MemTotal of a /proc/meminfo text, in bytes.
std::optional<uint64_t> parseMemInfoTotal(std::string_view meminfo);
/// A cgroup limit file's text (v2 memory.max: bytes or "max"; v1
/// memory.limit_in_bytes: bytes, a huge number meaning none), in bytes;
/// nothing if it sets no limit.
std::optional<uint64_t> parseCgroupLimit(std::string_view text);
/// The memory this process may use: MemTotal, or its cgroup's memory limit
/// (v2 memory.max, else v1 memory.limit_in_bytes) if lower. Nothing if
/// /proc/meminfo cannot be read. Read once.
std::optional<uint64_t> machineMemoryBytes();
/// kDefaultMemoryFraction of machineMemoryBytes(), or kFallbackMemoryLimit.
uint64_t defaultMemoryLimit();

/// An estimate of a step's peak memory, with what makes it up.
struct MemoryEstimate {
  /// One named part: `count` items of `bytesEach` bytes.
  struct Term {
    double count, bytesEach;
    std::string noun;
    double bytes() const { return count * bytesEach; }
  };

  /// Peak bytes. A double: products of counts overflow 64 bits before any
  /// comparison with a limit would.
  double bytes = 0;
  /// The step, for the message: "synthesizing", "the SMT encoding".
  std::string what;
  /// What lowers it besides a larger limit: "use materialize=none".
  std::string remedy;
  std::vector<Term> terms;

  /// Adds `count` items of `bytesEach` bytes, named in the message if the
  /// term is among the largest ("1.2e9 transfers x 31 B").
  void add(double count, double bytesEach, std::string noun);
  /// Adds bytes not worth naming.
  void add(double more) { bytes += more; }
  /// Adds another estimate's bytes and terms.
  void add(const MemoryEstimate &other);
  /// Multiplies everything by `factor` (several copies at once: trials on
  /// several threads).
  void scale(double factor);
  /// Adds kAllocatorSlack of the total, once, when the terms are sizes of
  /// data structures (not measured peaks).
  void addAllocatorSlack() { bytes *= 1 + kAllocatorSlack; }
  /// Multiplies everything by `copies`, the runs of the same work on as
  /// many threads at once, with kAllocatorSlack more when there are several:
  /// each thread's malloc arena keeps its own freed blocks.
  void scaleForThreads(unsigned copies) {
    scale(copies);
    if (copies > 1)
      bytes *= 1 + kAllocatorSlack;
  }
  /// The largest terms, those of at least a tenth of the total, at most
  /// three: "1e12 transfers x 31 B, 2.5e11 chunk bits x 1 B".
  std::string detail() const;
};

//===----------------------------------------------------------------------===//
// Time
//===----------------------------------------------------------------------===//

/// A wall-clock deadline, or none. Copyable and read-only once made, so the
/// threads of one run share it.
class Deadline {
public:
  using Clock = std::chrono::steady_clock;

  /// No deadline.
  Deadline() = default;
  /// `seconds` from now; none if `seconds` <= 0 (timeout=0 means no limit).
  static Deadline in(double seconds);
  /// A deadline already past (tests).
  static Deadline expiredNow();

  bool isSet() const { return set; }
  /// Reads the clock: call it every few thousand iterations of a hot loop
  /// (DeadlinePoll does the counting).
  bool expired() const { return set && Clock::now() >= at; }
  /// Milliseconds left, at least 1 while set (for Z3's `timeout`, where 0
  /// means none); 0 when no deadline is set.
  unsigned remainingMs() const;
  /// The timeout it was made from, for messages.
  double seconds() const { return timeoutSeconds; }

private:
  bool set = false;
  Clock::time_point at;
  double timeoutSeconds = 0;
};

/// Polls a deadline from a hot loop, reading the clock once per kEvery
/// units of work (an iteration is one unit unless the caller says it did
/// more: one event of a synthesis may match thousands of links). The first
/// poll reads the clock, so an expired deadline stops a run at once,
/// deterministically. One per loop, never shared between threads.
class DeadlinePoll {
public:
  static constexpr uint64_t kEvery = 1024;
  explicit DeadlinePoll(const Deadline &deadline) : deadline(deadline) {}
  bool expired(uint64_t work = 1) {
    if (!deadline.isSet())
      return false;
    if (work < countdown) {
      countdown -= work;
      return false;
    }
    countdown = kEvery;
    return deadline.expired();
  }

private:
  const Deadline &deadline;
  uint64_t countdown = 1;
};

//===----------------------------------------------------------------------===//
// Both, and their messages
//===----------------------------------------------------------------------===//

struct ResourceLimits {
  /// Bytes a step may estimate before it is refused; 0: no limit.
  uint64_t maxMemoryBytes = 0;
  /// maxMemoryBytes is the machine's default (the message says so).
  bool memoryIsDefault = false;
  Deadline deadline;
  /// How the caller spells the options ("max-memory", "timeout"; Python
  /// says "max_memory"), for messages.
  std::string memoryOption = "max-memory", timeoutOption = "timeout";

  /// The machine's default memory limit and no deadline.
  static ResourceLimits defaults();
};

/// "" if `estimate` fits the limit; else the refusal, naming the estimate,
/// the limit and the options that change them:
///   "synthesizing needs about 31 TB of memory (1e12 transfers x 31 B),
///    more than max-memory=12 GB (the default: 50% of this machine's
///    memory); use materialize=none, or raise max-memory="
std::string checkMemory(const ResourceLimits &limits,
                        const MemoryEstimate &estimate);

/// "<what> did not finish within timeout=5 s; raise timeout= (0: no limit)".
std::string timeoutMessage(const ResourceLimits &limits, std::string_view what);

/// "6.8 GB", "31 TB", "512 KB", "12 B": at most 3 significant digits, decimal
/// units (estimates are approximate; exact sizes print with formatSize).
std::string formatApproximateBytes(double bytes);
/// "4096", "1.2e9": counts of up to 7 digits as they are, larger ones in
/// scientific notation with 2 significant digits.
std::string formatApproximateCount(double count);

} // namespace tacos

#endif // TACOS_SUPPORT_RESOURCELIMITS_H
