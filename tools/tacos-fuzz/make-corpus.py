#!/usr/bin/env python3
"""Extracts the seed corpora of the tacos fuzz targets from test/ and examples/.

    make-corpus.py --source <repo> --out <dir>

writes <dir>/<target>/<seed> for every target of tools/tacos-fuzz (the
directory is replaced). Seeds are the inputs the tests already use, cut to
what each target reads:

  tacos-pipeline   every `// -----` case of every .mlir file with a topo or
                   coll op, comment lines removed
  tacos-verify     those with a coll.algorithm
  tacos-msccl-xml  every .xml program; each again in split-file form with a
                   fully connected network of its GPUs (--msccl-network)
  tacos-libra-network  every LIBRA network .yml, alone and with each cost model
  tacos-astra-workload every layer .txt with the network and communicator its
                   tests use, as split-file inputs
  tacos-schedule   correct schedules in the target's byte encoding (see
                   tacos-schedule-fuzzer.cpp): All-Gathers and Broadcasts on
                   each of its networks, one transfer after another along
                   breadth-first trees, so that mutations start from
                   schedules the verifier accepts

Seeds longer than the target's -max_len (MAX_LEN, as the lit tests pass it)
are left out, or cut at a line for layer files. Names say where a seed comes
from.
"""

import argparse
import hashlib
import os
import re
import shutil

MAX_LEN = {
    "tacos-pipeline": 4096,
    "tacos-verify": 4096,
    "tacos-msccl-xml": 16384,
    "tacos-libra-network": 2048,
    "tacos-astra-workload": 4096,
    "tacos-schedule": 512,
}

