// The table "What each baseline builds" of docs/Algorithms.md says what the
// baselines build; this runs every baseline on every collective on the
// reference networks the table's legend names and compares.
// RUN: tacos-opt %s --coll-synthesize --coll-report="baselines=true format=json output=%t.json" -o /dev/null
// RUN: %python %S/check-baseline-table.py %S/../../docs/Algorithms.md %t.json | FileCheck %s

// CHECK: 32 cells checked on 5 networks

// Algorithm names end in _<network>, which the check reads.
topo.network @ring8 { topo.dims [ring(8) link(50 GBps, 1 us)] }
topo.network @ring6 { topo.dims [ring(6) link(50 GBps, 1 us)] }
topo.network @line4 { topo.dims [line(4) link(50 GBps, 1 us)] }
topo.network @fc8 { topo.dims [fully_connected(8) link(50 GBps, 1 us)] }
topo.network @cube {
  topo.dims [line(2) link(50 GBps, 1 us), line(2) link(50 GBps, 1 us),
             line(2) link(50 GBps, 1 us)]
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
