// The table "What each baseline builds" of docs/Algorithms.md says what the
// baselines build; this runs every baseline on every collective on the
// reference networks the table's legend names and compares.
// RUN: tacos-opt %s --coll-synthesize --coll-report="baselines=true format=json output=%t.json" -o /dev/null
// RUN: %python %S/check-baseline-table.py %S/../../docs/Algorithms.md %t.json | FileCheck %s

// CHECK: 40 cells checked on 7 networks

// Algorithm names end in _<network>, which the check reads.
topo.network @ring8 { topo.dims [ring(8) link(50 GBps, 1 us)] }
topo.network @ring6 { topo.dims [ring(6) link(50 GBps, 1 us)] }
topo.network @line4 { topo.dims [line(4) link(50 GBps, 1 us)] }
topo.network @fc8 { topo.dims [fully_connected(8) link(50 GBps, 1 us)] }
topo.network @cube {
  topo.dims [line(2) link(50 GBps, 1 us), line(2) link(50 GBps, 1 us),
             line(2) link(50 GBps, 1 us)]
}
topo.network @torus {
  topo.dims [ring(4) link(50 GBps, 1 us), ring(2) link(25 GBps, 1 us)]
}
// Two nodes of four, found by bandwidth: rings of fast links inside, one
// slow rail link per local index between.
topo.network @nodes {
  topo.npus 8
  topo.link 0 <-> 1 link(200 GBps, 1 us)
  topo.link 1 <-> 2 link(200 GBps, 1 us)
  topo.link 2 <-> 3 link(200 GBps, 1 us)
  topo.link 3 <-> 0 link(200 GBps, 1 us)
  topo.link 4 <-> 5 link(200 GBps, 1 us)
  topo.link 5 <-> 6 link(200 GBps, 1 us)
  topo.link 6 <-> 7 link(200 GBps, 1 us)
  topo.link 7 <-> 4 link(200 GBps, 1 us)
  topo.link 0 <-> 4 link(25 GBps, 1 us)
  topo.link 1 <-> 5 link(25 GBps, 1 us)
  topo.link 2 <-> 6 link(25 GBps, 1 us)
  topo.link 3 <-> 7 link(25 GBps, 1 us)
}
coll.all_gather @ag_ring8 on @ring8 size(1680 KB)
coll.broadcast @bc_ring8 on @ring8 root(0) size(1680 KB)
coll.scatter @sc_ring8 on @ring8 root(0) size(1680 KB)
coll.gather @ga_ring8 on @ring8 root(0) size(1680 KB)
coll.all_to_all @a2a_ring8 on @ring8 size(1680 KB)
coll.reduce_scatter @rs_ring8 on @ring8 size(1680 KB)
coll.all_reduce @ar_ring8 on @ring8 size(1680 KB)
coll.reduce @r_ring8 on @ring8 root(0) size(1680 KB)
coll.all_gather @ag_ring6 on @ring6 size(1680 KB)
coll.broadcast @bc_ring6 on @ring6 root(0) size(1680 KB)
coll.scatter @sc_ring6 on @ring6 root(0) size(1680 KB)
coll.gather @ga_ring6 on @ring6 root(0) size(1680 KB)
coll.all_to_all @a2a_ring6 on @ring6 size(1680 KB)
coll.reduce_scatter @rs_ring6 on @ring6 size(1680 KB)
coll.all_reduce @ar_ring6 on @ring6 size(1680 KB)
coll.reduce @r_ring6 on @ring6 root(0) size(1680 KB)
coll.all_gather @ag_line4 on @line4 size(1680 KB)
coll.broadcast @bc_line4 on @line4 root(0) size(1680 KB)
coll.scatter @sc_line4 on @line4 root(0) size(1680 KB)
coll.gather @ga_line4 on @line4 root(0) size(1680 KB)
coll.all_to_all @a2a_line4 on @line4 size(1680 KB)
coll.reduce_scatter @rs_line4 on @line4 size(1680 KB)
coll.all_reduce @ar_line4 on @line4 size(1680 KB)
coll.reduce @r_line4 on @line4 root(0) size(1680 KB)
coll.all_gather @ag_fc8 on @fc8 size(1680 KB)
coll.broadcast @bc_fc8 on @fc8 root(0) size(1680 KB)
coll.scatter @sc_fc8 on @fc8 root(0) size(1680 KB)
coll.gather @ga_fc8 on @fc8 root(0) size(1680 KB)
coll.all_to_all @a2a_fc8 on @fc8 size(1680 KB)
coll.reduce_scatter @rs_fc8 on @fc8 size(1680 KB)
coll.all_reduce @ar_fc8 on @fc8 size(1680 KB)
coll.reduce @r_fc8 on @fc8 root(0) size(1680 KB)
coll.all_gather @ag_cube on @cube size(1680 KB)
coll.broadcast @bc_cube on @cube root(0) size(1680 KB)
coll.scatter @sc_cube on @cube root(0) size(1680 KB)
coll.gather @ga_cube on @cube root(0) size(1680 KB)
coll.all_to_all @a2a_cube on @cube size(1680 KB)
coll.reduce_scatter @rs_cube on @cube size(1680 KB)
coll.all_reduce @ar_cube on @cube size(1680 KB)
coll.reduce @r_cube on @cube root(0) size(1680 KB)
coll.all_gather @ag_torus on @torus size(1680 KB)
coll.broadcast @bc_torus on @torus root(0) size(1680 KB)
coll.scatter @sc_torus on @torus root(0) size(1680 KB)
coll.gather @ga_torus on @torus root(0) size(1680 KB)
coll.all_to_all @a2a_torus on @torus size(1680 KB)
coll.reduce_scatter @rs_torus on @torus size(1680 KB)
coll.all_reduce @ar_torus on @torus size(1680 KB)
coll.reduce @r_torus on @torus root(0) size(1680 KB)
coll.all_gather @ag_nodes on @nodes size(1680 KB)
coll.broadcast @bc_nodes on @nodes root(0) size(1680 KB)
coll.scatter @sc_nodes on @nodes root(0) size(1680 KB)
coll.gather @ga_nodes on @nodes root(0) size(1680 KB)
coll.all_to_all @a2a_nodes on @nodes size(1680 KB)
coll.reduce_scatter @rs_nodes on @nodes size(1680 KB)
coll.all_reduce @ar_nodes on @nodes size(1680 KB)
coll.reduce @r_nodes on @nodes root(0) size(1680 KB)
