// trials=K judges a combining collective by its combined time: each seed's
// own reduction and spread, and the separately fastest phases. Keeping the
// fastest phase of each (as before) gave 398 us here: pipelining and
// compaction change what a pair of phases takes together.
// RUN: tacos-opt %s --coll-synthesize=trials=16 --coll-verify | FileCheck %s

topo.network @oneway { topo.dims [ring(5, uni) link(50 GBps, 1 us), line(2) link(20 GBps, 2 us)] }
coll.all_reduce @ar on @oneway size(12 MB)

// CHECK: coll.algorithm @ar all_reduce on @oneway size(12 MB) time(374 us) attributes {{{.*}}coll.verified} {
