// RUN: tacos-capi-test 2> %t.stderr | FileCheck %s
// RUN: count 1 < %t.stderr
// RUN: FileCheck %s --check-prefix=STDERR < %t.stderr
//
// tacos-capi-test.c - the C API used from C: dialect handles and tacos'
// passes in upstream's C API, and tacosRunPipeline on text. Compiled as C
// (not C++) and linked against the C API's shared library only. Everything
// tacosRunPipeline says comes through its callbacks, each call whole;
// nothing reaches the process's stderr but one line that LLVM's
// command-line library writes there itself, for an option value it cannot
// parse (llvm::cl::Option::error has no other stream):
// STDERR: for the --trials option: 'many' value invalid for uint argument!

#include "tacos-c/Dialects.h"
#include "tacos-c/Passes.h"
#include "tacos-c/Pipeline.h"

#include "mlir-c/IR.h"
#include "mlir-c/Pass.h"

#include <stdio.h>
#include <string.h>

static void printTo(MlirStringRef text, void *stream) {
  fwrite(text.data, 1, text.length, (FILE *)stream);
}

/* Each call's text between markers: a diagnostic or a report that came in
   pieces would show as several. */
static void printDiagnostic(MlirStringRef text, void *stream) {
  fprintf((FILE *)stream, "<diagnostic>\n%.*s</diagnostic>\n",
          (int)text.length, text.data);
}

static void printReport(MlirStringRef text, void *stream) {
  fprintf((FILE *)stream, "<report>\n%.*s</report>\n", (int)text.length,
          text.data);
}

static MlirStringRef str(const char *s) {
  return mlirStringRefCreateFromCString(s);
}

#define PAIR "topo.network @pair { topo.npus 2  topo.link 0 <-> 1 link(50 GBps, 1 us) }\n"

static const char *kRequest =
    "topo.network @ring { topo.dims [ring(4) link(50 GBps, 1 us)] }\n"
    "coll.all_gather @ag on @ring size(4 MB)\n";

// CHECK: namespace: coll
// CHECK-NEXT: verifies: 1
// CHECK-NEXT: pipeline parsed: 1
// CHECK-NEXT: pipeline ran: 1
// CHECK: coll.algorithm @ag all_gather on @ring size(4 MB) time(63 us) attributes {coll.verified}
// CHECK-COUNT-12: coll.transfer copy

/// Dialect handles and upstream's C API on tacos IR.
static int testHandles(void) {
  MlirContext ctx = mlirContextCreate();
  mlirDialectHandleLoadDialect(mlirGetDialectHandle__topo__(), ctx);
  mlirDialectHandleLoadDialect(mlirGetDialectHandle__coll__(), ctx);
  MlirStringRef ns = mlirDialectHandleGetNamespace(mlirGetDialectHandle__coll__());
  printf("namespace: %.*s\n", (int)ns.length, ns.data);
  MlirModule module = mlirModuleCreateParse(ctx, str(kRequest));
  if (mlirModuleIsNull(module)) {
    printf("parse failed\n");
    return 1;
  }
  MlirOperation op = mlirModuleGetOperation(module);
  printf("verifies: %d\n", (int)mlirOperationVerify(op));

  /* tacos' passes in upstream's pass manager, by name. */
  tacosRegisterAllPasses();
  tacosRegisterAllPasses(); /* harmless twice */
  MlirPassManager pm = mlirPassManagerCreate(ctx);
  MlirOpPassManager opm = mlirPassManagerGetAsOpPassManager(pm);
  MlirLogicalResult parsed = mlirOpPassManagerAddPipeline(
      opm, str("coll-synthesize{algorithm=ring},coll-verify"), printTo, stdout);
  printf("pipeline parsed: %d\n", (int)mlirLogicalResultIsSuccess(parsed));
  MlirLogicalResult ran = mlirPassManagerRunOnOp(pm, op);
  printf("pipeline ran: %d\n", (int)mlirLogicalResultIsSuccess(ran));
  mlirOperationPrint(op, printTo, stdout);
  printf("\n");
  mlirPassManagerDestroy(pm);
  mlirModuleDestroy(module);
  mlirContextDestroy(ctx);
  return 0;
}

