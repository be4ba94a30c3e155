// A collective on one NPU takes 0 ps and so does its bound: the ratio is
// undefined and the report says so (JSON null, text n/a), never NaN.
// RUN: tacos-opt %s --coll-synthesize --coll-report="format=json output=-" -o /dev/null | FileCheck %s --check-prefix=JSON
// RUN: tacos-opt %s --coll-synthesize --coll-report="format=json output=-" -o /dev/null | %python -c "import json, sys; json.load(sys.stdin, parse_constant=lambda c: sys.exit('not JSON: ' + c))"
// RUN: tacos-opt %s --coll-synthesize --coll-report -o /dev/null 2>&1 | FileCheck %s --check-prefix=TEXT

topo.network @one { topo.npus 1 }
coll.all_gather @ag on @one size(1 MB)

// JSON: "ratio_to_bound": null
// JSON: "time_us": 0
// TEXT: lower bound 0.000 us (ratio n/a;
