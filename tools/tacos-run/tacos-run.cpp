//===- tacos-run.cpp - Run coll.algorithms on real data under mpirun ------===//
//
// tacos-run FILE.mlir -np N [--dtype T] [--op OP] [--elements E] [--iters K]
//                           [--algorithm @name]...
//
//   1. parses FILE (requests in it are synthesized first) and verifies every
//      selected algorithm with the native verifier: a rejected algorithm is
//      never lowered, let alone run;
//   2. lowers the algorithms with convert-coll-to-mpi and tacos-lower-to-llvm
//      (looked up by name in the pass registry), compiles the LLVM IR to an
//      object file for this machine and links one shared object;
//   3. starts `mpirun -np N tacos-run-rank ...` (RankDriver.cpp), which calls
//      each function on deterministic data, checks every output element and
//      times the calls and Open MPI's own collective;
//   4. prints one row per algorithm and per baseline, and exits 1 on any
//      wrong element, error code, crash or timeout.
// docs/Running.md describes the output and why compilation is ahead of time.
//
//===----------------------------------------------------------------------===//

#include "Compile.h"
#include "Emulate.h"
#include "Hosts.h"
#include "Launch.h"
#include "RunProtocol.h"

#include "tacos/Collective/Collective.h"
#include "tacos/Dialect/Coll/IR/ScheduleModel.h"
#include "tacos/Dialect/Coll/Transforms/ReportViolation.h"
#include "tacos/Dialect/Coll/Verification/AlgorithmModel.h"
#include "tacos/Dialect/Topo/IR/TopoDialect.h"
#include "tacos/Execution/RankProgram.h"
#include "tacos/InitAll.h"
#include "tacos/Network/Quantity.h"
#include "tacos/Support/NestingDepth.h"
#include "tacos/Simulation/Combining.h"
#include "tacos/Synthesis/Algorithms.h"

#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/InitAllDialects.h"
#include "mlir/InitAllExtensions.h"
#include "mlir/InitAllPasses.h"
#include "mlir/Parser/Parser.h"
#include "mlir/Target/LLVMIR/Dialect/All.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Program.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/WithColor.h"
#include "llvm/Support/raw_ostream.h"

#include <cmath>
#include <limits>
#include <unistd.h>

using namespace mlir;
using namespace tacos;
using namespace tacos::run;
namespace cl = llvm::cl;

//===----------------------------------------------------------------------===//
// Options
//===----------------------------------------------------------------------===//

static cl::OptionCategory runCategory("tacos-run options");

static cl::opt<std::string> inputFile(cl::Positional, cl::Required,
                                      cl::desc("<input .mlir>"),
                                      cl::cat(runCategory));
static cl::opt<unsigned>
    numRanksOpt("np", cl::Required,
                cl::desc("MPI ranks to start: the network's NPU count"),
                cl::cat(runCategory));
static cl::opt<std::string>
    dtypeOpt("dtype", cl::init("f32"),
             cl::desc("Element type: f32 (default), f64, i32, i64, f16 or bf16"),
             cl::cat(runCategory));
static cl::opt<std::string> opOpt("op", cl::init("sum"),
                                  cl::desc("Reduction: sum (default), max or min"),
                                  cl::cat(runCategory));
static cl::opt<uint64_t> elementsOpt(
    "elements", cl::init(0),
    cl::desc("E, the element count of the request's size buffer (default: "
             "its size in bytes over the element size, rounded to the "
             "nearest count the collective accepts)"),
    cl::cat(runCategory));
static cl::opt<std::string> sweepOpt(
    "sweep",
    cl::desc("Run every algorithm at each size MIN, MIN*F, ... up to MAX "
             "(MIN:MAX:xF, e.g. 1KiB:1GiB:x4), all in one launch of one "
             "compiled object, every size checked"),
    cl::value_desc("min:max:xF"), cl::cat(runCategory));
static cl::opt<unsigned> itersOpt("iters", cl::init(10),
                                  cl::desc("Timed calls after the checked one (default 10)"),
                                  cl::cat(runCategory));
static cl::list<std::string>
    algorithmOpt("algorithm",
                 cl::desc("Run only this algorithm (@name; repeatable)"),
                 cl::cat(runCategory));
static cl::opt<bool>
    baselineOpt("baseline", cl::init(true),
                cl::desc("Also time Open MPI's own collective (default on)"),
                cl::cat(runCategory));
static cl::opt<bool> inPlaceOpt(
    "in-place",
    cl::desc("Call with `in` inside `out` (all_reduce, all_gather, broadcast, "
             "reduce)"),
    cl::cat(runCategory));
static cl::opt<std::string>
    mpirunOpt("mpirun", cl::init("mpirun"),
              cl::desc("The mpirun to start: a path, or a name in PATH (default mpirun)"),
              cl::cat(runCategory));
static cl::list<std::string>
    mpirunArgOpt("mpirun-arg", cl::desc("An extra argument for mpirun"),
                 cl::cat(runCategory));
static cl::opt<std::string> hostfileOpt(
    "hostfile",
    cl::desc("Run the ranks on the hosts this file lists (Open MPI's `NAME "
             "slots=N` or MPICH's `NAME:N` lines): NPU r on slot r, in file "
             "order; needs --workdir"),
    cl::value_desc("file"), cl::cat(runCategory));
static cl::opt<std::string> hostOpt(
    "host",
    cl::desc("Run the ranks on these hosts, NAME[:N],...: NPU r on slot r; "
             "needs --workdir"),
    cl::value_desc("list"), cl::cat(runCategory));
static cl::opt<std::string> workdirOpt(
    "workdir",
    cl::desc("Put the shared object, the manifest and the results in a "
             "directory made inside DIR, which every host must see at the "
             "same path (a shared file system)"),
    cl::value_desc("dir"), cl::cat(runCategory));
static cl::opt<std::string> launcherOpt(
    "launcher", cl::init("openmpi"),
    cl::desc("Whose mpirun: openmpi (default) or mpich (Hydra's mpiexec): "
             "which options place the ranks"),
    cl::cat(runCategory));
static cl::opt<std::string> targetCpuOpt(
    "target-cpu",
    cl::desc("The CPU the object is compiled for (default: this machine's "
             "when the ranks run here, the architecture's generic CPU with "
             "--hostfile or --host)"),
    cl::cat(runCategory));
static cl::opt<bool> emulateOpt(
    "emulate",
    cl::desc("Run on an emulated cluster of this network: one network "
             "namespace per NPU, shaped veth links, switches as bridges "
             "(root only; docs/Emulation.md)"),
    cl::cat(runCategory));
static cl::opt<double> scaleOpt(
    "scale", cl::init(100),
    cl::desc("With --emulate: the rate in Mbit/s of the network's fastest "
             "link, the others in proportion (default 100)"),
    cl::value_desc("Mbit/s"), cl::cat(runCategory));
// The emulated namespaces' name prefix (default tcb-PID-), so that a test
// can look for what its own run left.
static cl::opt<std::string> emulatePrefixOpt("emulate-prefix", cl::Hidden,
                                             cl::cat(runCategory));
static cl::opt<std::string>
    ccOpt("cc", cl::init("cc"),
          cl::desc("Compiler driver that links the shared object (default: the first of cc, clang-22, clang, gcc)"),
          cl::cat(runCategory));
static cl::opt<unsigned> timeoutOpt(
    "timeout",
    cl::desc("Seconds before mpirun and its ranks are stopped (0: never; "
             "default: derived from the predicted time, at least 60)"),
    cl::value_desc("seconds"), cl::cat(runCategory));
static cl::opt<bool>
    keepTempsOpt("keep-temps",
                 cl::desc("Keep the object, shared object and manifest"),
                 cl::cat(runCategory));
static cl::opt<std::string> synthesizeOpt(
    "synthesize", cl::init(tacos::algorithmName(tacos::kDefaultAlgorithm)),
    cl::desc("coll-synthesize's algorithm for requests in the input "
             "(default: the pass's)"),
    cl::cat(runCategory));
static cl::opt<std::string> synthesizedOutputOpt(
    "synthesized-output",
    cl::desc("Write the input with its requests synthesized (the algorithms "
             "that run) to this file"),
    cl::value_desc("file"), cl::cat(runCategory));
