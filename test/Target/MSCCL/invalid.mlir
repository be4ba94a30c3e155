// What --export-msccl-xml refuses, each with one located error.
// RUN: tacos-opt %S/Inputs/large.mlir --coll-synthesize > %t.large.mlir
// RUN: not tacos-translate %t.large.mlir --export-msccl-xml --algorithm=ag4k 2>&1 | FileCheck %s --check-prefix=STEPS
// RUN: not tacos-translate %t.large.mlir --export-msccl-xml --algorithm=ag9k 2>&1 | FileCheck %s --check-prefix=OFFSETS
// RUN: not tacos-translate %t.large.mlir --export-msccl-xml 2>&1 | FileCheck %s --check-prefix=SEVERAL
// RUN: not tacos-translate %t.large.mlir --export-msccl-xml --algorithm=nope 2>&1 | FileCheck %s --check-prefix=UNKNOWN
// RUN: not tacos-translate %t.large.mlir --export-msccl-xml --algorithm=ag64 --msccl-protocol=LL64 2>&1 | FileCheck %s --check-prefix=PROTO
// RUN: not tacos-translate %t.large.mlir --export-msccl-xml --algorithm=ag64 --msccl-min-bytes=2048 --msccl-max-bytes=1024 2>&1 | FileCheck %s --check-prefix=WINDOW
// RUN: not tacos-translate %S/Inputs/large.mlir --export-msccl-xml 2>&1 | FileCheck %s --check-prefix=NONE
// RUN: tacos-opt %S/Inputs/groups.mlir --coll-synthesize > %t.groups.mlir
// RUN: not tacos-translate %t.groups.mlir --export-msccl-xml --algorithm=ar_far 2>&1 | FileCheck %s --check-prefix=RELAY
// RUN: not tacos-translate %S/Inputs/bad.mlir --export-msccl-xml --algorithm=undelivered 2>&1 | FileCheck %s --check-prefix=VERIFY
// RUN: tacos-opt %S/Inputs/bad.mlir --coll-synthesize=materialize=none > %t.bad.mlir
// RUN: not tacos-translate %t.bad.mlir --export-msccl-xml --algorithm=lazy 2>&1 | FileCheck %s --check-prefix=LAZY

// STEPS: large.mlir:{{[0-9]+}}:3: error: export-msccl-xml: cannot export @ag4k: GPU 0 threadblock 1 (send 1, recv -1, channel 0) needs {{[0-9]+}} steps; the executor allows 64 per threadblock, and splitting over more channels needs more than the executor's 32
// OFFSETS: large.mlir:{{[0-9]+}}:3: error: export-msccl-xml: cannot export @ag9k: GPU 0 needs buffers of 36000 chunks; the executor's offsets are int16
// SEVERAL: error: export-msccl-xml: 4 algorithms (@{{.*}}); choose one with --algorithm
// UNKNOWN: error: export-msccl-xml: --algorithm: no coll.algorithm @nope; the input has @{{.*}}
// PROTO: error: export-msccl-xml: unknown protocol 'LL64'; expected 'Simple', 'LL' or 'LL128'
// WINDOW: error: export-msccl-xml: the size window [2048, 1024] is empty
// NONE: error: export-msccl-xml: no coll.algorithm to export (run coll-synthesize first)
// RELAY: error: export-msccl-xml: cannot export @ar_far: transfer 0 goes through NPU 1, outside the group; MSCCL-IR runs a collective over every GPU of its communicator, so a relay outside the group has no spelling
// VERIFY: bad.mlir:3:1: error: export-msccl-xml: refusing to export @undelivered, which coll-verify rejects: delivery: {{.*}}
// LAZY: error: export-msccl-xml: @lazy has no transfers to export (synthesized with materialize=none)
