"""Checks the reports of examples/libra/case-studies.sh.

Every case: the allocation meets its sum constraint, perf-per-cost's time x
cost is no worse than perf's, and with only a sum constraint (equal
bandwidth is then feasible) perf is no slower than equal bandwidth and
perf-per-cost no worse in time x cost. Where a closed form exists (DESIGN
§6) the allocation matches it to 1e-6 relative:
- GPT-3 3D: tensor parallelism on dimension 0, data parallelism on 1 and 2
  (disjoint groups): B_0 = S sqrt(L_0) / (sqrt(L_0) + sqrt(a_1 + a_2)), the
  rest split as a_1 : a_2;
- GPT-3 4D with DESIGN §6's constraints: B_0 = 500 and B_1 = 300 are forced,
  and B_2 + B_3 = 200 splits as the data-parallel loads a_2 : a_3.
"""
import glob
import json
import math
import os
import sys

MiB = 2**20
TOLERANCE = 1e-6


def close(actual, expected, what):
    assert abs(actual - expected) <= TOLERANCE * abs(expected), (what, actual, expected)


def load(directory, case, objective):
    return json.load(open(os.path.join(directory, f"{case}.{objective}.json")))


def gpt3_3d(b):
    # All-Reduce 768 MiB x 8 and All-Gather 48 MiB x 2 over 16 NPUs; All-Reduce
    # 432 MiB over 8 x 32.
    l0 = 8 * 2 * 768 * MiB * 15 / 16 + 2 * (48 * MiB / 16) * 15
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


directory = sys.argv[1]
cases = sorted({os.path.basename(p).split(".")[0] for p in glob.glob(f"{directory}/*.json")})
for case in cases:
    perf, cost = load(directory, case, "perf"), load(directory, case, "perf-per-cost")
    total = 1000 if case.endswith("constrained") else 500
    for r in (perf, cost):
        close(sum(r["bandwidth_gbps"]), total, case)
    assert cost["time_ns"] * cost["cost"] <= perf["time_ns"] * perf["cost"] * (1 + 1e-9), case
    if not case.endswith("constrained"):
        assert perf["speedup"] >= 1 - 1e-9, (case, perf["speedup"])
        assert cost["perf_per_cost_gain"] >= 1 - 1e-9, (case, cost["perf_per_cost_gain"])
gpt3_3d(load(directory, "GPT_3_3d", "perf")["bandwidth_gbps"])
gpt3_4d_constrained(load(directory, "GPT_3_4d_constrained", "perf")["bandwidth_gbps"])
print(f"{len(cases)} case studies ok")
