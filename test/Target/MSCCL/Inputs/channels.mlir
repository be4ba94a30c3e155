topo.network @ring4 { topo.dims [ring(4) link(50 GBps, 1 us)] }
// 96 sends per link (ag64), 48 reduces and 48 copies (ar32): the export
// splits each link over two channels.
coll.all_gather @ag64 on @ring4 size(4 MB) chunks(64)
coll.all_reduce @ar32 on @ring4 size(4 MB) chunks(32)
