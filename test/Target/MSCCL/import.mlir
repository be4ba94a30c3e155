// --import-msccl-xml on hand-written programs: the example of
// ../shared/reference/MSCCL-XML.md (every GPU written out), and a ring
// All-Reduce in msccl-tools' style with rcs, rrs, rrcs, nop, cnt="2", a
// prolog, comments, single quotes and an entity, and an in-place All-Gather.
// They import, verify, simulate to their own time, and lower to MPI.
// RUN: tacos-translate --import-msccl-xml %S/Inputs/good-xml/ag_ring3.xml | tacos-opt --coll-verify | FileCheck %s --check-prefix=AG
// RUN: tacos-translate --import-msccl-xml %S/Inputs/good-xml/ag_ring3.xml | tacos-opt --coll-simulate | FileCheck %s --check-prefix=AG-TIME
// RUN: tacos-translate --import-msccl-xml %S/Inputs/good-xml/ag_ring3.xml | tacos-opt --convert-coll-to-mpi | FileCheck %s --check-prefix=MPI
// RUN: tacos-translate --import-msccl-xml %S/Inputs/good-xml/fused.xml | tacos-opt --coll-verify | FileCheck %s --check-prefix=FUSED
// RUN: tacos-translate --import-msccl-xml %S/Inputs/good-xml/fused.xml | tacos-opt --coll-simulate | FileCheck %s --check-prefix=FUSED-TIME
// In place, GPU g's i[0] is o[g] (the same file out of place is
// Inputs/bad-xml/missing-own-chunk.xml).
// RUN: tacos-translate --import-msccl-xml %S/Inputs/good-xml/ag_ring3_inplace.xml | tacos-opt --coll-verify | FileCheck %s --check-prefix=INPLACE
// A contribution received into scratch and combined with 're' (msccl-tools'
// all-pairs All-Reduce) is a reduce transfer.
// RUN: tacos-translate --import-msccl-xml %S/Inputs/good-xml/allpairs.xml | tacos-opt --coll-verify | FileCheck %s --check-prefix=PAIRS
// PAIRS: coll.algorithm @ar_pairs all_reduce on @msccl size(2 MiB) time(43.94304 us) attributes {coll.verified} {
// PAIRS-NEXT: coll.transfer reduce 1 over 0 -> 1 at [0, 21971520]
// PAIRS-NEXT: coll.transfer reduce 0 over 1 -> 0 at [0, 21971520]
// PAIRS-NEXT: coll.transfer copy 0 over 0 -> 1 at [21971520, 43943040]
// PAIRS-NEXT: coll.transfer copy 1 over 1 -> 0 at [21971520, 43943040]
// INPLACE: coll.algorithm @ag_ring3_inplace all_gather on @msccl size(3 MiB) time(43.94304 us) attributes {coll.verified}

// The derived network: one link per ordered pair that communicates, 50 GBps
// and 1 us; chunks of 1 MiB. Each GPU sends its chunk, then forwards the
// one it received (rcs).
// AG: topo.network @msccl {
// AG-NEXT: topo.npus 3
// AG-NEXT: topo.link 0 -> 1 link(50 GBps, 1 us)
// AG-NEXT: topo.link 1 -> 2 link(50 GBps, 1 us)
// AG-NEXT: topo.link 2 -> 0 link(50 GBps, 1 us)
// AG-NEXT: }
// AG-NEXT: coll.algorithm @ag_ring3 all_gather on @msccl size(3 MiB) time(43.94304 us) attributes {coll.verified} {
// AG-NEXT: coll.transfer copy 0 over 0 -> 1 at [0, 21971520]
// AG-NEXT: coll.transfer copy 1 over 1 -> 2 at [0, 21971520]
// AG-NEXT: coll.transfer copy 2 over 2 -> 0 at [0, 21971520]
// AG-NEXT: coll.transfer copy 2 over 0 -> 1 at [21971520, 43943040]
// AG-NEXT: coll.transfer copy 0 over 1 -> 2 at [21971520, 43943040]
// AG-NEXT: coll.transfer copy 1 over 2 -> 0 at [21971520, 43943040]
// AG-NEXT: }
// AG-TIME: coll.algorithm @ag_ring3 {{.*}} time(43.94304 us)
// MPI: func.func @ag_ring3(

// cnt="2" moves chunks 2c and 2c+1 as two transfers, back to back; s, rrs
// and rrcs reduce (the first reduce of each pair comes from a plain send:
// the receiver's rrs combines it), rcs and r copy.
// FUSED: coll.algorithm @ring___fused all_reduce on @msccl size(6 MiB) chunks(2) time(175.7 us + 72.16 ns) attributes {coll.verified} {
// FUSED-NEXT: coll.transfer reduce 4 over 0 -> 1 at [0, 21971520]
// FUSED-NEXT: coll.transfer reduce 5 over 0 -> 1 at [21971520, 43943040]
// FUSED: coll.transfer reduce 2 over 0 -> 1 at [43943040, 65914560]
// FUSED: coll.transfer copy 0 over 0 -> 1 at [87886080, 109857600]
// FUSED: coll.transfer copy 4 over 0 -> 1 at [131829120, 153800640]
// FUSED-TIME: coll.algorithm @ring___fused {{.*}} time(175.7 us + 72.16 ns)

