//===- ResourceOptions.h - max-memory= and timeout= options -----*- C++ -*-===//
//
// The two options every pass that synthesizes, encodes for Z3 or lowers
// takes (Support/ResourceLimits.h says why):
//
//   max-memory=8GB      refuse steps estimated to need more (a size with a
//                       unit, or `default`: 50% of the machine's memory)
//   timeout=30          stop synthesis and Z3 after this many seconds
//                       (0, the default: no limit)
//
// Both are checked when the pipeline is parsed, like the enum options of
// PassOptions.h. A size with a space goes in braces: max-memory={8 GB}.
//
//===----------------------------------------------------------------------===//

#ifndef TACOS_DIALECT_COMMON_RESOURCEOPTIONS_H
#define TACOS_DIALECT_COMMON_RESOURCEOPTIONS_H

#include "tacos/Network/Quantity.h"
#include "tacos/Support/ResourceLimits.h"

#include "llvm/Support/CommandLine.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/raw_ostream.h"

#include <cmath>
#include <cstdint>
#include <string>

namespace tacos {

/// max-memory=: bytes, or 0 for the machine's default.
struct MemoryLimitOption {
  uint64_t bytes = 0;
};

/// timeout=: seconds, 0 for none.
struct TimeoutOption {
  double seconds = 0;
};

/// Printed so that it parses back (MLIR prints pipelines with their
/// options): "default" or the exact size without spaces ("8GB").
inline llvm::raw_ostream &operator<<(llvm::raw_ostream &os,
                                     const MemoryLimitOption &limit) {
  if (!limit.bytes)
    return os << "default";
  std::string text = formatSize(int64_t(limit.bytes));
  text.erase(text.find(' '), 1);
  return os << text;
}

inline llvm::raw_ostream &operator<<(llvm::raw_ostream &os,
                                     const TimeoutOption &timeout) {
  // As the user wrote it ("2.5"), not "2.500000e+00".
  return os << llvm::format("%g", timeout.seconds);
}

/// The limits a pass runs under; the deadline starts now (call it when the
/// pass starts). `memoryOption`/`timeoutOption` name the options in the
/// messages.
inline ResourceLimits resourceLimits(const MemoryLimitOption &memory,
                                     const TimeoutOption &timeout) {
  ResourceLimits limits;
  limits.maxMemoryBytes = memory.bytes ? memory.bytes : defaultMemoryLimit();
  limits.memoryIsDefault = memory.bytes == 0;
  limits.deadline = Deadline::in(timeout.seconds);
  return limits;
}

} // namespace tacos

/// "8GB", "{512 MiB}", "default"; a positive whole number of bytes.
template <>
class llvm::cl::parser<::tacos::MemoryLimitOption>
    : public llvm::cl::basic_parser<::tacos::MemoryLimitOption> {
public:
  using basic_parser::basic_parser;

  bool parse(Option &option, StringRef, StringRef arg,
             ::tacos::MemoryLimitOption &value) {
    if (arg == "default") {
      value.bytes = 0;
      return false;
    }
    int64_t bytes = 0;
    std::string error = ::tacos::parseSize(std::string_view(arg), bytes);
    if (error.empty() && bytes <= 0)
      error = "the memory limit must be positive";
    if (!error.empty())
      return option.error(error + " (or 'default')");
    value.bytes = uint64_t(bytes);
    return false;
  }
  StringRef getValueName() const override { return "size"; }
  void printOptionDiff(const Option &option, const ::tacos::MemoryLimitOption &value,
                       const OptVal &, size_t width) const {
    printOptionName(option, width);
    llvm::outs() << "= " << value << "\n";
  }
};

/// Seconds: a finite number >= 0.
template <>
class llvm::cl::parser<::tacos::TimeoutOption>
    : public llvm::cl::basic_parser<::tacos::TimeoutOption> {
public:
  using basic_parser::basic_parser;

  bool parse(Option &option, StringRef, StringRef arg,
             ::tacos::TimeoutOption &value) {
    double seconds = 0;
    if (arg.getAsDouble(seconds) || !std::isfinite(seconds) || seconds < 0)
      return option.error("expected a number of seconds >= 0 (0: "
                          "no limit), got '" + arg + "'");
    value.seconds = seconds;
    return false;
  }
  StringRef getValueName() const override { return "seconds"; }
  void printOptionDiff(const Option &option, const ::tacos::TimeoutOption &value,
                       const OptVal &, size_t width) const {
    printOptionName(option, width);
    llvm::outs() << "= " << value << "\n";
  }
};

#endif // TACOS_DIALECT_COMMON_RESOURCEOPTIONS_H
