// 20,000 parallel links between two NPUs, each of its own speed, so that a
// chunk can be sent again over a faster link. Synthesis asked, per idle
// link and instant, which due chunks arrive sooner elsewhere by scanning
// every in-link, and re-examined links that had nothing to send: minutes
// for this (2,000 links with 100 chunks took 22 s). Now a fraction of a
// second, and the schedules are the same as before.
// RUN: %python -c "n = 20000; print('topo.network @pair {\n  topo.npus 2'); [print('  topo.link 0 <-> 1 link(%%d GBps, %%d ns)%%s' %% (10 + i %% 50, 100 + i, ' parallel' if i else '')) for i in range(n)]; print('}\ncoll.all_gather @ag on @pair size(1 MiB) chunks(200)\ncoll.all_to_all @a2a on @pair size(1 MiB) chunks(10)')" > %t.mlir
// RUN: tacos-opt %t.mlir --tacos-pipeline -o %t.out.mlir 2>&1 | FileCheck %s
// Transfers name their link by lane; finding it is a binary search.
// RUN: tacos-opt %t.out.mlir --coll-simulate --coll-verify --coll-report -o /dev/null 2>&1 | FileCheck %s --check-prefix=AGAIN

// CHECK: algorithm @ag: all_gather, 2 NPUs, 400 chunks
// CHECK-NEXT: time 0.390 us
// CHECK: transfers 400 (verified)
// CHECK: algorithm @a2a: all_to_all, 2 NPUs, 40 chunks
// CHECK-NEXT: time 1.132 us
// CHECK: transfers 20 (verified)

// AGAIN: algorithm @ag
// AGAIN-NEXT: time 0.390 us
// AGAIN: transfers 400 (verified)
// AGAIN: algorithm @a2a
// AGAIN-NEXT: time 1.132 us
// AGAIN: transfers 20 (verified)
