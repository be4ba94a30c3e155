// Exact synthesis within the resource limits (docs/ResourceLimits.md):
// refused beyond 32 NPUs (tori, hypercubes) or 16 (other networks), refused
// when its Z3 encoding would not fit, and stopped by timeout= (Z3 gets the
// time left). The encoding is capped (kMaxExactLiterals: beyond it exact
// keeps TACOS's schedule), so its estimate is too.
// RUN: not tacos-opt %s -split-input-file --coll-synthesize="algorithm=exact max-memory=1GB timeout=0.000001" 2>&1 | FileCheck %s

// CHECK: exact-limits.mlir:[[@LINE+2]]:1: error: coll-synthesize: exact synthesis takes at most 32 NPUs, not 64
topo.network @torus8 { topo.dims [ring(8) link(50 GBps, 1 us), ring(8) link(50 GBps, 1 us)] }
coll.all_gather @ag on @torus8 size(1 GB)

// -----

// CHECK: exact-limits.mlir:[[@LINE+2]]:1: error: coll-synthesize: exact synthesis takes networks other than tori and hypercubes of at most 16 NPUs, not 20
topo.network @mesh4x5 { topo.dims [line(4) link(50 GBps, 1 us), line(5) link(50 GBps, 1 us)] }
coll.all_gather @ag on @mesh4x5 size(20 MB)

// -----

// 16 NPUs, 240 links, 1,024 chunks: the largest encoding exact builds.
// CHECK: exact-limits.mlir:[[@LINE+2]]:1: error: coll-synthesize: synthesizing this all_gather with exact needs about {{[0-9.]+}} GB of memory (4000000 Z3 literals x 300 B), more than max-memory=1 GB; use fewer chunks, or raise max-memory=
topo.network @fc16 { topo.dims [fully_connected(16) link(50 GBps, 1 us)] }
coll.all_gather @ag on @fc16 size(1 GB) chunks(64)

// -----

// Takes Z3 seconds; a microsecond is up before the first call.
// CHECK: exact-limits.mlir:[[@LINE+2]]:1: error: coll-synthesize: exact synthesis did not finish within timeout=1e-06 s; raise timeout= (0: no limit)
topo.network @ring8 { topo.dims [ring(8) link(50 GBps, 1 us)] }
coll.all_gather @ag on @ring8 size(1 GB) chunks(2)
