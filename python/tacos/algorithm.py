"""Synthesized algorithms: request, synthesize, inspect, verify, export."""

import json
import os
import re
import tempfile

from . import _tacos
from ._tacos import TacosError
from .network import Network
from .pipeline import run_pipeline, run_tool

COLLECTIVES = ("all_gather", "reduce_scatter", "all_reduce", "all_to_all",
               "broadcast", "reduce", "gather", "scatter")
# The synthesizer catalogue's names (Synthesis/Algorithms.h).
ALGORITHMS = _tacos.ALGORITHMS
_ROOTED = ("broadcast", "reduce", "gather", "scatter")
_SYMBOL = re.compile(r"^[A-Za-z_][A-Za-z0-9_$.]*$")


def _size(size):
    if isinstance(size, str):
        return size.strip()
    if isinstance(size, bool) or not isinstance(size, int) or size < 1:
        raise ValueError(f"size must be a positive number of bytes or a "
                         f"string with a unit ('64 MB'), got {size!r}")
    return f"{size} B"


def request_mlir(network, collective, size, chunks=1, root=None, group=None,
                 name=None):
    """The coll.<collective> request op for `network`, as text."""
    if collective not in COLLECTIVES:
        raise ValueError(f"unknown collective {collective!r}; expected one "
                         f"of {', '.join(COLLECTIVES)}")
    name = name or collective
    if not _SYMBOL.match(name):
        raise ValueError(f"{name!r} is not a valid symbol name")
    if (root is None) == (collective in _ROOTED):
        raise ValueError(f"{collective} {'needs' if root is None else 'takes no'}"
                         f" root")
    if not isinstance(chunks, int) or chunks < 1:
        raise ValueError(f"chunks must be a positive integer, got {chunks!r}")
    parts = [f"coll.{collective} @{name} on @{network.name}"]
    if group is not None:
        parts.append("group [" + ", ".join(str(int(m)) for m in group) + "]")
    if root is not None:
        parts.append(f"root({int(root)})")
    parts.append(f"size({_size(size)})")
    if chunks != 1:
        parts.append(f"chunks({chunks})")
    return " ".join(parts) + "\n"


def limit_options(max_memory=None, timeout=None):
    """The `max-memory=` and `timeout=` pass options (docs/ResourceLimits.md)
    for `max_memory` (bytes, or a string with a unit: "8 GB"; None: 50% of
    the machine's memory) and `timeout` (seconds; None or 0: no limit)."""
    options = []
    if max_memory is not None:
        if isinstance(max_memory, str):
            options.append("max-memory={" + max_memory.strip() + "}")
        elif (isinstance(max_memory, int) and not isinstance(max_memory, bool)
              and max_memory > 0):
            options.append(f"max-memory={max_memory}B")
        else:
            raise ValueError(f"max_memory must be a positive number of bytes "
                             f"or a size such as '8 GB', got {max_memory!r}")
    if timeout is not None:
        if (isinstance(timeout, bool) or not isinstance(timeout, (int, float))
                or not timeout >= 0 or timeout == float("inf")):
            raise ValueError(f"timeout must be a number of seconds >= 0, got "
                             f"{timeout!r}")
        options.append(f"timeout={float(timeout)!r}")
    return options


def synthesize(network, collective, size, *, chunks=1, root=None, group=None,
               algorithm="tacos", trials=1, seed=0, threads=0, name=None,
               max_memory=None, timeout=None):
    """Synthesizes, verifies and reports `collective` of `size` bytes on
    `network` (tacos-pipeline): switches are unwound first, `algorithm` is
    tacos, exact, ring, direct, rhd or dbt, `trials` seeds from `seed` are
    tried and the fastest kept, on `threads` threads (0: every core; the
    result does not depend on it). A synthesis estimated to need more than
    `max_memory` (bytes or "8 GB"; default 50% of the machine's memory) is
    refused before it starts, and one still running after `timeout` seconds
    stops (docs/ResourceLimits.md); both raise TacosError naming the option
    (as the pass spells it, max-memory= and timeout=). Returns an
    Algorithm; raises TacosError."""
    if not isinstance(network, Network):
        raise TypeError("network must be a tacos.Network")
    for option, value in (("trials", trials), ("seed", seed),
                          ("threads", threads)):
        if isinstance(value, bool) or not isinstance(value, int) or value < 0:
            raise ValueError(f"{option} must be a non-negative integer")
    limits = limit_options(max_memory, timeout)
    if algorithm not in ALGORITHMS:
        raise ValueError(f"unknown algorithm {algorithm!r}; expected one of "
                         f"{', '.join(ALGORITHMS)}")
    name = name or collective
    text = network.to_mlir() + request_mlir(network, collective, size, chunks,
                                            root, group, name)
    with tempfile.TemporaryDirectory() as tmp:
        report = os.path.join(tmp, "report.json")
        pipeline = (f"tacos-pipeline{{algorithm={algorithm} trials={trials} "
                    f"threads={threads} seed={seed} materialize=packed "
                    f"report-format=json {' '.join(limits)} "
                    f"report-output={report}}}")
        result = run_pipeline(text, pipeline)
        with open(report) as f:
            rows = json.load(f)
    row = next(r for r in rows if r["name"] == name)
    return Algorithm(name, result, row, network)


