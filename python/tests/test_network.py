import pytest

import tacos


def test_dims_text_and_count():
    net = tacos.Network.dims(tacos.Dim.ring(4, "50 GBps", "1 us"),
                             tacos.Dim.switch(2, 25, 0.5, tier="pod"),
                             name="pod")
    assert net.num_npus == 8
    assert net.to_mlir() == (
        "topo.network @pod {\n"
        "  topo.dims [ring(4) link(50 GBps, 1 us), "
        "switch(2) link(25 GBps, 500 ns) tier(pod)]\n}\n")


def test_explicit_links_and_switches_summarize():
    net = tacos.Network(4, name="irr")
    net.add_link(0, 1, "50 GBps", "1 us", both=True)
    net.add_link(1, 2, 25, 2).add_link(2, 3, 25, 2).add_link(3, 0, 25, 2)
    net.add_switch([0, 2, 3], 100, 0.5, name="nvs")
    summary = net.summary()
    assert "network @irr" in summary
    assert "NPUs                4" in summary


def test_one_way_ring():
    assert "ring(8, uni)" in tacos.Dim.ring(8, 25, 1, uni=True).to_mlir()


@pytest.mark.parametrize("make, message", [
    (lambda: tacos.Dim("torus", 4, 1, 1), "unknown block"),
    (lambda: tacos.Dim.ring(0, 1, 1), "n=0: expected an integer >= 1"),
    (lambda: tacos.Dim.line(4, 1, 1, uni=True), "only a ring"),
    (lambda: tacos.Network(-1), "npus=-1: expected an integer >= 1"),
    (lambda: tacos.Network.dims(), "at least one Dim"),
])
def test_bad_networks_raise_before_mlir(make, message):
    with pytest.raises(ValueError, match=message):
        make()


def test_invalid_network_raises_located_diagnostic():
    net = tacos.Network(3, name="bad")
    net.add_link(0, 7, 50, 1)
    with pytest.raises(tacos.TacosError, match=r"<python>:3:3: error: .*7"):
        net.summary()
