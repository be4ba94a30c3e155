// The plan's name, message size window, threads per block and the
// threadblock limit.
// RUN: tacos-opt %S/Inputs/collectives.mlir --coll-synthesize > %t.mlir
// RUN: tacos-translate %t.mlir --export-mscclpp-plan --algorithm=ar_ring --mscclpp-name='ar "ring"' --mscclpp-min-message-size=1024 --mscclpp-max-message-size=65536 --mscclpp-threads-per-block=512 > %t.window.json
// RUN: FileCheck %s --check-prefix=WINDOW < %t.window.json
// RUN: %python %S/Inputs/replay_mscclpp.py %t.window.json | FileCheck %s --check-prefix=OK
// RUN: tacos-translate %t.mlir --export-mscclpp-plan --algorithm=ar_ring | FileCheck %s --check-prefix=DEFAULT
// A limit the plan fits (ar_ring needs 5 threadblocks per GPU) changes
// nothing; a smaller one is refused.
// RUN: tacos-translate %t.mlir --export-mscclpp-plan --algorithm=ar_ring --mscclpp-max-threadblocks=5 | FileCheck %s --check-prefix=DEFAULT
// RUN: not tacos-translate %t.mlir --export-mscclpp-plan --algorithm=ar_ring --mscclpp-max-threadblocks=4 2>&1 | FileCheck %s --check-prefix=TBS
// RUN: tacos-translate %t.mlir --export-mscclpp-plan --algorithm=ar_ring --mscclpp-protocol=Simple | FileCheck %s --check-prefix=DEFAULT
// The same plan every time.
// RUN: tacos-translate %t.mlir --export-mscclpp-plan --algorithm=a2a_torus > %t.a.json
// RUN: tacos-translate %t.mlir --export-mscclpp-plan --algorithm=a2a_torus > %t.b.json
// RUN: cmp %t.a.json %t.b.json

// WINDOW: {
// WINDOW-NEXT:   "name": "ar \"ring\"",
// WINDOW-NEXT:   "collective": "allreduce",
// WINDOW-NEXT:   "protocol": "Simple",
// WINDOW-NEXT:   "inplace": false,
// WINDOW-NEXT:   "reuse_resources": false,
// WINDOW:        "num_threads_per_block": 512,
// WINDOW-NEXT:   "use_double_scratch_buffer": false,
// WINDOW-NEXT:   "buffer_alignment": 16,
// WINDOW-NEXT:   "min_message_size": 1024,
// WINDOW-NEXT:   "max_message_size": 65536
// WINDOW-NEXT: }
// OK: ok: allreduce on 4 gpus, {{[0-9]+}} operations, delivered

// DEFAULT: "name": "ar_ring",
// DEFAULT: "num_threads_per_block": 1024,
// DEFAULT: "min_message_size": 0,
// DEFAULT-NEXT: "max_message_size": 18446744073709551615

// TBS: error: export-mscclpp-plan: cannot export @ar_ring: GPU 0 needs 5 threadblocks, more than the 4 allowed
