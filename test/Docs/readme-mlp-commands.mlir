// The README's hand-run commands of "A compiled training step" work as
// written, on the machine the README describes (scripts/setup.sh's
// packages; as root in a container, 2 cores for 8 ranks): they are taken
// from the README and run in a directory that has the repository's
// examples/ and the build as build/, and any command that fails fails the
// test.
// REQUIRES: mpi
// RUN: rm -rf %t && mkdir -p %t && ln -s %tacos_build %t/build && ln -s %examples %t/examples
// RUN: %python %S/extract-sh-blocks.py %S/../../README.md "A compiled training step" > %t/commands.sh
// RUN: cd %t && bash -eo pipefail commands.sh > %t/out
// RUN: sort %t/out | FileCheck %s
// CHECK-COUNT-8: mlp f32 rank {{[0-7]}}: ok (60 values, sum {{-?[0-9.]+}})
// CHECK-COUNT-8: mlp i32 rank {{[0-7]}}: ok (60 values, sum {{-?[0-9]+}}.000000)
// CHECK-NOT: FAIL
