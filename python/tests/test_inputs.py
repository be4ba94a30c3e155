"""Every user value is parsed as the one quantity, number or name it is, or
refused with TacosError naming the argument; none is spliced into MLIR or
pass-option text."""
import os
import subprocess
import sys
import tempfile

import numpy as np
import pytest

import tacos

RING = tacos.Network.dims(tacos.Dim.ring(4, 50, 1), name="ring")


@pytest.mark.parametrize("collective, root", [
    ("broadcast", 0), ("reduce", 1), ("gather", 0), ("scatter", 1)])
def test_rooted_collectives_take_a_root_and_a_group(collective, root):
    alg = tacos.synthesize(RING, collective, 1024, group=[0, 1], root=root)
    assert alg.collective == collective and alg.npus == 2
    assert alg.verify()
    # Only the group's two NPUs take part.
    t = alg.transfers
    assert set(t["src"]) | set(t["dst"]) <= {0, 1}


def test_max_memory_cannot_inject_pass_options(tmp_path):
    stolen = tmp_path / "stolen.json"
    with pytest.raises(tacos.TacosError, match=r"max_memory='8 GB} "
                       r"report-output=.*: unknown size unit"):
        tacos.synthesize(RING, "all_gather", "4 MB",
                         max_memory=f"8 GB}} report-output={stolen} {{")
    assert not stolen.exists()
    with pytest.raises(tacos.TacosError, match="max_memory"):
        tacos.allocate_bandwidth("", model="synthesized",
                                 max_memory=f"8 GB}} report={stolen} {{")
    assert not stolen.exists()


def test_report_paths_are_quoted_or_refused(tmp_path, monkeypatch):
    # The reports go through a temporary file named in a pass option: a
    # space in TMPDIR is quoted, a brace (which no quoting survives) refused.
    spaced = tmp_path / "with space"
    spaced.mkdir()
    monkeypatch.setattr(tempfile, "tempdir", str(spaced))
    assert tacos.synthesize(RING, "all_gather", "4 MB").verify()
    assert "network @ring" in RING.summary()
    braced = tmp_path / "with}brace"
    braced.mkdir()
    monkeypatch.setattr(tempfile, "tempdir", str(braced))
    with pytest.raises(tacos.ArgumentError, match="set TMPDIR"):
        RING.summary()


INJECTED_BANDWIDTH = ("50 GBps, 1 us)] } topo.network @x { topo.dims "
                      "[ring(2) link(1 GBps, 1 us)")


@pytest.mark.parametrize("make", [
    lambda: tacos.Dim.ring(4, INJECTED_BANDWIDTH, 1),
    lambda: tacos.Network(4).add_link(0, 1, INJECTED_BANDWIDTH, 1),
    lambda: tacos.Network(4).add_switch([0, 1], INJECTED_BANDWIDTH, 1),
])
def test_a_bandwidth_cannot_add_a_network(make):
    with pytest.raises(tacos.TacosError,
                       match=r"bandwidth='50 GBps, 1 us\)\] } topo.network "
                             r".*: unknown bandwidth unit"):
        make()


def test_a_latency_or_tier_cannot_add_text():
    with pytest.raises(tacos.TacosError, match=r"latency='1 us\)\]"):
        tacos.Dim.ring(4, 50, "1 us)] } topo.network @x { topo.npus 2")
    with pytest.raises(tacos.TacosError, match=r"tier='pod\) x'"):
        tacos.Dim.ring(4, 50, 1, tier="pod) x")


def test_a_size_cannot_change_the_chunk_count():
    with pytest.raises(tacos.TacosError,
                       match=r"size='1 MB\) chunks\(4': unknown size unit"):
        tacos.synthesize(RING, "all_gather", "1 MB) chunks(4")
    with pytest.raises(tacos.TacosError, match="size="):
        tacos.algorithm.request_mlir(RING, "all_gather", "1 MB) chunks(4")


