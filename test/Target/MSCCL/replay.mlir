// Every collective tacos synthesizes, on a ring, a torus and groups, exported
// and replayed by the independent checker (Inputs/replay_msccl.py): FIFO
// pairing, dependencies, races and the postcondition on every GPU.
// RUN: tacos-opt %S/Inputs/collectives.mlir --coll-synthesize > %t.mlir
// RUN: tacos-translate %t.mlir --export-msccl-xml --algorithm=ag_ring > %t.ag_ring.xml && %python %S/Inputs/replay_msccl.py %t.ag_ring.xml | FileCheck %s --check-prefix=OK
// RUN: tacos-translate %t.mlir --export-msccl-xml --algorithm=rs_ring > %t.rs_ring.xml && %python %S/Inputs/replay_msccl.py %t.rs_ring.xml | FileCheck %s --check-prefix=OK
// RUN: tacos-translate %t.mlir --export-msccl-xml --algorithm=ar_ring > %t.ar_ring.xml && %python %S/Inputs/replay_msccl.py %t.ar_ring.xml | FileCheck %s --check-prefix=OK
// RUN: tacos-translate %t.mlir --export-msccl-xml --algorithm=a2a_ring > %t.a2a_ring.xml && %python %S/Inputs/replay_msccl.py %t.a2a_ring.xml | FileCheck %s --check-prefix=OK
// RUN: tacos-translate %t.mlir --export-msccl-xml --algorithm=bc_ring > %t.bc_ring.xml && %python %S/Inputs/replay_msccl.py %t.bc_ring.xml --root 1 | FileCheck %s --check-prefix=OK
// RUN: tacos-translate %t.mlir --export-msccl-xml --algorithm=rd_ring > %t.rd_ring.xml && %python %S/Inputs/replay_msccl.py %t.rd_ring.xml --root 2 | FileCheck %s --check-prefix=OK
// RUN: tacos-translate %t.mlir --export-msccl-xml --algorithm=ga_ring > %t.ga_ring.xml && %python %S/Inputs/replay_msccl.py %t.ga_ring.xml --root 3 | FileCheck %s --check-prefix=OK
// RUN: tacos-translate %t.mlir --export-msccl-xml --algorithm=sc_ring > %t.sc_ring.xml && %python %S/Inputs/replay_msccl.py %t.sc_ring.xml --root 1 | FileCheck %s --check-prefix=OK
// RUN: tacos-translate %t.mlir --export-msccl-xml --algorithm=ag2_ring > %t.ag2_ring.xml && %python %S/Inputs/replay_msccl.py %t.ag2_ring.xml | FileCheck %s --check-prefix=OK
// RUN: tacos-translate %t.mlir --export-msccl-xml --algorithm=ar2_ring > %t.ar2_ring.xml && %python %S/Inputs/replay_msccl.py %t.ar2_ring.xml | FileCheck %s --check-prefix=OK
// RUN: tacos-translate %t.mlir --export-msccl-xml --algorithm=ag_torus > %t.ag_torus.xml && %python %S/Inputs/replay_msccl.py %t.ag_torus.xml | FileCheck %s --check-prefix=OK
// RUN: tacos-translate %t.mlir --export-msccl-xml --algorithm=rs_torus > %t.rs_torus.xml && %python %S/Inputs/replay_msccl.py %t.rs_torus.xml | FileCheck %s --check-prefix=OK
// RUN: tacos-translate %t.mlir --export-msccl-xml --algorithm=ar_torus > %t.ar_torus.xml && %python %S/Inputs/replay_msccl.py %t.ar_torus.xml | FileCheck %s --check-prefix=OK
// RUN: tacos-translate %t.mlir --export-msccl-xml --algorithm=a2a_torus > %t.a2a_torus.xml && %python %S/Inputs/replay_msccl.py %t.a2a_torus.xml | FileCheck %s --check-prefix=OK
// RUN: tacos-translate %t.mlir --export-msccl-xml --algorithm=bc_torus > %t.bc_torus.xml && %python %S/Inputs/replay_msccl.py %t.bc_torus.xml --root 4 | FileCheck %s --check-prefix=OK
// RUN: tacos-translate %t.mlir --export-msccl-xml --algorithm=rd_torus > %t.rd_torus.xml && %python %S/Inputs/replay_msccl.py %t.rd_torus.xml --root 4 | FileCheck %s --check-prefix=OK
// RUN: tacos-translate %t.mlir --export-msccl-xml --algorithm=ga_torus > %t.ga_torus.xml && %python %S/Inputs/replay_msccl.py %t.ga_torus.xml --root 0 | FileCheck %s --check-prefix=OK
// RUN: tacos-translate %t.mlir --export-msccl-xml --algorithm=sc_torus > %t.sc_torus.xml && %python %S/Inputs/replay_msccl.py %t.sc_torus.xml --root 8 | FileCheck %s --check-prefix=OK
// A group whose transfers stay inside it is a communicator of its own
// (GPU q is participant q; the root is renumbered too).
// RUN: tacos-translate %t.mlir --export-msccl-xml --algorithm=ar_group > %t.ar_group.xml && %python %S/Inputs/replay_msccl.py %t.ar_group.xml | FileCheck %s --check-prefix=OK
// RUN: tacos-opt %S/Inputs/groups.mlir --coll-synthesize > %t.groups.mlir
// RUN: tacos-translate %t.groups.mlir --export-msccl-xml --algorithm=ag_row > %t.ag_row.xml && %python %S/Inputs/replay_msccl.py %t.ag_row.xml | FileCheck %s --check-prefix=OK
// RUN: tacos-translate %t.groups.mlir --export-msccl-xml --algorithm=bc_row > %t.bc_row.xml && %python %S/Inputs/replay_msccl.py %t.bc_row.xml --root 2 | FileCheck %s --check-prefix=OK
// RUN: tacos-translate %t.groups.mlir --export-msccl-xml --algorithm=rs_row > %t.rs_row.xml && %python %S/Inputs/replay_msccl.py %t.rs_row.xml | FileCheck %s --check-prefix=OK
// RUN: tacos-translate %t.groups.mlir --export-msccl-xml --algorithm=a2a_row > %t.a2a_row.xml && %python %S/Inputs/replay_msccl.py %t.a2a_row.xml | FileCheck %s --check-prefix=OK
// Links split over channels to keep 64 steps per threadblock.
// RUN: tacos-opt %S/Inputs/large.mlir --coll-synthesize > %t.large.mlir
// RUN: tacos-translate %t.large.mlir --export-msccl-xml --algorithm=ag64 > %t.ag64.xml && %python %S/Inputs/replay_msccl.py %t.ag64.xml | FileCheck %s --check-prefix=OK
// RUN: tacos-translate %t.large.mlir --export-msccl-xml --algorithm=ar32 > %t.ar32.xml && %python %S/Inputs/replay_msccl.py %t.ar32.xml | FileCheck %s --check-prefix=OK
// RUN: FileCheck %s --check-prefix=SPLIT < %t.ag64.xml
// SPLIT: nchannels="2"
// The pipelined link model: two chunks in flight on one link take two
// channels, so that each channel delivers in the order it sends.
// RUN: tacos-translate %S/Inputs/pipelined.mlir --export-msccl-xml > %t.pipe.xml && %python %S/Inputs/replay_msccl.py %t.pipe.xml | FileCheck %s --check-prefix=OK
// RUN: FileCheck %s --check-prefix=PIPE < %t.pipe.xml
// PIPE: nchannels="2"
// PIPE: <tb id="1" send="1" recv="-1" chan="0">
// PIPE: <tb id="2" send="1" recv="-1" chan="1">

