// RUN: tacos-opt %s | tacos-opt | FileCheck %s
// RUN: tacos-opt %s --emit-bytecode | tacos-opt | FileCheck %s

// Every building block and syntax form of the topo dialect round-trips.

// CHECK-LABEL: topo.network @mesh5x5
// CHECK-NEXT: topo.dims [line(5) link(50 GiBps, 500 ns), line(5) link(50 GiBps, 500 ns)]
topo.network @mesh5x5 {
  topo.dims [line(5) link(50 GiBps, 0.5 us), line(5) link(50 GiBps, 0.5 us)]
}

// CHECK-LABEL: topo.network @torus3x4x5
// CHECK-NEXT: topo.dims [ring(3) link(50 GiBps, 500 ns), ring(4) link(50 GiBps, 500 ns), ring(5) link(50 GiBps, 500 ns)]
topo.network @torus3x4x5 {
  topo.dims [ring(3) link(50 GiBps, 500 ns), ring(4) link(50 GiBps, 0.5 us),
             ring(5) link(51200 MiBps, 500000 ps)]
}

// CHECK-LABEL: topo.network @uniring
// CHECK-NEXT: topo.dims [ring(8, uni) link(25 GBps, 1 us)]
topo.network @uniring {
  topo.dims [ring(8, uni) link(25 GBps, 1 us)]
}

// CHECK-LABEL: topo.network @hypercube
// CHECK-NEXT: topo.dims [line(2) link(100 GBps, 1 us), line(2) link(100 GBps, 1 us), line(2) link(100 GBps, 1 us)]
topo.network @hypercube {
  topo.dims [line(2) link(100 GBps, 1 us), line(2) link(0.1 TBps, 1 us),
             line(2) link(100000 MBps, 1000 ns)]
}

// Bit rates, as link data sheets give them, print as the byte rate they are
// (8 bits a byte, exactly): 400 Gbps is 50 GBps, 1 Tbps 125 GBps. The
// printed text parses back to the same value (the second RUN line).
// CHECK-LABEL: topo.network @bits
// CHECK-NEXT: topo.dims [ring(4) link(50 GBps, 1 us), line(2) link(125 GBps, 1 us), line(2) link(12.5 MBps, 1 us), line(2) link(1 KBps, 1 us), line(2) link(1 Bps, 1 us)]
topo.network @bits {
  topo.dims [ring(4) link(400 Gbps, 1 us), line(2) link(1 Tbps, 1 us),
             line(2) link(100 Mbps, 1 us), line(2) link(8 Kbps, 1 us),
             line(2) link(8 bps, 1 us)]
}

// CHECK-LABEL: topo.network @bitlinks
// CHECK-NEXT: topo.dims [ring(2) link(?, 1 us)]
// CHECK-NEXT: topo.link 0 -> 1 link(12.5 GBps, 1 us) parallel
// CHECK-NEXT: topo.constraint sum == 300 GBps
topo.network @bitlinks {
  topo.dims [ring(2) link(?, 1 us)]
  topo.link 0 -> 1 link(100 Gbps, 1 us) parallel
  topo.constraint sum == 2400 Gbps
}

// CHECK-LABEL: topo.network @pod
// CHECK-NEXT: topo.dims [switch(8) link(450 GBps, 700 ns), switch(4) link(50 GBps, 2 us) tier(pod)]
topo.network @pod {
  topo.dims [switch(8) link(450 GBps, 0.7 us), switch(4) link(50 GBps, 2 us) tier(pod)]
}

// CHECK-LABEL: topo.network @fc
// CHECK-NEXT: topo.dims [fully_connected(8) link(1.5 TBps, 1.25 ms)]
topo.network @fc {
  topo.dims [fully_connected(8) link(1500 GBps, 1.25 ms)]
}

// CHECK-LABEL: topo.network @irregular
// CHECK-NEXT: topo.npus 6
// CHECK-NEXT: topo.link 0 -> 1 link(25 GBps, 1 us)
// CHECK-NEXT: topo.link 1 <-> 2 link(25 GBps, 1 us)
// CHECK-NEXT: topo.link 1 <-> 2 link(12.5 GBps, 1 us) parallel
// CHECK-NEXT: topo.switch @nvs [2, 3, 4, 5] link(100 GBps, 500 ns)
// CHECK-NEXT: topo.switch [0, 1] link(1 KiBps, 1 s)
topo.network @irregular {
  topo.npus 6
  topo.link 0 -> 1 link(25 GBps, 1 us)           // one direction
  topo.link 1 <-> 2 link(25 GBps, 1 us)          // both directions
  topo.link 1 <-> 2 link(12.5 GBps, 1 us) parallel
  topo.switch @nvs [2, 3, 4, 5] link(100 GBps, 0.5 us)
  topo.switch [0, 1] link(1024 Bps, 1 s)
}

// CHECK-LABEL: topo.network @degraded
// CHECK: topo.drop 5 <-> 6
// CHECK-NEXT: topo.drop 0 -> 1
topo.network @degraded {
  topo.dims [ring(4) link(50 GBps, 1 us), ring(4) link(50 GBps, 1 us)]
  topo.drop 5 <-> 6
  topo.drop 0 -> 1
}

// CHECK-LABEL: topo.network @libra3d
// CHECK-NEXT: topo.dims [ring(16) link(?, 500 ns) tier(package), fully_connected(8) link(?, 1 us) tier(node), switch(32) link(?, 2 us) tier("pod-1")]
topo.network @libra3d {
  topo.dims [ring(16) link(?, 0.5 us) tier(package),
             fully_connected(8) link(?, 1 us) tier(node),
             switch(32) link(?, 2 us) tier("pod-1")]
}

