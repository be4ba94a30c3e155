// Times print readably and exactly: in one unit when that takes at most 7
// significant digits, else 4 digits plus the exact rest; the sum reads back
// as the same picoseconds.
// RUN: tacos-opt %s | FileCheck %s
// RUN: tacos-opt %s | tacos-opt | FileCheck %s

topo.network @line3 { topo.dims [line(3) link(50 GBps, 1 us)] }
// CHECK: coll.algorithm @long broadcast on @line3 root(0) size(1 MB) time(9.606 ms + 12 ps)
coll.algorithm @long broadcast on @line3 root(0) size(1 MB) time(9606000012 ps)
// CHECK: coll.algorithm @short broadcast on @line3 root(0) size(1 MB) time(3.359225 ms)
coll.algorithm @short broadcast on @line3 root(0) size(1 MB) time(3359225 ns)
// CHECK: coll.algorithm @three broadcast on @line3 root(0) size(1 MB) time(1.234 s + 567.8 us + 91.234 ns)
coll.algorithm @three broadcast on @line3 root(0) size(1 MB) time(1234567891234 ps)
