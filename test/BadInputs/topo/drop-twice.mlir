// The same link dropped twice: the second drop removes nothing.
// RUN: %check-bad-input %s tacos-opt {}
// EXPECT: 8:3: topo.drop 1 -> 0 removes no link: an earlier topo.drop removed it
topo.network @n {
  topo.npus 6
  topo.link 0 <-> 1 link(25 GBps, 1 us)
  topo.drop 0 <-> 1
  topo.drop 1 -> 0
}
