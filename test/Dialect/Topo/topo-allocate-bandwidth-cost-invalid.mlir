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
