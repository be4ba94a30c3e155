//===- NetworkDot.cpp - topo.network -> Graphviz DOT ----------------------===//
//
// NPUs are boxes, switches filled diamonds (the network model keeps switches
// until topo-unwind-switches). Parallel links src -> dst are one edge
// labelled with their count; the two directions of a pair stay two edges.
// With --algorithm, each edge is coloured and widened by its utilization:
// the time its links carry at least one transfer, over the algorithm's time
// (averaged over parallel links), and a legend explains the colours.
//
//===----------------------------------------------------------------------===//

#include "TraceExport.h"
#include "tacos/Target/Common/ExportedAlgorithm.h"
#include "tacos/Target/Common/GuardedTranslation.h"

#include "tacos/Dialect/Topo/IR/NetworkModel.h"

#include "mlir/Tools/mlir-translate/Translation.h"
#include "llvm/Support/Format.h"

#include <map>

using namespace mlir;
using namespace tacos;
using namespace tacos::trace;

namespace {

/// Colour bins of the utilization, from ColorBrewer's YlOrRd.
constexpr const char *kBinColours[] = {"#ffffb2", "#fecc5c", "#fd8d3c",
                                       "#f03b20", "#bd0026"};
constexpr const char *kIdleColour = "#bdbdbd";

/// Picoseconds during which each link carries at least one transfer.
std::vector<int64_t> busyTimes(const LoadedAlgorithm &a) {
  std::vector<std::vector<std::pair<int64_t, int64_t>>> intervals(
      a.model.network.numLinks());
  const ScheduleView &view = a.transfers.view();
  for (size_t i = 0, e = view.size(); i < e; ++i)
    for (size_t p = a.pathStart[i]; p < a.pathStart[i + 1]; ++p)
      intervals[a.pathLinks[p]].push_back({view.start(i), view.end(i)});
  std::vector<int64_t> busy(intervals.size(), 0);
  for (size_t l = 0; l < intervals.size(); ++l) {
    auto &list = intervals[l];
    llvm::sort(list);
    int64_t coveredTo = INT64_MIN;
    for (auto [start, end] : list) {
      start = std::max(start, coveredTo);
      if (end > start) {
        busy[l] += end - start;
        coveredTo = end;
      }
    }
  }
  return busy;
}

/// Rounded percentage busy / (links * time), 0 when time is 0.
int64_t percent(int64_t busy, int64_t links, int64_t timePs) {
  __extension__ typedef __int128 i128;
  i128 whole = i128(links) * timePs;
  if (whole <= 0)
    return 0;
  return int64_t((i128(busy) * 200 + whole) / (2 * whole));
}

std::string nodeId(StringRef prefix, NodeId node) {
  return (prefix + "n" + std::to_string(node)).str();
}

void writeNodes(raw_ostream &os, const Network &network, StringRef prefix,
                StringRef indent) {
  for (NodeId n = 0; n < network.numNpus(); ++n)
    os << indent << nodeId(prefix, n) << " [label=\"" << n << "\"];\n";
  for (NodeId n = network.numNpus(); n < network.numNodes(); ++n) {
    std::string name = network.switchName(n);
    if (name.empty())
      name = "switch " + std::to_string(n - network.numNpus());
    os << indent << nodeId(prefix, n)
       << " [shape=diamond, style=filled, fillcolor=\"#dddddd\", label=";
    writeDotString(os, name);
    os << "];\n";
  }
}

/// One edge per (src, dst) with its link count; with `busy`, utilization.
void writeEdges(raw_ostream &os, const Network &network, StringRef prefix,
                StringRef indent, const std::vector<int64_t> *busy,
                int64_t timePs) {
  std::map<std::pair<NodeId, NodeId>, std::pair<int64_t, int64_t>> edges;
  for (LinkId l = 0; l < network.numLinks(); ++l) {
    auto &[count, busyPs] = edges[{network.src(l), network.dst(l)}];
    ++count;
    if (busy)
      busyPs += (*busy)[l];
  }
  for (auto &[ends, value] : edges) {
    auto [count, busyPs] = value;
    os << indent << nodeId(prefix, ends.first) << " -> "
       << nodeId(prefix, ends.second);
    std::string label = count > 1 ? std::to_string(count) + " links" : "";
    std::string attributes;
    if (busy) {
      int64_t pct = percent(busyPs, count, timePs);
      label += (label.empty() ? "" : ", ") + std::to_string(pct) + "%";
      if (busyPs == 0) {
        attributes = std::string(", color=\"") + kIdleColour +
                     "\", style=dashed";
      } else {
        int bin = std::min<int64_t>(pct / 20, 4);
        std::string width;
        llvm::raw_string_ostream(width)
            << llvm::format("%.2f", 1.0 + 4.0 * double(std::min<int64_t>(
                                                    pct, 100)) / 100.0);
        attributes = std::string(", color=\"") + kBinColours[bin] +
                     "\", penwidth=" + width;
      }
    }
    os << " [label=";
    writeDotString(os, label);
    os << attributes << "];\n";
  }
}

void writeLegend(raw_ostream &os) {
  os << "  subgraph cluster_legend {\n"
     << "    label=\"link utilization (busy time / algorithm time)\";\n"
     << "    legend [shape=plaintext, label=<<table border=\"0\" "
        "cellborder=\"1\" cellspacing=\"0\">";
  os << "<tr><td bgcolor=\"" << kIdleColour << "\">idle (dashed)</td></tr>";
  for (int bin = 0; bin < 5; ++bin)
    os << "<tr><td bgcolor=\"" << kBinColours[bin] << "\">" << bin * 20
       << (bin == 4 ? "-100" : "-" + std::to_string(bin * 20 + 19))
       << "%</td></tr>";
  os << "</table>>];\n  }\n";
}

LogicalResult exportAlgorithmDot(coll::AlgorithmOp algorithm,
                                 raw_ostream &os) {
  SymbolTableCollection symbols;
  FailureOr<LoadedAlgorithm> a = loadAlgorithm(algorithm, symbols);
  if (failed(a))
    return failure();
  std::vector<int64_t> busy = busyTimes(*a);
  os << "digraph ";
  writeDotString(os, a->model.networkOp.getSymName());
  os << " {\n  label=";
  writeDotString(os, "@" + algorithm.getSymName().str() + " on @" +
                         a->model.networkOp.getSymName().str());
  os << ";\n  node [shape=box];\n";
  writeNodes(os, a->model.network, "", "  ");
  writeEdges(os, a->model.network, "", "  ", &busy, algorithm.getTime());
  writeLegend(os);
  os << "}\n";
  return success();
}

LogicalResult exportNetworksDot(ModuleOp module, raw_ostream &os) {
  llvm::SmallVector<topo::NetworkOp> networks(
      module.getOps<topo::NetworkOp>());
  if (networks.empty())
    return emitError(module.getLoc()) << "no topo.network to export";
  std::vector<Network> models;
  for (topo::NetworkOp network : networks) {
    FailureOr<Network> model = topo::buildNetworkModel(network);
    if (failed(model))
      return failure();
    models.push_back(std::move(*model));
  }
  if (networks.size() == 1) {
    os << "digraph ";
    writeDotString(os, networks[0].getSymName());
    os << " {\n  node [shape=box];\n";
    writeNodes(os, models[0], "", "  ");
    writeEdges(os, models[0], "", "  ", nullptr, 0);
    os << "}\n";
    return success();
  }
  // Several networks: one cluster each, node ids prefixed by its index.
  os << "digraph networks {\n  node [shape=box];\n";
  for (size_t i = 0; i < networks.size(); ++i) {
    std::string prefix = "g" + std::to_string(i);
    os << "  subgraph cluster_" << i << " {\n    label=";
    writeDotString(os, "@" + networks[i].getSymName().str());
    os << ";\n";
    writeNodes(os, models[i], prefix, "    ");
    writeEdges(os, models[i], prefix, "    ", nullptr, 0);
    os << "  }\n";
  }
  os << "}\n";
  return success();
}

LogicalResult exportDot(Operation *op, raw_ostream &output) {
  auto module = dyn_cast<ModuleOp>(op);
  if (!module)
    return op->emitError("expected a module");
  FailureOr<std::optional<coll::AlgorithmOp>> selected =
      selectedAlgorithm(module, "export-dot");
  if (failed(selected))
    return failure();
  if (*selected)
    return exportAlgorithmDot(**selected, output);
  return exportNetworksDot(module, output);
}

} // namespace

void trace::registerNetworkDot() {
  tacos::GuardedFromMLIRRegistration registration(
      "export-dot",
      "topo.network -> Graphviz DOT (with --algorithm=NAME: link "
      "utilization as colour and width)",
      exportDot, [](DialectRegistry &registry) {
        registry.insert<topo::TopoDialect, coll::CollDialect>();
      });
}
