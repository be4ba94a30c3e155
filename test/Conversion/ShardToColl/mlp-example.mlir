// examples/mlp end to end, as its README section shows: a data- and
// tensor-parallel MLP training step in shard + linalg compiled by tacos-opt
// to a native program and run on 8 ranks (a 2x4 grid); then again with the
// gradient All-Reduce lowered by upstream's convert-shard-to-mpi. main.c
// checks every rank's results (exactly: i32) against a direct computation,
// and run.sh checks that both programs print the same results.
// REQUIRES: mpi
// RUN: rm -rf %t && env TACOS_BIN=%tacos_build/bin CLANG=%clang MPIRUN="%mpirun" OUT=%t \
// RUN:   %examples/mlp/run.sh | FileCheck %s

// CHECK-LABEL: == mlp
// CHECK-COUNT-8: mlp rank {{[0-7]}}: ok (60 values, sum {{-?[0-9]+}})
// CHECK-LABEL: == mlp-upstream
// CHECK-COUNT-8: mlp rank {{[0-7]}}: ok (60 values, sum {{-?[0-9]+}})
// CHECK-NEXT: mlp: tacos and upstream agree
