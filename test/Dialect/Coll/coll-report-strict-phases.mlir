// The strict-phase time of an All-Reduce (what running its two phases one
// after the other would take) is reported only when coll-decompose or
// coll-synthesize computed it in the same pipeline, as `synthesis_ms`. The
// `coll.strict_phases_time` attribute they leave is for the reader: an
// input may state any number there, and nothing short of synthesizing
// again could check it, so the report does not print a gain from it.
// RUN: tacos-opt %s --coll-decompose --coll-report -o /dev/null 2>&1 | FileCheck %s --check-prefix=RUN1
// RUN1-LABEL: algorithm @ar:
// RUN1: phases pipelined; strict phases would take 84.000 us
// RUN: tacos-opt %s --coll-decompose | tacos-opt --coll-report -o /dev/null 2>&1 | FileCheck %s --check-prefix=RUN2
// RUN2-LABEL: algorithm @ar:
// RUN2-NOT: strict phases
// RUN2: transfers
// RUN: tacos-opt %s --coll-decompose | sed 's/coll.strict_phases_time = [0-9]*/coll.strict_phases_time = 999000000/' | tacos-opt --coll-report="format=json output=-" -o /dev/null | FileCheck %s --check-prefix=FORGED
// FORGED: "name": "ar"
// FORGED-NOT: strict_phases_us
// FORGED: "verified": true

topo.network @ring4 { topo.dims [ring(4) link(50 GBps, 1 us)] }
coll.all_reduce @ar on @ring4 size(4 MB)
