//===- Trials.cpp - Seeded trials on several threads ----------------------===//

#include "tacos/Synthesis/Trials.h"

#include <algorithm>
#include <atomic>
#include <cmath>
#include <fstream>
#include <sched.h>
#include <thread>

namespace tacos {

/// The CPU quota of this process's cgroup v2 ("max 100000" or
/// "150000 100000" in cpu.max), in cores rounded up; 0 if none.
static unsigned cgroupCpuQuota() {
  std::ifstream self("/proc/self/cgroup");
  std::string line, path;
  while (std::getline(self, line))
    if (line.rfind("0::", 0) == 0)
      path = line.substr(3);
  if (path.empty())
    return 0;
  std::ifstream limit("/sys/fs/cgroup" + path + "/cpu.max");
  std::string quota;
  double period = 0;
  if (!(limit >> quota >> period) || quota == "max" || period <= 0)
    return 0;
  double cores = std::atof(quota.c_str()) / period;
  return cores > 0 ? unsigned(std::ceil(cores)) : 0;
}

unsigned usableCores() {
  static const unsigned cores = [] {
    unsigned n = std::thread::hardware_concurrency();
    cpu_set_t set;
    if (sched_getaffinity(0, sizeof(set), &set) == 0)
      n = unsigned(CPU_COUNT(&set));
    if (unsigned quota = cgroupCpuQuota(); quota > 0)
      n = std::min(n, quota);
    return std::max(1u, n);
  }();
  return cores;
}

unsigned trialThreads(unsigned threads, unsigned trials) {
  if (threads == 0)
    threads = usableCores();
  return std::max(1u, std::min({threads, trials, kMaxThreads}));
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
