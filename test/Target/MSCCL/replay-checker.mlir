// The replay checker (Inputs/replay_msccl.py) rejects broken programs: each
// file in Inputs/replay-bad is the exported 2-GPU ring All-Reduce of
// export-ring.mlir with one fault.
// RUN: not %python %S/Inputs/replay_msccl.py %S/Inputs/replay-bad/race.xml | FileCheck %s --check-prefix=RACE
// RUN: not %python %S/Inputs/replay_msccl.py %S/Inputs/replay-bad/missing-attribute.xml | FileCheck %s --check-prefix=ATTR
// RUN: not %python %S/Inputs/replay_msccl.py %S/Inputs/replay-bad/double-count.xml | FileCheck %s --check-prefix=TWICE
// RUN: not %python %S/Inputs/replay_msccl.py %S/Inputs/replay-bad/deadlock.xml | FileCheck %s --check-prefix=DEADLOCK
// RUN: not %python %S/Inputs/replay_msccl.py %S/Inputs/replay-bad/dangling.xml | FileCheck %s --check-prefix=DANGLING
// RUN: not %python %S/Inputs/replay_msccl.py %S/Inputs/replay-bad/wrong-place.xml | FileCheck %s --check-prefix=PLACE

// The reduction no longer waits for the copy of the input it reduces into;
// the replay ran the copy first, but nothing orders them on a GPU.
// RACE: error: gpu 0 tb 2 step 0 (rrc): races with an earlier write of o[0] by tb 0
// ATTR: error: algo: attribute maxBytes of node algo not found
// TWICE: error: gpu 0 tb 2 step 1 (rrc): reduction counts [(0, 1)] twice
// DEADLOCK: error: deadlock: gpu 0 tb 1 at step 0, gpu 0 tb 2 at step 1, gpu 1 tb 1 at step 1, gpu 1 tb 2 at step 0
// DANGLING: error: gpu 0 tb 1 step 0: dangling dependency (7, 0)
// PLACE: error: gpu 0 tb 2 step 1 (r): overwrites o[0] while tb 1 may still read it