static cl::opt<std::string> formOpt(
    "form",
    cl::desc("convert-coll-to-mpi's form: auto, unrolled or table (default: "
             "the pass's)"),
    cl::cat(runCategory));
static cl::opt<std::string> pipelineOpt(
    "pipeline",
    cl::desc("Lowering pipeline (default: convert-coll-to-mpi{element-type=T "
             "reduction=OP},tacos-lower-to-llvm; with --lowered: "
             "tacos-lower-to-llvm)"),
    cl::cat(runCategory));
static cl::opt<std::string> loweredOpt(
    "lowered",
    cl::desc("Compile this module instead of lowering the algorithms: it "
             "defines one function per algorithm, with the ABI of "
             "docs/Running.md"),
    cl::cat(runCategory));
static cl::opt<std::string>
    rankDriverOpt("rank-driver",
                  cl::desc("The per-rank program (default: tacos-run-rank "
                           "next to tacos-run)"),
                  cl::cat(runCategory));
// Fault injection for the runner's own tests: every non-empty buffer is
// passed this many elements short, so the function must return 2.
static cl::opt<uint64_t> shortenOpt("test-shorten-buffers", cl::Hidden,
                                    cl::init(0), cl::cat(runCategory));
// Fault injection for the runner's own tests (docs/Running.md, Faults):
// KIND@RANK, KIND one of abort, kill, exit, hang; that rank does it just
// before its first call, while the others are inside theirs.
static cl::opt<std::string> rankFaultOpt("test-rank-fault", cl::Hidden,
                                         cl::cat(runCategory));
// The default watchdog's start-up allowance, shortened by tests so that a
// hang under the default --timeout ends in seconds.
static cl::opt<unsigned> startupOpt("test-watchdog-startup", cl::Hidden,
                                    cl::init(60), cl::cat(runCategory));

static int fail(const llvm::Twine &message) {
  llvm::WithColor::error(llvm::errs(), "tacos-run") << message << "\n";
  return 1;
}

//===----------------------------------------------------------------------===//
// What runs
//===----------------------------------------------------------------------===//

/// One algorithm ready to run: what the rank driver needs and what the
/// report prints beside the driver's figures.
struct Planned {
  AlgorithmEntry entry;
  CollectiveKind kind;
  uint64_t bytesSent = 0;
  /// The algorithm's time, checked by the verifier (the last transfer's
  /// end), and its transfer count: what the watchdog's default reads.
  int64_t predictedPs = 0;
  uint64_t transfers = 0;
  /// With --emulate: the network, and each transfer's bytes and route.
  std::shared_ptr<const Network> network;
  std::string networkName;
  std::vector<TestbedTransfer> paths;
  /// The schedule's time on the emulated network (emulatedTime), 0 if it
  /// could not be timed.
  int64_t emulatedPs = 0;
};

enum class Launcher { OpenMPI, MPICH };

struct RunConfig {
  DType dtype;
  exec::ReduceOp op;
  FaultKind fault = FaultKind::None;
  uint32_t faultRank = 0;
  Launcher launcher = Launcher::OpenMPI;
  /// The host of each rank with --hostfile or --host; empty on loopback.
  std::vector<std::string> hostOfRank;
  /// What mpirun gets: --hostfile's or the emulation's file, or --host.
  std::string hostfile, hostList;
  /// The emulated cluster the run starts on, or null.
  const Emulation *emulation = nullptr;
};

static void registerEverything(DialectRegistry &registry) {
  // The lowering produces upstream dialects (func, mpi, memref, scf, arith,
  // ub, llvm) and relies on their conversion interfaces and LLVM IR
  // translations; registering all of them (and every upstream pass, for
  // --pipeline) keeps tacos-run independent of which ones a pipeline uses.
  mlir::registerAllDialects(registry);
  mlir::registerAllExtensions(registry);
  mlir::registerAllToLLVMIRTranslations(registry);
  tacos::registerAllDialects(registry);
  mlir::registerAllPasses();
  tacos::registerAllPasses();
}

static OwningOpRef<ModuleOp> parseFile(llvm::StringRef path,
                                       llvm::SourceMgr &sourceMgr,
                                       MLIRContext &context) {
  std::string error;
  auto buffer = llvm::MemoryBuffer::getFileOrSTDIN(path);
  if (!buffer) {
    fail("cannot read " + path + ": " + buffer.getError().message());
    return nullptr;
  }
  unsigned id = sourceMgr.AddNewSourceBuffer(std::move(*buffer), llvm::SMLoc());
  if (failed(tacos::checkNestingDepth(sourceMgr, &context, id)))
    return nullptr;
  return parseSourceFile<ModuleOp>(sourceMgr, &context);
}

/// --synthesized-output: the module as it runs, requests synthesized.
static LogicalResult writeSynthesized(ModuleOp module) {
  if (synthesizedOutputOpt.empty())
    return success();
  std::error_code ec;
  llvm::raw_fd_ostream out(synthesizedOutputOpt, ec, llvm::sys::fs::OF_Text);
  if (!ec) {
    module->print(out);
    out.close();
    ec = out.error();
    out.clear_error(); // reported below, not by the stream's destructor
  }
  if (ec) {
    fail("cannot write " + synthesizedOutputOpt + ": " + ec.message());
    return failure();
  }
  return success();
}

/// Requests (coll ops that are not algorithms) are synthesized first, as
/// tacos-pipeline would: coll-synthesize, after topo-unwind-switches for an
/// algorithm that needs point-to-point links (exact; an emulated network
/// then becomes the unwound links, not bridges). Otherwise switches stay
/// nodes, and an emulated network keeps them as bridges.
static LogicalResult synthesizeRequests(ModuleOp module) {
  bool hasRequests = false;
  for (Operation &op : module.getBody()->getOperations())
    hasRequests |= isa<coll::CollectiveOpInterface>(op) &&
                   !isa<coll::AlgorithmOp>(op);
  if (!hasRequests)
    return writeSynthesized(module);
  std::optional<tacos::Algorithm> algorithm =
      tacos::parseAlgorithm(synthesizeOpt);
  std::string unwind = algorithm && tacos::needsUnwoundSwitches(*algorithm)
                           ? "topo-unwind-switches,"
                           : "";
  if (failed(runPipeline(module, unwind + "coll-synthesize{algorithm=" +
                                      synthesizeOpt + "}")))
    return failure();
  return writeSynthesized(module);
}

static FailureOr<std::vector<coll::AlgorithmOp>>
selectAlgorithms(ModuleOp module) {
  std::vector<coll::AlgorithmOp> all(module.getOps<coll::AlgorithmOp>().begin(),
                                     module.getOps<coll::AlgorithmOp>().end());
  if (all.empty()) {
    fail(inputFile + " has no coll.algorithm to run");
    return failure();
  }
  if (algorithmOpt.empty())
    return all;
  std::vector<coll::AlgorithmOp> chosen;
  for (llvm::StringRef name : algorithmOpt) {
    name.consume_front("@");
    auto it = llvm::find_if(all, [&](coll::AlgorithmOp a) {
      return a.getSymName() == name;
    });
    if (it == all.end()) {
      fail("no coll.algorithm @" + name + " in " + inputFile);
      return failure();
    }
    if (!llvm::is_contained(chosen, *it))
      chosen.push_back(*it);
  }
  return chosen;
}

/// The bytes transfer `i` carries: its chunk's piece of the E-element
/// buffer.
static uint64_t transferBytes(const exec::CallShape &shape, uint64_t elements,
                              const ScheduleView &transfers, size_t i,
                              DType dtype) {
  uint64_t pieces = shape.numPieces();
  uint64_t piece = transfers.chunk(i) % pieces;
  return (exec::pieceOffset(piece + 1, pieces, elements) -
          exec::pieceOffset(piece, pieces, elements)) *
         dtypeBytes(dtype);
}

/// Bytes all ranks send in one call.
static uint64_t bytesSent(const exec::CallShape &shape, uint64_t elements,
                          const ScheduleView &transfers, DType dtype) {
  uint64_t total = 0;
  for (size_t i = 0; i < transfers.size(); ++i)
    total += transferBytes(shape, elements, transfers, i, dtype);
  return total;
}

