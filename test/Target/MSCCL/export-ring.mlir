// The whole XML, every attribute, of a ring All-Gather (4 GPUs) and a ring
// All-Reduce (2 GPUs), and both replayed by the independent checker.
// RUN: tacos-opt %S/Inputs/ring.mlir --coll-synthesize > %t.mlir
// RUN: tacos-translate %t.mlir --export-msccl-xml --algorithm=ag | FileCheck %s --check-prefix=AG --match-full-lines
// RUN: tacos-translate %t.mlir --export-msccl-xml --algorithm=ar | FileCheck %s --check-prefix=AR --match-full-lines
// RUN: tacos-translate %t.mlir --export-msccl-xml --algorithm=ag > %t.ag.xml
// RUN: %python %S/Inputs/replay_msccl.py %t.ag.xml | FileCheck %s --check-prefix=AG-REPLAY
// RUN: tacos-translate %t.mlir --export-msccl-xml --algorithm=ar > %t.ar.xml
// RUN: %python %S/Inputs/replay_msccl.py %t.ar.xml | FileCheck %s --check-prefix=AR-REPLAY
// AG-REPLAY: ok: allgather on 4 gpus, 24 steps, delivered
// AR-REPLAY: ok: allreduce on 2 gpus, 8 steps, delivered

// GPU r copies its input to output chunk r (local threadblock 0) and sends
// it both ways round the ring after the copy (depid 0); GPUs 0 and 1 pass
// on what they receive from one neighbour to the other: each such receive
// and forward is one `rcs` step, in a threadblock with both peers (GPU 0:
// recv 3 / send 1, and recv 1 / send 3); GPUs 2 and 3 only receive. The
// program runs in place (inplace=1: the input is the rank's output slice,
// which only the copy onto itself reads), and the size window is half to
// twice the 4 MB the algorithm was synthesized for.
// AG: <algo name="ag" proto="Simple" nchannels="1" nchunksperloop="4" ngpus="4" coll="allgather" inplace="1" outofplace="1" minBytes="2000000" maxBytes="8000000">
// AG-NEXT:   <gpu id="0" i_chunks="1" o_chunks="4" s_chunks="0">
// AG-NEXT:     <tb id="0" send="-1" recv="-1" chan="0">
// AG-NEXT:       <step s="0" type="cpy" srcbuf="i" srcoff="0" dstbuf="o" dstoff="0" cnt="1" depid="-1" deps="-1" hasdep="1"/>
// AG-NEXT:     </tb>
// AG-NEXT:     <tb id="1" send="1" recv="3" chan="0">
// AG-NEXT:       <step s="0" type="s" srcbuf="o" srcoff="0" dstbuf="o" dstoff="0" cnt="1" depid="0" deps="0" hasdep="0"/>
// AG-NEXT:       <step s="1" type="rcs" srcbuf="o" srcoff="3" dstbuf="o" dstoff="3" cnt="1" depid="-1" deps="-1" hasdep="0"/>
// AG-NEXT:     </tb>
// AG-NEXT:     <tb id="2" send="3" recv="1" chan="0">
// AG-NEXT:       <step s="0" type="s" srcbuf="o" srcoff="0" dstbuf="o" dstoff="0" cnt="1" depid="0" deps="0" hasdep="0"/>
// AG-NEXT:       <step s="1" type="rcs" srcbuf="o" srcoff="1" dstbuf="o" dstoff="1" cnt="1" depid="-1" deps="-1" hasdep="0"/>
// AG-NEXT:       <step s="2" type="r" srcbuf="o" srcoff="2" dstbuf="o" dstoff="2" cnt="1" depid="-1" deps="-1" hasdep="0"/>
// AG-NEXT:     </tb>
// AG-NEXT:   </gpu>
// AG-NEXT:   <gpu id="1" i_chunks="1" o_chunks="4" s_chunks="0">
// AG-NEXT:     <tb id="0" send="-1" recv="-1" chan="0">
// AG-NEXT:       <step s="0" type="cpy" srcbuf="i" srcoff="0" dstbuf="o" dstoff="1" cnt="1" depid="-1" deps="-1" hasdep="1"/>
// AG-NEXT:     </tb>
// AG-NEXT:     <tb id="1" send="0" recv="2" chan="0">
// AG-NEXT:       <step s="0" type="s" srcbuf="o" srcoff="1" dstbuf="o" dstoff="1" cnt="1" depid="0" deps="0" hasdep="0"/>
// AG-NEXT:       <step s="1" type="rcs" srcbuf="o" srcoff="2" dstbuf="o" dstoff="2" cnt="1" depid="-1" deps="-1" hasdep="0"/>
// AG-NEXT:     </tb>
// AG-NEXT:     <tb id="2" send="2" recv="0" chan="0">
// AG-NEXT:       <step s="0" type="s" srcbuf="o" srcoff="1" dstbuf="o" dstoff="1" cnt="1" depid="0" deps="0" hasdep="0"/>
// AG-NEXT:       <step s="1" type="rcs" srcbuf="o" srcoff="0" dstbuf="o" dstoff="0" cnt="1" depid="-1" deps="-1" hasdep="0"/>
// AG-NEXT:       <step s="2" type="r" srcbuf="o" srcoff="3" dstbuf="o" dstoff="3" cnt="1" depid="-1" deps="-1" hasdep="0"/>
// AG-NEXT:     </tb>
// AG-NEXT:   </gpu>
// AG-NEXT:   <gpu id="2" i_chunks="1" o_chunks="4" s_chunks="0">
// AG-NEXT:     <tb id="0" send="-1" recv="-1" chan="0">
// AG-NEXT:       <step s="0" type="cpy" srcbuf="i" srcoff="0" dstbuf="o" dstoff="2" cnt="1" depid="-1" deps="-1" hasdep="1"/>
// AG-NEXT:     </tb>
// AG-NEXT:     <tb id="1" send="1" recv="-1" chan="0">
// AG-NEXT:       <step s="0" type="s" srcbuf="o" srcoff="2" dstbuf="o" dstoff="2" cnt="1" depid="0" deps="0" hasdep="0"/>
// AG-NEXT:     </tb>
// AG-NEXT:     <tb id="2" send="-1" recv="1" chan="0">
// AG-NEXT:       <step s="0" type="r" srcbuf="o" srcoff="1" dstbuf="o" dstoff="1" cnt="1" depid="-1" deps="-1" hasdep="0"/>
// AG-NEXT:       <step s="1" type="r" srcbuf="o" srcoff="0" dstbuf="o" dstoff="0" cnt="1" depid="-1" deps="-1" hasdep="0"/>
// AG-NEXT:     </tb>
// AG-NEXT:     <tb id="3" send="3" recv="-1" chan="0">
// AG-NEXT:       <step s="0" type="s" srcbuf="o" srcoff="2" dstbuf="o" dstoff="2" cnt="1" depid="0" deps="0" hasdep="0"/>
// AG-NEXT:     </tb>
// AG-NEXT:     <tb id="4" send="-1" recv="3" chan="0">
// AG-NEXT:       <step s="0" type="r" srcbuf="o" srcoff="3" dstbuf="o" dstoff="3" cnt="1" depid="-1" deps="-1" hasdep="0"/>
// AG-NEXT:     </tb>
// AG-NEXT:   </gpu>
// AG-NEXT:   <gpu id="3" i_chunks="1" o_chunks="4" s_chunks="0">
// AG-NEXT:     <tb id="0" send="-1" recv="-1" chan="0">
// AG-NEXT:       <step s="0" type="cpy" srcbuf="i" srcoff="0" dstbuf="o" dstoff="3" cnt="1" depid="-1" deps="-1" hasdep="1"/>
// AG-NEXT:     </tb>
// AG-NEXT:     <tb id="1" send="0" recv="-1" chan="0">
// AG-NEXT:       <step s="0" type="s" srcbuf="o" srcoff="3" dstbuf="o" dstoff="3" cnt="1" depid="0" deps="0" hasdep="0"/>
// AG-NEXT:     </tb>
// AG-NEXT:     <tb id="2" send="-1" recv="0" chan="0">
// AG-NEXT:       <step s="0" type="r" srcbuf="o" srcoff="0" dstbuf="o" dstoff="0" cnt="1" depid="-1" deps="-1" hasdep="0"/>
// AG-NEXT:       <step s="1" type="r" srcbuf="o" srcoff="1" dstbuf="o" dstoff="1" cnt="1" depid="-1" deps="-1" hasdep="0"/>
// AG-NEXT:     </tb>
// AG-NEXT:     <tb id="3" send="2" recv="-1" chan="0">
// AG-NEXT:       <step s="0" type="s" srcbuf="o" srcoff="3" dstbuf="o" dstoff="3" cnt="1" depid="0" deps="0" hasdep="0"/>
// AG-NEXT:     </tb>
// AG-NEXT:     <tb id="4" send="-1" recv="2" chan="0">
// AG-NEXT:       <step s="0" type="r" srcbuf="o" srcoff="2" dstbuf="o" dstoff="2" cnt="1" depid="-1" deps="-1" hasdep="0"/>
// AG-NEXT:     </tb>
// AG-NEXT:   </gpu>
// AG-NEXT: </algo>

