"""Networks, written as topo.network text (docs/Syntax.md)."""

import os
import tempfile

from .pipeline import run_pipeline

_BLOCKS = ("line", "ring", "fully_connected", "switch")


def _quantity(value, unit):
    """'50 GBps' stays as is; a number gets the default unit."""
    if isinstance(value, str):
        return value.strip()
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        raise TypeError(f"expected a number or a string with a unit, "
                        f"got {value!r}")
    return f"{value!r} {unit}"


def _link(bandwidth, latency):
    return (f"link({_quantity(bandwidth, 'GBps')}, "
            f"{_quantity(latency, 'us')})")


class Dim:
    """One building block of a product network: line, ring, one-way ring,
    fully connected or switch, with its link's bandwidth (GBps if a number)
    and latency (us if a number)."""

    def __init__(self, block, n, bandwidth, latency, tier=None, uni=False):
        if block not in _BLOCKS:
            raise ValueError(f"unknown block {block!r}; expected one of "
                             f"{', '.join(_BLOCKS)}")
        if not isinstance(n, int) or n < 1:
            raise ValueError(f"a dimension needs a positive NPU count, "
                             f"got {n!r}")
        if uni and block != "ring":
            raise ValueError("only a ring can be one-way (uni)")
        self.block, self.n, self.uni, self.tier = block, n, uni, tier
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
        if npus is not None and (not isinstance(npus, int) or npus < 1):
            raise ValueError(f"a network needs a positive NPU count, "
                             f"got {npus!r}")
        self.name = name
        self._npus = npus
        self._dims = []
        self._extra = []

    @classmethod
    def dims(cls, *dims, name="net"):
        if not dims:
            raise ValueError("Network.dims needs at least one Dim")
        network = cls(name=name)
        network._dims = list(dims)
        return network

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
        arrow = "<->" if both else "->"
        extra = " parallel" if parallel else ""
        self._extra.append(f"topo.link {int(src)} {arrow} {int(dst)} "
                           f"{_link(bandwidth, latency)}{extra}")
        return self

    def add_switch(self, ports, bandwidth, latency, name=None):
        """A switch with a port (uplink and downlink) for each listed NPU."""
        label = f"@{name} " if name else ""
        ports = ", ".join(str(int(p)) for p in ports)
        self._extra.append(f"topo.switch {label}[{ports}] "
                           f"{_link(bandwidth, latency)}")
        return self

    def to_mlir(self):
        if self._dims:
            head = "topo.dims [" + ", ".join(d.to_mlir() for d in self._dims) + "]"
        elif self._npus is not None:
            head = f"topo.npus {self._npus}"
        else:
            raise ValueError("a network needs dims or an NPU count")
        body = "\n  ".join([head, *self._extra])
        return f"topo.network @{self.name} {{\n  {body}\n}}\n"

    def summary(self):
        """topo-summary's text (NPUs, links, diameters, bisection...)."""
        with tempfile.TemporaryDirectory() as tmp:
            path = os.path.join(tmp, "summary.txt")
            run_pipeline(self.to_mlir(), f"topo-summary{{output={path}}}")
            with open(path) as f:
                return f.read()

    def __repr__(self):
        return f"<tacos.Network @{self.name}: {self.num_npus} NPUs>"