# The networks of tacos-schedule-fuzzer.cpp (makeNetworks), as out-links.
SCHEDULE_NETWORKS = [
    {0: [1, 3], 1: [2, 0], 2: [3, 1], 3: [0, 2]},           # ring(4)
    {v: [u for u in range(6) if (u // 3 == v // 3 and abs(u - v) == 1)
         or abs(u - v) == 3] for v in range(6)},            # line(3) x line(2)
    {0: [1, 2], 1: [0, 2], 2: [1]},                         # explicit, 3 NPUs
    {0: [1], 1: [2], 2: [0]},                               # ring(3, uni)
]


def schedule_seed(network, kind, chunks_per_rank, root):
    """The bytes of a correct All-Gather (kind 0) or Broadcast (kind 4)."""
    npus = len(network)
    shape = kind | ((chunks_per_rank - 1) << 4)
    data = [SCHEDULE_NETWORKS.index(network), shape, root, 0]
    if kind == 0:
        sources = [r for r in range(npus) for _ in range(chunks_per_rank)]
    else:
        sources = [root] * chunks_per_rank
    for chunk, source in enumerate(sources):
        seen, queue = {source}, [source]
        while queue:
            u = queue.pop(0)
            for v in network[u]:
                if v not in seen:
                    seen.add(v)
                    queue.append(v)
                    # Start mode 2: at the last end so far.
                    data += [chunk, (u << 4) | v, 2 << 2, 0, 0]
    return bytes(data)


def read(path):
    with open(path, encoding="utf-8", errors="replace") as f:
        return f.read()


def files_under(root, suffix):
    for directory, subdirs, names in os.walk(root):
        subdirs.sort()
        for name in sorted(names):
            if name.endswith(suffix):
                yield os.path.join(directory, name)


class Corpus:
    def __init__(self, out, target):
        self.dir = os.path.join(out, target)
        self.max_len = MAX_LEN[target]
        self.seen = set()
        os.makedirs(self.dir)

    def add(self, name, text):
        self.add_bytes(name, text.encode())

    def add_bytes(self, name, data):
        digest = hashlib.sha1(data).hexdigest()
        if len(data) > self.max_len or not data.strip() or digest in self.seen:
            return
        self.seen.add(digest)
        name = re.sub(r"[^A-Za-z0-9_.-]", "_", name)
        with open(os.path.join(self.dir, name), "wb") as f:
            f.write(data)


def mlir_cases(source):
    """(name, text) of every `// -----` case of the .mlir tests and examples."""
    for top in ("test", "examples"):
        for path in files_under(os.path.join(source, top), ".mlir"):
            rel = os.path.relpath(path, source)
            for i, case in enumerate(re.split(r"^// -----.*$", read(path),
                                              flags=re.M)):
                lines = [l for l in case.splitlines()
                         if not l.lstrip().startswith("//")]
                text = "\n".join(lines).strip() + "\n"
                if re.search(r"\b(topo|coll)\.", text):
                    yield "%s.%d" % (rel, i), text


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--source", required=True)
    parser.add_argument("--out", required=True)
    args = parser.parse_args()
    source = args.source
    shutil.rmtree(args.out, ignore_errors=True)
    corpora = {target: Corpus(args.out, target) for target in MAX_LEN}

    for name, text in mlir_cases(source):
        corpora["tacos-pipeline"].add(name, text)
        if "coll.algorithm" in text:
            corpora["tacos-verify"].add(name, text)

    for top in ("test", "examples"):
        for path in files_under(os.path.join(source, top), ".xml"):
            rel = os.path.relpath(path, source)
            text = read(path)
            corpora["tacos-msccl-xml"].add(rel, text)
            gpus = re.search(r'ngpus="(\d+)"', text)
            if gpus and 2 <= int(gpus.group(1)) <= 64:
                network = ("topo.network @net {\n  topo.dims [fully_connected("
                           "%s) link(50 GBps, 1 us)]\n}\n" % gpus.group(1))
                corpora["tacos-msccl-xml"].add(
                    rel + ".net", "#--- program.xml\n" + text +
                    "#--- network.mlir\n" + network)

    ymls = [p for top in ("test", "examples")
            for p in files_under(os.path.join(source, top), ".yml")]
    networks = [p for p in ymls if "Topology" in read(p)]
    cost_models = [p for p in ymls if re.search(r"^\s+Link:", read(p), re.M)]
    for path in networks:
        rel = os.path.relpath(path, source)
        corpora["tacos-libra-network"].add(rel, read(path))
        for cost in cost_models:
            corpora["tacos-libra-network"].add(
                rel + "+" + os.path.basename(cost),
                "#--- network.yml\n" + read(path) + "#--- cost-model.yml\n" +
                read(cost))

    schedule_seeds(corpora["tacos-schedule"])

    # Layer files with the network and communicator their tests use.
    libra = os.path.join(source, "examples", "libra")
    inputs = os.path.join(source, "test", "Target", "LibraImport", "Inputs")
    pairs = []
    for layers in files_under(libra, ".txt"):
        model = os.path.basename(layers)[:-len(".txt")]
        for d in ("3d", "4d"):
            communicator = os.path.join(libra, "%s_%s.yml" % (model, d))
            if not os.path.exists(communicator):
                communicator = os.path.join(libra, "%s_%s.yml" % (model, d.upper()))
            if os.path.exists(communicator):
                pairs.append((layers, os.path.join(libra, "%s_network.yml" % d),
                              communicator))
    for layers in files_under(inputs, ".txt"):
        pairs.append((layers, os.path.join(inputs, "small-network.yml"),
                      os.path.join(inputs, "small-comm.yml")))
    # The communicators of the importer's error tests, on a good layer file.
    for communicator in files_under(inputs, ".yml"):
        if "Forward" in read(communicator):
            pairs.append((os.path.join(inputs, "header.txt"),
                          os.path.join(inputs, "small-network.yml"),
                          communicator))
    for layers, network, communicator in pairs:
        parts = ["#--- network.yml\n" + read(network),
                 "#--- communicator.yml\n" + read(communicator)]
        head = "".join(parts) + "#--- layers.txt\n"
        text = read(layers)
        budget = MAX_LEN["tacos-astra-workload"] - len(head.encode())
        while len(text.encode()) > budget and "\n" in text.rstrip("\n"):
            text = text.rstrip("\n").rsplit("\n", 1)[0] + "\n"
        corpora["tacos-astra-workload"].add(
            os.path.relpath(layers, source) + "+" +
            os.path.basename(communicator), head + text)


def schedule_seeds(corpus):
    for n, network in enumerate(SCHEDULE_NETWORKS):
        for k in (1, 2):
            corpus.add_bytes("all_gather.net%d.k%d" % (n, k),
                             schedule_seed(network, 0, k, 0))
            corpus.add_bytes("broadcast.net%d.k%d" % (n, k),
                             schedule_seed(network, 4, k, 1))


if __name__ == "__main__":
    main()
