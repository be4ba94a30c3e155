// RUN: tacos-translate --export-chrome-trace %s | FileCheck %s
// Viewers nest the slices of one thread: overlapping transfers on one link
// must be on different threads.
// RUN: tacos-translate --export-chrome-trace %s > %t.json
// RUN: %python %S/Inputs/check_trace_events.py %t.json | FileCheck %s --check-prefix=RULES
// RUN: tacos-translate --export-chrome-trace --algorithm=@bc %s > %t.bc.json
// RUN: %python %S/Inputs/check_trace_events.py %t.bc.json | FileCheck %s --check-prefix=RULES-BC

// With pipelined latency, consecutive chunks overlap on a link: chunk 1
// starts 80 ps after chunk 0 and ends 80 ps after it.
topo.network @line {
  topo.npus 3
  topo.link 0 <-> 1 link(50 GBps, 1 us)
  topo.link 1 <-> 2 link(50 GBps, 1 us)
}

coll.algorithm @bc broadcast on @line root(0) size(12 B) chunks(3) time(2.00016 us) latency(pipelined) {
  // Link 0 -> 1 (link 0): chunk 1 overlaps chunk 0 (second row); chunk 2
  // lies inside both (third row); chunk 0 again starts when the first
  // ends (first row, touching is not overlapping).
  coll.transfer copy 0 over 0 -> 1 at [0, 1000080]
  coll.transfer copy 1 over 0 -> 1 at [80, 1000160]
  coll.transfer copy 2 over 0 -> 1 at [100, 200]
  coll.transfer copy 0 over 1 -> 2 at [1000080, 2000160]
  coll.transfer copy 1 over 0 -> 1 at [1000080, 1000090]
}

// Rows after the first are threads link + row * 4 (the network has 4 links),
// sorted right after the link's first row.
// CHECK:      {"name":"thread_name","ph":"M","pid":0,"tid":0,"args":{"name":"0 -> 1"}},
// CHECK-NEXT: {"name":"thread_sort_index","ph":"M","pid":0,"tid":0,"args":{"sort_index":0}},
// CHECK-NEXT: {"name":"thread_name","ph":"M","pid":0,"tid":4,"args":{"name":"0 -> 1 overlap 1"}},
// CHECK-NEXT: {"name":"thread_sort_index","ph":"M","pid":0,"tid":4,"args":{"sort_index":1}},
// CHECK-NEXT: {"name":"thread_name","ph":"M","pid":0,"tid":8,"args":{"name":"0 -> 1 overlap 2"}},
// CHECK-NEXT: {"name":"thread_sort_index","ph":"M","pid":0,"tid":8,"args":{"sort_index":2}},
// A link without overlaps keeps its one thread, tid = link id:
// CHECK:      {"name":"thread_name","ph":"M","pid":1,"tid":2,"args":{"name":"1 -> 2"}},
// CHECK-NEXT: {"name":"thread_sort_index","ph":"M","pid":1,"tid":2,"args":{"sort_index":6}},
// CHECK:      {"name":"copy chunk 0",{{.*}}"tid":0,"ts":0,"dur":1.00008,
// CHECK-NEXT: {"name":"copy chunk 1",{{.*}}"tid":4,"ts":0.00008,"dur":1.00008,
// CHECK-NEXT: {"name":"copy chunk 2",{{.*}}"tid":8,"ts":0.0001,"dur":0.0001,
// CHECK-NEXT: {"name":"copy chunk 0",{{.*}}"pid":1,"tid":2,"ts":1.00008,
// CHECK-NEXT: {"name":"copy chunk 1",{{.*}}"tid":0,"ts":1.00008,"dur":0.00001,

// RULES: ok: 5 slices on 4 threads
// RULES-BC: ok: 5 slices on 4 threads
