// Every collective tacos synthesizes, on a ring, a torus and groups, exported
// as MSCCL++ execution plans and replayed by the independent checker
// (Inputs/replay_mscclpp.py): channel pairing, signals and waits,
// semaphores, nops, races and the postcondition on every GPU.
// RUN: tacos-opt %S/Inputs/collectives.mlir --coll-synthesize > %t.mlir
// RUN: tacos-translate %t.mlir --export-mscclpp-plan --algorithm=ag_ring > %t.ag_ring.json && %python %S/Inputs/replay_mscclpp.py %t.ag_ring.json | FileCheck %s --check-prefix=OK
// RUN: tacos-translate %t.mlir --export-mscclpp-plan --algorithm=rs_ring > %t.rs_ring.json && %python %S/Inputs/replay_mscclpp.py %t.rs_ring.json | FileCheck %s --check-prefix=OK
// RUN: tacos-translate %t.mlir --export-mscclpp-plan --algorithm=ar_ring > %t.ar_ring.json && %python %S/Inputs/replay_mscclpp.py %t.ar_ring.json | FileCheck %s --check-prefix=OK
// RUN: tacos-translate %t.mlir --export-mscclpp-plan --algorithm=a2a_ring > %t.a2a_ring.json && %python %S/Inputs/replay_mscclpp.py %t.a2a_ring.json | FileCheck %s --check-prefix=OK
// RUN: tacos-translate %t.mlir --export-mscclpp-plan --algorithm=bc_ring > %t.bc_ring.json && %python %S/Inputs/replay_mscclpp.py %t.bc_ring.json --root 1 | FileCheck %s --check-prefix=OK
// RUN: tacos-translate %t.mlir --export-mscclpp-plan --algorithm=rd_ring > %t.rd_ring.json && %python %S/Inputs/replay_mscclpp.py %t.rd_ring.json --root 2 | FileCheck %s --check-prefix=OK
// RUN: tacos-translate %t.mlir --export-mscclpp-plan --algorithm=ga_ring > %t.ga_ring.json && %python %S/Inputs/replay_mscclpp.py %t.ga_ring.json --root 3 | FileCheck %s --check-prefix=OK
// RUN: tacos-translate %t.mlir --export-mscclpp-plan --algorithm=sc_ring > %t.sc_ring.json && %python %S/Inputs/replay_mscclpp.py %t.sc_ring.json --root 1 | FileCheck %s --check-prefix=OK
// RUN: tacos-translate %t.mlir --export-mscclpp-plan --algorithm=ag2_ring > %t.ag2_ring.json && %python %S/Inputs/replay_mscclpp.py %t.ag2_ring.json | FileCheck %s --check-prefix=OK
// RUN: tacos-translate %t.mlir --export-mscclpp-plan --algorithm=ar2_ring > %t.ar2_ring.json && %python %S/Inputs/replay_mscclpp.py %t.ar2_ring.json | FileCheck %s --check-prefix=OK
// RUN: tacos-translate %t.mlir --export-mscclpp-plan --algorithm=ag_torus > %t.ag_torus.json && %python %S/Inputs/replay_mscclpp.py %t.ag_torus.json | FileCheck %s --check-prefix=OK
// RUN: tacos-translate %t.mlir --export-mscclpp-plan --algorithm=rs_torus > %t.rs_torus.json && %python %S/Inputs/replay_mscclpp.py %t.rs_torus.json | FileCheck %s --check-prefix=OK
// RUN: tacos-translate %t.mlir --export-mscclpp-plan --algorithm=ar_torus > %t.ar_torus.json && %python %S/Inputs/replay_mscclpp.py %t.ar_torus.json | FileCheck %s --check-prefix=OK
// RUN: tacos-translate %t.mlir --export-mscclpp-plan --algorithm=a2a_torus > %t.a2a_torus.json && %python %S/Inputs/replay_mscclpp.py %t.a2a_torus.json | FileCheck %s --check-prefix=OK
// RUN: tacos-translate %t.mlir --export-mscclpp-plan --algorithm=bc_torus > %t.bc_torus.json && %python %S/Inputs/replay_mscclpp.py %t.bc_torus.json --root 4 | FileCheck %s --check-prefix=OK
// RUN: tacos-translate %t.mlir --export-mscclpp-plan --algorithm=rd_torus > %t.rd_torus.json && %python %S/Inputs/replay_mscclpp.py %t.rd_torus.json --root 4 | FileCheck %s --check-prefix=OK
// RUN: tacos-translate %t.mlir --export-mscclpp-plan --algorithm=ga_torus > %t.ga_torus.json && %python %S/Inputs/replay_mscclpp.py %t.ga_torus.json --root 0 | FileCheck %s --check-prefix=OK
// RUN: tacos-translate %t.mlir --export-mscclpp-plan --algorithm=sc_torus > %t.sc_torus.json && %python %S/Inputs/replay_mscclpp.py %t.sc_torus.json --root 8 | FileCheck %s --check-prefix=OK
// A group whose transfers stay inside it is a communicator of its own
// (GPU q is participant q; the root is renumbered too).
// RUN: tacos-translate %t.mlir --export-mscclpp-plan --algorithm=ar_group > %t.ar_group.json && %python %S/Inputs/replay_mscclpp.py %t.ar_group.json | FileCheck %s --check-prefix=OK
// RUN: tacos-opt %S/Inputs/groups.mlir --coll-synthesize > %t.groups.mlir
// RUN: tacos-translate %t.groups.mlir --export-mscclpp-plan --algorithm=ag_row > %t.ag_row.json && %python %S/Inputs/replay_mscclpp.py %t.ag_row.json | FileCheck %s --check-prefix=OK
// RUN: tacos-translate %t.groups.mlir --export-mscclpp-plan --algorithm=bc_row > %t.bc_row.json && %python %S/Inputs/replay_mscclpp.py %t.bc_row.json --root 2 | FileCheck %s --check-prefix=OK
// RUN: tacos-translate %t.groups.mlir --export-mscclpp-plan --algorithm=rs_row > %t.rs_row.json && %python %S/Inputs/replay_mscclpp.py %t.rs_row.json | FileCheck %s --check-prefix=OK
// RUN: tacos-translate %t.groups.mlir --export-mscclpp-plan --algorithm=a2a_row > %t.a2a_row.json && %python %S/Inputs/replay_mscclpp.py %t.a2a_row.json | FileCheck %s --check-prefix=OK
// Links split over channels (threadblocks) to keep 64 operations per
// threadblock: 96 transfers per link need more than one.
// RUN: tacos-opt %S/Inputs/large.mlir --coll-synthesize > %t.large.mlir
// RUN: tacos-translate %t.large.mlir --export-mscclpp-plan --algorithm=ag64 > %t.ag64.json && %python %S/Inputs/replay_mscclpp.py %t.ag64.json | FileCheck %s --check-prefix=OK
// RUN: tacos-translate %t.large.mlir --export-mscclpp-plan --algorithm=ar32 > %t.ar32.json && %python %S/Inputs/replay_mscclpp.py %t.ar32.json | FileCheck %s --check-prefix=OK
// RUN: FileCheck %s --check-prefix=SPLIT < %t.ag64.json
// SPLIT: "channels": [{"channel_type": "memory", "connected_to": [1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3]}],
// The pipelined link model: two chunks in flight on one link take two
// channels (and threadblocks), so that each threadblock moves one at a time.
// RUN: tacos-translate %S/Inputs/pipelined.mlir --export-mscclpp-plan > %t.pipe.json && %python %S/Inputs/replay_mscclpp.py %t.pipe.json | FileCheck %s --check-prefix=OK
// RUN: FileCheck %s --check-prefix=PIPE < %t.pipe.json
// PIPE: "channels": [{"channel_type": "memory", "connected_to": [1, 1]}],
// An irregular network and a switch (unwound to links), and the pipelined
// link model: every transfer of a link in flight at once takes its own
// channel.
// RUN: tacos-opt %S/Inputs/irregular.mlir --topo-unwind-switches --coll-synthesize > %t.irr.mlir
// RUN: tacos-translate %t.irr.mlir --export-mscclpp-plan --algorithm=ar_irr > %t.ar_irr.json && %python %S/Inputs/replay_mscclpp.py %t.ar_irr.json | FileCheck %s --check-prefix=OK
// RUN: tacos-translate %t.irr.mlir --export-mscclpp-plan --algorithm=a2a_irr > %t.a2a_irr.json && %python %S/Inputs/replay_mscclpp.py %t.a2a_irr.json | FileCheck %s --check-prefix=OK
// RUN: tacos-translate %t.irr.mlir --export-mscclpp-plan --algorithm=rs_irr > %t.rs_irr.json && %python %S/Inputs/replay_mscclpp.py %t.rs_irr.json | FileCheck %s --check-prefix=OK
// RUN: tacos-translate %t.irr.mlir --export-mscclpp-plan --algorithm=ga_irr > %t.ga_irr.json && %python %S/Inputs/replay_mscclpp.py %t.ga_irr.json --root 2 | FileCheck %s --check-prefix=OK
// RUN: tacos-translate %t.irr.mlir --export-mscclpp-plan --algorithm=ar_sw > %t.ar_sw.json && %python %S/Inputs/replay_mscclpp.py %t.ar_sw.json | FileCheck %s --check-prefix=OK
// RUN: tacos-translate %t.irr.mlir --export-mscclpp-plan --algorithm=sc_sw > %t.sc_sw.json && %python %S/Inputs/replay_mscclpp.py %t.sc_sw.json --root 1 | FileCheck %s --check-prefix=OK
// RUN: tacos-opt %S/Inputs/collectives.mlir --coll-synthesize=latency=pipelined > %t.pipelined.mlir
// RUN: tacos-translate %t.pipelined.mlir --export-mscclpp-plan --algorithm=ar_torus > %t.ar_pipe.json && %python %S/Inputs/replay_mscclpp.py %t.ar_pipe.json | FileCheck %s --check-prefix=OK
// RUN: tacos-translate %t.pipelined.mlir --export-mscclpp-plan --algorithm=a2a_torus > %t.a2a_pipe.json && %python %S/Inputs/replay_mscclpp.py %t.a2a_pipe.json | FileCheck %s --check-prefix=OK
// The ring baseline.
// RUN: tacos-opt %S/Inputs/baseline.mlir --coll-synthesize=algorithm=ring > %t.ring.mlir
// RUN: tacos-translate %t.ring.mlir --export-mscclpp-plan --algorithm=ar > %t.ar_base.json && %python %S/Inputs/replay_mscclpp.py %t.ar_base.json | FileCheck %s --check-prefix=OK
// RUN: tacos-translate %t.ring.mlir --export-mscclpp-plan --algorithm=a2a > %t.a2a_base.json && %python %S/Inputs/replay_mscclpp.py %t.a2a_base.json | FileCheck %s --check-prefix=OK
// RUN: tacos-translate %t.ring.mlir --export-mscclpp-plan --algorithm=rs > %t.rs_base.json && %python %S/Inputs/replay_mscclpp.py %t.rs_base.json | FileCheck %s --check-prefix=OK

// OK: ok: {{.*}}, delivered
