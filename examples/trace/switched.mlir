// Four NPUs: a bundle of three links 0 -> 1 (two back), an NVSwitch-like
// switch joining 1, 2 and 3, and a second switch between 0 and 3
// (docs/Traces.md).
topo.network @switched {
  topo.npus 4
  topo.link 0 <-> 1 link(50 GBps, 1 us)
  topo.link 0 <-> 1 link(50 GBps, 1 us) parallel
  topo.link 0 -> 1 link(50 GBps, 1 us) parallel
  topo.switch @nvswitch [1, 2, 3] link(25 GBps, 1 us)
  topo.switch @uplink [0, 3] link(25 GBps, 1 us)
}
