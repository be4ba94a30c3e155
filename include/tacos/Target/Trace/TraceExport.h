//===- TraceExport.h - Chrome traces and Graphviz pictures ------*- C++ -*-===//
//
// tacos-translate translations for looking at an algorithm (docs/Traces.md):
//   --export-chrome-trace  coll.algorithm -> Trace Event JSON (Perfetto,
//                          chrome://tracing): one track per link, one slice
//                          per transfer
//   --export-dot           topo.network -> Graphviz DOT; with --algorithm,
//                          each link's utilization as colour and width
// Both read transfers only through coll::readTransfers.
//
//===----------------------------------------------------------------------===//

#ifndef TACOS_TARGET_TRACE_TRACEEXPORT_H
#define TACOS_TARGET_TRACE_TRACEEXPORT_H

namespace tacos {

/// Registers both translations and the `--algorithm` option they share
/// with every export (tacos/Target/Common/ExportedAlgorithm.h).
void registerTraceExportTranslations();

} // namespace tacos

#endif // TACOS_TARGET_TRACE_TRACEEXPORT_H
