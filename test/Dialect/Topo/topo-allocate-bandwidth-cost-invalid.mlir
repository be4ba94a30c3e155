// RUN: tacos-opt %s -split-input-file -verify-diagnostics --topo-allocate-bandwidth="objective=perf-per-cost"

// perf-per-cost needs a price for every dimension.

// expected-error @below {{has no cost for objective=perf-per-cost: dimension 1 (tier pod) has no topo.price}}
topo.network @n {
  topo.dims [ring(4) link(?, 1 us) tier(chip), ring(4) link(?, 1 us) tier(pod)]
  topo.price tier(chip) link(1)
  topo.constraint sum == 100 GBps
}
coll.workload @a on @n compute(1 ms) { coll.all_reduce size(1 MiB) dims [0, 1] }

// -----

// expected-error @below {{has no cost for objective=perf-per-cost: dimension 0 has no tier(...)}}
topo.network @n {
  topo.dims [ring(4) link(?, 1 us), ring(4) link(?, 1 us) tier(pod)]
  topo.price tier(pod) link(1)
  topo.constraint sum == 100 GBps
}
coll.workload @a on @n compute(1 ms) { coll.all_reduce size(1 MiB) dims [0, 1] }

// -----

// Only an upper bound: zero bandwidth meets it, and time x cost falls
// toward zero, which is no network.
// expected-error @below {{@n cannot be sized: objective=perf-per-cost has no optimum: zero bandwidth meets every constraint and time x cost only falls as the bandwidths shrink toward it (add a lower bound such as `topo.constraint sum == 500 GBps` or `topo.constraint sum >= 500 GBps`)}}
topo.network @n {
  topo.dims [ring(4) link(?, 1 us) tier(chip), ring(4) link(?, 1 us) tier(chip)]
  topo.price tier(chip) link(1)
  topo.constraint sum <= 100 GBps
}
coll.workload @a on @n compute(1 ms) { coll.all_reduce size(1 MiB) dims [0, 1] }
