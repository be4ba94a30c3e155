// A switch port that a 32-bit cast would wrap to 0.
// RUN: %check-bad-input %s tacos-opt {}
// EXPECT: 6:3: npu 4294967296 is out of range: the network has 6 NPUs
topo.network @n {
  topo.npus 6
  topo.switch [1, 4294967296] link(25 GBps, 1 us)
}
