//===- Synthesis.cpp - Speed and quality of TEN synthesis -----------------===//
//
// One case per run, so peak memory (ru_maxrss) belongs to that case:
//   build/bench/bench-synthesis torus 64        # 64x64 torus All-Gather
//   build/bench/bench-synthesis mesh 200 none   # 200x200 mesh, not materialized
//   build/bench/bench-synthesis a2a 8           # 8x8x8 torus All-to-All
//   build/bench/bench-synthesis ar 8            # 8x8x8 torus All-Reduce,
//                                               # 200/100/50 GBps, 1 us
//   build/bench/bench-synthesis torus 24 yes 8 2  # 8 trials on 2 threads
//   build/bench/bench-synthesis rails 128       # 128 nodes x 8 GPUs,
//                                               # switches as nodes
//   build/bench/bench-synthesis rails-unwound 8 # the same, unwound
// Arguments after SIDE: materialize (`none`, or anything else for yes),
// trials (1), threads (0: every core).
// Links are 50 GiBps, 0.5 us; collectives are 1 GiB with one chunk per NPU.
// `rails`: All-Gather on [switch(8) 300 GBps 1 us, switch(SIDE) 25 GBps
// 2 us] (SIDE nodes of 8 GPUs on an NVSwitch, GPU g of each node on rail
// switch g), synthesized on the switches as nodes or on the unwound
// network. Prints synthesis time, transfers per second, peak memory,
// collective time and its ratio to the best lower bound (and, with
// switches, to the hardware's throughput bound).
//
//===----------------------------------------------------------------------===//

#include "tacos/Network/Quantity.h"
#include "tacos/Network/Unwind.h"
#include "tacos/Synthesis/ThroughputBound.h"
#include "tacos/Synthesis/LowerBounds.h"
#include "tacos/Synthesis/Algorithms.h"
#include "tacos/Synthesis/Trials.h"

#include <sys/resource.h>

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <ctime>
#include <string>

using namespace tacos;

/// FNV-1a over every transfer's fields.
static uint64_t scheduleHash(const ScheduleView &view) {
  uint64_t h = 1469598103934665603ull;
  auto mix = [&](uint64_t x) {
    for (int b = 0; b < 8; ++b, x >>= 8)
      h = (h ^ (x & 0xff)) * 1099511628211ull;
  };
  for (size_t i = 0; i < view.size(); ++i) {
    mix(view.chunk(i));
    mix(uint64_t(view.src(i)) << 32 | view.dst(i));
    mix(uint64_t(view.route(i)) << 32 | uint64_t(view.lane(i)) << 8 |
        view.kindByte(i));
    mix(uint64_t(view.start(i)));
    mix(uint64_t(view.end(i)));
  }
  return h;
}