/// Each transfer's bytes and switches, for the emulation's byte counters.
static std::vector<TestbedTransfer>
transferPaths(const exec::CallShape &shape, uint64_t elements,
              const ScheduleView &transfers, DType dtype) {
  std::vector<TestbedTransfer> paths;
  for (size_t i = 0; i < transfers.size(); ++i) {
    TestbedTransfer t{transfers.src(i), transfers.dst(i), {},
                      transferBytes(shape, elements, transfers, i, dtype)};
    if (uint16_t route = transfers.route(i))
      for (uint32_t node : transfers.routes().switches(route))
        t.switches.push_back(node);
    paths.push_back(std::move(t));
  }
  return paths;
}

/// Why E elements cannot be run on this machine, or empty: every message
/// count must fit MPI's int, and the buffers of all ranks (in, out and
/// at most as much scratch again) must fit in three quarters of the memory.
static std::string checkRunSize(const exec::CallShape &shape,
                                uint64_t elements, DType dtype) {
  uint64_t pieces = shape.numPieces();
  uint64_t largestPiece = elements / pieces + (elements % pieces != 0);
  if (largestPiece > uint64_t(std::numeric_limits<int32_t>::max()))
    return "a chunk would hold " + std::to_string(largestPiece) +
           " elements, more than an MPI count can say (2^31 - 1)";
  long double bytes = 0;
  for (uint32_t rank : shape.participants) {
    exec::BufferLengths lengths = exec::bufferLength(shape, rank, elements);
    bytes += 2.0L * (lengths.in + lengths.out) * dtypeBytes(dtype);
  }
  long double memory = (long double)sysconf(_SC_PHYS_PAGES) *
                       (long double)sysconf(_SC_PAGESIZE);
  if (memory > 0 && bytes > 0.75L * memory)
    return llvm::formatv("the ranks' buffers would take about {0:F1} GB, "
                         "more than 3/4 of this machine's {1:F1} GB",
                         double(bytes / 1e9), double(memory / 1e9))
        .str();
  return "";
}

/// The default --elements: the size over the element size, rounded to the
/// nearest count the collective accepts (said in a remark: the run then
/// moves fewer or more bytes than the size says).
static FailureOr<uint64_t> defaultElements(coll::AlgorithmOp algorithm,
                                           const AlgorithmEntry &entry,
                                           int64_t sizeBytes, DType dtype) {
  uint64_t held = uint64_t(sizeBytes) / dtypeBytes(dtype);
  if (held == 0)
    return emitError(algorithm.getLoc())
           << "@" << entry.name << "'s size holds no whole "
           << dtypeName(dtype) << " element; pass --elements";
  uint64_t accepted = exec::nearestAcceptedElements(entry.shape, held);
  if (accepted != held)
    emitRemark(algorithm.getLoc())
        << "@" << entry.name << ": size(" << sizeBytes << " B) holds " << held
        << " " << dtypeName(dtype) << " elements, rounded to " << accepted
        << ", the nearest count the collective accepts ("
        << exec::checkElements(entry.shape, held)
        << "; --elements sets the count)";
  return accepted;
}

static bool inPlaceDefined(CollectiveKind kind) {
  return kind == CollectiveKind::AllReduce ||
         kind == CollectiveKind::AllGather ||
         kind == CollectiveKind::Broadcast || kind == CollectiveKind::Reduce;
}

/// What of a tbf-shaped rate TCP delivers as payload, and the time a
/// message takes on top of its bytes (the kernel's and Open MPI's, no
/// added latency), measured on this kind of machine (EMULATION.md:
/// point-to-point times within 1 % of alpha + size / (rate x 0.956),
/// alpha about 0.1 ms).
static constexpr double kTcpPayloadShare = 0.956;
static constexpr int64_t kEmulatedAlphaPs = 100'000'000;

/// The schedule's time on the emulated network, as the simulator gives it
/// at the emulated rates with TCP's payload share and the measured alpha,
/// for E elements; 0 if it cannot be emulated (the run then stops with the
/// reason, planEmulation).
static int64_t emulatedTime(coll::AlgorithmOp algorithm,
                            const coll::AlgorithmModel &model,
                            uint64_t elements, DType dtype) {
  if (!(scaleOpt > 0) || !std::isfinite(scaleOpt))
    return 0;
  const Network &network = model.collective.network;
  std::string error;
  std::optional<TestbedPlan> testbed =
      TestbedPlan::build(network, scaleOpt, error);
  if (!testbed)
    return 0;
  Network emulated = testbed->emulatedNetwork(network, kTcpPayloadShare,
                                              kEmulatedAlphaPs);
  CollectiveSpec spec = model.collective.spec;
  spec.sizeBytes = int64_t(elements * dtypeBytes(dtype));
  SimulationResult timed =
      simulateCollective(emulated, spec, model.transfers.view(),
                         coll::toCore(algorithm.getLinkModel()));
  return timed.error.empty() ? timed.timePs : 0;
}

/// Verifies one algorithm and works out its call. Every error is a located
/// diagnostic on the algorithm (or its offending transfer).
static FailureOr<Planned> plan(coll::AlgorithmOp algorithm,
                               SymbolTableCollection &symbols,
                               const RunConfig &config,
                               std::optional<int64_t> sweepBytes) {
  FailureOr<coll::AlgorithmModel> model =
      coll::buildAlgorithmModel(algorithm, symbols, "tacos-run");
  if (failed(model))
    return failure();
  std::vector<Violation> violations = verifyAlgorithm(
      model->collective.network, model->spec, model->transfers.view(),
      algorithm.getTime());
  if (!violations.empty()) {
    const Violation &v = violations.front();
    coll::reportViolation(algorithm, "tacos-run", v.property, v.transfer,
                          v.message);
    return emitError(algorithm.getLoc())
           << "@" << algorithm.getSymName() << " fails verification ("
           << propertyName(v.property) << "); it is not run";
  }
  const Network &network = model->collective.network;
  const CollectiveSpec &spec = model->collective.spec;
  if (!isRunnableName(algorithm.getSymName().str())) {
    std::string escaped;
    llvm::raw_string_ostream os(escaped);
    llvm::printEscapedString(algorithm.getSymName(), os);
    return emitError(algorithm.getLoc())
           << "@\"" << escaped
           << "\" cannot be run: tacos-run calls it by name, which may hold "
              "only letters, digits, '_', '.', '$' and '-'";
  }
  Planned p;
  p.predictedPs = algorithm.getTime();
  p.transfers = model->transfers.view().size();
  p.kind = spec.kind;
  p.entry.name = algorithm.getSymName().str();
  p.entry.shape = exec::CallShape::of(spec, uint32_t(network.numNpus()));
  if (network.numNpus() != int64_t(numRanksOpt))
    return emitError(algorithm.getLoc())
           << "@" << p.entry.name << " runs on " << network.numNpus()
           << " ranks (one per NPU of its network), but -np is "
           << numRanksOpt.getValue();
  uint64_t elements = elementsOpt;
  if (elements == 0) {
    FailureOr<uint64_t> fromSize = defaultElements(
        algorithm, p.entry, sweepBytes.value_or(spec.sizeBytes), config.dtype);
    if (failed(fromSize))
      return failure();
    elements = *fromSize;
  }
  std::string split = exec::checkElements(p.entry.shape, elements);
  if (split.empty())
    split = checkRunSize(p.entry.shape, elements, config.dtype);
  if (!split.empty())
    return emitError(algorithm.getLoc())
           << "@" << p.entry.name << ": " << split << " (--elements)";
  if (inPlaceOpt && !inPlaceDefined(spec.kind))
    return emitError(algorithm.getLoc())
           << "--in-place is defined for all_reduce, all_gather, broadcast "
              "and reduce, not "
           << collectiveName(spec.kind);
  p.entry.elements = elements;
  p.bytesSent = bytesSent(p.entry.shape, elements, model->transfers.view(),
                          config.dtype);
  if (emulateOpt) {
    p.network = model->collective.networkStorage;
    p.networkName = algorithm.getNetwork().str();
    p.paths = transferPaths(p.entry.shape, elements, model->transfers.view(),
                            config.dtype);
    p.emulatedPs = emulatedTime(algorithm, *model, elements, config.dtype);
  }
  return p;
}

