// A TPU-style 3D torus: 4 x 4 x 4 = 64 chips, each linked to its 6
// neighbours (wrap-around in every dimension).
//
// Sources:
// - Jouppi et al., "TPU v4: An Optically Reconfigurable Supercomputer for
//   Machine Learning with Hardware Support for Embeddings" (ISCA 2023):
//   the building block is a 4 x 4 x 4 cube of 64 TPU v4 chips in one rack,
//   each chip with 6 inter-chip interconnect (ICI) links in a 3D torus;
//   optical circuit switches close the wrap-around links.
// - Google Cloud TPU v4 documentation ("3D mesh and 3D torus"): slices whose
//   dimensions are multiples of 4, such as 4x4x4, can be configured as a
//   3D torus.
// - ICI bandwidth: 400 Gb/s each way per link (50 GBps), as the TPU v4
//   descriptions give it; the 1 us per hop is an assumption (ICI is
//   sub-microsecond between neighbours), which throughput bounds do not
//   depend on.
//
// Chip (x, y, z) is x + 4y + 16z.
//
//   build/bin/tacos-opt examples/tpu-torus.mlir --topo-summary -o /dev/null
//   build/bin/tacos-opt examples/tpu-torus.mlir --coll-synthesize \
//       --coll-report -o /dev/null
topo.network @tpu_torus {
  topo.dims [ring(4) link(50 GBps, 1 us), ring(4) link(50 GBps, 1 us),
             ring(4) link(50 GBps, 1 us)]
}

coll.all_gather @ag on @tpu_torus size(1 GiB)
