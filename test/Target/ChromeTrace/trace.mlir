// RUN: tacos-translate --export-chrome-trace %s | FileCheck %s
// The output is JSON (json.tool fails on anything else):
// RUN: tacos-translate --export-chrome-trace %s | %python -m json.tool > /dev/null
// The packed form exports the same trace:
// RUN: tacos-opt %s --coll-materialize=form=packed | tacos-translate --export-chrome-trace | FileCheck %s

// Two parallel links 0 -> 1: one track each, named by lane.
topo.network @pair {
  topo.npus 3
  topo.link 0 <-> 1 link(50 GBps, 1 us)
  topo.link 0 -> 1 link(50 GBps, 1 us) parallel
  topo.link 1 <-> 2 link(50 GBps, 1 us)
}

// 30 bytes gathered from 3 NPUs, 3 chunks per 10-byte shard: 3, 3 and 4 bytes.
coll.algorithm @ag all_gather on @pair size(30 B) chunks(3) time(4000000 s) {
  coll.transfer copy 0 over 0 -> 1 at [0, 21000000]
  coll.transfer copy 2 over 0 -> 1 lane 1 at [1, 999999]
  coll.transfer reduce 5 over 2 -> 1 at [123456789, 123456790]
  coll.transfer copy 1 over 1 -> 2 at [3999999999999999999, 4000000000000000000]
}

// CHECK:      {"displayTimeUnit":"ns","traceEvents":[
// CHECK-NEXT: {"name":"process_name","ph":"M","pid":0,"args":{"name":"NPU 0"}},
// CHECK-NEXT: {"name":"process_sort_index","ph":"M","pid":0,"args":{"sort_index":0}},
// CHECK-NEXT: {"name":"thread_name","ph":"M","pid":0,"tid":0,"args":{"name":"0 -> 1 lane 0"}},
// CHECK-NEXT: {"name":"thread_sort_index","ph":"M","pid":0,"tid":0,"args":{"sort_index":0}},
// CHECK-NEXT: {"name":"thread_name","ph":"M","pid":0,"tid":1,"args":{"name":"0 -> 1 lane 1"}},
// CHECK-NEXT: {"name":"thread_sort_index","ph":"M","pid":0,"tid":1,"args":{"sort_index":1}},
// CHECK-NEXT: {"name":"process_name","ph":"M","pid":1,"args":{"name":"NPU 1"}},
// CHECK-NEXT: {"name":"process_sort_index","ph":"M","pid":1,"args":{"sort_index":1}},
// CHECK-NEXT: {"name":"thread_name","ph":"M","pid":1,"tid":3,"args":{"name":"1 -> 2"}},
// CHECK-NEXT: {"name":"thread_sort_index","ph":"M","pid":1,"tid":3,"args":{"sort_index":3}},
// CHECK-NEXT: {"name":"process_name","ph":"M","pid":2,"args":{"name":"NPU 2"}},
// CHECK-NEXT: {"name":"process_sort_index","ph":"M","pid":2,"args":{"sort_index":2}},
// CHECK-NEXT: {"name":"thread_name","ph":"M","pid":2,"tid":4,"args":{"name":"2 -> 1"}},
// CHECK-NEXT: {"name":"thread_sort_index","ph":"M","pid":2,"tid":4,"args":{"sort_index":4}},
// Whole microseconds print without a fraction:
// CHECK-NEXT: {"name":"copy chunk 0","cat":"copy","ph":"X","pid":0,"tid":0,"ts":0,"dur":21,"args":{"chunk":0,"kind":"copy","bytes":3,"src":0,"dst":1,"lane":0}},
// One picosecond is 0.000001 us; the lane picks the track:
// CHECK-NEXT: {"name":"copy chunk 2","cat":"copy","ph":"X","pid":0,"tid":1,"ts":0.000001,"dur":0.999998,"args":{"chunk":2,"kind":"copy","bytes":4,"src":0,"dst":1,"lane":1}},
// CHECK-NEXT: {"name":"reduce chunk 5","cat":"reduce","ph":"X","pid":2,"tid":4,"ts":123.456789,"dur":0.000001,"args":{"chunk":5,"kind":"reduce","bytes":4,"src":2,"dst":1,"lane":0}},
// 4e18 - 1 ps is exact, not rounded through a double:
// CHECK-NEXT: {"name":"copy chunk 1","cat":"copy","ph":"X","pid":1,"tid":3,"ts":3999999999999.999999,"dur":0.000001,"args":{"chunk":1,"kind":"copy","bytes":3,"src":1,"dst":2,"lane":0}}
// CHECK-NEXT: ]}
