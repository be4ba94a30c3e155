// The simulator reproduces synthesized times exactly:
// RUN: tacos-opt %s --coll-synthesize=trials=4 > %t.synth
// RUN: tacos-opt %t.synth --coll-simulate > %t.sim
// RUN: diff %t.synth %t.sim
// RUN: tacos-opt %s --coll-synthesize=algorithm=rhd --coll-materialize=form=packed > %t.rhd
// RUN: tacos-opt %t.rhd --coll-materialize=form=ops > %t.rhd.ops
// RUN: tacos-opt %t.rhd --coll-simulate --coll-materialize=form=ops | diff %t.rhd.ops -

topo.network @torus { topo.dims [ring(4) link(50 GiBps, 0.5 us), ring(4) link(50 GiBps, 0.5 us)] }
coll.all_gather @ag on @torus size(64 MiB) chunks(2)
coll.broadcast @bc on @torus root(5) size(64 MiB) chunks(4)
coll.all_to_all @a2a on @torus size(16 MiB)

