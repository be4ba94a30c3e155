//===- ChromeTrace.cpp - coll.algorithm -> Trace Event JSON ---------------===//
//
// The Trace Event format (chrome://tracing, Perfetto): a process per source
// NPU (per algorithm and NPU when several algorithms are exported), a thread
// per link that carries a transfer, and a complete ("X") event per transfer.
// Viewers stack the slices of one thread, so transfers that overlap on a
// link (pipelined latency) go on further threads of that link ("rows").
// The IR counts picoseconds and the format microseconds; times are printed
// as exact decimals (integer microseconds, then up to six digits), never
// through a double, so large times do not drift.
//
//===----------------------------------------------------------------------===//

#include "TraceExport.h"
#include "tacos/Collective/TransferPath.h"
#include "tacos/Target/Common/ExportedAlgorithm.h"
#include "tacos/Target/Common/GuardedTranslation.h"

#include "tacos/Dialect/Topo/IR/TopoDialect.h"

#include "mlir/Tools/mlir-translate/Translation.h"
#include "llvm/ADT/STLExtras.h"

#include <algorithm>
#include <map>

using namespace mlir;
using namespace tacos;
using namespace tacos::trace;

namespace {

/// `ps` in microseconds, exactly: "21", "0.000001", "1.5".
void writeMicros(raw_ostream &os, int64_t ps) {
  uint64_t magnitude = ps < 0 ? 0 - uint64_t(ps) : uint64_t(ps);
  if (ps < 0)
    os << '-';
  os << magnitude / 1000000;
  uint64_t fraction = magnitude % 1000000;
  if (fraction == 0)
    return;
  std::string digits = std::to_string(fraction);
  digits.insert(0, 6 - digits.size(), '0');
  while (digits.back() == '0')
    digits.pop_back();
  os << '.' << digits;
}

/// Separates events with ",\n" (JSON has no trailing commas).
class EventList {
public:
  explicit EventList(raw_ostream &os) : os(os) {}
  raw_ostream &next() {
    if (!first)
      os << ",\n";
    first = false;
    return os;
  }

private:
  raw_ostream &os;
  bool first = true;
};

/// Where one algorithm's processes start and how they are named.
struct Group {
  const LoadedAlgorithm *algorithm;
  int64_t firstPid;
  /// "" for a lone algorithm, "@name " when several share the trace.
  std::string prefix;
};

void writeMetadata(EventList &events, StringRef what, int64_t pid,
                   std::optional<int64_t> tid, StringRef name) {
  raw_ostream &os = events.next();
  os << "{\"name\":\"" << what << "\",\"ph\":\"M\",\"pid\":" << pid;
  if (tid)
    os << ",\"tid\":" << *tid;
  os << ",\"args\":{\"name\":";
  writeJsonString(os, name);
  os << "}}";
}

void writeSortIndex(EventList &events, StringRef what, int64_t pid,
                    std::optional<int64_t> tid, int64_t index) {
  raw_ostream &os = events.next();
  os << "{\"name\":\"" << what << "\",\"ph\":\"M\",\"pid\":" << pid;
  if (tid)
    os << ",\"tid\":" << *tid;
  os << ",\"args\":{\"sort_index\":" << index << "}}";
}

/// The thread of each transfer: a link's transfers that overlap in time
/// (pipelined latency starts a chunk before the previous one ends) would be
/// mis-nested slices on one thread, which viewers cut or drop, so each link
/// gets as many rows as it needs. Row 0 is the link's thread (tid = link);
/// row r is tid = link + r * numLinks, unique and stable.
struct Rows {
  std::vector<unsigned> rowOf;
  std::map<LinkId, unsigned> numRows;
  unsigned maxRows = 1;
};

/// First fit in start order: a transfer goes on the first row free at its
/// start (a row that ends exactly then is free).
Rows assignRows(const LoadedAlgorithm &a) {
  const ScheduleView &view = a.transfers.view();
  std::map<LinkId, std::vector<size_t>> byLink;
  for (size_t i = 0, e = view.size(); i < e; ++i)
    byLink[a.links[i]].push_back(i);
  Rows rows;
  rows.rowOf.resize(view.size());
  for (auto &[link, ids] : byLink) {
    // Ties keep schedule order, so the rows do not depend on the sort.
    llvm::sort(ids, [&](size_t x, size_t y) {
      return std::make_pair(view[x].start, x) <
             std::make_pair(view[y].start, y);
    });
    std::vector<int64_t> rowEnd;
    for (size_t i : ids) {
      Transfer t = view[i];
      unsigned row = 0;
      while (row < rowEnd.size() && rowEnd[row] > t.start)
        ++row;
      if (row == rowEnd.size())
        rowEnd.push_back(t.end);
      else
        rowEnd[row] = t.end;
      rows.rowOf[i] = row;
    }
    rows.numRows[link] = rowEnd.size();
    rows.maxRows = std::max<unsigned>(rows.maxRows, rowEnd.size());
  }
  return rows;
}

int64_t rowTid(const LoadedAlgorithm &a, LinkId link, unsigned row) {
  return int64_t(link) + int64_t(row) * int64_t(a.model.network.numLinks());
}

/// "3 -> 4" ("3 -> @nvs0" for a port of a switch), plus " lane k" when the
/// pair has parallel links.
std::string linkName(const Network &network, LinkId link) {
  NodeId src = network.src(link), dst = network.dst(link);
  std::string name = nodeText(network, src) + " -> " + nodeText(network, dst);
  // The lane is the link's rank among the links src -> dst.
  size_t parallel = 0, lane = 0;
  for (LinkId other : network.outLinks(src))
    if (network.dst(other) == dst) {
      if (other < link)
        ++lane;
      ++parallel;
    }
  if (parallel > 1)
    name += " lane " + std::to_string(lane);
  return name;
}

/// Names the processes (source NPUs) and threads (link rows) the group uses.
void writeGroupMetadata(EventList &os, const Group &group, const Rows &rows) {
  const LoadedAlgorithm &a = *group.algorithm;
  const Network &network = a.model.network;
  // Ordered, so that the output does not depend on transfer order.
  std::map<NodeId, llvm::SmallVector<LinkId>> used;
  for (auto &[link, numRows] : rows.numRows)
    used[network.src(link)].push_back(link);
  for (auto &[npu, links] : used) {
    int64_t pid = group.firstPid + npu;
    writeMetadata(os, "process_name", pid, std::nullopt,
                  group.prefix + "NPU " + std::to_string(npu));
    writeSortIndex(os, "process_sort_index", pid, std::nullopt, pid);
    for (LinkId link : links) {
      std::string name = linkName(network, link);
      for (unsigned row = 0, e = rows.numRows.at(link); row < e; ++row) {
        int64_t tid = rowTid(a, link, row);
        writeMetadata(os, "thread_name", pid, tid,
                      row == 0 ? name
                               : name + " overlap " + std::to_string(row));
        writeSortIndex(os, "thread_sort_index", pid, tid,
                       int64_t(link) * rows.maxRows + row);
      }
    }
  }
}

void writeSlices(EventList &events, const Group &group, const Rows &rows) {
  const LoadedAlgorithm &a = *group.algorithm;
  const ScheduleView &view = a.transfers.view();
  ChunkSizes sizes = a.model.spec.chunkSizes(a.model.network.numNpus());
  for (size_t i = 0, e = view.size(); i < e; ++i) {
    Transfer t = view[i];
    StringRef kind = t.kind == TransferKind::Reduce ? "reduce" : "copy";
    raw_ostream &os = events.next();
    os << "{\"name\":\"" << kind << " chunk " << t.chunk << "\",\"cat\":\""
       << kind << "\",\"ph\":\"X\",\"pid\":" << group.firstPid + t.src
       << ",\"tid\":" << rowTid(a, a.links[i], rows.rowOf[i]) << ",\"ts\":";
    writeMicros(os, t.start);
    os << ",\"dur\":";
    writeMicros(os, t.end - t.start);
    os << ",\"args\":{\"chunk\":" << t.chunk << ",\"kind\":\"" << kind
       << "\",\"bytes\":" << sizes.bytes(t.chunk) << ",\"src\":" << t.src
       << ",\"dst\":" << t.dst << ",\"lane\":" << t.lane;
    // A routed transfer is drawn on its source's port; its path in args.
    if (t.route) {
      os << ",\"via\":";
      writeJsonString(os, transferLinkText(a.model.network, t,
                                           view.routes()));
    }
    os << "}}";
  }
}

LogicalResult exportChromeTrace(Operation *op, raw_ostream &output) {
  auto module = dyn_cast<ModuleOp>(op);
  if (!module)
    return op->emitError("expected a module");
  FailureOr<std::optional<coll::AlgorithmOp>> selected =
      selectedAlgorithm(module, "export-chrome-trace");
  if (failed(selected))
    return failure();
  llvm::SmallVector<coll::AlgorithmOp> algorithms;
  if (*selected)
    algorithms.push_back(**selected);
  else
    llvm::append_range(algorithms, module.getOps<coll::AlgorithmOp>());
  if (algorithms.empty())
    return emitError(module.getLoc())
           << "no coll.algorithm to export (synthesize a request first)";

  SymbolTableCollection symbols;
  std::vector<LoadedAlgorithm> loaded;
  for (coll::AlgorithmOp algorithm : algorithms) {
    FailureOr<LoadedAlgorithm> one = loadAlgorithm(algorithm, symbols);
    if (failed(one))
      return failure();
    loaded.push_back(std::move(*one));
  }
  // A lone algorithm keeps pid = NPU; several get consecutive pid ranges.
  std::vector<Group> groups;
  int64_t nextPid = 0;
  for (LoadedAlgorithm &a : loaded) {
    std::string prefix;
    if (loaded.size() > 1)
      prefix = "@" + a.op.getSymName().str() + " ";
    groups.push_back({&a, nextPid, std::move(prefix)});
    nextPid += a.model.network.numNpus();
  }

  output << "{\"displayTimeUnit\":\"ns\",\"traceEvents\":[\n";
  EventList events(output);
  std::vector<Rows> rows;
  for (const Group &group : groups)
    rows.push_back(assignRows(*group.algorithm));
  for (size_t g = 0; g < groups.size(); ++g)
    writeGroupMetadata(events, groups[g], rows[g]);
  for (size_t g = 0; g < groups.size(); ++g)
    writeSlices(events, groups[g], rows[g]);
  output << "\n]}\n";
  return success();
}

} // namespace

void trace::registerChromeTrace() {
  tacos::GuardedFromMLIRRegistration registration(
      "export-chrome-trace",
      "coll.algorithm -> Trace Event JSON for Perfetto and chrome://tracing "
      "(option: --algorithm=NAME)",
      exportChromeTrace, [](DialectRegistry &registry) {
        registry.insert<topo::TopoDialect, coll::CollDialect>();
      });
}