// OK: ok: {{.*}}, delivered

// Steps of cnt=3 (Inputs/aggregate.mlir: each link carries 3 contiguous
// chunks back to back, twice): one s and one r step per link and round, in
// threadblocks with one peer (a step larger than the connection's buffer
// must not share its threadblock), replayed chunk by chunk.
// RUN: tacos-translate %S/Inputs/aggregate.mlir --export-msccl-xml > %t.agg.xml && %python %S/Inputs/replay_msccl.py %t.agg.xml | FileCheck %s --check-prefix=OK
// RUN: FileCheck %s --check-prefix=CNT3 < %t.agg.xml
// CNT3: <gpu id="0"
// CNT3: <tb id="1" send="1" recv="-1" chan="0">
// CNT3-NEXT: <step s="0" type="s" srcbuf="o" srcoff="0" dstbuf="o" dstoff="0" cnt="3"
// CNT3-NEXT: <step s="1" type="s" srcbuf="o" srcoff="6" dstbuf="o" dstoff="6" cnt="3"
// CNT3: <tb id="2" send="-1" recv="2" chan="0">
// CNT3-NEXT: <step s="0" type="r" srcbuf="o" srcoff="6" dstbuf="o" dstoff="6" cnt="3"
// CNT3-NEXT: <step s="1" type="r" srcbuf="o" srcoff="3" dstbuf="o" dstoff="3" cnt="3"

