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

// expected-error @below {{cannot be sized: the constraints cannot all be met}}
topo.network @n {
  topo.dims [ring(4) link(?, 1 us), ring(4) link(?, 1 us)]
  topo.constraint sum == 100 GBps
  topo.constraint bw(0) == 200 GBps
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
