// trials=0 for the synthesized model.
// RUN: %check-bad-input %s tacos-opt {} '--topo-allocate-bandwidth=model=synthesized trials=0'
// EXPECT: option trials: trials must be at least 1, got 0
topo.network @n {
  topo.dims [ring(4) link(?, 1 us) tier(a), ring(4) link(?, 1 us) tier(b)]
  topo.price tier(a) link(1)
  topo.price tier(b) link(2)
  topo.constraint sum == 100 GBps
}
coll.workload @w on @n compute(1 ms) { coll.all_reduce size(1 MiB) dims [0, 1] }
