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
///
/// Everything comes back through the callbacks, each call with one whole
/// piece of text, and nothing is written to the process's stdout or stderr:
/// - `onOutput`: the resulting module (generic form if `genericForm`), in
///   one call, on success only.
/// - `onDiagnostic`: one call per diagnostic, with its whole text as
///   tacos-opt prints it: "name:line:col: error: message", the source line
///   and a caret, then each note attached to it in the same form (notes
///   come in their diagnostic's call, not in calls of their own); the text
///   ends in a newline.
/// - `onReport`: one call per report that tacos-opt prints on the terminal:
///   coll-report's text or JSON (so tacos-pipeline's) without `output=` or
///   `report-output=`, topo-summary's without `output=`,
///   topo-allocate-bandwidth's with `report=-`. A report given a file name
///   is written to that file.
/// Each callback gets `userData` and may be NULL (its text is dropped).
/// Returns failure, with diagnostics and no output, if the source does not
/// parse, the pipeline does not parse, or a pass fails.
MLIR_CAPI_EXPORTED MlirLogicalResult
tacosRunPipeline(MlirStringRef source, MlirStringRef sourceName,
                 MlirStringRef pipeline, bool genericForm,
                 MlirStringCallback onOutput, MlirStringCallback onDiagnostic,
                 MlirStringCallback onReport, void *userData);

#ifdef __cplusplus
}
#endif

#endif /* TACOS_C_PIPELINE_H */
