// --import-libra-network: a LIBRA network file becomes a topo.network whose
// bandwidths are all `?` (LIBRA decides them); tiers are the CostDimension
// names. The LIBRA files give no latency: --link-latency (default 1 us).

// RUN: tacos-translate --import-libra-network %examples/libra/3d_network.yml | tacos-opt | FileCheck %s --check-prefix=PLAIN
// PLAIN:      topo.network @libra3d {
// PLAIN-NEXT:   topo.dims [ring(16) link(?, 1 us) tier(InterPackage), fully_connected(8) link(?, 1 us) tier(InterNode), switch(32) link(?, 1 us) tier(InterPod)]
// PLAIN-NEXT: }

// Every tier of the cost model is priced, in file order (InterChiplet has
// only links); --total-bandwidth adds the sum constraint.
// RUN: tacos-translate --import-libra-network %examples/libra/4d_network.yml --cost-model=%examples/libra/4d_cost_model.yml --total-bandwidth="1 TBps" --link-latency=500ns --network-name=@pod | tacos-opt | FileCheck %s --check-prefix=OPTS
// OPTS:      topo.network @pod {
// OPTS-NEXT:   topo.dims [ring(4) link(?, 500 ns) tier(InterChiplet), fully_connected(8) link(?, 500 ns) tier(InterPackage), ring(4) link(?, 500 ns) tier(InterNode), switch(32) link(?, 500 ns) tier(InterPod)]
// OPTS-NEXT:   topo.price tier(InterChiplet) link(2.00001)
// OPTS-NEXT:   topo.price tier(InterPackage) link(4.00002) switch(13.00002)
// OPTS-NEXT:   topo.price tier(InterNode) link(4.00003) switch(13.00003)
// OPTS-NEXT:   topo.price tier(InterPod) link(7.80004) switch(18.00004) nic(31.60004)
// OPTS-NEXT:   topo.constraint sum == 1 TBps
// OPTS-NEXT: }

// Block-style YAML lists and comments are YAML too.
// RUN: tacos-translate --import-libra-network %S/Inputs/block-lists.yml | FileCheck %s --check-prefix=BLOCK
// BLOCK: topo.dims [ring(4) link(?, 1 us) tier(A), switch(8) link(?, 1 us) tier(B)]

// A tier the cost model does not price is only a warning: bandwidth
// allocation for performance needs no prices.
// RUN: tacos-translate --import-libra-network %S/Inputs/small-network.yml --cost-model=%S/Inputs/cost-partial.yml 2>&1 | FileCheck %s --check-prefix=PARTIAL
// PARTIAL:      small-network.yml:4:21: warning: tier 'B' has no price in {{.*}}cost-partial.yml
// PARTIAL:      topo.network @libra2d {
// PARTIAL-NEXT:   topo.dims
// PARTIAL-NEXT:   topo.price tier(A) link(1.5)
// PARTIAL-NEXT: }
