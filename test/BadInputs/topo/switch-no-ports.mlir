// A switch with an empty port list.
// RUN: %check-bad-input %s tacos-opt {}
// EXPECT: 6:3: needs at least 2 ports, got 0
topo.network @n {
  topo.npus 6
  topo.switch [] link(25 GBps, 1 us)
}
