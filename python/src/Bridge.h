//===- Bridge.h - What the Python module asks of tacos ----------*- C++ -*-===//
//
// Plain C++ between the pybind11 module (built with exceptions and RTTI, as
// pybind11 needs) and tacos/MLIR (built without either, as LLVM is): no
// MLIR type crosses this header, and errors come back as diagnostics text,
// never as exceptions.
//
//===----------------------------------------------------------------------===//

#ifndef TACOS_PYTHON_BRIDGE_H
#define TACOS_PYTHON_BRIDGE_H

#include "tacos/Collective/Schedule.h"

#include <string>
#include <vector>

namespace tacos::python {

struct PipelineResult {
  bool ok = false;
  /// The resulting module as text (empty on failure).
  std::string output;
  /// Every diagnostic, located ("name:line:col: error: ...").
  std::string diagnostics;
};

/// Parses `source`, runs `pipeline` (a list of passes on the module, or
/// "builtin.module(...)") and prints the result. Safe to call from several
/// threads at once: each call has its own MLIRContext.
PipelineResult runPipeline(const std::string &source,
                           const std::string &sourceName,
                           const std::string &pipeline);

struct TransfersResult {
  bool ok = false;
  Schedule transfers;
  /// The switches of each route transfers name (route r is entry r - 1),
  /// by name.
  std::vector<std::vector<std::string>> routes;
  std::string diagnostics;
};

/// The transfers of `coll.algorithm @name` in `source`.
TransfersResult readAlgorithmTransfers(const std::string &source,
                                       const std::string &sourceName,
                                       const std::string &name);

/// The synthesizers' option spellings (tacos, exact, ring, ...), from the
/// catalogue.
std::vector<std::string> algorithmNames();

/// Empty if the IR writes `name` bare, as a symbol (`@name`) or a keyword
/// (`tier(name)`); else what is wrong with it.
std::string nameError(const std::string &name);

} // namespace tacos::python

#endif // TACOS_PYTHON_BRIDGE_H
