import json
import threading

import numpy as np
import pytest

import tacos

TORUS = tacos.Network.dims(tacos.Dim.ring(3, "50 GBps", "1 us"),
                           tacos.Dim.ring(3, "50 GBps", "1 us"), name="torus")


@pytest.mark.parametrize("collective, root", [
    ("all_gather", None), ("reduce_scatter", None), ("all_reduce", None),
    ("all_to_all", None), ("broadcast", 4), ("reduce", 2), ("gather", 0),
    ("scatter", 8)])
def test_every_collective_verifies_and_respects_its_bound(collective, root):
    alg = tacos.synthesize(TORUS, collective, "9 MB", root=root)
    assert alg.collective == collective and alg.npus == 9
    assert alg.verified and alg.verify()
    assert alg.time_us >= alg.lower_bound_us > 0
    t = alg.transfers
    assert len(t) > 0
    assert t.dtype.names == ("chunk", "src", "dst", "lane", "kind", "start",
                             "end", "route")
    # Every transfer runs forward in time, on the network's NPUs, and the
    # last one ends at the algorithm's time.
    assert np.all(t["end"] > t["start"])
    assert np.all(t["src"] < 9) and np.all(t["dst"] < 9)
    assert t["end"].max() == round(alg.time_us * 1e6)
    reduces = collective in ("reduce_scatter", "all_reduce", "reduce")
    assert np.any(t["kind"] == 1) == reduces


def test_certificate_names_the_bound_that_proves_optimality():
    ring = tacos.Network.dims(tacos.Dim.ring(4, "50 GBps", "1 us"))
    alg = tacos.synthesize(ring, "all_gather", "4 MB")
    # 42 us: two rounds of 21 us, the discrete bound.
    assert alg.certificate == {"optimal": True, "bound": "discrete",
                               "bound_us": 42, "gap": 1}
    alg = tacos.synthesize(TORUS, "all_reduce", "9 MB", algorithm="ring")
    cert = alg.certificate
    assert not cert["optimal"] and cert["gap"] > 1
    assert cert["bound"] == alg.report["best_bound"]
    assert cert["bound_us"] == alg.lower_bound_us


def test_same_inputs_same_output():
    a = tacos.synthesize(TORUS, "all_gather", "9 MB", trials=3, seed=5)
    b = tacos.synthesize(TORUS, "all_gather", "9 MB", trials=3, seed=5)
    assert a.to_mlir() == b.to_mlir()
    assert np.array_equal(a.transfers, b.transfers)


def test_thread_count_does_not_change_the_output():
    runs = [tacos.synthesize(TORUS, "all_reduce", "9 MB", trials=4, seed=2,
                             threads=threads) for threads in (1, 2, 0)]
    for other in runs[1:]:
        assert other.to_mlir() == runs[0].to_mlir()


def test_baselines_and_groups():
    ring = tacos.synthesize(TORUS, "all_reduce", "9 MB", algorithm="ring")
    assert ring.verify()
    group = tacos.synthesize(TORUS, "all_reduce", "3 MB", group=[0, 1, 2])
    assert group.npus == 3 and group.verify()


def test_mlir_round_trip_and_mpi_lowering():
    alg = tacos.synthesize(TORUS, "all_gather", "9 MB")
    again = tacos.Algorithm.from_mlir(alg.to_mlir(), "all_gather")
    assert again.time_us == alg.time_us
    mpi = alg.to_mpi(element_type="f32")
    assert "func.func @all_gather(" in mpi and "mpi." in mpi


def test_exports():
    alg = tacos.synthesize(TORUS, "all_reduce", "9 MB")
    xml = alg.export("msccl-xml", protocol="LL")
    assert xml.startswith('<algo name="all_reduce" proto="LL"')
    plan = json.loads(alg.export("mscclpp-plan"))
    assert plan["collective"] == "allreduce" and len(plan["gpus"]) == 9
    assert '"traceEvents"' in alg.export("chrome-trace")
    assert alg.export("dot").startswith("digraph")
    with pytest.raises(ValueError, match="unknown export format"):
        alg.export("pdf")
    with pytest.raises(tacos.TacosError, match="LL256"):
        alg.export("msccl-xml", protocol="LL256")


def test_threads_synthesize_in_parallel_with_the_same_results():
    # The GIL is released while a pipeline runs: threads give the same
    # algorithms as a sequential loop.
    sizes = ["1 MB", "2 MB", "3 MB", "4 MB"]
    sequential = [tacos.synthesize(TORUS, "all_gather", s).to_mlir()
                  for s in sizes]
    results = [None] * len(sizes)

    def work(i):
        results[i] = tacos.synthesize(TORUS, "all_gather", sizes[i]).to_mlir()

    threads = [threading.Thread(target=work, args=(i,))
               for i in range(len(sizes))]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert results == sequential


def test_run_pipeline():
    text = TORUS.to_mlir() + "coll.all_gather @ag on @torus size(9 MB)\n"
    out = tacos.run_pipeline(text, "builtin.module(coll-synthesize{algorithm=direct},coll-verify)")
    assert "coll.algorithm @ag all_gather on @torus" in out
