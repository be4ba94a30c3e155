//===- Trials.h - Seeded trials on several threads --------------*- C++ -*-===//
//
// `trials=K` runs K independent seeded trials and keeps the fastest. The
// trials run on up to `threads` threads, and the outcome is the one of the
// sequential loop, byte for byte, whatever the thread count:
//
//   for trial in 0..K-1:
//     run it; if it fails, return its error        (the first failure)
//     keep it if strictly faster than the kept one (ties: the lowest trial)
//
// Trials are handed out in increasing order by an atomic counter and each
// result lands in a shared slot under a lock; the winner is the least
// (time, trial), a total order, so the order in which trials finish does not
// matter. A failure stops the hand-out, and every trial before it has been
// handed out already, so the lowest failing trial is the sequential loop's
// first failure. Memory: the kept result plus one result per running thread
// (a 4,096-NPU All-Gather schedule is 520 MB), the losers freed as soon as
// they lose.
//
// The code is built without exceptions: what would throw (out of memory)
// ends the process on any thread, as it does in the sequential loop.
//
//===----------------------------------------------------------------------===//

#ifndef TACOS_SYNTHESIS_TRIALS_H
#define TACOS_SYNTHESIS_TRIALS_H

#include "tacos/Synthesis/Algorithms.h"

#include <cstdint>
#include <functional>
#include <mutex>
#include <optional>
#include <vector>

namespace tacos {

/// The cores this process may run on: the CPU affinity mask (taskset,
/// cpusets) and a cgroup v2 CPU quota (containers, CI runners) both count,
/// which std::thread::hardware_concurrency() ignores. At least 1.
unsigned usableCores();

/// The most threads any request gets: more threads than cores never make
/// CPU-bound matching faster, and a typo such as threads=100000 must not
/// start 100,000 threads.
inline constexpr unsigned kMaxThreads = 256;

/// The most trials a run takes. Seeds past a few hundred rarely find a
/// faster schedule, and each trial costs a whole synthesis: 4294967295
/// trials (an unsigned -1) would run for years. Use timeout= to bound the
/// time of fewer, longer trials.
inline constexpr unsigned kMaxTrials = 100000;

/// The threads a request of `threads` gets for `trials` trials: 0 means
/// every usable core (usableCores()); never more than the trials or
/// kMaxThreads, never fewer than 1.
unsigned trialThreads(unsigned threads, unsigned trials);

/// Calls `body(trial)` once for each trial in [0, trials), from `threads`
/// threads (the calling thread is one of them; 1 is a plain loop on it).
/// When `body` returns false (the trial failed), no later trial starts;
/// earlier ones, all started already, finish. Returns the lowest failing
/// trial, which is the first failure of the sequential loop, or `trials`.
/// `body` must be safe to call from several threads at once.
unsigned forEachTrial(unsigned trials, unsigned threads,
                      const std::function<bool(unsigned trial)> &body);

/// What "keep the candidate if strictly faster" keeps over trials offered in
/// any order, from any thread: the least time, ties to the lowest trial.
template <typename T> class FastestTrial {
public:
  void offer(T &&candidate, int64_t timePs, unsigned trial) {
    std::optional<T> loser; // freed outside the lock
    {
      std::lock_guard<std::mutex> lock(mutex);
      if (kept &&
          (keptTime < timePs || (keptTime == timePs && keptTrial < trial))) {
        loser = std::move(candidate);
        return;
      }
      loser = std::move(kept);
      kept = std::move(candidate);
      keptTime = timePs;
      keptTrial = trial;
    }
  }
  /// Read once the offers are over.
  bool empty() const { return !kept; }
  T &value() { return *kept; }
  unsigned trial() const { return keptTrial; }

private:
  std::mutex mutex;
  std::optional<T> kept;
  int64_t keptTime = 0;
  unsigned keptTrial = 0;
};

/// Several trials' progress as one fraction, the mean of the trials' own
/// (a finished trial counts 1), so that it only grows; `progress` is called
/// under a lock, never from two threads at once.
class TrialProgress {
public:
  TrialProgress(std::function<void(double)> progress, unsigned trials)
      : progress(std::move(progress)), done(trials, 0.0) {}
  /// The callback to give trial `trial`'s run (empty if none is wanted).
  std::function<void(double)> of(unsigned trial);
  void report(unsigned trial, double fraction);

private:
  std::function<void(double)> progress;
  std::mutex mutex;
  std::vector<double> done;
};

/// The common case: `run(trial)` builds one trial's result (error set on
/// failure). Returns the sequential loop's outcome: the first failing
/// trial's result, else the fastest (ties: the lowest trial).
AlgorithmResult
fastestOfTrials(unsigned trials, unsigned threads,
                const std::function<AlgorithmResult(unsigned trial)> &run);

} // namespace tacos

#endif // TACOS_SYNTHESIS_TRIALS_H
