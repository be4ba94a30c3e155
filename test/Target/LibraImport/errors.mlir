// Every problem in an input file is an error at its line and column, and
// tacos-translate fails (`not`; a crash would fail `not` too).

// DEFINE: %{layers} = tacos-translate --import-astra-workload --communicator=%S/Inputs/small-comm.yml --network=%S/Inputs/small-network.yml

//===--- ASTRA-sim layer files ---===//

// RUN: not %{layers} %S/Inputs/bad-collective.txt 2>&1 | FileCheck %s --check-prefix=COLL
// COLL: bad-collective.txt:2:10: error: unknown collective "ALLREDUCEX"; expected ALLREDUCE, ALLGATHER, REDUCESCATTER, ALLTOALL or NONE
// RUN: not %{layers} %S/Inputs/bad-columns.txt 2>&1 | FileCheck %s --check-prefix=COLUMNS
// COLUMNS: bad-columns.txt:2:1: error: expected 12 columns (name reserved fwd_compute fwd_coll fwd_size ig_compute ig_coll ig_size wg_compute wg_coll wg_size update_time), got 11
// RUN: not %{layers} %S/Inputs/bad-size.txt 2>&1 | FileCheck %s --check-prefix=SIZE
// SIZE: bad-size.txt:1:30: error: ig_size: expected a size in bytes, got '1k'
// RUN: not %{layers} %S/Inputs/size-too-big.txt 2>&1 | FileCheck %s --check-prefix=BIG
// BIG: size-too-big.txt:1:30: error: ig_size: 2251799813685248 bytes is outside [0, 1 PiB]
// RUN: not %{layers} %S/Inputs/negative-compute.txt 2>&1 | FileCheck %s --check-prefix=NEGATIVE
// NEGATIVE: negative-compute.txt:1:17: error: ig_compute: must not be negative, got -20
// RUN: not %{layers} %S/Inputs/compute-too-long.txt 2>&1 | FileCheck %s --check-prefix=LONG
// LONG: compute-too-long.txt:1:1: error: the total compute time exceeds the limit of 1000 s
// RUN: not %{layers} %S/Inputs/bad-reserved.txt 2>&1 | FileCheck %s --check-prefix=RESERVED
// RESERVED: bad-reserved.txt:1:4: error: reserved: expected an integer, got 'x1'
// RUN: not %{layers} %S/Inputs/header-mismatch.txt 2>&1 | FileCheck %s --check-prefix=COUNT
// COUNT: header-mismatch.txt:2:1: error: the header says 3 layers but the file has 2
// RUN: not %{layers} %S/Inputs/no-layers.txt 2>&1 | FileCheck %s --check-prefix=EMPTY
// EMPTY: no-layers.txt:1:1: error: the file has no layers
// RUN: not %{layers} %S/Inputs/does-not-exist.txt 2>&1 | FileCheck %s --check-prefix=UNREADABLE
// UNREADABLE: does-not-exist.txt{{.*}}No such file or directory

//===--- LIBRA networks ---===//

// RUN: not tacos-translate --import-libra-network %S/Inputs/missing-topology.yml 2>&1 | FileCheck %s --check-prefix=MISSING
// MISSING: missing-topology.yml:1:1: error: missing key Topology in a network
// RUN: not tacos-translate --import-libra-network %S/Inputs/length-mismatch.yml 2>&1 | FileCheck %s --check-prefix=LENGTHS
// LENGTHS: length-mismatch.yml:2:14: error: NpusCount has 3 entries but Topology has 2
// RUN: not tacos-translate --import-libra-network %S/Inputs/unknown-block.yml 2>&1 | FileCheck %s --check-prefix=BLOCK
// BLOCK: unknown-block.yml:1:19: error: unknown building block 'Torus'; expected Ring, FullyConnected or Switch
// RUN: not tacos-translate --import-libra-network %S/Inputs/syntax-error.yml 2>&1 | FileCheck %s --check-prefix=SYNTAX
// SYNTAX: syntax-error.yml:2:20: error: Could not find closing ]!
// RUN: not tacos-translate --import-libra-network %S/Inputs/switch-one-port.yml 2>&1 | FileCheck %s --check-prefix=PORTS
// PORTS: switch-one-port.yml:2:17: error: switch(1) needs at least 2 ports
// RUN: not tacos-translate --import-libra-network %S/Inputs/bad-npus.yml 2>&1 | FileCheck %s --check-prefix=NPUS
// NPUS: bad-npus.yml:2:17: error: expected an NPU count, got 'eight'
// RUN: not tacos-translate --import-libra-network %S/Inputs/unknown-key.yml 2>&1 | FileCheck %s --check-prefix=KEY
// KEY: unknown-key.yml:4:1: error: unknown key 'Bandwidth' in a network; expected Topology, NpusCount or CostDimension
// RUN: not tacos-translate --import-libra-network %S/Inputs/duplicate-key.yml 2>&1 | FileCheck %s --check-prefix=TWICE
// TWICE: duplicate-key.yml:3:1: error: key 'Topology' appears twice
// RUN: not tacos-translate --import-libra-network %S/Inputs/two-documents.yml 2>&1 | FileCheck %s --check-prefix=DOCS
// DOCS: two-documents.yml:1:1: error: expected one YAML document, found 2
// RUN: not tacos-translate --import-libra-network %S/Inputs/not-a-mapping.yml 2>&1 | FileCheck %s --check-prefix=MAPPING
// MAPPING: not-a-mapping.yml:1:{{[0-9]+}}: error: expected a mapping of keys to values

