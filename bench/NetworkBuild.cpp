//===- NetworkBuild.cpp - Time to build the network model -------*- C++ -*-===//
//
// Building the model is on the path of every pass, so it must stay linear in
// the number of links: a 200x200 torus (40,000 NPUs, 160,000 links) should
// take milliseconds, a 1000x1000 mesh (10^6 NPUs) well under a second.
//
// The model holds about 34 bytes per link, and on virtual machines first
// touches of fresh pages can cost more than the arithmetic. A benchmark that
// runs after a bigger one reuses its heap and looks faster: for cold numbers
// run one at a time (--benchmark_filter=Torus).
//
//===----------------------------------------------------------------------===//

#include "tacos/Network/Network.h"

#include <benchmark/benchmark.h>

using namespace tacos;

namespace {

TopologySpec product(DimKind kind, int64_t side) {
  LinkSpec link;
  link.bandwidthBps = 50e9;
  link.latencyPs = 500'000;
  TopologySpec spec;
  spec.dims = {{kind, side, link}, {kind, side, link}};
  return spec;
}

void run(benchmark::State &state, const TopologySpec &spec) {
  size_t links = 0;
  for (auto _ : state) {
    Network net = buildNetwork(spec);
    links = net.numLinks();
    benchmark::DoNotOptimize(links);
  }
  state.counters["npus"] = double(numNpus(spec));
  state.counters["links"] = double(links);
  state.counters["links_per_s"] = benchmark::Counter(
      double(links), benchmark::Counter::kIsIterationInvariantRate);
}

void BM_Torus200x200(benchmark::State &state) {
  run(state, product(DimKind::Ring, 200));
}
BENCHMARK(BM_Torus200x200)->Unit(benchmark::kMillisecond);

void BM_Mesh1000x1000(benchmark::State &state) {
  run(state, product(DimKind::Line, 1000));
}
BENCHMARK(BM_Mesh1000x1000)->Unit(benchmark::kMillisecond);

// The LIBRA 3-D shape, scaled to 2^17 NPUs: switch ports are most links.
void BM_Libra3D(benchmark::State &state) {
  LinkSpec link;
  link.latencyPs = 500'000; // bandwidth `?`
  TopologySpec spec;
  spec.dims = {{DimKind::Ring, 16, link},
               {DimKind::FullyConnected, 8, link},
               {DimKind::Switch, 1024, link}};
  run(state, spec);
}
BENCHMARK(BM_Libra3D)->Unit(benchmark::kMillisecond);

// Checking the 10^6-NPU description must not expand it.
void BM_CheckMesh1000x1000(benchmark::State &state) {
  TopologySpec spec = product(DimKind::Line, 1000);
  for (auto _ : state)
    benchmark::DoNotOptimize(check(spec));
}
BENCHMARK(BM_CheckMesh1000x1000)->Unit(benchmark::kMicrosecond);

} // namespace

BENCHMARK_MAIN();
