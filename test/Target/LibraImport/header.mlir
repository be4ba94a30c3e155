// ASTRA-sim layer files may start with a header: a parallelism keyword
// (maybe followed by more words) and/or a layer count, which must match.
// Blank lines, tabs and CRLF line ends are accepted.

// Keyword line with more words, then the count; CRLF, tabs, blank lines.
// RUN: tacos-translate --import-astra-workload %S/Inputs/header.txt --communicator=%S/Inputs/small-comm.yml --network=%S/Inputs/small-network.yml | tacos-opt | FileCheck %s
// Only the count.
// RUN: tacos-translate --import-astra-workload %S/Inputs/header-count.txt --communicator=%S/Inputs/small-comm.yml --network=%S/Inputs/small-network.yml --workload-name=header | tacos-opt | FileCheck %s

// Two layers, worked by hand: compute 10+20+30 + 10+20+30. Forward: L1's
// All-Gather of 2 KiB shards over the Forward groups [4, 2], 8 x 2 KiB
// gathered. Backward, last layer first:
// L1's weight-gradient All-Reduce over WeightGrad [-1, 8], then L0's
// input-gradient All-Reduce over InputGrad [4, -1]: same size, other
// dimensions, so they do not merge.
// CHECK:      coll.workload @header on @libra2d compute(120 ns) {
// CHECK-NEXT:   coll.all_gather size(16 KiB) dims [0, 1] groups [4, 2]{{$}}
// CHECK-NEXT:   coll.all_reduce size(1 KiB) dims [1]{{$}}
// CHECK-NEXT:   coll.all_reduce size(1 KiB) dims [0]{{$}}
// CHECK-NEXT: }

// Only the keyword; the workload name comes from the file name.
// RUN: tacos-translate --import-astra-workload %S/Inputs/header-keyword.txt --communicator=%S/Inputs/small-comm.yml --network=%S/Inputs/small-network.yml | FileCheck %s --check-prefix=KEYWORD
// KEYWORD:      coll.workload @header_keyword on @libra2d compute(60 ns) {
// KEYWORD-NEXT:   coll.all_reduce size(1 KiB) dims [0]{{$}}
// KEYWORD-NEXT: }

// From stdin the workload has no file name to go by.
// RUN: tacos-translate --import-astra-workload --communicator=%S/Inputs/small-comm.yml --network=%S/Inputs/small-network.yml < %S/Inputs/header-count.txt | FileCheck %s --check-prefix=STDIN
// STDIN: coll.workload @workload on @libra2d
