//===- TraceExport.h - Shared parts of the trace and DOT exports -*- C++ -*-===//
//
// Private to lib/Target/Trace: an algorithm's network and transfers with
// each transfer's network link (the `--algorithm` option that chooses it is
// every export's, tacos/Target/Common/ExportedAlgorithm.h).
//
//===----------------------------------------------------------------------===//

#ifndef TACOS_LIB_TARGET_TRACE_TRACEEXPORT_H
#define TACOS_LIB_TARGET_TRACE_TRACEEXPORT_H

#include "tacos/Dialect/Coll/IR/ScheduleModel.h"

#include "mlir/IR/BuiltinOps.h"
#include "llvm/Support/raw_ostream.h"

#include <optional>

namespace tacos::trace {

/// An algorithm ready to draw: its model, its transfers and the links each
/// transfer uses.
struct LoadedAlgorithm {
  coll::AlgorithmOp op;
  coll::CollectiveModel model;
  coll::TransferTable transfers;
  /// The first link of each transfer (its only one unless routed through
  /// switches): where a timeline draws it, on its source's port.
  std::vector<LinkId> links;
  /// Every link of transfer i's path: pathLinks[pathStart[i] ..
  /// pathStart[i + 1]).
  std::vector<size_t> pathStart;
  std::vector<LinkId> pathLinks;
};

/// Fails with a diagnostic on the algorithm if it has no transfers
/// (materialize=none), a malformed network, or a transfer over a link the
/// network does not have.
mlir::FailureOr<LoadedAlgorithm>
loadAlgorithm(coll::AlgorithmOp algorithm, mlir::SymbolTableCollection &symbols);

/// Writes `text` as a JSON string (quoted, escaped, valid UTF-8).
void writeJsonString(llvm::raw_ostream &os, llvm::StringRef text);

/// Writes `text` as a DOT quoted string.
void writeDotString(llvm::raw_ostream &os, llvm::StringRef text);

void registerChromeTrace();
void registerNetworkDot();

} // namespace tacos::trace

#endif // TACOS_LIB_TARGET_TRACE_TRACEEXPORT_H
