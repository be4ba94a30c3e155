// `coll.verified` (and `coll.verified_smt`) record coll-verify's verdict for
// the reader; nothing believes them. An algorithm that carries them but is
// wrong (a transfer too short for its link, a time that is not its last
// transfer's end) is refused by everything that turns it into something
// that runs: convert-coll-to-mpi (alone or before tacos-lower-to-llvm),
// tacos-run, and the MSCCL-IR and MSCCL++ exports, each with coll-verify's
// finding, located on the transfer. coll-report says it is not verified.
// The Chrome trace is a view of what the IR says, used to look at broken
// schedules too (its events are the transfers' own times, and it states no
// verdict): it exports them.

// RUN: not tacos-opt %s --convert-coll-to-mpi -o /dev/null 2>&1 | FileCheck %s --check-prefix=LOWER
// RUN: not tacos-opt %s --convert-coll-to-mpi --tacos-lower-to-llvm -o /dev/null 2>&1 | FileCheck %s --check-prefix=LOWER
// RUN: not tacos-translate %s --export-msccl-xml --algorithm=short 2>&1 | FileCheck %s --check-prefix=XML-SHORT
// RUN: not tacos-translate %s --export-msccl-xml --algorithm=fast 2>&1 | FileCheck %s --check-prefix=XML-FAST
// RUN: not tacos-translate %s --export-mscclpp-plan --algorithm=short 2>&1 | FileCheck %s --check-prefix=PLAN-SHORT
// RUN: not tacos-translate %s --export-mscclpp-plan --algorithm=fast 2>&1 | FileCheck %s --check-prefix=PLAN-FAST
// RUN: not tacos-translate %s --export-msccl-xml --algorithm=padded 2>&1 | FileCheck %s --check-prefix=XML-PADDED
// RUN: not tacos-translate %s --export-mscclpp-plan --algorithm=padded 2>&1 | FileCheck %s --check-prefix=PLAN-PADDED

// tacos-run verifies before it lowers; `--mpirun true` would not run
// anything, and is never reached.
// RUN: not tacos-run %s -np 2 --mpirun true --algorithm @short 2>&1 | FileCheck %s --check-prefix=RUN-SHORT
// RUN: not tacos-run %s -np 2 --mpirun true --algorithm @fast 2>&1 | FileCheck %s --check-prefix=RUN-FAST
// RUN: not tacos-run %s -np 2 --mpirun true --algorithm @padded 2>&1 | FileCheck %s --check-prefix=RUN-PADDED

// RUN: tacos-opt %s --coll-report=format=json -o /dev/null 2>&1 | FileCheck %s --check-prefix=REPORT
// REPORT: "name": "short"
// REPORT: "verified": false
// REPORT: "name": "fast"
// REPORT: "verified": false
// REPORT: "name": "padded"
// REPORT: "verified": false

// RUN: tacos-translate %s --export-chrome-trace | FileCheck %s --check-prefix=TRACE
// TRACE: "name":"copy chunk 0"
// TRACE-NOT: verified

topo.network @pair { topo.npus 2  topo.link 0 <-> 1 link(50 GBps, 1 us) }

// Transfer 1 takes 1 us; 4 bytes at 50 GBps take 80 ps more.
// LOWER: verified-not-trusted.mlir:[[# @LINE+6]]:1: error: convert-coll-to-mpi: refusing to lower @short, which coll-verify rejects: link: transfer 1: chunk 0 over 0 -> 1 at [0, 1000000]: takes 1000000 ps, the link needs 1000080 ps
// LOWER: verified-not-trusted.mlir:[[# @LINE+9]]:3: note: transfer 1
// LOWER: note: its coll.verified attributes are not trusted: every algorithm is verified again before it is lowered or exported
// XML-SHORT: verified-not-trusted.mlir:[[# @LINE+3]]:1: error: export-msccl-xml: refusing to export @short, which coll-verify rejects: link: transfer 1:
// XML-SHORT: verified-not-trusted.mlir:[[# @LINE+6]]:3: note: transfer 1
// PLAN-SHORT: verified-not-trusted.mlir:[[# @LINE+1]]:1: error: export-mscclpp-plan: refusing to export @short, which coll-verify rejects: link: transfer 1:
coll.algorithm @short all_gather on @pair size(8 B) time(1.00008 us) attributes {coll.verified, coll.verified_smt} {
  coll.transfer copy 1 over 1 -> 0 at [0, 1000080]
  // RUN-SHORT: verified-not-trusted.mlir:[[# @LINE+2]]:3: error: tacos-run: link: chunk 0 over 0 -> 1 at [0, 1000000]: takes 1000000 ps, the link needs 1000080 ps
  // RUN-SHORT: error: @short fails verification (link); it is not run
  coll.transfer copy 0 over 0 -> 1 at [0, 1000000]
}

// Correct transfers, but a time shorter than the last one's end: the time
// is wrong (the chunks that land after it are due by the last end then, so
// the one mistake is not reported again as late deliveries).
// LOWER: verified-not-trusted.mlir:[[# @LINE+5]]:1: error: convert-coll-to-mpi: refusing to lower @fast, which coll-verify rejects: time: reported time 1000000 ps, but the last transfer ends at 1000080 ps
// LOWER: note: its coll.verified attributes are not trusted
// XML-FAST: verified-not-trusted.mlir:[[# @LINE+3]]:1: error: export-msccl-xml: refusing to export @fast, which coll-verify rejects: time: reported time 1000000 ps
// PLAN-FAST: verified-not-trusted.mlir:[[# @LINE+2]]:1: error: export-mscclpp-plan: refusing to export @fast, which coll-verify rejects: time: reported time 1000000 ps
// RUN-FAST: verified-not-trusted.mlir:[[# @LINE+1]]:1: error: @fast fails verification (time); it is not run
coll.algorithm @fast all_gather on @pair size(8 B) time(1 us) attributes {coll.verified} {
  coll.transfer copy 1 over 1 -> 0 at [0, 1000080]
  coll.transfer copy 0 over 0 -> 1 at [0, 1000080]
}

// A time longer than the last end is refused too: the time is what reports
// and tacos-run's watchdog read.
// LOWER: verified-not-trusted.mlir:[[# @LINE+4]]:1: error: convert-coll-to-mpi: refusing to lower @padded, which coll-verify rejects: time: reported time 5000000 ps, but the last transfer ends at 1000080 ps
// XML-PADDED: verified-not-trusted.mlir:[[# @LINE+3]]:1: error: export-msccl-xml: refusing to export @padded, which coll-verify rejects: time:
// PLAN-PADDED: verified-not-trusted.mlir:[[# @LINE+2]]:1: error: export-mscclpp-plan: refusing to export @padded, which coll-verify rejects: time:
// RUN-PADDED: verified-not-trusted.mlir:[[# @LINE+1]]:1: error: @padded fails verification (time); it is not run
coll.algorithm @padded all_gather on @pair size(8 B) time(5 us) attributes {coll.verified} {
  coll.transfer copy 1 over 1 -> 0 at [0, 1000080]
  coll.transfer copy 0 over 0 -> 1 at [0, 1000080]
}
