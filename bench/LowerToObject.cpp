//===- LowerToObject.cpp - From an algorithm to an object file, timed -----===//
//
// What a driver that compiles a lowered algorithm ahead of time does, in one
// process: convert-coll-to-mpi, tacos-lower-to-llvm, translation to an LLVM
// module, and object emission with the host's TargetMachine. Nothing goes
// through LLVM IR text, which for the 64x64 torus All-Gather's 537 MB step
// table would be 1.7 GB to print and parse again (bench/README.md has both).
//
//   build/bench/bench-lower-object ALGORITHM.mlirbc OUT.o [PASS OPTIONS]
//
// e.g. PASS OPTIONS "form=table". Prints the wall time of each stage and the
// peak resident memory so far.
//
//===----------------------------------------------------------------------===//

#include "tacos/InitAll.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Parser/Parser.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Pass/PassRegistry.h"
#include "mlir/Target/LLVMIR/Dialect/Builtin/BuiltinToLLVMIRTranslation.h"
#include "mlir/Target/LLVMIR/Dialect/LLVMIR/LLVMToLLVMIRTranslation.h"
#include "mlir/Target/LLVMIR/Export.h"

#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/LegacyPassManager.h"
#include "llvm/IR/Module.h"
#include "llvm/MC/TargetRegistry.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/TargetSelect.h"
#include "llvm/Support/raw_ostream.h"
#include "llvm/Target/TargetMachine.h"
#include "llvm/Target/TargetOptions.h"
#include "llvm/TargetParser/Host.h"

#include <chrono>
#include <cstdio>
#include <string>
#include <sys/resource.h>

using namespace mlir;

namespace {
/// Prints the time since the previous stage and the peak RSS so far.
class Stages {
public:
  void done(const char *name) {
    auto now = std::chrono::steady_clock::now();
    struct rusage usage;
    getrusage(RUSAGE_SELF, &usage);
    std::printf("%-22s %7.2f s   peak RSS %6.2f GB\n", name,
                std::chrono::duration<double>(now - last).count(),
                usage.ru_maxrss / 1048576.0);
    std::fflush(stdout);
    total += now - last;
    last = now;
  }
  double seconds() const {
    return std::chrono::duration<double>(total).count();
  }

private:
  std::chrono::steady_clock::time_point last = std::chrono::steady_clock::now();
  std::chrono::steady_clock::duration total{};
};

bool runPipeline(ModuleOp module, const std::string &pipeline) {
  PassManager pm(module->getContext(), ModuleOp::getOperationName());
  if (failed(parsePassPipeline(pipeline, pm, llvm::errs())))
    return false;
  return succeeded(pm.run(module));
}
} // namespace

int main(int argc, char **argv) {
  if (argc < 3) {
    std::fprintf(stderr, "usage: %s ALGORITHM.mlirbc OUT.o [PASS OPTIONS]\n",
                 argv[0]);
    return 1;
  }
  std::string options = argc > 3 ? argv[3] : "";
  DialectRegistry registry;
  tacos::registerAllDialects(registry);
  registerBuiltinDialectTranslation(registry);
  registerLLVMDialectTranslation(registry);
  tacos::registerAllPasses();
  MLIRContext context(registry);
  Stages stages;

  OwningOpRef<ModuleOp> module = parseSourceFile<ModuleOp>(argv[1], &context);
  if (!module)
    return 1;
  stages.done("parse");
  if (!runPipeline(*module, "convert-coll-to-mpi{" + options + "}"))
    return 1;
  stages.done("convert-coll-to-mpi");
  if (!runPipeline(*module, "tacos-lower-to-llvm"))
    return 1;
  stages.done("tacos-lower-to-llvm");

  llvm::LLVMContext llvmContext;
  std::unique_ptr<llvm::Module> llvmModule =
      translateModuleToLLVMIR(*module, llvmContext);
  if (!llvmModule)
    return 1;
  module = nullptr;
  stages.done("translate to LLVM IR");

  llvm::InitializeNativeTarget();
  llvm::InitializeNativeTargetAsmPrinter();
  llvm::Triple triple(llvm::sys::getDefaultTargetTriple());
  std::string error;
  const llvm::Target *target =
      llvm::TargetRegistry::lookupTarget(triple, error);
  if (!target) {
    std::fprintf(stderr, "%s\n", error.c_str());
    return 1;
  }
  std::unique_ptr<llvm::TargetMachine> machine(target->createTargetMachine(
      triple, "generic", "", llvm::TargetOptions(), llvm::Reloc::PIC_));
  llvmModule->setTargetTriple(triple);
  llvmModule->setDataLayout(machine->createDataLayout());
  std::error_code ec;
  llvm::raw_fd_ostream out(argv[2], ec, llvm::sys::fs::OF_None);
  if (ec) {
    std::fprintf(stderr, "%s: %s\n", argv[2], ec.message().c_str());
    return 1;
  }
  llvm::legacy::PassManager codegen;
  if (machine->addPassesToEmitFile(codegen, out, nullptr,
                                   llvm::CodeGenFileType::ObjectFile)) {
    std::fprintf(stderr, "the target cannot emit object files\n");
    return 1;
  }
  codegen.run(*llvmModule);
  out.close();
  stages.done("object file (-O2)");
  std::printf("%-22s %7.2f s\n", "total", stages.seconds());
  return 0;
}
