// cf.assert (what the shard bridge writes after each call) lowers to a
// branch that prints the message and aborts.
// RUN: tacos-opt --convert-mpi-program-to-llvm %s | FileCheck %s

module attributes {dlti.map = #dlti.map<"MPI:Implementation" = "OpenMPI">} {
  // CHECK-LABEL: llvm.func @checked(
  // CHECK: llvm.cond_br %{{.*}}, ^[[OK:.*]], ^[[FAIL:.*]]
  // CHECK: ^[[FAIL]]:
  // CHECK: llvm.call @puts(
  // CHECK: llvm.call @abort()
  func.func @checked(%code: i32) {
    %zero = arith.constant 0 : i32
    %ok = arith.cmpi eq, %code, %zero : i32
    cf.assert %ok, "call failed"
    return
  }
}
