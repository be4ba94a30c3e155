//===- Trials.cpp - Seeded trials on several threads ----------------------===//

#include "tacos/Synthesis/Trials.h"

#include <algorithm>
#include <atomic>
#include <thread>

namespace tacos {

unsigned trialThreads(unsigned threads, unsigned trials) {
  if (threads == 0)
    threads = std::max(1u, std::thread::hardware_concurrency());
  return std::max(1u, std::min(threads, trials));
}

unsigned forEachTrial(unsigned trials, unsigned threads,
                      const std::function<bool(unsigned trial)> &body) {
  threads = trialThreads(threads, trials);
  std::atomic<unsigned> next{0};
  // The lowest failing trial so far; no trial above it is handed out.
  std::atomic<unsigned> failed{trials};
  auto work = [&] {
    for (;;) {
      unsigned trial = next.fetch_add(1);
      if (trial >= trials || trial > failed.load())
        return;
      if (body(trial))
        continue;
      unsigned lowest = failed.load();
      while (trial < lowest && !failed.compare_exchange_weak(lowest, trial)) {
      }
    }
  };
  std::vector<std::thread> helpers;
  helpers.reserve(threads - 1);
  for (unsigned i = 1; i < threads; ++i)
    helpers.emplace_back(work);
  work();
  for (std::thread &helper : helpers)
    helper.join();
  return failed.load();
}

std::function<void(double)> TrialProgress::of(unsigned trial) {
  if (!progress)
    return nullptr;
  return [this, trial](double fraction) { report(trial, fraction); };
}

void TrialProgress::report(unsigned trial, double fraction) {
  if (!progress)
    return;
  std::lock_guard<std::mutex> lock(mutex);
  if (fraction <= done[trial])
    return;
  done[trial] = fraction;
  // Summed afresh, in trial order: it only grows, and all ones give 1.
  double sum = 0;
  for (double each : done)
    sum += each;
  progress(std::min(1.0, sum / double(done.size())));
}

AlgorithmResult
fastestOfTrials(unsigned trials, unsigned threads,
                const std::function<AlgorithmResult(unsigned trial)> &run) {
  trials = std::max(1u, trials);
  FastestTrial<AlgorithmResult> fastest, firstFailure;
  forEachTrial(trials, threads, [&](unsigned trial) {
    AlgorithmResult result = run(trial);
    if (!result.error.empty()) {
      firstFailure.offer(std::move(result), 0, trial);
      return false;
    }
    int64_t time = result.timePs;
    fastest.offer(std::move(result), time, trial);
    return true;
  });
  if (!firstFailure.empty())
    return std::move(firstFailure.value());
  return std::move(fastest.value());
}

} // namespace tacos
