// The replay checker (Inputs/replay_mscclpp.py) rejects broken plans: each
// file in Inputs/replay-bad is an exported plan with one fault, written by
// Inputs/replay-bad/make_faults.py from the 2-GPU ring All-Reduce and the
// 4-GPU ring All-Gather (swapped-peer) of export-ring.mlir and the torus
// Broadcast of replay.mlir (release-after-wait: without the nop between a
// wait and a release of two semaphores, which the exporter's first version
// left out, so that thread 1 could release before thread 0's wait was over).
// RUN: not %python %S/Inputs/replay_mscclpp.py %S/Inputs/replay-bad/dropped-wait.json | FileCheck %s --check-prefix=WAIT
// RUN: not %python %S/Inputs/replay_mscclpp.py %S/Inputs/replay-bad/wrong-index.json | FileCheck %s --check-prefix=INDEX
// RUN: not %python %S/Inputs/replay_mscclpp.py %S/Inputs/replay-bad/swapped-peer.json | FileCheck %s --check-prefix=PEER
// RUN: not %python %S/Inputs/replay_mscclpp.py %S/Inputs/replay-bad/missing-nop.json | FileCheck %s --check-prefix=NOP
// RUN: not %python %S/Inputs/replay_mscclpp.py %S/Inputs/replay-bad/missing-field.json | FileCheck %s --check-prefix=FIELD
// RUN: not %python %S/Inputs/replay_mscclpp.py %S/Inputs/replay-bad/deadlock.json | FileCheck %s --check-prefix=DEADLOCK
// RUN: not %python %S/Inputs/replay_mscclpp.py %S/Inputs/replay-bad/dropped-acquire.json | FileCheck %s --check-prefix=ACQUIRE
// RUN: not %python %S/Inputs/replay_mscclpp.py %S/Inputs/replay-bad/extra-signal.json | FileCheck %s --check-prefix=SIGNAL
// RUN: not %python %S/Inputs/replay_mscclpp.py %S/Inputs/replay-bad/double-count.json | FileCheck %s --check-prefix=TWICE
// RUN: not %python %S/Inputs/replay_mscclpp.py %S/Inputs/replay-bad/unpaired-channel.json | FileCheck %s --check-prefix=UNPAIRED
// RUN: not %python %S/Inputs/replay_mscclpp.py %S/Inputs/replay-bad/release-after-wait.json --root 4 | FileCheck %s --check-prefix=WIDTH

// GPU 0 reduces its landing chunk without waiting for GPU 1's put.
// WAIT: error: gpu 0 tb 2 op 3 (re): reads s[0] of gpu 0 before anything was written there
// GPU 1 puts into GPU 0's s[1]; GPU 0 reduces s[0].
// INDEX: error: gpu 0 tb 2 op 4 (re): reads s[0] of gpu 0 before anything was written there
// GPU 0's remote buffers of GPUs 1 and 3 swapped: its puts land on the
// wrong GPU, where they collide with that GPU's own receives.
// PEER: error: gpu 1 tb 3 op 3 (put): races with an earlier write of o[1] by gpu 0 tb 3
// NOP: error: gpu 0 tb 1 op 4 (sem_release): follows a data operation with no nop; other threads may still be moving data
// FIELD: error: gpu 1: field scratch_chunks not found
// Both receiving threadblocks wait before their start signal.
// DEADLOCK: error: deadlock: gpu 0 tb 1 at op 0, gpu 0 tb 2 at op 0, gpu 1 tb 1 at op 0, gpu 1 tb 2 at op 0
// The reduction into o[0] no longer waits for the copy of the input.
// ACQUIRE: error: gpu 0 tb 2 op 3 (re): races with an earlier write of o[0] by gpu 0 tb 0
// SIGNAL: error: gpu 0 channel 1: 3 signals, 2 waits
// GPU 1 reduces the finished sum into its partial sum instead of copying it.
// TWICE: error: gpu 1 tb 2 op 10 (re): reduction counts [(1, 0)] twice
// UNPAIRED: error: gpu 0 channel 1 to 1 has no channel back on gpu 1
// WIDTH: error: gpu 1 tb 2 op 2 (sem_release): follows a wait or acquire on several threads with no nop; a thread may go on before another one's wait is over
