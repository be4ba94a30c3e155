// A control byte (0x01) between ops.
// RUN: %check-bad-input %s tacos-opt {}
// EXPECT: 5:1: unexpected character
topo.network @n { topo.npus 2 }

