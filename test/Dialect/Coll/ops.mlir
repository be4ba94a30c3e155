// RUN: tacos-opt %s | tacos-opt | FileCheck %s
// RUN: tacos-opt %s --emit-bytecode | tacos-opt | FileCheck %s

// Every request op and both forms of coll.algorithm round-trip.

topo.network @mesh5x5 {
  topo.dims [line(5) link(50 GiBps, 0.5 us), line(5) link(50 GiBps, 0.5 us)]
}
topo.network @torus3x4x5 {
  topo.dims [ring(3) link(50 GiBps, 0.5 us), ring(4) link(50 GiBps, 0.5 us),
             ring(5) link(50 GiBps, 0.5 us)]
}
topo.network @pod {
  topo.dims [switch(8) link(450 GBps, 0.7 us), switch(4) link(50 GBps, 2 us) tier(pod)]
}
topo.network @pair {
  topo.npus 2
  topo.link 0 <-> 1 link(50 GBps, 1 us)
  topo.link 0 <-> 1 link(50 GBps, 1 us) parallel
}

// CHECK: coll.all_gather @ag on @mesh5x5 size(1 GiB){{$}}
coll.all_gather     @ag  on @mesh5x5 size(1 GiB) chunks(1)
// CHECK: coll.reduce_scatter @rs on @mesh5x5 size(1 GiB){{$}}
coll.reduce_scatter @rs  on @mesh5x5 size(1024 MiB)
// CHECK: coll.all_reduce @ar on @torus3x4x5 size(1 GiB) chunks(2){{$}}
coll.all_reduce     @ar  on @torus3x4x5 size(1 GiB) chunks(2)
// CHECK: coll.all_to_all @a2a on @pod size(64 MiB){{$}}
coll.all_to_all     @a2a on @pod size(64 MiB)
// CHECK: coll.broadcast @bc on @pod root(3) size(16 MiB){{$}}
coll.broadcast      @bc  on @pod root(3) size(16 MiB)
// CHECK: coll.reduce @rd on @pod root(3) size(16 MiB){{$}}
coll.reduce         @rd  on @pod root(3) size(16 MiB)
// CHECK: coll.all_reduce @tp on @torus3x4x5 group [0, 1, 2, 3] size(256 MiB){{$}}
coll.all_reduce     @tp  on @torus3x4x5 group [0, 1, 2, 3] size(256 MiB)
// CHECK: coll.gather @g on @pod root(5) group [5, 6, 7] size(3 KB) chunks(4){{$}}
coll.gather         @g   on @pod root(5) group [5, 6, 7] size(3000 B) chunks(4)
// CHECK: coll.scatter @s on @pod root(0) size(1.5 KiB){{$}}
coll.scatter        @s   on @pod root(0) size(1536 B)

// The readable form: one transfer per line, times in picoseconds.
// CHECK-LABEL: coll.algorithm @ag2 all_gather on @pair size(2 MB) time(21 us) {
// CHECK-NEXT: coll.transfer copy 0 over 0 -> 1 at [0, 21000000]
// CHECK-NEXT: coll.transfer copy 1 over 1 -> 0 lane 1 at [0, 21000000]
// CHECK-NEXT: }
coll.algorithm @ag2 all_gather on @pair size(2 MB) time(21 us) {
  coll.transfer copy 0 over 0 -> 1 at [0, 21000000]
  coll.transfer copy 1 over 1 -> 0 lane 1 at [0, 21000000]
}

// A combining algorithm with a non-default link model.
// CHECK-LABEL: coll.algorithm @rs2 reduce_scatter on @pair size(2 MB) time(21 us) latency(pipelined) {
// CHECK-NEXT: coll.transfer reduce 1 over 0 -> 1 at [0, 21000000]
// CHECK-NEXT: coll.transfer reduce 0 over 1 -> 0 at [0, 21000000]
coll.algorithm @rs2 reduce_scatter on @pair size(2 MB) time(21 us) latency(pipelined) {
  coll.transfer reduce 1 over 0 -> 1 at [0, 21000000]
  coll.transfer reduce 0 over 1 -> 0 at [0, 21000000]
}

// A rooted algorithm on a group, with no transfers yet.
// CHECK-LABEL: coll.algorithm @bc2 broadcast on @pod root(3) group [3, 4] size(16 MiB) chunks(2) time(0 ps)
coll.algorithm @bc2 broadcast on @pod root(3) group [3, 4] size(16 MiB) chunks(2) time(0 ps)

// The packed form: columns in a resource blob (2 transfers x 31 bytes).
// CHECK: coll.algorithm @packed all_gather on @pair size(2 MB) time(21 us) packed(dense_resource<[[BLOB:.*]]> : tensor<62xi8>)
// CHECK: [[BLOB]]: "0x08000000
coll.algorithm @packed all_gather on @pair size(2 MB) time(21 us) packed(dense_resource<blob> : tensor<62xi8>)

{-#
  dialect_resources: {
    builtin: {
      blob: "0x0800000000000000000000000000000000000000406F400100000000406F400100000000000000000100000000000000010000000100000000000000000001000000"
    }
  }
#-}