// Options: link speed, latency, chunk size and link model of the derived
// network.
// RUN: tacos-translate --import-msccl-xml %S/Inputs/good-xml/fused.xml --msccl-chunk-bytes=1000 --msccl-bandwidth="1 GBps" --msccl-latency="1 ns" --msccl-link-model=pipelined | tacos-opt --coll-verify | FileCheck %s --check-prefix=OPTS
// OPTS: topo.link 0 -> 1 link(1 GBps, 1 ns)
// OPTS: coll.algorithm @ring___fused all_reduce on @msccl size(6 KB) chunks(2) time(8.004 us) latency(pipelined)
// OPTS-NEXT: coll.transfer reduce 4 over 0 -> 1 at [0, 1001000]
// OPTS-NEXT: coll.transfer reduce 5 over 0 -> 1 at [1000000, 2001000]
// RUN: tacos-translate --import-msccl-xml %S/Inputs/good-xml/fused.xml --msccl-name=@ar | FileCheck %s --check-prefix=NAME
// NAME: coll.algorithm @ar all_reduce

// A given network: the program's GPUs on NPUs 0, 1, 2 of a line would need
// a link 2 -> 0; on NPUs 1, 2, 3 of a ring of 4, a link 3 -> 1. The error is on
// the first threadblock that needs the link.
// RUN: not tacos-translate --import-msccl-xml %S/Inputs/good-xml/ag_ring3.xml --msccl-network=%S/Inputs/line3.mlir 2>&1 | FileCheck %s --check-prefix=NOLINK
// NOLINK: ag_ring3.xml:4:5: error: gpu 2 sends to gpu 0, but @line3 has no link from NPU 2 to NPU 0
// RUN: not tacos-translate --import-msccl-xml %S/Inputs/good-xml/ag_ring3.xml --msccl-network=%S/Inputs/ring.mlir --msccl-network-name=ring4 --msccl-ranks=1,2,3 2>&1 | FileCheck %s --check-prefix=RANKS-BAD
// RANKS-BAD: error: gpu 2 sends to gpu 0, but @ring4 has no link from NPU 3 to NPU 1

// Option errors.
// RUN: not tacos-translate --import-msccl-xml %S/Inputs/good-xml/ag_ring3.xml --msccl-bandwidth=fast 2>&1 | FileCheck %s --check-prefix=BW
// BW: error: import-msccl-xml: --msccl-bandwidth: expected a bandwidth such as '50 GBps', got 'fast'
// RUN: not tacos-translate --import-msccl-xml %S/Inputs/good-xml/ag_ring3.xml --msccl-latency=0us 2>&1 | FileCheck %s --check-prefix=LAT
// LAT: error: import-msccl-xml: --msccl-latency: the latency must be positive
// RUN: not tacos-translate --import-msccl-xml %S/Inputs/good-xml/ag_ring3.xml --msccl-link-model=eager 2>&1 | FileCheck %s --check-prefix=MODEL
// MODEL: error: import-msccl-xml: --msccl-link-model: expected 'blocking' or 'pipelined', got 'eager'
// RUN: not tacos-translate --import-msccl-xml %S/Inputs/good-xml/ag_ring3.xml --msccl-ranks=0,1,2 2>&1 | FileCheck %s --check-prefix=RANKS
// RANKS: error: import-msccl-xml: --msccl-ranks: needs --msccl-network (a derived network has one NPU per GPU)
// RUN: not tacos-translate --import-msccl-xml %S/Inputs/good-xml/ag_ring3.xml --msccl-network=%S/Inputs/ring.mlir --msccl-network-name=ring4 --msccl-ranks=0,1,1 2>&1 | FileCheck %s --check-prefix=TWICE
// TWICE: error: import-msccl-xml: --msccl-ranks: NPU 1 is named twice
// RUN: not tacos-translate --import-msccl-xml %S/Inputs/good-xml/ag_ring3.xml --msccl-network=%S/Inputs/ring.mlir --msccl-network-name=ring4 --msccl-ranks=0,1,7 2>&1 | FileCheck %s --check-prefix=OUTSIDE
// OUTSIDE: error: import-msccl-xml: --msccl-ranks: NPU 7 is not in @ring4 (4 NPUs)
// RUN: not tacos-translate --import-msccl-xml %S/Inputs/good-xml/ag_ring3.xml --msccl-size=100 --msccl-chunk-bytes=10 2>&1 | FileCheck %s --check-prefix=SIZES
// SIZES: error: import-msccl-xml: --msccl-size: give either --msccl-size or --msccl-chunk-bytes
// RUN: not tacos-translate --import-msccl-xml %S/Inputs/good-xml/ag_ring3.xml --msccl-network=%S/Inputs/ring.mlir 2>&1 | FileCheck %s --check-prefix=TWO-NETS
// TWO-NETS: ring.mlir:{{[0-9]+}}:{{[0-9]+}}: error: import-msccl-xml: --msccl-network: {{.*}}ring.mlir has 2 topo.network ops; choose one with --msccl-network-name
// RUN: not tacos-translate --import-msccl-xml %S/Inputs/good-xml/ag_ring3.xml --msccl-network=%S/Inputs/ring.mlir --msccl-network-name=ring2 2>&1 | FileCheck %s --check-prefix=SMALL
// SMALL: ag_ring3.xml:1:1: error: the program has 3 gpus but @ring2 has 2 NPUs
// RUN: not tacos-translate --import-msccl-xml %S/Inputs/good-xml/ag_ring3.xml --msccl-root=1 2>&1 | FileCheck %s --check-prefix=ROOT
// ROOT: ag_ring3.xml:1:1: error: a root is given, but allgather has none
