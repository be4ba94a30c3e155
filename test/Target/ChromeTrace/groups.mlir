// RUN: tacos-translate --export-chrome-trace %s | FileCheck %s
// RUN: tacos-translate --export-chrome-trace %s | %python -m json.tool > /dev/null
// RUN: tacos-translate --export-chrome-trace --algorithm=@rs %s | FileCheck %s --check-prefix=ONE
// RUN: tacos-translate --export-chrome-trace --algorithm=rs %s | FileCheck %s --check-prefix=ONE

// Several algorithms: each gets its own range of processes (pid = first
// pid of the algorithm + source NPU), named after the algorithm. Symbol
// names are escaped.
topo.network @ring4 {
  topo.dims [ring(4) link(50 GBps, 1 us)]
}
topo.network @pair {
  topo.npus 2
  topo.link 0 <-> 1 link(50 GBps, 1 us)
}

coll.algorithm @"a\"g" all_gather on @ring4 size(4 MB) time(21 us) {
  coll.transfer copy 0 over 0 -> 1 at [0, 21000000]
}
coll.algorithm @rs reduce_scatter on @pair group [1, 0] size(2 MB) time(21 us) {
  coll.transfer reduce 1 over 0 -> 1 at [0, 21000000]
  coll.transfer reduce 0 over 1 -> 0 at [0, 21000000]
}

// CHECK:      {"name":"process_name","ph":"M","pid":0,"args":{"name":"@a\"g NPU 0"}},
// CHECK:      {"name":"process_name","ph":"M","pid":4,"args":{"name":"@rs NPU 0"}},
// CHECK:      {"name":"process_name","ph":"M","pid":5,"args":{"name":"@rs NPU 1"}},
// CHECK:      {"name":"copy chunk 0","cat":"copy","ph":"X","pid":0,"tid":0,
// CHECK-NEXT: {"name":"reduce chunk 1","cat":"reduce","ph":"X","pid":4,"tid":0,"ts":0,"dur":21,"args":{"chunk":1,"kind":"reduce","bytes":1000000,"src":0,"dst":1,"lane":0}},
// CHECK-NEXT: {"name":"reduce chunk 0","cat":"reduce","ph":"X","pid":5,"tid":1,"ts":0,"dur":21,"args":{"chunk":0,"kind":"reduce","bytes":1000000,"src":1,"dst":0,"lane":0}}
// CHECK-NEXT: ]}

// With --algorithm, one algorithm and pid = NPU again:
// ONE-NOT:    NPU 2
// ONE:        {"name":"process_name","ph":"M","pid":0,"args":{"name":"NPU 0"}},
// ONE:        {"name":"process_name","ph":"M","pid":1,"args":{"name":"NPU 1"}},
// ONE:        {"name":"reduce chunk 1","cat":"reduce","ph":"X","pid":0,"tid":0,
// ONE-NEXT:   {"name":"reduce chunk 0","cat":"reduce","ph":"X","pid":1,"tid":1,
// ONE-NEXT:   ]}
