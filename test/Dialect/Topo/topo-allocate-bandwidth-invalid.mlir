// RUN: tacos-opt %s -split-input-file -verify-diagnostics --topo-allocate-bandwidth
// RUN: not tacos-opt %s --split-input-file --topo-allocate-bandwidth="workload=@zzz" 2>&1 | FileCheck %s --check-prefix=NAME
// RUN: not tacos-opt %s --split-input-file --topo-allocate-bandwidth="objective=speed" 2>&1 | FileCheck %s --check-prefix=OPTION
// RUN: not tacos-opt %s --split-input-file --topo-allocate-bandwidth="model=exact" 2>&1 | FileCheck %s --check-prefix=MODEL
// RUN: not tacos-opt %s --split-input-file --topo-allocate-bandwidth="model=synthesized trials=0" 2>&1 | FileCheck %s --check-prefix=TRIALS

// OPTION: unknown objective 'speed'; expected perf or perf-per-cost
// MODEL: unknown model 'exact'; expected analytic or synthesized
// TRIALS: topo-allocate-bandwidth: trials must be at least 1, got 0
// NAME: no coll.workload @zzz

// expected-error @below {{the module has no coll.workload to size the network for}}
module {
  topo.network @n { topo.dims [ring(4) link(?, 1 us)] }
}

// -----

// expected-error @below {{the workloads are on different networks (@a on @n, @b on @m); size one network at a time with workload=}}
module {
  topo.network @n { topo.dims [ring(4) link(?, 1 us)] }
  topo.network @m { topo.dims [ring(4) link(?, 1 us)] }
  coll.workload @a on @n compute(1 ms) { coll.all_reduce size(1 MiB) dims [0] }
  coll.workload @b on @m compute(1 ms) { coll.all_reduce size(1 MiB) dims [0] }
}

// -----

topo.network @n {
  topo.dims [ring(4) link(?, 1 us), ring(4) link(?, 1 us)]
  // expected-error @below {{cannot be sized by bandwidth allocation: LIBRA models pure products of dimensions}}
  topo.drop 0 <-> 1
}
coll.workload @a on @n compute(1 ms) { coll.all_reduce size(1 MiB) dims [0] }

// -----

// Infeasible: the error names the constraints in conflict (a minimal set:
// not bw(0) >= bw(1)), each noted where it is written.
// expected-error @below {{@n cannot be sized: the constraints cannot all be met; these conflict: `topo.constraint sum == 100 GBps`, `topo.constraint bw(0) == 200 GBps`}}
topo.network @n {
  topo.dims [ring(4) link(?, 1 us), ring(4) link(?, 1 us)]
  // expected-note @below {{in conflict: `topo.constraint sum == 100 GBps`}}
  topo.constraint sum == 100 GBps
  topo.constraint bw(0) >= bw(1)
  // expected-note @below {{in conflict: `topo.constraint bw(0) == 200 GBps`}}
  topo.constraint bw(0) == 200 GBps
}
coll.workload @a on @n compute(1 ms) { coll.all_reduce size(1 MiB) dims [0, 1] }

// -----

// A dimension whose bandwidth is decided is a constraint too.
// expected-error @below {{these conflict: `topo.constraint sum == 100 GBps`, `topo.constraint bw(0) >= 95 GBps`, dimension 1's decided link bandwidth (20 GBps per NPU)}}
topo.network @n {
  // expected-note @below {{in conflict: dimension 1's decided link bandwidth (20 GBps per NPU)}}
  topo.dims [ring(4) link(?, 1 us), ring(4) link(10 GBps, 1 us)]
  // expected-note @below {{in conflict: `topo.constraint sum == 100 GBps`}}
  topo.constraint sum == 100 GBps
  // expected-note @below {{in conflict: `topo.constraint bw(0) >= 95 GBps`}}
  topo.constraint bw(0) >= 95 GBps
}
coll.workload @a on @n compute(1 ms) { coll.all_reduce size(1 MiB) dims [0, 1] }

// -----

// No constraint: the perf problem has no optimum (more is always faster).
// expected-error @below {{@n cannot be sized: objective=perf needs a constraint: with none, more bandwidth is always faster and there is no optimum (add one such as `topo.constraint sum == 500 GBps`)}}
topo.network @n {
  topo.dims [ring(4) link(?, 1 us), ring(4) link(?, 1 us)]
}
coll.workload @a on @n compute(1 ms) { coll.all_reduce size(1 MiB) dims [0, 1] }

// -----

// Only a ratio: dimensions 0 and 1 still grow together without limit.
// expected-error @below {{objective=perf has no optimum: nothing bounds the bandwidth of dimensions 0 and 1 from above, so more is always faster (add an upper bound such as `topo.constraint sum == 500 GBps`)}}
topo.network @n {
  topo.dims [ring(4) link(?, 1 us), ring(4) link(?, 1 us)]
  topo.constraint bw(0) >= bw(1)
  topo.constraint bw(1) >= 10 GBps
}
coll.workload @a on @n compute(1 ms) { coll.all_reduce size(1 MiB) dims [0, 1] }



// -----

// A dimension no collective uses gets nothing; it cannot become a link of
// zero bandwidth, so it stays `?` (with a warning).
// expected-warning @below {{dimension 1 gets no bandwidth (no workload collective needs it); it stays '?'}}
topo.network @n {
  topo.dims [ring(4) link(?, 1 us), switch(8) link(?, 1 us)]
  topo.constraint sum == 100 GBps
}
coll.workload @a on @n compute(1 ms) { coll.all_reduce size(1 MiB) dims [0] }
