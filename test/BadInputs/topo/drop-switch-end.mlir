// A drop names NPUs; a failed switch port is left out of the switch.
// RUN: %check-bad-input %s tacos-opt {}
// EXPECT: 7:19: topo.drop removes links between NPUs, not switch ports: leave the port to @nvs out of its switch's list (or its topo.link)
topo.network @n {
  topo.npus 2
  topo.switch @nvs [0, 1] link(25 GBps, 1 us)
  topo.drop 0 <-> @nvs
}
