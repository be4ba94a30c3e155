#!/usr/bin/env python3
# ===- replay_mscclpp.py - Run an MSCCL++ execution plan as the executor would -=== #
#
# An independent reader for the tests of --export-mscclpp-plan: it shares no
# code with tacos, only MSCCL++'s format (microsoft/mscclpp at commit
# 1f5f065d7b13ab02df32c22568f38785d1eeec01: src/core/executor/
# execution_plan.cc and include/execution_common.hpp). It checks what the
# executor's parser requires (every field it reads without a default, known
# operation, buffer and channel names, contiguous ids, the limits of
# execution_common.hpp), pairs memory channels as the executor connects them
# (the k-th channel of a GPU to a peer with the peer's k-th channel back),
# then runs every GPU's threadblocks on symbolic data:
#   - put stores into the peer's registered buffer (remote_buffers through
#     the threadblock's remote_buffer_refs), copy and re are local, rre
#     reads a peer's buffer; values are sets of (rank, chunk) contributions
#     and a reduction must not count one twice;
#   - signal increments the paired channel's counter, wait blocks until its
#     own counter exceeds the waits so far (the executor's semaphores), and
#     sem_release / sem_acquire count on the GPU's semaphores;
#   - within a threadblock, a data operation after a wait or acquire, and a
#     signal or release after a data operation, need a nop (__syncthreads)
#     between them, and two data operations touching the same chunk too;
#   - vector clocks (joined through signal/wait and release/acquire) find two
#     accesses of one chunk, on any GPU, with no order between them.
# No progress while a threadblock has operations left is a deadlock; a
# signal never waited for or a semaphore not back at its initial value is an
# error. At the end it checks the collective's postcondition on every GPU.
#
# Usage: replay_mscclpp.py FILE [--root R]
# Prints "ok: ..." and exits 0, or prints "error: ..." and exits 1.
#
# ===---------------------------------------------------------------------=== #

import argparse
import json
import sys

MAX_OPERATION = 64
MAX_CHANNEL = 16
MAX_DEVICE_SEMAPHORES = 16
OPS = {"nop", "barrier", "put", "pws", "pwsf", "get", "copy", "signal",
       "wait", "flush", "re", "res", "rre", "rres", "ppkt", "rppkt", "respkt",
       "cpkt", "upkt", "repkt", "recpkt", "recspkt", "glres", "gstore",
       "gstorepkt", "rlxsignal", "rlxwait", "pipeline", "sem_acquire",
       "sem_release"}
# What this replay runs; the rest are valid but not simulated.
RUN = {"nop", "put", "copy", "signal", "wait", "re", "rre", "sem_acquire",
       "sem_release", "rlxsignal", "rlxwait"}
DATA = {"put", "copy", "re", "rre"}
SYNC_IN = {"wait", "rlxwait", "sem_acquire"}
SYNC_OUT = {"signal", "rlxsignal", "sem_release"}
BUFFERS = {"i", "o", "s"}
CHANNELS = {"memory", "port", "none", "switch"}


class Fail(Exception):
    pass


def need(obj, key, where, kind=None):
    if not isinstance(obj, dict) or key not in obj:
        raise Fail(f"{where}: field {key} not found")
    value = obj[key]
    if kind is int and (not isinstance(value, int) or isinstance(value, bool)):
        raise Fail(f"{where}: {key} is not an integer")
    if kind is not None and kind is not int and not isinstance(value, kind):
        raise Fail(f"{where}: {key} is not a {kind.__name__}")
    return value


