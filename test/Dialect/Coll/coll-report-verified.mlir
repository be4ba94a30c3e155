// coll-report states only what was checked in this run: it re-runs the
// native verifier, and says "verified by z3" only for what coll-verify-smt
// proved earlier in the same pipeline. The attributes in the input claim
// nothing. (coll-verify-smt fails on @forged, which stops that split.)
// RUN: tacos-opt %s -split-input-file --coll-report -o /dev/null 2>&1 | FileCheck %s
// RUN: tacos-opt %s -split-input-file --coll-report="format=json output=-" -o /dev/null | FileCheck %s --check-prefix=JSON
// RUN: not tacos-opt %s -split-input-file --coll-verify-smt --coll-report -o /dev/null 2>&1 | FileCheck %s --check-prefix=SMT
// REQUIRES: z3

topo.network @line3 { topo.dims [line(3) link(50 GBps, 1 us)] }

// Hand-edited: chunk 0 never reaches npu 2, yet it carries both attributes.
coll.algorithm @forged broadcast on @line3 root(0) size(2 MB) chunks(2) time(63 us) attributes {coll.verified, coll.verified_smt} {
  coll.transfer copy 0 over 0 -> 1 at [0, 21000000]
  coll.transfer copy 1 over 0 -> 1 at [21000000, 42000000]
  coll.transfer copy 1 over 1 -> 2 at [42000000, 63000000]
}

// -----

topo.network @line3 { topo.dims [line(3) link(50 GBps, 1 us)] }
// Correct, with an attribute only Z3 may justify.
coll.algorithm @plain broadcast on @line3 root(0) size(2 MB) chunks(2) time(63 us) attributes {coll.verified_smt} {
  coll.transfer copy 0 over 0 -> 1 at [0, 21000000]
  coll.transfer copy 1 over 0 -> 1 at [21000000, 42000000]
  coll.transfer copy 0 over 1 -> 2 at [21000000, 42000000]
  coll.transfer copy 1 over 1 -> 2 at [42000000, 63000000]
}

// CHECK-LABEL: algorithm @forged
// CHECK: transfers 3 (invalid: delivery: chunk 0 never reaches npu 2 by 63000000 ps)
// CHECK-LABEL: algorithm @plain
// CHECK: transfers 4 (verified)

// JSON: "name": "forged"
// JSON: "verification": "invalid: delivery: chunk 0 never reaches npu 2 by 63000000 ps"
// JSON-NEXT: "verified": false
// JSON-NEXT: "verified_smt": false
// JSON: "name": "plain"
// JSON: "verified": true
// JSON-NEXT: "verified_smt": false

// SMT: error: coll-verify-smt: delivery: chunk 0 never reaches npu 2
// SMT-NOT: algorithm @forged:
// SMT-LABEL: algorithm @plain
// SMT: transfers 4 (verified, verified by z3)
