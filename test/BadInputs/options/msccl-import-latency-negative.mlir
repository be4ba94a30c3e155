// A negative link latency for the derived network.
// RUN: %check-bad-input %s tacos-translate -import-msccl-xml %S/../Inputs/ag_ring3.xml --msccl-latency=-1us
// EXPECT: option --msccl-latency: time -1 us is negative
// Options only.
