// With --run-reproducer the pass pipeline comes from the input file, not
// from the user: a reproducer someone sends must not write outside the
// directory it is run in. Files its passes would write (coll-report
// output=, topo-allocate-bandwidth report=, topo-summary output=) must be
// relative paths without `..`; otherwise tacos-opt refuses before any pass
// runs, located at the reproducer, and writes nothing. The same options on
// the command line are the user's, and go anywhere.
// RUN: rm -rf %t && split-file %s %t && mkdir -p %t/work/reports
// RUN: cd %t/work && not tacos-opt %t/parent.mlir --run-reproducer -o /dev/null 2>&1 | FileCheck %s --check-prefix=PARENT
// PARENT: parent.mlir:5:5: error: the reproducer's pipeline would write to '../escaped.json' (coll-report output=): a file named by an input must be a relative path below the working directory; give the option on the command line instead
// RUN: test ! -e %t/escaped.json
// RUN: cd %t/work && not tacos-opt %t/absolute.mlir --run-reproducer -o /dev/null 2>&1 | FileCheck %s --check-prefix=ABSOLUTE
// ABSOLUTE: error: the reproducer's pipeline would write to '/tmp/tacos-test-absolute.json' (topo-summary output=)
// Through a pipeline's option too (tacos-pipeline report-output= is
// coll-report's output=), and with a space that MLIR prints in braces:
// RUN: cd %t/work && not tacos-opt %t/pipeline.mlir --run-reproducer -o /dev/null 2>&1 | FileCheck %s --check-prefix=PIPELINE
// PIPELINE: error: the reproducer's pipeline would write to 'a/../../b c.json' (coll-report output=)
// A path below the working directory is fine, and the command line is the
// user's:
// RUN: cd %t/work && tacos-opt %t/below.mlir --run-reproducer -o /dev/null
// RUN: test -s %t/work/reports/below.json
// RUN: cd %t/work && tacos-opt %t/below.mlir --coll-synthesize --coll-report=output=%t/cli.json -o /dev/null
// RUN: test -s %t/cli.json

//--- parent.mlir
topo.network @ring4 { topo.dims [ring(4) link(50 GBps, 1 us)] }
coll.all_gather @ag on @ring4 size(4 KB)
{-#
  external_resources: {
    mlir_reproducer: {
      pipeline: "builtin.module(coll-synthesize,coll-report{output=../escaped.json})",
      disable_threading: true,
      verify_each: true
    }
  }
#-}

//--- absolute.mlir
topo.network @ring4 { topo.dims [ring(4) link(50 GBps, 1 us)] }
{-#
  external_resources: {
    mlir_reproducer: {
      pipeline: "builtin.module(topo-summary{output=/tmp/tacos-test-absolute.json})",
      disable_threading: true,
      verify_each: true
    }
  }
#-}

//--- pipeline.mlir
topo.network @ring4 { topo.dims [ring(4) link(50 GBps, 1 us)] }
coll.all_gather @ag on @ring4 size(4 KB)
{-#
  external_resources: {
    mlir_reproducer: {
      pipeline: "builtin.module(tacos-pipeline{report-output=\"a/../../b c.json\"})",
      disable_threading: true,
      verify_each: true
    }
  }
#-}

//--- below.mlir
topo.network @ring4 { topo.dims [ring(4) link(50 GBps, 1 us)] }
coll.all_gather @ag on @ring4 size(4 KB)
{-#
  external_resources: {
    mlir_reproducer: {
      pipeline: "builtin.module(coll-synthesize,coll-report{format=json output=reports/below.json})",
      disable_threading: true,
      verify_each: true
    }
  }
#-}