@pytest.mark.parametrize("make, argument", [
    (lambda: tacos.Network(4, name="n { topo.npus 2 } topo.network @m"),
     "name"),
    (lambda: tacos.Network.dims(tacos.Dim.ring(2, 1, 1), name="a b"), "name"),
    (lambda: setattr(tacos.Network(4), "name", "n { x"), "name"),
    (lambda: tacos.Network(4).add_switch([0, 1], 1, 1, name="s [0] x"),
     "name"),
    (lambda: tacos.synthesize(RING, "all_gather", "4 MB", name="ag x"),
     "name"),
    (lambda: tacos.allocate_bandwidth("", workload="w} report=/tmp/x {"),
     "workload"),
    (lambda: tacos.allocate_bandwidth("", objective="perf report=/tmp/x"),
     "objective"),
    (lambda: tacos.allocate_bandwidth("", model="analytic}"), "model"),
])
def test_names_and_words_cannot_add_text(make, argument):
    # Refused by name, before any pipeline runs (whose error would echo the
    # option text: `workload=w}`).
    with pytest.raises(tacos.ArgumentError, match=f"^{argument}='"):
        make()


def test_lowering_options_cannot_add_text():
    alg = tacos.synthesize(RING, "all_gather", "4 MB")
    with pytest.raises(tacos.TacosError, match="element_type="):
        alg.to_mpi(element_type="f32} coll-verify{")
    with pytest.raises(tacos.TacosError, match="option name"):
        alg.to_mpi(**{"element-type=f32 x": "f32"})


def test_values_are_written_in_canonical_form():
    # Whatever the spelling, the text is what the IR printer writes.
    net = tacos.Network.dims(tacos.Dim.ring(4, "400 Gbps", "0.5 us"),
                             tacos.Dim.line(2, 12.5, 2e-3), name="n")
    assert net.to_mlir() == (
        "topo.network @n {\n"
        "  topo.dims [ring(4) link(50 GBps, 500 ns), "
        "line(2) link(12.5 GBps, 2 ns)]\n}\n")
    text = tacos.algorithm.request_mlir(
        net, "broadcast", "0.5 MiB", root=np.int32(1),
        group=[np.int64(1), 3], chunks=np.uint8(2))
    assert text == ("coll.broadcast @broadcast on @n root(1) group [1, 3] "
                    "size(512 KiB) chunks(2)\n")


@pytest.mark.parametrize("make, message", [
    (lambda: tacos.Dim.ring(4, "50 gbps", 1),
     "'gbps' is ambiguous: write 'Gbps' .* or 'GBps'"),
    (lambda: tacos.Dim.ring(4, -1, 1), "bandwidth=-1: bandwidth -1 GBps is "
                                       "negative"),
    (lambda: tacos.Dim.ring(4, float("nan"), 1), "not a finite number"),
    (lambda: tacos.Dim.ring(4, [50], 1), r"bandwidth=\[50\]: expected a "
                                         r"number or a string"),
    (lambda: tacos.Dim.ring(4, True, 1), "bandwidth=True"),
    (lambda: tacos.synthesize(RING, "all_gather", "4 MB", max_memory="8 GBps"),
     "max_memory='8 GBps': unknown size unit"),
    (lambda: tacos.synthesize(RING, "all_gather", "1.5 B"),
     "^size='1.5 B': size is not a whole number of bytes"),
])
def test_bad_quantities_are_refused_with_the_argument(make, message):
    with pytest.raises(tacos.TacosError, match=message):
        make()


def test_numpy_integers_are_integers():
    net = tacos.Network.dims(tacos.Dim.ring(np.int64(4), 50, 1))
    assert net.num_npus == 4
    net = tacos.Network(np.int32(3))
    net.add_link(np.int64(0), np.uint16(1), 50, 1).add_link(1, 2, 50, 1)
    net.add_switch(np.arange(3), 50, 1)
    assert "NPUs                3" in net.summary()
    alg = tacos.synthesize(RING, "all_gather", np.int64(4096),
                           chunks=np.int64(2), trials=np.int8(2),
                           seed=np.uint64(3), threads=np.int64(1),
                           max_memory=np.int64(1 << 30))
    assert alg.verify()


