// RUN: tacos-opt %s -split-input-file -verify-diagnostics

// One case per error the topo dialect reports.

topo.network @n {
  // expected-error @+1 {{unknown unit 'GB'; expected one of Bps KBps MBps GBps TBps KiBps MiBps GiBps TiBps bps Kbps Mbps Gbps Tbps}}
  topo.dims [line(4) link(50 GB, 1 us)]
}

// -----

// A spelling that differs only in case from a bit rate and a byte rate could
// mean either: the error, at the unit, names both.
topo.network @n {
  // expected-error @+1 {{'gbps' is ambiguous: write 'Gbps' (bits per second) or 'GBps' (bytes per second)}}
  topo.dims [line(4) link(50 gbps, 1 us)]
}

// -----

topo.network @n {
  // expected-error @+1 {{'KBPS' is ambiguous: write 'Kbps' (bits per second) or 'KBps' (bytes per second)}}
  topo.link 0 -> 1 link(50 KBPS, 1 us)
}

// -----

topo.network @n {
  topo.dims [line(4) link(?, 1 us)]
  // expected-error @+1 {{'tbps' is ambiguous: write 'Tbps' (bits per second) or 'TBps' (bytes per second)}}
  topo.constraint sum == 1 tbps
}

// -----

topo.network @n {
  // expected-error @+1 {{unknown unit 'sec'; expected one of ps ns us ms s}}
  topo.dims [line(4) link(50 GBps, 1 sec)]
}

// -----

topo.network @n {
  // expected-error @+1 {{expected a unit}}
  topo.dims [line(4) link(50, 1 us)]
}

// -----

topo.network @n {
  // expected-error @+1 {{bandwidth must be positive}}
  topo.dims [line(4) link(0 GBps, 1 us)]
}

// -----

topo.network @n {
  // expected-error @+1 {{bandwidth -50 GBps is negative}}
  topo.dims [line(4) link(-50 GBps, 1 us)]
}

// -----

topo.network @n {
  // expected-error @+1 {{expected floating point literal}}
  topo.dims [line(4) link(nan GBps, 1 us)]
}

// -----

topo.network @n {
  // expected-error @+1 {{exceeds the limit}}
  topo.dims [line(4) link(0x7FF8000000000000 GBps, 1 us)]
}

// -----

topo.network @n {
  // expected-error @+1 {{exceeds the limit}}
  topo.dims [line(4) link(2000000 TBps, 1 us)]
}

// -----

topo.network @n {
  // expected-error @+1 {{link has zero latency}}
  topo.dims [line(4) link(50 GBps, 0 us)]
}

// -----

topo.network @n {
  // expected-error @+1 {{time -1 us is negative}}
  topo.dims [line(4) link(50 GBps, -1 us)]
}

// -----

topo.network @n {
  // expected-error @+1 {{exceeds the limit of 1000 s}}
  topo.dims [line(4) link(50 GBps, 2000 s)]
}

// -----

topo.network @n {
  // expected-error @+1 {{line(0) has fewer than 1 NPU}}
  topo.dims [line(0) link(50 GBps, 1 us)]
}

// -----

topo.network @n {
  // expected-error @+1 {{switch(1) needs at least 2 ports}}
  topo.dims [switch(1) link(50 GBps, 1 us)]
}

// -----

topo.network @n {
  // expected-error @+1 {{unknown dimension kind 'mesh'}}
  topo.dims [mesh(4) link(50 GBps, 1 us)]
}

// -----

topo.network @n {
  // expected-error @+1 {{only a ring can be one-way ('uni')}}
  topo.dims [line(4, uni) link(50 GBps, 1 us)]
}

// -----

topo.network @n {
  // expected-error @+1 {{integer value too large}}
  topo.dims [line(99999999999999999999999) link(50 GBps, 1 us)]
}

// -----

topo.network @n {
  // expected-error @+1 {{network has more than 1000000 NPUs}}
  topo.dims [line(1000) link(50 GBps, 1 us), line(1000) link(50 GBps, 1 us), line(2) link(50 GBps, 1 us)]
}

// -----

// A product that overflows 64 bits is caught before it wraps.
topo.network @n {
  // expected-error @+1 {{network has more than 1000000 NPUs}}
  topo.dims [line(1000000) link(50 GBps, 1 us), line(1000000) link(50 GBps, 1 us), line(1000000) link(50 GBps, 1 us), line(1000000) link(50 GBps, 1 us)]
}

// -----

topo.network @n {
  // expected-error @+1 {{needs at least one dimension}}
  topo.dims []
}

// -----

topo.network @n {
  // expected-error @+1 {{network has more than 1000000 NPUs (1000000000000)}}
  topo.npus 1000000000000
}

// -----

topo.network @n {
  // expected-error @+1 {{needs at least 1 NPU, got 0}}
  topo.npus 0
}

// -----

// expected-error @+1 {{has no NPUs: add topo.dims or topo.npus}}
topo.network @n {
}

// -----

topo.network @n {
  topo.dims [line(4) link(50 GBps, 1 us)]
  // expected-error @+1 {{cannot be combined with topo.dims}}
  topo.npus 4
}

// -----

topo.network @n {
  topo.npus 4
  // expected-error @+1 {{repeats topo.npus}}
  topo.npus 4
}

// -----

topo.network @n {
  topo.npus 6
  // expected-error @+1 {{npu 7 is out of range: the network has 6 NPUs}}
  topo.link 0 -> 7 link(25 GBps, 1 us)
}

// -----

