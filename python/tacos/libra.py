"""LIBRA bandwidth allocation (topo-allocate-bandwidth)."""

import json
import os
import tempfile

from . import _values
from .algorithm import limit_options
from .pipeline import run_pipeline


def allocate_bandwidth(text, *, workload=None, objective="perf",
                       model="analytic", trials=None, threads=None,
                       chunks=None, max_memory=None, timeout=None):
    """Sizes each dimension's bandwidth of the networks in `text` (MLIR with
    a topo.network whose links say `?`, topo.constraint/topo.price and
    coll.workload ops; docs/Libra.md) for the workloads (`workload`: a name
    or a list of names; default: every coll.workload); `trials`, `threads`
    (0: every core), `chunks`, `max_memory` and `timeout` are
    model="synthesized"'s (as in tacos.synthesize). Returns (the module
    with bandwidths filled in, the JSON report as a dict)."""
    options = [f"objective={_values.word('objective', objective)}",
               f"model={_values.word('model', model)}"]
    if workload is not None:
        names = [workload] if isinstance(workload, str) else workload
        names = [_values.name("workload", n.removeprefix("@")
                              if isinstance(n, str) else n) for n in names]
        options.append("workload=" + ",".join(names))
    for option, value in (("trials", trials), ("threads", threads),
                          ("chunks", chunks)):
        if value is not None:  # the pass says which counts it takes
            value = _values.integer(option, value, 0, _values.UINT32_MAX)
            options.append(f"{option}={value}")
    options += limit_options(max_memory, timeout)
    with tempfile.TemporaryDirectory() as tmp:
        path = os.path.join(tmp, "libra.json")
        options.append(f"report={_values.option_path(path)}")
        result = run_pipeline(text, "topo-allocate-bandwidth{" +
                              " ".join(options) + "}")
        with open(path) as f:
            return result, json.load(f)
