// chunks=-3 for the synthesized model (hung: -3 chunks became 2^32 - 3).
// RUN: %check-bad-input %s tacos-opt {} '--topo-allocate-bandwidth=model=synthesized chunks=-3'
// EXPECT: 4:1: topo-allocate-bandwidth: @n cannot be sized with model=synthesized: synthesizing all_reduce: chunks must be at least 1, got -3
topo.network @n {
  topo.dims [ring(4) link(?, 1 us) tier(a), ring(4) link(?, 1 us) tier(b)]
  topo.price tier(a) link(1)
  topo.price tier(b) link(2)
  topo.constraint sum == 100 GBps
}
coll.workload @w on @n compute(1 ms) { coll.all_reduce size(1 MiB) dims [0, 1] }