class Algorithm:
    """A coll.algorithm and what tacos' report says about it."""

    def __init__(self, name, text, report, network=None):
        self.name = name
        self._text = text
        self.report = report
        self.network = network
        self._transfers = None

    @classmethod
    def from_mlir(cls, text, name):
        """An algorithm already in MLIR text (e.g. from tacos-opt)."""
        with tempfile.TemporaryDirectory() as tmp:
            path = os.path.join(tmp, "report.json")
            run_pipeline(text, f"coll-report{{format=json output={path}}}")
            with open(path) as f:
                rows = json.load(f)
        for row in rows:
            if row["name"] == name:
                return cls(name, text, row)
        raise TacosError(f"no coll.algorithm @{name} in the text")

    collective = property(lambda self: self.report["collective"])
    npus = property(lambda self: self.report["npus"])
    time_us = property(lambda self: self.report["time_us"])
    lower_bound_us = property(lambda self: self.report["lower_bound_us"])
    lower_bounds_us = property(lambda self: self.report["lower_bounds_us"])
    ratio_to_bound = property(lambda self: self.report["ratio_to_bound"])
    # {"optimal", "bound", "bound_us", "gap"}: optimal when the verified time
    # equals the best lower bound (docs/Reports.md, Certificates); None when
    # the time was not verified or the network has no bounds.
    certificate = property(lambda self: self.report.get("certificate"))
    verified = property(lambda self: self.report["verified"])

    @property
    def transfers(self):
        """NumPy records (chunk, src, dst, lane, kind, start, end), times in
        picoseconds, kind 0 for a copy and 1 for a reduction."""
        if self._transfers is None:
            self._transfers = _tacos.transfers(self._text, self.name)
        return self._transfers

    def to_mlir(self):
        """The module: network and coll.algorithm."""
        return self._text

    def verify(self):
        """Runs the native checker (coll-verify); True, or TacosError naming
        the violated property."""
        run_pipeline(self._text, "coll-verify")
        return True

    def report_text(self):
        """coll-report's text block."""
        with tempfile.TemporaryDirectory() as tmp:
            path = os.path.join(tmp, "report.txt")
            run_pipeline(self._text, f"coll-report{{output={path}}}")
            with open(path) as f:
                return f.read()

    def to_mpi(self, **options):
        """convert-coll-to-mpi's module (func/mpi/memref), with its options
        (element_type="f32", reduction="sum", ...)."""
        opts = " ".join(f"{k.replace('_', '-')}={v}" for k, v in options.items())
        return run_pipeline(self._text, f"convert-coll-to-mpi{{{opts}}}")

    def export(self, fmt, **options):
        """The algorithm in an interchange format, through tacos-translate:
        "msccl-xml" (options: protocol, min_bytes, max_bytes, astra_sim),
        "mscclpp-plan" (options: name, protocol, threads_per_block, ...),
        "chrome-trace" or "dot" (the network with link utilization)."""
        prefixes = {"msccl-xml": "msccl", "mscclpp-plan": "mscclpp"}
        if fmt in prefixes:
            prefix = prefixes[fmt]
            args = [f"--export-{fmt}", f"--algorithm=@{self.name}"]
            for key, value in options.items():
                flag = f"--{prefix}-" + key.replace("_", "-")
                args.append(flag if value is True else f"{flag}={value}")
        elif fmt in ("chrome-trace", "dot"):
            if options:
                raise ValueError(f"{fmt} takes no options")
            args = [f"--export-{fmt}", f"--algorithm=@{self.name}"]
        else:
            raise ValueError(f"unknown export format {fmt!r}; expected "
                             "msccl-xml, mscclpp-plan, chrome-trace or dot")
        return run_tool("tacos-translate", args, self._text)

    def __repr__(self):
        return (f"<tacos.Algorithm @{self.name}: {self.collective} on "
                f"{self.npus} NPUs, {self.time_us:.3f} us>")
