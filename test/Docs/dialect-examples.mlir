// Every example in the generated dialect docs parses and verifies.
// RUN: %python %S/extract-mlir-examples.py %tacos_docs/Dialects/TopoDialect.md %tacos_docs/Dialects/CollDialect.md > %t
// RUN: tacos-opt -split-input-file %t | FileCheck %s

// CHECK: topo.network @torus4x4
// CHECK: coll.algorithm
// CHECK: coll.transfer
