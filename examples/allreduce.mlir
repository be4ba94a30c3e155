// The main job's input (scripts/demo.sh): an All-Reduce of 64 MiB on eight
// NPUs in a bidirectional ring. tacos synthesizes it, verifies it, predicts
// its time against the lower bounds and the classic algorithms (NCCL's ring
// runs both directions and is optimal here too), and tacos-run runs it on eight
// MPI ranks with real data.
topo.network @ring8 {
  topo.dims [ring(8) link(50 GBps, 1 us)]
}
coll.all_reduce @allreduce on @ring8 size(64 MiB) chunks(2)
