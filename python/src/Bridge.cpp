//===- Bridge.cpp - What the Python module asks of tacos ------------------===//

#include "Bridge.h"

#include "tacos/Dialect/Coll/IR/ScheduleModel.h"
#include "tacos/Dialect/Topo/IR/NetworkModel.h"
#include "tacos/InitAll.h"
#include "tacos/RunPipeline.h"
#include "tacos/Support/NestingDepth.h"
#include "tacos/Synthesis/Algorithms.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Parser/Parser.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/SourceMgr.h"

using namespace tacos;
using namespace tacos::python;

PipelineResult tacos::python::runPipeline(const std::string &source,
                                          const std::string &sourceName,
                                          const std::string &pipeline) {
  PipelineResult r;
  llvm::raw_string_ostream output(r.output);
  r.ok = mlir::succeeded(runPipelineOnText(
      source, sourceName, pipeline, /*genericForm=*/false, output,
      [&r](llvm::StringRef diagnostic) { r.diagnostics += diagnostic; }));
  return r;
}

TransfersResult tacos::python::readAlgorithmTransfers(
    const std::string &source, const std::string &sourceName,
    const std::string &name) {
  TransfersResult r;
  mlir::DialectRegistry registry;
  tacos::registerAllDialects(registry);
  mlir::MLIRContext context(registry);
  context.printOpOnDiagnostic(false);
  llvm::SourceMgr sourceMgr;
  sourceMgr.AddNewSourceBuffer(
      llvm::MemoryBuffer::getMemBufferCopy(source, sourceName), llvm::SMLoc());
  llvm::raw_string_ostream diagnostics(r.diagnostics);
  mlir::SourceMgrDiagnosticHandler handler(sourceMgr, &context, diagnostics);
  if (mlir::failed(checkNestingDepth(sourceMgr, &context)))
    return r;
  mlir::OwningOpRef<mlir::ModuleOp> module =
      mlir::parseSourceFile<mlir::ModuleOp>(sourceMgr,
                                            mlir::ParserConfig(&context));
  if (!module)
    return r;
  auto algorithm = mlir::SymbolTable::lookupNearestSymbolFrom<coll::AlgorithmOp>(
      *module, mlir::StringAttr::get(&context, name));
  if (!algorithm) {
    mlir::emitError(module->getLoc()) << "no coll.algorithm @" << name;
    return r;
  }
  // Its table would be empty, which reads as an algorithm that sends nothing.
  if (algorithm.getUnmaterialized()) {
    coll::emitErrorAt(algorithm)
        << "@" << name << " has no transfers: it was synthesized with "
        << "materialize=none; synthesize it again with materialize=ops or "
           "packed (tacos.synthesize does)";
    return r;
  }
  mlir::FailureOr<coll::TransferTable> table = coll::readTransfers(algorithm);
  if (mlir::failed(table))
    return r;
  r.transfers = Schedule(table->view());
  if (!r.transfers.routes().empty()) {
    auto network = mlir::SymbolTable::lookupNearestSymbolFrom<topo::NetworkOp>(
        algorithm, algorithm.getNetworkAttr());
    TopologySpec spec =
        topo::readTopologySpec(topo::collectNetworkOps(network));
    uint32_t npus = uint32_t(tacos::numNpus(spec));
    std::vector<std::string> names = switchNames(spec);
    const RouteTable &routes = r.transfers.routes();
    for (uint16_t route = 1; route <= routes.size(); ++route) {
      std::vector<std::string> via;
      for (uint32_t node : routes.switches(route))
        via.push_back(names[node - npus]);
      r.routes.push_back(std::move(via));
    }
  }
  r.ok = true;
  return r;
}

std::vector<std::string> tacos::python::algorithmNames() {
  std::vector<std::string> names;
  for (Algorithm algorithm : allAlgorithms())
    names.push_back(algorithmName(algorithm));
  return names;
}

std::string tacos::python::nameError(const std::string &name) {
  // The printer writes a name bare exactly when the parser reads it back
  // bare; anything else it would quote.
  mlir::MLIRContext context(mlir::MLIRContext::Threading::DISABLED);
  std::string printed;
  llvm::raw_string_ostream os(printed);
  mlir::FlatSymbolRefAttr::get(&context, name).print(os);
  if (printed == "@" + name)
    return "";
  return "not a name: a name starts with a letter or '_' and holds only "
         "letters, digits, '_', '$' and '.'";
}
