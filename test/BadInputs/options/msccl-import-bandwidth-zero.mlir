// A zero link bandwidth for the derived network.
// RUN: %check-bad-input %s tacos-translate -import-msccl-xml %S/../Inputs/ag_ring3.xml --msccl-bandwidth=0GBps
// EXPECT: option --msccl-bandwidth: bandwidth must be positive
// Options only.
