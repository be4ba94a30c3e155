// coll-report estimates each baseline (and the exact schedule) before
// building it: one that would need more than max-memory= is skipped with a
// note saying why, and the report goes on (docs/ResourceLimits.md). On the
// 64x64 torus, Direct and RHD alone would take tens of GB.
// RUN: tacos-opt %s --coll-report="baselines=true exact=true max-memory=1GB" -o /dev/null 2>&1 | FileCheck %s
// RUN: tacos-opt %s --coll-report="baselines=true format=json max-memory=1GB" -o /dev/null 2>&1 | FileCheck %s --check-prefix=JSON

topo.network @torus64 { topo.dims [ring(64) link(50 GBps, 1 us), ring(64) link(50 GBps, 1 us)] }
// As coll-synthesize materialize=none writes it: the time and the count.
coll.algorithm @ag all_gather on @torus64 size(1 GB) time(20496064 ns) unmaterialized(16773120)

// CHECK-LABEL: algorithm @ag: all_gather, 4096 NPUs
// CHECK: exact n/a (exact synthesis takes at most 32 NPUs, not 4096)
// CHECK: baselines ring n/a; direct n/a; rhd n/a; dbt n/a;
// CHECK-NEXT: ring: synthesizing this all_gather with ring needs about {{[0-9.]+}} GB of memory ({{.*}}), more than max-memory=1 GB; use fewer chunks, or raise max-memory=
// CHECK-NEXT: direct: synthesizing this all_gather with direct needs about {{[0-9.]+}} GB of memory ({{.*}}5.4e8 transfers x 31 B{{.*}}), more than max-memory=1 GB
// CHECK-NEXT: rhd: synthesizing this all_gather with rhd needs about {{[0-9.]+}} GB of memory
// CHECK-NEXT: dbt: synthesizing this all_gather with dbt needs about {{[0-9.]+}} GB of memory

// JSON: "baseline_notes": [
// JSON-NEXT: "ring: synthesizing this all_gather with ring needs about
// JSON: "baselines_us": {
// JSON-NEXT: "dbt": null,
