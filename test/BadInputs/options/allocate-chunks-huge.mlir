// More chunks than 32-bit chunk ids hold (hung).
// RUN: %check-bad-input %s tacos-opt {} '--topo-allocate-bandwidth=model=synthesized chunks=99999999999'
// EXPECT: 4:1: topo-allocate-bandwidth: @n cannot be sized with model=synthesized: synthesizing all_reduce: chunks(99999999999) exceeds the limit of 4294967295
topo.network @n {
  topo.dims [ring(4) link(?, 1 us) tier(a), ring(4) link(?, 1 us) tier(b)]
  topo.price tier(a) link(1)
  topo.price tier(b) link(2)
  topo.constraint sum == 100 GBps
}
coll.workload @w on @n compute(1 ms) { coll.all_reduce size(1 MiB) dims [0, 1] }
