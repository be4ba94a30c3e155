//===- ReportSink.cpp - Where passes' reports go --------------------------===//

#include "tacos/Support/ReportSink.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/Support/raw_ostream.h"

#include <cassert>
#include <mutex>
#include <optional>

using namespace tacos;

namespace {

/// The installed sinks, by context; guarded by sinksMutex.
std::mutex sinksMutex;
llvm::DenseMap<mlir::MLIRContext *, ReportCallback> &sinks() {
  static llvm::DenseMap<mlir::MLIRContext *, ReportCallback> map;
  return map;
}

/// The context's sink, copied out: it is called without the lock held, so
/// that a sink may itself run a pipeline.
std::optional<ReportCallback> sinkOf(mlir::MLIRContext *context) {
  std::lock_guard<std::mutex> lock(sinksMutex);
  auto it = sinks().find(context);
  if (it == sinks().end())
    return std::nullopt;
  return it->second;
}

} // namespace

ScopedReportSink::ScopedReportSink(mlir::MLIRContext *context,
                                   ReportCallback sink)
    : context(context) {
  std::lock_guard<std::mutex> lock(sinksMutex);
  [[maybe_unused]] bool inserted =
      sinks().try_emplace(context, std::move(sink)).second;
  assert(inserted && "one report sink per context at a time");
}

ScopedReportSink::~ScopedReportSink() {
  std::lock_guard<std::mutex> lock(sinksMutex);
  sinks().erase(context);
}

void tacos::writeReport(mlir::MLIRContext *context, llvm::StringRef text,
                        llvm::raw_ostream &terminal) {
  std::optional<ReportCallback> sink = sinkOf(context);
  if (!sink) {
    terminal << text;
    terminal.flush();
    return;
  }
  if (*sink)
    (*sink)(text);
}

bool tacos::hasReportSink(mlir::MLIRContext *context) {
  return sinkOf(context).has_value();
}