//===----------------------------------------------------------------------===//
// Compiling
//===----------------------------------------------------------------------===//

/// Keeps only what the lowering needs: the selected algorithms and the
/// networks (convert-coll-to-mpi reads them).
static void keepOnly(ModuleOp module,
                     const std::vector<coll::AlgorithmOp> &selected) {
  for (Operation &op : llvm::make_early_inc_range(module.getBody()->getOperations()))
    if (auto algorithm = dyn_cast<coll::AlgorithmOp>(op)) {
      if (!llvm::is_contained(selected, algorithm))
        op.erase();
    } else if (isa<coll::CollectiveOpInterface>(op)) {
      op.erase();
    }
}

/// The networks and any coll op left after lowering describe, they do not
/// execute: LLVM IR has no place for them.
static void dropDescriptions(ModuleOp module) {
  for (Operation &op : llvm::make_early_inc_range(module.getBody()->getOperations())) {
    llvm::StringRef dialect = op.getName().getDialectNamespace();
    if (dialect == "topo" || dialect == "coll")
      op.erase();
  }
}

/// --cc, or the first of cc, clang-22, clang and gcc that is installed (CI
/// images may have a compiler without the `cc` name).
static std::string compilerDriver() {
  if (ccOpt.getNumOccurrences())
    return ccOpt;
  for (const char *name : {"cc", "clang-22", "clang", "gcc"})
    if (llvm::sys::findProgramByName(name))
      return name;
  return ccOpt;
}

static std::string defaultPipeline(const RunConfig &config) {
  if (!loweredOpt.empty())
    return "tacos-lower-to-llvm";
  std::string form = formOpt.empty() ? "" : " form=" + formOpt;
  return std::string("convert-coll-to-mpi{element-type=") +
         dtypeName(config.dtype) + " reduction=" + reduceOpName(config.op) +
         form + "},tacos-lower-to-llvm";
}

/// Lowers, compiles and links; returns the shared object's path.
static FailureOr<std::string> buildLibrary(ModuleOp module,
                                           const RunConfig &config,
                                           llvm::StringRef tempDir) {
  OwningOpRef<ModuleOp> lowered;
  ModuleOp target = module;
  // The parser reads a source manager's main buffer: the lowered module gets
  // its own (the diagnostic handler finds its file by name).
  llvm::SourceMgr loweredSource;
  if (!loweredOpt.empty()) {
    lowered = parseFile(loweredOpt, loweredSource, *module.getContext());
    if (!lowered)
      return failure();
    target = *lowered;
  }
  std::string pipeline =
      pipelineOpt.empty() ? defaultPipeline(config) : pipelineOpt.getValue();
  if (failed(runPipeline(target, pipeline)))
    return failure();
  dropDescriptions(target);
  llvm::SmallString<128> object(tempDir), library(tempDir), ir(tempDir);
  llvm::sys::path::append(object, "algorithms.o");
  llvm::sys::path::append(library, "algorithms.so");
  llvm::sys::path::append(ir, "algorithms.ll");
  std::string cpu = targetCpuOpt.getNumOccurrences() ? targetCpuOpt.getValue()
                    : config.hostOfRank.empty()     ? ""
                                                    : "generic";
  std::string error =
      emitObject(target, object, keepTempsOpt ? ir.str() : "", cpu);
  if (error.empty()) {
    llvm::SmallVector<llvm::StringRef> mpiLibraries;
    llvm::StringRef(TACOS_RUN_MPI_LIBRARIES).split(mpiLibraries, ',', -1, false);
    std::vector<std::string> libraries(mpiLibraries.begin(), mpiLibraries.end());
    error = linkSharedObject(compilerDriver(), object, library, libraries);
  }
  if (!error.empty()) {
    fail(error);
    return failure();
  }
  return std::string(library);
}

//===----------------------------------------------------------------------===//
// Launching
//===----------------------------------------------------------------------===//

static FailureOr<std::string> findProgram(llvm::StringRef name,
                                          llvm::StringRef what,
                                          llvm::StringRef hint) {
  if (name.contains('/')) {
    if (llvm::sys::fs::can_execute(name))
      return name.str();
    fail("cannot run " + what + ": '" + name + "' " +
         (llvm::sys::fs::exists(name) ? "is not executable" : "does not exist") +
         " (" + hint + ")");
    return failure();
  }
  if (llvm::ErrorOr<std::string> path = llvm::sys::findProgramByName(name))
    return *path;
  fail("cannot run " + what + ": '" + name + "' is not in PATH (" + hint + ")");
  return failure();
}

static FailureOr<std::string> findRankDriver(const char *argv0) {
  if (!rankDriverOpt.empty())
    return findProgram(rankDriverOpt, "the rank driver", "--rank-driver");
  std::string self =
      llvm::sys::fs::getMainExecutable(argv0, (void *)&findRankDriver);
  llvm::SmallString<256> driver(llvm::sys::path::parent_path(self));
  llvm::sys::path::append(driver, "tacos-run-rank");
  return findProgram(driver, "the rank driver",
                     "build tacos-run-rank or pass --rank-driver");
}

/// True if the user passed mpirun an option that starts with `prefix`.
static bool userPassed(llvm::StringRef prefix) {
  return llvm::any_of(mpirunArgOpt, [&](const std::string &arg) {
    return llvm::StringRef(arg).starts_with(prefix);
  });
}

/// The options that put rank r on slot r of the hosts: the hosts as given,
/// and Open MPI's slot mapping (Hydra's default), unless the user chose a
/// mapping of their own.
static std::vector<std::string> hostArguments(const RunConfig &config) {
  if (config.hostOfRank.empty())
    return {};
  bool mpich = config.launcher == Launcher::MPICH;
  std::vector<std::string> argv;
  if (!config.hostfile.empty())
    argv = {mpich ? "-f" : "--hostfile", config.hostfile};
  else
    argv = {mpich ? "-hosts" : "--host", config.hostList};
  if (!mpich && !userPassed("--map-by") && !userPassed("-map-by"))
    argv.insert(argv.end(), {"--map-by", "slot"});
  return argv;
}

static std::vector<std::string> mpirunCommand(llvm::StringRef mpirun,
                                              llvm::StringRef driver,
                                              llvm::StringRef manifest,
                                              llvm::StringRef results,
                                              const RunConfig &config) {
  std::vector<std::string> argv;
  if (config.emulation)
    argv = config.emulation->launchPrefix();
  argv.push_back(mpirun.str());
  // Open MPI refuses root unless told, and more ranks than cores unless
  // told: tests and CI containers are both. On other hosts the slots are
  // the hostfile's, not this machine's cores.
  if (config.launcher == Launcher::OpenMPI) {
    if (geteuid() == 0)
      argv.push_back("--allow-run-as-root");
    if (config.hostOfRank.empty() && numRanksOpt > availableCores())
      argv.push_back("--oversubscribe");
  }
  argv.insert(argv.end(), {"-np", std::to_string(numRanksOpt)});
  std::vector<std::string> hosts = hostArguments(config);
  argv.insert(argv.end(), hosts.begin(), hosts.end());
  if (config.emulation) {
    std::vector<std::string> emulated = config.emulation->mpirunArguments();
    argv.insert(argv.end(), emulated.begin(), emulated.end());
  }
  argv.insert(argv.end(), mpirunArgOpt.begin(), mpirunArgOpt.end());
  argv.insert(argv.end(), {driver.str(), manifest.str(), results.str()});
  return argv;
}

//===----------------------------------------------------------------------===//
// The watchdog
//===----------------------------------------------------------------------===//

/// The default --timeout: a start-up allowance of 60 s (mpirun, every
/// rank's MPI_Init and the shared object's loading; 16 ranks on 2 busy
/// cores take seconds) plus kMargin times what the calls should take, at most an hour.
/// A hang is then stopped within about a minute for small runs, and a large
/// run is not cut short. Explicit: --timeout=SECONDS (0: never).
static constexpr double kMargin = 10;
static constexpr double kMaxDefaultSeconds = 3600;

