"""LIBRA bandwidth allocation (topo-allocate-bandwidth)."""

import json
import os
import tempfile

from .pipeline import run_pipeline


def allocate_bandwidth(text, *, workload=None, objective="perf",
                       model="analytic", trials=None, threads=None,
                       chunks=None):
    """Sizes each dimension's bandwidth of the networks in `text` (MLIR with
    a topo.network whose links say `?`, topo.constraint/topo.price and
    coll.workload ops; docs/Libra.md) for the workloads; `trials` and
    `threads` (0: every core) are model="synthesized"'s. Returns (the
    module with bandwidths filled in, the JSON report as a dict)."""
    options = [f"objective={objective}", f"model={model}"]
    if workload is not None:
        options.append(f"workload={workload}")
    if trials is not None:
        options.append(f"trials={int(trials)}")
    if threads is not None:
        options.append(f"threads={int(threads)}")
    if chunks is not None:
        options.append(f"chunks={int(chunks)}")
    with tempfile.TemporaryDirectory() as tmp:
        path = os.path.join(tmp, "libra.json")
        options.append(f"report={path}")
        result = run_pipeline(text, "topo-allocate-bandwidth{" +
                              " ".join(options) + "}")
        with open(path) as f:
            return result, json.load(f)
