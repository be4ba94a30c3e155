// Routed transfers survive the readable form, the packed form (its route
// table beside the blob) and MLIR bytecode.
// RUN: tacos-opt %s | FileCheck %s --check-prefix=OPS
// RUN: tacos-opt %s --coll-materialize=form=packed | FileCheck %s --check-prefix=PACKED
// RUN: tacos-opt %s --coll-materialize=form=packed | tacos-opt --coll-materialize=form=ops | FileCheck %s --check-prefix=OPS
// RUN: tacos-opt %s --coll-materialize=form=packed --emit-bytecode | tacos-opt --coll-verify --coll-materialize=form=ops | FileCheck %s --check-prefix=OPS
// A packed algorithm whose table lacks a route it names is refused.
// RUN: tacos-opt %s --coll-materialize=form=packed | sed 's/routes \[\[@nvs\], \[@ib\]\]/routes [[@nvs]]/' | not tacos-opt 2>&1 | FileCheck %s --check-prefix=MISSING

// Two GPUs per node on a node switch, nodes joined by a second switch.
topo.network @two {
  topo.npus 4
  topo.switch @nvs [0, 1] link(100 GBps, 500 ns)
  topo.switch @ib [0, 2] link(25 GBps, 1 us)
  topo.link 2 <-> 3 link(50 GBps, 1 us)
}
coll.algorithm @bc broadcast on @two root(0) size(1 MB) time(63 us) {
  coll.transfer copy 0 over 0 -> 1 via @nvs at [0, 11000000]
  coll.transfer copy 0 over 0 -> 2 via @ib at [0, 42000000]
  coll.transfer copy 0 over 2 -> 3 at [42000000, 63000000]
}
// OPS: coll.transfer copy 0 over 0 -> 1 via @nvs at [0, 11000000]
// OPS-NEXT: coll.transfer copy 0 over 0 -> 2 via @ib at [0, 42000000]
// OPS-NEXT: coll.transfer copy 0 over 2 -> 3 at [42000000, 63000000]
// PACKED: coll.algorithm @bc broadcast on @two root(0) size(1 MB) time(63 us) packed(dense_resource<bc_transfers> : tensor<93xi8>) routes {{\[}}[@nvs], [@ib]]
// MISSING: error: 'coll.algorithm' op transfer 1: names route 2, but the algorithm lists 1 routes
