// A 3-NPU line: no link between NPUs 2 and 0.
topo.network @line3 {
  topo.npus 3
  topo.link 0 <-> 1 link(50 GBps, 1 us)
  topo.link 1 <-> 2 link(50 GBps, 1 us)
}
