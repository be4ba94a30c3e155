#!/usr/bin/env python3
# ===- check_trace_events.py - What trace viewers enforce on Trace Event JSON -=== #
#
# An independent reader for the tests of --export-chrome-trace (it shares no
# code with tacos). It checks the rules of the Trace Event format that the
# viewers enforce when they import a file (chrome://tracing's importer,
# Perfetto's JSON importer, speedscope): the JSON object form with a
# `traceEvents` array, `displayTimeUnit` "ms" or "ns", metadata events the
# viewers know, complete ("X") events with integer pid/tid and non-negative
# ts/dur, and complete events of one thread that do not partially overlap.
# A viewer keeps a thread's slices as a stack: a slice that starts inside
# another and ends after it is reported as mis-nested and drawn cut or
# dropped. A tacos transfer never contains another, so this checker asks
# for more: slices of one thread are disjoint (touching is fine).
# Times are compared as exact decimals, as the exporter prints them.
#
# Usage: check_trace_events.py FILE
# Prints "ok: N slices on T threads" and exits 0, or "error: ..." and exits 1.
#
# ===-------------------------------------------------------------------------=== #

import json
import sys
from decimal import Decimal

METADATA = {"process_name": "name", "thread_name": "name",
            "process_sort_index": "sort_index",
            "thread_sort_index": "sort_index"}


class Fail(Exception):
    pass


def integer(event, key, where):
    value = event.get(key)
    if not isinstance(value, int) or isinstance(value, bool):
        raise Fail(f"{where}: {key} is {value!r}, expected an integer")
    return value


def time(event, key, where):
    value = event.get(key)
    if not isinstance(value, (int, Decimal)) or isinstance(value, bool):
        raise Fail(f"{where}: {key} is {value!r}, expected a number")
    if value < 0:
        raise Fail(f"{where}: {key} is negative ({value})")
    return Decimal(value)


def check(path):
    with open(path) as f:
        trace = json.load(f, parse_float=Decimal)
    if not isinstance(trace, dict) or not isinstance(
            trace.get("traceEvents"), list):
        raise Fail("expected an object with a traceEvents array")
    if trace.get("displayTimeUnit", "ms") not in ("ms", "ns"):
        raise Fail(f"displayTimeUnit {trace['displayTimeUnit']!r} is not "
                   "\"ms\" or \"ns\"")
    named_threads = set()
    slices = {}
    for i, event in enumerate(trace["traceEvents"]):
        where = f"event {i}"
        if not isinstance(event, dict) or "ph" not in event:
            raise Fail(f"{where}: not an object with a ph")
        pid = integer(event, "pid", where)
        if event["ph"] == "M":
            key = METADATA.get(event.get("name"))
            if key is None:
                raise Fail(f"{where}: unknown metadata {event.get('name')!r}")
            if key not in event.get("args", {}):
                raise Fail(f"{where}: {event['name']} without args.{key}")
            if event["name"].startswith("thread"):
                named_threads.add((pid, integer(event, "tid", where)))
        elif event["ph"] == "X":
            tid = integer(event, "tid", where)
            if not isinstance(event.get("name"), str):
                raise Fail(f"{where}: slice without a name")
            start = time(event, "ts", where)
            end = start + time(event, "dur", where)
            slices.setdefault((pid, tid), []).append((start, end, i))
        else:
            raise Fail(f"{where}: unexpected phase {event['ph']!r}")
    for (pid, tid), spans in sorted(slices.items()):
        if (pid, tid) not in named_threads:
            raise Fail(f"pid {pid} tid {tid}: slices on a thread without "
                       "a thread_name")
        spans.sort()
        for (s0, e0, i0), (s1, e1, i1) in zip(spans, spans[1:]):
            if s1 < e0:
                raise Fail(f"pid {pid} tid {tid}: event {i1} "
                           f"[{s1}, {e1}] overlaps event {i0} [{s0}, {e0}]")
    count = sum(len(s) for s in slices.values())
    return f"ok: {count} slices on {len(slices)} threads"


def main():
    try:
        print(check(sys.argv[1]))
    except (Fail, ValueError) as e:
        print(f"error: {e}")
        sys.exit(1)


if __name__ == "__main__":
    main()
