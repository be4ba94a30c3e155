// A 200-port switch unwinds to 39,800 links, each printed as the share
// `50 GBps / 199` (worked out once, not once per link) and written without
// a scan per NPU pair: a fraction of a second (13 s before).
// RUN: tacos-opt %s --topo-unwind-switches=max-links=39800 | FileCheck %s
// RUN: tacos-opt %s --topo-unwind-switches=max-links=39800 --topo-summary -o /dev/null | FileCheck %s --check-prefix=COUNT

// CHECK-LABEL: topo.network @fits
// CHECK-NEXT: topo.npus 200
// CHECK-NEXT: topo.link 0 <-> 1 link(50 GBps / 199, 2 us) {via = "dim0_0"}
// CHECK: topo.link 198 <-> 199 link(50 GBps / 199, 2 us) {via = "dim0_0"}
// CHECK-NEXT: topo.switch @dim0_0 [{{.*}}] link(50 GBps, 1 us) unwound
// CHECK-NEXT: }
// COUNT: network @fits
// COUNT-NEXT: NPUs 200
// COUNT-NEXT: directed links 39800
// COUNT-NEXT: hop diameter 1
// COUNT-NEXT: latency diameter 2 us
topo.network @fits {
  topo.dims [switch(200) link(50 GBps, 1 us)]
}
