// The bad inputs other tests check message by message, held to the same
// contract as this corpus (check-bad-input.py): exit code 1, one error,
// located in the input.

// Every `// -----` case with one expected-error of the dialects' and
// passes' -verify-diagnostics tests, run alone.
// RUN: %check-bad-input --split %S/../Dialect/Topo/invalid.mlir tacos-opt {}
// RUN: %check-bad-input --split %S/../Dialect/Topo/quantity-exponent.mlir tacos-opt {}
// RUN: %check-bad-input --split %S/../Dialect/Topo/topo-allocate-bandwidth-invalid.mlir tacos-opt {} --topo-allocate-bandwidth
// RUN: %check-bad-input --split %S/../Dialect/Topo/topo-allocate-bandwidth-cost-invalid.mlir tacos-opt {} --topo-allocate-bandwidth=objective=perf-per-cost
// RUN: %check-bad-input --split %S/../Dialect/Topo/topo-allocate-bandwidth-synthesized-invalid.mlir tacos-opt {} --topo-allocate-bandwidth=model=synthesized
// RUN: %check-bad-input --split %S/../Dialect/Coll/invalid.mlir tacos-opt {}
// RUN: %check-bad-input --split %S/../Dialect/Coll/workload-invalid.mlir tacos-opt {}
// RUN: %check-bad-input --split %S/../Dialect/Coll/coll-synthesize-invalid.mlir tacos-opt {} --coll-synthesize
// RUN: %check-bad-input --split %S/../Dialect/Coll/coll-synthesize-exact-invalid.mlir tacos-opt {} --coll-synthesize=algorithm=exact
// RUN: %check-bad-input --split %S/../Dialect/Coll/coll-synthesize-frontier-invalid.mlir tacos-opt {} "--coll-synthesize=algorithm=exact frontier=true"
// RUN: %check-bad-input --split %S/../Dialect/Coll/coll-repair-invalid.mlir tacos-opt {} --coll-repair
// RUN: %check-bad-input --split %S/../Dialect/Coll/coll-invert-invalid.mlir tacos-opt {} --coll-invert
// RUN: %check-bad-input --split %S/../Dialect/Coll/coll-simulate-invalid.mlir tacos-opt {} --coll-simulate
// RUN: %check-bad-input --split %S/../Conversion/CollToMPI/invalid.mlir tacos-opt {} --convert-coll-to-mpi
// RUN: %check-bad-input --split %S/../Conversion/MPIToLLVM/invalid.mlir tacos-opt {} --convert-mpi-program-to-llvm
// RUN: %check-bad-input --split %S/../Conversion/ShardToColl/invalid.mlir tacos-opt {} --tacos-lower-shard-collectives
// RUN: %check-bad-input --split %S/../Pipelines/tacos-lower-to-llvm-invalid.mlir tacos-opt {} --tacos-lower-to-llvm
// RUN: %check-bad-input --split %S/../Target/ChromeTrace/invalid.mlir tacos-translate --export-chrome-trace {}

// MSCCL-IR XML (Target/MSCCL/import-invalid.mlir checks the messages).
// RUN: %check-bad-input --any-message --each %S/../Target/MSCCL/Inputs/bad-xml/*.xml -- tacos-translate --import-msccl-xml {}

// LIBRA and ASTRA-sim inputs (Target/LibraImport/errors.mlir).
// DEFINE: %{in} = %S/../Target/LibraImport/Inputs
// RUN: %check-bad-input --any-message --each %{in}/bad-collective.txt %{in}/bad-columns.txt %{in}/bad-reserved.txt %{in}/bad-size.txt %{in}/negative-compute.txt %{in}/compute-too-long.txt %{in}/header-mismatch.txt %{in}/no-layers.txt %{in}/size-too-big.txt -- tacos-translate --import-astra-workload {} --network=%{in}/small-network.yml --communicator=%{in}/small-comm.yml
// RUN: %check-bad-input --any-message --each %{in}/bad-npus.yml %{in}/duplicate-key.yml %{in}/length-mismatch.yml %{in}/missing-topology.yml %{in}/not-a-mapping.yml %{in}/switch-one-port.yml %{in}/syntax-error.yml %{in}/two-documents.yml %{in}/unknown-block.yml %{in}/unknown-key.yml -- tacos-translate --import-libra-network {}
// RUN: %check-bad-input --any-message --each %{in}/cost-negative.yml %{in}/cost-unknown-field.yml -- tacos-translate --import-libra-network %{in}/small-network.yml --cost-model={}
// RUN: %check-bad-input --any-message --each %{in}/comm-length.yml %{in}/comm-zero.yml %{in}/comm-too-big.yml -- tacos-translate --import-astra-workload %examples/libra/GPT_3.txt --network=%examples/libra/3d_network.yml --communicator={}
// RUN: %check-bad-input --any-message %{in}/comm-missing-key.yml tacos-translate --import-astra-workload %examples/libra/GPT_3.txt --network=%{in}/small-network.yml --communicator={}