static void run(const char *title, const char *source, const char *pipeline) {
  printf("== %s\n", title);
  MlirLogicalResult result = tacosRunPipeline(
      str(source), str("input.mlir"), str(pipeline), /*genericForm=*/false,
      printTo, printDiagnostic, printReport, stdout);
  printf("-> %s\n", mlirLogicalResultIsSuccess(result) ? "success" : "failure");
}

// CHECK-LABEL: == synthesize
// CHECK: coll.algorithm @ag all_gather on @ring size(4 MB) time(42 us) attributes {coll.verified}
// CHECK: -> success
// CHECK-LABEL: == list form
// CHECK: coll.algorithm @ag all_gather on @ring size(4 MB) time(63 us) {
// CHECK: -> success
// A diagnostic is one call: location, severity, message, source line and
// caret.
// CHECK-LABEL: == bad source
// CHECK-NEXT: <diagnostic>
// CHECK-NEXT: input.mlir:2:3: error: 'topo.npus' op needs at least 1 NPU, got -3
// CHECK-NEXT: {{^}}  topo.npus -3
// CHECK-NEXT: {{^}}  ^
// CHECK-NEXT: </diagnostic>
// CHECK-NEXT: -> failure
// CHECK-LABEL: == bad pipeline
// CHECK-NEXT: <diagnostic>
// CHECK-NEXT: error: cannot parse the pass pipeline 'coll-synthesize{trials=many}': failed to add `coll-synthesize` with options `trials=many`
// CHECK-NEXT: </diagnostic>
// CHECK-NEXT: -> failure
// CHECK-LABEL: == unknown pass
// CHECK-NEXT: <diagnostic>
// CHECK-NEXT: error: cannot parse the pass pipeline 'no-such-pass': {{.*}}'no-such-pass' does not refer to a registered pass or pass pipeline
// CHECK-NOT: <diagnostic>
// CHECK: </diagnostic>
// CHECK-NEXT: -> failure
// CHECK-LABEL: == pass fails
// CHECK-NEXT: <diagnostic>
// CHECK-NEXT: input.mlir:2:1: error: coll-synthesize: exact synthesis takes at most 32 NPUs, not 40
// CHECK-NEXT: coll.all_gather @ag on @r size(4 MB)
// CHECK-NEXT: {{^}}^
// CHECK-NEXT: </diagnostic>
// CHECK-NEXT: -> failure
// CHECK-LABEL: == over the memory limit
// CHECK-NEXT: <diagnostic>
// CHECK-NEXT: input.mlir:2:1: error: coll-synthesize: synthesizing this all_gather with best needs about {{[0-9.]+}} KB of memory ({{.*}}), more than max-memory=1 KB; use fewer chunks or materialize=none, or raise max-memory=
// CHECK-NEXT: coll.all_gather @ag on @ring size(4 MB)
// CHECK-NEXT: {{^}}^
// CHECK-NEXT: </diagnostic>
// CHECK-NEXT: -> failure

// Notes come in their diagnostic's call.
// CHECK-LABEL: == notes
// CHECK-NEXT: <diagnostic>
// CHECK-NEXT: input.mlir:2:1: error: convert-coll-to-mpi: refusing to lower @short, which coll-verify rejects: link: transfer 1: chunk 0 over 0 -> 1 at [0, 1000000]: takes 1000000 ps, the link needs 1000080 ps
// CHECK-NEXT: coll.algorithm @short
// CHECK-NEXT: {{^}}^
// CHECK-NEXT: input.mlir:4:3: note: transfer 1
// CHECK-NEXT: {{^}}  coll.transfer copy 0 over 0 -> 1 at [0, 1000000]
// CHECK-NEXT: {{^}}  ^
// CHECK-NEXT: </diagnostic>
// CHECK-NEXT: -> failure

// Two diagnostics, two calls.
// CHECK-LABEL: == two errors
// CHECK-NEXT: <diagnostic>
// CHECK-NEXT: input.mlir:2:1: error: coll-verify: time: reported time 5000000 ps, but the last transfer ends at 1000080 ps
// CHECK-NEXT: coll.algorithm @late
// CHECK-NEXT: {{^}}^
// CHECK-NEXT: </diagnostic>
// CHECK-NEXT: <diagnostic>
// CHECK-NEXT: input.mlir:6:1: error: coll-verify: time: reported time 1000000 ps, but the last transfer ends at 1000080 ps
// CHECK-NEXT: coll.algorithm @early
// CHECK-NEXT: {{^}}^
// CHECK-NEXT: </diagnostic>
// CHECK-NEXT: -> failure

