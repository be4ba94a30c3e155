// An NPU count past int64.
// RUN: %check-bad-input %s tacos-opt {}
// EXPECT: 5:13: integer constant out of range for attribute
topo.network @n {
  topo.npus 99999999999999999999
}
