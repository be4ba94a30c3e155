// --msccl-protocol, the size window and the ASTRA-sim mode.
// RUN: tacos-opt %S/Inputs/collectives.mlir --coll-synthesize > %t.mlir
// RUN: tacos-translate %t.mlir --export-msccl-xml --algorithm=ar_ring --msccl-protocol=LL128 --msccl-min-bytes=1024 --msccl-max-bytes=65536 | FileCheck %s --check-prefix=WINDOW
// RUN: tacos-translate %t.mlir --export-msccl-xml --algorithm=ar_ring --msccl-protocol=LL | FileCheck %s --check-prefix=LL
// WINDOW: <algo name="ar_ring" proto="LL128" nchannels="1" nchunksperloop="4" ngpus="4" coll="allreduce" inplace="1" outofplace="1" minBytes="1024" maxBytes="65536">
// LL: proto="LL" {{.*}} minBytes="2000000" maxBytes="8000000">

// Without a window the executor picks the program for half to twice the
// size it was synthesized for (4 MB: chunks of 1 MB, nchunksperloop 4); a
// bound given alone keeps the other derived, and 0 lifts the upper one.
// Chunks of 4 MB / 9 round up to 444445 bytes, so the torus window is
// derived from 9 * 444445.
// RUN: tacos-translate %t.mlir --export-msccl-xml --algorithm=ar_ring --msccl-min-bytes=4096 | FileCheck %s --check-prefix=MIN
// RUN: tacos-translate %t.mlir --export-msccl-xml --algorithm=ar_ring --msccl-max-bytes=0 | FileCheck %s --check-prefix=UNBOUNDED
// RUN: tacos-translate %t.mlir --export-msccl-xml --algorithm=ag_torus | FileCheck %s --check-prefix=TORUS
// MIN: minBytes="4096" maxBytes="8000000">
// UNBOUNDED: minBytes="2000000" maxBytes="0">
// TORUS: nchunksperloop="9" {{.*}} minBytes="2000002" maxBytes="8000010">

// ASTRA-sim's converter reads only s, r, rrc and nop with srcoff == dstoff;
// the copies from the input are left out. The checker enforces both and
// replays the pairing and dependencies (outputs unchecked).
// RUN: tacos-translate %t.mlir --export-msccl-xml --algorithm=ar_torus --msccl-astra-sim > %t.ar.xml
// RUN: %python %S/Inputs/replay_msccl.py %t.ar.xml --astra-sim | FileCheck %s --check-prefix=ASTRA
// RUN: FileCheck %s --check-prefix=ASTRA-XML < %t.ar.xml
// RUN: tacos-translate %t.mlir --export-msccl-xml --algorithm=a2a_torus --msccl-astra-sim > %t.a2a.xml
// RUN: %python %S/Inputs/replay_msccl.py %t.a2a.xml --astra-sim | FileCheck %s --check-prefix=ASTRA
// RUN: tacos-translate %t.mlir --export-msccl-xml --algorithm=rs_ring --msccl-astra-sim > %t.rs.xml
// RUN: %python %S/Inputs/replay_msccl.py %t.rs.xml --astra-sim | FileCheck %s --check-prefix=ASTRA
// The same programs with copies are not what ASTRA-sim reads:
// RUN: tacos-translate %t.mlir --export-msccl-xml --algorithm=ar_torus > %t.full.xml
// RUN: not %python %S/Inputs/replay_msccl.py %t.full.xml --astra-sim | FileCheck %s --check-prefix=NOT-ASTRA
// ASTRA: ok: {{.*}}, paired (outputs unchecked)
// ASTRA-XML-NOT: type="cpy"
// ASTRA-XML: type="rrc"
// NOT-ASTRA: error: gpu 0 tb 0 step 0: type cpy is not one ASTRA-sim reads
