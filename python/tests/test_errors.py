import pytest

import tacos

RING = tacos.Network.dims(tacos.Dim.ring(4, 50, 1), name="ring")


@pytest.mark.parametrize("kwargs, message", [
    (dict(collective="all_sum"), "unknown collective"),
    (dict(collective="broadcast"), "broadcast needs root"),
    (dict(collective="all_gather", root=1), "takes no root"),
    (dict(collective="all_gather", chunks=0), "chunks=0: expected an integer >= 1"),
    (dict(collective="all_gather", size=0), "size=0: expected an integer >= 1"),
    (dict(collective="all_gather", trials=-1), "trials=-1: expected an integer"),
    (dict(collective="all_gather", threads=-1), "threads=-1: expected an integer"),
    (dict(collective="all_gather", name="1bad"), "name='1bad': not a name"),
    (dict(collective="all_gather", algorithm="magic"),
     "unknown algorithm 'magic'; expected one of tacos, exact, ring"),
    (dict(collective="all_gather", max_memory=-1),
     "max_memory=-1: expected an integer >= 1"),
    (dict(collective="all_gather", timeout=-1),
     "timeout=-1: expected a number of seconds >= 0"),
])
def test_bad_requests_raise_value_errors(kwargs, message):
    kwargs.setdefault("size", "4 MB")
    collective = kwargs.pop("collective")
    with pytest.raises(ValueError, match=message):
        tacos.synthesize(RING, collective, **kwargs)


def test_tacos_errors_carry_located_diagnostics():
    # A root outside the network: the diagnostic points at the request.
    with pytest.raises(tacos.TacosError, match=r"<python>:4:1: error: .*root"):
        tacos.synthesize(RING, "broadcast", "4 MB", root=9)
    with pytest.raises(tacos.TacosError, match="exact synthesis takes"):
        big = tacos.Network.dims(tacos.Dim.ring(40, 50, 1))
        tacos.synthesize(big, "all_gather", "4 MB", algorithm="exact")


def test_run_pipeline_errors():
    with pytest.raises(tacos.TacosError, match="cannot parse the pass pipeline"):
        tacos.run_pipeline(RING.to_mlir(), "no-such-pass")
    with pytest.raises(tacos.TacosError, match=r"mine.mlir:1:1: error"):
        tacos.run_pipeline("garbage", "coll-verify", source_name="mine.mlir")
    with pytest.raises(tacos.TacosError, match="no coll.algorithm @nope"):
        tacos.Algorithm.from_mlir(RING.to_mlir(), "nope")


def test_too_deep_nesting_is_refused_before_parsing():
    # 5,000 nested modules crash MLIR's recursive parser; both entry points
    # that parse refuse them at the bracket past 1,000 levels instead.
    deep = "module {\n" * 5000 + "}\n" * 5000
    with pytest.raises(tacos.TacosError,
                       match=r"deep.mlir:1001:8: error: brackets nest deeper "
                             r"than 1000 levels"):
        tacos.run_pipeline(deep, "coll-verify", source_name="deep.mlir")
    with pytest.raises(tacos.TacosError, match="nest deeper than 1000"):
        tacos.Algorithm.from_mlir(deep, "ag")


def test_resource_limits_refuse_with_the_estimate():
    # docs/ResourceLimits.md: refused before anything is built, naming the
    # estimate, the limit and the option.
    with pytest.raises(tacos.TacosError,
                       match=r"<python>:\d+:1: error: coll-synthesize: "
                             r"synthesizing this all_gather with best needs "
                             r"about .* of memory .* more than "
                             r"max-memory=1.02 KB; .* raise max-memory="):
        tacos.synthesize(RING, "all_gather", "4 MB", max_memory=1024)
    with pytest.raises(tacos.TacosError, match="more than max-memory=1 KB"):
        tacos.synthesize(RING, "all_gather", "4 MB", max_memory="1 KB")
    # Within the limits, nothing changes.
    a = tacos.synthesize(RING, "all_gather", "4 MB", max_memory="1 GB",
                         timeout=600)
    assert a.report["verified"]


def test_timeout_stops_synthesis():
    # A 4,096-NPU All-Gather takes seconds; a microsecond is up long before.
    torus = tacos.Network.dims(tacos.Dim.ring(64, 50, 1),
                               tacos.Dim.ring(64, 50, 1))
    with pytest.raises(tacos.TacosError,
                       match=r"synthesis did not finish within "
                             r"timeout=1e-06 s; raise timeout="):
        tacos.synthesize(torus, "all_gather", "64 MB", timeout=1e-6)
