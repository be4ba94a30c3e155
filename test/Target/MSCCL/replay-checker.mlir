// The replay checker (Inputs/replay_msccl.py) rejects broken programs: each
// file in Inputs/replay-bad is an exported program with one fault (the
// first six: the 2-GPU ring All-Reduce of export-ring.mlir before fusion).
// RUN: not %python %S/Inputs/replay_msccl.py %S/Inputs/replay-bad/race.xml | FileCheck %s --check-prefix=RACE
// RUN: not %python %S/Inputs/replay_msccl.py %S/Inputs/replay-bad/missing-attribute.xml | FileCheck %s --check-prefix=ATTR
// RUN: not %python %S/Inputs/replay_msccl.py %S/Inputs/replay-bad/double-count.xml | FileCheck %s --check-prefix=TWICE
// RUN: not %python %S/Inputs/replay_msccl.py %S/Inputs/replay-bad/deadlock.xml | FileCheck %s --check-prefix=DEADLOCK
// RUN: not %python %S/Inputs/replay_msccl.py %S/Inputs/replay-bad/dangling.xml | FileCheck %s --check-prefix=DANGLING
// RUN: not %python %S/Inputs/replay_msccl.py %S/Inputs/replay-bad/wrong-place.xml | FileCheck %s --check-prefix=PLACE
// RUN: not %python %S/Inputs/replay_msccl.py %S/Inputs/replay-bad/rcs-wrong-dst.xml | FileCheck %s --check-prefix=RCS
// RUN: not %python %S/Inputs/replay_msccl.py %S/Inputs/replay-bad/rrcs-as-rrs.xml | FileCheck %s --check-prefix=RRCS
// RUN: not %python %S/Inputs/replay_msccl.py %S/Inputs/replay-bad/rrs-wrong-src.xml | FileCheck %s --check-prefix=RRS
// RUN: not %python %S/Inputs/replay_msccl.py %S/Inputs/replay-bad/cnt-mismatch.xml | FileCheck %s --check-prefix=CNT
// RUN: not %python %S/Inputs/replay_msccl.py %S/Inputs/replay-bad/big-message-shared-tb.xml | FileCheck %s --check-prefix=BIG
// RUN: %python %S/Inputs/replay_msccl.py %S/Inputs/replay-re.xml | FileCheck %s --check-prefix=RE-OK
// RUN: not %python %S/Inputs/replay_msccl.py %S/Inputs/replay-bad/re-twice.xml | FileCheck %s --check-prefix=RE
// RUN: not %python %S/Inputs/replay_msccl.py %S/Inputs/replay-bad/nop-without-dependency.xml | FileCheck %s --check-prefix=NOP
// RUN: not %python %S/Inputs/replay_msccl.py %S/Inputs/replay-bad/nop-then-no-dependency.xml | FileCheck %s --check-prefix=AFTER-NOP
// RUN: %python %S/Inputs/replay_msccl.py %S/Inputs/replay-bad/a2a-inplace.xml | FileCheck %s --check-prefix=A2A-OUT-OF-PLACE
// RUN: not %python %S/Inputs/replay_msccl.py %S/Inputs/replay-bad/a2a-inplace.xml --in-place | FileCheck %s --check-prefix=A2A-IN-PLACE

// The reduction no longer waits for the copy of the input it reduces into;
// the replay ran the copy first, but nothing orders them on a GPU.
// RACE: error: gpu 0 tb 2 step 0 (rrc): races with an earlier write of o[0] by tb 0
// ATTR: error: algo: attribute maxBytes of node algo not found
// TWICE: error: gpu 0 tb 2 step 1 (rrc): reduction counts [(0, 1)] twice
// DEADLOCK: error: deadlock: gpu 0 tb 1 at step 0, gpu 0 tb 2 at step 1, gpu 1 tb 1 at step 1, gpu 1 tb 2 at step 0
// DANGLING: error: gpu 0 tb 1 step 0: dangling dependency (7, 0)
// PLACE: error: gpu 0 tb 2 step 1 (r): overwrites o[0] while tb 1 may still read it

// The fused steps and cnt > 1, each with a fault of its own (the first five
// from the exported 4-GPU ring All-Reduce @ar_ring of replay.mlir and the
// cnt=3 ring All-Gather of Inputs/aggregate.mlir):
// rcs writes its destination: pointed one slot off, it writes o[0] of GPU 0,
// which another threadblock of GPU 0 sends with no order between (a race).
// RCS: error: gpu 0 tb 2 step 2 (s): races with an earlier write of o[0] by tb 1
// rrs sends the sum but keeps nothing: as the first rrcs, GPU 0 keeps the
// partial sum it had before, and the total it ends with misses GPU 3.
// RRCS: error: gpu 0 o[0] holds [(0, 0), (1, 0), (2, 0)], expected [(0, 0), (1, 0), (2, 0), (3, 0)]
// rrs reduces with its source: one slot off, a foreign chunk joins the sum.
// RRS: error: gpu 0 o[1] holds [(0, 2), (1, 1), (2, 1), (3, 1)], expected [(0, 1), (1, 1), (2, 1), (3, 1)]
// cnt: a receive of 2 chunks paired with a send of 3.
// CNT: error: gpu 1 tb 1 step 0 (r): receives 2 chunks, the matching send sent 3
// A step's chunks go through the connection one at a time and it holds two:
// a send of 3 finishes only while its receive runs, so with each GPU's send
// and receive in one threadblock (send first) every GPU waits in its send.
// BIG: error: deadlock: gpu 0 tb 1 at step 0, gpu 1 tb 1 at step 0, gpu 2 tb 1 at step 0
// re: dst = src (op) dst. A hand-written All-Reduce that receives into
// scratch and reduces locally replays; applying the re twice counts the
// peer's contribution twice.
// RE-OK: ok: allreduce on 2 gpus, 8 steps, delivered
// RE: error: gpu 0 tb 2 step 2 (re): reduction counts [(1, 0)] twice
// The exported 4-GPU ring All-to-All (@a2a_ring of replay.mlir) claiming
// inplace="1": fine out of place, but in place a receive overwrites an input
// chunk before it is sent.
// A2A-OUT-OF-PLACE: ok: alltoall on 4 gpus, 32 steps, delivered
// A2A-IN-PLACE: error: gpu 1 tb 2 step 1 (r): overwrites o[0] while tb 1 may still read it

// The executor's parser folds nops into the next real step's dependency
// list: a nop without a dependency shifts its step count, and a step after
// nops without a dependency of its own makes it ignore the file. Both from
// an exported 3-GPU All-Reduce (chunks(3)) whose threadblock 4 on GPU 0
// waits for two threadblocks.
// NOP: error: gpu 0 tb 4 step 3: nop without a dependency
// AFTER-NOP: error: gpu 0 tb 4 step 4: follows nops but has no dependency of its own
