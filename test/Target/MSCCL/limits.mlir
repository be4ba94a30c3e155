// The executor's limits on algorithms too large for one channel: 64 steps
// per threadblock (aggregation, else a split over channels), 32
// threadblocks per channel (links spread over channels), offsets in int16
// and the channels themselves (refused). Every program is replayed by the
// independent checker, which enforces the limits too.

// 100 chunks back to back per link: two steps of cnt 71 and 29, one
// channel; unaggregated, 100 steps per link split over two channels.
// RUN: tacos-translate %S/Inputs/back-to-back.mlir --export-msccl-xml > %t.b2b.xml
// RUN: %python %S/Inputs/replay_msccl.py %t.b2b.xml | FileCheck %s --check-prefix=OK
// RUN: FileCheck %s --check-prefix=AGG < %t.b2b.xml
// RUN: tacos-translate %S/Inputs/back-to-back.mlir --export-msccl-xml --msccl-fuse=false > %t.b2b-split.xml
// RUN: %python %S/Inputs/replay_msccl.py %t.b2b-split.xml | FileCheck %s --check-prefix=OK
// RUN: FileCheck %s --check-prefix=SPLIT < %t.b2b-split.xml
// AGG: nchannels="1"
// AGG: <tb id="1" send="1" recv="-1" chan="0">
// AGG-NEXT: <step s="0" type="s" srcbuf="o" srcoff="0" dstbuf="o" dstoff="0" cnt="71"
// AGG-NEXT: <step s="1" type="s" srcbuf="o" srcoff="71" dstbuf="o" dstoff="71" cnt="29"
// AGG-NEXT: </tb>
// SPLIT: nchannels="2"
// SPLIT-NOT: type="s" {{.*}} cnt="71"

// A chunk order the synthesizer chose (not contiguous): 96 sends per link
// still need two channels of at most 64 steps per threadblock.
// RUN: tacos-opt %S/Inputs/large.mlir --coll-synthesize > %t.large.mlir
// RUN: tacos-translate %t.large.mlir --export-msccl-xml --algorithm=ag64 > %t.ag64.xml
// RUN: %python %S/Inputs/replay_msccl.py %t.ag64.xml | FileCheck %s --check-prefix=OK
// RUN: FileCheck %s --check-prefix=TWO < %t.ag64.xml
// TWO: nchannels="2"

// 34 threadblocks with a peer per GPU: the links spread over two channels
// (channel (src + dst) % 2), 17 or 18 threadblocks each.
// RUN: tacos-opt %S/Inputs/threadblocks.mlir --coll-synthesize > %t.fc.mlir
// RUN: tacos-translate %t.fc.mlir --export-msccl-xml > %t.fc.xml
// RUN: %python %S/Inputs/replay_msccl.py %t.fc.xml | FileCheck %s --check-prefix=OK
// RUN: FileCheck %s --check-prefix=COLOURS < %t.fc.xml
// COLOURS: nchannels="2"
// COLOURS: <tb id="1" send="1" recv="-1" chan="1">
// COLOURS: <tb id="3" send="2" recv="-1" chan="0">

// What cannot fit is refused (see also invalid.mlir): 6144 sends per link
// need more than 32 channels; 36000 output chunks need offsets beyond int16.
// RUN: not tacos-translate %t.large.mlir --export-msccl-xml --algorithm=ag4k 2>&1 | FileCheck %s --check-prefix=CHANNELS
// RUN: not tacos-translate %t.large.mlir --export-msccl-xml --algorithm=ag9k 2>&1 | FileCheck %s --check-prefix=OFFSETS
// CHANNELS: error: export-msccl-xml: cannot export @ag4k: {{.*}} steps; the executor allows 64 per threadblock, and splitting over more channels needs more than the executor's 32
// OFFSETS: error: export-msccl-xml: cannot export @ag9k: GPU 0 needs buffers of 36000 chunks; the executor's offsets are int16

// OK: ok: {{.*}}, delivered