@pytest.mark.parametrize("make, message", [
    (lambda: tacos.Dim.ring(4.0, 50, 1), r"n=4.0: .*an integer"),
    (lambda: tacos.Dim.ring(np.float64(4), 50, 1), r"n=np.float64\(4.0\)|"
                                                   r"n=4.0"),
    (lambda: tacos.Dim.ring(True, 50, 1), "n=True"),
    (lambda: tacos.Network(4).add_link(0.9, 1, 50, 1), "src=0.9"),
    (lambda: tacos.Network(4).add_link(0, 1.0, 50, 1), "dst=1.0"),
    (lambda: tacos.Network(4).add_switch([0, 1.5], 50, 1), "ports=.*1.5"),
    (lambda: tacos.Network(4).add_link(-1, 1, 50, 1), "src=-1: .* >= 0"),
    (lambda: tacos.synthesize(RING, "broadcast", "4 MB", root=0.5), "root=0.5"),
    (lambda: tacos.synthesize(RING, "all_reduce", "4 MB", group=[0, 1.7]),
     r"group=\[0, 1.7\]"),
    (lambda: tacos.synthesize(RING, "all_reduce", "4 MB", group=[0, True]),
     "group="),
    (lambda: tacos.synthesize(RING, "all_reduce", 4096.0), "size=4096.0"),
    (lambda: tacos.synthesize(RING, "all_reduce", "4 MB", chunks=2.0),
     "chunks=2.0"),
    (lambda: tacos.synthesize(RING, "all_reduce", "4 MB", trials=1.5),
     "trials=1.5"),
    (lambda: tacos.allocate_bandwidth("", trials=2.5), "trials=2.5"),
    (lambda: tacos.allocate_bandwidth("", chunks=1.5), "chunks=1.5"),
    # Past what the pass options hold: refused here, by name.
    (lambda: tacos.synthesize(RING, "all_reduce", "4 MB", threads=1 << 32),
     "threads=4294967296: expected an integer <= 4294967295"),
    (lambda: tacos.synthesize(RING, "all_reduce", "4 MB", seed=1 << 64),
     "seed=18446744073709551616: expected an integer <= "),
])
def test_floats_and_bools_are_not_integers(make, message):
    # Even 4.0: a float where a count or an id belongs is a computation gone
    # wrong more often than not, as range() and NumPy indexing say too.
    with pytest.raises(tacos.TacosError, match=message):
        make()


def test_bad_arguments_are_still_value_errors():
    # TacosError for bad arguments is also the ValueError it was.
    with pytest.raises(ValueError):
        tacos.Dim.ring(4.0, 50, 1)


UNMATERIALIZED = """
topo.network @ring { topo.dims [ring(4) link(50 GBps, 1 us)] }
coll.all_gather @ag on @ring size(4 MB)
"""


def test_transfers_of_an_unmaterialized_algorithm_are_an_error():
    text = tacos.run_pipeline(UNMATERIALIZED,
                              "coll-synthesize{materialize=none}")
    alg = tacos.Algorithm.from_mlir(text, "ag")
    with pytest.raises(tacos.TacosError,
                       match=r"@ag has no transfers: it was synthesized with "
                             r"materialize=none; synthesize it again with "
                             r"materialize=ops or packed"):
        alg.transfers


def _import_tacos_without_numpy():
    # sys.modules["numpy"] = None makes `import numpy` fail, as on an
    # interpreter without python3-numpy.
    code = "import sys; sys.modules['numpy'] = None; import tacos"
    return subprocess.run([sys.executable, "-c", code], capture_output=True,
                          text=True, env=dict(os.environ))


def test_import_without_numpy_says_so():
    result = _import_tacos_without_numpy()
    assert result.returncode != 0
    last = result.stderr.strip().splitlines()[-1]
    assert last.startswith("ImportError: tacos needs NumPy (python3-numpy)")
    # It names the interpreter the module was built for and this one.
    assert "built for Python 3." in last
    assert sys.executable in last
