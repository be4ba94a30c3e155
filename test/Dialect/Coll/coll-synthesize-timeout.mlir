// timeout= ends a synthesis that runs past it with a message, not a kill
// (docs/ResourceLimits.md); trials= takes at most 100,000 seeds.
// A 64x64 All-Gather takes seconds to synthesize; a millisecond is up
// before the first instant of matching is done.
// RUN: not tacos-opt %s --coll-synthesize="algorithm=tacos materialize=none timeout=0.001" 2>&1 | FileCheck %s
// CHECK: timeout.mlir:[[@LINE+3]]:1: error: coll-synthesize: synthesis did not finish within timeout=0.001 s; raise timeout= (0: no limit)
// The same through the pipeline, whose decompose step synthesizes too.
// RUN: not tacos-opt %s --coll-decompose="timeout=0.001" 2>&1 | FileCheck %s --check-prefix=DECOMPOSE
coll.all_gather @ag on @torus size(1 GB)
// DECOMPOSE: timeout.mlir:[[@LINE+1]]:1: error: coll-decompose: synthesis did not finish within timeout=0.001 s
coll.all_reduce @ar on @torus size(1 GB)
topo.network @torus { topo.dims [ring(64) link(50 GBps, 1 us), ring(64) link(50 GBps, 1 us)] }

// Unsigned -1 trials would run for years (and their progress vector alone
// would take 34 GB).
// RUN: not tacos-opt %s --coll-synthesize="algorithm=tacos trials=4294967295" 2>&1 | FileCheck %s --check-prefix=TRIALS
// TRIALS: error: coll-synthesize: trials must be at most 100000, got 4294967295
// RUN: not tacos-opt %s --coll-decompose=trials=4294967295 2>&1 | FileCheck %s --check-prefix=DECOMPOSE-TRIALS
// DECOMPOSE-TRIALS: error: coll-decompose: trials must be at most 100000, got 4294967295
