// A switch port that names no switch: the error is at the switch.
// RUN: %check-bad-input %s tacos-opt {}
// EXPECT: 6:3: switch @leaf lists an unknown switch @spine0
topo.network @n {
  topo.npus 2
  topo.switch @leaf [0, 1, @spine0] link(25 GBps, 1 us)
}
