/*===- Pipeline.h - C API: run a pass pipeline on MLIR text -------*- C -*-===*\
|*                                                                            *|
|* One call for the common case: text in, text or diagnostics out, no MLIR   *|
|* objects to manage.                                                        *|
|*                                                                            *|
\*===----------------------------------------------------------------------===*/

#ifndef TACOS_C_PIPELINE_H
#define TACOS_C_PIPELINE_H

#include "mlir-c/Support.h"

#ifdef __cplusplus
extern "C" {
#endif

/// Parses `source` (MLIR text or bytecode; `sourceName` names it in
/// diagnostics), runs `pipeline` on it and prints the result.
///
/// `pipeline` is a textual pass pipeline on the module, either nested
/// ("builtin.module(coll-synthesize{algorithm=ring},coll-verify)") or as a
/// list ("tacos-pipeline{trials=4}"); tacos' passes are registered first.
/// Passes that synthesize, encode for Z3 or lower take `max-memory=` and
/// `timeout=` there too (docs/ResourceLimits.md): a step estimated to need
/// more memory fails with a diagnostic before it allocates, one that runs
/// past the timeout fails when it notices.
/// The resulting module goes to `onOutput` (generic form if
/// `genericForm`), in pieces; every diagnostic, formatted as tacos-opt
/// prints it ("name:line:col: error: ..." with the source line), goes to
/// `onDiagnostic`. Both callbacks get `userData` and may be NULL. Returns
/// failure, with diagnostics and no output, if the source does not parse,
/// the pipeline does not parse, or a pass fails.
MLIR_CAPI_EXPORTED MlirLogicalResult
tacosRunPipeline(MlirStringRef source, MlirStringRef sourceName,
                 MlirStringRef pipeline, bool genericForm,
                 MlirStringCallback onOutput, MlirStringCallback onDiagnostic,
                 void *userData);

#ifdef __cplusplus
}
#endif

#endif /* TACOS_C_PIPELINE_H */
