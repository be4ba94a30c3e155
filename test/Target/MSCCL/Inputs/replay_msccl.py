#!/usr/bin/env python3
# ===- replay_msccl.py - Run MSCCL-IR XML as the executor would ----------=== #
#
# An independent reader for the tests of --export-msccl-xml: it shares no
# code with tacos. It checks what the executor's parser requires (every
# attribute, contiguous ids, the limits of msccl_struct.h), then runs every
# GPU's threadblocks on symbolic data: each step in order, after its one
# dependency (which must be published: hasdep="1"), sends and receives paired
# in FIFO order per (sending tb, receiving tb, channel), a step of cnt chunks
# moving them one at a time through a connection that holds ROOM chunks
# (the executor's least), and reductions as unions of contributions that
# must be disjoint. Step semantics are the executor's interpreter's
# (msccl_kernel.cu): s sends src; r writes dst; rcs writes dst and sends what
# it received; rrs sends src (op) received and writes nothing; rrc writes
# src (op) received to dst; rrcs writes it and sends it; re writes
# src (op) dst to dst; cpy copies src to dst. Vector clocks find two steps of
# one GPU that touch a chunk with no order between them (a race the
# executor's timing could expose). At the end it checks the collective's
# postcondition on every GPU's output.
#
# With --in-place it runs an inplace="1" program as the executor's in-place
# call: the input aliases the output (see Replay.alias).
#
# Usage: replay_msccl.py FILE [--root R] [--astra-sim] [--in-place]
# Prints "ok: ..." and exits 0, or prints "error: ..." and exits 1.
#
# ===---------------------------------------------------------------------=== #

import argparse
import sys
import xml.etree.ElementTree as ET

MAX_STEPS = 64
MAX_TBS_PER_CHANNEL = 32
MAX_CNT = 71
MAX_OFF = 32767
TYPES = {"s", "r", "rcs", "rrs", "rrc", "rrcs", "re", "cpy", "nop"}
ASTRA_TYPES = {"s", "r", "rrc", "nop"}
RECEIVES = {"r", "rcs", "rrs", "rrc", "rrcs"}
SENDS = {"s", "rcs", "rrs", "rrcs"}
# Chunks a connection holds: the executor's least (Simple holds two pieces
# of one chunk each for a large call, LL and LL128 eight).
ROOM = 2
COLLS = {"allreduce", "allgather", "reducescatter", "alltoall", "reduce",
         "broadcast", "gather", "scatter"}


class Fail(Exception):
    pass


def attr(el, name, where):
    if name not in el.attrib:
        raise Fail(f"{where}: attribute {name} of node {el.tag} not found")
    return el.attrib[name]


def iattr(el, name, where):
    text = attr(el, name, where)
    try:
        return int(text)
    except ValueError:
        raise Fail(f"{where}: {name}=\"{text}\" is not an integer")


