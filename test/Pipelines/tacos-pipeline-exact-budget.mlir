// The pipeline passes rlimit= to exact synthesis (Z3's resource budget,
// counted the same on every machine): 10^6 units do not settle this
// All-to-All, so TACOS's schedule is kept with the gap and a warning that
// names the option.
// RUN: tacos-opt %s --tacos-pipeline="algorithm=exact rlimit=1000000" -o /dev/null 2>&1 | FileCheck %s
// REQUIRES: z3

topo.network @ring8 { topo.dims [ring(8) link(50 GBps, 1 us)] }
// CHECK: exact-budget.mlir:[[@LINE+1]]:1: warning: exact: not proved optimal, gap: the optimum lies in [168 us (load lower bound), 189 us]; the resource budget rlimit=1000000 ran out; raise rlimit= (0: no limit)
coll.all_to_all @a2a on @ring8 size(8 MB)
// CHECK: algorithm @a2a: all_to_all, 8 NPUs
