// RUN: tacos-opt %s --topo-expand | FileCheck %s
// Directed-link counts of the expanded form, rebuilt from its explicit ops:
// RUN: tacos-opt %s --topo-expand --topo-summary -o /dev/null | FileCheck %s --check-prefix=COUNT
// Expanding is idempotent:
// RUN: tacos-opt %s --topo-expand | tacos-opt --topo-expand | FileCheck %s

// A heterogeneous mesh: dimension 0 (fastest) has 80 GBps, dimension 1 35 GBps.
// CHECK-LABEL: topo.network @mesh3x2
// CHECK-NEXT: topo.npus 6
// CHECK-NEXT: topo.link 0 <-> 1 link(80 GBps, 1 us)
// CHECK-NEXT: topo.link 0 <-> 3 link(35 GBps, 1 us)
// CHECK-NEXT: topo.link 1 <-> 2 link(80 GBps, 1 us)
// CHECK-NEXT: topo.link 1 <-> 4 link(35 GBps, 1 us)
// CHECK-NEXT: topo.link 2 <-> 5 link(35 GBps, 1 us)
// CHECK-NEXT: topo.link 3 <-> 4 link(80 GBps, 1 us)
// CHECK-NEXT: topo.link 4 <-> 5 link(80 GBps, 1 us)
// CHECK-NEXT: }
// COUNT-LABEL: network @mesh3x2
// COUNT-NEXT: NPUs 6
// COUNT-NEXT: directed links 14
topo.network @mesh3x2 {
  topo.dims [line(3) link(80 GBps, 1 us), line(2) link(35 GBps, 1 us)]
}

// ring(2) is one link pair, not two.
// CHECK-LABEL: topo.network @ring2x3
// CHECK-NEXT: topo.npus 6
// CHECK-NEXT: topo.link 0 <-> 1 link(50 GBps, 1 us)
// CHECK-NEXT: topo.link 0 <-> 2 link(25 GBps, 2 us)
// CHECK-NEXT: topo.link 0 <-> 4 link(25 GBps, 2 us)
// CHECK-NEXT: topo.link 1 <-> 3 link(25 GBps, 2 us)
// CHECK-NEXT: topo.link 1 <-> 5 link(25 GBps, 2 us)
// CHECK-NEXT: topo.link 2 <-> 3 link(50 GBps, 1 us)
// CHECK-NEXT: topo.link 2 <-> 4 link(25 GBps, 2 us)
// CHECK-NEXT: topo.link 3 <-> 5 link(25 GBps, 2 us)
// CHECK-NEXT: topo.link 4 <-> 5 link(50 GBps, 1 us)
// CHECK-NEXT: }
// COUNT-LABEL: network @ring2x3
// COUNT: directed links 18
topo.network @ring2x3 {
  topo.dims [ring(2) link(50 GBps, 1 us), ring(3) link(25 GBps, 2 us)]
}

// line(2) dimensions make a hypercube: Q3 has 8 NPUs of degree 3.
// CHECK-LABEL: topo.network @q3
// CHECK-NEXT: topo.npus 8
// CHECK-NEXT: topo.link 0 <-> 1 link(10 GBps, 1 us)
// CHECK-NEXT: topo.link 0 <-> 2 link(20 GBps, 1 us)
// CHECK-NEXT: topo.link 0 <-> 4 link(30 GBps, 1 us)
// CHECK-NEXT: topo.link 1 <-> 3 link(20 GBps, 1 us)
// CHECK-NEXT: topo.link 1 <-> 5 link(30 GBps, 1 us)
// CHECK-NEXT: topo.link 2 <-> 3 link(10 GBps, 1 us)
// CHECK-NEXT: topo.link 2 <-> 6 link(30 GBps, 1 us)
// CHECK-NEXT: topo.link 3 <-> 7 link(30 GBps, 1 us)
// CHECK-NEXT: topo.link 4 <-> 5 link(10 GBps, 1 us)
// CHECK-NEXT: topo.link 4 <-> 6 link(20 GBps, 1 us)
// CHECK-NEXT: topo.link 5 <-> 7 link(20 GBps, 1 us)
// CHECK-NEXT: topo.link 6 <-> 7 link(10 GBps, 1 us)
// CHECK-NEXT: }
// COUNT-LABEL: network @q3
// COUNT: directed links 24
// COUNT-NEXT: hop diameter 3
// COUNT-NEXT: latency diameter 3 us
// COUNT-NEXT: ingress per NPU 60 GBps
topo.network @q3 {
  topo.dims [line(2) link(10 GBps, 1 us), line(2) link(20 GBps, 1 us), line(2) link(30 GBps, 1 us)]
}

