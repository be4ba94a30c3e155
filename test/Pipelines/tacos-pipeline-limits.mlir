// The pipeline passes max-memory= and timeout= to every synthesis and to
// coll-verify-smt (docs/ResourceLimits.md). Without max-memory=, the limit
// is 50% of the machine's memory: a 1,000,000-NPU All-Gather (10^12
// transfers) is refused by it on any machine, where it used to die with
// "LLVM ERROR: out of memory".
// RUN: not tacos-opt %s -split-input-file --tacos-pipeline -o /dev/null 2>&1 | FileCheck %s --check-prefix=DEFAULT
// RUN: not tacos-opt %s -split-input-file --tacos-pipeline="smt=true max-memory=8GB" -o /dev/null 2>&1 | FileCheck %s --check-prefix=SMT
// RUN: not tacos-opt %s -split-input-file --tacos-pipeline="timeout=0.001" -o /dev/null 2>&1 | FileCheck %s --check-prefix=TIMEOUT
// REQUIRES: z3

// DEFAULT: limits.mlir:[[@LINE+4]]:1: error: coll-synthesize: synthesizing this all_gather with best needs about {{[0-9.]+}} TB of memory ({{.*}}1e12 transfers x 31 B{{.*}}), more than max-memory={{[0-9.]+}} {{[KMGT]}}B (the default: 50% of this machine's memory); use fewer chunks or materialize=none, or raise max-memory=
// SMT: limits.mlir:[[@LINE+3]]:1: error: coll-synthesize: synthesizing this all_gather with best needs about {{[0-9.]+}} TB of memory ({{.*}}), more than max-memory=8 GB;
// TIMEOUT: limits.mlir:[[@LINE+2]]:1: error: coll-synthesize: synthesizing this all_gather with best needs about
topo.network @million { topo.dims [ring(1000) link(50 GBps, 1 us), ring(1000) link(50 GBps, 1 us)] }
coll.all_gather @ag on @million size(1 GB)

// -----

// 576 NPUs synthesize in a fraction of a second; their SMT problem (331,200
// transfers, some 16 million smt ops through Z3) would take some 17 GB.
// DEFAULT: algorithm @ag576: all_gather, 576 NPUs
// DEFAULT: (verified)
// SMT: limits.mlir:[[@LINE+3]]:1: error: coll-verify-smt: the SMT encoding needs about {{1[0-9.]+}} GB of memory ({{.*}} smt ops x 1 KB), more than max-memory=8 GB; verify it with coll-verify instead, or raise max-memory=
// TIMEOUT: limits.mlir:[[@LINE+2]]:1: error: coll-synthesize: synthesis did not finish within timeout=0.001 s; raise timeout= (0: no limit)
topo.network @torus24 { topo.dims [ring(24) link(50 GBps, 1 us), ring(24) link(50 GBps, 1 us)] }
coll.all_gather @ag576 on @torus24 size(1 GB)