def parse(path):
    with open(path) as f:
        plan = json.load(f)
    for key, kind in (("name", str), ("collective", str), ("protocol", str),
                      ("inplace", bool), ("gpus", list)):
        need(plan, key, "plan", kind)
    if plan["protocol"] not in ("Simple", "LL"):
        raise Fail(f"plan: unknown protocol {plan['protocol']}")
    gpus = plan["gpus"]
    for r, g in enumerate(gpus):
        where = f"gpu {r}"
        if need(g, "id", where, int) != r:
            raise Fail(f"{where}: id is {g['id']}; gpus must be in id order")
        for key in ("input_chunks", "output_chunks", "scratch_chunks"):
            if need(g, key, where, int) < 0:
                raise Fail(f"{where}: negative {key}")
        if g["input_chunks"] == 0 or g["output_chunks"] == 0:
            raise Fail(f"{where}: input_chunks and output_chunks must be "
                       "positive (the executor divides by them)")
        g["peers"] = []
        for c in need(g, "channels", where, list):
            t = need(c, "channel_type", where + " channel", str)
            if t not in CHANNELS:
                raise Fail(f"{where}: unknown channel type {t}")
            if t != "memory":
                raise Fail(f"{where}: {t} channels are not replayed")
            for p in need(c, "connected_to", where + " channel", list):
                if not isinstance(p, int) or not 0 <= p < len(gpus) or p == r:
                    raise Fail(f"{where}: channel to bad peer {p}")
                g["peers"].append(p)
        for j, b in enumerate(need(g, "remote_buffers", where, list)):
            bw = f"{where} remote buffer {j}"
            rank = need(b, "rank", bw, int)
            if not 0 <= rank < len(gpus) or rank == r:
                raise Fail(f"{bw}: bad rank {rank}")
            if need(b, "type", bw, str) not in BUFFERS:
                raise Fail(f"{bw}: unknown buffer type {b['type']}")
            if "memory" not in need(b, "access_channel_types", bw, list):
                raise Fail(f"{bw}: not accessible through memory channels")
        g["sems"] = [need(s, "init_value", f"{where} semaphore", int)
                     for s in g.get("semaphores", [])]
        for t, tb in enumerate(need(g, "threadblocks", where, list)):
            parse_threadblock(g, r, t, tb)
    return plan


def parse_threadblock(g, r, t, tb):
    where = f"gpu {r} tb {t}"
    if need(tb, "id", where, int) != t:
        raise Fail(f"{where}: id is {tb['id']}; threadblocks must be in id "
                   "order")
    tb["mem"] = []
    for c in need(tb, "channels", where, list):
        ct = need(c, "channel_type", where + " channel", str)
        if ct != "memory":
            raise Fail(f"{where}: {ct} channels are not replayed")
        for i in need(c, "channel_ids", where + " channel", list):
            if not isinstance(i, int) or not 0 <= i < len(g["peers"]):
                raise Fail(f"{where}: channel id {i} outside the gpu's "
                           f"{len(g['peers'])} memory channels")
            tb["mem"].append(i)
    if len(tb["mem"]) > MAX_CHANNEL:
        raise Fail(f"{where}: more than {MAX_CHANNEL} memory channels")
    tb["rbufs"] = []
    for ref in tb.get("remote_buffer_refs", []):
        if need(ref, "access_channel_type", where, str) != "memory":
            continue
        for i in need(ref, "remote_buffer_ids", where, list):
            if not isinstance(i, int) or \
                    not 0 <= i < len(g["remote_buffers"]):
                raise Fail(f"{where}: remote buffer id {i} out of range")
            tb["rbufs"].append(i)
    if len(tb["rbufs"]) > MAX_CHANNEL:
        raise Fail(f"{where}: more than {MAX_CHANNEL} remote buffers")
    ops = need(tb, "ops", where, list)
    if len(ops) > MAX_OPERATION:
        raise Fail(f"{where}: {len(ops)} operations, more than "
                   f"{MAX_OPERATION}")
    for o, op in enumerate(ops):
        ow = f"{where} op {o}"
        name = need(op, "name", ow, str)
        if name not in OPS:
            raise Fail(f"{ow}: unknown operation {name}")
        if name not in RUN:
            raise Fail(f"{ow}: operation {name} is not replayed")
        if name in ("signal", "wait", "rlxsignal", "rlxwait"):
            if need(op, "channel_type", ow, str) != "memory":
                raise Fail(f"{ow}: only memory channels are replayed")
            for i in need(op, "channel_ids", ow, list):
                if not isinstance(i, int) or not 0 <= i < len(tb["mem"]):
                    raise Fail(f"{ow}: channel index {i} outside the "
                               f"threadblock's {len(tb['mem'])} channels")
        if name in ("sem_acquire", "sem_release"):
            ids = need(op, "semaphore_ids", ow, list)
            if len(ids) > MAX_DEVICE_SEMAPHORES:
                raise Fail(f"{ow}: more than {MAX_DEVICE_SEMAPHORES} "
                           "semaphores")
            for i in ids:
                if not isinstance(i, int) or not 0 <= i < len(g["sems"]):
                    raise Fail(f"{ow}: semaphore {i} out of range")
        if name in DATA:
            for key in ("src_buff", "dst_buff"):
                for b in need(op, key, ow, list):
                    need(b, "index", ow, int)
                    need(b, "size", ow, int)
                    if "buffer_id" in b:
                        if not isinstance(b["buffer_id"], int) or \
                                not 0 <= b["buffer_id"] < len(tb["rbufs"]):
                            raise Fail(f"{ow}: buffer_id {b['buffer_id']} "
                                       "outside the threadblock's remote "
                                       "buffers")
                    elif need(b, "type", ow, str) not in BUFFERS:
                        raise Fail(f"{ow}: unknown buffer type {b['type']}")