// CHECK-LABEL: topo.network @uni5
// CHECK-NEXT: topo.npus 5
// CHECK-NEXT: topo.link 0 -> 1 link(50 GBps, 1 us)
// CHECK-NEXT: topo.link 1 -> 2 link(50 GBps, 1 us)
// CHECK-NEXT: topo.link 2 -> 3 link(50 GBps, 1 us)
// CHECK-NEXT: topo.link 3 -> 4 link(50 GBps, 1 us)
// CHECK-NEXT: topo.link 4 -> 0 link(50 GBps, 1 us)
// CHECK-NEXT: }
// COUNT-LABEL: network @uni5
// COUNT: directed links 5
// COUNT-NEXT: hop diameter 4
topo.network @uni5 {
  topo.dims [ring(5, uni) link(50 GBps, 1 us)]
}

// CHECK-LABEL: topo.network @fc4
// CHECK-NEXT: topo.npus 4
// CHECK-NEXT: topo.link 0 <-> 1 link(50 GBps, 1 us)
// CHECK-NEXT: topo.link 0 <-> 2 link(50 GBps, 1 us)
// CHECK-NEXT: topo.link 0 <-> 3 link(50 GBps, 1 us)
// CHECK-NEXT: topo.link 1 <-> 2 link(50 GBps, 1 us)
// CHECK-NEXT: topo.link 1 <-> 3 link(50 GBps, 1 us)
// CHECK-NEXT: topo.link 2 <-> 3 link(50 GBps, 1 us)
// CHECK-NEXT: }
// COUNT-LABEL: network @fc4
// COUNT: directed links 12
// COUNT-NEXT: hop diameter 1
topo.network @fc4 {
  topo.dims [fully_connected(4) link(50 GBps, 1 us)]
}

// A ring of rings joined by switches: dimension 1 makes one 2-port switch
// per ring position.
// CHECK-LABEL: topo.network @ring_switch
// CHECK-NEXT: topo.npus 8
// CHECK-NEXT: topo.link 0 <-> 1 link(40 GBps, 1 us)
// CHECK-NEXT: topo.link 0 <-> 3 link(40 GBps, 1 us)
// CHECK-NEXT: topo.link 1 <-> 2 link(40 GBps, 1 us)
// CHECK-NEXT: topo.link 2 <-> 3 link(40 GBps, 1 us)
// CHECK-NEXT: topo.link 4 <-> 5 link(40 GBps, 1 us)
// CHECK-NEXT: topo.link 4 <-> 7 link(40 GBps, 1 us)
// CHECK-NEXT: topo.link 5 <-> 6 link(40 GBps, 1 us)
// CHECK-NEXT: topo.link 6 <-> 7 link(40 GBps, 1 us)
// CHECK-NEXT: topo.switch @{{.*}} [0, 4] link(50 GBps, 2 us) tier(pod)
// CHECK-NEXT: topo.switch @{{.*}} [1, 5] link(50 GBps, 2 us) tier(pod)
// CHECK-NEXT: topo.switch @{{.*}} [2, 6] link(50 GBps, 2 us) tier(pod)
// CHECK-NEXT: topo.switch @{{.*}} [3, 7] link(50 GBps, 2 us) tier(pod)
// CHECK-NEXT: }
// COUNT-LABEL: network @ring_switch
// COUNT-NEXT: NPUs 8
// COUNT-NEXT: switches 4
// COUNT-NEXT: directed links 32
// COUNT-NEXT: hop diameter 4
// COUNT-NEXT: latency diameter 6 us
// COUNT-NEXT: ingress per NPU 130 GBps
topo.network @ring_switch {
  topo.dims [ring(4) link(40 GBps, 1 us), switch(2) link(50 GBps, 2 us) tier(pod)]
}

