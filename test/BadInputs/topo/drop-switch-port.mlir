// Switch ports are not point-to-point links: there is no 0 -> 1 to drop.
// RUN: %check-bad-input %s tacos-opt {}
// EXPECT: 7:3: topo.drop 0 -> 1 removes no link
topo.network @n {
  topo.npus 6
  topo.switch [0, 1, 2] link(25 GBps, 1 us)
  topo.drop 0 -> 1
}