/// What one call should take at most on this machine: the algorithm's
/// predicted time (which the verifier checked: it is the last transfer's
/// end), or, if longer, its bytes at a pessimistic 100 MB/s plus 1 ms per
/// transfer (ranks that outnumber the cores wait for the scheduler between
/// messages). The predicted time is of the modelled network, not of this
/// machine, so it cannot be the only measure.
static double callEstimateSeconds(const Planned &p) {
  double predicted = double(p.predictedPs) * 1e-12;
  double machine = double(p.bytesSent) / 1e8 + double(p.transfers) * 1e-3;
  return std::max(predicted, machine);
}

/// `slowdown`: how much slower than the network the ranks' network runs
/// (an emulated one, at scaled rates), 1 on loopback.
static unsigned defaultTimeout(const std::vector<Planned> &planned,
                               double slowdown) {
  // The checked call, then --iters timed ones; as many of Open MPI's.
  double calls = (double(itersOpt) + 1) * (baselineOpt ? 2 : 1);
  double seconds = 0;
  for (const Planned &p : planned)
    seconds += calls * std::max(callEstimateSeconds(p),
                                double(p.predictedPs) * 1e-12 * slowdown);
  return unsigned(std::min(kMaxDefaultSeconds,
                           std::ceil(double(startupOpt) + kMargin * seconds)));
}

static std::string timeoutMessage(unsigned seconds, uint32_t started) {
  std::string why =
      timeoutOpt.getNumOccurrences()
          ? "--timeout=" + std::to_string(seconds) +
                "; a larger --timeout allows more"
          : std::string("the default for this run, derived from its "
                        "predicted time; --timeout=SECONDS allows more");
  std::string what =
      started == 0
          ? "no rank had started (got past MPI_Init)"
          : started < numRanksOpt
                ? std::to_string(started) + " of " +
                      std::to_string(numRanksOpt) +
                      " ranks had started (got past MPI_Init)"
                : "a rank may be waiting for a message that is never sent";
  return "the run did not finish within " + std::to_string(seconds) +
         " s (" + why + "): " + what + "; mpirun and its ranks were stopped";
}

/// The run's temporary directories, removed when it ends (the first unless
/// --keep-temps), and by the guardian if tacos-run ends otherwise (a
/// second signal, SIGKILL, a crash).
struct TempDirs {
  /// The object, the shared object, the manifest, the results, and Open
  /// MPI's session directory (mpirun's TMPDIR).
  llvm::SmallString<128> path;
  /// With --workdir: a directory inside it for what every host loads or
  /// writes (shared object, manifest, results); Open MPI's session
  /// directory stays local.
  llvm::SmallString<128> shared;

  /// Where the shared object, the manifest and the results go.
  llvm::StringRef artifacts() const { return shared.empty() ? path : shared; }
  /// Open MPI's shared-memory segments (btl_vader_backing_directory, else
  /// in /dev/shm where nothing removes them if mpirun is killed); empty if
  /// the system has no /dev/shm or the user chose the directory.
  llvm::SmallString<128> sharedMemory;

  std::error_code create() {
    if (std::error_code ec =
            llvm::sys::fs::createUniqueDirectory("tacos-run", path))
      return ec;
    if (!keepTempsOpt)
      guardDirectory(std::string(path));
    if (!workdirOpt.empty()) {
      llvm::SmallString<128> prefix(workdirOpt);
      llvm::sys::path::append(prefix, "tacos-run");
      if (std::error_code ec =
              llvm::sys::fs::createUniqueDirectory(prefix, shared))
        return ec;
      if (!keepTempsOpt)
        guardDirectory(std::string(shared));
    }
    if (!llvm::sys::fs::is_directory("/dev/shm") ||
        std::getenv("OMPI_MCA_btl_vader_backing_directory"))
      return {};
    // Named after `path`, so that what belongs to one run is plain.
    if (llvm::sys::fs::createUniqueDirectory(
            "/dev/shm/" + llvm::sys::path::filename(path), sharedMemory))
      sharedMemory.clear();
    else
      guardDirectory(std::string(sharedMemory));
    return {};
  }

  ~TempDirs() {
    if (path.empty())
      return;
    if (keepTempsOpt) {
      llvm::errs() << "tacos-run: temporaries kept in " << path << "\n";
      if (!shared.empty())
        llvm::errs() << "tacos-run: shared temporaries kept in " << shared
                     << "\n";
    } else {
      for (llvm::StringRef dir : {path.str(), shared.str()})
        if (!dir.empty()) {
          removeDirectory(dir.str());
          forgetDirectory(dir.str());
        }
    }
    if (!sharedMemory.empty()) {
      removeDirectory(std::string(sharedMemory));
      forgetDirectory(std::string(sharedMemory));
    }
  }
};

/// What mpirun's environment adds: Open MPI's session directory and its
/// shared-memory segments go into the run's directories, and with them.
static std::vector<std::string> mpirunEnvironment(const TempDirs &temp,
                                                  const RunConfig &config) {
  std::vector<std::string> environment = {"TMPDIR=" + temp.path.str().str()};
  if (config.emulation) {
    std::vector<std::string> emulated = config.emulation->environment();
    environment.insert(environment.end(), emulated.begin(), emulated.end());
  }
  if (!temp.sharedMemory.empty())
    environment.push_back("OMPI_MCA_btl_vader_backing_directory=" +
                          temp.sharedMemory.str().str());
  return environment;
}

static FailureOr<Results> launch(llvm::StringRef mpirun, llvm::StringRef driver,
                                 const Manifest &manifest, unsigned timeout,
                                 const TempDirs &temp,
                                 const RunConfig &config) {
  llvm::StringRef tempDir = temp.artifacts();
  llvm::SmallString<128> manifestPath(tempDir), resultsPath(tempDir);
  llvm::sys::path::append(manifestPath, "manifest.txt");
  llvm::sys::path::append(resultsPath, "results.txt");
  std::string error = writeManifest(manifest, std::string(manifestPath));
  if (!error.empty()) {
    fail(error);
    return failure();
  }
  LaunchStatus status =
      runWithTimeout(mpirunCommand(mpirun, driver, manifestPath, resultsPath,
                                   config),
                     mpirunEnvironment(temp, config), timeout);
  if (!status.startError.empty()) {
    fail("cannot start mpirun: " + status.startError);
    return failure();
  }
  if (status.interrupted) {
    fail("interrupted by signal " + llvm::Twine(status.interrupted) +
         "; mpirun and its ranks were stopped");
    return failure();
  }
  if (status.timedOut) {
    fail(timeoutMessage(timeout, countStartedRanks(std::string(resultsPath),
                                                   numRanksOpt)));
    return failure();
  }
  Results results;
  error = readResults(std::string(resultsPath), results);
  if (!error.empty()) {
    fail(error);
    return failure();
  }
  if (status.exitCode != 0 || !results.complete) {
    std::string how = status.signal
                          ? "was killed by signal " + std::to_string(status.signal)
                          : "exited with status " + std::to_string(status.exitCode);
    uint32_t started = countStartedRanks(std::string(resultsPath), numRanksOpt);
    if (started == 0) {
      // Nothing of ours ran: not Open MPI's mpirun, or it failed to start.
      fail("'" + mpirun + "' " + how +
           " without starting any rank of the run (is it Open MPI's mpirun? "
           "its messages, if any, are above; --mpirun selects another)");
      return failure();
    }
    fail("a rank crashed or was killed: mpirun " + how +
         (results.complete ? "" : " before the run finished") + " (" +
         llvm::Twine(started) + " of " + llvm::Twine(numRanksOpt.getValue()) +
         " ranks had started; Open MPI's message above names the rank)");
    return failure();
  }
  if (!results.fatal.empty()) {
    fail(results.fatal);
    return failure();
  }
  return results;
}

//===----------------------------------------------------------------------===//
// Reporting
//===----------------------------------------------------------------------===//

static std::string formatNumber(const char *format, double value) {
  char buffer[64];
  std::snprintf(buffer, sizeof buffer, format, value);
  return buffer;
}

