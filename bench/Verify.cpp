//===- Verify.cpp - Speed and memory of the native verifier ---------------===//
//
// Synthesizes a SIDExSIDE torus All-Gather (ring x ring, 50 GiBps, 0.5 us,
// 1 GiB, one chunk per NPU, materialized; SIDE=64 gives 16.8M transfers),
// then times verifyAlgorithm on it:
//   build/bench/bench-verify              # 64x64, transfers in synthesis order
//   build/bench/bench-verify 64 shuffled  # same transfers in random order
// `shuffled` exercises the sort and random access, since the verifier must
// not rely on the order transfers are stored in. Prints transfers verified
// per second, the process's peak memory, and the peak while verifying (the
// high-water mark is reset just before, so synthesis does not count).
//
//===----------------------------------------------------------------------===//

#include "tacos/Network/Quantity.h"
#include "tacos/Synthesis/TenSynthesizer.h"
#include "tacos/Verification/Verifier.h"

#include <sys/resource.h>

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <numeric>
#include <random>
#include <string>

using namespace tacos;

namespace {

double secondsSince(std::chrono::steady_clock::time_point started) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() -
                                       started)
      .count();
}

/// A field of /proc/self/status in GB ("VmHWM", "VmRSS"), or -1.
double statusGb(const char *field) {
  std::ifstream status("/proc/self/status");
  std::string line;
  size_t length = std::strlen(field);
  while (std::getline(status, line))
    if (line.compare(0, length, field) == 0 && line[length] == ':')
      return double(std::atoll(line.c_str() + length + 1)) * 1024 / 1e9;
  return -1;
}

/// Resets VmHWM to the current RSS (Linux >= 4.0), so that the next reading
/// is the peak of what runs in between.
bool resetPeak() {
  std::ofstream clear("/proc/self/clear_refs");
  clear << "5";
  clear.flush();
  return bool(clear);
}

} // namespace

int main(int argc, char **argv) {
  int64_t side = argc > 1 ? std::atoll(argv[1]) : 64;
  bool shuffled = argc > 2 && std::strcmp(argv[2], "shuffled") == 0;
  if (side < 2) {
    std::fprintf(stderr, "usage: %s [SIDE] [shuffled]\n", argv[0]);
    return 1;
  }

  LinkSpec link{50.0 * 1073741824.0, 500000, ""};
  TopologySpec topology;
  topology.dims = {{DimKind::Ring, side, link}, {DimKind::Ring, side, link}};
  Network network = buildNetwork(topology);

  CollectiveSpec collective;
  collective.kind = CollectiveKind::AllGather;
  collective.sizeBytes = int64_t(1) << 30;
  Problem problem;
  std::string error = buildProblem(collective, network.numNpus(), problem);
  if (!error.empty()) {
    std::fprintf(stderr, "%s\n", error.c_str());
    return 1;
  }

  auto started = std::chrono::steady_clock::now();
  AlgorithmResult result = synthesizeTen(network, problem, {});
  double synthesisSeconds = secondsSince(started);
  if (!result.error.empty()) {
    std::fprintf(stderr, "%s\n", result.error.c_str());
    return 1;
  }

  // The shuffled copy is made before the peak is reset: it is input, not
  // verifier memory.
  Schedule permuted;
  ScheduleView view = result.schedule.view();
  if (shuffled) {
    std::vector<size_t> order(view.size());
    std::iota(order.begin(), order.end(), size_t(0));
    std::shuffle(order.begin(), order.end(), std::mt19937_64(42));
    permuted.reserve(order.size());
    for (size_t i : order)
      permuted.push_back(view[i]);
    view = permuted.view();
  }

  VerificationSpec spec =
      buildVerificationSpec(collective, network.numNpus(), LinkModel::Blocking);
  double before = statusGb("VmRSS");
  bool peakReset = resetPeak();
  started = std::chrono::steady_clock::now();
  std::vector<Violation> violations =
      verifyAlgorithm(network, spec, view, result.timePs, {0});
  double seconds = secondsSince(started);
  double verifyPeak = statusGb("VmHWM");

  rusage usage;
  getrusage(RUSAGE_SELF, &usage);
  std::printf("torus %lldx%lld: %u NPUs, %zu links, all_gather, %s order\n",
              (long long)side, (long long)side, network.numNpus(),
              network.numLinks(), shuffled ? "shuffled" : "synthesis");
  std::printf("  synthesis      %.3f s (%s)\n", synthesisSeconds,
              formatTime(result.timePs).c_str());
  std::printf("  verification   %.3f s, %zu violations\n", seconds,
              violations.size());
  std::printf("  transfers      %zu (%.2f M/s)\n", view.size(),
              double(view.size()) / seconds / 1e6);
  // ru_maxrss is in KiB; both figures are in 10^9 bytes.
  std::printf("  peak memory    %.2f GB (process)\n",
              double(usage.ru_maxrss) * 1024 / 1e9);
  if (peakReset)
    std::printf("  while verifying %.2f GB peak, %.2f GB above the input\n",
                verifyPeak, verifyPeak - before);
  for (size_t i = 0; i < violations.size() && i < 5; ++i)
    std::printf("  violation: %s: %s\n", propertyName(violations[i].property),
                violations[i].message.c_str());
  return violations.empty() ? 0 : 2;
}
