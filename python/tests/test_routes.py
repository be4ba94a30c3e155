"""Transfers routed through switches (`via`): records name their route, and
`routes` gives its switches by name."""

import tacos

SWITCHED = """
topo.network @two {
  topo.npus 4
  topo.switch @nvs [0, 1] link(100 GBps, 500 ns)
  topo.switch @ib [0, 2] link(25 GBps, 1 us)
  topo.link 2 <-> 3 link(50 GBps, 1 us)
}
coll.algorithm @bc broadcast on @two root(0) size(1 MB) time(63 us) {
  coll.transfer copy 0 over 0 -> 1 via @nvs at [0, 11000000]
  coll.transfer copy 0 over 0 -> 2 via @ib at [0, 42000000]
  coll.transfer copy 0 over 2 -> 3 at [42000000, 63000000]
}
"""


def test_routed_transfers():
    alg = tacos.Algorithm.from_mlir(SWITCHED, "bc")
    t = alg.transfers
    assert list(t["route"]) == [1, 2, 0]
    assert alg.routes == [("nvs",), ("ib",)]
    assert [alg.routes[r - 1] for r in t["route"] if r] == [("nvs",), ("ib",)]
    assert alg.verify()


def test_direct_transfers_have_no_routes():
    text = SWITCHED.replace("via @nvs ", "").replace("via @ib ", "")
    # Without the switches the links do not exist, but the records still read.
    alg = tacos.Algorithm.from_mlir(text, "bc")
    assert list(alg.transfers["route"]) == [0, 0, 0]
    assert alg.routes == []
