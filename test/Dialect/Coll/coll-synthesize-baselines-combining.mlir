// Every algorithm of the catalogue builds combining collectives: the dual
// (All-Gather, Broadcast) is built by the algorithm asked for, on the
// transposed network, and inverted (docs/Algorithms.md, inversion).
// RUN: tacos-opt %s --coll-synthesize=algorithm=ring --coll-verify | FileCheck %s --check-prefix=RING
// RUN: tacos-opt %s --coll-synthesize=algorithm=exact --coll-verify | FileCheck %s --check-prefix=EXACT
// REQUIRES: z3

topo.network @ring4 { topo.dims [ring(4) link(50 GBps, 1 us)] }
topo.network @ring8 { topo.dims [ring(8) link(50 GBps, 1 us)] }

coll.all_reduce @ar4 on @ring4 size(4 MB)
coll.reduce_scatter @rs4 on @ring4 size(4 MB)
coll.all_reduce @ar8 on @ring8 size(8 MB)
coll.reduce @rd on @ring8 root(2) size(8 MB)

// The classic ring All-Reduce: 2(N-1) steps of a + S/(N B), that is
// 2(N-1)/N * S/B plus 2(N-1) latencies. N = 4, S = 4 MB, B = 50 GB/s,
// a = 1 us: 6 * (1 + 20) us = 126 us; the Reduce-Scatter is half of it.
// RING-LABEL: coll.algorithm @ar4 all_reduce on @ring4 size(4 MB) time(126 us) attributes {coll.strict_phases_time = 126000000 : i64, coll.verified} {
// RING-NOT: coll.algorithm
// RING: coll.transfer reduce
// RING-LABEL: coll.algorithm @rs4 reduce_scatter on @ring4 size(4 MB) time(63 us) attributes {coll.verified} {
// N = 8, S = 8 MB: 14 * (1 + 20) us = 294 us.
// RING-LABEL: coll.algorithm @ar8 all_reduce on @ring8 size(8 MB) time(294 us) attributes {{{.*}}coll.verified} {
// RING-LABEL: coll.algorithm @rd reduce on @ring8 root(2) {{.*}} attributes {coll.verified} {
// RING: coll.transfer reduce

// Exact optimum of each phase (42 us each); the pipelined All-Reduce is
// not proved optimal (only its bound could prove it), the Reduce-Scatter is.
// EXACT-LABEL: coll.algorithm @ar4 all_reduce on @ring4 size(4 MB) time(84 us) attributes {coll.exact_optimal = false, coll.exact_proof = "gap: the optimum lies in [63 us (volume lower bound), 84 us]; the phases are exact, their pipelining is not", {{.*}}coll.verified} {
// EXACT-LABEL: coll.algorithm @rs4 reduce_scatter on @ring4 size(4 MB) time(42 us) attributes {coll.exact_optimal = true, coll.exact_proof = "equals the discrete lower bound", coll.verified} {

