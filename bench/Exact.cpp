//===- Exact.cpp - Exact synthesis against TACOS and the bounds -----------===//
//
// Issue 17's benchmark: for each case, TACOS (20 seeds) and algorithm=exact
// on the same request, the best lower bound, the time exact takes to its
// best schedule (`first best`) and to its proof (or its limit), and what it
// proved; then SCCL's Pareto frontier of the DGX-1 All-Gather, with the time
// at which each point was found.
//   build/bench/bench-exact [FILTER] [TIME-LIMIT-MS]
// FILTER keeps the cases whose name contains it ("frontier" for the
// frontier alone); TIME-LIMIT-MS is exact's limit (default 60000).
// Every schedule is verified by synthesize(); a case whose exact time is
// above TACOS's would print "WORSE" (it must never happen).
//
//===----------------------------------------------------------------------===//

#include "tacos/Synthesis/Algorithms.h"
#include "tacos/Synthesis/Frontier.h"
#include "tacos/Synthesis/LowerBounds.h"

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

using namespace tacos;

namespace {

constexpr int64_t kUs = 1'000'000;
const LinkSpec kLink{50e9, kUs, ""};

Network dims(std::vector<DimSpec> spec) {
  TopologySpec topology;
  topology.dims = std::move(spec);
  return buildNetwork(topology);
}

Network ring(int64_t n) { return dims({{DimKind::Ring, n, kLink}}); }
Network torus(int64_t a, int64_t b) {
  return dims({{DimKind::Ring, a, kLink}, {DimKind::Ring, b, kLink}});
}
Network mesh(int64_t a, int64_t b) {
  return dims({{DimKind::Line, a, kLink}, {DimKind::Line, b, kLink}});
}
Network hypercube(unsigned dimensions) {
  return dims(std::vector<DimSpec>(dimensions, {DimKind::Line, 2, kLink}));
}

/// NVIDIA DGX-1 as in examples/networks.mlir: NVLink bundles (1 or 2 links
/// of 25 GB/s, 0.3 us) between the 8 V100s of a hybrid cube-mesh.
Network dgx1() {
  TopologySpec spec;
  spec.explicitNpus = 8;
  const int pairs[][3] = {{0, 1, 2}, {0, 2, 1}, {0, 3, 1}, {0, 4, 2},
                          {1, 2, 1}, {1, 3, 2}, {1, 5, 1}, {2, 3, 2},
                          {2, 6, 2}, {3, 7, 1}, {4, 5, 2}, {4, 6, 1},
                          {4, 7, 1}, {5, 6, 1}, {5, 7, 2}, {6, 7, 2}};
  for (auto [u, v, m] : pairs)
    for (int k = 0; k < m; ++k)
      spec.links.push_back({u, v, true, k > 0, {25e9, 300000, ""}});
  return buildNetwork(spec);
}

/// A 4-NPU ring with a chord, links of 25, 50 and 100 GB/s: the bounds are
/// loose there, so exact has to prove times infeasible with Z3.
Network uneven() {
  TopologySpec spec;
  spec.explicitNpus = 4;
  const std::pair<int, double> links[] = {
      {1, 50e9}, {2, 25e9}, {3, 50e9}, {0, 100e9}};
  for (int u = 0; u < 4; ++u)
    spec.links.push_back({u, links[u].first, true, false,
                          {links[u].second, kUs, ""}});
  spec.links.push_back({0, 2, true, false, {50e9, kUs, ""}});
  return buildNetwork(spec);
}

CollectiveSpec request(CollectiveKind kind, int64_t bytes, int64_t chunks,
                       std::optional<int64_t> root = std::nullopt) {
  CollectiveSpec spec;
  spec.kind = kind;
  spec.sizeBytes = bytes;
  spec.chunksPerRank = chunks;
  spec.root = root;
  return spec;
}

struct Case {
  const char *name;
  Network network;
  CollectiveSpec spec;
  LinkModel model = LinkModel::Blocking;
};

double us(int64_t ps) { return double(ps) / kUs; }

void runCase(const Case &c, unsigned timeLimitMs) {
  AlgorithmOptions options;
  options.model = c.model;
  options.trials = 20;
  options.threads = 1;
  AlgorithmResult tacos = synthesize(c.network, c.spec, options);
  options.algorithm = Algorithm::Exact;
  options.timeLimitMs = timeLimitMs;
  auto started = std::chrono::steady_clock::now();
  AlgorithmResult exact = synthesize(c.network, c.spec, options);
  double wallMs = std::chrono::duration<double, std::milli>(
                      std::chrono::steady_clock::now() - started)
                      .count();
  std::optional<LowerBounds> bounds =
      computeCollectiveBounds(c.network, c.spec, c.model);
  if (!tacos.error.empty() || !exact.error.empty()) {
    std::printf("| %s | error: %s%s |\n", c.name, tacos.error.c_str(),
                exact.error.c_str());
    return;
  }
  std::string verdict = exact.optimal          ? "optimal: " + exact.proof
                        : exact.proof.empty() ? std::string("gap")
                                              : exact.proof;
  std::printf("| %s | %.1f | %.1f | %.1f | %.1f | %.1f | %.1f | %s%s |\n",
              c.name, us(tacos.timePs), tacos.synthesisMs,
              bounds ? us(bounds->best()) : 0.0, us(exact.timePs),
              exact.firstBestMs, wallMs, verdict.c_str(),
              exact.timePs > tacos.timePs ? " WORSE" : "");
  std::fflush(stdout);
}

void runFrontier(unsigned timeLimitMs) {
  AlgorithmOptions options;
  options.algorithm = Algorithm::Exact;
  options.timeLimitMs = timeLimitMs;
  FrontierResult frontier = synthesizeFrontier(
      dgx1(), request(CollectiveKind::AllGather, 48000000, 1), options, 8);
  if (!frontier.error.empty()) {
    std::printf("frontier: error: %s\n", frontier.error.c_str());
    return;
  }
  std::printf("\nDGX-1 All-Gather 48 MB, SCCL's Pareto frontier (max-chunks "
              "8), %.0f ms in all, stopped at %s:\n\n",
              frontier.synthesisMs, frontier.stoppedAt.c_str());
  std::printf("| (S, R, C) | proved | found at (ms) | S alpha + R/C m/B (us) "
              "| simulated time (us) |\n| --- | --- | ---: | ---: | ---: |\n");
  for (const FrontierPoint &p : frontier.points)
    std::printf("| (%u, %u, %u) | %s | %.0f | %.1f | %.1f |\n", p.steps,
                p.rounds, p.chunks, p.proved ? "yes" : "no", p.foundMs,
                us(p.alphaPs + p.betaPs), us(p.result.timePs));
}

} // namespace

