// RUN: tacos-opt %s --topo-summary -o /dev/null 2>&1 | FileCheck %s

// A range is one value: both ends in one unit, even when the links are
// written in units of two families (325 GBps into NPU 1, 302.68 GiBps,
// some 325.0002 GBps, into NPU 0; it read `325 GBps .. 302.68 GiBps`).
// CHECK-LABEL: network @mixed
// CHECK: ingress per NPU 325 GBps .. 325.00017528832 GBps
// CHECK-NEXT: egress per NPU 325 GBps .. 325.00017528832 GBps
topo.network @mixed {
  topo.npus 2
  topo.link 0 -> 1 link(325 GBps, 1 us)
  topo.link 1 -> 0 link(302.68 GiBps, 1 us)
}

// One family, two units: 100 GiBps and 1 TiBps are 100 and 1024 GiBps.
// CHECK-LABEL: network @binary
// CHECK: ingress per NPU 100 GiBps .. 1024 GiBps
topo.network @binary {
  topo.npus 2
  topo.link 0 -> 1 link(100 GiBps, 1 us)
  topo.link 1 -> 0 link(1 TiBps, 1 us)
}

// Alike ends stay as they are.
// CHECK-LABEL: network @mesh
// CHECK: ingress per NPU 100 GiBps .. 200 GiBps
topo.network @mesh {
  topo.dims [line(3) link(100 GiBps, 1 us)]
}
