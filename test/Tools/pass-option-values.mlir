// A pass option with a fixed set of values rejects a bad one when the
// pipeline is parsed (the option parser's `for the --X option:` message,
// before any pass runs), naming the pass and listing the valid values.
// Checked for every such option; the module below would run fine.

// RUN: not tacos-opt %s --coll-synthesize=algorithm=foo 2>&1 | FileCheck %s --check-prefix=ALGO
// ALGO: for the --algorithm option: coll-synthesize: unknown algorithm 'foo'; expected tacos, exact, ring, direct, rhd, dbt, hierarchical or best
// ALGO-NOT: error

// RUN: not tacos-opt %s --coll-synthesize=materialize=all 2>&1 | FileCheck %s --check-prefix=MATERIALIZE
// MATERIALIZE: for the --materialize option: coll-synthesize: unknown materialize mode 'all'; expected auto, ops, packed or none
// MATERIALIZE-NOT: error

// RUN: not tacos-opt %s --coll-synthesize=latency=eager 2>&1 | FileCheck %s --check-prefix=SYNTH-LATENCY
// SYNTH-LATENCY: for the --latency option: coll-synthesize: unknown latency model 'eager'; expected blocking or pipelined
// SYNTH-LATENCY-NOT: error

// RUN: not tacos-opt %s --coll-simulate=latency=eager 2>&1 | FileCheck %s --check-prefix=SIM-LATENCY
// SIM-LATENCY: for the --latency option: coll-simulate: unknown latency model 'eager'; expected blocking or pipelined
// SIM-LATENCY-NOT: error

// RUN: not tacos-opt %s --coll-materialize=form=columns 2>&1 | FileCheck %s --check-prefix=FORM
// FORM: for the --form option: coll-materialize: unknown form 'columns'; expected 'ops' or 'packed'
// FORM-NOT: error

// RUN: not tacos-opt %s --coll-report=format=xml 2>&1 | FileCheck %s --check-prefix=FORMAT
// FORMAT: for the --format option: coll-report: unknown format 'xml'; expected text or json
// FORMAT-NOT: error

// RUN: not tacos-opt %s --coll-decompose=phases=overlapped 2>&1 | FileCheck %s --check-prefix=PHASES
// PHASES: for the --phases option: coll-decompose: unknown phases 'overlapped'; expected pipelined or strict
// PHASES-NOT: error

// RUN: not tacos-opt %s --coll-decompose=latency=eager 2>&1 | FileCheck %s --check-prefix=DEC-LATENCY
// DEC-LATENCY: for the --latency option: coll-decompose: unknown latency model 'eager'; expected blocking or pipelined
// DEC-LATENCY-NOT: error

// RUN: not tacos-opt %s --topo-allocate-bandwidth=objective=speed 2>&1 | FileCheck %s --check-prefix=OBJECTIVE
// OBJECTIVE: for the --objective option: topo-allocate-bandwidth: unknown objective 'speed'; expected perf or perf-per-cost
// OBJECTIVE-NOT: error

// RUN: not tacos-opt %s --topo-allocate-bandwidth=model=exact 2>&1 | FileCheck %s --check-prefix=MODEL
// MODEL: for the --model option: topo-allocate-bandwidth: unknown model 'exact'; expected analytic or synthesized
// MODEL-NOT: error

// The same through a textual pipeline.
// RUN: not tacos-opt %s --pass-pipeline='builtin.module(coll-synthesize{latency=eager})' 2>&1 | FileCheck %s --check-prefix=TEXTUAL
// TEXTUAL: for the --latency option: coll-synthesize: unknown latency model 'eager'; expected blocking or pipelined
// TEXTUAL-NOT: error

// tacos-pipeline's options. materialize=none is valid for coll-synthesize
// but not here: it would leave nothing to verify.
// RUN: not tacos-opt %s --tacos-pipeline=algorithm=foo 2>&1 | FileCheck %s --check-prefix=PIPE-ALGO
// PIPE-ALGO: for the --algorithm option: tacos-pipeline: unknown algorithm 'foo'; expected tacos, exact, ring, direct, rhd, dbt, hierarchical or best
// PIPE-ALGO-NOT: error

