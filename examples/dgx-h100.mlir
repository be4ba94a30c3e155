// NVIDIA DGX H100 clusters of 2, 4 and 16 nodes: 8 GPUs per node on
// NVSwitch, 8 NICs per node on 8 rail switches (GPU g of every node on
// rail g, the rail-optimized compute fabric).
//
// Sources:
// - NVIDIA DGX H100/H200 User Guide, 1.1 Hardware Overview and 1.2.3
//   Network Modules: 8 H100 GPUs; 4 third-generation NVSwitches; 8
//   ConnectX-7 adapters for the compute fabric (OSFP ports, 400 Gb/s NDR
//   InfiniBand each), each ConnectX-7 assigned to one GPU (the table of
//   OSFP port, ConnectX device and GPU).
// - NVIDIA, "Introducing NVIDIA HGX H100" (technical blog): each H100
//   connects to all four NVSwitches, each NVSwitch fully connects the 8
//   GPUs, so any GPU talks to any other at the full NVLink rate of 900 GB/s
//   bidirectional (18 fourth-generation NVLinks: 450 GB/s each way).
// - NVIDIA HGX AI Factory reference architecture, network logical
//   architecture: the GPU compute (east-west) network is rail-optimized,
//   each GPU through its own NIC.
// - ASTRA-sim's validated HGX H100 configuration (8 NPUs on a switch,
//   936.25 ns), for the NVSwitch latency: split over a GPU's two ports.
//
// Model: the four NVSwitches act as one non-blocking switch per node with
// a 450 GBps port per GPU; each rail switch has a 400 Gb/s (50 GBps) port
// per node. The InfiniBand latency, 1.3 us per port (2.6 us per transfer,
// as TACCL's NDv2 model has it), is an assumption; throughput bounds do
// not depend on latencies.
//
// These are products: dimension 0 is the node's NVSwitch, dimension 1 the
// rails, so GPU g of node n is 8n + g, @dim0_<n> is node n's NVSwitch and
// @dim1_<g> rail g. The explicit form of the 16-node cluster is 24
// topo.switch ops (16 NVSwitches of 8 ports, 8 rails of 16), which
// `topo-expand` writes out; it says nothing the product does not (once
// unwound, the cluster is 2,816 directed links).
//
//   build/bin/tacos-opt examples/dgx-h100.mlir --topo-summary -o /dev/null
//   build/bin/tacos-opt examples/dgx-h100.mlir --topo-expand

topo.network @dgx_h100_2 {
  topo.dims [switch(8) link(450 GBps, 468.125 ns), switch(2) link(50 GBps, 1.3 us)]
}
topo.network @dgx_h100_4 {
  topo.dims [switch(8) link(450 GBps, 468.125 ns), switch(4) link(50 GBps, 1.3 us)]
}
topo.network @dgx_h100_16 {
  topo.dims [switch(8) link(450 GBps, 468.125 ns), switch(16) link(50 GBps, 1.3 us)]
}

coll.all_gather @ag2 on @dgx_h100_2 size(1 GiB)
coll.all_gather @ag4 on @dgx_h100_4 size(1 GiB)
coll.all_gather @ag16 on @dgx_h100_16 size(1 GiB)
