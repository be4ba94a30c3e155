// An algorithm kept without its transfers (materialize=none): nothing can verify or export it.
// RUN: %check-bad-input %s tacos-opt {} --coll-verify
// RUN: %check-bad-input %s tacos-opt {} --coll-simulate
// RUN: %check-bad-input %s tacos-opt {} --convert-coll-to-mpi
// RUN: %check-bad-input %s tacos-translate {} --export-msccl-xml
// RUN: %check-bad-input %s tacos-translate {} --export-mscclpp-plan
// EXPECT: 9:1: materialize=none
topo.network @n { topo.dims [ring(4) link(50 GBps, 1 us)] }
coll.algorithm @ag all_gather on @n size(4 MB) time(42 us) unmaterialized(12)
