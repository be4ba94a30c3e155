/*===- Dialects.h - C API: the topo and coll dialects -------------*- C -*-===*\
|*                                                                            *|
|* Dialect handles in the MLIR C API style, for embedding tacos in a         *|
|* compiler written in C or driven through the C API (Python bindings of     *|
|* other projects, Rust, ...):                                               *|
|*                                                                            *|
|*   MlirContext ctx = mlirContextCreate();                                  *|
|*   mlirDialectHandleLoadDialect(mlirGetDialectHandle__topo__(), ctx);      *|
|*                                                                            *|
\*===----------------------------------------------------------------------===*/

#ifndef TACOS_C_DIALECTS_H
#define TACOS_C_DIALECTS_H

#include "mlir-c/IR.h"

#ifdef __cplusplus
extern "C" {
#endif

MLIR_DECLARE_CAPI_DIALECT_REGISTRATION(Topo, topo);
MLIR_DECLARE_CAPI_DIALECT_REGISTRATION(Coll, coll);

/// Inserts every dialect tacos' passes read or produce (topo, coll, smt and
/// the executable back end's func, mpi, memref, scf, arith, ub, cf, dlti,
/// llvm) into `registry`, as tacos-opt does.
MLIR_CAPI_EXPORTED void tacosRegisterAllDialects(MlirDialectRegistry registry);

#ifdef __cplusplus
}
#endif

#endif /* TACOS_C_DIALECTS_H */
