// An MSCCL-IR file states no time, and what it might claim is not read:
// the importer times every message itself on the network (given or
// derived) and the chunk size (--msccl-size / --msccl-chunk-bytes, the
// user's), and checks the result with the native verifier. Here the file
// claims times and a size in attributes MSCCL-IR does not have (as a
// generator or a hand could add): the imported algorithm is the same as
// without them, its time is the computed one, and it carries no
// coll.verified (the importer's check is no verdict for later consumers,
// which verify again).
// RUN: sed -e 's/<algo /<algo time="1 ps" time_us="0.000001" size="1" /' -e 's/<step /<step start="0" end="1" /' %S/Inputs/good-xml/ag_ring3.xml > %t.lying.xml
// RUN: grep -c 'start="0" end="1"' %t.lying.xml | FileCheck %s --check-prefix=EDITED
// EDITED: 12
// RUN: tacos-translate --import-msccl-xml %S/Inputs/good-xml/ag_ring3.xml > %t.clean.mlir
// RUN: tacos-translate --import-msccl-xml %t.lying.xml > %t.lying.mlir
// RUN: diff %t.clean.mlir %t.lying.mlir
// RUN: FileCheck %s < %t.lying.mlir
// CHECK: coll.algorithm @ag_ring3 all_gather on @msccl size(3 MiB) time(43.94304 us) {
// CHECK-NOT: coll.verified
// The computed time is the algorithm's true one: coll-simulate agrees.
// RUN: tacos-opt %t.lying.mlir --coll-simulate --coll-verify | FileCheck %s --check-prefix=SIM
// SIM: coll.algorithm @ag_ring3 {{.*}} time(43.94304 us) attributes {coll.verified}
