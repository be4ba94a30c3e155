topo.network @ring4 { topo.dims [ring(4) link(50 GBps, 1 us)] }
// 96 sends per link, about five operations each: split over channels
// (threadblocks) of at most 64 operations.
coll.all_gather @ag64 on @ring4 size(4 MB) chunks(64)
coll.all_reduce @ar32 on @ring4 size(4 MB) chunks(32)
// 6144 sends per link: the copies from the input alone need more than 64
// operations (one release per threadblock that waits for them).
coll.all_gather @ag4k on @ring4 size(4 MB) chunks(4096)
