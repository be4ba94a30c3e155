//===- SearchBudget.h - What a Z3 search may spend --------------*- C++ -*-===//
//
// Every exact search (ExactSynthesizer.cpp's time search, StepEncoding.cpp's
// fewest steps, Frontier.cpp) spends from one budget for the whole search:
//   - Z3's resource count (`rlimit=`, AlgorithmOptions::rlimit). Z3 counts
//     its work in units that are the same for the same formula, seed and Z3
//     build on any machine, however busy. Each check gets what the earlier
//     ones left and is charged what Z3 says it used, so a search the budget
//     ends stops at the same check, with the same result, everywhere.
//   - The wall clock, as a safety net only: the search's own limit
//     (AlgorithmOptions::timeLimitMs, from the search's start) and the
//     run's deadline (`timeout=`). A search one of these ends depends on
//     the machine's speed and load, and its result says so (SearchLimit).
//
//===----------------------------------------------------------------------===//

#ifndef TACOS_LIB_SYNTHESIS_SEARCHBUDGET_H
#define TACOS_LIB_SYNTHESIS_SEARCHBUDGET_H

#include "tacos/Support/ResourceLimits.h"
#include "tacos/Synthesis/Algorithms.h"

#include <z3.h>

#include <chrono>
#include <cstdint>
#include <vector>

namespace tacos {

class SearchBudget {
public:
  /// `rlimit` resource units and `timeLimitMs` ms (0: no limit of either),
  /// and `deadline`.
  SearchBudget(unsigned rlimit, unsigned timeLimitMs, Deadline deadline);
  /// What `options` allow: rlimit, timeLimitMs and limits.deadline.
  explicit SearchBudget(const AlgorithmOptions &options);
  /// No limit at all.
  static SearchBudget unlimited() { return SearchBudget(0, 0, Deadline()); }

  double elapsedMs() const;
  /// Resource units the checks so far used, and those left (0 when the
  /// budget is spent or there is none).
  uint64_t used() const { return spent; }
  uint64_t remaining() const { return rlimit > spent ? rlimit - spent : 0; }
  /// The limit that leaves nothing for another check (Resources, TimeLimit
  /// or Deadline), or None.
  SearchLimit exhausted() const;

  /// Checks `solver` (under `assumed`) with what is left, and at most
  /// `most` resource units if `most` > 0, and charges the units Z3 used.
  /// Z3_L_UNDEF when the units, the time limit or the deadline ran out
  /// first, or Z3 gave up: lastStop() says which.
  Z3_lbool check(Z3_context ctx, Z3_solver solver,
                 const std::vector<Z3_ast> &assumed = {}, uint64_t most = 0);
  /// Why the last check gave no answer: Resources (its units ran out:
  /// `most`, or the whole budget if exhausted() says so), TimeLimit,
  /// Deadline or NoAnswer; None if it answered.
  SearchLimit lastStop() const { return stop; }

private:
  unsigned remainingMs() const;

  unsigned rlimit;
  unsigned timeLimitMs;
  Deadline deadline;
  std::chrono::steady_clock::time_point started;
  uint64_t spent = 0;
  SearchLimit stop = SearchLimit::None;
};

} // namespace tacos

#endif // TACOS_LIB_SYNTHESIS_SEARCHBUDGET_H
