"""Checks that model=synthesized timed the analytic optimum on the switches
as hardware runs them (cut-through at full port speed): its synthesized
time is the analytic model's plus at most the given latency in ns, which
the analytic model leaves out (and a millionth for the rounding of
bandwidths and times). Timed on unwound switches, a collective on
a group of 2 of a switch's 8 ports would take 7 times as long.
"""
import json
import sys

report = json.load(open(sys.argv[1]))
latency_ns = float(sys.argv[2])
analytic = report["analytic_optimum"]
model, synthesized = analytic["model_time_ns"], analytic["synthesized_time_ns"]
assert model <= synthesized <= model * (1 + 1e-6) + latency_ns, (model,
                                                              synthesized)
print("switch port speed ok")
