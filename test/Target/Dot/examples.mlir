// The commands of docs/Traces.md on examples/trace, so that the page (and
// its pictures, rendered from this output) stay true.
// RUN: tacos-opt %examples/trace/mesh.mlir --coll-synthesize=seed=33 -o %t.mlir
// RUN: tacos-translate --export-chrome-trace %t.mlir -o %t.json
// RUN: %python -c "import json, sys; e = json.load(open(sys.argv[1]))['traceEvents']; x = [s for s in e if s['ph'] == 'X']; print('slices', len(x), 'tracks', sum(s['name'] == 'thread_name' for s in e))" %t.json | FileCheck %s --check-prefix=TRACE
// RUN: tacos-translate --export-dot --algorithm=@ar %t.mlir | FileCheck %s --check-prefix=MESH
// RUN: tacos-translate --export-dot %examples/trace/switched.mlir | FileCheck %s --check-prefix=SWITCHED

// TRACE: slices 120 tracks 14

// MESH:      label="@ar on @mesh";
// MESH:      n0 -> n1 [label="67%", color="#f03b20", penwidth=3.68];
// MESH:      subgraph cluster_legend {

// SWITCHED:  n4 [shape=diamond, style=filled, fillcolor="#dddddd", label="nvswitch"];
// SWITCHED:  n0 -> n1 [label="3 links"];
// SWITCHED:  n1 -> n0 [label="2 links"];
