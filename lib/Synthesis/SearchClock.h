//===- SearchClock.h - The time budget of a Z3 search -----------*- C++ -*-===//
//
// The exact searches (ExactSynthesizer.cpp, StepEncoding.cpp's fewest
// steps, Frontier.cpp) stop at whichever ends first: their own time limit
// (AlgorithmOptions::timeLimitMs, counted from the search's start) or the
// run's deadline (`timeout=`). Each Z3 call gets what is left.
//
//===----------------------------------------------------------------------===//

#ifndef TACOS_LIB_SYNTHESIS_SEARCHCLOCK_H
#define TACOS_LIB_SYNTHESIS_SEARCHCLOCK_H

#include "tacos/Support/ResourceLimits.h"

#include <algorithm>
#include <chrono>
#include <cstdint>

namespace tacos {

class SearchClock {
public:
  /// `timeLimitMs` 0: no limit of its own.
  SearchClock(unsigned timeLimitMs, const Deadline &deadline)
      : timeLimitMs(timeLimitMs), deadline(deadline),
        started(std::chrono::steady_clock::now()) {}

  double elapsedMs() const {
    return std::chrono::duration<double, std::milli>(
               std::chrono::steady_clock::now() - started)
        .count();
  }

  /// Z3's timeout for the next call: what the limit and the deadline
  /// leave, at least 1 ms once either is set (Z3 reads 0 as "none"), and 0
  /// when neither is.
  unsigned remainingMs() const {
    int64_t left = 0;
    if (timeLimitMs)
      left = std::max<int64_t>(1, int64_t(timeLimitMs) - int64_t(elapsedMs()));
    if (deadline.isSet()) {
      int64_t byDeadline = std::max<int64_t>(1, deadline.remainingMs());
      left = left ? std::min(left, byDeadline) : byDeadline;
    }
    return unsigned(std::min<int64_t>(left, UINT32_MAX - 1));
  }

  bool outOfTime() const {
    return deadline.expired() || (timeLimitMs && elapsedMs() >= timeLimitMs);
  }

private:
  unsigned timeLimitMs;
  const Deadline &deadline;
  std::chrono::steady_clock::time_point started;
};

} // namespace tacos

#endif // TACOS_LIB_SYNTHESIS_SEARCHCLOCK_H
