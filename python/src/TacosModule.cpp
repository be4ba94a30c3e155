//===- TacosModule.cpp - The native part of the `tacos` Python package ----===//
//
// Deliberately small: running pipelines and reading transfers into NumPy.
// Everything else (networks, requests, reports, exports) is the pure-Python
// package in python/tacos, on top of these two calls.
//
//===----------------------------------------------------------------------===//

#include "Bridge.h"

#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <cstring>

namespace py = pybind11;
using namespace tacos;

namespace {
/// Raised with the located MLIR diagnostics as its message.
struct TacosError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

/// One transfer as a NumPy record; times in picoseconds.
struct TransferRecord {
  uint32_t chunk, src, dst;
  uint16_t lane;
  uint8_t kind;
  int64_t start, end;
};
} // namespace

static std::string runPipeline(const std::string &source,
                               const std::string &pipeline,
                               const std::string &sourceName) {
  python::PipelineResult result;
  {
    // Synthesis can take minutes; other Python threads go on meanwhile.
    py::gil_scoped_release release;
    result = python::runPipeline(source, sourceName, pipeline);
  }
  if (!result.ok)
    throw TacosError(result.diagnostics.empty() ? "the pipeline failed"
                                                : result.diagnostics);
  return result.output;
}

static py::array transfers(const std::string &source, const std::string &name,
                           const std::string &sourceName) {
  python::TransfersResult result;
  {
    py::gil_scoped_release release;
    result = python::readAlgorithmTransfers(source, sourceName, name);
  }
  if (!result.ok)
    throw TacosError(result.diagnostics);
  ScheduleView view = result.transfers.view();
  py::array_t<TransferRecord> array(static_cast<py::ssize_t>(view.size()));
  TransferRecord *out = array.mutable_data();
  for (size_t i = 0; i < view.size(); ++i)
    out[i] = {view.chunk(i), view.src(i),   view.dst(i), view.lane(i),
              view.kindByte(i), view.start(i), view.end(i)};
  return std::move(array);
}

PYBIND11_MODULE(_tacos, m) {
  m.doc() = "tacos' native module: pipelines on MLIR text, transfers as "
            "NumPy records (use the `tacos` package)";
  PYBIND11_NUMPY_DTYPE(TransferRecord, chunk, src, dst, lane, kind, start,
                       end);
  static py::exception<TacosError> error(m, "TacosError");
  py::register_exception_translator([](std::exception_ptr p) {
    try {
      if (p)
        std::rethrow_exception(p);
    } catch (const TacosError &e) {
      error(e.what());
    }
  });
  m.def("run_pipeline", &runPipeline, py::arg("source"), py::arg("pipeline"),
        py::arg("source_name") = "<python>",
        "Parses MLIR text, runs a pass pipeline on it and returns the "
        "resulting module as text; raises TacosError with the located "
        "diagnostics.");
  m.attr("ALGORITHMS") = py::tuple(py::cast(python::algorithmNames()));
  m.def("transfers", &transfers, py::arg("source"), py::arg("name"),
        py::arg("source_name") = "<python>",
        "The transfers of coll.algorithm @name in the MLIR text, as a NumPy "
        "structured array (chunk, src, dst, lane, kind, start, end; times "
        "in ps; kind 0 copy, 1 reduce).");
}
