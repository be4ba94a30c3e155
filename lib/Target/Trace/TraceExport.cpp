//===- TraceExport.cpp - Shared parts of the trace and DOT exports --------===//

#include "TraceExport.h"

#include "tacos/Collective/TransferPath.h"
#include "tacos/Target/Common/ExportedAlgorithm.h"
#include "tacos/Target/Trace/TraceExport.h"

#include "mlir/IR/SymbolTable.h"
#include "llvm/Support/JSON.h"

using namespace mlir;
using namespace tacos;
using namespace tacos::trace;

FailureOr<LoadedAlgorithm>
trace::loadAlgorithm(coll::AlgorithmOp algorithm,
                     SymbolTableCollection &symbols) {
  if (algorithm.getUnmaterialized())
    return coll::emitOpErrorAt(algorithm)
           << "has no transfers to export: @" << algorithm.getSymName()
           << " was synthesized with materialize=none";
  FailureOr<coll::CollectiveModel> model =
      coll::buildCollectiveModel(algorithm, symbols);
  if (failed(model))
    return failure();
  FailureOr<coll::TransferTable> transfers = coll::readTransfers(algorithm);
  if (failed(transfers))
    return failure();
  std::vector<LinkId> links, path, pathLinks;
  std::vector<size_t> pathStart{0};
  links.reserve(transfers->size());
  const ScheduleView &view = transfers->view();
  for (size_t i = 0, e = view.size(); i < e; ++i) {
    if (!transferPath(model->network, view[i], view.routes(), path))
      return coll::emitOpErrorAt(algorithm)
             << "transfer " << i << " uses link "
             << transferLinkText(model->network, view[i], view.routes())
             << ", which @" << model->networkOp.getSymName()
             << " does not have";
    links.push_back(path.front());
    pathLinks.insert(pathLinks.end(), path.begin(), path.end());
    pathStart.push_back(pathLinks.size());
  }
  return LoadedAlgorithm{algorithm,         std::move(*model),
                         std::move(*transfers), std::move(links),
                         std::move(pathStart), std::move(pathLinks)};
}

void trace::writeJsonString(raw_ostream &os, StringRef text) {
  std::string fixed;
  if (!llvm::json::isUTF8(text)) {
    fixed = llvm::json::fixUTF8(text);
    text = fixed;
  }
  os << '"';
  for (char c : text) {
    switch (c) {
    case '"':
      os << "\\\"";
      break;
    case '\\':
      os << "\\\\";
      break;
    case '\n':
      os << "\\n";
      break;
    case '\t':
      os << "\\t";
      break;
    default:
      if (static_cast<unsigned char>(c) < 0x20)
        os << llvm::format("\\u%04x", unsigned(c));
      else
        os << c;
    }
  }
  os << '"';
}

void trace::writeDotString(raw_ostream &os, StringRef text) {
  os << '"';
  for (char c : text) {
    if (c == '"' || c == '\\')
      os << '\\';
    if (c == '\n') {
      os << "\\n";
      continue;
    }
    os << c;
  }
  os << '"';
}

void tacos::registerTraceExportTranslations() {
  registerAlgorithmOption();
  registerChromeTrace();
  registerNetworkDot();
}
