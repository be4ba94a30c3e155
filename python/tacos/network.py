"""Networks, written as topo.network text (docs/Syntax.md)."""

import os
import tempfile

from . import _values
from ._values import ArgumentError
from .pipeline import run_pipeline

_BLOCKS = ("line", "ring", "fully_connected", "switch")


def _link(bandwidth, latency):
    """`link(<bandwidth>, <latency>)` as the IR prints it; a number is in
    GBps or us."""
    bandwidth = _values.quantity_text("bandwidth", "bandwidth", bandwidth,
                                      "GBps")
    latency = _values.quantity_text("time", "latency", latency, "us")
    return f"link({bandwidth}, {latency})"


class Dim:
    """One building block of a product network: line, ring, one-way ring,
    fully connected or switch of `n` NPUs, with its link's bandwidth (a
    string with a unit, "50 GBps" or "400 Gbps", or a number of GBps) and
    latency ("1 us", or a number of us), and an optional tier name."""

    def __init__(self, block, n, bandwidth, latency, tier=None, uni=False):
        if block not in _BLOCKS:
            raise ArgumentError(f"unknown block {block!r}; expected one of "
                                f"{', '.join(_BLOCKS)}")
        n = _values.integer("n", n, 1)
        if uni and block != "ring":
            raise ArgumentError("only a ring can be one-way (uni)")
        if tier is not None:
            tier = _values.name("tier", tier)
        self.block, self.n, self.uni, self.tier = block, n, bool(uni), tier
        self.link = _link(bandwidth, latency)

    @classmethod
    def line(cls, n, bandwidth, latency, **kw):
        return cls("line", n, bandwidth, latency, **kw)

    @classmethod
    def ring(cls, n, bandwidth, latency, uni=False, **kw):
        return cls("ring", n, bandwidth, latency, uni=uni, **kw)

    @classmethod
    def fully_connected(cls, n, bandwidth, latency, **kw):
        return cls("fully_connected", n, bandwidth, latency, **kw)

    @classmethod
    def switch(cls, n, bandwidth, latency, **kw):
        return cls("switch", n, bandwidth, latency, **kw)

    def to_mlir(self):
        count = f"{self.n}, uni" if self.uni else f"{self.n}"
        tier = f" tier({self.tier})" if self.tier else ""
        return f"{self.block}({count}) {self.link}{tier}"


class Network:
    """A network: a product of dimensions (Network.dims) or a number of NPUs,
    plus explicit links and switches. `name` is its symbol."""

    def __init__(self, npus=None, name="net"):
        if npus is not None:
            npus = _values.integer("npus", npus, 1)
        self.name = name
        self._npus = npus
        self._dims = []
        self._extra = []

    @classmethod
    def dims(cls, *dims, name="net"):
        if not dims:
            raise ArgumentError("Network.dims needs at least one Dim")
        for dim in dims:
            if not isinstance(dim, Dim):
                raise ArgumentError(f"Network.dims takes Dims, got {dim!r}")
        network = cls(name=name)
        network._dims = list(dims)
        return network

    @property
    def name(self):
        """The network's symbol (`@name` in the text)."""
        return self._name

    @name.setter
    def name(self, value):
        self._name = _values.name("name", value)

    @property
    def num_npus(self):
        if self._dims:
            count = 1
            for d in self._dims:
                count *= d.n
            return count
        return self._npus

    def add_link(self, src, dst, bandwidth, latency, both=False,
                 parallel=False):
        """A link src -> dst (both directions if `both`); `parallel` adds it
        beside an existing one."""
        src, dst = _values.integer("src", src), _values.integer("dst", dst)
        arrow = "<->" if both else "->"
        extra = " parallel" if parallel else ""
        self._extra.append(f"topo.link {src} {arrow} {dst} "
                           f"{_link(bandwidth, latency)}{extra}")
        return self

    def add_switch(self, ports, bandwidth, latency, name=None):
        """A switch with a port (uplink and downlink) for each listed NPU."""
        label = f"@{_values.name('name', name)} " if name is not None else ""
        ports = ", ".join(str(p) for p in _values.integers("ports", ports))
        self._extra.append(f"topo.switch {label}[{ports}] "
                           f"{_link(bandwidth, latency)}")
        return self

    def to_mlir(self):
        if self._dims:
            head = "topo.dims [" + ", ".join(d.to_mlir() for d in self._dims) + "]"
        elif self._npus is not None:
            head = f"topo.npus {self._npus}"
        else:
            raise ArgumentError("a network needs dims or an NPU count")
        body = "\n  ".join([head, *self._extra])
        return f"topo.network @{self.name} {{\n  {body}\n}}\n"

    def summary(self):
        """topo-summary's text (NPUs, links, diameters, bisection...)."""
        with tempfile.TemporaryDirectory() as tmp:
            path = os.path.join(tmp, "summary.txt")
            run_pipeline(self.to_mlir(),
                         f"topo-summary{{output={_values.option_path(path)}}}")
            with open(path) as f:
                return f.read()

    def __repr__(self):
        return f"<tacos.Network @{self.name}: {self.num_npus} NPUs>"
