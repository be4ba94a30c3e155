// A network name for MSCCL import without a network file (was ignored).
// RUN: %check-bad-input %s tacos-translate -import-msccl-xml %S/../Inputs/ag_ring3.xml --msccl-network-name=ring4
// EXPECT: option --msccl-network-name: needs --msccl-network
// Options only.
