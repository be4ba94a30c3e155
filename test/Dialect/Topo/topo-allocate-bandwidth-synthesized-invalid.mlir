// RUN: tacos-opt %s -split-input-file -verify-diagnostics --topo-allocate-bandwidth="model=synthesized"

// expected-error @below {{cannot be sized with model=synthesized: synthesized scoring needs at most 64 NPUs, the network has 128}}
topo.network @big {
  topo.dims [ring(16) link(?, 1 us), switch(8) link(?, 1 us)]
  topo.constraint sum == 100 GBps
}
coll.workload @a on @big compute(1 ms) { coll.all_reduce size(1 MiB) dims [0, 1] }