def parse(path, astra):
    root = ET.parse(path).getroot()
    if root.tag != "algo":
        raise Fail(f"root element is <{root.tag}>, expected <algo>")
    algo = {}
    for name in ("name", "proto", "coll"):
        algo[name] = attr(root, name, "algo")
    for name in ("nchannels", "nchunksperloop", "ngpus", "inplace",
                 "outofplace", "minBytes", "maxBytes"):
        algo[name] = iattr(root, name, "algo")
    if algo["proto"] not in ("Simple", "LL", "LL128"):
        raise Fail(f"algo: unknown proto {algo['proto']}")
    if algo["coll"] not in COLLS:
        raise Fail(f"algo: unknown coll {algo['coll']}")
    gpus = []
    for g in root:
        if g.tag != "gpu":
            raise Fail(f"algo: unexpected <{g.tag}>")
        gid = iattr(g, "id", "gpu")
        if gid != len(gpus):
            raise Fail(f"gpu ids are not contiguous: {gid} at {len(gpus)}")
        where = f"gpu {gid}"
        gpu = {name: iattr(g, name, where)
               for name in ("i_chunks", "o_chunks", "s_chunks")}
        gpu["tbs"] = []
        per_channel = {}
        for t in g:
            tid = iattr(t, "id", where)
            if tid != len(gpu["tbs"]):
                raise Fail(f"{where}: tb ids are not contiguous: {tid}")
            twhere = f"{where} tb {tid}"
            tb = {name: iattr(t, name, twhere)
                  for name in ("send", "recv", "chan")}
            if tb["chan"] < 0 or tb["chan"] >= algo["nchannels"]:
                raise Fail(f"{twhere}: chan {tb['chan']} outside nchannels")
            per_channel[tb["chan"]] = per_channel.get(tb["chan"], 0) + 1
            if per_channel[tb["chan"]] > MAX_TBS_PER_CHANNEL:
                raise Fail(f"{where}: more than {MAX_TBS_PER_CHANNEL} tbs on "
                           f"channel {tb['chan']}")
            tb["steps"] = []
            for s in t:
                sid = iattr(s, "s", twhere)
                if sid != len(tb["steps"]):
                    raise Fail(f"{twhere}: step indices are not contiguous")
                swhere = f"{twhere} step {sid}"
                step = {"type": attr(s, "type", swhere)}
                for name in ("srcbuf", "dstbuf"):
                    step[name] = attr(s, name, swhere)
                for name in ("srcoff", "dstoff", "cnt", "depid", "deps",
                             "hasdep"):
                    step[name] = iattr(s, name, swhere)
                if step["type"] not in TYPES:
                    raise Fail(f"{swhere}: unknown type {step['type']}")
                if astra and step["type"] not in ASTRA_TYPES:
                    raise Fail(f"{swhere}: type {step['type']} is not one "
                               "ASTRA-sim reads")
                if astra and step["type"] != "nop" and \
                        step["srcoff"] != step["dstoff"]:
                    raise Fail(f"{swhere}: srcoff != dstoff in ASTRA-sim mode")
                if not 0 <= step["cnt"] <= MAX_CNT:
                    raise Fail(f"{swhere}: cnt {step['cnt']} out of range")
                for name in ("srcoff", "dstoff"):
                    if not -1 <= step[name] <= MAX_OFF:
                        raise Fail(f"{swhere}: {name} outside int16")
                tb["steps"].append(step)
            if len(tb["steps"]) > MAX_STEPS:
                raise Fail(f"{twhere}: {len(tb['steps'])} steps, more than "
                           f"{MAX_STEPS}")
            gpu["tbs"].append(tb)
        gpus.append(gpu)
    if len(gpus) != algo["ngpus"]:
        raise Fail(f"ngpus is {algo['ngpus']} but there are {len(gpus)} gpus")
    largest = max(max(g["i_chunks"], g["o_chunks"]) for g in gpus)
    if algo["nchunksperloop"] != largest:
        raise Fail(f"nchunksperloop is {algo['nchunksperloop']}, expected "
                   f"{largest}")
    return algo, gpus


def check_dependencies(gpus):
    for gid, gpu in enumerate(gpus):
        waited = set()
        for tid, tb in enumerate(gpu["tbs"]):
            for sid, step in enumerate(tb["steps"]):
                where = f"gpu {gid} tb {tid} step {sid}"
                d, ds = step["depid"], step["deps"]
                if (d == -1) != (ds == -1):
                    raise Fail(f"{where}: depid {d} with deps {ds}")
                if d == -1:
                    continue
                if d == tid or not 0 <= d < len(gpu["tbs"]) or \
                        not 0 <= ds < len(gpu["tbs"][d]["steps"]):
                    raise Fail(f"{where}: dangling dependency ({d}, {ds})")
                if not gpu["tbs"][d]["steps"][ds]["hasdep"]:
                    raise Fail(f"{where}: depends on ({d}, {ds}), which has "
                               "hasdep=\"0\" and never signals")
                waited.add((d, ds))
        # The executor folds nops into the next real step's dependency list
        # and counts their indices only through it: a nop must carry a
        # dependency, and the step after nops must carry one too
        # (msccl_parser.cc ignores the file otherwise).
        for tid, tb in enumerate(gpu["tbs"]):
            pending = False
            for sid, step in enumerate(tb["steps"]):
                where = f"gpu {gid} tb {tid} step {sid}"
                if step["type"] == "nop":
                    if step["depid"] == -1:
                        raise Fail(f"{where}: nop without a dependency")
                    pending = True
                    continue
                if pending and step["depid"] == -1:
                    raise Fail(f"{where}: follows nops but has no dependency "
                               "of its own")
                pending = False
        for tid, tb in enumerate(gpu["tbs"]):
            for sid, step in enumerate(tb["steps"]):
                if step["hasdep"] and (tid, sid) not in waited:
                    raise Fail(f"gpu {gid} tb {tid} step {sid}: hasdep=\"1\" "
                               "but no step waits for it")
    # One tb per (peer, direction, channel): the executor gives each a
    # connection of its own.
    for gid, gpu in enumerate(gpus):
        seen = set()
        for tid, tb in enumerate(gpu["tbs"]):
            for kind in ("send", "recv"):
                peer = tb[kind]
                if peer == -1:
                    continue
                if not 0 <= peer < len(gpus) or peer == gid:
                    raise Fail(f"gpu {gid} tb {tid}: bad {kind} peer {peer}")
                key = (kind, peer, tb["chan"])
                if key in seen:
                    raise Fail(f"gpu {gid}: two tbs {kind} {peer} on channel "
                               f"{tb['chan']}")
                seen.add(key)


