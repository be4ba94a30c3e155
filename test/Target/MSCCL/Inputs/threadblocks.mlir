// 17 peers per GPU: 34 threadblocks with one peer each, more than the
// executor's 32 per channel.
topo.network @fc18 { topo.dims [fully_connected(18) link(50 GBps, 1 us)] }
coll.all_to_all @a2a18 on @fc18 size(18 MB)