/// Prints one row; returns what went wrong, if anything.
static std::optional<std::string>
printRow(llvm::raw_ostream &os, llvm::StringRef name, const Planned &p,
         const Outcome &o, std::optional<uint64_t> sent,
         const RunConfig &config) {
  uint64_t bytes = p.entry.elements * dtypeBytes(config.dtype);
  size_t g = p.entry.shape.participants.size();
  bool timed = o.status == Outcome::Status::Ok;
  std::string time = "-", algbw = "-", busbw = "-";
  if (timed && o.seconds > 0) {
    double algorithmBandwidth = double(bytes) / o.seconds / 1e9;
    time = formatNumber("%.2f", o.seconds * 1e6);
    algbw = formatNumber("%.3f", algorithmBandwidth);
    busbw = formatNumber("%.3f", algorithmBandwidth * busFactor(p.kind, int64_t(g)));
  }
  const char *check = o.status == Outcome::Status::Ok        ? "ok"
                      : o.status == Outcome::Status::Skipped ? "skipped"
                                                             : "FAIL";
  os << llvm::format("%-24s %-14s %5zu %10llu %-5s %12s %12s %12s %14s  %s\n",
                     name.str().c_str(), collectiveName(p.kind), g,
                     (unsigned long long)p.entry.elements, dtypeName(config.dtype),
                     time.c_str(), algbw.c_str(), busbw.c_str(),
                     sent ? std::to_string(*sent).c_str() : "-", check);
  switch (o.status) {
  case Outcome::Status::Ok:
  case Outcome::Status::Skipped:
    return std::nullopt;
  case Outcome::Status::Mismatch:
    return (name + ": wrong output on rank " + llvm::Twine(o.rank) +
            ", element " + llvm::Twine(o.index) + ": expected " +
            formatNumber("%.17g", o.expected) + ", got " +
            formatNumber("%.17g", o.got))
        .str();
  case Outcome::Status::ReturnCode:
    return (name + " returned " + llvm::Twine(o.code) + " on rank " +
            llvm::Twine(o.rank) + ": " + returnCodeMeaning(o.code))
        .str();
  case Outcome::Status::Error:
    return (name + ": " + o.message).str();
  }
  return std::string("unknown outcome");
}

static bool report(const std::vector<Planned> &planned, const Results &results,
                   const RunConfig &config, unsigned timeout) {
  llvm::raw_ostream &os = llvm::outs();
  os << "# tacos-run: " << numRanksOpt << " ranks, " << dtypeName(config.dtype)
     << ", " << reduceOpName(config.op) << ", median of " << itersOpt
     << " calls (slowest rank each), ";
  if (timeout)
    os << "timeout " << timeout << " s\n";
  else
    os << "no timeout\n";
  if (!config.hostOfRank.empty())
    os << "# hosts: " << describePlacement(config.hostOfRank) << "\n";
  os << llvm::format("%-24s %-14s %5s %10s %-5s %12s %12s %12s %14s  %s\n",
                     "# algorithm", "collective", "ranks", "elements", "dtype",
                     "time(us)", "algbw(GB/s)", "busbw(GB/s)", "sent(B)",
                     "check");
  std::vector<std::string> errors;
  auto note = [&](std::optional<std::string> error) {
    if (error)
      errors.push_back(std::move(*error));
  };
  for (size_t i = 0; i < planned.size(); ++i) {
    const Planned &p = planned[i];
    if (i < results.algorithms.size())
      note(printRow(os, "@" + p.entry.name, p, results.algorithms[i],
                    p.bytesSent, config));
    if (i < results.baselines.size()) {
      const Outcome &b = results.baselines[i];
      note(printRow(os, b.message.empty() ? "baseline" : b.message, p, b,
                    std::nullopt, config));
    }
  }
  // The table first, then what failed: the errors end the output.
  os.flush();
  for (const std::string &error : errors)
    fail(error);
  return errors.empty();
}

//===----------------------------------------------------------------------===//
// The emulated cluster (--emulate)
//===----------------------------------------------------------------------===//

/// The fastest link rate on a machine of the project's kind (2 cores) at
/// which measured times stay within a few per cent of the model, and the
/// one above which the cores, not the links, set them (EMULATION.md:
/// 1-5 % at <= 100 Mbit/s, +11 to +27 % at 400 Mbit/s); and how many
/// hosts one such machine runs.
static constexpr double kFaithfulMbit = 100, kCpuBoundMbit = 400;
static constexpr uint32_t kFaithfulHosts = 16, kMaxHosts = 64;

static void warn(const llvm::Twine &message) {
  llvm::WithColor::warning(llvm::errs(), "tacos-run") << message << "\n";
}

static std::string emulationPrefix() {
  if (emulatePrefixOpt.empty())
    return "tcb-" + std::to_string(getpid()) + "-";
  return emulatePrefixOpt;
}

/// Checks the --emulate options against what this machine can carry.
static LogicalResult checkEmulationOptions(uint32_t hosts) {
  std::string prefix = emulationPrefix();
  if (prefix.size() > 32 || llvm::any_of(prefix, [](char c) {
        return !llvm::isAlnum(c) && c != '-';
      })) {
    fail("--emulate-prefix must be at most 32 letters, digits and '-', got '" +
         prefix + "'");
    return failure();
  }
  std::string scale = formatNumber("%g", scaleOpt);
  if (!(scaleOpt > 0) || !std::isfinite(scaleOpt)) {
    fail("--scale must be a positive rate in Mbit/s, got " + scale);
    return failure();
  }
  if (scaleOpt > kCpuBoundMbit) {
    fail("--scale " + scale + ": links faster than " +
         formatNumber("%g", kCpuBoundMbit) +
         " Mbit/s are CPU-bound on a machine like this one (times would "
         "measure the cores, not the network); choose a lower --scale");
    return failure();
  }
  if (scaleOpt > kFaithfulMbit)
    warn("--scale " + scale + ": above " + formatNumber("%g", kFaithfulMbit) +
         " Mbit/s per link emulated times are less faithful (within 1-5 % "
         "of the model at <= 100, 2-7 % at 200); results are still checked");
  if (hosts > kMaxHosts) {
    fail("--emulate runs at most " + llvm::Twine(kMaxHosts) +
         " hosts on one machine, the network has " + llvm::Twine(hosts));
    return failure();
  }
  if (hosts > kFaithfulHosts)
    warn("--emulate with " + llvm::Twine(hosts) + " hosts: more than " +
         llvm::Twine(kFaithfulHosts) +
         " ranks on a few cores make times CPU-bound");
  return success();
}

/// The emulated cluster's plan for the algorithms' network, before
/// anything is compiled or made.
static std::optional<TestbedPlan>
planEmulation(const std::vector<Planned> &planned) {
  const Planned &first = planned.front();
  for (const Planned &p : planned)
    if (p.networkName != first.networkName) {
      fail("--emulate builds one network, but @" + first.entry.name +
           " runs on @" + first.networkName + " and @" + p.entry.name +
           " on @" + p.networkName + " (--algorithm selects)");
      return std::nullopt;
    }
  if (failed(checkEmulationOptions(first.network->numNpus())))
    return std::nullopt;
  std::string error;
  std::optional<TestbedPlan> plan =
      TestbedPlan::build(*first.network, scaleOpt, error);
  if (!plan)
    fail("cannot emulate @" + first.networkName + ": " + error);
  return plan;
}

/// Makes the cluster and points the run at it; fails with the reason.
static LogicalResult startEmulation(Emulation &emulation, RunConfig &config) {
  std::string warning;
  std::string error = emulation.create(warning);
  if (!error.empty()) {
    fail("cannot build the emulated cluster: " + error);
    return failure();
  }
  if (!warning.empty())
    warn(warning);
  config.emulation = &emulation;
  config.hostfile = emulation.hostfile();
  config.hostOfRank.clear();
  for (NodeId npu = 0; npu < numRanksOpt; ++npu)
    config.hostOfRank.push_back(emulation.hostName(npu));
  return success();
}

