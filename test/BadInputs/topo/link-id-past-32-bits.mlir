// An NPU id that a 32-bit cast would wrap to 1.
// RUN: %check-bad-input %s tacos-opt {}
// EXPECT: 6:3: npu 4294967297 is out of range: the network has 6 NPUs
topo.network @n {
  topo.npus 6
  topo.link 0 -> 4294967297 link(25 GBps, 1 us)
}
