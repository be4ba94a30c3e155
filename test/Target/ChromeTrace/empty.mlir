// RUN: tacos-translate --export-chrome-trace %s | FileCheck %s
// RUN: tacos-translate --export-chrome-trace %s | %python -m json.tool > /dev/null

// One NPU: no transfers, an empty event list that is still valid JSON (no
// trailing comma, no placeholder event).
topo.network @one { topo.npus 1 }
coll.algorithm @ag all_gather on @one size(1 MB) time(0 us) {
}

// CHECK:      {"displayTimeUnit":"ns","traceEvents":[
// CHECK-EMPTY:
// CHECK-NEXT: ]}