//===--- Cost models ---===//

// RUN: not tacos-translate --import-libra-network %S/Inputs/small-network.yml --cost-model=%S/Inputs/cost-negative.yml 2>&1 | FileCheck %s --check-prefix=PRICE
// PRICE: cost-negative.yml:3:11: error: expected a non-negative price in $ per GB/s, got '-2'
// RUN: not tacos-translate --import-libra-network %S/Inputs/small-network.yml --cost-model=%S/Inputs/cost-unknown-field.yml 2>&1 | FileCheck %s --check-prefix=FIELD
// FIELD: cost-unknown-field.yml:3:3: error: unknown cost 'Bogus' in tier 'A'; expected Link, Switch or Nic

//===--- Communicators (the 3D network has 3 dimensions) ---===//

// RUN: not tacos-translate --import-astra-workload %examples/libra/GPT_3.txt --network=%examples/libra/3d_network.yml --communicator=%S/Inputs/comm-length.yml 2>&1 | FileCheck %s --check-prefix=COMM-LENGTH
// COMM-LENGTH: comm-length.yml:1:12: error: Forward has 2 entries but the network has 3 dimensions
// RUN: not tacos-translate --import-astra-workload %examples/libra/GPT_3.txt --network=%examples/libra/3d_network.yml --communicator=%S/Inputs/comm-zero.yml 2>&1 | FileCheck %s --check-prefix=COMM-ZERO
// COMM-ZERO: comm-zero.yml:2:18: error: InputGrad, dimension 1: group size 0 is invalid; write -1 for an unused dimension or a size >= 1
// RUN: not tacos-translate --import-astra-workload %examples/libra/GPT_3.txt --network=%examples/libra/3d_network.yml --communicator=%S/Inputs/comm-too-big.yml 2>&1 | FileCheck %s --check-prefix=COMM-BIG
// COMM-BIG: comm-too-big.yml:3:22: error: WeightGrad, dimension 2: group size 64 exceeds the 32 NPUs of its dimension
// RUN: not tacos-translate --import-astra-workload %examples/libra/GPT_3.txt --network=%S/Inputs/small-network.yml --communicator=%S/Inputs/comm-missing-key.yml 2>&1 | FileCheck %s --check-prefix=COMM-KEY
// COMM-KEY: comm-missing-key.yml:1:1: error: missing key WeightGrad in a communicator

//===--- Options ---===//

// RUN: not tacos-translate --import-astra-workload %examples/libra/GPT_3.txt --network=%examples/libra/3d_network.yml 2>&1 | FileCheck %s --check-prefix=NO-COMM
// NO-COMM: error: --import-astra-workload needs --communicator=<yml>
// RUN: not tacos-translate --import-astra-workload %examples/libra/GPT_3.txt --communicator=%examples/libra/GPT_3_3d.yml 2>&1 | FileCheck %s --check-prefix=NO-NET
// NO-NET: error: --import-astra-workload needs --network=<yml>
// RUN: not tacos-translate --import-astra-workload %examples/libra/GPT_3.txt --communicator=%S/Inputs/nope.yml --network=%examples/libra/3d_network.yml 2>&1 | FileCheck %s --check-prefix=NO-FILE
// NO-FILE: error: --communicator: cannot read '{{.*}}nope.yml': No such file or directory
// RUN: not tacos-translate --import-libra-network %examples/libra/3d_network.yml --total-bandwidth=fast 2>&1 | FileCheck %s --check-prefix=TOTAL
// TOTAL: error: --total-bandwidth: expected a bandwidth such as '50 GBps', got 'fast'
// RUN: not tacos-translate --import-libra-network %examples/libra/3d_network.yml --total-bandwidth="500 GB" 2>&1 | FileCheck %s --check-prefix=UNIT
// UNIT: error: --total-bandwidth: unknown bandwidth unit 'GB'
// RUN: not tacos-translate --import-libra-network %examples/libra/3d_network.yml --link-latency="1 sec" 2>&1 | FileCheck %s --check-prefix=LATENCY
// LATENCY: error: --link-latency: unknown time unit 'sec'; expected one of ps ns us ms s
// RUN: not %{layers} %S/Inputs/header-count.txt --network-name=x --workload-name=x 2>&1 | FileCheck %s --check-prefix=CLASH
// CLASH: error: --workload-name: the workload and the network would both be @x
