// The shapes of convert-coll-to-mpi's table form go through
// tacos-lower-to-llvm: a constant memref.global of steps, requests carried
// as scf.for iter_args from ub.poison and chosen by scf.index_switch and
// arith.select, a bf16 combine loop over scratch from memref.alloc, the
// in-place test by address, and arith ops that need arith-expand
// (ceildivui). Nothing but LLVM is left.
// RUN: tacos-opt --tacos-lower-to-llvm %s | FileCheck %s \
// RUN:   --implicit-check-not=func. --implicit-check-not=mpi. \
// RUN:   --implicit-check-not=memref. --implicit-check-not=scf. \
// RUN:   --implicit-check-not=arith. --implicit-check-not=ub. \
// RUN:   --implicit-check-not=cf. --implicit-check-not=unrealized_conversion_cast

// CHECK-DAG: llvm.mlir.global private constant @steps(dense<[0, 1, 2, 3]> : tensor<4xi64>)
// CHECK-DAG: llvm.func @malloc(i64) -> !llvm.ptr
// CHECK-DAG: llvm.func @free(!llvm.ptr)
// CHECK-LABEL: llvm.func @table(
// CHECK: llvm.switch
// CHECK: llvm.call @MPI_Isend(
// CHECK: llvm.call @MPI_Irecv(
// CHECK: llvm.call @MPI_Wait(
// bf16 sums run in f32; the conversions are integer shifts (no libgcc call):
// CHECK: llvm.bitcast %{{.*}} : bf16 to i16
// CHECK: llvm.fadd %{{.*}}, %{{.*}} : f32
// CHECK-NOT: llvm.fptrunc
// CHECK: llvm.select %{{.*}}, %{{.*}}, %{{.*}} : i1, !llvm.ptr
// CHECK-LABEL: llvm.func @_mlir_ciface_table(
module attributes {dlti.map = #dlti.map<"MPI:Implementation" = "OpenMPI">} {
  memref.global "private" constant @steps : memref<4xi64> = dense<[0, 1, 2, 3]>
  func.func @table(%in: memref<?xbf16>, %out: memref<?xbf16>, %e: index) -> i32 attributes {llvm.emit_c_interface} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    %shift = arith.constant 0 : i64
    %tag = arith.constant 0 : i32
    %comm = mpi.comm_world : !mpi.comm
    %rank = mpi.comm_rank(%comm) : i32
    %steps = memref.get_global @steps : memref<4xi64>
    %scratch = memref.alloc(%e) : memref<?xbf16>
    %pin = memref.extract_aligned_pointer_as_index %in : memref<?xbf16> -> index
    %pout = memref.extract_aligned_pointer_as_index %out : memref<?xbf16> -> index
    %same = arith.cmpi eq, %pin, %pout : index
    %none = ub.poison : !mpi.request
    %r:2 = scf.for %i = %c0 to %c4 step %c1 iter_args(%a = %none, %b = %none) -> (!mpi.request, !mpi.request) {
      %row = memref.load %steps[%i] : memref<4xi64>
      %kind = arith.shrui %row, %shift : i64
      %k = arith.index_cast %kind : i64 to index
      %res:2 = scf.index_switch %k -> !mpi.request, !mpi.request
      case 0 {
        %q = mpi.isend(%in, %tag, %rank, %comm) : memref<?xbf16>, i32, i32 -> !mpi.request
        scf.yield %q, %b : !mpi.request, !mpi.request
      }
      case 1 {
        %q = mpi.irecv(%scratch, %tag, %rank, %comm) : memref<?xbf16>, i32, i32 -> !mpi.request
        scf.yield %a, %q : !mpi.request, !mpi.request
      }
      case 2 {
        mpi.wait(%b) : !mpi.request
        scf.for %j = %c0 to %e step %c1 {
          %x = memref.load %out[%j] : memref<?xbf16>
          %y = memref.load %scratch[%j] : memref<?xbf16>
          %z = arith.addf %x, %y : bf16
          %w = arith.maximumf %z, %y : bf16
          memref.store %w, %out[%j] : memref<?xbf16>
        }
        scf.yield %a, %b : !mpi.request, !mpi.request
      }
      default {
        %s = arith.select %same, %a, %b : !mpi.request
        scf.yield %s, %b : !mpi.request, !mpi.request
      }
      scf.yield %res#0, %res#1 : !mpi.request, !mpi.request
    }
    memref.dealloc %scratch : memref<?xbf16>
    %d = arith.ceildivui %e, %c4 : index
    %di = arith.index_cast %d : index to i32
    return %di : i32
  }
}
