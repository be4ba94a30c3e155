// Combining collectives: the dual is synthesized on the transposed network
// and inverted (docs/Algorithms.md, inversion), so one-way rings get correct reductions too.
// RUN: tacos-opt %s --coll-synthesize="algorithm=tacos trials=32" --coll-verify --coll-verify-smt | FileCheck %s
// RUN: tacos-opt %s --coll-synthesize="algorithm=tacos trials=32" --coll-report -o /dev/null 2>&1 | FileCheck %s --check-prefix=REPORT
// RUN: tacos-opt %s --coll-synthesize=algorithm=ring --coll-verify | FileCheck %s --check-prefix=RING
// REQUIRES: z3

topo.network @torus { topo.dims [ring(4) link(50 GiBps, 0.5 us), ring(4) link(50 GiBps, 0.5 us)] }
topo.network @oneway { topo.dims [ring(5, uni) link(50 GBps, 1 us), line(2) link(20 GBps, 2 us)] }

coll.all_gather @ag on @torus size(64 MiB)
coll.reduce_scatter @rs on @torus size(64 MiB)
coll.all_reduce @ar on @torus size(64 MiB)
coll.reduce_scatter @rs_oneway on @oneway size(10 MB)
coll.reduce @rd_oneway on @oneway root(3) size(4 MB) chunks(2)
coll.all_reduce @ar_oneway on @oneway size(10 MB) chunks(2)
coll.all_reduce @ar_group on @torus group [0, 5, 10, 15] size(4 MB)

// Every reduction is a tree into its owner: reduce transfers only.
// CHECK-LABEL: coll.algorithm @rs reduce_scatter on @torus size(64 MiB) time(314.5 us) attributes {coll.verified, coll.verified_smt} {
// CHECK-NOT: coll.transfer copy
// All-Reduce records what strict phases would take (pipelining gains
// nothing here: inverted reductions all end together).
// CHECK: coll.algorithm @ar all_reduce on @torus size(64 MiB) time(629 us) attributes {coll.strict_phases_time = 629000000 : i64, coll.verified, coll.verified_smt} {
// CHECK: coll.algorithm @rs_oneway {{.*}} attributes {coll.verified, coll.verified_smt} {
// CHECK: coll.algorithm @rd_oneway {{.*}} attributes {coll.verified, coll.verified_smt} {
// CHECK: coll.algorithm @ar_oneway {{.*}} attributes {coll.strict_phases_time = {{[0-9]+}} : i64, coll.verified, coll.verified_smt} {
// CHECK: coll.algorithm @ar_group {{.*}} attributes {coll.strict_phases_time = {{[0-9]+}} : i64, coll.verified, coll.verified_smt} {

// On the symmetric torus the All-Gather reaches its bound, and the
// All-Reduce takes exactly twice as long (reduce-scatter, then all-gather),
// which is its volume bound: 2 * 15 transfers of each of 16 chunks over
// 64 links, 8 of 78.625 us each. Ingress is the larger phase's, not their
// sum (docs/Reports.md); throughput is the same count without latency or
// whole chunks (2 * 15 * 64 MiB over 64 links of 50 GiB/s).
// REPORT-LABEL: algorithm @ag:
// REPORT-NEXT: time 314.500 us
// REPORT: ratio 1.0000
// REPORT-LABEL: algorithm @ar:
// REPORT-NEXT: time 629.000 us
// REPORT-NEXT: lower bound 629.000 us (ratio 1.0000; ingress 292.969, {{.*}}, volume 629.000, throughput 585.938)
// REPORT-NEXT: certificate optimal: equals the volume lower bound (629.000 us)
// REPORT: phases pipelined; strict phases would take 629.000 us (gain 0.00 %)

// Baselines build combining collectives by their own construction, not by
// inversion: the ring runs through the torus (a cycle of its links, both
// ways), 15 steps of reduce-and-forward of a 4 MiB chunk (78.625 us each),
// then, for All-Reduce, 15 steps of the All-Gather.
// RING: coll.algorithm @rs reduce_scatter on @torus size(64 MiB) time(1.179375 ms) attributes {coll.verified} {
// RING-NOT: coll.transfer copy
// RING: coll.algorithm @ar all_reduce on @torus size(64 MiB) time(2.35875 ms) attributes {coll.strict_phases_time = 2358750000 : i64, coll.verified} {
// RING: coll.algorithm @rs_oneway {{.*}} attributes {coll.verified} {
// RING: coll.algorithm @rd_oneway {{.*}} attributes {coll.verified} {
// RING: coll.algorithm @ar_oneway {{.*}} attributes {{{.*}}coll.verified} {
// RING: coll.algorithm @ar_group {{.*}} attributes {{{.*}}coll.verified} {