// RUN: not tacos-opt %s --tacos-pipeline=materialize=none 2>&1 | FileCheck %s --check-prefix=PIPE-MATERIALIZE
// PIPE-MATERIALIZE: for the --materialize option: tacos-pipeline: unknown materialize mode 'none'; expected auto, ops or packed
// PIPE-MATERIALIZE-NOT: error

// RUN: not tacos-opt %s --tacos-pipeline=report-format=xml 2>&1 | FileCheck %s --check-prefix=PIPE-FORMAT
// PIPE-FORMAT: for the --report-format option: tacos-pipeline: unknown report format 'xml'; expected text or json
// PIPE-FORMAT-NOT: error

// Valid values still parse, and print back in a pipeline.
// RUN: tacos-opt %s --tacos-pipeline="algorithm=ring materialize=packed report-format=json" --mlir-print-ir-after-all -o /dev/null 2>&1 | FileCheck %s --check-prefix=VALID
// VALID: IR Dump After CollSynthesize (coll-synthesize)
// RUN: tacos-opt %s --dump-pass-pipeline --coll-synthesize="algorithm=exact materialize=packed latency=pipelined" --coll-simulate --coll-decompose=phases=strict --coll-report=format=json -o /dev/null 2>&1 | FileCheck %s --check-prefix=PRINT
// PRINT: coll-synthesize{algorithm=exact frontier=false latency=pipelined materialize=packed max-chunks=8
// PRINT-NEXT: coll-simulate{latency=}
// PRINT-NEXT: coll-decompose{latency=blocking max-memory=default phases=strict
// PRINT-NEXT: coll-report{baselines=false exact=false format=json
// RUN: not tacos-opt %s --dump-pass-pipeline --topo-allocate-bandwidth="objective=perf-per-cost model=synthesized" -o /dev/null 2>&1 | FileCheck %s --check-prefix=PRINT-TOPO
// PRINT-TOPO: topo-allocate-bandwidth{chunks=1 max-memory=default model=synthesized objective=perf-per-cost

// The resource limits (docs/ResourceLimits.md): a size with a unit, or
// 'default'; seconds >= 0. They print back in a form that parses.
// RUN: not tacos-opt %s --coll-synthesize=max-memory=lots 2>&1 | FileCheck %s --check-prefix=MEMORY
// MEMORY: for the --max-memory option: expected a size such as '8 GB', got 'lots' (or 'default')
// RUN: not tacos-opt %s --coll-synthesize=max-memory=0GB 2>&1 | FileCheck %s --check-prefix=MEMORY-ZERO
// MEMORY-ZERO: for the --max-memory option: size must be positive (or 'default')
// RUN: not tacos-opt %s --tacos-pipeline=timeout=-1 2>&1 | FileCheck %s --check-prefix=TIMEOUT
// TIMEOUT: for the --timeout option: expected a number of seconds >= 0 (0: no limit), got '-1'
// RUN: not tacos-opt %s --coll-verify-smt=timeout=soon 2>&1 | FileCheck %s --check-prefix=TIMEOUT-WORD
// TIMEOUT-WORD: for the --timeout option: expected a number of seconds >= 0 (0: no limit), got 'soon'
// RUN: tacos-opt %s --dump-pass-pipeline --coll-synthesize="max-memory={1.5 GiB} timeout=2.5" -o /dev/null 2>&1 | FileCheck %s --check-prefix=PRINT-LIMITS
// PRINT-LIMITS: coll-synthesize{{{.*}} max-memory=1.5GiB {{.*}} timeout=2.5 trials=1 verify=true}
// RUN: tacos-opt %s --pass-pipeline="builtin.module(coll-synthesize{max-memory=1.5GiB timeout=2.5})" -o /dev/null

topo.network @ring4 { topo.dims [ring(4) link(50 GBps, 1 us)] }
coll.all_gather @ag on @ring4 size(4 MB)
