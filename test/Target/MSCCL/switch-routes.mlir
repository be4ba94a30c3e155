// Routed transfers (switches as nodes) in every export: MSCCL-IR XML and
// MSCCL++ plans see GPU-to-GPU messages (the switch is transparent), the
// XML imports back onto the switch network as routed transfers with the
// same times, and the timeline draws a routed transfer on its source's
// port while the network drawing counts it on every link of its path.
// RUN: tacos-translate %s --export-msccl-xml --algorithm=ring > %t.xml
// RUN: FileCheck %s --check-prefix=XML < %t.xml
// RUN: tacos-translate %t.xml --import-msccl-xml --msccl-network=%S/Inputs/switch3.mlir --msccl-chunk-bytes=1000000 | tacos-opt --coll-verify | FileCheck %s --check-prefix=IMPORT
// RUN: tacos-translate %s --export-mscclpp-plan --algorithm=ar | FileCheck %s --check-prefix=PLAN
// RUN: tacos-translate %s --export-chrome-trace --algorithm=ring | FileCheck %s --check-prefix=TRACE
// RUN: tacos-translate %s --export-dot --algorithm=ring | FileCheck %s --check-prefix=DOT

topo.network @sw3 {
  topo.npus 3
  topo.switch @nvs [0, 1, 2] link(100 GBps, 500 ns)
}
coll.algorithm @ring all_gather on @sw3 size(3 MB) time(22 us) {
  coll.transfer copy 0 over 0 -> 1 via @nvs at [0, 11000000]
  coll.transfer copy 1 over 1 -> 2 via @nvs at [0, 11000000]
  coll.transfer copy 2 over 2 -> 0 via @nvs at [0, 11000000]
  coll.transfer copy 0 over 1 -> 2 via [@nvs] at [11000000, 22000000]
  coll.transfer copy 1 over 2 -> 0 via @nvs at [11000000, 22000000]
  coll.transfer copy 2 over 0 -> 1 via @nvs at [11000000, 22000000]
}
coll.algorithm @ar all_reduce on @sw3 size(3 MB) chunks(1) time(44 us) {
  coll.transfer reduce 0 over 1 -> 0 via @nvs at [0, 11000000]
  coll.transfer reduce 1 over 2 -> 1 via @nvs at [0, 11000000]
  coll.transfer reduce 2 over 0 -> 2 via @nvs at [0, 11000000]
  coll.transfer reduce 0 over 2 -> 0 via @nvs at [11000000, 22000000]
  coll.transfer reduce 1 over 0 -> 1 via @nvs at [11000000, 22000000]
  coll.transfer reduce 2 over 1 -> 2 via @nvs at [11000000, 22000000]
  coll.transfer copy 0 over 0 -> 1 via @nvs at [22000000, 33000000]
  coll.transfer copy 1 over 1 -> 2 via @nvs at [22000000, 33000000]
  coll.transfer copy 2 over 2 -> 0 via @nvs at [22000000, 33000000]
  coll.transfer copy 0 over 1 -> 2 via @nvs at [33000000, 44000000]
  coll.transfer copy 1 over 2 -> 0 via @nvs at [33000000, 44000000]
  coll.transfer copy 2 over 0 -> 1 via @nvs at [33000000, 44000000]
}

// XML: <algo name="ring" {{.*}} ngpus="3" coll="allgather"
// XML: <tb id="1" send="1" recv="2" chan="0">

// IMPORT: coll.algorithm @ring all_gather on @sw3 size(3 MB) time(22 us) attributes {coll.verified}
// IMPORT-NEXT: coll.transfer copy 0 over 0 -> 1 via @nvs at [0, 11000000]
// IMPORT-COUNT-5: via @nvs

// PLAN: "collective": "allreduce"
// PLAN: "channels": [

// TRACE: "thread_name",{{.*}}"name":"0 -> @nvs"
// TRACE: "name":"copy chunk 0",{{.*}}"via":"0 -> 1 via @nvs"

// DOT: n3 [shape=diamond{{.*}}label="nvs"];
// DOT: n0 -> n3 [label="100%"
// DOT: n3 -> n0 [label="100%"