// Reports come through onReport, each in one call, before the output; a
// report given a file is not among them.
// CHECK-LABEL: == report
// CHECK-NEXT: <report>
// CHECK-NEXT: algorithm @ag: all_gather, 4 NPUs
// CHECK-NOT: </report>
// CHECK: transfers    12  (verified)
// CHECK-NOT: <report>
// CHECK: </report>
// CHECK-NEXT: module {
// CHECK: -> success
// CHECK-LABEL: == json report
// CHECK-NEXT: <report>
// CHECK-NEXT: [
// CHECK-NOT: </report>
// CHECK: "name": "ag"
// CHECK-NOT: <report>
// CHECK: </report>
// CHECK-NEXT: module {
// CHECK: -> success
// CHECK-LABEL: == summary
// CHECK-NEXT: <report>
// CHECK-NEXT: network @ring
// CHECK-NEXT: NPUs                4
// CHECK-NOT: <report>
// CHECK: </report>
// CHECK-NEXT: module {
// CHECK: -> success
// CHECK-LABEL: == report to a file
// CHECK-NEXT: module {
// CHECK: -> success

// CHECK: quiet: 1

int main(void) {
  if (testHandles())
    return 1;
  run("synthesize", kRequest, "builtin.module(coll-synthesize,coll-verify)");
  run("list form", kRequest, "coll-synthesize{algorithm=direct}");
  run("bad source", "topo.network @n {\n  topo.npus -3\n}\n", "coll-verify");
  run("bad pipeline", kRequest, "coll-synthesize{trials=many}");
  run("unknown pass", kRequest, "no-such-pass");
  run("pass fails",
      "topo.network @r { topo.dims [ring(40) link(50 GBps, 1 us)] }\n"
      "coll.all_gather @ag on @r size(4 MB)\n",
      "coll-synthesize{algorithm=exact}");
  /* The resource limits are options like any other (ResourceLimits.md). */
  run("over the memory limit", kRequest, "coll-synthesize{max-memory=1KB}");
  /* Transfer 1 is 80 ps too short for its link. */
  run("notes",
      PAIR
      "coll.algorithm @short all_gather on @pair size(8 B) time(1.00008 us) {\n"
      "  coll.transfer copy 1 over 1 -> 0 at [0, 1000080]\n"
      "  coll.transfer copy 0 over 0 -> 1 at [0, 1000000]\n"
      "}\n",
      "convert-coll-to-mpi");
  /* Times that are not their last transfers' ends. */
  run("two errors",
      PAIR
      "coll.algorithm @late all_gather on @pair size(8 B) time(5 us) {\n"
      "  coll.transfer copy 0 over 0 -> 1 at [0, 1000080]\n"
      "  coll.transfer copy 1 over 1 -> 0 at [0, 1000080]\n"
      "}\n"
      "coll.algorithm @early all_gather on @pair size(8 B) time(1 us) {\n"
      "  coll.transfer copy 0 over 0 -> 1 at [0, 1000080]\n"
      "  coll.transfer copy 1 over 1 -> 0 at [0, 1000080]\n"
      "}\n",
      "coll-verify");
  /* What tacos-opt prints on the terminal. */
  run("report", kRequest, "tacos-pipeline");
  run("json report", kRequest, "tacos-pipeline{report-format=json}");
  run("summary", kRequest, "topo-summary");
  run("report to a file", kRequest,
      "tacos-pipeline{report-output=/dev/null}");
  /* Output only through the callbacks: NULL ones are allowed. */
  MlirLogicalResult quiet = tacosRunPipeline(
      str(kRequest), str("q.mlir"), str("tacos-pipeline"), false, NULL, NULL,
      NULL, NULL);
  printf("quiet: %d\n", (int)mlirLogicalResultIsSuccess(quiet));
  return 0;
}
