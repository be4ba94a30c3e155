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

// -----

// Switch fabrics (docs/Syntax.md, switch fabrics): every wrong name, self
// link, duplicate and under-ported switch is an error at its op.
topo.network @n {
  topo.npus 4
  // expected-error @+1 {{switch @a lists an unknown switch @nope}}
  topo.switch @a [0, 1, @nope] link(50 GBps, 1 us)
}

// -----

topo.network @n {
  topo.npus 4
  // expected-error @+1 {{lists itself: a switch cannot be linked to itself}}
  topo.switch @a [0, 1, @a] link(50 GBps, 1 us)
}

// -----

topo.network @n {
  topo.npus 4
  topo.switch @a [0, 1] link(50 GBps, 1 us)
  // expected-error @+1 {{is a self link @a -> @a}}
  topo.link @a -> @a link(50 GBps, 1 us)
}

// -----

topo.network @n {
  topo.npus 4
  // expected-error @+1 {{lists switch @b twice}}
  topo.switch @a [0, 1, @b, @b] link(50 GBps, 1 us)
  topo.switch @b [2, 3] link(50 GBps, 1 us)
}

// -----

// A switch pair is listed by one of the two.
topo.network @n {
  topo.npus 4
  topo.switch @a [0, 1, @b] link(50 GBps, 1 us)
  // expected-error @+1 {{switch @b lists @a, which lists @b already; write topo.link @b <-> @a ... parallel for a second link pair}}
  topo.switch @b [2, 3, @a] link(50 GBps, 1 us)
}

// -----

topo.network @n {
  topo.npus 4
  topo.switch @a [0, 1] link(50 GBps, 1 us)
  // expected-error @+1 {{duplicate link 1 -> @a; write 'parallel' to add a parallel link}}
  topo.link 1 <-> @a link(25 GBps, 1 us)
}

// -----

topo.network @n {
  topo.npus 4
  topo.switch @a [0, 1] link(50 GBps, 1 us)
  // expected-error @+1 {{unknown switch @b}}
  topo.link 2 <-> @b link(25 GBps, 1 us)
}

// -----

topo.network @n {
  topo.npus 4
  topo.switch @a [0, 1] link(50 GBps, 1 us)
  // expected-error @+1 {{npu 4 is out of range: the network has 4 NPUs}}
  topo.link 4 <-> @a link(25 GBps, 1 us)
}

// -----

// Ports in all: the list, links ending at the switch, switches naming it.
topo.network @n {
  topo.npus 4
  // expected-error @+1 {{switch @a has 1 port; a switch needs at least 2}}
  topo.switch @a [0] link(50 GBps, 1 us)
}

// -----

topo.network @n {
  topo.npus 4
  // expected-error @+1 {{switch @a has 0 ports; a switch needs at least 2}}
  topo.switch @a
}

// -----

topo.network @n {
  topo.npus 4
  // expected-error @+1 {{'topo.switch' op needs at least 2 ports, got 0}}
  topo.switch
}

// -----

topo.network @n {
  topo.npus 4
  // expected-error @+1 {{lists no ports for its link spec; write 'topo.switch @a' alone for a switch whose ports are all topo.link ops or other switches' lists}}
  topo.switch @a [] link(50 GBps, 1 us)
}

// -----

// In a network with topo.dims, dimD_R names its dimension switches.
topo.network @n {
  topo.dims [switch(4) link(50 GBps, 1 us), line(2) link(50 GBps, 1 us)]
  // expected-error @+1 {{switch name @dim0_1 is reserved: topo.dims names its switches dimD_R (dimension D, the R-th switch)}}
  topo.switch @dim0_1 [0, 1] link(50 GBps, 1 us)
}

// -----

topo.network @n {
  topo.dims [switch(4) link(50 GBps, 1 us), line(2) link(50 GBps, 1 us)]
  // expected-error @+1 {{switch @s lists an unknown switch @dim0_2: dimension 0 has 2 switches (dim0_0 .. dim0_1)}}
  topo.switch @s [0, @dim0_2] link(50 GBps, 1 us)
}

// -----

topo.network @n {
  topo.dims [switch(4) link(50 GBps, 1 us), line(2) link(50 GBps, 1 us)]
  // expected-error @+1 {{unknown switch @dim1_0: dimension 1 is line(2), not a switch}}
  topo.link 0 <-> @dim1_0 link(50 GBps, 1 us)
}

// -----

topo.network @n {
  topo.dims [switch(4) link(50 GBps, 1 us), line(2) link(50 GBps, 1 us)]
  // expected-error @+1 {{duplicate link 0 -> @dim0_0; write 'parallel' to add a parallel link}}
  topo.link 0 <-> @dim0_0 link(50 GBps, 1 us)
}

// -----

// The record of unwound switches is not part of the network.
topo.network @n {
  topo.npus 2
  topo.link 0 <-> 1 link(25 GBps, 2 us) {via = "u"}
  topo.switch @u [0, 1] link(50 GBps, 1 us) unwound
  // expected-error @+1 {{lists @u, an unwound switch: the record of the hardware is not part of this network}}
  topo.switch @live [0, 1, @u] link(50 GBps, 1 us)
}

// -----

topo.network @n {
  topo.npus 2
  topo.link 0 <-> 1 link(25 GBps, 2 us) {via = "u"}
  topo.switch @u [0, 1] link(50 GBps, 1 us) unwound
  topo.switch @live [0, 1] link(50 GBps, 1 us)
  // expected-error @+1 {{joins switch @live and the unwound switch @u: the record of the hardware is not part of this network}}
  topo.link @live <-> @u link(50 GBps, 1 us)
}

// -----

topo.network @n {
  topo.npus 2
  // expected-error @+1 {{needs each end to be an NPU id or a switch, not both or neither}}
  "topo.link"() <{src = 0 : i64, src_switch = @a, dst = 1 : i64, spec = #topo.link<1 GBps, 1 us>}> : () -> ()
}
