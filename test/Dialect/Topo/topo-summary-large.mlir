// Networks too large to build are refused from the description, before
// anything is allocated: fully_connected(100000) would be 10^10 links.
// RUN: not tacos-opt %s --topo-summary -o /dev/null 2>&1 | FileCheck %s

// CHECK: topo-summary-large.mlir:[[@LINE+2]]:3: error: network has 9999900000 directed links, more than the limit of 100000000
topo.network @fc {
  topo.dims [fully_connected(100000) link(50 GBps, 1 us)]
}

// Diameters of networks that are not products need a search per NPU:
// past 10^8 steps the summary gives bounds from a few searches, labelled.
// A 10^6-NPU ring less one link pair is a line (hours exactly; the bounds
// are one hop apart, the middle of an odd line being between two NPUs):
// RUN: %python -c "print('topo.network @line {\n  topo.dims [ring(1000000) link(50 GBps, 1 us)]\n  topo.drop 0 <-> 1\n}')" > %t.line.mlir
// RUN: tacos-opt %t.line.mlir --topo-summary -o /dev/null | FileCheck %s --check-prefix=LINE
// LINE: network @line
// LINE-NEXT: NPUs 1000000
// LINE-NEXT: directed links 1999998
// LINE-NEXT: hop diameter 999999 .. 1000000 (bounds: the exact value needs a search from each of the 1000000 NPUs)
// LINE-NEXT: latency diameter 999.999 ms .. 1 s (bounds: the exact value needs a search from each of the 1000000 NPUs)

// A ring written link by link (20,000 NPUs: seconds exactly, 40,000 took
// 20 s). On a ring the bounds are D and 2D.
// RUN: %python -c "n = 20000; print('topo.network @ring {\n  topo.npus %%d' %% n); [print('  topo.link %%d <-> %%d link(50 GBps, 1 us)' %% (i, (i + 1) %% n)) for i in range(n)]; print('}')" > %t.ring.mlir
// RUN: tacos-opt %t.ring.mlir --topo-summary -o /dev/null | FileCheck %s --check-prefix=RING
// RING: network @ring
// RING-NEXT: NPUs 20000
// RING-NEXT: directed links 40000
// RING-NEXT: hop diameter 10000 .. 20000 (bounds: the exact value needs a search from each of the 20000 NPUs)
// RING-NEXT: latency diameter 10 ms .. 20 ms (bounds: the exact value needs a search from each of the 20000 NPUs)

// Within the budget the diameter stays exact (here 2000 * 6000 steps).
// RUN: %python -c "n = 2000; print('topo.network @small {\n  topo.npus %%d' %% n); [print('  topo.link %%d <-> %%d link(50 GBps, 1 us)' %% (i, (i + 1) %% n)) for i in range(n)]; print('}')" > %t.small.mlir
// RUN: tacos-opt %t.small.mlir --topo-summary -o /dev/null | FileCheck %s --check-prefix=SMALL
// SMALL: network @small
// SMALL: hop diameter 1000
// SMALL-NEXT: latency diameter 1 ms
