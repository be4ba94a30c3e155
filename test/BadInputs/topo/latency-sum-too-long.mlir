// Two terms each under the 1000 s latency limit, summed over it.
// RUN: %check-bad-input %s tacos-opt {}
// EXPECT: 5:26: link latency exceeds the limit of 1000 s
topo.network @n {
  topo.dims [ring(4) link(50 GBps, 600 s + 600 s)]
}
