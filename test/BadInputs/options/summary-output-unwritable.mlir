// A summary file in a directory that does not exist.
// RUN: %check-bad-input %s tacos-opt {} --topo-summary=output=/nonexistent/x
// EXPECT: option output: cannot open output file '/nonexistent/x'
topo.network @n { topo.dims [ring(4) link(50 GBps, 1 us)] }
coll.all_gather @ag on @n size(4 MB)
coll.all_reduce @ar on @n size(4 MB)
