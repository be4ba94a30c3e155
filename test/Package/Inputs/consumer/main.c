//===- main.c - C against the installed tacos package ---------------------===//

#include "tacos-c/Pipeline.h"

#include <stdio.h>

static void print(MlirStringRef text, void *stream) {
  fwrite(text.data, 1, text.length, (FILE *)stream);
}

int main(void) {
  MlirLogicalResult result = tacosRunPipeline(
      mlirStringRefCreateFromCString(
          "topo.network @ring { topo.dims [ring(4) link(50 GBps, 1 us)] }\n"
          "coll.all_gather @ag on @ring size(4 MB)\n"),
      mlirStringRefCreateFromCString("c.mlir"),
      mlirStringRefCreateFromCString("coll-synthesize{algorithm=ring}"),
      false, print, print, print, stdout);
  return mlirLogicalResultIsSuccess(result) ? 0 : 1;
}
