"""Checks the reports of examples/libra/case-studies.sh.

Every case: the allocation meets its sum constraint, perf-per-cost's time x
cost is no worse than perf's, perf is no slower than the equal-bandwidth
baseline (which meets the constraints: projected onto them where the equal
split does not) and perf-per-cost no worse in time x cost; the report's
compute and communication times add up and its link bandwidths are the
per-NPU ones over the links per NPU. Where a closed form exists (docs/Algorithms.md,
LIBRA) the allocation matches it to 1e-6 relative:
- GPT-3 3D: tensor parallelism on dimension 0, data parallelism on 1 and 2
  (disjoint groups): B_0 = S sqrt(L_0) / (sqrt(L_0) + sqrt(a_1 + a_2)), the
  rest split as a_1 : a_2;
- GPT-3 4D with docs/Algorithms.md, LIBRA's constraints: B_0 = 500 and B_1 = 300 are forced,
  and B_2 + B_3 = 200 splits as the data-parallel loads a_2 : a_3.

Every report is also checked against LIBRA's released model restated here
from the raw inputs (examples/libra: layer file, communicator, network, cost
model), independently of the importer: per layer and phase, with LIBRA's
size conventions (an ALLGATHER's size is each NPU's shard; the others' the
whole buffer). time_ns and cost must be LIBRA's time and cost of the
reported bandwidths, and with only a sum constraint no small move along the
sum plane may improve LIBRA's objective (the allocation is LIBRA's optimum).

Usage: check_libra_reports.py <reports> <examples/libra>
"""
import glob
import json
import math
import os
import re
import sys

MiB = 2**20
TOLERANCE = 1e-6


def close(actual, expected, what):
    assert abs(actual - expected) <= TOLERANCE * abs(expected), (what, actual, expected)


def load(directory, case, objective):
    return json.load(open(os.path.join(directory, f"{case}.{objective}.json")))


def gpt3_3d(b):
    # All-Reduce 768 MiB x 8 and All-Gather of 48 MiB shards x 2 over 16 NPUs;
    # All-Reduce 432 MiB over 8 x 32.
    l0 = 8 * 2 * 768 * MiB * 15 / 16 + 2 * 48 * MiB * 15
    m = 432 * MiB
    a1, a2 = 2 * m * 7 / 8, 2 * (m / 8) * 31 / 32
    b0 = 500 * math.sqrt(l0) / (math.sqrt(l0) + math.sqrt(a1 + a2))
    for got, want in zip(b, [b0, (500 - b0) * a1 / (a1 + a2), (500 - b0) * a2 / (a1 + a2)]):
        close(got, want, "GPT-3 3D")


def gpt3_4d_constrained(b):
    # The weight-gradient All-Reduce (432 MiB, groups 2 x 4 x 32): a_1 = m,
    # a_2 = 0.75 m, a_3 = 2 (m / 8) 31 / 32.
    a2, a3 = 0.75, 2 / 8 * 31 / 32
    for got, want in zip(b, [500, 300, 200 * a2 / (a2 + a3), 200 * a3 / (a2 + a3)]):
        close(got, want, "GPT-3 4D constrained")


def yaml_list(text, key):
    m = re.search(rf"^{key}:\s*\[([^\]]*)\]", text, re.M)
    return [x.strip() for x in m.group(1).split(",")]


def read(path):
    return open(path).read()


class Libra:
    """LIBRA's model (astra-sim/libra src/model, src/cost_model), restated."""

    def __init__(self, inputs, model, net):
        network = read(os.path.join(inputs, f"{net}_network.yml"))
        self.kinds = yaml_list(network, "Topology")
        self.sizes = [int(x) for x in yaml_list(network, "NpusCount")]
        tiers = yaml_list(network, "CostDimension")
        comm_name = next(f for f in os.listdir(inputs) if f.lower() == f"{model}_{net}.yml".lower())
        comm = read(os.path.join(inputs, comm_name))
        self.comm = [[int(x) for x in yaml_list(comm, k)] for k in ("Forward", "InputGrad", "WeightGrad")]
        prices, tier = {}, None
        for line in read(os.path.join(inputs, f"{net}_cost_model.yml")).splitlines():
            line = line.split("#")[0].rstrip()
            if re.match(r"^\w+:\s*$", line):
                tier = line[:-1].strip()
                prices[tier] = {}
            elif line.strip() and tier:
                k, v = line.split(":")
                prices[tier][k.strip()] = float(v)
        # Per NPU and GB/s: links (all kinds), plus NIC and switch for switches.
        self.price = [sum(prices[t].values()) if k == "Switch" else prices[t]["Link"]
                      for k, t in zip(self.kinds, tiers)]
        self.npus = math.prod(self.sizes)
        self.layers = []
        for line in read(os.path.join(inputs, f"{model}.txt")).splitlines():
            t = line.split()
            if len(t) == 12:
                self.layers.append([(float(t[i]), t[i + 1], float(t[i + 2])) for i in (2, 5, 8)])

    def loads(self, kind, size, comm):
        loads, m = [0.0] * len(comm), size
        if kind in ("ALLREDUCE", "REDUCESCATTER"):
            for d, c in enumerate(comm):
                if c >= 0:
                    loads[d] = (2 if kind == "ALLREDUCE" else 1) * m / c * (c - 1)
                    m /= c
        elif kind == "ALLGATHER":
            for d in reversed(range(len(comm))):
                if comm[d] >= 0:
                    loads[d] = m * (comm[d] - 1)
                    m *= comm[d]
        elif kind == "ALLTOALL":
            loads = [m / c * (c - 1) if c >= 0 else 0.0 for c in comm]
        return loads

    def time_ns(self, b):
        total = 0.0
        for layer in self.layers:
            for (compute, kind, size), comm in zip(layer, self.comm):
                total += compute
                total += max(a / bw if a > 0 else 0.0 for a, bw in zip(self.loads(kind, size, comm), b))
        return total

    def cost(self, b):
        return self.npus * sum(u * bw for u, bw in zip(self.price, b))


