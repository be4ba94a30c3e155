// One input gives the same bytes whether it is read as text or as MLIR
// bytecode, whatever the trials' thread count, and whether its transfers are
// readable ops or packed (issue 16 item 6): the IR, what every consumer
// prints, and every export.

// Parsing: the bytecode read back prints as the text does.
// RUN: tacos-opt %s --emit-bytecode -o %t.in.mlirbc
// RUN: tacos-opt %s -o %t.in.text.mlir
// RUN: tacos-opt %t.in.mlirbc -o %t.in.bc.mlir
// RUN: cmp %t.in.text.mlir %t.in.bc.mlir

// Synthesis from text on 1 thread and from bytecode on 2, 4 trials.
// RUN: tacos-opt %s --coll-synthesize="trials=4 threads=1" -o %t.ops.mlir
// RUN: tacos-opt %t.in.mlirbc --coll-synthesize="trials=4 threads=2" -o %t.ops.bc.mlir
// RUN: cmp %t.ops.mlir %t.ops.bc.mlir

// A packed algorithm through bytecode and back, from either input and
// thread count; unpacked, it is the readable form of the same synthesis.
// RUN: tacos-opt %t.in.mlirbc --coll-synthesize="trials=4 threads=2 materialize=packed" -o %t.packed.mlir
// RUN: tacos-opt %s --coll-synthesize="trials=4 threads=1 materialize=packed" --emit-bytecode -o %t.packed.mlirbc
// RUN: tacos-opt %t.packed.mlirbc -o %t.packed.bc.mlir
// RUN: cmp %t.packed.mlir %t.packed.bc.mlir
// RUN: tacos-opt %t.packed.mlirbc --coll-materialize=form=ops -o %t.unpacked.mlir
// RUN: cmp %t.ops.mlir %t.unpacked.mlir
// The ops form through bytecode too.
// RUN: tacos-opt %t.ops.mlir --emit-bytecode | tacos-opt -o %t.ops.back.mlir
// RUN: cmp %t.ops.mlir %t.ops.back.mlir

// Consumers read the three the same: verify, simulate, report, lowering.
// RUN: tacos-opt %t.ops.mlir --coll-verify --coll-simulate -o %t.sim.ops.mlir
// RUN: tacos-opt %t.packed.mlirbc --coll-verify --coll-simulate --coll-materialize=form=ops -o %t.sim.bc.mlir
// RUN: cmp %t.sim.ops.mlir %t.sim.bc.mlir
// RUN: tacos-opt %t.ops.mlir --coll-report="format=json output=%t.report.ops.json" -o /dev/null
// RUN: tacos-opt %t.packed.mlir --coll-report="format=json output=%t.report.packed.json" -o /dev/null
// RUN: tacos-opt %t.packed.mlirbc --coll-report="format=json output=%t.report.bc.json" -o /dev/null
// RUN: cmp %t.report.ops.json %t.report.packed.json
// RUN: cmp %t.report.ops.json %t.report.bc.json
// RUN: tacos-opt %t.ops.mlir --convert-coll-to-mpi -o %t.mpi.ops.mlir
// RUN: tacos-opt %t.packed.mlirbc --convert-coll-to-mpi -o %t.mpi.bc.mlir
// RUN: cmp %t.mpi.ops.mlir %t.mpi.bc.mlir

// Exports: MSCCL XML, MSCCL++ plan, Chrome trace and DOT are the same bytes
// from the readable text, the packed text and the packed bytecode.
// DEFINE: %{opts} =
// DEFINE: %{export} = tacos-translate %t.ops.mlir %{opts} -o %t.a && tacos-translate %t.packed.mlir %{opts} -o %t.b && tacos-translate %t.packed.mlirbc %{opts} -o %t.c && cmp %t.a %t.b && cmp %t.a %t.c
// REDEFINE: %{opts} = --export-msccl-xml --algorithm=ar
// RUN: %{export}
// REDEFINE: %{opts} = --export-msccl-xml --algorithm=a2a --msccl-astra-sim
// RUN: %{export}
// REDEFINE: %{opts} = --export-mscclpp-plan --algorithm=rs
// RUN: %{export}
// REDEFINE: %{opts} = --export-mscclpp-plan --algorithm=bc
// RUN: %{export}
// REDEFINE: %{opts} = --export-chrome-trace
// RUN: %{export}
// REDEFINE: %{opts} = --export-dot --algorithm=@ag
// RUN: %{export}

// The MSCCL XML imports back to the same algorithm from either export.
// RUN: tacos-translate %t.ops.mlir --export-msccl-xml --algorithm=ag -o %t.ag.xml
// RUN: tacos-translate %t.packed.mlirbc --export-msccl-xml --algorithm=ag -o %t.ag.bc.xml
// RUN: tacos-translate --import-msccl-xml %t.ag.xml -o %t.imported.mlir
// RUN: tacos-translate --import-msccl-xml %t.ag.bc.xml -o %t.imported.bc.mlir
// RUN: cmp %t.imported.mlir %t.imported.bc.mlir

topo.network @torus { topo.dims [ring(4) link(50 GBps, 1 us), ring(3) link(20 GBps, 2 us)] }
coll.all_gather @ag on @torus size(12 MB) chunks(2)
coll.reduce_scatter @rs on @torus size(12 MB)
coll.all_reduce @ar on @torus size(12 MB) chunks(2)
coll.all_to_all @a2a on @torus size(12 MB)
coll.broadcast @bc on @torus root(5) size(12 MB) chunks(3)
coll.reduce @rd on @torus root(2) group [0, 2, 5, 7] size(6 MB)
coll.gather @ga on @torus root(1) size(12 MB)
coll.scatter @sc on @torus root(3) size(12 MB)
