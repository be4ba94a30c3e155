//===- Compile.cpp - tacos-run: lower, compile and link ahead of time -----===//

#include "Compile.h"

#include "mlir/Pass/PassManager.h"
#include "mlir/Pass/PassRegistry.h"
#include "mlir/Target/LLVMIR/Export.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/LegacyPassManager.h"
#include "llvm/IR/Module.h"
#include "llvm/MC/TargetRegistry.h"
#include "llvm/Passes/PassBuilder.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Program.h"
#include "llvm/Support/TargetSelect.h"
#include "llvm/Support/raw_ostream.h"
#include "llvm/Target/TargetMachine.h"
#include "llvm/TargetParser/Host.h"
#include "llvm/TargetParser/SubtargetFeature.h"

using namespace mlir;

mlir::LogicalResult tacos::run::runPipeline(ModuleOp module,
                                            llvm::StringRef pipeline) {
  PassManager pm(module.getContext());
  std::string error;
  llvm::raw_string_ostream errorStream(error);
  if (failed(parsePassPipeline(pipeline, pm, errorStream))) {
    emitError(module.getLoc()) << "cannot build the lowering pipeline '"
                               << pipeline << "': " << error;
    return failure();
  }
  return pm.run(module);
}

/// A target machine for `cpu`, or for the CPU tacos-run runs on if it is
/// empty: ranks on loopback run on this machine, so the object may use all
/// of its features; ranks on other hosts may have another CPU.
static std::unique_ptr<llvm::TargetMachine> targetMachine(llvm::StringRef cpu,
                                                          std::string &error) {
  llvm::InitializeNativeTarget();
  llvm::InitializeNativeTargetAsmPrinter();
  llvm::Triple triple(llvm::sys::getProcessTriple());
  const llvm::Target *target =
      llvm::TargetRegistry::lookupTarget(triple, error);
  if (!target)
    return nullptr;
  llvm::SubtargetFeatures features;
  if (cpu.empty())
    for (const auto &feature : llvm::sys::getHostCPUFeatures())
      features.AddFeature(feature.first(), feature.second);
  std::string cpuName =
      cpu.empty() ? llvm::sys::getHostCPUName().str() : cpu.str();
  std::unique_ptr<llvm::TargetMachine> machine(target->createTargetMachine(
      triple, cpuName, features.getString(),
      llvm::TargetOptions(), llvm::Reloc::PIC_, std::nullopt,
      llvm::CodeGenOptLevel::Aggressive));
  if (!machine)
    error = "no target machine for " + triple.str();
  return machine;
}

static void optimize(llvm::Module &module, llvm::TargetMachine &machine) {
  llvm::LoopAnalysisManager lam;
  llvm::FunctionAnalysisManager fam;
  llvm::CGSCCAnalysisManager cgam;
  llvm::ModuleAnalysisManager mam;
  llvm::PassBuilder builder(&machine);
  builder.registerModuleAnalyses(mam);
  builder.registerCGSCCAnalyses(cgam);
  builder.registerFunctionAnalyses(fam);
  builder.registerLoopAnalyses(lam);
  builder.crossRegisterProxies(lam, fam, cgam, mam);
  builder.buildPerModuleDefaultPipeline(llvm::OptimizationLevel::O2)
      .run(module, mam);
}

std::string tacos::run::emitObject(ModuleOp module,
                                   llvm::StringRef objectPath,
                                   llvm::StringRef irPath,
                                   llvm::StringRef cpu) {
  std::string error;
  std::unique_ptr<llvm::TargetMachine> machine = targetMachine(cpu, error);
  if (!machine)
    return "cannot compile for this machine: " + error;
  llvm::LLVMContext context;
  std::unique_ptr<llvm::Module> llvmModule =
      translateModuleToLLVMIR(module, context, "tacos-run");
  if (!llvmModule)
    return "cannot translate the lowered module to LLVM IR (is every op in "
           "the LLVM dialect?)";
  llvmModule->setTargetTriple(machine->getTargetTriple());
  llvmModule->setDataLayout(machine->createDataLayout());
  optimize(*llvmModule, *machine);
  if (!irPath.empty()) {
    std::error_code ec;
    llvm::raw_fd_ostream ir(irPath, ec, llvm::sys::fs::OF_Text);
    if (ec)
      return "cannot write " + irPath.str() + ": " + ec.message();
    llvmModule->print(ir, nullptr);
  }

  std::error_code ec;
  llvm::raw_fd_ostream out(objectPath, ec, llvm::sys::fs::OF_None);
  if (ec)
    return "cannot write " + objectPath.str() + ": " + ec.message();
  llvm::legacy::PassManager codegen;
  if (machine->addPassesToEmitFile(codegen, out, nullptr,
                                   llvm::CodeGenFileType::ObjectFile))
    return "the target cannot emit object files";
  codegen.run(*llvmModule);
  out.close();
  if (out.has_error())
    return "cannot write " + objectPath.str();
  return "";
}

std::string tacos::run::linkSharedObject(llvm::StringRef cc,
                                         llvm::StringRef object,
                                         llvm::StringRef library,
                                         llvm::ArrayRef<std::string> libraries) {
  llvm::ErrorOr<std::string> program =
      cc.contains('/') ? llvm::ErrorOr<std::string>(cc.str())
                       : llvm::sys::findProgramByName(cc);
  if (!program || !llvm::sys::fs::can_execute(*program))
    return "cannot find the compiler driver '" + cc.str() +
           "' to link the shared object (pass --cc PATH)";
  std::vector<std::string> args = {*program, "-shared", "-o", library.str(),
                                   object.str()};
  args.insert(args.end(), libraries.begin(), libraries.end());
  std::vector<llvm::StringRef> argRefs(args.begin(), args.end());
  std::string message;
  int status = llvm::sys::ExecuteAndWait(*program, argRefs, std::nullopt, {},
                                         0, 0, &message);
  if (status != 0)
    return "linking the shared object failed (" + llvm::join(args, " ") +
           ")" + (message.empty() ? "" : ": " + message);
  return "";
}