def check_against_libra(libra, report, case, objective, sum_only):
    b = report["bandwidth_gbps"]
    close(report["time_ns"], libra.time_ns(b), (case, objective, "LIBRA's time"))
    close(report["cost"], libra.cost(b), (case, objective, "LIBRA's cost"))
    close(report["equal_bandwidth_time_ns"], libra.time_ns(report["equal_bandwidth_gbps"]),
          (case, objective, "LIBRA's time at equal bandwidth"))
    if not sum_only:
        return

    def score(x):
        t = libra.time_ns(x)
        return t if objective == "perf" else t * libra.cost(x)

    # Moves that keep the sum: one dimension to another, and a set of
    # dimensions grown in proportion at the expense of the others (which
    # keeps the kinks of max_d a_d / B_d inside either set balanced).
    n = len(b)
    moves = [[(k == i) - (k == j) for k in range(n)] for i in range(n) for j in range(n) if i != j]
    for mask in range(1, 2**n - 1):
        grow = [bool(mask >> k & 1) for k in range(n)]
        up = sum(x for x, g in zip(b, grow) if g)
        down = sum(x for x, g in zip(b, grow) if not g)
        moves.append([x / up if g else -x / down for x, g in zip(b, grow)])
    best = score(b)
    for move in moves:
        x = [bk + 1e-4 * sum(b) * mk for bk, mk in zip(b, move)]
        if min(x) > 0:
            assert score(x) >= best * (1 - 1e-9), (case, objective, "not LIBRA's optimum", move)


directory, inputs = sys.argv[1], sys.argv[2]
cases = sorted({os.path.basename(p).split(".")[0] for p in glob.glob(f"{directory}/*.json")})
for case in cases:
    perf, cost = load(directory, case, "perf"), load(directory, case, "perf-per-cost")
    total = 1000 if case.endswith("constrained") else 500
    for r in (perf, cost):
        close(sum(r["bandwidth_gbps"]), total, case)
    assert cost["time_ns"] * cost["cost"] <= perf["time_ns"] * perf["cost"] * (1 + 1e-9), case
    model, net = re.match(r"(.*)_(3d|4d)", case).groups()
    libra = Libra(inputs, model, net)
    for objective, r in (("perf", perf), ("perf-per-cost", cost)):
        check_against_libra(libra, r, case, objective, not case.endswith("constrained"))
    # The equal-bandwidth baseline meets the constraints (projected where
    # the equal split does not), so neither objective does worse than it.
    assert perf["speedup"] >= 1 - 1e-9, (case, perf["speedup"])
    assert cost["perf_per_cost_gain"] >= 1 - 1e-9, (case, cost["perf_per_cost_gain"])
    for r in (perf, cost):
        close(sum(r["equal_bandwidth_gbps"]), total, (case, "equal baseline"))
        close(r["compute_time_ns"] + r["communication_time_ns"], r["time_ns"], case)
        close(r["compute_time_ns"], libra.time_ns([math.inf] * len(r["bandwidth_gbps"])), case)
        for b, link, dim in zip(r["bandwidth_gbps"], r["link_bandwidth_gbps"], r["dims"]):
            close(link, b / dim["links_per_npu"], (case, "link bandwidth"))
gpt3_3d(load(directory, "GPT_3_3d", "perf")["bandwidth_gbps"])
gpt3_4d_constrained(load(directory, "GPT_3_4d_constrained", "perf")["bandwidth_gbps"])
# The equal split (250 each) breaks bw(0) == 500 and bw(2) + bw(3) == 200:
# the baseline is the nearest allocation that meets them.
for objective in ("perf", "perf-per-cost"):
    r = load(directory, "GPT_3_4d_constrained", objective)
    assert r["equal_bandwidth_projected"], objective
    for got, want in zip(r["equal_bandwidth_gbps"], [500, 300, 100, 100]):
        close(got, want, "GPT-3 4D constrained baseline")
print(f"{len(cases)} case studies ok")
