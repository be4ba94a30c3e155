// model=synthesized on a network of two switch dimensions: each collective
// is synthesized on the switches as nodes (transfers routed through them,
// cut through at full port speed), not on unwound switches, so the
// bandwidth of a switch dimension is sized for the hardware. A collective
// on 2 of the 8 ports of the first switch level then takes the analytic
// time plus its latency (unwound, each pair of ports would get a seventh of
// a port). The latency per collective: All-Reduce, 2 transfers of 20 ns
// (two ports of 10 ns) in turn, 4 times; All-Gather, one transfer, 2 times.
// RUN: tacos-opt %s --topo-allocate-bandwidth="model=synthesized report=%t.json" -o %t.mlir
// RUN: %python %S/Inputs/check_switch_port_speed.py %t.json 200 | FileCheck %s --check-prefix=SPEED
// RUN: %python %S/Inputs/check_synthesized_report.py %t.json 300 | FileCheck %s --check-prefix=PROPS
// RUN: FileCheck %s --input-file=%t.mlir --check-prefix=IR

// SPEED: switch port speed ok
// PROPS: synthesized report ok
// IR: topo.dims [switch(8) link({{[0-9.]+}} GBps, 10 ns) tier(node), switch(2) link({{[0-9.]+}} GBps, 10 ns) tier(pod)]

topo.network @pod {
  topo.dims [switch(8) link(?, 10 ns) tier(node), switch(2) link(?, 10 ns) tier(pod)]
  topo.price tier(node) link(4) switch(13)
  topo.price tier(pod) link(7.8) switch(18) nic(31.6)
  topo.constraint sum == 300 GBps
}
coll.workload @tp on @pod compute(100 us) {
  coll.all_reduce size(16 MiB) dims [0] groups [2] count(4)
  coll.all_gather size(8 MiB) dims [1] count(2)
}
