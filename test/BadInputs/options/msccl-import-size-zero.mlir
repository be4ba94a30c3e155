// A request of 0 bytes: 0 is a size (and no valid one), not "unset".
// RUN: %check-bad-input %s tacos-translate -import-msccl-xml %S/../Inputs/ag_ring3.xml --msccl-size=0
// EXPECT: option msccl-size: a collective of 0 bytes moves nothing
// Options only.
