// RUN: tacos-opt %s -split-input-file -verify-diagnostics

// One case per error the coll dialect reports.

// expected-error @+1 {{'@nope' does not name a topo.network}}
coll.all_gather @ag on @nope size(1 GiB)

// -----

topo.network @n { topo.dims [ring(4) link(50 GBps, 1 us)] }
coll.all_gather @ag on @n size(1 GiB)
// expected-error @+1 {{'@ag' does not name a topo.network}}
coll.all_gather @ag2 on @ag size(1 GiB)

// -----

topo.network @n { topo.dims [switch(8) link(50 GBps, 1 us), switch(4) link(50 GBps, 1 us)] }
// expected-error @+1 {{root 40 is out of range: the network has 32 NPUs}}
coll.broadcast @bc on @n root(40) size(16 MiB)

// -----

topo.network @n { topo.dims [ring(4) link(50 GBps, 1 us)] }
// expected-error @+1 {{broadcast needs root(<npu>)}}
coll.broadcast @bc on @n size(16 MiB)

// -----

topo.network @n { topo.dims [ring(4) link(50 GBps, 1 us)] }
// expected-error @+1 {{all_gather takes no root}}
coll.all_gather @ag on @n root(1) size(16 MiB)

// -----

topo.network @n { topo.dims [ring(4) link(50 GBps, 1 us)] }
// expected-error @+1 {{group member 4 is out of range: the network has 4 NPUs}}
coll.all_reduce @ar on @n group [0, 4] size(16 MiB)

// -----

topo.network @n { topo.dims [ring(4) link(50 GBps, 1 us)] }
// expected-error @+1 {{group member -1 is out of range}}
coll.all_reduce @ar on @n group [-1, 2] size(16 MiB)

// -----

topo.network @n { topo.dims [ring(4) link(50 GBps, 1 us)] }
// expected-error @+1 {{group lists NPU 2 twice}}
coll.all_reduce @ar on @n group [2, 1, 2] size(16 MiB)

// -----

topo.network @n { topo.dims [ring(4) link(50 GBps, 1 us)] }
// expected-error @+1 {{has an empty group}}
coll.all_reduce @ar on @n group [] size(16 MiB)

// -----

topo.network @n { topo.dims [ring(4) link(50 GBps, 1 us)] }
// expected-error @+1 {{root 3 is not in the group}}
coll.reduce @rd on @n root(3) group [0, 1] size(16 MiB)

// -----

topo.network @n { topo.dims [ring(4) link(50 GBps, 1 us)] }
// expected-error @+1 {{exceeds the limit of 1 PiB}}
coll.all_gather @ag on @n size(1000000000000000000000000000000 B)

// -----

topo.network @n { topo.dims [ring(4) link(50 GBps, 1 us)] }
// expected-error @+1 {{size must be positive}}
coll.all_gather @ag on @n size(0 B)

// -----

topo.network @n { topo.dims [ring(8) link(50 GBps, 1 us)] }
// expected-error @+1 {{size of 1 B cannot be split into 80 chunks of at least 1 B}}
coll.all_gather @ag on @n size(1 B) chunks(10)

// -----

topo.network @n { topo.dims [ring(4) link(50 GBps, 1 us)] }
// expected-error @+1 {{size is not a whole number of bytes}}
coll.all_gather @ag on @n size(1.5 B)

// -----

topo.network @n { topo.dims [ring(4) link(50 GBps, 1 us)] }
// expected-error @+1 {{unknown unit 'GiBps'; expected one of B KB MB GB TB KiB MiB GiB TiB}}
coll.all_gather @ag on @n size(1 GiBps)

// -----

topo.network @n { topo.dims [ring(4) link(50 GBps, 1 us)] }
// expected-error @+1 {{chunks must be at least 1, got 0}}
coll.all_gather @ag on @n size(1 GiB) chunks(0)

// -----

topo.network @n { topo.npus 1000000 }
// expected-error @+1 {{the collective has more than 4294967295 chunks}}
coll.all_to_all @a2a on @n size(1 GiB) chunks(5)

// -----