// The classic 2-GPU All-Reduce: each GPU sends one chunk, receives the
// other, reduces it into its copied input, keeps the sum and sends it back
// (rrcs), then receives the sum of the first chunk (r), all in one
// threadblock with the peer on both sides.
// AR: <algo name="ar" proto="Simple" nchannels="1" nchunksperloop="2" ngpus="2" coll="allreduce" inplace="1" outofplace="1" minBytes="1000000" maxBytes="4000000">
// AR-NEXT:   <gpu id="0" i_chunks="2" o_chunks="2" s_chunks="0">
// AR-NEXT:     <tb id="0" send="-1" recv="-1" chan="0">
// AR-NEXT:       <step s="0" type="cpy" srcbuf="i" srcoff="0" dstbuf="o" dstoff="0" cnt="2" depid="-1" deps="-1" hasdep="1"/>
// AR-NEXT:     </tb>
// AR-NEXT:     <tb id="1" send="1" recv="1" chan="0">
// AR-NEXT:       <step s="0" type="s" srcbuf="o" srcoff="1" dstbuf="o" dstoff="1" cnt="1" depid="0" deps="0" hasdep="0"/>
// AR-NEXT:       <step s="1" type="rrcs" srcbuf="o" srcoff="0" dstbuf="o" dstoff="0" cnt="1" depid="-1" deps="-1" hasdep="0"/>
// AR-NEXT:       <step s="2" type="r" srcbuf="o" srcoff="1" dstbuf="o" dstoff="1" cnt="1" depid="-1" deps="-1" hasdep="0"/>
// AR-NEXT:     </tb>
// AR-NEXT:   </gpu>
// AR-NEXT:   <gpu id="1" i_chunks="2" o_chunks="2" s_chunks="0">
// AR-NEXT:     <tb id="0" send="-1" recv="-1" chan="0">
// AR-NEXT:       <step s="0" type="cpy" srcbuf="i" srcoff="0" dstbuf="o" dstoff="0" cnt="2" depid="-1" deps="-1" hasdep="1"/>
// AR-NEXT:     </tb>
// AR-NEXT:     <tb id="1" send="0" recv="0" chan="0">
// AR-NEXT:       <step s="0" type="s" srcbuf="o" srcoff="0" dstbuf="o" dstoff="0" cnt="1" depid="0" deps="0" hasdep="0"/>
// AR-NEXT:       <step s="1" type="rrcs" srcbuf="o" srcoff="1" dstbuf="o" dstoff="1" cnt="1" depid="-1" deps="-1" hasdep="0"/>
// AR-NEXT:       <step s="2" type="r" srcbuf="o" srcoff="0" dstbuf="o" dstoff="0" cnt="1" depid="-1" deps="-1" hasdep="0"/>
// AR-NEXT:     </tb>
// AR-NEXT:   </gpu>
// AR-NEXT: </algo>
