"""Synthesized algorithms: request, synthesize, inspect, verify, export."""

import json
import math
import os
import tempfile

from . import _tacos, _values
from ._tacos import TacosError
from ._values import ArgumentError
from .network import Network
from .pipeline import run_pipeline, run_tool

COLLECTIVES = ("all_gather", "reduce_scatter", "all_reduce", "all_to_all",
               "broadcast", "reduce", "gather", "scatter")
# The synthesizer catalogue's names (Synthesis/Algorithms.h).
ALGORITHMS = _tacos.ALGORITHMS
DEFAULT_ALGORITHM = _tacos.DEFAULT_ALGORITHM
_ROOTED = ("broadcast", "reduce", "gather", "scatter")


def request_mlir(network, collective, size, chunks=1, root=None, group=None,
                 name=None):
    """The coll.<collective> request op for `network`, as text. `size` is a
    string with a unit ("64 MB") or an integer of bytes."""
    if collective not in COLLECTIVES:
        raise ArgumentError(f"unknown collective {collective!r}; expected one "
                            f"of {', '.join(COLLECTIVES)}")
    name = _values.name("name", name or collective)
    if (root is None) == (collective in _ROOTED):
        raise ArgumentError(f"{collective} "
                            f"{'needs' if root is None else 'takes no'} root")
    chunks = _values.integer("chunks", chunks, 1)
    size = _values.quantity_text("size", "size", size, "B")
    # In the order the op's syntax has them: root, then group.
    parts = [f"coll.{collective} @{name} on @{network.name}"]
    if root is not None:
        parts.append(f"root({_values.integer('root', root)})")
    if group is not None:
        members = _values.integers("group", group)
        parts.append("group [" + ", ".join(map(str, members)) + "]")
    parts.append(f"size({size})")
    if chunks != 1:
        parts.append(f"chunks({chunks})")
    return " ".join(parts) + "\n"


def limit_options(max_memory=None, timeout=None):
    """The `max-memory=` and `timeout=` pass options (docs/ResourceLimits.md)
    for `max_memory` (an integer of bytes, or a size with a unit: "8 GB";
    None: 50% of the machine's memory) and `timeout` (seconds; None or 0: no
    limit)."""
    options = []
    if max_memory is not None:
        limit = _values.quantity("size", "max_memory", max_memory, "B")
        options.append(f"max-memory={limit}B")
    if timeout is not None:
        seconds = _values.number("timeout", timeout)
        if not (seconds >= 0 and math.isfinite(seconds)):
            _values.refuse("timeout", timeout,
                           "expected a number of seconds >= 0")
        options.append(f"timeout={seconds!r}")
    return options


def synthesize(network, collective, size, *, chunks=1, root=None, group=None,
               algorithm=DEFAULT_ALGORITHM, trials=1, seed=0, threads=0, name=None,
               max_memory=None, timeout=None):
    """Synthesizes, verifies and reports `collective` of `size` bytes on
    `network` (tacos-pipeline; switches are nodes, unwound only for exact):
    `algorithm` is one of ALGORITHMS (best, the default, keeps the fastest
    verified of tacos and the baselines), `trials` seeds from `seed` are
    tried and the fastest kept, on `threads` threads (0: every core; the
    result does not depend on it). A synthesis estimated to need more than
    `max_memory` (bytes or "8 GB"; default 50% of the machine's memory) is
    refused before it starts, and one still running after `timeout` seconds
    stops (docs/ResourceLimits.md); both raise TacosError naming the option
    (as the pass spells it, max-memory= and timeout=). Returns an
    Algorithm; raises TacosError."""
    if not isinstance(network, Network):
        raise TypeError("network must be a tacos.Network")
    trials = _values.integer("trials", trials, 0, _values.UINT32_MAX)
    seed = _values.integer("seed", seed, 0, _values.UINT64_MAX)
    threads = _values.integer("threads", threads, 0, _values.UINT32_MAX)
    limits = limit_options(max_memory, timeout)
    if algorithm not in ALGORITHMS:
        raise ArgumentError(f"unknown algorithm {algorithm!r}; expected one "
                            f"of {', '.join(ALGORITHMS)}")
    name = name or collective
    text = network.to_mlir() + request_mlir(network, collective, size, chunks,
                                            root, group, name)
    with tempfile.TemporaryDirectory() as tmp:
        report = os.path.join(tmp, "report.json")
        pipeline = (f"tacos-pipeline{{algorithm={algorithm} trials={trials} "
                    f"threads={threads} seed={seed} materialize=packed "
                    f"report-format=json {' '.join(limits)} "
                    f"report-output={_values.option_path(report)}}}")
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
            run_pipeline(text, "coll-report{format=json output="
                         f"{_values.option_path(path)}}}")
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
        """NumPy records (chunk, src, dst, lane, kind, start, end, route),
        times in picoseconds, kind 0 for a copy and 1 for a reduction; route
        0 for a transfer over the direct link src -> dst, r for one through
        the switches of routes[r - 1]."""
        if self._transfers is None:
            self._transfers, self._routes = _tacos.transfers(self._text,
                                                             self.name)
        return self._transfers

    @property
    def routes(self):
        """The switch-name tuples routed transfers pass through, e.g.
        [("nvs",)]: transfer route r names routes[r - 1]."""
        self.transfers
        return self._routes

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
            run_pipeline(self._text,
                         f"coll-report{{output={_values.option_path(path)}}}")
            with open(path) as f:
                return f.read()

    def to_mpi(self, **options):
        """convert-coll-to-mpi's module (func/mpi/memref), with its options
        (element_type="f32", reduction="sum", tag=3, max_memory="8 GB",
        ...)."""
        opts = []
        for key, value in options.items():
            option = _values.option_name(key)
            if key == "max_memory":
                opts += limit_options(max_memory=value)
            else:
                opts.append(f"{option}={_values.word(key, value)}")
        return run_pipeline(self._text,
                            f"convert-coll-to-mpi{{{' '.join(opts)}}}")

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
                flag = f"--{prefix}-" + _values.option_name(key)
                args.append(flag if value is True else f"{flag}={value}")
        elif fmt in ("chrome-trace", "dot"):
            if options:
                raise ArgumentError(f"{fmt} takes no options")
            args = [f"--export-{fmt}", f"--algorithm=@{self.name}"]
        else:
            raise ArgumentError(f"unknown export format {fmt!r}; expected "
                                "msccl-xml, mscclpp-plan, chrome-trace or dot")
        return run_tool("tacos-translate", args, self._text)

    def __repr__(self):
        return (f"<tacos.Algorithm @{self.name}: {self.collective} on "
                f"{self.npus} NPUs, {self.time_us:.3f} us>")
