// The main job's input (scripts/demo.sh): an All-Reduce of 64 MiB on two
// nodes of four GPUs, as GPU clusters are built: an NVSwitch joins a node's
// GPUs (300 GB/s per GPU, ForestColl's A100 figure) and one 25 GB/s NIC per
// GPU joins the nodes through an InfiniBand switch (examples/a100-2x8.mlir
// has the sources of both figures). The switches are nodes of the network:
// transfers are routed through them (`via @nvs0`), never unwound into
// point-to-point links. tacos synthesizes the All-Reduce, verifies it,
// predicts its time against the lower bounds valid for this hardware and
// the classic algorithms, and tacos-run runs it on eight MPI ranks with
// real data.
topo.network @dgx2x4 {
  topo.npus 8
  topo.switch @nvs0 [0, 1, 2, 3] link(300 GBps, 0.35 us)
  topo.switch @nvs1 [4, 5, 6, 7] link(300 GBps, 0.35 us)
  topo.switch @ib [0, 1, 2, 3, 4, 5, 6, 7] link(25 GBps, 1.3 us)
}
coll.all_reduce @allreduce on @dgx2x4 size(64 MiB) chunks(4)