class Replay:
    def __init__(self, algo, gpus, root, astra, in_place=False):
        self.algo, self.gpus, self.root = algo, gpus, root
        self.in_place = in_place
        # ASTRA-sim programs leave out the copies from the input: data
        # nobody wrote reads as unknown (the empty set) instead of failing.
        self.astra = astra
        self.n = len(gpus)
        self.bufs = []
        for r, g in enumerate(gpus):
            self.bufs.append({"i": [self.input_value(r, j)
                                    for j in range(g["i_chunks"])],
                              "o": [None] * g["o_chunks"],
                              "s": [None] * g["s_chunks"]})
            # In place, the input lives in the output where they alias.
            for j in range(g["i_chunks"]):
                q = self.alias(r, j)
                if q is not None:
                    self.bufs[r]["o"][q] = self.bufs[r]["i"][j]
            # msccl-tools write an in-place All-Gather (Gather) with
            # i_chunks="0": its input is already the rank's slice of out.
            if in_place and g["i_chunks"] == 0 and \
                    algo["coll"] in ("allgather", "gather"):
                k = g["o_chunks"] // len(gpus)
                for j in range(k):
                    self.bufs[r]["o"][r * k + j] = frozenset({(r, r * k + j)})
        # Per place: (last write clock, reads since as clocks).
        self.access = {}
        self.queues = {}
        self.pc = [[0] * len(g["tbs"]) for g in gpus]
        # Chunks of the current step done (a step moves one per tick).
        self.sub = [[0] * len(g["tbs"]) for g in gpus]
        self.steps = 0
        self.clock = [[{} for _ in g["tbs"]] for g in gpus]
        self.snapshot = {}

    def input_value(self, r, j):
        coll = self.algo["coll"]
        k = self.gpus[r]["i_chunks"]
        base = r * k if coll in ("allgather", "gather") else 0
        return frozenset({(r, base + j)})

    def alias(self, r, j):
        """The output chunk that input chunk j of GPU r is in an in-place
        call (msccl_lifecycle.cc: in == out for allreduce, reduce,
        broadcast, alltoall; in = out + rank * count for allgather and
        gather; out = in + rank * count for reducescatter and scatter)."""
        if not self.in_place:
            return None
        g, coll = self.gpus[r], self.algo["coll"]
        if coll in ("allgather", "gather"):
            q = r * g["i_chunks"] + j
        elif coll in ("reducescatter", "scatter"):
            q = j - r * g["o_chunks"]
        else:
            q = j
        return q if 0 <= q < g["o_chunks"] else None

    def resolve(self, r, buf, off):
        if buf == "i" and 0 <= off < self.gpus[r]["i_chunks"]:
            q = self.alias(r, off)
            if q is not None:
                return "o", q
        return buf, off

    def place(self, r, buf, off, where):
        if buf not in self.bufs[r]:
            raise Fail(f"{where}: unknown buffer {buf}")
        if not 0 <= off < len(self.bufs[r][buf]):
            raise Fail(f"{where}: {buf}[{off}] outside the buffer of "
                       f"{len(self.bufs[r][buf])} chunks")
        return self.bufs[r][buf]

    def happened(self, c, clock):
        # Access clock c = (tb, count) happened before `clock`.
        tb, count = c
        return clock.get(tb, 0) >= count

    def touch(self, r, tid, buf, off, write, where):
        key = (r, buf, off)
        me = ((r, tid), self.clock[r][tid][(r, tid)])
        clock = self.clock[r][tid]
        last, reads = self.access.get(key, (None, []))
        if last and last[0] != me[0] and not self.happened(last, clock):
            raise Fail(f"{where}: races with an earlier write of "
                       f"{buf}[{off}] by tb {last[0][1]}")
        if write:
            for rd in reads:
                if rd[0] != me[0] and not self.happened(rd, clock):
                    raise Fail(f"{where}: overwrites {buf}[{off}] while tb "
                               f"{rd[0][1]} may still read it")
            self.access[key] = (me, [])
        else:
            self.access[key] = (last, reads + [me])

    def read(self, r, tid, buf, off, cnt, where):
        vals = []
        for j in range(cnt):
            rb, ro = self.resolve(r, buf, off + j)
            b = self.place(r, rb, ro, where)
            self.touch(r, tid, rb, ro, False, where)
            if b[ro] is None and self.astra:
                vals.append(frozenset())
                continue
            if b[ro] is None:
                raise Fail(f"{where}: reads {rb}[{ro}] before anything "
                           "was written there")
            vals.append(b[ro])
        return vals

    def write(self, r, tid, buf, off, vals, where):
        for j, v in enumerate(vals):
            rb, ro = self.resolve(r, buf, off + j)
            b = self.place(r, rb, ro, where)
            self.touch(r, tid, rb, ro, True, where)
            b[ro] = v

    def reduce(self, a, b, where):
        if a & b and not self.astra:
            raise Fail(f"{where}: reduction counts {sorted(a & b)} twice")
        return a | b

    # A step of cnt chunks moves cnt messages of one chunk each, one after
    # the other (the executor splits it into pieces that fit the connection's
    # buffer; for large calls each piece is one chunk), so a send of more
    # chunks than the connection holds finishes only while its receive runs.
    # A step advances one chunk per tick: the receive part needs a message,
    # the send part room on its connection.
    def ready(self, r, tid):
        tb = self.gpus[r]["tbs"][tid]
        sid = self.pc[r][tid]
        if sid >= len(tb["steps"]):
            return False
        step = tb["steps"][sid]
        if self.sub[r][tid] == 0 and step["depid"] != -1 and \
                self.pc[r][step["depid"]] <= step["deps"]:
            return False
        t = step["type"]
        if step["cnt"] == 0 or t not in RECEIVES | SENDS:
            return True
        if t in RECEIVES and tb["recv"] != -1 and \
                not self.queues.get((tb["recv"], r, tb["chan"])):
            return False
        if t in SENDS and tb["send"] != -1 and \
                len(self.queues.get((r, tb["send"], tb["chan"]), [])) >= ROOM:
            return False
        return True

    def start_step(self, r, tid, step, where):
        tb = self.gpus[r]["tbs"][tid]
        clock = self.clock[r][tid]
        clock[(r, tid)] = clock.get((r, tid), 0) + 1
        if step["depid"] != -1:
            for k, v in self.snapshot[(r, step["depid"], step["deps"])].items():
                clock[k] = max(clock.get(k, 0), v)
        t = step["type"]
        if t in SENDS and tb["send"] == -1:
            raise Fail(f"{where}: sends from a tb with send=-1")
        if t in RECEIVES and tb["recv"] == -1:
            raise Fail(f"{where}: receives in a tb with recv=-1")

    def run_local(self, r, tid, step, where):
        t, cnt = step["type"], step["cnt"]
        if t == "cpy":
            out = self.read(r, tid, step["srcbuf"], step["srcoff"], cnt, where)
            self.write(r, tid, step["dstbuf"], step["dstoff"], out, where)
        elif t == "re":
            # dst = src (op) dst, as the executor's reduce step.
            a = self.read(r, tid, step["srcbuf"], step["srcoff"], cnt, where)
            b = self.read(r, tid, step["dstbuf"], step["dstoff"], cnt, where)
            self.write(r, tid, step["dstbuf"], step["dstoff"],
                       [self.reduce(x, y, where) for x, y in zip(a, b)], where)

    def run_chunk(self, r, tid, step, k, where):
        """Chunk k of a transfer step: what the executor's primitive does
        (recv, send, recvCopySend, recvReduceSend, recvReduceCopy,
        recvReduceCopySend) to one chunk."""
        tb = self.gpus[r]["tbs"][tid]
        clock = self.clock[r][tid]
        t = step["type"]
        src = (step["srcbuf"], step["srcoff"] + k)
        dst = (step["dstbuf"], step["dstoff"] + k)
        received = None
        if t in RECEIVES:
            q = self.queues[(tb["recv"], r, tb["chan"])]
            received, sender_clock, sent_cnt = q.pop(0)
            if sent_cnt != step["cnt"]:
                raise Fail(f"{where}: receives {step['cnt']} chunks, the "
                           f"matching send sent {sent_cnt}")
            # A receive happens after its send (and all the sender saw).
            for key, v in sender_clock.items():
                clock[key] = max(clock.get(key, 0), v)
        out = None
        if t == "s":
            out = self.read(r, tid, *src, 1, where)[0]
        elif t in ("r", "rcs"):
            self.write(r, tid, *dst, [received], where)
            out = received
        elif t in ("rrs", "rrc", "rrcs"):
            local = self.read(r, tid, *src, 1, where)[0]
            out = self.reduce(local, received, where)
            if t != "rrs":
                self.write(r, tid, *dst, [out], where)
        if t in SENDS:
            self.queues.setdefault((r, tb["send"], tb["chan"]), []).append(
                (out, dict(clock), step["cnt"]))

    def tick(self, r, tid):
        tb = self.gpus[r]["tbs"][tid]
        sid = self.pc[r][tid]
        step = tb["steps"][sid]
        where = f"gpu {r} tb {tid} step {sid} ({step['type']})"
        k = self.sub[r][tid]
        if k == 0:
            self.start_step(r, tid, step, where)
        if step["type"] in RECEIVES | SENDS and k < step["cnt"]:
            self.run_chunk(r, tid, step, k, where)
            k += 1
        else:
            self.run_local(r, tid, step, where)
            k = step["cnt"]
        if k < step["cnt"]:
            self.sub[r][tid] = k
            return
        if step["hasdep"]:
            self.snapshot[(r, tid, sid)] = dict(self.clock[r][tid])
        self.sub[r][tid] = 0
        self.pc[r][tid] = sid + 1
        self.steps += 1

    def run(self):
        while True:
            progress = False
            for r in range(self.n):
                for tid in range(len(self.gpus[r]["tbs"])):
                    # Run a threadblock as far as it can: the order most
                    # likely to overtake a missing dependency.
                    while self.ready(r, tid):
                        self.tick(r, tid)
                        progress = True
            if not progress:
                break
        stuck = [f"gpu {r} tb {t} at step {self.pc[r][t]}"
                 for r in range(self.n)
                 for t in range(len(self.gpus[r]["tbs"]))
                 if self.pc[r][t] < len(self.gpus[r]["tbs"][t]["steps"])]
        if stuck:
            raise Fail("deadlock: " + ", ".join(stuck[:6]))
        left = [k for k, q in self.queues.items() if q]
        if left:
            raise Fail(f"sends never received on (src, dst, chan) {left[0]}")
        return self.steps

    def expected(self, r):
        coll, g = self.algo["coll"], self.n
        o = self.gpus[r]["o_chunks"]
        if self.in_place and o == 0:
            o = self.gpus[r]["i_chunks"]
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
            # ... and an in-place All-Reduce with o_chunks="0": the result
            # is in `in`.
            if self.in_place and not got:
                got = self.bufs[r]["i"]
            for c, (a, b) in enumerate(zip(got, want)):
                if a != b:
                    show = sorted(a) if a is not None else "nothing"
                    raise Fail(f"gpu {r} o[{c}] holds {show}, expected "
                               f"{sorted(b)}")


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("file")
    ap.add_argument("--root", type=int, default=0)
    ap.add_argument("--astra-sim", action="store_true",
                    help="check ASTRA-sim's subset; the copies from the "
                    "input are left out, so outputs are not checked")
    ap.add_argument("--in-place", action="store_true",
                    help="run an inplace=\"1\" program with the input "
                    "aliased to the output as the executor's in-place call")
    args = ap.parse_args()
    try:
        algo, gpus = parse(args.file, args.astra_sim)
        check_dependencies(gpus)
        if args.in_place and not algo["inplace"]:
            raise Fail("algo: inplace=\"0\", the executor never runs it "
                       "in place")
        replay = Replay(algo, gpus, args.root, args.astra_sim, args.in_place)
        steps = replay.run()
        if not args.astra_sim:
            replay.check()
    except Fail as e:
        print(f"error: {e}")
        return 1
    except ET.ParseError as e:
        print(f"error: not XML: {e}")
        return 1
    what = "delivered" if not args.astra_sim else "paired (outputs unchecked)"
    if args.in_place:
        what += " in place"
    print(f"ok: {algo['coll']} on {len(gpus)} gpus, {steps} steps, {what}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