int main(int argc, char **argv) {
  const char *filter = argc > 1 ? argv[1] : "";
  unsigned timeLimitMs = argc > 2 ? unsigned(std::atoi(argv[2])) : 60000;
  using K = CollectiveKind;
  const LinkModel P = LinkModel::Pipelined;
  std::vector<Case> cases;
  cases.push_back({"dgx1 all_gather 48 MB chunks(1)", dgx1(),
                   request(K::AllGather, 48000000, 1)});
  cases.push_back({"dgx1 all_gather 48 MB chunks(2)", dgx1(),
                   request(K::AllGather, 48000000, 2)});
  cases.push_back({"dgx1 all_gather 48 MB chunks(6)", dgx1(),
                   request(K::AllGather, 48000000, 6)});
  cases.push_back({"dgx1 reduce_scatter 48 MB chunks(2)", dgx1(),
                   request(K::ReduceScatter, 48000000, 2)});
  cases.push_back({"dgx1 all_reduce 48 MB", dgx1(),
                   request(K::AllReduce, 48000000, 1)});
  cases.push_back({"ring(8) all_gather 8 MB chunks(2)", ring(8),
                   request(K::AllGather, 8000000, 2)});
  cases.push_back({"ring(8) all_gather 8 MB chunks(2) pipelined", ring(8),
                   request(K::AllGather, 8000000, 2), P});
  cases.push_back({"ring(8) all_to_all 8 MB", ring(8),
                   request(K::AllToAll, 8000000, 1)});
  cases.push_back({"ring(8) broadcast 8 MB chunks(4)", ring(8),
                   request(K::Broadcast, 8000000, 4, 0)});
  cases.push_back({"uneven(4) broadcast 4 MB chunks(2)", uneven(),
                   request(K::Broadcast, 4000000, 2, 1)});
  cases.push_back({"uneven(4) reduce 4 MB chunks(2)", uneven(),
                   request(K::Reduce, 4000000, 2, 1)});
  cases.push_back({"mesh 3x3 all_gather 9 MB", mesh(3, 3),
                   request(K::AllGather, 9000000, 1)});
  cases.push_back({"torus 4x4 all_gather 16 MB", torus(4, 4),
                   request(K::AllGather, 16000000, 1)});
  cases.push_back({"torus 4x4 all_gather 16 MB chunks(2)", torus(4, 4),
                   request(K::AllGather, 16000000, 2)});
  cases.push_back({"torus 4x4 all_gather 16 MB pipelined", torus(4, 4),
                   request(K::AllGather, 16000000, 1), P});
  cases.push_back({"torus 4x4 all_reduce 16 MB", torus(4, 4),
                   request(K::AllReduce, 16000000, 1)});
  cases.push_back({"hypercube 16 all_gather 16 MB", hypercube(4),
                   request(K::AllGather, 16000000, 1)});
  cases.push_back({"hypercube 16 all_gather 16 MB chunks(2)", hypercube(4),
                   request(K::AllGather, 16000000, 2)});
  cases.push_back({"torus 4x8 all_gather 32 MB", torus(4, 8),
                   request(K::AllGather, 32000000, 1)});
  cases.push_back({"hypercube 32 all_gather 32 MB", hypercube(5),
                   request(K::AllGather, 32000000, 1)});

  std::printf("| case | TACOS (us) | TACOS (ms) | bound (us) | exact (us) | "
              "first best (ms) | exact in all (ms) | proved |\n"
              "| --- | ---: | ---: | ---: | ---: | ---: | ---: | --- |\n");
  for (const Case &c : cases)
    if (std::strstr(c.name, filter))
      runCase(c, timeLimitMs);
  if (std::strstr("dgx1 frontier", filter))
    runFrontier(timeLimitMs);
  return 0;
}