topo.network @n { topo.dims [ring(4) link(50 GBps, 1 us)] }
coll.algorithm @ag all_gather on @n size(4 MB) time(21 us) {
  // expected-error @+1 {{chunk 4 is out of range: @n gives 4 chunks}}
  coll.transfer copy 4 over 0 -> 1 at [0, 21000000]
}

// -----

topo.network @n { topo.dims [ring(4) link(50 GBps, 1 us)] }
coll.algorithm @ag all_gather on @n size(4 MB) time(21 us) {
  coll.transfer copy 0 over 0 -> 1 at [0, 21000000]
  // expected-error @+1 {{link 1 -> 9 names an NPU out of range: @n has 4 NPUs}}
  coll.transfer copy 1 over 1 -> 9 at [0, 21000000]
}

// -----

topo.network @n { topo.dims [ring(4) link(50 GBps, 1 us)] }
coll.algorithm @ag all_gather on @n size(4 MB) time(21 us) {
  // expected-error @+1 {{is a self transfer on NPU 1}}
  coll.transfer copy 1 over 1 -> 1 at [0, 21000000]
}

// -----

topo.network @n { topo.dims [ring(4) link(50 GBps, 1 us)] }
coll.algorithm @ag all_gather on @n size(4 MB) time(21 us) {
  // expected-error @+1 {{has times [20, 10]; need 0 <= start <= end}}
  coll.transfer copy 1 over 1 -> 2 at [20, 10]
}

// -----

topo.network @n { topo.dims [ring(4) link(50 GBps, 1 us)] }
coll.algorithm @ag all_gather on @n size(4 MB) time(21 us) {
  // expected-error @+1 {{chunk -1 is out of range}}
  coll.transfer copy -1 over 1 -> 2 at [0, 10]
}

// -----

topo.network @n { topo.dims [ring(4) link(50 GBps, 1 us)] }
coll.algorithm @ag all_gather on @n size(4 MB) time(21 us) {
  // expected-error @+1 {{lane 65536 is out of range [0, 65535]}}
  coll.transfer copy 1 over 1 -> 2 lane 65536 at [0, 10]
}

// -----

topo.network @n { topo.dims [ring(4) link(50 GBps, 1 us)] }
coll.algorithm @ag all_gather on @n size(4 MB) time(21 us) {
  // expected-error @+1 {{expected 'over'}}
  coll.transfer copy 1 from 1 -> 2 at [0, 10]
}

// -----

topo.network @n { topo.dims [ring(4) link(50 GBps, 1 us)] }
// expected-error @+1 {{time -1 us is negative}}
coll.algorithm @ag all_gather on @n size(4 MB) time(-1 us)

// -----

topo.network @n { topo.dims [ring(4) link(50 GBps, 1 us)] }
// expected-error @+1 {{expects parent op 'coll.algorithm'}}
coll.transfer copy 1 over 1 -> 2 at [0, 10]

// -----

topo.network @n { topo.dims [ring(4) link(50 GBps, 1 us)] }
// expected-error @+1 {{has both packed transfers and coll.transfer ops}}
coll.algorithm @ag all_gather on @n size(4 MB) time(21 us) packed(dense_resource<blob> : tensor<31xi8>) {
  coll.transfer copy 1 over 1 -> 2 at [0, 10]
}
{-#
  dialect_resources: { builtin: { blob: "0x0800000000000000000000000000000000000000000000000000000000000000000000000000000000" } }
#-}

// -----

topo.network @n { topo.dims [ring(4) link(50 GBps, 1 us)] }
// expected-error @+1 {{packed transfers have 5 bytes, not a multiple of 31}}
coll.algorithm @ag all_gather on @n size(4 MB) time(21 us) packed(dense_resource<blob> : tensor<5xi8>)
{-#
  dialect_resources: { builtin: { blob: "0x080000000000000000" } }
#-}

// -----

// A packed transfer that is wrong is reported by index.
topo.network @n { topo.dims [ring(4) link(50 GBps, 1 us)] }
// expected-error @+1 {{transfer 0: link 9 -> 0 names an NPU out of range: @n has 4 NPUs}}
coll.algorithm @ag all_gather on @n size(4 MB) time(21 us) packed(dense_resource<blob> : tensor<31xi8>)
{-#
  dialect_resources: { builtin: { blob: "0x0800000000000000000000000000000000000000000000000900000000000000000000" } }
#-}
