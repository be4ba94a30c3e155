// Two runs on one input with one seed give the same bytes (issue 16 item
// 6): every synthesizer, the passes after it and the translations. Address
// space randomization differs between runs, so output that followed pointer
// or hash order would differ here. (Thread counts: coll-synthesize-threads,
// tacos-pipeline, topo-allocate-bandwidth-synthesized and ShardToColl/options
// compare them; determinism-bytecode.mlir text against bytecode.)

// DEFINE: %{cmd} =
// DEFINE: %{twice} = %{cmd} > %t.1 && %{cmd} > %t.2 && cmp %t.1 %t.2
// REDEFINE: %{cmd} = tacos-opt %s --coll-synthesize="algorithm=tacos seed=7 trials=3"
// RUN: %{twice}
// The baselines on the non-combining requests (they relay, so their
// combining duals are no trees and do not invert: docs/Algorithms.md).
// RUN: grep -v "coll.all_reduce\|coll.reduce " %s > %t.copies.mlir
// REDEFINE: %{cmd} = tacos-opt %t.copies.mlir --coll-synthesize="algorithm=ring seed=7"
// RUN: %{twice}
// REDEFINE: %{cmd} = tacos-opt %t.copies.mlir --coll-synthesize="algorithm=direct seed=7"
// RUN: %{twice}
// REDEFINE: %{cmd} = tacos-opt %t.copies.mlir --coll-synthesize="algorithm=rhd seed=7"
// RUN: %{twice}
// RUN: grep -v "coll.all_to_all\|coll.scatter" %t.copies.mlir > %t.trees.mlir
// REDEFINE: %{cmd} = tacos-opt %t.trees.mlir --coll-synthesize="algorithm=dbt seed=7"
// RUN: %{twice}
// REDEFINE: %{cmd} = tacos-opt %s --coll-decompose="seed=7 trials=3 phases=strict"
// RUN: %{twice}
// REDEFINE: %{cmd} = tacos-opt %s --topo-unwind-switches --topo-expand
// RUN: %{twice}

// After synthesis: repair, inversion, simulation, the report, the lowering.
// RUN: tacos-opt %s --coll-synthesize=seed=7 -o %t.alg.mlir
// REDEFINE: %{cmd} = tacos-opt %t.alg.mlir --coll-repair=drop=0-1
// RUN: %{twice}
// REDEFINE: %{cmd} = tacos-opt %t.alg.mlir --coll-invert --coll-simulate=latency=pipelined
// RUN: %{twice}
// REDEFINE: %{cmd} = tacos-opt %t.alg.mlir --coll-report="baselines=true output=-" -o /dev/null
// RUN: %{twice}
// REDEFINE: %{cmd} = tacos-opt %t.alg.mlir --convert-coll-to-mpi=form=table
// RUN: %{twice}

// Translations out and back in.
// REDEFINE: %{cmd} = tacos-translate %t.alg.mlir --export-msccl-xml --algorithm=ar
// RUN: %{twice}
// RUN: tacos-translate %t.alg.mlir --export-msccl-xml --algorithm=a2a -o %t.a2a.xml
// REDEFINE: %{cmd} = tacos-translate --import-msccl-xml %t.a2a.xml
// RUN: %{twice}
// REDEFINE: %{cmd} = tacos-translate %t.alg.mlir --export-mscclpp-plan --algorithm=ag
// RUN: %{twice}
// REDEFINE: %{cmd} = tacos-translate %t.alg.mlir --export-chrome-trace
// RUN: %{twice}
// REDEFINE: %{cmd} = tacos-translate --import-astra-workload %examples/libra/GPT_3.txt --communicator=%examples/libra/GPT_3_3d.yml --network=%examples/libra/3d_network.yml --cost-model=%examples/libra/3d_cost_model.yml --total-bandwidth="500 GBps"
// RUN: %{twice}
// RUN: %{cmd} | tacos-opt --topo-allocate-bandwidth="objective=perf-per-cost report=%t.libra.1.json" -o %t.libra.1.mlir
// RUN: %{cmd} | tacos-opt --topo-allocate-bandwidth="objective=perf-per-cost report=%t.libra.2.json" -o %t.libra.2.mlir
// RUN: cmp %t.libra.1.json %t.libra.2.json
// RUN: cmp %t.libra.1.mlir %t.libra.2.mlir

topo.network @torus { topo.dims [ring(4) link(50 GBps, 1 us), ring(4) link(20 GBps, 2 us)] }
topo.network @pod { topo.dims [switch(4) link(100 GBps, 0.5 us), ring(2) link(25 GBps, 2 us)] }
coll.all_gather @ag on @torus size(12 MB) chunks(2)
coll.all_reduce @ar on @torus size(12 MB) chunks(2)
coll.all_to_all @a2a on @torus size(12 MB)
coll.reduce @rd on @torus root(2) group [0, 2, 5, 7] size(6 MB)
coll.scatter @sc on @torus root(3) size(12 MB)
coll.broadcast @bc on @torus root(6) size(12 MB) chunks(2)
