topo.network @ring4 { topo.dims [ring(4) link(50 GBps, 1 us)] }
// 96 sends per link: two channels of at most 64 steps per threadblock.
coll.all_gather @ag64 on @ring4 size(4 MB) chunks(64)
coll.all_reduce @ar32 on @ring4 size(4 MB) chunks(32)
// 6144 sends per link: more than 32 channels of 64.
coll.all_gather @ag4k on @ring4 size(4 MB) chunks(4096)
// 36000 output chunks: offsets beyond int16.
coll.all_gather @ag9k on @ring4 size(40 MB) chunks(9000)
