//===- ExportedAlgorithm.cpp - The algorithm a translation writes ---------===//

#include "tacos/Target/Common/ExportedAlgorithm.h"

#include "mlir/IR/SymbolTable.h"
#include "llvm/Support/CommandLine.h"

using namespace mlir;
using namespace tacos;
using namespace tacos::coll;

namespace {
struct AlgorithmOption {
  llvm::cl::OptionCategory category{"Algorithm selection (every export)"};
  llvm::cl::opt<std::string> name{
      "algorithm",
      llvm::cl::desc("The coll.algorithm to write, as name or @name "
                     "(--export-msccl-xml, --export-mscclpp-plan: default "
                     "the only one; --export-chrome-trace: default all; "
                     "--export-dot: draw its network with each link's "
                     "utilization)"),
      llvm::cl::value_desc("name"), llvm::cl::cat(category)};
};
AlgorithmOption *option = nullptr;

/// "@a, @b" or "none".
std::string listNames(ArrayRef<AlgorithmOp> algorithms) {
  if (algorithms.empty())
    return "none";
  std::string names;
  for (AlgorithmOp op : algorithms)
    names += (names.empty() ? "@" : ", @") + op.getSymName().str();
  return names;
}
} // namespace

void tacos::registerAlgorithmOption() {
  static AlgorithmOption storage;
  option = &storage;
}

FailureOr<std::optional<AlgorithmOp>>
tacos::selectedAlgorithm(Operation *root, llvm::StringRef translation) {
  if (!option || option->name.getNumOccurrences() == 0)
    return std::optional<AlgorithmOp>();
  llvm::StringRef name = option->name;
  // `@name` as the IR writes a symbol, or the bare name: one '@' at most.
  name.consume_front("@");
  if (name.empty())
    return emitError(root->getLoc())
           << translation << ": --algorithm: expected a name, got '"
           << option->name << "'";
  SmallVector<AlgorithmOp> algorithms;
  root->walk([&](AlgorithmOp op) { algorithms.push_back(op); });
  for (AlgorithmOp op : algorithms)
    if (op.getSymName() == name)
      return std::optional<AlgorithmOp>(op);
  Operation *symbol = root->hasTrait<OpTrait::SymbolTable>()
                          ? SymbolTable::lookupSymbolIn(root, name)
                          : nullptr;
  if (symbol) {
    InFlightDiagnostic diag = emitError(symbol->getLoc())
                              << translation << ": --algorithm: @" << name
                              << " is a '" << symbol->getName().getStringRef()
                              << "', not a coll.algorithm";
    if (isa<CollectiveOpInterface>(symbol))
      diag << " (synthesize it first)";
    return diag;
  }
  return emitError(root->getLoc())
         << translation << ": --algorithm: no coll.algorithm @" << name
         << "; the input has " << listNames(algorithms);
}

FailureOr<AlgorithmOp>
tacos::chooseExportedAlgorithm(Operation *root, llvm::StringRef translation) {
  FailureOr<std::optional<AlgorithmOp>> selected =
      selectedAlgorithm(root, translation);
  if (failed(selected))
    return failure();
  if (*selected)
    return **selected;
  SmallVector<AlgorithmOp> algorithms;
  root->walk([&](AlgorithmOp op) { algorithms.push_back(op); });
  if (algorithms.size() == 1)
    return algorithms.front();
  if (algorithms.empty())
    return emitError(root->getLoc())
           << translation << ": no coll.algorithm to export (run "
           << "coll-synthesize first)";
  return emitError(root->getLoc())
         << translation << ": " << algorithms.size() << " algorithms ("
         << listNames(algorithms) << "); choose one with --algorithm";
}
