// A network file for MSCCL import with a bad unit.
// RUN: %check-bad-input %s tacos-translate -import-msccl-xml %S/../Inputs/ag_ring3.xml --msccl-network={}
// EXPECT: 5:38: unknown unit 'sec'; expected one of ps ns us ms s
topo.network @n {
  topo.dims [ring(3) link(50 GBps, 1 sec)]
}
