// Three GPUs on one switch: the network switch-routes.mlir imports onto.
topo.network @sw3 {
  topo.npus 3
  topo.switch @nvs [0, 1, 2] link(100 GBps, 500 ns)
}
