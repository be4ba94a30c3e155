// RUN: not tacos-opt %s --topo-expand=max-links=10 -o /dev/null 2>&1 | FileCheck %s

// The limit prints as a number.
// CHECK: error: network has 64 directed links, more than max-links=10 allows to expand
topo.network @ringsw { topo.dims [ring(4) link(100 GBps, 1 us), switch(4) link(50 GBps, 2 us)] }
