// MLIR's text parser recurses once per nesting level: 5,000 nested
// `module {` crashed tacos-opt and tacos-translate with a stack overflow
// (exit 139). Every entry point that parses MLIR text now scans it first
// and refuses more than 1,000 levels, at the bracket that goes too deep.
// RUN: %python -c "print('module {\n' * 5000 + '}\n' * 5000, end='')" > %t.deep.mlir
// RUN: not tacos-opt %t.deep.mlir -o /dev/null 2>&1 | FileCheck %s
// RUN: not tacos-opt %t.deep.mlir --topo-summary -split-input-file -o /dev/null 2>&1 | FileCheck %s
// RUN: not tacos-translate --export-dot %t.deep.mlir -o /dev/null 2>&1 | FileCheck %s
// RUN: not tacos-translate --export-smtlib %t.deep.mlir -o /dev/null 2>&1 | FileCheck %s
// RUN: not tacos-translate --mlir-to-llvmir %t.deep.mlir -o /dev/null 2>&1 | FileCheck %s
// RUN: not tacos-translate --export-msccl-xml < %t.deep.mlir 2>&1 | FileCheck %s --check-prefix=STDIN
// RUN: not tacos-translate --import-msccl-xml --msccl-network=%t.deep.mlir %S/../Target/MSCCL/Inputs/good-xml/ag_ring3.xml -o /dev/null 2>&1 | FileCheck %s
// tacos-run refuses before it lowers or launches anything.
// RUN: not tacos-run --np 2 %t.deep.mlir 2>&1 | FileCheck %s
// CHECK: nesting-depth.mlir.tmp.deep.mlir:1001:8: error: brackets nest deeper than 1000 levels here; real inputs nest a few, and the MLIR parser, which recurses once per level, would run out of stack
// CHECK-NEXT: module {
// CHECK-NEXT: {{^       \^}}
// STDIN: <stdin>:1001:8: error: brackets nest deeper than 1000 levels

// Brackets of any kind count, strings and comments do not.
// RUN: %python -c "print('topo.network @n {\n  // ' + '{' * 2000 + '\n  topo.dims [ring(4) link(50 GBps, 1 us)]\n}\n' + 'coll.all_gather @ag on @n size(1 MiB)' + '\n' + '#x = ' + '[' * 1001 + ']' * 1001)" > %t.mixed.mlir
// RUN: not tacos-opt %t.mixed.mlir -o /dev/null 2>&1 | FileCheck %s --check-prefix=MIXED
// MIXED: nesting-depth.mlir.tmp.mixed.mlir:6:1006: error: brackets nest deeper than 1000 levels

// At the limit it parses as before.
// RUN: %python -c "print('module {\n' * 1000 + '}\n' * 1000, end='')" > %t.ok.mlir
// RUN: tacos-opt %t.ok.mlir -o /dev/null
// RUN: tacos-translate --export-smtlib %t.ok.mlir -o /dev/null
