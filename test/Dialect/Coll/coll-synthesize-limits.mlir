// Resource limits of coll-synthesize (docs/ResourceLimits.md): a request
// whose synthesis cannot fit is refused before anything is built, with the
// estimate, the limit and the option that changes them; a run past
// timeout= stops with a message. No case here allocates more than the
// network it reads.
// RUN: not tacos-opt %s -split-input-file --coll-synthesize="algorithm=tacos max-memory=1GB" -o /dev/null 2>&1 | FileCheck %s
// RUN: not tacos-opt %s -split-input-file --coll-synthesize="algorithm=tacos max-memory=16MB materialize=ops" -o /dev/null 2>&1 | FileCheck %s --check-prefix=OPS
// A 1,000-member group spread over a 1,000,000-NPU torus: a distance per
// (member, NPU) alone is 8 GB, and chunks forwarded towards members reach
// most NPUs.
// RUN: %python -c "print('topo.network @t { topo.dims [ring(1000) link(50 GBps, 1 us), ring(1000) link(50 GBps, 1 us)] }'); print('coll.all_gather @g on @t group [' + ', '.join(str(i * 1001) for i in range(1000)) + '] size(1 GB)')" > %t.group.mlir
// RUN: not tacos-opt %t.group.mlir --coll-synthesize="algorithm=tacos max-memory=8GB" 2>&1 | FileCheck %s --check-prefix=GROUP
// GROUP: group.mlir:2:1: error: coll-synthesize: synthesizing this all_gather with tacos needs about {{[0-9.]+}} GB of memory ({{.*}}1e9 transfers x 31 B{{.*}}), more than max-memory=8 GB

// 64 chunks per (source, destination) on 4,096 NPUs: 1.07e9 chunks.
// CHECK: limits.mlir:[[@LINE+2]]:1: error: coll-synthesize: synthesizing this all_to_all with tacos needs about {{[0-9.]+}} TB of memory ({{.*}}), more than max-memory=1 GB; use fewer chunks, fewer threads or materialize=none, or raise max-memory=
topo.network @torus64 { topo.dims [ring(64) link(400 GBps, 1 us), ring(64) link(400 GBps, 1 us)] }
coll.all_to_all @a2a on @torus64 size(1 GB) chunks(64)

// -----

// 3,000 NPUs, each linked to every other: 9 million links, 9 million
// transfers.
// CHECK: limits.mlir:[[@LINE+2]]:1: error: coll-synthesize: synthesizing this all_gather with tacos needs about {{1\.[0-9]+}} GB of memory ({{.*}}8997000 transfers x 31 B{{.*}}), more than max-memory=1 GB
topo.network @fc { topo.dims [fully_connected(3000) link(50 GBps, 1 us)] }
coll.all_gather @ag on @fc size(1 GB)

// -----

// Small enough to synthesize, but not to write one op per transfer.
// OPS: limits.mlir:[[@LINE+2]]:1: error: coll-synthesize: writing the transfers as coll.transfer ops needs about 26.1 MB of memory (65280 transfer ops x 400 B), more than max-memory=16 MB; use materialize=packed, or raise max-memory=
topo.network @torus16 { topo.dims [ring(16) link(50 GBps, 1 us), ring(16) link(50 GBps, 1 us)] }
coll.all_gather @ag on @torus16 size(1 GB)
