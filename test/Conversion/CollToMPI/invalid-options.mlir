// Option values are checked when the pipeline is parsed, before any pass:
// RUN: not tacos-opt %s --convert-coll-to-mpi=element-type=f8 2>&1 | FileCheck %s --check-prefix=TYPE
// RUN: not tacos-opt %s --convert-coll-to-mpi=reduction=prod 2>&1 | FileCheck %s --check-prefix=REDUCTION
// RUN: not tacos-opt %s --convert-coll-to-mpi=form=rolled 2>&1 | FileCheck %s --check-prefix=FORM
// RUN: not tacos-opt %s --convert-coll-to-mpi=mpi=intel 2>&1 | FileCheck %s --check-prefix=IMPL
// TYPE: convert-coll-to-mpi: unknown element type 'f8'; expected 'f32', 'f64', 'i32', 'i64', 'f16' or 'bf16'
// REDUCTION: convert-coll-to-mpi: unknown reduction 'prod'; expected 'sum', 'max' or 'min'
// FORM: convert-coll-to-mpi: unknown form 'rolled'; expected 'auto', 'unrolled' or 'table'
// IMPL: convert-coll-to-mpi: unknown MPI implementation 'intel'; expected 'openmpi' or 'mpich'

// Values that are valid alone but not here:
// RUN: not tacos-opt %s --convert-coll-to-mpi=tag=32767 2>&1 | FileCheck %s --check-prefix=TAG
// RUN: not tacos-opt %s --convert-coll-to-mpi=tag=-1 2>&1 | FileCheck %s --check-prefix=NEGATIVE
// RUN: not tacos-opt %s --convert-coll-to-mpi=symbol=f 2>&1 | FileCheck %s --check-prefix=SYMBOL
// RUN: not tacos-opt %s --convert-coll-to-mpi="element-type=bf16 reduction=max" 2>&1 | FileCheck %s --check-prefix=HALF
// RUN: not tacos-opt %s --convert-coll-to-mpi=mpi=openmpi 2>&1 | FileCheck %s --check-prefix=CONTRADICT
// RUN: not tacos-opt %S/Inputs/pair-ar.mlir --convert-coll-to-mpi=symbol=pair 2>&1 | FileCheck %s --check-prefix=TAKEN
// The second algorithm would carry tag 32768: the error is on it.
// TAG: invalid-options.mlir:34:3: error: convert-coll-to-mpi: tag 32768 of @second is outside [0, 32768), the range every MPI library accepts
// NEGATIVE: invalid-options.mlir:30:3: error: convert-coll-to-mpi: tag -1 of @first is outside [0, 32768), the range every MPI library accepts
// SYMBOL: error: convert-coll-to-mpi: symbol=f names one function, but the module has 2 algorithms
// HALF: error: convert-coll-to-mpi: reduction=max is not supported for element-type=bf16 (only sum)
// CONTRADICT: error: convert-coll-to-mpi: mpi=openmpi contradicts the module's "MPI:Implementation" entry "MPICH"
// The network is still there when the function is named (a request could
// still use it).
// TAKEN: error: convert-coll-to-mpi: cannot name the function @pair: @pair is already defined

module attributes {dlti.map = #dlti.map<"MPI:Implementation" = "MPICH">} {
  topo.network @pair { topo.npus 2  topo.link 0 <-> 1 link(50 GBps, 1 us) }
  coll.algorithm @first all_gather on @pair size(8 B) time(1.00008 us) {
    coll.transfer copy 1 over 1 -> 0 at [0, 1000080]
    coll.transfer copy 0 over 0 -> 1 at [0, 1000080]
  }
  coll.algorithm @second all_gather on @pair size(8 B) time(1.00008 us) {
    coll.transfer copy 1 over 1 -> 0 at [0, 1000080]
    coll.transfer copy 0 over 0 -> 1 at [0, 1000080]
  }
}
