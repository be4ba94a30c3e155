//===- TacosModule.cpp - The native part of the `tacos` Python package ----===//
//
// Deliberately small: running pipelines, reading transfers into NumPy, and
// the IR's own parsers and printers of quantities and names, with which the
// package checks every user value before it writes any text. Everything else
// (networks, requests, reports, exports) is the pure-Python package in
// python/tacos.
//
//===----------------------------------------------------------------------===//

#include "Bridge.h"

#include "tacos/Network/Quantity.h"
#include "tacos/Synthesis/Algorithms.h"

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
  /// 0: the direct link; r: through the switches of routes[r - 1].
  uint16_t route;
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

/// The transfers as records, and the switch names of each route.
static py::tuple transfers(const std::string &source, const std::string &name,
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
    out[i] = {view.chunk(i),    view.src(i),   view.dst(i), view.lane(i),
              view.kindByte(i), view.start(i), view.end(i), view.route(i)};
  py::list routes;
  for (const std::vector<std::string> &via : result.routes)
    routes.append(py::tuple(py::cast(via)));
  return py::make_tuple(std::move(array), std::move(routes));
}

/// `value` if `error` (what a Quantity.h parser returns) is empty.
template <typename T> static T orRaise(const std::string &error, T value) {
  if (!error.empty())
    throw TacosError(error);
  return value;
}

/// The parsers of Quantity.h, as functions that return the base value (Bps,
/// ps, B) or raise TacosError with the parser's message.
static void defineQuantities(py::module_ &m) {
  m.def(
      "parse_bandwidth",
      [](const std::string &text) {
        double bps = 0;
        return orRaise(parseBandwidth(text, bps), bps);
      },
      py::arg("text"), "'50 GBps', '400 Gbps' -> bytes per second");
  m.def(
      "parse_time",
      [](const std::string &text) {
        int64_t ps = 0;
        return orRaise(parseTime(text, ps), ps);
      },
      py::arg("text"), "'1 us' -> picoseconds");
  m.def(
      "parse_size",
      [](const std::string &text) {
        int64_t bytes = 0;
        return orRaise(parseSize(text, bytes), bytes);
      },
      py::arg("text"), "'8 GB' -> bytes");
  m.def(
      "to_bandwidth",
      [](double value, const std::string &unit) {
        double bps = 0;
        return orRaise(toBandwidth(value, unit, bps), bps);
      },
      py::arg("value"), py::arg("unit"), "value in unit -> bytes per second");
  m.def(
      "to_time",
      [](double value, const std::string &unit) {
        int64_t ps = 0;
        return orRaise(toTime(value, unit, ps), ps);
      },
      py::arg("value"), py::arg("unit"), "value in unit -> picoseconds");
  m.def(
      "to_size",
      [](double value, const std::string &unit) {
        int64_t bytes = 0;
        return orRaise(toSize(value, unit, bytes), bytes);
      },
      py::arg("value"), py::arg("unit"), "value in unit -> bytes");
  m.def("format_bandwidth", &formatBandwidth, py::arg("bps"),
        "Bytes per second as the IR prints them ('50 GBps')");
  m.def("format_time", &formatTime, py::arg("ps"),
        "Picoseconds as the IR prints them ('500 ns')");
  m.def("format_size", &formatSize, py::arg("bytes"),
        "Bytes as the IR prints them ('4 KiB')");
  m.def(
      "check_name",
      [](const std::string &name) {
        if (std::string error = python::nameError(name); !error.empty())
          throw TacosError(error);
      },
      py::arg("name"),
      "Raises TacosError unless the IR writes `name` bare (@name, "
      "tier(name))");
}

PYBIND11_MODULE(_tacos, m) {
  m.doc() = "tacos' native module: pipelines on MLIR text, transfers as "
            "NumPy records, the IR's quantity and name parsers (use the "
            "`tacos` package)";
  PYBIND11_NUMPY_DTYPE(TransferRecord, chunk, src, dst, lane, kind, start,
                       end, route);
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
  m.attr("DEFAULT_ALGORITHM") = algorithmName(kDefaultAlgorithm);
  m.def("transfers", &transfers, py::arg("source"), py::arg("name"),
        py::arg("source_name") = "<python>",
        "The transfers of coll.algorithm @name in the MLIR text, as a NumPy "
        "structured array (chunk, src, dst, lane, kind, start, end, route; "
        "times in ps; kind 0 copy, 1 reduce; route 0 for the direct link, "
        "r for routes[r - 1]), and the list `routes` of switch-name tuples.");
  defineQuantities(m);
}