// Fused steps in what tacos synthesizes: forwards (rcs) and partial sums
// only forwarded (rrs). Sums kept and forwarded (rrcs) do not fuse here: the
// kept sum also leaves over a second link at the same time, which would
// wait for the whole fused step (import-fused-time.mlir has rrcs steps).
// RUN: FileCheck %s --check-prefix=FUSED < %t.ar_torus.xml
// FUSED-DAG: type="rcs"
// FUSED-DAG: type="rrs"

// inplace="1" on every collective but All-to-All, and the programs replay
// with the input aliased to the output as in the executor's in-place call;
// All-to-All says inplace="0" (its inputs leave from places that receives
// overwrite: replay-checker.mlir, A2A-IN-PLACE).
// RUN: %python %S/Inputs/replay_msccl.py %t.ag_ring.xml --in-place | FileCheck %s --check-prefix=IN-PLACE
// RUN: %python %S/Inputs/replay_msccl.py %t.rs_ring.xml --in-place | FileCheck %s --check-prefix=IN-PLACE
// RUN: %python %S/Inputs/replay_msccl.py %t.ar_ring.xml --in-place | FileCheck %s --check-prefix=IN-PLACE
// RUN: %python %S/Inputs/replay_msccl.py %t.bc_ring.xml --root 1 --in-place | FileCheck %s --check-prefix=IN-PLACE
// RUN: %python %S/Inputs/replay_msccl.py %t.rd_ring.xml --root 2 --in-place | FileCheck %s --check-prefix=IN-PLACE
// RUN: %python %S/Inputs/replay_msccl.py %t.ga_ring.xml --root 3 --in-place | FileCheck %s --check-prefix=IN-PLACE
// RUN: %python %S/Inputs/replay_msccl.py %t.sc_ring.xml --root 1 --in-place | FileCheck %s --check-prefix=IN-PLACE
// RUN: %python %S/Inputs/replay_msccl.py %t.ag2_ring.xml --in-place | FileCheck %s --check-prefix=IN-PLACE
// RUN: %python %S/Inputs/replay_msccl.py %t.ar2_ring.xml --in-place | FileCheck %s --check-prefix=IN-PLACE
// RUN: %python %S/Inputs/replay_msccl.py %t.ag_torus.xml --in-place | FileCheck %s --check-prefix=IN-PLACE
// RUN: %python %S/Inputs/replay_msccl.py %t.rs_torus.xml --in-place | FileCheck %s --check-prefix=IN-PLACE
// RUN: %python %S/Inputs/replay_msccl.py %t.ar_torus.xml --in-place | FileCheck %s --check-prefix=IN-PLACE
// RUN: %python %S/Inputs/replay_msccl.py %t.bc_torus.xml --root 4 --in-place | FileCheck %s --check-prefix=IN-PLACE
// RUN: %python %S/Inputs/replay_msccl.py %t.rd_torus.xml --root 4 --in-place | FileCheck %s --check-prefix=IN-PLACE
// RUN: %python %S/Inputs/replay_msccl.py %t.ga_torus.xml --root 0 --in-place | FileCheck %s --check-prefix=IN-PLACE
// RUN: %python %S/Inputs/replay_msccl.py %t.sc_torus.xml --root 8 --in-place | FileCheck %s --check-prefix=IN-PLACE
// RUN: %python %S/Inputs/replay_msccl.py %t.ar_group.xml --in-place | FileCheck %s --check-prefix=IN-PLACE
// RUN: %python %S/Inputs/replay_msccl.py %t.ag_row.xml --in-place | FileCheck %s --check-prefix=IN-PLACE
// RUN: %python %S/Inputs/replay_msccl.py %t.bc_row.xml --root 2 --in-place | FileCheck %s --check-prefix=IN-PLACE
// RUN: %python %S/Inputs/replay_msccl.py %t.rs_row.xml --in-place | FileCheck %s --check-prefix=IN-PLACE
// RUN: not %python %S/Inputs/replay_msccl.py %t.a2a_ring.xml --in-place | FileCheck %s --check-prefix=A2A
// IN-PLACE: ok: {{.*}}, delivered in place
// A2A: error: algo: inplace="0", the executor never runs it in place
