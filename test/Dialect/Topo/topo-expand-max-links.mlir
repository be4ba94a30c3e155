// RUN: not tacos-opt %s -split-input-file --topo-expand=max-links=10 -o /dev/null 2>&1 | FileCheck %s
// RUN: not tacos-opt %s -split-input-file --topo-expand -o /dev/null 2>&1 | FileCheck %s --check-prefix=DEFAULT

// The limit prints as a number.
// CHECK: error: network has 64 directed links, more than max-links=10 allows to expand
topo.network @ringsw { topo.dims [ring(4) link(100 GBps, 1 us), switch(4) link(50 GBps, 2 us)] }

// -----

// 99,990,000 links: a valid network, refused from the count in the
// description before the 3 GB model is built.
// CHECK: error: network has 99990000 directed links, more than max-links=10 allows to expand
// DEFAULT: error: network has 99990000 directed links, more than max-links=1000000 allows to expand
topo.network @fc { topo.dims [fully_connected(10000) link(100 GBps, 1 us)] }