// Two switch dimensions: 4 switches of 8 ports and 8 of 4.
// COUNT-LABEL: network @pod
// COUNT-NEXT: NPUs 32
// COUNT-NEXT: switches 12
// COUNT-NEXT: directed links 128
// COUNT-NEXT: hop diameter 4
topo.network @pod {
  topo.dims [switch(8) link(450 GBps, 0.7 us), switch(4) link(50 GBps, 2 us) tier(pod)]
}

// Dropped links disappear; a one-way drop leaves the other direction.
// CHECK-LABEL: topo.network @degraded
// CHECK-NEXT: topo.npus 16
// CHECK-NEXT: topo.link 0 <-> 3 link(50 GBps, 1 us)
// CHECK-NEXT: topo.link 0 <-> 4 link(50 GBps, 1 us)
// CHECK-NEXT: topo.link 0 <-> 12 link(50 GBps, 1 us)
// CHECK-NEXT: topo.link 1 -> 0 link(50 GBps, 1 us)
// CHECK-NEXT: topo.link 1 <-> 2 link(50 GBps, 1 us)
// CHECK-NOT: topo.drop
// CHECK-NOT: topo.link 5 <-> 6
// CHECK: topo.link 6 <-> 7 link(50 GBps, 1 us)
// COUNT-LABEL: network @degraded
// COUNT-NEXT: NPUs 16
// COUNT-NEXT: directed links 61
topo.network @degraded {
  topo.dims [ring(4) link(50 GBps, 1 us), ring(4) link(50 GBps, 1 us)]
  topo.drop 5 <-> 6
  topo.drop 0 -> 1
}

// Larger families, by count.
// COUNT-LABEL: network @mesh5x5
// COUNT: directed links 80
// COUNT-NEXT: hop diameter 8
// COUNT-NEXT: latency diameter 4 us
// COUNT-NEXT: ingress per NPU 100 GiBps .. 200 GiBps
topo.network @mesh5x5 {
  topo.dims [line(5) link(50 GiBps, 0.5 us), line(5) link(50 GiBps, 0.5 us)]
}
// COUNT-LABEL: network @torus4x4
// COUNT: directed links 64
// COUNT-NEXT: hop diameter 4
topo.network @torus4x4 {
  topo.dims [ring(4) link(50 GBps, 1 us), ring(4) link(50 GBps, 1 us)]
}
// COUNT-LABEL: network @torus3x4x5
// COUNT: directed links 360
// COUNT-NEXT: hop diameter 5
// COUNT-NEXT: latency diameter 2.5 us
// COUNT-NEXT: ingress per NPU 300 GiBps
topo.network @torus3x4x5 {
  topo.dims [ring(3) link(50 GiBps, 0.5 us), ring(4) link(50 GiBps, 0.5 us), ring(5) link(50 GiBps, 0.5 us)]
}
// COUNT-LABEL: network @q4
// COUNT: directed links 64
// COUNT-NEXT: hop diameter 4
topo.network @q4 {
  topo.dims [line(2) link(50 GBps, 1 us), line(2) link(50 GBps, 1 us), line(2) link(50 GBps, 1 us), line(2) link(50 GBps, 1 us)]
}

// Explicit links keep their direction, spec and parallel copies.
// CHECK-LABEL: topo.network @explicit
// CHECK-NEXT: topo.npus 3
// CHECK-NEXT: topo.link 0 <-> 1 link(25 GBps, 1 us)
// CHECK-NEXT: topo.link 0 <-> 1 link(25 GBps, 1 us) parallel
// CHECK-NEXT: topo.link 1 -> 2 link(25 GBps, 1 us)
// CHECK-NEXT: topo.link 2 -> 1 link(50 GBps, 1 us)
// CHECK-NEXT: topo.switch @s [0, 2] link(10 GBps, 1 us)
// CHECK-NEXT: }
// COUNT-LABEL: network @explicit
// COUNT-NEXT: NPUs 3
// COUNT-NEXT: switches 1
// COUNT-NEXT: directed links 10
topo.network @explicit {
  topo.npus 3
  topo.link 0 <-> 1 link(25 GBps, 1 us)
  topo.link 0 <-> 1 link(25 GBps, 1 us) parallel
  topo.link 1 -> 2 link(25 GBps, 1 us)
  topo.link 2 -> 1 link(50 GBps, 1 us)
  topo.switch @s [0, 2] link(10 GBps, 1 us)
}
