// examples/mlp end to end, as its README section shows: a data- and
// tensor-parallel MLP training step in shard + linalg compiled by tacos-opt
// to a native program and run on 8 ranks (a 2x4 grid); then again with the
// gradient All-Reduce lowered by upstream's convert-shard-to-mpi. main.c
// checks every rank's results against a direct computation (i32 exactly, f32
// within rounding), and run.sh checks that both programs print the same
// results.
// REQUIRES: mpi
// RUN: rm -rf %t && env TACOS_BIN=%tacos_build/bin CLANG=%clang_exe MPIRUN="%mpirun" OUT=%t \
// RUN:   %examples/mlp/run.sh | FileCheck %s

// CHECK-LABEL: == mlp
// CHECK-COUNT-8: mlp f32 rank {{[0-7]}}: ok (60 values, sum {{-?[0-9.]+}})
// CHECK-COUNT-8: mlp i32 rank {{[0-7]}}: ok (60 values, sum {{-?[0-9]+}}.000000)
// CHECK-LABEL: == mlp-upstream
// CHECK-COUNT-8: mlp f32 rank {{[0-7]}}: ok (60 values, sum {{-?[0-9.]+}})
// CHECK-COUNT-8: mlp i32 rank {{[0-7]}}: ok (60 values, sum {{-?[0-9]+}}.000000)
// CHECK-NEXT: mlp: tacos and upstream agree
