#!/usr/bin/env python3
"""Compares the table "What each baseline builds" of docs/Algorithms.md with
what the baselines do: the `coll-report baselines=true format=json` report
of every collective on a few reference networks, whose algorithm names are
`<anything>_<network>`. Usage: check-baseline-table.py ALGORITHMS.md
REPORT.json. A cell is `yes`, `power-of-two groups`, `nodes`, `no: MESSAGE`
or a comma-separated combination; see the legend under the table. Prints
what differs and exits 1, or prints a summary."""
import json
import re
import sys

COLLECTIVES = {
    "All-Gather": "all_gather", "Broadcast": "broadcast",
    "Scatter": "scatter", "Gather": "gather", "All-to-All": "all_to_all",
    "Reduce-Scatter": "reduce_scatter", "All-Reduce": "all_reduce",
    "Reduce": "reduce",
}
# The reference networks that have nodes (a product of two or more
# dimensions, or groups found by bandwidth), where "nodes" must build.
NODE_NETWORKS = {"cube", "torus", "nodes"}
NO_NODES = "hierarchical needs nodes"


def parse_table(text):
    """{(collective, algorithm): set of cell terms} from the table."""
    lines = text.split("### What each baseline builds", 1)[1].splitlines()
    start = next(i for i, l in enumerate(lines) if l.startswith("|"))
    rows = []
    for line in lines[start:]:
        if not line.startswith("|"):
            break
        rows.append(line)
    header = [c.strip(" `") for c in rows[0].strip("|").split("|")]
    algorithms = header[1:]
    table = {}
    for row in rows[2:]:
        cells = [c.strip() for c in row.strip("|").split("|")]
        kind = COLLECTIVES[cells[0]]
        for algorithm, cell in zip(algorithms, cells[1:]):
            table[(kind, algorithm)] = {t.strip() for t in cell.split(",")}
    return table


def is_power_of_two(n):
    return n & (n - 1) == 0


def expected(terms, network, participants):
    """'built', or the text the refusal must contain."""
    if "power-of-two groups" in terms and not is_power_of_two(participants):
        return "needs a power-of-two number of participants"
    if "nodes" in terms and network not in NODE_NETWORKS:
        return NO_NODES
    for term in terms:
        if term.startswith("no: "):
            return term[len("no: "):]
    assert terms <= {"yes", "power-of-two groups", "nodes"}, terms
    return "built"


def main():
    table = parse_table(open(sys.argv[1]).read())
    report = json.load(open(sys.argv[2]))
    problems = []
    seen = set()
    networks = set()
    for row in report:
        kind, network = row["collective"], row["name"].rsplit("_", 1)[1]
        networks.add(network)
        notes = {n.split(": ", 1)[0]: n.split(": ", 1)[1]
                 for n in row.get("baseline_notes", [])}
        for algorithm, time in row["baselines_us"].items():
            seen.add((kind, algorithm))
            if (kind, algorithm) not in table:
                problems.append(f"{kind} x {algorithm}: not in the table")
                continue
            want = expected(table[(kind, algorithm)], network, row["npus"])
            note = notes.get(algorithm, "")
            got = "built" if time is not None else note
            if want == "built" and got != "built":
                problems.append(f"{kind} x {algorithm} on {network}: "
                                f"documented as built, refused: {note}")
            elif want != "built" and want not in got:
                problems.append(f"{kind} x {algorithm} on {network}: "
                                f"documented as refused ({want}), got: "
                                f"{got}")
    for cell in sorted(table):
        if cell not in seen:
            problems.append(f"{cell[0]} x {cell[1]}: not run")
    for p in problems:
        print(p)
    if problems:
        return 1
    print(f"{len(table)} cells checked on {len(networks)} networks")
    return 0


if __name__ == "__main__":
    sys.exit(main())