/// What each direction of a wire may carry beyond the schedule's payload:
/// TCP/IP and Ethernet headers (66 bytes a segment of 1448: 4.6 %, and
/// room for a few retransmissions on a loaded machine), the
/// acknowledgements of the other direction's data (at most one 66-byte
/// segment per two received: 2.3 %), and the rank driver's own small
/// messages (the check's gathers, the timing's barriers), a few KiB a call.
static constexpr double kHeaderShare = 0.10, kAckShare = 0.05;
static constexpr uint64_t kSlackBytes = 64 * 1024, kSlackPerCall = 16 * 1024;

/// Prints each direction's predicted and measured bytes and, if the run
/// moved only the schedules' data (no baseline), checks them: a direction
/// carries at least its payload, and at most the payload with its
/// overheads. Returns false if one does not.
static bool reportCounters(const TestbedPlan &plan,
                           const std::vector<Planned> &planned,
                           const std::vector<uint64_t> &before,
                           const std::vector<uint64_t> &after) {
  std::vector<TestbedTransfer> all;
  for (const Planned &p : planned)
    all.insert(all.end(), p.paths.begin(), p.paths.end());
  uint64_t calls = uint64_t(itersOpt) + 1;
  std::vector<uint64_t> predicted = plan.predictTraffic(all, calls);
  llvm::raw_ostream &os = llvm::outs();
  os << "# emulated @" << planned.front().networkName << ": "
     << plan.numNpus() << " hosts, " << plan.numNodes() - plan.numNpus()
     << " switches, " << plan.wires().size() << " wires, fastest "
     << formatNumber("%g", plan.fastestMbit())
     << " Mbit/s (the network's rates / "
     << formatNumber("%.4g", plan.slowdown())
     << "), no added latency; bytes of " << calls << " calls of each algorithm"
     << (baselineOpt ? " and of Open MPI's collectives (not checked: "
                       "--baseline=false checks them)"
                     : "")
     << "\n";
  os << llvm::format("%-28s %10s %14s %14s  %s\n", "# link", "Mbit/s",
                     "predicted(B)", "measured(B)", "check");
  uint64_t slack =
      kSlackBytes + kSlackPerCall * calls * uint64_t(planned.size());
  std::vector<std::string> errors;
  for (size_t w = 0; w < plan.wires().size(); ++w) {
    const TestbedWire &wire = plan.wires()[w];
    for (size_t d = 0; d < 2; ++d) {
      NodeId from = d ? wire.b : wire.a, to = d ? wire.a : wire.b;
      size_t i = 2 * w + d, reverse = 2 * w + 1 - d;
      uint64_t measured = after[i] - before[i];
      uint64_t most = uint64_t(double(predicted[i]) * (1 + kHeaderShare) +
                               double(predicted[reverse]) * kAckShare) +
                      slack;
      bool ok = measured >= predicted[i] && measured <= most;
      std::string name = plan.nodeName(from) + " -> " + plan.nodeName(to);
      os << llvm::format("%-28s %10.3f %14llu %14llu  %s\n", name.c_str(),
                         d ? wire.mbitBA : wire.mbitAB,
                         (unsigned long long)predicted[i],
                         (unsigned long long)measured,
                         baselineOpt ? "-" : ok ? "ok" : "FAIL");
      if (!baselineOpt && !ok)
        errors.push_back(
            (name + " carried " + llvm::Twine(measured) +
             " bytes, but the schedules put " + llvm::Twine(predicted[i]) +
             " there (at most " + llvm::Twine(most) +
             " with headers, acknowledgements and the driver's messages)")
                .str());
    }
  }
  os.flush();
  for (const std::string &error : errors)
    fail(error);
  return errors.empty();
}

/// Measured against predicted on the emulated network, per algorithm:
/// the ratio the emulation's fidelity is judged by, and, where Open MPI's
/// collective ran beside it, the measured speedup over it.
static void reportPredictions(const std::vector<Planned> &planned,
                              const Results &results,
                              const RunConfig &config) {
  llvm::raw_ostream &os = llvm::outs();
  os << "# predicted: the schedule simulated at the emulated rates x "
     << formatNumber("%g", kTcpPayloadShare) << " (TCP payload), alpha "
     << formatNumber("%g", double(kEmulatedAlphaPs) * 1e-6)
     << " us a message; measured: the median above\n";
  os << llvm::format("%-24s %10s %14s %14s %10s %12s %12s\n", "# algorithm",
                     "elements", "measured(us)", "predicted(us)", "ratio",
                     "busbw(GB/s)", "vs-baseline");
  for (size_t i = 0; i < planned.size() && i < results.algorithms.size();
       ++i) {
    const Planned &p = planned[i];
    const Outcome &o = results.algorithms[i];
    bool timed = o.status == Outcome::Status::Ok && o.seconds > 0;
    double predicted = double(p.emulatedPs) * 1e-12;
    double bytes = double(p.entry.elements * dtypeBytes(config.dtype));
    double busbw = timed ? bytes / o.seconds / 1e9 *
                               busFactor(p.kind, int64_t(p.entry.shape
                                                             .participants
                                                             .size()))
                         : 0;
    std::string speedup = "-";
    if (timed && i < results.baselines.size() &&
        results.baselines[i].status == Outcome::Status::Ok &&
        results.baselines[i].seconds > 0)
      speedup = formatNumber("%.3fx", results.baselines[i].seconds / o.seconds);
    os << llvm::format(
        "%-24s %10llu %14s %14s %10s %12s %12s\n", ("@" + p.entry.name).c_str(),
        (unsigned long long)p.entry.elements,
        timed ? formatNumber("%.2f", o.seconds * 1e6).c_str() : "-",
        predicted > 0 ? formatNumber("%.2f", predicted * 1e6).c_str() : "-",
        timed && predicted > 0
            ? formatNumber("%.3f", o.seconds / predicted).c_str()
            : "-",
        timed ? formatNumber("%.4f", busbw).c_str() : "-", speedup.c_str());
  }
}

//===----------------------------------------------------------------------===//
// main
//===----------------------------------------------------------------------===//

/// --launcher, --hostfile, --host and --workdir: where the ranks run.
static LogicalResult readHosts(RunConfig &config) {
  if (launcherOpt == "mpich") {
    config.launcher = Launcher::MPICH;
  } else if (launcherOpt != "openmpi") {
    fail("unknown --launcher '" + launcherOpt + "' (openmpi, mpich)");
    return failure();
  }
  if (!workdirOpt.empty() && !llvm::sys::fs::is_directory(workdirOpt)) {
    fail("--workdir " + workdirOpt + " is not a directory");
    return failure();
  }
  if (hostfileOpt.empty() && hostOpt.empty())
    return success();
  if (emulateOpt) {
    fail("--emulate makes the hosts it runs on: --hostfile and --host do "
         "not go with it");
    return failure();
  }
  config.hostfile = hostfileOpt;
  config.hostList = hostOpt;
  if (!hostfileOpt.empty() && !hostOpt.empty()) {
    fail("--hostfile and --host both name the hosts: pass one of them");
    return failure();
  }
  std::string error;
  std::vector<HostSlots> hosts;
  if (!hostfileOpt.empty()) {
    auto text = llvm::MemoryBuffer::getFile(hostfileOpt, /*IsText=*/true);
    if (!text) {
      fail("cannot read --hostfile " + hostfileOpt + ": " +
           text.getError().message());
      return failure();
    }
    hosts = parseHostfile((*text)->getBuffer(), hostfileOpt, error);
  } else {
    hosts = parseHostList(hostOpt, error);
  }
  if (error.empty())
    config.hostOfRank = placeRanks(hosts, numRanksOpt, error);
  if (!error.empty()) {
    fail(error);
    return failure();
  }
  if (workdirOpt.empty()) {
    fail(llvm::Twine(hostfileOpt.empty() ? "--host" : "--hostfile") +
         " may start ranks on other hosts, which must load the compiled "
         "shared object: pass --workdir DIR, a directory every host sees at "
         "the same path");
    return failure();
  }
  return success();
}

