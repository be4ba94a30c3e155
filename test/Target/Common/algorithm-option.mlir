// Every translation that writes one coll.algorithm takes the same option,
// --algorithm, as `name` or `@name` (the exports once spelled it three
// ways, and --msccl-algorithm=@rs looked for @@rs). A name that matches
// nothing is a located error listing the algorithms there.
// RUN: tacos-opt %s --coll-synthesize -o %t.mlir

// RUN: tacos-translate %t.mlir --export-msccl-xml --algorithm=rs -o %t.xml.bare
// RUN: tacos-translate %t.mlir --export-msccl-xml --algorithm=@rs -o %t.xml.at
// RUN: diff %t.xml.bare %t.xml.at
// RUN: FileCheck %s --check-prefix=XML < %t.xml.at
// RUN: not tacos-translate %t.mlir --export-msccl-xml --algorithm=nope 2>&1 | FileCheck %s --check-prefix=XML-UNKNOWN
// XML: <algo name="rs" {{.*}} coll="reducescatter"
// XML-UNKNOWN: algorithm-option.mlir.tmp.mlir:1:1: error: export-msccl-xml: --algorithm: no coll.algorithm @nope; the input has @ag, @rs

// RUN: tacos-translate %t.mlir --export-mscclpp-plan --algorithm=rs -o %t.json.bare
// RUN: tacos-translate %t.mlir --export-mscclpp-plan --algorithm=@rs -o %t.json.at
// RUN: diff %t.json.bare %t.json.at
// RUN: FileCheck %s --check-prefix=PLAN < %t.json.at
// RUN: not tacos-translate %t.mlir --export-mscclpp-plan --algorithm=@nope 2>&1 | FileCheck %s --check-prefix=PLAN-UNKNOWN
// PLAN: "name": "rs",
// PLAN-NEXT: "collective": "reducescatter",
// PLAN-UNKNOWN: algorithm-option.mlir.tmp.mlir:1:1: error: export-mscclpp-plan: --algorithm: no coll.algorithm @nope; the input has @ag, @rs

// One algorithm of two: one group of processes, not prefixed by its name.
// RUN: tacos-translate %t.mlir --export-chrome-trace --algorithm=rs -o %t.trace.bare
// RUN: tacos-translate %t.mlir --export-chrome-trace --algorithm=@rs -o %t.trace.at
// RUN: diff %t.trace.bare %t.trace.at
// RUN: FileCheck %s --check-prefix=TRACE < %t.trace.at
// RUN: not tacos-translate %t.mlir --export-chrome-trace --algorithm=nope 2>&1 | FileCheck %s --check-prefix=TRACE-UNKNOWN
// TRACE: "args":{"name":"NPU 0"}
// TRACE-NOT: @ag
// TRACE: "kind":"reduce"
// TRACE-UNKNOWN: algorithm-option.mlir.tmp.mlir:1:1: error: export-chrome-trace: --algorithm: no coll.algorithm @nope; the input has @ag, @rs

// RUN: tacos-translate %t.mlir --export-dot --algorithm=rs -o %t.dot.bare
// RUN: tacos-translate %t.mlir --export-dot --algorithm=@rs -o %t.dot.at
// RUN: diff %t.dot.bare %t.dot.at
// RUN: FileCheck %s --check-prefix=DOT < %t.dot.at
// RUN: not tacos-translate %t.mlir --export-dot --algorithm=nope 2>&1 | FileCheck %s --check-prefix=DOT-UNKNOWN
// DOT: label="@rs on @ring4";
// DOT-UNKNOWN: algorithm-option.mlir.tmp.mlir:1:1: error: export-dot: --algorithm: no coll.algorithm @nope; the input has @ag, @rs

// One '@' is the symbol's; a second is part of the name, which matches
// nothing. An empty name is no name.
// RUN: not tacos-translate %t.mlir --export-msccl-xml --algorithm=@@rs 2>&1 | FileCheck %s --check-prefix=TWICE
// RUN: not tacos-translate %t.mlir --export-mscclpp-plan --algorithm= 2>&1 | FileCheck %s --check-prefix=EMPTY
// TWICE: error: export-msccl-xml: --algorithm: no coll.algorithm @@rs; the input has @ag, @rs
// EMPTY: error: export-mscclpp-plan: --algorithm: expected a name, got ''

// The old spellings are gone; the option parser points at the new one.
// RUN: not tacos-translate %t.mlir --export-msccl-xml --msccl-algorithm=rs 2>&1 | FileCheck %s --check-prefix=OLD
// RUN: not tacos-translate %t.mlir --export-mscclpp-plan --mscclpp-algorithm=rs 2>&1 | FileCheck %s --check-prefix=OLD
// OLD: Did you mean '--algorithm=rs'?

topo.network @ring4 { topo.dims [ring(4) link(50 GBps, 1 us)] }
coll.all_gather @ag on @ring4 size(4 MB)
coll.reduce_scatter @rs on @ring4 size(4 MB)
