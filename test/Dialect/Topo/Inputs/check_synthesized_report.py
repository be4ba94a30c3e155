"""Checks the properties a model=synthesized report must have.

The search includes LIBRA's analytic optimum, so the allocation it picks is
never worse (scored by synthesis: time, or time x cost) than that optimum; the allocation meets
the network's sum constraint; synthesized times include latencies, which the
analytic model leaves out.
"""
import json
import sys

report = json.load(open(sys.argv[1]))
total = float(sys.argv[2])
analytic = report["analytic_optimum"]
assert report["model"] == "synthesized", report["model"]
if report["objective"] == "perf":
    assert report["time_ns"] <= analytic["synthesized_time_ns"], report
    assert report["search_speedup"] >= 1, report
else:
    assert (report["time_ns"] * report["cost"]
            <= analytic["synthesized_time_ns"] * analytic["cost"]), report
assert abs(sum(report["bandwidth_gbps"]) - total) <= 1e-6 * total, report
assert abs(sum(analytic["bandwidth_gbps"]) - total) <= 1e-6 * total, report
assert analytic["model_time_ns"] <= analytic["synthesized_time_ns"], report
assert 2 <= report["candidates_scored"] <= 48, report
print("synthesized report ok")
