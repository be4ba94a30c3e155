"""tacos from Python: networks, collectives, synthesis, verification, exports.

    import tacos
    net = tacos.Network.dims(tacos.Dim.ring(4, "50 GBps", "1 us"),
                             tacos.Dim.ring(4, "50 GBps", "1 us"))
    ag = tacos.synthesize(net, "all_gather", size="64 MB", trials=4)
    print(ag.time_us, ag.lower_bound_us, ag.ratio_to_bound)
    ag.certificate          # {"optimal": True, "bound": "discrete", ...}
    ag.transfers            # NumPy records: chunk, src, dst, lane, kind, start, end (ps)
    ag.verify()             # the native checker; raises TacosError if it fails
    text = ag.to_mlir()     # network + coll.algorithm, for tacos-opt

Errors from tacos raise TacosError carrying MLIR's located diagnostics.
Synthesis releases the GIL, so threads can synthesize in parallel.
"""

from ._tacos import TacosError
from .algorithm import ALGORITHMS, COLLECTIVES, Algorithm, synthesize
from .libra import allocate_bandwidth
from .network import Dim, Network
from .pipeline import run_pipeline

__all__ = [
    "ALGORITHMS",
    "COLLECTIVES",
    "Algorithm",
    "Dim",
    "Network",
    "TacosError",
    "allocate_bandwidth",
    "run_pipeline",
    "synthesize",
]
