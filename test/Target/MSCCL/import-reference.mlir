// MSCCL-IR XML written by another tool (Microsoft's msccl-tools; commands
// and commit in Inputs/reference/README.md) imports into coll.algorithms
// that the native verifier accepts, each computing the collective its file
// says, with the chunk counts msccl-tools wrote.
// DEFINE: %{import} = tacos-translate --import-msccl-xml %S/Inputs/reference
// DEFINE: %{check} = tacos-opt --coll-verify --coll-report=output=- -o /dev/null

// RUN: %{import}/allgather_recursive_doubling_4gpu.xml | %{check} | FileCheck %s --check-prefix=AGRD
// AGRD: algorithm @allgather_recursive_doubling: all_gather, 4 NPUs, 4 chunks of 1048576 B
// AGRD: transfers 12 (verified)
// RUN: %{import}/allgather_ring_4gpu_1ch.xml | %{check} | FileCheck %s --check-prefix=AGR4
// AGR4: algorithm @allgather_ring_1channelsperring: all_gather, 4 NPUs, 4 chunks
// AGR4: transfers 12 (verified)
// RUN: %{import}/allgather_ring_8gpu_2ch.xml | %{check} | FileCheck %s --check-prefix=AGR8
// AGR8: algorithm @allgather_ring_2channelsperring: all_gather, 8 NPUs, 8 chunks
// AGR8: transfers 56 (verified)
// RUN: %{import}/allreduce_a100_allpairs_4gpu.xml | %{check} | FileCheck %s --check-prefix=ARAP
// ARAP: algorithm @allreduce_pairs: all_reduce, 4 NPUs, 16 chunks
// ARAP: transfers 96 (verified)
// RUN: %{import}/allreduce_a100_ring_8gpu_2ch.xml | %{check} | FileCheck %s --check-prefix=ARR8
// ARR8: algorithm @allreduce_ring_2channelsperring: all_reduce, 8 NPUs, 8 chunks
// ARR8: transfers 112 (verified)
// RUN: %{import}/allreduce_recursive_doubling_halving_4gpu.xml | %{check} | FileCheck %s --check-prefix=ARDH
// ARDH: algorithm @allreduce_recursive_doubling_halving: all_reduce, 4 NPUs, 4 chunks
// ARDH: transfers 24 (verified)
// RUN: %{import}/allreduce_ring_4gpu.xml | %{check} | FileCheck %s --check-prefix=ARR4
// ARR4: algorithm @allreduce_ring_inplace: all_reduce, 4 NPUs, 4 chunks
// ARR4: transfers 24 (verified)
// RUN: %{import}/alltoall_a100_two_step_2x2.xml | %{check} | FileCheck %s --check-prefix=A2A2
// A2A2: algorithm @hierarchical_all_to_all: all_to_all, 4 NPUs, 16 chunks
// A2A2: transfers 16 (verified)
// RUN: %{import}/alltoall_allpairs_4gpu.xml | %{check} | FileCheck %s --check-prefix=A2AP
// A2AP: algorithm @alltoall_allpairs: all_to_all, 4 NPUs, 16 chunks
// A2AP: transfers 12 (verified)
