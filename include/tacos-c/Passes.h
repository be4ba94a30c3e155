/*===- Passes.h - C API: tacos' passes and pipelines --------------*- C -*-===*\
|*                                                                            *|
|* Registers every tacos pass and pipeline (topo-expand, coll-synthesize,    *|
|* tacos-pipeline, convert-coll-to-mpi, tacos-lower-to-llvm, ...) with       *|
|* MLIR's global pass registry, so that textual pipelines given to           *|
|* mlirParsePassPipeline or tacosRunPipeline name them.                      *|
|*                                                                            *|
\*===----------------------------------------------------------------------===*/

#ifndef TACOS_C_PASSES_H
#define TACOS_C_PASSES_H

#include "mlir-c/Support.h"

#ifdef __cplusplus
extern "C" {
#endif

/// Only the first call registers; later ones do nothing.
MLIR_CAPI_EXPORTED void tacosRegisterAllPasses(void);

#ifdef __cplusplus
}
#endif

#endif /* TACOS_C_PASSES_H */