topo.network @n {
  topo.npus 6
  // expected-error @+1 {{has a negative NPU id}}
  topo.link -1 -> 2 link(25 GBps, 1 us)
}

// -----

topo.network @n {
  topo.npus 6
  // expected-error @+1 {{is a self link 3 -> 3}}
  topo.link 3 -> 3 link(25 GBps, 1 us)
}

// -----

topo.network @n {
  topo.npus 6
  // expected-error @+1 {{expected '->'}}
  topo.link 0 => 1 link(25 GBps, 1 us)
}

// -----

topo.network @n {
  topo.npus 6
  topo.link 0 <-> 1 link(25 GBps, 1 us)
  // expected-error @+1 {{duplicate link 1 -> 0; write 'parallel' to add a parallel link}}
  topo.link 1 -> 0 link(50 GBps, 1 us)
}

// -----

topo.network @n {
  topo.dims [ring(4) link(50 GBps, 1 us)]
  // expected-error @+1 {{duplicate link 3 -> 0; write 'parallel' to add a parallel link}}
  topo.link 3 -> 0 link(50 GBps, 1 us)
}

// -----

topo.network @n {
  topo.npus 6
  // expected-error @+1 {{needs at least 2 ports, got 1}}
  topo.switch [1] link(25 GBps, 1 us)
}

// -----

topo.network @n {
  topo.npus 6
  // expected-error @+1 {{lists NPU 2 twice}}
  topo.switch [1, 2, 2] link(25 GBps, 1 us)
}

// -----

topo.network @n {
  topo.npus 6
  // expected-error @+1 {{npu 6 is out of range: the network has 6 NPUs}}
  topo.switch [4, 5, 6] link(25 GBps, 1 us)
}

// -----

topo.network @n {
  topo.npus 6
  topo.switch @s [0, 1] link(25 GBps, 1 us)
  // expected-error @+1 {{redefines switch @s}}
  topo.switch @s [2, 3] link(25 GBps, 1 us)
}

// -----

topo.network @n {
  topo.dims [ring(4) link(50 GBps, 1 us), ring(4) link(50 GBps, 1 us)]
  // expected-error @+1 {{topo.drop 5 <-> 7 removes no link}}
  topo.drop 5 <-> 7
}

// -----

topo.network @n {
  topo.dims [ring(4, uni) link(50 GBps, 1 us)]
  // expected-error @+1 {{topo.drop 1 <-> 2 removes no link}}
  topo.drop 1 <-> 2
}

// -----

topo.network @n {
  topo.npus 4
  // expected-error @+1 {{is a self link 2 -> 2}}
  topo.drop 2 -> 2
}

// -----

// expected-error @+1 {{expects parent op 'topo.network'}}
topo.npus 4

// -----

topo.network @n {
  topo.dims [ring(4) link(?, 1 us), ring(4) link(?, 1 us)]
  // expected-error @+1 {{bw(2) is out of range: the network has 2 dimensions}}
  topo.constraint bw(2) == 100 GBps
}

// -----

topo.network @n {
  topo.dims [ring(4) link(?, 1 us)]
  // expected-error @+1 {{expected '==', '<=' or '>='}}
  topo.constraint bw(0) * 100 GBps
}

// -----

topo.network @n {
  topo.dims [ring(4) link(?, 1 us)]
  // expected-error @+1 {{constrains no bandwidth: use bw(<dim>) or sum}}
  topo.constraint 100 GBps == 100 GBps
}

// -----

topo.network @n {
  topo.dims [ring(4) link(?, 1 us)]
  // expected-error @+1 {{'?' cannot appear in a constraint}}
  topo.constraint bw(0) == ?
}

// -----

topo.network @n {
  topo.dims [ring(4) link(?, 1 us)]
  // expected-error @+1 {{unknown unit 'GB'}}
  topo.constraint sum == 100 GB
}

// -----

topo.network @n {
  topo.npus 4
  // expected-error @+1 {{needs the network's topo.dims}}
  topo.constraint bw(0) == 100 GBps
}

// -----

topo.network @n {
  topo.dims [ring(4) link(?, 1 us) tier(pod)]
  // expected-error @+1 {{has a negative or non-finite price}}
  topo.price tier(pod) link(-1)
}

// -----

topo.network @n {
  topo.dims [ring(4) link(?, 1 us) tier(pod)]
  topo.price tier(pod) link(1)
  // expected-error @+1 {{prices tier 'pod' twice}}
  topo.price tier(pod) link(2) nic(3)
}

// -----

topo.network @n {
  topo.dims [ring(4) link(?, 1 us) tier(pod)]
  // expected-error @+1 {{expected 'link(<dollars per GB/s>)'}}
  topo.price tier(pod) switch(2)
}

// -----

// The link count comes from the description in closed form: nothing is
// built, so fully_connected(100000) (10^10 links) is refused at once.
topo.network @n {
  // expected-error @+1 {{network has 9999900000 directed links, more than the limit of 100000000}}
  topo.dims [fully_connected(100000) link(50 GBps, 1 us)]
}

// -----

// Any product: 10^6 NPUs with 2 x 999 links each.
topo.network @n {
  // expected-error @+1 {{network has 1998000000 directed links, more than the limit of 100000000}}
  topo.dims [fully_connected(1000) link(50 GBps, 1 us), fully_connected(1000) link(50 GBps, 1 us)]
}

// -----

// 99,990,000 links: within the limit (the verifier builds nothing).
topo.network @n {
  topo.dims [fully_connected(10000) link(50 GBps, 1 us)]
}
