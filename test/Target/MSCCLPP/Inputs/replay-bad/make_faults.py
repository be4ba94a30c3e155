#!/usr/bin/env python3
# ===- make_faults.py - Write the replay checker's faults corpus ---------=== #
#
# Each file here is a plan the exporter wrote with one fault put in. Usage:
#   make_faults.py AR.json AG.json BC.json
# with AR the 2-GPU ring All-Reduce and AG the 4-GPU ring All-Gather of
# ../../export-ring.mlir, and BC the torus Broadcast (bc_torus) of
# ../../replay.mlir, all from --export-mscclpp-plan.
#
# ===---------------------------------------------------------------------=== #

import copy
import json
import sys


def ops(plan, gpu, tb):
    return plan["gpus"][gpu]["threadblocks"][tb]["ops"]


def first(ops_, name):
    return next(j for j, op in enumerate(ops_) if op["name"] == name)


def save(name, plan):
    with open(name, "w") as f:
        json.dump(plan, f, indent=1)
        f.write("\n")


def main():
    ar, ag, bc = (json.load(open(path)) for path in sys.argv[1:4])

    # GPU 0 reduces its landing chunk without waiting for GPU 1's put.
    p = copy.deepcopy(ar)
    del ops(p, 0, 2)[first(ops(p, 0, 2), "wait")]
    save("dropped-wait.json", p)

    # GPU 1 puts its chunk into GPU 0's s[1] instead of s[0].
    p = copy.deepcopy(ar)
    o = ops(p, 1, 1)
    o[first(o, "put")]["dst_buff"][0]["index"] = 1
    save("wrong-index.json", p)

    # GPU 0 of the All-Gather has GPU 1's and GPU 3's output swapped.
    p = copy.deepcopy(ag)
    rb = p["gpus"][0]["remote_buffers"]
    rb[0]["rank"], rb[1]["rank"] = rb[1]["rank"], rb[0]["rank"]
    save("swapped-peer.json", p)

    # No nop between a put and what follows it.
    p = copy.deepcopy(ar)
    o = ops(p, 0, 1)
    i = first(o, "put")
    assert o[i + 1]["name"] == "nop"
    del o[i + 1]
    save("missing-nop.json", p)

    p = copy.deepcopy(ar)
    del p["gpus"][1]["scratch_chunks"]
    save("missing-field.json", p)

    # Both receiving threadblocks wait before their start signal.
    p = copy.deepcopy(ar)
    for g in (0, 1):
        o = ops(p, g, 2)
        o[0], o[1] = o[1], o[0]
    save("deadlock.json", p)

    # GPU 0 reduces into o[0] without acquiring the copy of its input (its
    # release dropped too, so that only the race is left).
    p = copy.deepcopy(ar)
    o = ops(p, 0, 2)
    sem = o[first(o, "sem_acquire")]["semaphore_ids"][0]
    del o[first(o, "sem_acquire")]
    for op in ops(p, 0, 0):
        if op["name"] == "sem_release":
            op["semaphore_ids"] = [s for s in op["semaphore_ids"] if s != sem]
    save("dropped-acquire.json", p)

    p = copy.deepcopy(ar)
    ops(p, 1, 1).append({"name": "signal", "channel_ids": [0],
                         "channel_type": "memory"})
    save("extra-signal.json", p)

    # GPU 1 reduces the finished sum into its partial sum instead of copying.
    p = copy.deepcopy(ar)
    o = ops(p, 1, 2)
    cp = [op for op in o if op["name"] == "copy"][-1]
    cp["name"] = "re"
    cp["src_buff"] = [dict(cp["dst_buff"][0]), cp["src_buff"][0]]
    cp["reduce_op"] = "sum"
    save("double-count.json", p)

    # GPU 1 has one channel back to GPU 0 where GPU 0 has two.
    p = copy.deepcopy(ar)
    p["gpus"][1]["channels"][0]["connected_to"] = [0]
    for tb in p["gpus"][1]["threadblocks"]:
        if tb["channels"]:
            tb["channels"] = [{"channel_type": "memory", "channel_ids": [0]}]
    save("unpaired-channel.json", p)

    # No nop between a wait (thread 0) and a release of two semaphores
    # (threads 0 and 1), as the exporter's first version wrote it.
    p = copy.deepcopy(bc)
    o = ops(p, 1, 2)
    assert [op["name"] for op in o[1:4]] == ["wait", "nop", "sem_release"]
    del o[2]
    save("release-after-wait.json", p)


if __name__ == "__main__":
    main()
