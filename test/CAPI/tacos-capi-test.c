// RUN: tacos-capi-test 2>&1 | FileCheck %s
//
// tacos-capi-test.c - the C API used from C: dialect handles and tacos'
// passes in upstream's C API, and tacosRunPipeline on text. Compiled as C
// (not C++) and linked against the C API's shared library only.

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

static MlirStringRef str(const char *s) {
  return mlirStringRefCreateFromCString(s);
}

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
  MlirLogicalResult result =
      tacosRunPipeline(str(source), str("input.mlir"), str(pipeline),
                       /*genericForm=*/false, printTo, printTo, stdout);
  printf("-> %s\n", mlirLogicalResultIsSuccess(result) ? "success" : "failure");
}

// CHECK-LABEL: == synthesize
// CHECK: coll.algorithm @ag all_gather on @ring size(4 MB) time(42 us) attributes {coll.verified}
// CHECK: -> success
// CHECK-LABEL: == list form
// CHECK: coll.algorithm @ag all_gather on @ring size(4 MB) time(63 us) {
// CHECK: -> success
// CHECK-LABEL: == bad source
// CHECK-NEXT: input.mlir:2:3: error: 'topo.npus' op needs at least 1 NPU, got -3
// CHECK: -> failure
// CHECK-LABEL: == bad pipeline
// CHECK-NEXT: error: cannot parse the pass pipeline 'coll-synthesize{trials=many}': failed to add `coll-synthesize` with options `trials=many`
// CHECK: -> failure
// CHECK-LABEL: == unknown pass
// CHECK-NEXT: error: cannot parse the pass pipeline 'no-such-pass': {{.*}}'no-such-pass' does not refer to a registered pass or pass pipeline
// CHECK: -> failure
// CHECK-LABEL: == pass fails
// CHECK-NEXT: input.mlir:2:1: error: coll-synthesize: exact synthesis takes at most 32 NPUs, not 40
// CHECK: -> failure
// CHECK-LABEL: == over the memory limit
// CHECK-NEXT: input.mlir:2:1: error: coll-synthesize: synthesizing this all_gather with tacos needs about {{[0-9.]+}} KB of memory ({{.*}}), more than max-memory=1 KB; use fewer chunks, fewer threads or materialize=none, or raise max-memory=
// CHECK: -> failure
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
  /* Output only through the callbacks: NULL ones are allowed. */
  MlirLogicalResult quiet = tacosRunPipeline(
      str(kRequest), str("q.mlir"), str("coll-synthesize"), false, NULL, NULL,
      NULL);
  printf("quiet: %d\n", (int)mlirLogicalResultIsSuccess(quiet));
  return 0;
}
