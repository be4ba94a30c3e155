// What --export-mscclpp-plan refuses, each with one located error.
// RUN: tacos-opt %S/Inputs/large.mlir --coll-synthesize=algorithm=tacos > %t.large.mlir
// RUN: not tacos-translate %t.large.mlir --export-mscclpp-plan --algorithm=ag4k 2>&1 | FileCheck %s --check-prefix=OPS
// RUN: not tacos-translate %t.large.mlir --export-mscclpp-plan 2>&1 | FileCheck %s --check-prefix=SEVERAL
// RUN: not tacos-translate %t.large.mlir --export-mscclpp-plan --algorithm=nope 2>&1 | FileCheck %s --check-prefix=UNKNOWN
// RUN: not tacos-translate %t.large.mlir --export-mscclpp-plan --algorithm=ag64 --mscclpp-protocol=LL 2>&1 | FileCheck %s --check-prefix=LL
// RUN: not tacos-translate %t.large.mlir --export-mscclpp-plan --algorithm=ag64 --mscclpp-protocol=LL128 2>&1 | FileCheck %s --check-prefix=PROTO
// RUN: not tacos-translate %t.large.mlir --export-mscclpp-plan --algorithm=ag64 --mscclpp-min-message-size=2048 --mscclpp-max-message-size=1024 2>&1 | FileCheck %s --check-prefix=WINDOW
// RUN: not tacos-translate %t.large.mlir --export-mscclpp-plan --algorithm=ag64 --mscclpp-threads-per-block=0 2>&1 | FileCheck %s --check-prefix=THREADS0
// RUN: not tacos-translate %t.large.mlir --export-mscclpp-plan --algorithm=ag64 --mscclpp-threads-per-block=2048 2>&1 | FileCheck %s --check-prefix=THREADS
// RUN: not tacos-translate %S/Inputs/large.mlir --export-mscclpp-plan 2>&1 | FileCheck %s --check-prefix=NONE
// RUN: tacos-opt %S/Inputs/groups.mlir --coll-synthesize=algorithm=tacos > %t.groups.mlir
// RUN: not tacos-translate %t.groups.mlir --export-mscclpp-plan --algorithm=ar_far 2>&1 | FileCheck %s --check-prefix=RELAY
// RUN: not tacos-translate %S/Inputs/bad.mlir --export-mscclpp-plan --algorithm=undelivered 2>&1 | FileCheck %s --check-prefix=VERIFY
// RUN: tacos-opt %S/Inputs/bad.mlir --coll-synthesize="algorithm=tacos materialize=none" > %t.bad.mlir
// RUN: not tacos-translate %t.bad.mlir --export-mscclpp-plan --algorithm=lazy 2>&1 | FileCheck %s --check-prefix=LAZY

// OPS: large.mlir:{{[0-9]+}}:3: error: export-mscclpp-plan: cannot export @ag4k: GPU 0 threadblock 1 (to 1, channel 0) needs {{[0-9]+}} operations; the executor allows 64 per threadblock, and splitting the links' transfers over more channels does not fit either
// SEVERAL: error: export-mscclpp-plan: 3 algorithms (@{{.*}}); choose one with --algorithm
// UNKNOWN: error: export-mscclpp-plan: --algorithm: no coll.algorithm @nope; the input has @{{.*}}
// LL: error: export-mscclpp-plan: protocol 'LL' is not written: LL plans move data with packet operations (ppkt, upkt, ...) into scratch; use 'Simple'
// PROTO: error: export-mscclpp-plan: unknown protocol 'LL128'; expected 'Simple'
// WINDOW: error: export-mscclpp-plan: the message size window [2048, 1024] is empty
// THREADS0: error: export-mscclpp-plan: --mscclpp-threads-per-block=0 is outside [1, 1024], the executor kernel's bounds
// THREADS: error: export-mscclpp-plan: --mscclpp-threads-per-block=2048 is outside [1, 1024], the executor kernel's bounds
// NONE: error: export-mscclpp-plan: no coll.algorithm to export (run coll-synthesize first)
// RELAY: error: export-mscclpp-plan: cannot export @ar_far: transfer 0 goes through NPU 1, outside the group; MSCCL++ runs a collective over every GPU of its communicator, so a relay outside the group has no spelling
// VERIFY: bad.mlir:3:1: error: export-mscclpp-plan: refusing to export @undelivered, which coll-verify rejects: delivery: {{.*}}
// LAZY: error: export-mscclpp-plan: @lazy has no transfers to export (synthesized with materialize=none)
