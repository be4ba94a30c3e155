// A drop naming an NPU the network does not have.
// RUN: %check-bad-input %s tacos-opt {}
// EXPECT: 7:3: npu 9 is out of range: the network has 6 NPUs
topo.network @n {
  topo.npus 6
  topo.link 0 <-> 1 link(25 GBps, 1 us)
  topo.drop 0 -> 9
}