int main(int argc, char **argv) {
  if (argc < 3) {
    std::fprintf(stderr,
                 "usage: %s torus|mesh|a2a|ar|rails|rails-unwound SIDE "
                 "[none|yes] [trials] "
                 "[threads]\n",
                 argv[0]);
    return 1;
  }
  std::string shape = argv[1];
  int64_t side = std::atoll(argv[2]);
  bool materialize = !(argc > 3 && std::strcmp(argv[3], "none") == 0);
  unsigned trials = argc > 4 ? unsigned(std::atoi(argv[4])) : 1;
  unsigned threads = argc > 5 ? unsigned(std::atoi(argv[5])) : 0;

  LinkSpec link{50.0 * 1073741824.0, 500000, ""};
  TopologySpec spec;
  bool rails = shape == "rails" || shape == "rails-unwound";
  int dims = shape == "a2a" || shape == "ar" ? 3 : 2;
  if (rails) {
    spec.dims.push_back({DimKind::Switch, 8, {300e9, 1000000, ""}});
    spec.dims.push_back({DimKind::Switch, side, {25e9, 2000000, ""}});
  }
  for (int d = 0; d < dims && !rails; ++d) {
    if (shape == "ar") // heterogeneous: 200, 100, 50 GBps per dimension
      link = {200e9 / double(1 << d), 1000000, ""};
    spec.dims.push_back(
        {shape == "mesh" ? DimKind::Line : DimKind::Ring, side, link});
  }
  Network hardware = buildNetwork(spec);
  std::vector<LinkOrigin> origins;
  Network network = shape == "rails-unwound"
                        ? unwindSwitches(hardware, origins)
                        : std::move(hardware);

  CollectiveSpec collective;
  collective.kind = shape == "a2a"  ? CollectiveKind::AllToAll
                    : shape == "ar" ? CollectiveKind::AllReduce
                                    : CollectiveKind::AllGather;
  collective.sizeBytes = int64_t(1) << 30;
  // Combining collectives are synthesized through their dual; bounds and
  // the problem below are the dual's (All-Reduce: twice the All-Gather's
  // ingress is its bound).
  CollectiveSpec dual = collective;
  dual.kind = dualOf(collective.kind);
  Problem problem;
  std::string error = buildProblem(dual, network.numNpus(), problem);
  if (!error.empty()) {
    std::fprintf(stderr, "%s\n", error.c_str());
    return 1;
  }

  AlgorithmOptions options;
  options.verify = false;
  options.materialize = materialize;
  options.trials = trials;
  options.threads = threads;
  auto started = std::chrono::steady_clock::now();
  std::clock_t cpuStarted = std::clock();
  options.progress = [&](double done) {
    double s = std::chrono::duration<double>(std::chrono::steady_clock::now() -
                                             started)
                   .count();
    std::fprintf(stderr, "\r%5.1f%% after %.0f s", done * 100, s);
  };
  AlgorithmResult result = synthesize(network, collective, options);
  double seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - started)
          .count();
  double cpuSeconds = double(std::clock() - cpuStarted) / CLOCKS_PER_SEC;
  std::fprintf(stderr, "\r");
  if (!result.error.empty()) {
    std::fprintf(stderr, "%s\n", result.error.c_str());
    return 1;
  }
  LowerBounds bounds =
      computeLowerBounds(network, problem, LinkModel::Blocking);
  int64_t best = bounds.best();
  if (collective.kind == CollectiveKind::AllReduce) {
    // Reduce-Scatter (on G^T, the same torus) plus All-Gather: every NPU
    // receives twice what an All-Gather delivers.
    bounds.ingressPs *= 2;
    best = std::max(best, bounds.ingressPs);
  }
  rusage usage;
  getrusage(RUSAGE_SELF, &usage);
  std::printf("%s %lldx%s: %u NPUs, %zu links, %s, materialize=%s, trials=%u, "
              "threads=%u\n",
              shape.c_str(), (long long)side, dims == 3 ? "x..." : "",
              network.numNpus(), network.numLinks(),
              collectiveName(collective.kind), materialize ? "yes" : "none",
              trials, trialThreads(threads, trials));
  std::printf("  synthesis      %.3f s (CPU %.3f s)\n", seconds, cpuSeconds);
  std::printf("  transfers      %zu (%.2f M/s)\n", result.numTransfers,
              double(result.numTransfers) / seconds / 1e6);
  std::printf("  peak memory    %.2f GB\n", double(usage.ru_maxrss) / 1e6);
  std::printf("  time           %s\n", formatTime(result.timePs).c_str());
  std::printf("  lower bound    %s (discrete %s, ingress %s, load %s)\n",
              formatTime(best).c_str(),
              formatTime(bounds.discretePs).c_str(),
              formatTime(bounds.ingressPs).c_str(),
              bounds.loadPs ? formatTime(*bounds.loadPs).c_str() : "n/a");
  std::printf("  ratio          %.5f\n",
              double(result.timePs) / double(best));
  if (rails) {
    // The bound of the hardware, switches as nodes, whichever model the
    // schedule was made on.
    Network switched = buildNetwork(spec);
    if (std::optional<ThroughputBound> bound =
            computeThroughputBound(switched, collective))
      std::printf("  hardware bound %s (throughput), ratio %.5f\n",
                  formatTime(bound->ps).c_str(),
                  double(result.timePs) / double(bound->ps));
  }
  if (materialize) // to compare schedules across versions and thread counts
    std::printf("  schedule hash  %016llx\n",
                (unsigned long long)scheduleHash(result.schedule.view()));
  return 0;
}
