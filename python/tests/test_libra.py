import pytest

import tacos

LIBRA = """
topo.network @n {
  topo.dims [ring(4) link(?, 1 us) tier(chip), ring(4) link(?, 1 us) tier(pod)]
  topo.constraint sum == 100 GBps
}
coll.workload @train on @n compute(1 ms) { coll.all_reduce size(64 MiB) dims [0, 1] }
"""


def test_allocate_bandwidth_fills_links_and_reports():
    text, report = tacos.allocate_bandwidth(LIBRA)
    assert "link(?" not in text
    assert isinstance(report, (dict, list)) and report


def test_allocate_bandwidth_errors():
    with pytest.raises(tacos.TacosError, match="objective"):
        tacos.allocate_bandwidth(LIBRA, objective="fastest")
    with pytest.raises(tacos.TacosError, match="chunks must be at least 1"):
        tacos.allocate_bandwidth(LIBRA, model="synthesized", chunks=0)
    with pytest.raises(tacos.TacosError,
                       match="needs about .* more than max-memory=1.02 KB"):
        tacos.allocate_bandwidth(LIBRA, model="synthesized", max_memory=1024)
