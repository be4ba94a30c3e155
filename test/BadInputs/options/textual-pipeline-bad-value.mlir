// A bad option value in a textual pipeline (printed an empty error and "failed to add" after the option's own).
// RUN: %check-bad-input %s tacos-opt {} '--pass-pipeline=builtin.module(coll-synthesize{threads=-2})'
// EXPECT: option --threads: '-2' value invalid for uint argument
topo.network @n { topo.dims [ring(4) link(50 GBps, 1 us)] }
coll.all_gather @ag on @n size(4 MB)
