#!/usr/bin/env python3
"""Quality benchmark of issue 26 item 8 (not a timed test).

For every network of the shipped topologies (examples/*.mlir), every
collective and size: the default synthesis (best: tacos and the baselines,
switches as nodes) against the throughput bound of the hardware and the
best baseline, which algorithm won, and the synthesis time; beside it the
TACOS paper's model (switches unwound, then tacos) against the same bound.

    bench/quality.py [--tacos-opt build/bin/tacos-opt] [--chunks 4[,16,...]]
                     [--sizes 1MiB,64MiB,1GiB] [--only NAME] > table.md

With several chunk counts, each cell keeps the fastest (the chunks column
says which), as a user choosing the chunk count per size would.

Times are model times (deterministic); synthesis times are wall clock on
whatever machine runs it (record the machine and its load with the table).
"""
import argparse
import json
import os
import re
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
TOPOLOGIES = ["a100-2x8.mlir", "mi250-2x16.mlir", "dgx-h100.mlir",
              "fat-tree.mlir", "tpu-torus.mlir", "networks.mlir"]
# networks.mlir also holds point-to-point networks; DGX-1 is the shipped one
# the issue names.
KEEP = {"networks.mlir": {"dgx1"}}
COLLECTIVES = [("all_gather", ""), ("reduce_scatter", ""),
               ("all_reduce", ""), ("broadcast", " root(0)"),
               ("all_to_all", "")]


def networks(path):
    """(name, text of the topo.network op) of every network in the file."""
    text = open(path).read()
    found = []
    for m in re.finditer(r"^topo\.network @(\w+) \{", text, re.M):
        depth, i = 0, m.end() - 1
        while True:
            if text[i] == "{":
                depth += 1
            elif text[i] == "}":
                depth -= 1
                if depth == 0:
                    break
            i += 1
        found.append((m.group(1), text[m.start():i + 1]))
    return found


def report(tacos_opt, module, passes):
    child = subprocess.run(
        [tacos_opt, "-", *passes, "--coll-report=format=json output=-",
         "-o", "/dev/null"], input=module, capture_output=True, text=True)
    if child.returncode != 0:
        return None, child.stderr.strip().splitlines()[-1]
    return json.loads(child.stdout)[0], None


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--tacos-opt",
                        default=os.path.join(ROOT, "build/bin/tacos-opt"))
    parser.add_argument("--chunks", default="4")
    parser.add_argument("--sizes", default="1MiB,64MiB,1GiB")
    parser.add_argument("--only", default="")
    args = parser.parse_args()
    sizes = [s.replace("MiB", " MiB").replace("GiB", " GiB")
             for s in args.sizes.split(",")]
    counts = [int(c) for c in args.chunks.split(",")]
    print("| network | collective | size | chunks | time / throughput bound | "
          "time / best bound | time / best baseline | won | synthesis | "
          "unwound tacos / throughput bound |")
    print("| --- | --- | ---: | ---: | ---: | ---: | ---: | --- | ---: | ---: |")
    for file in TOPOLOGIES:
        for name, op in networks(os.path.join(ROOT, "examples", file)):
            if file in KEEP and name not in KEEP[file]:
                continue
            if args.only and args.only != name:
                continue
            for kind, extra in COLLECTIVES:
                for size in sizes:
                    best, error, module, chunks = None, None, None, None
                    for count in counts:
                        text = op + "\n" + (
                            f"coll.{kind} @r on @{name}{extra} "
                            f"size({size}) chunks({count})\n")
                        found, error = report(
                            args.tacos_opt, text,
                            ["--coll-synthesize=materialize=packed"])
                        if error:
                            break
                        if best is None or found["time_us"] < best["time_us"]:
                            best, module, chunks = found, text, count
                    if error:
                        print(f"| {name} | {kind} | {size} | | {error} ||||||")
                        continue
                    bound = best["lower_bounds_us"].get("throughput")
                    verdict = best.get("best", {})
                    baselines = [t for a, t in
                                 verdict.get("candidates_us", {}).items()
                                 if a != "tacos" and t is not None]
                    unwound, _ = report(
                        args.tacos_opt, module,
                        ["--topo-unwind-switches",
                         "--coll-synthesize=algorithm=tacos materialize=packed"])
                    us = best["time_us"]
                    ratio = f"{us / bound:.3f}" if bound else "n/a"
                    lower = best.get("lower_bound_us")
                    tight = f"{us / lower:.3f}" if lower else "n/a"
                    vs = f"{us / min(baselines):.3f}" if baselines else "n/a"
                    old = "n/a"
                    if unwound and bound:
                        old = f"{unwound['time_us'] / bound:.3f}"
                    print(f"| {name} | {kind} | {size} | {chunks} | {ratio} | {tight} | {vs} | "
                          f"{verdict.get('winner', '?')} | "
                          f"{best['synthesis_ms'] / 1000:.2f} s | {old} |",
                          flush=True)


if __name__ == "__main__":
    sys.exit(main())
