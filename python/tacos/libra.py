"""LIBRA bandwidth allocation (topo-allocate-bandwidth)."""

import json
import os
import tempfile

from .algorithm import limit_options
from .pipeline import run_pipeline


def allocate_bandwidth(text, *, workload=None, objective="perf",
                       model="analytic", trials=None, threads=None,
                       chunks=None, max_memory=None, timeout=None):
    """Sizes each dimension's bandwidth of the networks in `text` (MLIR with
    a topo.network whose links say `?`, topo.constraint/topo.price and
    coll.workload ops; docs/Libra.md) for the workloads; `trials`,
    `threads` (0: every core), `chunks`, `max_memory` and `timeout` are
    model="synthesized"'s (as in tacos.synthesize). Returns (the module
    with bandwidths filled in, the JSON report as a dict)."""
    options = [f"objective={objective}", f"model={model}"]
    if workload is not None:
        options.append(f"workload={workload}")
    if trials is not None:
        options.append(f"trials={int(trials)}")
    if threads is not None:
        options.append(f"threads={int(threads)}")
    if chunks is not None:
        options.append(f"chunks={int(chunks)}")
    options += limit_options(max_memory, timeout)
    with tempfile.TemporaryDirectory() as tmp:
        path = os.path.join(tmp, "libra.json")
        options.append(f"report={path}")
        result = run_pipeline(text, "topo-allocate-bandwidth{" +
                              " ".join(options) + "}")
        with open(path) as f:
            return result, json.load(f)