static FailureOr<RunConfig> readConfig() {
  RunConfig config;
  auto dtype = parseDType(dtypeOpt);
  if (!dtype) {
    fail("unknown --dtype '" + dtypeOpt + "' (f32, f64, i32, i64, f16, bf16)");
    return failure();
  }
  auto op = parseReduceOp(opOpt);
  if (!op) {
    fail("unknown --op '" + opOpt + "' (sum, max, min)");
    return failure();
  }
  // Checked here so the error names --synthesize, not coll-synthesize's
  // own option.
  if (!parseAlgorithm(synthesizeOpt.getValue())) {
    fail("unknown --synthesize '" + synthesizeOpt + "' (" +
         algorithmNameList() + ")");
    return failure();
  }
  if (numRanksOpt == 0) {
    fail("-np must be at least 1");
    return failure();
  }
  if (elementsOpt.getNumOccurrences() && elementsOpt == 0) {
    fail("--elements must be at least 1");
    return failure();
  }
  if (itersOpt == 0) {
    fail("--iters must be at least 1");
    return failure();
  }
  if (!rankFaultOpt.empty()) {
    auto [kind, rank] = llvm::StringRef(rankFaultOpt).split('@');
    std::optional<FaultKind> fault = parseFaultKind(kind.str());
    if (!fault || *fault == FaultKind::None ||
        rank.getAsInteger(10, config.faultRank) ||
        config.faultRank >= numRanksOpt) {
      fail("--test-rank-fault must be KIND@RANK, KIND one of abort, kill, "
           "exit, hang and RANK below -np, got '" +
           rankFaultOpt + "'");
      return failure();
    }
    config.fault = *fault;
  }
  if (failed(readHosts(config)))
    return failure();
  config.dtype = *dtype;
  config.op = *op;
  return config;
}

/// The sizes of --sweep MIN:MAX:xF in bytes, or one "the request's own".
/// Each size becomes one entry of the manifest per algorithm: the compiled
/// functions take E at run time, so one object and one launch serve all.
static FailureOr<std::vector<std::optional<int64_t>>> sweepSizes() {
  if (sweepOpt.empty())
    return std::vector<std::optional<int64_t>>{std::nullopt};
  auto refuse = [](const llvm::Twine &why) {
    fail("--sweep " + sweepOpt + ": " + why);
    return failure();
  };
  if (elementsOpt.getNumOccurrences())
    return refuse("--elements fixes one count; pass one of them");
  llvm::SmallVector<llvm::StringRef> parts;
  llvm::StringRef(sweepOpt).split(parts, ':');
  unsigned factor = 0;
  if (parts.size() != 3 || !parts[2].consume_front("x") ||
      parts[2].getAsInteger(10, factor) || factor < 2)
    return refuse("expected MIN:MAX:xF with sizes such as 1KiB and a whole "
                  "factor F of at least 2");
  int64_t first = 0, last = 0;
  for (auto [text, value] : {std::pair{parts[0], &first},
                             std::pair{parts[1], &last}})
    if (std::string error = parseSize(text.str(), *value); !error.empty())
      return refuse(error);
  if (first <= 0 || last < first)
    return refuse("MIN must be positive and at most MAX");
  std::vector<std::optional<int64_t>> sizes;
  for (int64_t size = first; size <= last; size *= factor) {
    sizes.push_back(size);
    if (size > last / factor)
      break;
  }
  return sizes;
}

/// 128 + the signal if tacos-run was interrupted (after `what`), else 0.
static int interrupted(llvm::StringRef what) {
  int signal = interruptSignal();
  if (signal)
    fail("interrupted by signal " + llvm::Twine(signal) + " " + what);
  return signal ? 128 + signal : 0;
}

static int runTool(const char *argv0) {
  // Before anything else: the guardian is a fork of this process, which
  // must have no thread yet.
  std::string guardianError = startGuardian();
  if (!guardianError.empty())
    return fail("cannot start the process that cleans up after tacos-run: " +
                guardianError);
  installInterruptHandler();
  FailureOr<RunConfig> config = readConfig();
  if (failed(config))
    return 1;
  if (emulateOpt)
    if (std::string why = checkEmulationPossible(); !why.empty())
      return fail(why);
  // Before any work: a missing mpirun should not cost a compilation.
  FailureOr<std::string> mpirun = findProgram(
      mpirunOpt, "mpirun",
      "install Open MPI, e.g. Debian's openmpi-bin, or pass --mpirun PATH");
  if (failed(mpirun))
    return 1;
  FailureOr<std::string> driver = findRankDriver(argv0);
  if (failed(driver))
    return 1;

  DialectRegistry registry;
  registerEverything(registry);
  MLIRContext context(registry);
  context.printOpOnDiagnostic(false);
  llvm::SourceMgr sourceMgr;
  SourceMgrDiagnosticHandler handler(sourceMgr, &context);
  OwningOpRef<ModuleOp> module = parseFile(inputFile, sourceMgr, context);
  if (!module || failed(synthesizeRequests(*module)))
    return 1;
  FailureOr<std::vector<coll::AlgorithmOp>> selected = selectAlgorithms(*module);
  if (failed(selected))
    return 1;

  Manifest manifest;
  std::vector<Planned> planned;
  SymbolTableCollection symbols;
  bool failedAny = false;
  FailureOr<std::vector<std::optional<int64_t>>> sizes = sweepSizes();
  if (failed(sizes))
    return 1;
  for (coll::AlgorithmOp algorithm : *selected)
    for (std::optional<int64_t> size : *sizes) {
      FailureOr<Planned> p = plan(algorithm, symbols, *config, size);
      failedAny |= failed(p);
      if (succeeded(p)) {
        manifest.algorithms.push_back(p->entry);
        planned.push_back(std::move(*p));
      }
    }
  if (failedAny)
    return 1;
  std::optional<TestbedPlan> testbed;
  if (emulateOpt && !(testbed = planEmulation(planned)))
    return 1;

  TempDirs temp;
  if (std::error_code ec = temp.create())
    return fail("cannot create a temporary directory: " + ec.message());
  keepOnly(*module, *selected);
  FailureOr<std::string> library =
      buildLibrary(*module, *config, temp.artifacts());
  if (int code = interrupted("while compiling"))
    return code;
  if (failed(library))
    return 1;

  manifest.library = *library;
  manifest.dtype = config->dtype;
  manifest.op = config->op;
  manifest.iterations = itersOpt;
  manifest.baseline = baselineOpt;
  manifest.inPlace = inPlaceOpt;
  manifest.shortenBuffers = shortenOpt;
  manifest.fault = config->fault;
  manifest.faultRank = config->faultRank;
  // Made after the temporaries, so taken down before them.
  std::unique_ptr<Emulation> emulation;
  std::vector<uint64_t> countersBefore;
  if (testbed) {
    emulation = std::make_unique<Emulation>(*testbed, emulationPrefix(),
                                            temp.path.str().str());
    LogicalResult started = startEmulation(*emulation, *config);
    if (int code = interrupted("while building the emulated cluster"))
      return code;
    if (failed(started))
      return 1;
    std::string error;
    std::optional<std::vector<uint64_t>> counters =
        emulation->readCounters(error);
    if (!counters)
      return fail(error);
    countersBefore = std::move(*counters);
  }
  unsigned timeout =
      timeoutOpt.getNumOccurrences()
          ? timeoutOpt.getValue()
          : defaultTimeout(planned, testbed ? testbed->slowdown() : 1);
  FailureOr<Results> results =
      launch(*mpirun, *driver, manifest, timeout, temp, *config);
  if (failed(results))
    return 1;
  bool ok = report(planned, *results, *config, timeout);
  if (emulation) {
    std::string error;
    std::optional<std::vector<uint64_t>> after = emulation->readCounters(error);
    if (!after)
      return fail(error);
    ok &= reportCounters(*testbed, planned, countersBefore, *after);
    reportPredictions(planned, *results, *config);
  }
  return ok ? 0 : 1;
}

int main(int argc, char **argv) {
  llvm::InitLLVM y(argc, argv);
  cl::HideUnrelatedOptions(runCategory);
  cl::ParseCommandLineOptions(
      argc, argv,
      "tacos-run: verify, lower, compile and run coll.algorithms under "
      "mpirun on real data\n");
  int code = runTool(argv[0]);
  llvm::outs().flush();
  finishGuardian();
  // The temporaries are gone: an interrupted run now ends by its signal.
  if (int signal = interruptSignal())
    endByInterrupt(signal);
  return code;
}
