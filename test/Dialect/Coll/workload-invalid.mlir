// RUN: tacos-opt %s -split-input-file -verify-diagnostics

// One case per error a coll.workload reports.

topo.network @n { topo.dims [ring(4) link(?, 1 us), switch(8) link(?, 1 us)] }
coll.workload @w on @n compute(1 ms) {
  // expected-error @+1 {{unknown collective 'all_sum'}}
  coll.all_sum size(1 MiB) dims [0]
}

// -----

topo.network @n { topo.dims [ring(4) link(?, 1 us), switch(8) link(?, 1 us)] }
coll.workload @w on @n compute(1 ms) {
  // expected-error @+1 {{LIBRA models all_reduce, reduce_scatter, all_gather and all_to_all, not broadcast}}
  coll.broadcast size(1 MiB) dims [0]
}

// -----

topo.network @n { topo.dims [ring(4) link(?, 1 us), switch(8) link(?, 1 us)] }
coll.workload @w on @n compute(1 ms) {
  // expected-error @+1 {{collective uses no dimension}}
  coll.all_reduce size(1 MiB) dims []
}

// -----

topo.network @n { topo.dims [ring(4) link(?, 1 us), switch(8) link(?, 1 us)] }
coll.workload @w on @n compute(1 ms) {
  // expected-error @+1 {{dimension 1 is listed twice}}
  coll.all_reduce size(1 MiB) dims [1, 0, 1]
}

// -----

topo.network @n { topo.dims [ring(4) link(?, 1 us), switch(8) link(?, 1 us)] }
coll.workload @w on @n compute(1 ms) {
  // expected-error @+1 {{'groups' has 1 sizes for 2 dimensions}}
  coll.all_reduce size(1 MiB) dims [0, 1] groups [2]
}

// -----

topo.network @n { topo.dims [ring(4) link(?, 1 us), switch(8) link(?, 1 us)] }
coll.workload @w on @n compute(1 ms) {
  // expected-error @+1 {{group size 1 moves no data; leave that dimension out}}
  coll.all_reduce size(1 MiB) dims [0, 1] groups [1, 8]
}

// -----

topo.network @n { topo.dims [ring(4) link(?, 1 us), switch(8) link(?, 1 us)] }
coll.workload @w on @n compute(1 ms) {
  // expected-error @+1 {{collective count must be at least 1}}
  coll.all_reduce size(1 MiB) dims [0] count(0)
}

// -----

topo.network @n { topo.dims [ring(4) link(?, 1 us), switch(8) link(?, 1 us)] }
coll.workload @w on @n compute(1 ms) {
  // expected-error @+1 {{size must be positive}}
  coll.all_reduce size(0 B) dims [0]
}

// -----

topo.network @n { topo.dims [ring(4) link(?, 1 us), switch(8) link(?, 1 us)] }
// expected-error @+1 {{collective 1: dimension 2 is out of range: @n has 2 dimensions}}
coll.workload @w on @n compute(1 ms) {
  coll.all_reduce size(1 MiB) dims [0]
  coll.all_gather size(1 MiB) dims [2]
}

// -----

topo.network @n { topo.dims [ring(4) link(?, 1 us), switch(8) link(?, 1 us)] }
// expected-error @+1 {{collective 0: group size 16 exceeds dimension 1 (8 NPUs)}}
coll.workload @w on @n compute(1 ms) {
  coll.all_reduce size(1 MiB) dims [1] groups [16]
}

// -----

// expected-error @+1 {{'@nowhere' does not name a topo.network}}
coll.workload @w on @nowhere compute(1 ms) {
}

// -----

topo.network @n { topo.npus 4 }
// expected-error @+1 {{needs a network with topo.dims; @n has none}}
coll.workload @w on @n compute(1 ms) {
}

// -----

topo.network @n { topo.dims [ring(4) link(?, 1 us)] }
// expected-error @+1 {{weight must be positive and finite}}
coll.workload @w on @n compute(1 ms) weight(0) {
}

// -----

topo.network @n { topo.dims [ring(4) link(?, 1 us)] }
// expected-error @+1 {{expected a unit}}
coll.workload @w on @n compute(1) {
}
