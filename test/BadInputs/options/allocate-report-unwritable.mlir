// A report file in a directory that does not exist.
// RUN: %check-bad-input %s tacos-opt {} --topo-allocate-bandwidth=report=/nonexistent/x
// EXPECT: option report: cannot open output file '/nonexistent/x'
topo.network @n {
  topo.dims [ring(4) link(?, 1 us) tier(a), ring(4) link(?, 1 us) tier(b)]
  topo.price tier(a) link(1)
  topo.price tier(b) link(2)
  topo.constraint sum == 100 GBps
}
coll.workload @w on @n compute(1 ms) { coll.all_reduce size(1 MiB) dims [0, 1] }