def pair_channels(gpus):
    # The executor connects the k-th memory channel of GPU r to peer p with
    # the k-th memory channel of p to r.
    slot = {}
    for r, g in enumerate(gpus):
        count = {}
        for c, p in enumerate(g["peers"]):
            k = count.get(p, 0)
            count[p] = k + 1
            slot[(r, p, k)] = c
    paired = {}
    for (r, p, k), c in slot.items():
        if (p, r, k) not in slot:
            raise Fail(f"gpu {r} channel {c} to {p} has no channel back on "
                       f"gpu {p}")
        paired[(r, c)] = (p, slot[(p, r, k)])
    return paired


class Replay:
    def __init__(self, plan, root):
        self.plan, self.gpus, self.root = plan, plan["gpus"], root
        self.n = len(self.gpus)
        self.paired = pair_channels(self.gpus)
        self.bufs = []
        for r, g in enumerate(self.gpus):
            self.bufs.append({"i": [self.input_value(r, j)
                                    for j in range(g["input_chunks"])],
                              "o": [None] * g["output_chunks"],
                              "s": [None] * g["scratch_chunks"]})
        # Per chunk (rank, buf, index): last write and reads since, as
        # (accessor, count) clocks.
        self.access = {}
        # Signals delivered to (rank, channel) and semaphore releases, each
        # with the sender's clock; and how many were consumed.
        self.inbox = {}
        self.taken = {}
        self.sem = [list(g["sems"]) for g in self.gpus]
        self.released = {}
        self.pc = [[0] * len(g["threadblocks"]) for g in self.gpus]
        self.clock = [[{} for _ in g["threadblocks"]] for g in self.gpus]
        # Per threadblock: chunks touched by data operations since the last
        # nop, and the class of the previous operation.
        self.unsynced = [[{} for _ in g["threadblocks"]] for g in self.gpus]
        self.prev = [["none"] * len(g["threadblocks"]) for g in self.gpus]
        self.width = [[0] * len(g["threadblocks"]) for g in self.gpus]

    def input_value(self, r, j):
        coll = self.plan["collective"]
        k = self.gpus[r]["input_chunks"]
        base = r * k if coll in ("allgather", "gather") else 0
        return frozenset({(r, base + j)})

    def locate(self, r, tid, b, where):
        # (rank, buffer) of a buffer reference of threadblock tid of gpu r.
        if "buffer_id" in b:
            g = self.gpus[r]
            rb = g["remote_buffers"][g["threadblocks"][tid]["rbufs"]
                                     [b["buffer_id"]]]
            return rb["rank"], rb["type"]
        return r, b["type"]

    def chunks(self, r, tid, b, where):
        rank, buf = self.locate(r, tid, b, where)
        size = len(self.bufs[rank][buf])
        if b["size"] < 1 or b["index"] < 0 or b["index"] + b["size"] > size:
            who = "" if rank == r else f"gpu {rank}'s "
            raise Fail(f"{where}: {who}{buf}[{b['index']}:"
                       f"{b['index'] + b['size']}] outside the buffer of "
                       f"{size} chunks")
        return [(rank, buf, b["index"] + j) for j in range(b["size"])]

    def happened(self, c, clock):
        who, count = c
        return clock.get(who, 0) >= count

    def touch(self, r, tid, key, write, where):
        clock = self.clock[r][tid]
        me = ((r, tid), clock[(r, tid)])
        last, reads = self.access.get(key, (None, []))
        rank, buf, off = key
        name = f"{buf}[{off}]" if rank == r else f"gpu {rank}'s {buf}[{off}]"
        if last and last[0] != me[0] and not self.happened(last, clock):
            raise Fail(f"{where}: races with an earlier write of {name} by "
                       f"gpu {last[0][0]} tb {last[0][1]}")
        if write:
            for rd in reads:
                if rd[0] != me[0] and not self.happened(rd, clock):
                    raise Fail(f"{where}: overwrites {name} while gpu "
                               f"{rd[0][0]} tb {rd[0][1]} may still read it")
            self.access[key] = (me, [])
        else:
            self.access[key] = (last, reads + [me])
        # Within the threadblock: two data operations on one chunk need a
        # nop between them (their threads split the data differently).
        seen = self.unsynced[r][tid]
        if key in seen and (write or seen[key]):
            raise Fail(f"{where}: touches {name} like an earlier operation "
                       "of the threadblock with no nop between them")
        self.current[key] = self.current.get(key, False) or write

    def read(self, r, tid, b, where):
        vals = []
        for key in self.chunks(r, tid, b, where):
            self.touch(r, tid, key, False, where)
            v = self.bufs[key[0]][key[1]][key[2]]
            if v is None:
                raise Fail(f"{where}: reads {key[1]}[{key[2]}] of gpu "
                           f"{key[0]} before anything was written there")
            vals.append(v)
        return vals

    def write(self, r, tid, b, vals, where):
        keys = self.chunks(r, tid, b, where)
        if len(keys) != len(vals):
            raise Fail(f"{where}: writes {len(keys)} chunks from "
                       f"{len(vals)}")
        for key, v in zip(keys, vals):
            self.touch(r, tid, key, True, where)
        for key, v in zip(keys, vals):
            self.bufs[key[0]][key[1]][key[2]] = v

    def reduce(self, vals, where):
        out = []
        for parts in zip(*vals):
            acc = frozenset()
            for p in parts:
                if acc & p:
                    raise Fail(f"{where}: reduction counts "
                               f"{sorted(acc & p)} twice")
                acc = acc | p
            out.append(acc)
        return out

    def channel(self, r, tid, i):
        return self.gpus[r]["threadblocks"][tid]["mem"][i]

    def ready(self, r, tid):
        tb = self.gpus[r]["threadblocks"][tid]
        o = self.pc[r][tid]
        if o >= len(tb["ops"]):
            return False
        op = tb["ops"][o]
        if op["name"] in ("wait", "rlxwait"):
            return all(len(self.inbox.get((r, self.channel(r, tid, i)), []))
                       > self.taken.get((r, self.channel(r, tid, i)), 0)
                       for i in op["channel_ids"])
        if op["name"] == "sem_acquire":
            return all(self.sem[r][i] > 0 for i in op["semaphore_ids"])
        return True

    def join(self, clock, other):
        for k, v in other.items():
            clock[k] = max(clock.get(k, 0), v)

    def run_op(self, r, tid):
        tb = self.gpus[r]["threadblocks"][tid]
        o = self.pc[r][tid]
        op = tb["ops"][o]
        name = op["name"]
        where = f"gpu {r} tb {tid} op {o} ({name})"
        clock = self.clock[r][tid]
        clock[(r, tid)] = clock.get((r, tid), 0) + 1
        prev = self.prev[r][tid]
        if name in DATA and prev == "in":
            raise Fail(f"{where}: follows a wait or acquire with no nop; the "
                       "other threads may run ahead of it")
        if name in SYNC_OUT and prev == "data":
            raise Fail(f"{where}: follows a data operation with no nop; other "
                       "threads may still be moving data")
        # The executor runs a wait, signal, acquire or release on one thread
        # per channel or semaphore: with more than one, a thread may signal
        # before another thread's wait is over.
        width = len(op.get("channel_ids", op.get("semaphore_ids", [])))
        if name in SYNC_OUT and prev == "in" and \
                (width > 1 or self.width[r][tid] > 1):
            raise Fail(f"{where}: follows a wait or acquire on several "
                       "threads with no nop; a thread may go on before "
                       "another one's wait is over")
        self.width[r][tid] = width
        self.current = {}
        if name == "nop":
            self.unsynced[r][tid] = {}
        elif name in ("signal", "rlxsignal"):
            for i in op["channel_ids"]:
                peer = self.paired[(r, self.channel(r, tid, i))]
                self.inbox.setdefault(peer, []).append(dict(clock))
        elif name in ("wait", "rlxwait"):
            for i in op["channel_ids"]:
                key = (r, self.channel(r, tid, i))
                k = self.taken.get(key, 0)
                self.join(clock, self.inbox[key][k])
                self.taken[key] = k + 1
        elif name == "sem_release":
            for i in op["semaphore_ids"]:
                self.sem[r][i] += 1
                self.released.setdefault((r, i), []).append(dict(clock))
        elif name == "sem_acquire":
            for i in op["semaphore_ids"]:
                self.sem[r][i] -= 1
                k = self.taken.get(("sem", r, i), 0)
                got = self.released.get((r, i), [])
                if k < len(got):
                    self.join(clock, got[k])
                self.taken[("sem", r, i)] = k + 1
        elif name in ("put", "copy"):
            if len(op["src_buff"]) != 1 or len(op["dst_buff"]) != 1:
                raise Fail(f"{where}: expected one source and one "
                           "destination")
            src, dst = op["src_buff"][0], op["dst_buff"][0]
            if ("buffer_id" in src) or (("buffer_id" in dst) !=
                                        (name == "put")):
                raise Fail(f"{where}: a {name} reads a local buffer and "
                           f"writes a {'remote' if name == 'put' else 'local'}"
                           " one")
            if src["size"] != dst["size"]:
                raise Fail(f"{where}: sizes differ")
            self.write(r, tid, dst, self.read(r, tid, src, where), where)
        elif name in ("re", "rre"):
            srcs, dsts = op["src_buff"], op["dst_buff"]
            if len(dsts) != 1 or len(srcs) < 2 or "buffer_id" in dsts[0] or \
                    "buffer_id" in srcs[0]:
                raise Fail(f"{where}: expected local sources and one local "
                           "destination")
            for b in srcs[1:]:
                if ("buffer_id" in b) != (name == "rre"):
                    raise Fail(f"{where}: source kinds do not fit {name}")
            vals = [self.read(r, tid, b, where) for b in srcs]
            if len({len(v) for v in vals}) != 1:
                raise Fail(f"{where}: sizes differ")
            self.write(r, tid, dsts[0], self.reduce(vals, where), where)
        for key, w in self.current.items():
            seen = self.unsynced[r][tid]
            seen[key] = seen.get(key, False) or w
        self.prev[r][tid] = ("data" if name in DATA else "in"
                             if name in SYNC_IN else "out"
                             if name in SYNC_OUT else "none")
        self.pc[r][tid] = o + 1

    def run(self):
        ops = 0
        while True:
            progress = False
            for r in range(self.n):
                for tid in range(len(self.gpus[r]["threadblocks"])):
                    # A threadblock runs as far as it can: the order most
                    # likely to overtake a missing dependency.
                    while self.ready(r, tid):
                        self.run_op(r, tid)
                        ops += 1
                        progress = True
            if not progress:
                break
        stuck = [f"gpu {r} tb {t} at op {self.pc[r][t]}"
                 for r in range(self.n)
                 for t in range(len(self.gpus[r]["threadblocks"]))
                 if self.pc[r][t] < len(self.gpus[r]["threadblocks"][t]
                                        ["ops"])]
        if stuck:
            raise Fail("deadlock: " + ", ".join(stuck[:6]))
        for (r, c), got in sorted(self.inbox.items()):
            if len(got) != self.taken.get((r, c), 0):
                raise Fail(f"gpu {r} channel {c}: {len(got)} signals, "
                           f"{self.taken.get((r, c), 0)} waits")
        for r, g in enumerate(self.gpus):
            for i, v in enumerate(self.sem[r]):
                if v != g["sems"][i]:
                    raise Fail(f"gpu {r} semaphore {i} ends at {v}, not its "
                               f"initial {g['sems'][i]}")
        return ops

    def expected(self, r):
        coll, g = self.plan["collective"], self.n
        o = self.gpus[r]["output_chunks"]
        everyone = range(g)
        if coll == "allgather":
            k = o // g
            return [frozenset({(c // k, c)}) for c in range(o)]
        if coll == "reducescatter":
            return [frozenset((q, r * o + j) for q in everyone)
                    for j in range(o)]
        if coll == "allreduce":
            return [frozenset((q, c) for q in everyone) for c in range(o)]
        if coll == "alltoall":
            k = o // g
            return [frozenset({(c // k, r * k + c % k)}) for c in range(o)]
        if coll == "broadcast":
            return [frozenset({(self.root, c)}) for c in range(o)]
        if coll == "reduce":
            if r != self.root:
                return None
            return [frozenset((q, c) for q in everyone) for c in range(o)]
        if coll == "gather":
            if r != self.root:
                return None
            k = o // g
            return [frozenset({(c // k, c)}) for c in range(o)]
        if coll == "scatter":
            return [frozenset({(self.root, r * o + j)}) for j in range(o)]
        raise Fail(f"no postcondition for {coll}")

    def check(self):
        for r in range(self.n):
            want = self.expected(r)
            if want is None:
                continue
            got = self.bufs[r]["o"]
            for c, (a, b) in enumerate(zip(got, want)):
                if a != b:
                    show = sorted(a) if a is not None else "nothing"
                    raise Fail(f"gpu {r} o[{c}] holds {show}, expected "
                               f"{sorted(b)}")


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("file")
    ap.add_argument("--root", type=int, default=0)
    args = ap.parse_args()
    try:
        plan = parse(args.file)
        replay = Replay(plan, args.root)
        ops = replay.run()
        replay.check()
    except Fail as e:
        print(f"error: {e}")
        return 1
    except json.JSONDecodeError as e:
        print(f"error: not JSON: {e}")
        return 1
    print(f"ok: {plan['collective']} on {len(plan['gpus'])} gpus, {ops} "
          "operations, delivered")
    return 0


if __name__ == "__main__":
    sys.exit(main())
