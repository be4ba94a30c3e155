// The plan of a ring All-Gather (4 GPUs) and of a ring All-Reduce (2 GPUs),
// every field of GPU 0, and both replayed by the independent checker.
// RUN: tacos-opt %S/Inputs/ring.mlir --coll-synthesize > %t.mlir
// RUN: tacos-translate %t.mlir --export-mscclpp-plan --algorithm=ag > %t.ag.json
// RUN: FileCheck %s --check-prefix=AG --match-full-lines < %t.ag.json
// RUN: FileCheck %s --check-prefix=AG-TAIL --match-full-lines < %t.ag.json
// RUN: %python %S/Inputs/replay_mscclpp.py %t.ag.json | FileCheck %s --check-prefix=AG-REPLAY
// RUN: tacos-translate %t.mlir --export-mscclpp-plan --algorithm=ar > %t.ar.json
// RUN: FileCheck %s --check-prefix=AR --match-full-lines < %t.ar.json
// RUN: %python %S/Inputs/replay_mscclpp.py %t.ar.json | FileCheck %s --check-prefix=AR-REPLAY
// AG-REPLAY: ok: allgather on 4 gpus, 108 operations, delivered
// AR-REPLAY: ok: allreduce on 2 gpus, 52 operations, delivered

// All-Gather, GPU 0: threadblock 0 copies its input to output chunk 0 and
// releases the two sending threadblocks (semaphores 0 and 1). Threadblock 1
// sends to GPU 1: it waits for GPU 1's start signal, acquires the copy,
// puts o[0] straight into GPU 1's o[0] (remote buffer 0: GPU 1's output)
// and signals; then it forwards o[3] once the threadblock receiving from
// GPU 3 released it (semaphore 2). Receiving threadblocks signal their
// sender once at the start, then wait for each put; a put that is a chunk's
// first write lands in its place, so receiving needs no copy.
// AG: {
// AG-NEXT:   "name": "ag",
// AG-NEXT:   "collective": "allgather",
// AG-NEXT:   "protocol": "Simple",
// AG-NEXT:   "inplace": false,
// AG-NEXT:   "reuse_resources": false,
// AG-NEXT:   "gpus": [
// AG-NEXT:     {
// AG-NEXT:       "id": 0,
// AG-NEXT:       "input_chunks": 1,
// AG-NEXT:       "output_chunks": 4,
// AG-NEXT:       "scratch_chunks": 0,
// AG-NEXT:       "threadblocks": [
// AG-NEXT:         {
// AG-NEXT:           "id": 0,
// AG-NEXT:           "ops": [
// AG-NEXT:             {"name": "copy", "src_buff": [{"type": "i", "index": 0, "size": 1}], "dst_buff": [{"type": "o", "index": 0, "size": 1}]},
// AG-NEXT:             {"name": "nop"},
// AG-NEXT:             {"name": "sem_release", "semaphore_ids": [0, 1]}
// AG-NEXT:           ],
// AG-NEXT:           "channels": [],
// AG-NEXT:           "remote_buffer_refs": []
// AG-NEXT:         },
// AG-NEXT:         {
// AG-NEXT:           "id": 1,
// AG-NEXT:           "ops": [
// AG-NEXT:             {"name": "wait", "channel_ids": [0], "channel_type": "memory"},
// AG-NEXT:             {"name": "sem_acquire", "semaphore_ids": [0]},
// AG-NEXT:             {"name": "nop"},
// AG-NEXT:             {"name": "put", "src_buff": [{"type": "o", "index": 0, "size": 1}], "dst_buff": [{"buffer_id": 0, "index": 0, "size": 1}], "channel_type": "memory"},
// AG-NEXT:             {"name": "nop"},
// AG-NEXT:             {"name": "signal", "channel_ids": [0], "channel_type": "memory"},
// AG-NEXT:             {"name": "sem_acquire", "semaphore_ids": [2]},
// AG-NEXT:             {"name": "nop"},
// AG-NEXT:             {"name": "put", "src_buff": [{"type": "o", "index": 3, "size": 1}], "dst_buff": [{"buffer_id": 0, "index": 3, "size": 1}], "channel_type": "memory"},
// AG-NEXT:             {"name": "nop"},
// AG-NEXT:             {"name": "signal", "channel_ids": [0], "channel_type": "memory"}
// AG-NEXT:           ],
// AG-NEXT:           "channels": [{"channel_type": "memory", "channel_ids": [0]}],
// AG-NEXT:           "remote_buffer_refs": [{"access_channel_type": "memory", "remote_buffer_ids": [0]}]
// AG-NEXT:         },
// AG-NEXT:         {
// AG-NEXT:           "id": 2,
// AG-NEXT:           "ops": [
// AG-NEXT:             {"name": "signal", "channel_ids": [0], "channel_type": "memory"},
// AG-NEXT:             {"name": "wait", "channel_ids": [0], "channel_type": "memory"},
// AG-NEXT:             {"name": "nop"},
// AG-NEXT:             {"name": "sem_release", "semaphore_ids": [3]},
// AG-NEXT:             {"name": "wait", "channel_ids": [0], "channel_type": "memory"}
// AG-NEXT:           ],
// AG-NEXT:           "channels": [{"channel_type": "memory", "channel_ids": [1]}],
// AG-NEXT:           "remote_buffer_refs": []
// AG-NEXT:         },
// AG-NEXT:         {
// AG-NEXT:           "id": 3,
// AG-NEXT:           "ops": [
// AG-NEXT:             {"name": "wait", "channel_ids": [0], "channel_type": "memory"},
// AG-NEXT:             {"name": "sem_acquire", "semaphore_ids": [1]},
// AG-NEXT:             {"name": "nop"},
// AG-NEXT:             {"name": "put", "src_buff": [{"type": "o", "index": 0, "size": 1}], "dst_buff": [{"buffer_id": 0, "index": 0, "size": 1}], "channel_type": "memory"},
// AG-NEXT:             {"name": "nop"},
// AG-NEXT:             {"name": "signal", "channel_ids": [0], "channel_type": "memory"},
// AG-NEXT:             {"name": "sem_acquire", "semaphore_ids": [3]},
// AG-NEXT:             {"name": "nop"},
// AG-NEXT:             {"name": "put", "src_buff": [{"type": "o", "index": 1, "size": 1}], "dst_buff": [{"buffer_id": 0, "index": 1, "size": 1}], "channel_type": "memory"},
// AG-NEXT:             {"name": "nop"},
// AG-NEXT:             {"name": "signal", "channel_ids": [0], "channel_type": "memory"}
// AG-NEXT:           ],
// AG-NEXT:           "channels": [{"channel_type": "memory", "channel_ids": [2]}],
// AG-NEXT:           "remote_buffer_refs": [{"access_channel_type": "memory", "remote_buffer_ids": [1]}]
// AG-NEXT:         },
// AG-NEXT:         {
// AG-NEXT:           "id": 4,
// AG-NEXT:           "ops": [
// AG-NEXT:             {"name": "signal", "channel_ids": [0], "channel_type": "memory"},
// AG-NEXT:             {"name": "wait", "channel_ids": [0], "channel_type": "memory"},
// AG-NEXT:             {"name": "nop"},
// AG-NEXT:             {"name": "sem_release", "semaphore_ids": [2]}
// AG-NEXT:           ],
// AG-NEXT:           "channels": [{"channel_type": "memory", "channel_ids": [3]}],
// AG-NEXT:           "remote_buffer_refs": []
// AG-NEXT:         }
// AG-NEXT:       ],
// AG-NEXT:       "channels": [{"channel_type": "memory", "connected_to": [1, 1, 3, 3]}],
// AG-NEXT:       "remote_buffers": [{"rank": 1, "type": "o", "access_channel_types": ["memory"]}, {"rank": 3, "type": "o", "access_channel_types": ["memory"]}],
// AG-NEXT:       "semaphores": [{"init_value": 0}, {"init_value": 0}, {"init_value": 0}, {"init_value": 0}]
// AG-NEXT:     },

