//===- Repair.cpp - Repair after link failures vs full re-synthesis -------===//
//
//   build/bench/bench-repair ag 32 [CASES] [SEED]   # 32x32 torus All-Gather
//   build/bench/bench-repair ar 32 [CASES] [SEED]   # 32x32 torus All-Reduce
// (a last argument `compact` compacts the repair: RepairOptions::compact).
// Links are 50 GiBps, 0.5 us; collectives are 1 GiB, one chunk per NPU.
// Synthesizes the collective on the intact torus, then for CASES random
// single and CASES random double link failures (both directions of a link
// pair, seeded) repairs it and re-synthesizes it from scratch on the
// degraded torus. Prints per case the repair and full times (wall clock,
// verification excluded; cpu_ms is the repair's CPU time, which other
// processes on the machine do not inflate), the collective times and their
// ratio, and whether the repair verifies.
//
//===----------------------------------------------------------------------===//

#include "tacos/Synthesis/Algorithms.h"
#include "tacos/Synthesis/Repair.h"
#include "tacos/Verification/Verifier.h"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <ctime>
#include <random>
#include <string>

using namespace tacos;

namespace {

TopologySpec torusSpec(int64_t side) {
  LinkSpec link{50.0 * 1073741824.0, 500000, ""};
  TopologySpec spec;
  for (int d = 0; d < 2; ++d)
    spec.dims.push_back({DimKind::Ring, side, link});
  return spec;
}

double msSince(std::chrono::steady_clock::time_point started) {
  return std::chrono::duration<double, std::milli>(
             std::chrono::steady_clock::now() - started)
      .count();
}

} // namespace

int main(int argc, char **argv) {
  if (argc < 3) {
    std::fprintf(stderr, "usage: %s ag|ar SIDE [CASES] [SEED] [compact]\n",
                 argv[0]);
    return 1;
  }
  std::string kind = argv[1];
  int64_t side = std::atoll(argv[2]);
  int cases = argc > 3 ? std::atoi(argv[3]) : 10;
  uint64_t seed = argc > 4 ? std::strtoull(argv[4], nullptr, 10) : 1;
  bool compact = argc > 5 && std::string(argv[5]) == "compact";

  TopologySpec spec = torusSpec(side);
  Network intact = buildNetwork(spec);
  CollectiveSpec collective;
  collective.kind =
      kind == "ar" ? CollectiveKind::AllReduce : CollectiveKind::AllGather;
  collective.sizeBytes = int64_t(1) << 30;

  AlgorithmOptions options;
  options.verify = false;
  auto started = std::chrono::steady_clock::now();
  AlgorithmResult old = synthesize(intact, collective, options);
  if (!old.error.empty()) {
    std::fprintf(stderr, "%s\n", old.error.c_str());
    return 1;
  }
  std::printf("%s on %lldx%lld torus: %zu transfers, %.3f us, synthesized "
              "in %.0f ms\n",
              collectiveName(collective.kind), (long long)side,
              (long long)side, old.numTransfers, old.timePs / 1e6,
              msSince(started));
  std::printf("%-8s %-16s %8s %8s %8s %10s %8s %10s %10s %10s %7s %s\n",
              "failures", "links", "kept", "lost", "added", "repair_ms",
              "cpu_ms", "full_ms", "repair_us", "full_us", "ratio", "verified");

  std::mt19937_64 rng(seed);
  RepairOptions repairOptions;
  repairOptions.verify = false;
  repairOptions.compact = compact;
  VerificationSpec required =
      buildVerificationSpec(collective, intact.numNpus(), LinkModel::Blocking);
  double worstMs = 0, worstCpuMs = 0, worstRatio = 0, sumRatio = 0;
  int failures = 0, runs = 0;
  for (int count : {1, 2}) {
    for (int i = 0; i < cases; ++i) {
      TopologySpec degradedSpec = spec;
      std::string names;
      while (int(degradedSpec.drops.size()) < count) {
        LinkId l = LinkId(rng() % intact.numLinks());
        DropSpec drop{intact.src(l), intact.dst(l), true};
        bool repeated = std::any_of(
            degradedSpec.drops.begin(), degradedSpec.drops.end(),
            [&](const DropSpec &d) {
              return (d.src == drop.src && d.dst == drop.dst) ||
                     (d.src == drop.dst && d.dst == drop.src);
            });
        if (repeated)
          continue;
        degradedSpec.drops.push_back(drop);
        names += (names.empty() ? "" : ",") + std::to_string(drop.src) + "-" +
                 std::to_string(drop.dst);
      }
      Network degraded = buildNetwork(degradedSpec);
      std::clock_t cpuStarted = std::clock();
      RepairResult repaired = repairAlgorithm(
          degraded, collective, old.schedule.view(), old.timePs,
          repairOptions);
      double cpuMs = double(std::clock() - cpuStarted) * 1000 / CLOCKS_PER_SEC;
      if (!repaired.error.empty()) {
        std::printf("%-8d %-16s error: %s\n", count, names.c_str(),
                    repaired.error.c_str());
        continue;
      }
      bool verified =
          verifyAlgorithm(degraded, required, repaired.schedule.view(),
                          repaired.timePs)
              .empty();
      auto fullStarted = std::chrono::steady_clock::now();
      AlgorithmResult full = synthesize(degraded, collective, options);
      double fullMs = msSince(fullStarted);
      double ratio = double(repaired.timePs) / double(full.timePs);
      std::printf("%-8d %-16s %8zu %8zu %8zu %10.1f %8.1f %10.1f %10.3f "
                  "%10.3f %7.4f %s\n",
                  count, names.c_str(), repaired.kept, repaired.lost,
                  repaired.added, repaired.repairMs, cpuMs, fullMs,
                  repaired.timePs / 1e6, full.timePs / 1e6, ratio,
                  verified ? "yes" : "NO");
      worstMs = std::max(worstMs, repaired.repairMs);
      worstCpuMs = std::max(worstCpuMs, cpuMs);
      worstRatio = std::max(worstRatio, ratio);
      sumRatio += ratio;
      ++runs;
      failures += !verified;
    }
  }
  std::printf("cases %d: worst repair %.1f ms (cpu %.1f ms), ratio "
              "repaired/full worst %.4f mean %.4f, %d not verified\n",
              runs, worstMs, worstCpuMs, worstRatio,
              runs ? sumRatio / runs : 0.0,
              failures);
  return failures ? 1 : 0;
}
