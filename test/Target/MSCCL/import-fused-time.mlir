// The importer's own time (its model of the executor's sequencing, without
// coll-simulate, which would retime from the link order) of a fused export
// equals the original's: no fused (rcs/rrs/rrcs) or aggregated (cnt > 1)
// step delays a step the schedule runs meanwhile. Before the fusion rule
// said so, a chunk the schedule sends over two links at once waited, on the
// second link, for the fused step that forwards it over the first (ring4
// All-Reduce 84 -> 105 us), and an aggregated receive held back the forward
// of its first chunk (ring8 All-Reduce), and in a threadblock with two
// peers a receive waited for a send of the other peer to arrive (All-to-All).
// Each check captures the original's
// time ([[T]]) and matches it on the imported algorithm, which comes after it.
// The one-way ring keeps its rrcs steps (nothing else reads the kept sums
// while they are forwarded); all programs replay with the checker.
// RUN: tacos-opt %S/Inputs/fused-timing.mlir --coll-synthesize > %t.mlir
// RUN: tacos-translate %t.mlir --export-msccl-xml --algorithm=ar_ring4 > %t.ar_ring4.xml
// RUN: %python %S/Inputs/replay_msccl.py %t.ar_ring4.xml | FileCheck %s --check-prefix=OK
// RUN: tacos-translate %t.ar_ring4.xml --import-msccl-xml --msccl-network=%t.mlir --msccl-network-name=ring4 --msccl-size=4000000 > %t.ar_ring4.mlir
// RUN: cat %t.mlir %t.ar_ring4.mlir | FileCheck %s --check-prefix=AR_RING4
// AR_RING4: coll.algorithm @ar_ring4 {{.*}} time([[T:[^)]+]])
// AR_RING4: coll.algorithm @ar_ring4 {{.*}} time([[T]])
// RUN: tacos-translate %t.mlir --export-msccl-xml --algorithm=ar_ring8 > %t.ar_ring8.xml
// RUN: %python %S/Inputs/replay_msccl.py %t.ar_ring8.xml | FileCheck %s --check-prefix=OK
// RUN: tacos-translate %t.ar_ring8.xml --import-msccl-xml --msccl-network=%t.mlir --msccl-network-name=ring8 --msccl-size=4000000 > %t.ar_ring8.mlir
// RUN: cat %t.mlir %t.ar_ring8.mlir | FileCheck %s --check-prefix=AR_RING8
// AR_RING8: coll.algorithm @ar_ring8 {{.*}} time([[T:[^)]+]])
// AR_RING8: coll.algorithm @ar_ring8 {{.*}} time([[T]])
// RUN: tacos-translate %t.mlir --export-msccl-xml --algorithm=ag_torus4x4 > %t.ag_torus4x4.xml
// RUN: %python %S/Inputs/replay_msccl.py %t.ag_torus4x4.xml | FileCheck %s --check-prefix=OK
// RUN: tacos-translate %t.ag_torus4x4.xml --import-msccl-xml --msccl-network=%t.mlir --msccl-network-name=torus4x4 --msccl-size=4000000 > %t.ag_torus4x4.mlir
// RUN: cat %t.mlir %t.ag_torus4x4.mlir | FileCheck %s --check-prefix=AG_TORUS4X4
// AG_TORUS4X4: coll.algorithm @ag_torus4x4 {{.*}} time([[T:[^)]+]])
// AG_TORUS4X4: coll.algorithm @ag_torus4x4 {{.*}} time([[T]])
// RUN: tacos-translate %t.mlir --export-msccl-xml --algorithm=ag_torus3x3 > %t.ag_torus3x3.xml
// RUN: %python %S/Inputs/replay_msccl.py %t.ag_torus3x3.xml | FileCheck %s --check-prefix=OK
// RUN: tacos-translate %t.ag_torus3x3.xml --import-msccl-xml --msccl-network=%t.mlir --msccl-network-name=torus3x3 --msccl-size=4000000 > %t.ag_torus3x3.mlir
// RUN: cat %t.mlir %t.ag_torus3x3.mlir | FileCheck %s --check-prefix=AG_TORUS3X3
// AG_TORUS3X3: coll.algorithm @ag_torus3x3 {{.*}} time([[T:[^)]+]])
// AG_TORUS3X3: coll.algorithm @ag_torus3x3 {{.*}} time([[T]])
// RUN: tacos-translate %t.mlir --export-msccl-xml --algorithm=a2a_torus3x3 > %t.a2a_torus3x3.xml
// RUN: %python %S/Inputs/replay_msccl.py %t.a2a_torus3x3.xml | FileCheck %s --check-prefix=OK
// RUN: tacos-translate %t.a2a_torus3x3.xml --import-msccl-xml --msccl-network=%t.mlir --msccl-network-name=torus3x3 --msccl-size=4000000 > %t.a2a_torus3x3.mlir
// RUN: cat %t.mlir %t.a2a_torus3x3.mlir | FileCheck %s --check-prefix=A2A_TORUS3X3
// A2A_TORUS3X3: coll.algorithm @a2a_torus3x3 {{.*}} time([[T:[^)]+]])
// A2A_TORUS3X3: coll.algorithm @a2a_torus3x3 {{.*}} time([[T]])
// RUN: tacos-translate %t.mlir --export-msccl-xml --algorithm=ar_oneway3 > %t.ar_oneway3.xml
// RUN: %python %S/Inputs/replay_msccl.py %t.ar_oneway3.xml | FileCheck %s --check-prefix=OK
// RUN: tacos-translate %t.ar_oneway3.xml --import-msccl-xml --msccl-network=%t.mlir --msccl-network-name=oneway3 --msccl-size=300 > %t.ar_oneway3.mlir
// RUN: cat %t.mlir %t.ar_oneway3.mlir | FileCheck %s --check-prefix=AR_ONEWAY3
// AR_ONEWAY3: coll.algorithm @ar_oneway3 {{.*}} time([[T:[^)]+]])
// AR_ONEWAY3: coll.algorithm @ar_oneway3 {{.*}} time([[T]])
// RUN: FileCheck %s --check-prefix=RRCS < %t.ar_oneway3.xml
// RRCS: type="rrcs"
// OK: ok: {{.*}}, delivered
