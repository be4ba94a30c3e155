//===- ReportSink.h - Where passes' reports go ------------------*- C++ -*-===//
//
// Some passes print a report for people rather than IR: coll-report (and so
// tacos-pipeline) without output=, topo-summary without output=,
// topo-allocate-bandwidth with report=-. tacos-opt writes them to the
// terminal (stderr; stdout for topo-summary). A process that embeds tacos
// (the C API, Python) owns its stdout and stderr: it installs a sink for the
// MLIRContext it runs passes in, and each such report arrives there whole,
// one call per report, instead. Reports written to a named file still go to
// the file.
//
// The sink is found by context, not set globally, so pipelines in several
// contexts (threads) at once each get their own reports.
//
//===----------------------------------------------------------------------===//

#ifndef TACOS_SUPPORT_REPORTSINK_H
#define TACOS_SUPPORT_REPORTSINK_H

#include "llvm/ADT/StringRef.h"

#include <functional>

namespace llvm {
class raw_ostream;
} // namespace llvm

namespace mlir {
class MLIRContext;
} // namespace mlir

namespace tacos {

/// Receives one whole report.
using ReportCallback = std::function<void(llvm::StringRef)>;

/// While it lives, reports of passes running in `context` go to `sink` (an
/// empty one drops them) instead of the terminal. One per context at a time.
class ScopedReportSink {
public:
  ScopedReportSink(mlir::MLIRContext *context, ReportCallback sink);
  ~ScopedReportSink();
  ScopedReportSink(const ScopedReportSink &) = delete;
  ScopedReportSink &operator=(const ScopedReportSink &) = delete;

private:
  mlir::MLIRContext *context;
};

/// Writes `text`, one whole report of a pass running in `context`, to the
/// context's sink, or without one to `terminal` (llvm::errs() or outs()).
void writeReport(mlir::MLIRContext *context, llvm::StringRef text,
                 llvm::raw_ostream &terminal);

/// True if `context` has a sink: the terminal is not the passes' to draw on
/// (no progress lines either).
bool hasReportSink(mlir::MLIRContext *context);

} // namespace tacos

#endif // TACOS_SUPPORT_REPORTSINK_H
