"""tacos from Python: networks, collectives, synthesis, verification, exports.

    import tacos
    net = tacos.Network.dims(tacos.Dim.ring(4, "50 GBps", "1 us"),
                             tacos.Dim.ring(4, "50 GBps", "1 us"))
    ag = tacos.synthesize(net, "all_gather", size="64 MB", trials=4)
    print(ag.time_us, ag.lower_bound_us, ag.ratio_to_bound)
    ag.certificate          # {"optimal": True, "bound": "discrete", ...}
    ag.transfers            # NumPy records: chunk, src, dst, lane, kind, start, end (ps), route
    ag.verify()             # the native checker; raises TacosError if it fails
    text = ag.to_mlir()     # network + coll.algorithm, for tacos-opt

Errors from tacos raise TacosError carrying MLIR's located diagnostics. A bad
argument raises ArgumentError (a TacosError, and a ValueError) naming it:
every value is parsed as the quantity, integer or name it is, by the parsers
the IR uses, and written back as tacos writes it, never spliced into text.
Quantities are strings with a unit ("50 GBps", "400 Gbps", "1 us", "64 MB")
or numbers in a default unit; counts, ids and sizes in bytes are integers
(int or NumPy), never floats, even whole ones.
Synthesis releases the GIL, so threads can synthesize in parallel.
"""

import sys

from ._build import BUILT_FOR_PYTHON, BUILT_FOR_VERSION


def _interpreters():
    return (f"{sys.executable} is Python {sys.version.split()[0]}; tacos was "
            f"built for Python {BUILT_FOR_VERSION} ({BUILT_FOR_PYTHON})")


# The native module's transfers are NumPy records, and pybind11 imports NumPy
# as the module loads: without it that fails as "initialization failed".
try:
    import numpy  # noqa: F401
except ImportError as error:
    raise ImportError(f"tacos needs NumPy (python3-numpy), which this "
                      f"interpreter cannot import ({error}): "
                      f"{_interpreters()}") from error
try:
    from . import _tacos  # noqa: F401
except ImportError as error:
    raise ImportError(f"tacos' native module does not load ({error}): "
                      f"{_interpreters()}") from error

from ._tacos import TacosError
from ._values import ArgumentError
from .algorithm import ALGORITHMS, COLLECTIVES, Algorithm, synthesize
from .libra import allocate_bandwidth
from .network import Dim, Network
from .pipeline import run_pipeline

__all__ = [
    "ALGORITHMS",
    "COLLECTIVES",
    "Algorithm",
    "ArgumentError",
    "Dim",
    "Network",
    "TacosError",
    "allocate_bandwidth",
    "run_pipeline",
    "synthesize",
]