// The top level ends with the fields the executor reads with defaults.
// AG-TAIL:   "num_threads_per_block": 1024,
// AG-TAIL-NEXT:   "use_double_scratch_buffer": false,
// AG-TAIL-NEXT:   "buffer_alignment": 16,
// AG-TAIL-NEXT:   "min_message_size": 0,
// AG-TAIL-NEXT:   "max_message_size": 18446744073709551615
// AG-TAIL-NEXT: }

// All-Reduce, GPU 0 (2 GPUs, 2 chunks): after the copy of its input, it puts
// o[1] into GPU 1's scratch s[0] (GPU 1 already holds chunk 1, so the put
// must not land in its place), receives GPU 1's o[0] in its own s[0] and
// reduces it into o[0] (re), sends the sum back into GPU 1's s[1] once the
// re released it (semaphore 2), and copies the sum of chunk 1 from s[1]
// into o[1] once its own put of o[1] is done (semaphore 3).
// AR:   "gpus": [
// AR-NEXT:     {
// AR-NEXT:       "id": 0,
// AR-NEXT:       "input_chunks": 2,
// AR-NEXT:       "output_chunks": 2,
// AR-NEXT:       "scratch_chunks": 2,
// AR-NEXT:       "threadblocks": [
// AR-NEXT:         {
// AR-NEXT:           "id": 0,
// AR-NEXT:           "ops": [
// AR-NEXT:             {"name": "copy", "src_buff": [{"type": "i", "index": 0, "size": 2}], "dst_buff": [{"type": "o", "index": 0, "size": 2}]},
// AR-NEXT:             {"name": "nop"},
// AR-NEXT:             {"name": "sem_release", "semaphore_ids": [0, 1]}
// AR-NEXT:           ],
// AR-NEXT:           "channels": [],
// AR-NEXT:           "remote_buffer_refs": []
// AR-NEXT:         },
// AR-NEXT:         {
// AR-NEXT:           "id": 1,
// AR-NEXT:           "ops": [
// AR-NEXT:             {"name": "wait", "channel_ids": [0], "channel_type": "memory"},
// AR-NEXT:             {"name": "sem_acquire", "semaphore_ids": [0]},
// AR-NEXT:             {"name": "nop"},
// AR-NEXT:             {"name": "put", "src_buff": [{"type": "o", "index": 1, "size": 1}], "dst_buff": [{"buffer_id": 0, "index": 0, "size": 1}], "channel_type": "memory"},
// AR-NEXT:             {"name": "nop"},
// AR-NEXT:             {"name": "sem_release", "semaphore_ids": [3]},
// AR-NEXT:             {"name": "signal", "channel_ids": [0], "channel_type": "memory"},
// AR-NEXT:             {"name": "sem_acquire", "semaphore_ids": [2]},
// AR-NEXT:             {"name": "nop"},
// AR-NEXT:             {"name": "put", "src_buff": [{"type": "o", "index": 0, "size": 1}], "dst_buff": [{"buffer_id": 0, "index": 1, "size": 1}], "channel_type": "memory"},
// AR-NEXT:             {"name": "nop"},
// AR-NEXT:             {"name": "signal", "channel_ids": [0], "channel_type": "memory"}
// AR-NEXT:           ],
// AR-NEXT:           "channels": [{"channel_type": "memory", "channel_ids": [0]}],
// AR-NEXT:           "remote_buffer_refs": [{"access_channel_type": "memory", "remote_buffer_ids": [0]}]
// AR-NEXT:         },
// AR-NEXT:         {
// AR-NEXT:           "id": 2,
// AR-NEXT:           "ops": [
// AR-NEXT:             {"name": "signal", "channel_ids": [0], "channel_type": "memory"},
// AR-NEXT:             {"name": "wait", "channel_ids": [0], "channel_type": "memory"},
// AR-NEXT:             {"name": "sem_acquire", "semaphore_ids": [1]},
// AR-NEXT:             {"name": "nop"},
// AR-NEXT:             {"name": "re", "src_buff": [{"type": "o", "index": 0, "size": 1}, {"type": "s", "index": 0, "size": 1}], "dst_buff": [{"type": "o", "index": 0, "size": 1}], "reduce_op": "sum"},
// AR-NEXT:             {"name": "nop"},
// AR-NEXT:             {"name": "sem_release", "semaphore_ids": [2]},
// AR-NEXT:             {"name": "wait", "channel_ids": [0], "channel_type": "memory"},
// AR-NEXT:             {"name": "sem_acquire", "semaphore_ids": [3]},
// AR-NEXT:             {"name": "nop"},
// AR-NEXT:             {"name": "copy", "src_buff": [{"type": "s", "index": 1, "size": 1}], "dst_buff": [{"type": "o", "index": 1, "size": 1}]}
// AR-NEXT:           ],
// AR-NEXT:           "channels": [{"channel_type": "memory", "channel_ids": [1]}],
// AR-NEXT:           "remote_buffer_refs": []
// AR-NEXT:         }
// AR-NEXT:       ],
// AR-NEXT:       "channels": [{"channel_type": "memory", "connected_to": [1, 1]}],
// AR-NEXT:       "remote_buffers": [{"rank": 1, "type": "s", "access_channel_types": ["memory"]}],
// AR-NEXT:       "semaphores": [{"init_value": 0}, {"init_value": 0}, {"init_value": 0}, {"init_value": 0}]
// AR-NEXT:     },