// A product of dims plus an explicit extra link.
// CHECK-LABEL: topo.network @bypass
// CHECK-NEXT: topo.dims [line(4) link(10 KBps, 3 ms)]
// CHECK-NEXT: topo.link 0 -> 3 link(1 MiBps, 1 ns)
topo.network @bypass {
  topo.dims [line(4) link(10000 Bps, 3 ms)]
  topo.link 0 -> 3 link(1048576 Bps, 1000 ps)
}

// Attributes on their own.
// CHECK-LABEL: topo.network @attrs
// CHECK-NEXT: topo.npus 1 {dim = #topo.dim<ring(4, uni) link(50 GBps, 1 us)>, link = #topo.link<?, 2 us tier(pod)>}
topo.network @attrs {
  topo.npus 1 {dim = #topo.dim<ring(4, uni) link(50 GBps, 1 us)>,
               link = #topo.link<?, 2 us tier(pod)>}
}

// LIBRA's constraints, exactly as docs/Algorithms.md, LIBRA writes them.
// CHECK-LABEL: topo.network @libra4d
// CHECK: topo.constraint sum == 1 TBps
// CHECK-NEXT: topo.constraint bw(0) == 500 GBps
// CHECK-NEXT: topo.constraint bw(0) >= bw(1)
// CHECK-NEXT: topo.constraint bw(1) >= bw(2)
// CHECK-NEXT: topo.constraint bw(2) + bw(3) == 200 GBps
// CHECK-NEXT: topo.constraint bw(3) <= bw(0) + 1.05 TBps
topo.network @libra4d {
  topo.dims [ring(4) link(?, 0.5 us) tier(chiplet), fully_connected(8) link(?, 1 us) tier(package),
             ring(4) link(?, 1 us) tier(node), switch(32) link(?, 2 us) tier(pod)]
  topo.constraint sum == 1000 GBps
  topo.constraint bw(0) == 500 GBps
  topo.constraint bw(0) >= bw(1)
  topo.constraint bw(1) >= bw(2)
  topo.constraint bw(2) + bw(3) == 200 GBps
  topo.constraint bw(3) <= 50 GBps + bw(0) + 1 TBps
}

// Prices per tier ($ per GB/s); switch and NIC prices are optional.
// CHECK-LABEL: topo.network @priced
// CHECK: topo.price tier(InterPackage) link(4.00001) switch(13.00001)
// CHECK-NEXT: topo.price tier(pod) link(7.8) switch(18) nic(31.6)
// CHECK-NEXT: topo.price tier("with space") link(0)
topo.network @priced {
  topo.dims [ring(16) link(?, 1 us) tier(InterPackage), switch(32) link(?, 2 us) tier(pod)]
  topo.price tier(InterPackage) link(4.00001) switch(13.00001)
  topo.price tier(pod) link(7.80) switch(18) nic(31.6)
  topo.price tier("with space") link(0)
}

// Switch fabrics: a port names another switch (here one defined after the
// list that names it), a link ends at a switch (a port with its own spec,
// or a link between switches), a switch declared bare takes all its ports
// from links. Lists print NPUs first.
// CHECK-LABEL: topo.network @fabric
// CHECK-NEXT: topo.npus 4
// CHECK-NEXT: topo.switch @spine [@leaf0, @leaf1] link(200 GBps, 1 us)
// CHECK-NEXT: topo.switch @leaf0 [0, 1] link(100 GBps, 500 ns)
// CHECK-NEXT: topo.switch @leaf1 [2, 3, @spare] link(100 GBps, 500 ns)
// CHECK-NEXT: topo.switch @spare
// CHECK-NEXT: topo.link 3 <-> @spine link(25 GBps, 2 us) tier(ib)
// CHECK-NEXT: topo.link @spare -> @leaf0 link(10 GBps, 1 us)
// CHECK-NEXT: topo.link @leaf1 <-> @spine link(200 GBps, 1 us) parallel
topo.network @fabric {
  topo.npus 4
  topo.switch @spine [@leaf0, @leaf1] link(200 GBps, 1 us)
  topo.switch @leaf0 [0, 1] link(100 GBps, 0.5 us)
  topo.switch @leaf1 [2, @spare, 3] link(100 GBps, 0.5 us)
  topo.switch @spare
  topo.link 3 <-> @spine link(25 GBps, 2 us) tier(ib)
  topo.link @spare -> @leaf0 link(10 GBps, 1 us)
  topo.link @leaf1 <-> @spine link(200 GBps, 1 us) parallel
}

// Switches of topo.dims are named dimD_R: a spine over the rails of
// dimension 1.
// CHECK-LABEL: topo.network @rails
// CHECK-NEXT: topo.dims [switch(4) link(300 GBps, 1 us), switch(2) link(50 GBps, 2 us)]
// CHECK-NEXT: topo.switch @spine [@dim1_0, @dim1_1, @dim1_2, @dim1_3] link(100 GBps, 1 us)
topo.network @rails {
  topo.dims [switch(4) link(300 GBps, 1 us), switch(2) link(50 GBps, 2 us)]
  topo.switch @spine [@dim1_0, @dim1_1, @dim1_2, @dim1_3] link(100 GBps, 1 us)
}
