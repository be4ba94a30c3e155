// GPT-3 from the LIBRA paper's own inputs (docs/Syntax.md, collective requests): compute is the sum of
// the three compute columns (684448242 ns); tensor parallelism puts 8
// All-Reduces and 2 All-Gathers on the TP dimensions, the weight-gradient
// All-Reduce runs data parallel over the rest. The layer file's ALLGATHER
// size (48 MiB) is each NPU's shard, as in ASTRA-sim and LIBRA; the IR's
// size is the gathered output, 16 x 48 MiB = 768 MiB.

// RUN: tacos-translate --import-astra-workload %examples/libra/GPT_3.txt --communicator=%examples/libra/GPT_3_3d.yml --network=%examples/libra/3d_network.yml --cost-model=%examples/libra/3d_cost_model.yml --total-bandwidth="500 GBps" > %t.3d.mlir
// RUN: FileCheck %s --check-prefix=D3 < %t.3d.mlir
// The output is valid IR that prints back unchanged (tacos-opt adds a
// trailing blank line).
// RUN: tacos-opt %t.3d.mlir | diff -B %t.3d.mlir -
// RUN: tacos-opt %t.3d.mlir | FileCheck %s --check-prefix=D3

// D3:      module {
// D3-NEXT:   topo.network @libra3d {
// D3-NEXT:     topo.dims [ring(16) link(?, 1 us) tier(InterPackage), fully_connected(8) link(?, 1 us) tier(InterNode), switch(32) link(?, 1 us) tier(InterPod)]
// D3-NEXT:     topo.price tier(InterPackage) link(4.00001) switch(13.00001)
// D3-NEXT:     topo.price tier(InterNode) link(4.00002) switch(13.00002)
// D3-NEXT:     topo.price tier(InterPod) link(7.80003) switch(18.00003) nic(31.60003)
// D3-NEXT:     topo.constraint sum == 500 GBps
// D3-NEXT:   }
// D3-NEXT:   coll.workload @GPT_3 on @libra3d compute(684.4 ms + 48.242 us) {
// D3-NEXT:     coll.all_reduce size(768 MiB) dims [0] count(8)
// D3-NEXT:     coll.all_gather size(768 MiB) dims [0] count(2)
// D3-NEXT:     coll.all_reduce size(432 MiB) dims [1, 2]{{$}}
// D3-NEXT:   }
// D3-NEXT: }

// In 4D, TP-16 is 4 x 4 NPUs of dimensions 0 and 1 (of 8), and data
// parallelism uses the other 2 NPUs of dimension 1: groups must be written.
// RUN: tacos-translate --import-astra-workload %examples/libra/GPT_3.txt --communicator=%examples/libra/GPT_3_4d.yml --network=%examples/libra/4d_network.yml --cost-model=%examples/libra/4d_cost_model.yml > %t.4d.mlir
// RUN: FileCheck %s --check-prefix=D4 < %t.4d.mlir
// RUN: tacos-opt %t.4d.mlir | diff -B %t.4d.mlir -

// D4:      module {
// D4-NEXT:   topo.network @libra4d {
// D4-NEXT:     topo.dims [ring(4) link(?, 1 us) tier(InterChiplet), fully_connected(8) link(?, 1 us) tier(InterPackage), ring(4) link(?, 1 us) tier(InterNode), switch(32) link(?, 1 us) tier(InterPod)]
// D4-NEXT:     topo.price tier(InterChiplet) link(2.00001)
// D4-NEXT:     topo.price tier(InterPackage) link(4.00002) switch(13.00002)
// D4-NEXT:     topo.price tier(InterNode) link(4.00003) switch(13.00003)
// D4-NEXT:     topo.price tier(InterPod) link(7.80004) switch(18.00004) nic(31.60004)
// D4-NEXT:   }
// D4-NEXT:   coll.workload @GPT_3 on @libra4d compute(684.4 ms + 48.242 us) {
// D4-NEXT:     coll.all_reduce size(768 MiB) dims [0, 1] groups [4, 4] count(8)
// D4-NEXT:     coll.all_gather size(768 MiB) dims [0, 1] groups [4, 4] count(2)
// D4-NEXT:     coll.all_reduce size(432 MiB) dims [1, 2, 3] groups [2, 4, 32]{{$}}
// D4-NEXT:   }
// D4-NEXT: }
