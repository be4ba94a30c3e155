// Chunks of 0 bytes.
// RUN: %check-bad-input %s tacos-translate -import-msccl-xml %S/../Inputs/ag_ring3.xml --msccl-chunk-bytes=0
// EXPECT: option ag_ring3.xml: a chunk of 0 bytes makes the allgather larger than 1 PiB or empty
// Options only.
