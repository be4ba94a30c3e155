// The pipeline synthesizes, verifies (natively and, on request, with Z3) and
// reports: no algorithm leaves it unverified.
// RUN: tacos-opt %s --tacos-pipeline -o /dev/null 2>&1 | FileCheck %s
// RUN: tacos-opt %s --tacos-pipeline="smt=true trials=4 report-format=json report-output=-" -o /dev/null | FileCheck %s --check-prefix=JSON
// RUN: tacos-opt %s --tacos-pipeline | FileCheck %s --check-prefix=IR
// The trials' thread count changes nothing.
// RUN: tacos-opt %s --tacos-pipeline="trials=4 threads=1" -o %t.1 2>/dev/null
// RUN: tacos-opt %s --tacos-pipeline="trials=4 threads=2" -o %t.2 2>/dev/null
// RUN: diff %t.1 %t.2
// REQUIRES: z3

topo.network @torus { topo.dims [ring(4) link(50 GiBps, 0.5 us), ring(4) link(50 GiBps, 0.5 us)] }
coll.all_gather @ag on @torus size(64 MiB) chunks(2)
coll.all_to_all @a2a on @torus size(16 MiB)
// coll-decompose, not coll-synthesize, synthesizes an All-Reduce here.
topo.network @ring { topo.dims [ring(4) link(50 GBps, 1 us)] }
coll.all_reduce @ar on @ring size(1 MiB)

// CHECK-LABEL: algorithm @ag: all_gather, 16 NPUs, 32 chunks
// CHECK: transfers {{[0-9]+}} (verified)
// CHECK-LABEL: algorithm @a2a: all_to_all, 16 NPUs, 256 chunks
// CHECK: transfers {{[0-9]+}} (verified)
// CHECK-LABEL: algorithm @ar: all_reduce, 4 NPUs, 4 chunks
// CHECK: transfers {{[0-9]+}} (verified)
// CHECK-NEXT: synthesis {{[0-9]+\.[0-9]}} ms

// JSON: "name": "ag"
// The synthesis time survives the verifiers that run between:
// JSON: "synthesis_ms": {{[0-9]}}
// JSON: "verified": true
// JSON-NEXT: "verified_smt": true
// JSON: "name": "a2a"
// The measured wall time, a number (never null), whatever synthesized it:
// JSON-LABEL: "name": "ar"
// JSON: "synthesis_ms": {{[0-9]+(\.[0-9]+)?(e[-+][0-9]+)?}},

// IR: coll.algorithm @ag all_gather on @torus size(64 MiB) chunks(2) time({{.*}}) attributes {coll.verified} {
