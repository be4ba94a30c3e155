// Networks too large to build are refused from the description, before
// anything is allocated: fully_connected(100000) would be 10^10 links.
// RUN: not tacos-opt %s --topo-summary -o /dev/null 2>&1 | FileCheck %s

// CHECK: topo-summary-large.mlir:[[@LINE+2]]:3: error: network has 9999900000 directed links, more than the limit of 100000000
topo.network @fc {
  topo.dims [fully_connected(100000) link(50 GBps, 1 us)]
}
