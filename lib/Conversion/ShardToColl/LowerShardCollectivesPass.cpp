//===- LowerShardCollectivesPass.cpp - shard collectives -> tacos ---------===//
//
// Reads each shard collective into a GridCollectiveRequest, plans every
// distinct request once (GridPlan.h: one verified algorithm per device
// group), writes each group's function with convert-coll-to-mpi's emitters
// plus one dispatch function per request, and replaces the ops by calls
// (ShardToColl.h, EmitGridCalls.cpp). Every op is read and planned, and
// every name and tag checked, before the module changes.
//
//===----------------------------------------------------------------------===//

#include "tacos/Conversion/CollToMPI.h"
#include "tacos/Conversion/GridPlan.h"
#include "tacos/Conversion/ShardToColl.h"
#include "tacos/Dialect/Coll/IR/CollDialect.h"
#include "tacos/Dialect/Topo/IR/NetworkModel.h"
#include "tacos/Network/Quantity.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Bufferization/IR/Bufferization.h"
#include "mlir/Dialect/ControlFlow/IR/ControlFlowOps.h"
#include "mlir/Dialect/DLTI/DLTI.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/MPI/IR/MPI.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Shard/IR/ShardOps.h"
#include "mlir/Dialect/UB/IR/UBOps.h"
#include "mlir/IR/SymbolTable.h"
#include "llvm/ADT/TypeSwitch.h"
#include "llvm/Support/CheckedArithmetic.h"

#include <map>

namespace tacos {
#define GEN_PASS_DEF_LOWERSHARDCOLLECTIVES
#include "tacos/Conversion/Passes.h.inc"
} // namespace tacos

using namespace mlir;
using namespace tacos;

namespace {

constexpr StringLiteral kPass = "tacos-lower-shard-collectives";
constexpr StringLiteral kNetworkAttr = "tacos.network";
constexpr StringLiteral kPlacementAttr = "tacos.placement";

/// The tacos attributes of a grid, checked.
struct GridAttributes {
  /// tacos.network, or null (network=).
  FlatSymbolRefAttr network;
  /// tacos.placement, or nothing (placement=, else the identity).
  std::optional<std::vector<int64_t>> placement;
};

/// What the pass reads off one shard op.
struct ShardCall {
  Operation *op = nullptr;
  shard::GridOp grid;
  GridAttributes gridAttributes;
  /// The grid's device count (at most 2^32 - 1).
  uint64_t devices = 1;
  GridCollectiveRequest request;
  MPIElementType elementType = MPIElementType::F32;
  exec::ReduceOp reduction = exec::ReduceOp::Sum;
  ShapedType resultType;
  /// Tensor axes whose blocks must be reordered into (input) or out of
  /// (result) the back end's block-after-block order around the call.
  std::optional<int64_t> packAxis, unpackAxis;
  /// Index of the request's lowering (shared by identical requests).
  size_t lowering = 0;
};

/// One distinct request: its plan and the functions it becomes.
struct RequestLowering {
  GridCollectivePlan plan;
  MPIElementType elementType;
  exec::ReduceOp reduction;
  std::string name;
};

std::optional<std::pair<MPIElementType, uint64_t>> elementTypeOf(Type type) {
  if (type.isF32())
    return std::pair{MPIElementType::F32, 4};
  if (type.isF64())
    return std::pair{MPIElementType::F64, 8};
  if (type.isF16())
    return std::pair{MPIElementType::F16, 2};
  if (type.isBF16())
    return std::pair{MPIElementType::BF16, 2};
  if (type.isSignlessInteger(32))
    return std::pair{MPIElementType::I32, 4};
  if (type.isSignlessInteger(64))
    return std::pair{MPIElementType::I64, 8};
  return std::nullopt;
}

const char *elementTypeName(MPIElementType type) {
  switch (type) {
  case MPIElementType::F32:
    return "f32";
  case MPIElementType::F64:
    return "f64";
  case MPIElementType::I32:
    return "i32";
  case MPIElementType::I64:
    return "i64";
  case MPIElementType::F16:
    return "f16";
  case MPIElementType::BF16:
    return "bf16";
  }
  std::abort();
}

std::optional<exec::ReduceOp> reductionOf(shard::ReductionKind kind) {
  switch (kind) {
  case shard::ReductionKind::Sum:
    return exec::ReduceOp::Sum;
  case shard::ReductionKind::Max:
    return exec::ReduceOp::Max;
  case shard::ReductionKind::Min:
    return exec::ReduceOp::Min;
  default:
    return std::nullopt;
  }
}

/// The bytes of a static shape, or nothing past INT64_MAX. Counted with
/// checked arithmetic: ShapedType::getNumElements wraps (2^64 + 8 elements
/// would be 8).
std::optional<int64_t> bytesOf(ShapedType type, int64_t elementBytes) {
  if (llvm::is_contained(type.getShape(), 0))
    return 0;
  std::optional<int64_t> bytes = elementBytes;
  for (int64_t extent : type.getShape())
    if (bytes)
      bytes = llvm::checkedMul(*bytes, extent);
  return bytes;
}

/// True if the blocks of a tensor split along `axis` are contiguous in
/// row-major order (only unit dimensions precede the axis).
bool blocksAreContiguous(ShapedType type, int64_t axis) {
  for (int64_t d = 0; d < axis; ++d)
    if (type.getDimSize(d) != 1)
      return false;
  return true;
}

struct LowerShardCollectivesPass
    : tacos::impl::LowerShardCollectivesBase<LowerShardCollectivesPass> {
  using LowerShardCollectivesBase::LowerShardCollectivesBase;

  /// The limits of this run (max-memory=, timeout=).
  ResourceLimits limits;
  /// Each grid's attributes, read (and any error reported) once.
  llvm::DenseMap<Operation *, FailureOr<GridAttributes>> gridAttributes;

  void runOnOperation() override {
    ModuleOp module = getOperation();
    SmallVector<ShardCall> calls;
    bool failedAny = false;
    module.walk([&](Operation *op) {
      if (!isa<shard::AllReduceOp, shard::AllGatherOp, shard::ReduceScatterOp,
               shard::AllToAllOp, shard::BroadcastOp, shard::ReduceOp,
               shard::GatherOp, shard::ScatterOp>(op))
        return;
      ShardCall call;
      if (failed(read(op, call)))
        failedAny = true;
      else
        calls.push_back(call);
    });
    if (failedAny)
      return signalPassFailure();
    if (calls.empty())
      return eraseUnusedGrids(module);

    std::optional<Algorithm> chosen = parseAlgorithm(algorithm);
    AlgorithmOptions options;
    options.algorithm = chosen ? *chosen : Algorithm::Tacos;
    options.seed = seed;
    options.trials = trials;
    options.threads = threads;
    limits = resourceLimits(maxMemory, timeout);
    options.limits = limits;

    std::vector<RequestLowering> lowerings;
    std::map<std::string, size_t> byKey;
    for (ShardCall &call : calls) {
      std::string key = requestKey(call);
      auto [it, inserted] = byKey.try_emplace(key, lowerings.size());
      call.lowering = it->second;
      if (!inserted)
        continue;
      RequestLowering lowering;
      if (failed(plan(call, options, lowering)))
        return signalPassFailure();
      lowering.name = "tacos_" +
                      std::string(collectiveName(call.request.kind)) + "_" +
                      std::to_string(lowerings.size());
      lowerings.push_back(std::move(lowering));
    }

    SmallVector<Operation *> firstCall(lowerings.size(), nullptr);
    for (ShardCall &call : llvm::reverse(calls))
      firstCall[call.lowering] = call.op;
    if (failed(checkNamesAndTags(lowerings, firstCall)) ||
        failed(setMPIImplementation(module, mpi, mpi.hasValue(), kPass)))
      return signalPassFailure();
    OpBuilder builder(&getContext());
    builder.setInsertionPointToEnd(module.getBody());
    int32_t nextTag = int32_t(tag);
    for (size_t i = 0; i < lowerings.size(); ++i)
      if (failed(writeFunctions(builder, firstCall[i], lowerings[i], nextTag)))
        return signalPassFailure();
    for (ShardCall &call : calls)
      replaceWithCall(call, lowerings[call.lowering]);
    eraseUnusedGrids(module);
  }

  /// Grids nothing refers to any more would only stop the LLVM lowering.
  /// Also when there is nothing to lower: upstream's convert-shard-to-mpi
  /// may have lowered the collectives already, and leaves the grid.
  static void eraseUnusedGrids(ModuleOp module) {
    for (auto grid : llvm::to_vector(module.getOps<shard::GridOp>()))
      if (SymbolTable::symbolKnownUseEmpty(grid, module))
        grid.erase();
  }

  //===--------------------------------------------------------------------===//
  // Reading
  //===--------------------------------------------------------------------===//

  InFlightDiagnostic error(Operation *op) {
    return coll::emitErrorAt(op) << kPass << ": " << op->getName() << ": ";
  }

  /// The grid's tacos.* attributes, checked when an op first uses it: a
  /// misspelt or mistyped one must not silently become the default.
  FailureOr<GridAttributes> readGridAttributes(shard::GridOp grid) {
    auto [it, inserted] = gridAttributes.try_emplace(grid, failure());
    if (!inserted)
      return it->second;
    auto fail = [&] {
      return coll::emitErrorAt(grid)
             << kPass << ": shard.grid @" << grid.getSymName() << ": ";
    };
    GridAttributes result;
    for (NamedAttribute attr : grid->getDiscardableAttrs()) {
      StringRef name = attr.getName().getValue();
      if (name == kNetworkAttr) {
        result.network = dyn_cast<FlatSymbolRefAttr>(attr.getValue());
        if (!result.network)
          return LogicalResult(fail() << kNetworkAttr
                                      << " must be a symbol such as @net, the "
                                         "name of a topo.network, not "
                                      << attr.getValue());
      } else if (name == kPlacementAttr) {
        auto placement = dyn_cast<DenseI64ArrayAttr>(attr.getValue());
        if (!placement)
          return LogicalResult(fail() << kPlacementAttr
                                      << " must be array<i64: ...> (the NPU "
                                         "of each device), not "
                                      << attr.getValue());
        result.placement.emplace(placement.asArrayRef().begin(),
                                 placement.asArrayRef().end());
      } else if (name.starts_with("tacos.")) {
        return LogicalResult(fail() << "unknown attribute " << name
                                    << " (tacos reads " << kNetworkAttr
                                    << " and " << kPlacementAttr << ")");
      }
    }
    return it->second = result;
  }

  /// A shard op's input or result holds at most what a coll request's
  /// size() may be.
  LogicalResult checkSize(Operation *op, ShapedType type,
                          int64_t elementBytes) {
    std::optional<int64_t> bytes = bytesOf(type, elementBytes);
    if (bytes && *bytes <= kMaxSizeBytes)
      return success();
    return error(op) << type << " is larger than 1 PiB ("
                     << (bytes ? formatSize(*bytes) : "2^63 bytes or more")
                     << "), the largest buffer a collective may have";
  }

  LogicalResult read(Operation *op, ShardCall &call) {
    call.op = op;
    call.resultType = cast<ShapedType>(op->getResult(0).getType());
    auto inputType = cast<ShapedType>(op->getOperand(0).getType());
    GridCollectiveRequest &request = call.request;
    request.chunks = chunks;

    auto gridName = op->getAttrOfType<FlatSymbolRefAttr>("grid");
    call.grid =
        SymbolTable::lookupNearestSymbolFrom<shard::GridOp>(op, gridName);
    if (!call.grid)
      return error(op) << "no shard.grid named " << gridName;
    FailureOr<GridAttributes> attributes = readGridAttributes(call.grid);
    if (failed(attributes))
      return failure();
    call.gridAttributes = *attributes;
    for (int64_t extent : call.grid.getShape()) {
      if (ShapedType::isDynamic(extent))
        return error(op) << "grid @" << call.grid.getSymName()
                         << " has a dynamic shape";
      std::optional<uint64_t> devices =
          llvm::checkedMulUnsigned(call.devices, uint64_t(extent));
      if (!devices || *devices > UINT32_MAX)
        return error(op) << "grid @" << call.grid.getSymName()
                         << " has more than 2^32 - 1 devices";
      call.devices = *devices;
      request.gridShape.push_back(extent);
    }
    // An absent `grid_axes` is its default, no axes.
    if (auto axes = op->getAttrOfType<DenseI16ArrayAttr>("grid_axes"))
      for (int16_t axis : axes.asArrayRef())
        request.axes.push_back(axis);

    if (!inputType.hasStaticShape() || !call.resultType.hasStaticShape())
      return error(op) << "dynamic shapes are not supported (" << inputType
                       << " -> " << call.resultType << ")";
    if (inputType.getElementType() != call.resultType.getElementType())
      return error(op) << "converting " << inputType.getElementType() << " to "
                       << call.resultType.getElementType()
                       << " is not supported";
    auto element = elementTypeOf(inputType.getElementType());
    if (!element)
      return error(op) << "element type " << inputType.getElementType()
                       << " is not supported (f32, f64, i32, i64, f16, bf16)";
    call.elementType = element->first;
    request.elementBytes = element->second;
    if (auto memref = dyn_cast<MemRefType>(inputType);
        memref && !memref.getLayout().isIdentity())
      return error(op) << "a memref with a layout is not supported ("
                       << inputType << ")";
    if (failed(checkSize(op, inputType, element->second)) ||
        failed(checkSize(op, call.resultType, element->second)))
      return failure();

    // Both counts are at most 2^50 now: getNumElements does not wrap.
    int64_t in = inputType.getNumElements(),
            out = call.resultType.getNumElements();
    if (failed(readKind(op, call, inputType, in, out)))
      return failure();
    return success();
  }

  LogicalResult readReduction(Operation *op, ShardCall &call,
                              shard::ReductionKind kind) {
    std::optional<exec::ReduceOp> reduction = reductionOf(kind);
    if (!reduction)
      return error(op) << "reduction " << shard::stringifyReductionKind(kind)
                       << " is not supported (sum, max, min)";
    bool sumOnly = call.elementType == MPIElementType::F16 ||
                   call.elementType == MPIElementType::BF16;
    if (sumOnly && *reduction != exec::ReduceOp::Sum)
      return error(op) << "reduction " << shard::stringifyReductionKind(kind)
                       << " is not supported for "
                       << elementTypeName(call.elementType) << " (only sum)";
    call.reduction = *reduction;
    return success();
  }

  LogicalResult readRoot(Operation *op, ShardCall &call, ArrayRef<int64_t> root,
                         ValueRange dynamic) {
    if (!dynamic.empty() || llvm::any_of(root, ShapedType::isDynamic))
      return error(op) << "a dynamic root is not supported";
    call.request.root.assign(root.begin(), root.end());
    return success();
  }

  /// A tensor axis along which the group's blocks are concatenated (or
  /// split) in `whole`. The back end's buffers hold the blocks one after
  /// the other; unless only unit dimensions precede the axis, the blocks
  /// are copied to or from that order around the call (`blocksAxis`).
  LogicalResult readBlocks(Operation *op, ShapedType whole, int64_t axis,
                           StringRef what, int64_t groupSize,
                           std::optional<int64_t> &blocksAxis) {
    if (axis < 0 || axis >= whole.getRank())
      return error(op) << what << " = " << axis << " is not an axis of "
                       << whole;
    if (whole.getDimSize(axis) % groupSize != 0)
      return error(op) << what << " = " << axis << ": dimension "
                       << whole.getDimSize(axis) << " of " << whole
                       << " does not split into " << groupSize
                       << " blocks, one per device of the group";
    if (!blocksAreContiguous(whole, axis))
      blocksAxis = axis;
    return success();
  }

  /// The collective, E, and the per-kind attributes and checks.
  LogicalResult readKind(Operation *op, ShardCall &call, ShapedType inputType,
                         int64_t in, int64_t out) {
    GridCollectiveRequest &request = call.request;
    ShapedType resultType = call.resultType;
    // At most the device count: shard's verifier refuses an axis listed
    // twice.
    int64_t g = 1;
    for (int64_t axis : request.axes)
      if (axis >= 0 && size_t(axis) < request.gridShape.size())
        g *= request.gridShape[axis];
    auto setElements = [&](int64_t elements) {
      request.elements = uint64_t(elements);
      return success();
    };
    return llvm::TypeSwitch<Operation *, LogicalResult>(op)
        .Case([&](shard::AllReduceOp o) {
          request.kind = CollectiveKind::AllReduce;
          if (failed(readReduction(op, call, o.getReduction())))
            return failure();
          return setElements(in);
        })
        .Case([&](shard::AllGatherOp o) {
          request.kind = CollectiveKind::AllGather;
          if (failed(readBlocks(op, resultType,
                                o.getGatherAxis().getSExtValue(), "gather_axis",
                                g, call.unpackAxis)))
            return failure();
          return setElements(out);
        })
        .Case([&](shard::ReduceScatterOp o) {
          request.kind = CollectiveKind::ReduceScatter;
          if (failed(readReduction(op, call, o.getReduction())) ||
              failed(readBlocks(op, inputType,
                                o.getScatterAxis().getSExtValue(),
                                "scatter_axis", g, call.packAxis)))
            return failure();
          return setElements(in);
        })
        .Case([&](shard::AllToAllOp o) {
          request.kind = CollectiveKind::AllToAll;
          if (failed(readBlocks(op, inputType, o.getSplitAxis().getSExtValue(),
                                "split_axis", g, call.packAxis)) ||
              failed(readBlocks(op, resultType,
                                o.getConcatAxis().getSExtValue(), "concat_axis",
                                g, call.unpackAxis)))
            return failure();
          return setElements(in);
        })
        .Case([&](shard::BroadcastOp o) {
          request.kind = CollectiveKind::Broadcast;
          if (failed(readRoot(op, call, o.getRoot(), o.getRootDynamic())))
            return failure();
          return setElements(in);
        })
        .Case([&](shard::ReduceOp o) {
          request.kind = CollectiveKind::Reduce;
          if (failed(readReduction(op, call, o.getReduction())) ||
              failed(readRoot(op, call, o.getRoot(), o.getRootDynamic())))
            return failure();
          return setElements(in);
        })
        .Case([&](shard::GatherOp o) {
          request.kind = CollectiveKind::Gather;
          if (failed(readBlocks(op, resultType,
                                o.getGatherAxis().getSExtValue(), "gather_axis",
                                g, call.unpackAxis)) ||
              failed(readRoot(op, call, o.getRoot(), o.getRootDynamic())))
            return failure();
          return setElements(out);
        })
        .Case([&](shard::ScatterOp o) {
          request.kind = CollectiveKind::Scatter;
          if (failed(readBlocks(op, inputType,
                                o.getScatterAxis().getSExtValue(),
                                "scatter_axis", g, call.packAxis)) ||
              failed(readRoot(op, call, o.getRoot(), o.getRootDynamic())))
            return failure();
          return setElements(in);
        })
        .Default([](Operation *) { return failure(); });
  }

  //===--------------------------------------------------------------------===//
  // Planning
  //===--------------------------------------------------------------------===//

  /// Requests that lower to the same functions have the same key.
  static std::string requestKey(ShardCall &call) {
    const GridCollectiveRequest &r = call.request;
    std::string key = std::string(collectiveName(r.kind)) + "@" +
                      call.grid.getSymName().str();
    auto list = [&](const char *tag, const std::vector<int64_t> &values) {
      key += tag;
      for (int64_t v : values)
        key += std::to_string(v) + ",";
    };
    list(" axes ", r.axes);
    list(" root ", r.root);
    key += " E " + std::to_string(r.elements) + " T " +
           elementTypeName(call.elementType) + " op " +
           std::to_string(int(call.reduction));
    return key;
  }

  FailureOr<topo::NetworkOp> networkOf(ShardCall &call) {
    FlatSymbolRefAttr name = call.gridAttributes.network;
    if (!name && network.empty())
      return LogicalResult(error(call.op)
                           << "no network for grid @" << call.grid.getSymName()
                           << ": give the grid a " << kNetworkAttr
                           << " attribute or pass network=");
    StringRef symbol = name ? name.getValue() : StringRef(network);
    auto op = SymbolTable::lookupNearestSymbolFrom<topo::NetworkOp>(
        call.grid, StringAttr::get(&getContext(), symbol));
    if (!op)
      return LogicalResult(error(call.op)
                           << "no topo.network named @" << symbol
                           << " (for grid @" << call.grid.getSymName() << ")");
    return op;
  }

  LogicalResult plan(ShardCall &call, const AlgorithmOptions &options,
                     RequestLowering &lowering) {
    FailureOr<topo::NetworkOp> networkOp = networkOf(call);
    if (failed(networkOp))
      return failure();
    FailureOr<std::shared_ptr<const Network>> model =
        getAnalysis<topo::NetworkModels>().get(*networkOp);
    if (failed(model))
      return failure();
    std::vector<int64_t> wanted = call.gridAttributes.placement.value_or(
        std::vector<int64_t>(placement.begin(), placement.end()));
    std::string message;
    std::optional<std::vector<uint32_t>> resolved =
        resolvePlacement(wanted, call.devices, (*model)->numNpus(), message);
    if (!resolved)
      return error(call.op)
             << "grid @" << call.grid.getSymName() << " on network @"
             << networkOp->getSymName() << ": " << message;
    std::optional<GridCollectivePlan> planned =
        planGridCollective(**model, *resolved, call.request, options, message);
    if (!planned)
      return error(call.op) << message;
    lowering.plan = std::move(*planned);
    lowering.elementType = call.elementType;
    lowering.reduction = call.reduction;
    return success();
  }

  //===--------------------------------------------------------------------===//
  // Writing
  //===--------------------------------------------------------------------===//

  static std::string groupName(const RequestLowering &lowering, size_t g) {
    return lowering.name + "_g" + std::to_string(g);
  }

  /// Before anything is written: every name the functions and their tables
  /// may take is free, and every group function's tag is in MPI's range.
  LogicalResult checkNamesAndTags(ArrayRef<RequestLowering> lowerings,
                                  ArrayRef<Operation *> firstCall) {
    int64_t nextTag = tag;
    for (auto [lowering, at] : llvm::zip(lowerings, firstCall)) {
      SmallVector<std::string> names{lowering.name, lowering.name + "_runs"};
      for (size_t g = 0; g < lowering.plan.groups.size(); ++g)
        for (StringRef suffix : {"", "_steps", "_offsets", "_ranks", "_peers"})
          names.push_back(groupName(lowering, g) + suffix.str());
      for (const std::string &name : names)
        if (SymbolTable::lookupSymbolIn(getOperation(), name))
          return error(at) << "cannot name a function @" << name
                           << ": the symbol is already defined";
      // Compared before adding: a huge tag= would overflow nextTag + size.
      int64_t count = int64_t(lowering.plan.groups.size());
      if (nextTag < 0 || nextTag > kTagLimit - count) {
        InFlightDiagnostic diag = error(at) << "tags " << nextTag;
        if (nextTag <= INT64_MAX - (count - 1))
          diag << ".." << nextTag + (count - 1);
        else
          diag << " and on";
        return diag << " of its group functions are outside [0, "
                    << kTagLimit << "), the range every MPI library accepts";
      }
      nextTag += count;
    }
    return success();
  }

  /// One function per group (convert-coll-to-mpi's), then the dispatcher.
  LogicalResult writeFunctions(OpBuilder &b, Operation *at,
                               RequestLowering &lowering, int32_t &nextTag) {
    Location loc = at->getLoc();
    std::vector<std::string> groupNames;
    for (auto [g, group] : llvm::enumerate(lowering.plan.groups)) {
      std::string message = checkMemory(
          limits,
          estimateMPILowering(double(group.schedule.size()),
                              form == MPILoweringForm::Unrolled
                                  ? form
                                  : MPILoweringForm::Table));
      if (!message.empty())
        return error(at) << message;
      std::optional<exec::ExecutionPlan> plan = exec::ExecutionPlan::build(
          group.shape, group.schedule.view(), message);
      if (!plan)
        return error(at) << message;
      MPILowering spelling;
      spelling.symbol = groupName(lowering, g);
      spelling.elementType = lowering.elementType;
      spelling.reduction = lowering.reduction;
      spelling.tag = nextTag++;
      std::vector<exec::RankProgram> programs;
      spelling.form = chooseForm(*plan, programs);
      LogicalResult written =
          spelling.form == MPILoweringForm::Table
              ? emitTable(b, loc, *plan, spelling, message)
              : emitUnrolled(b, loc, group.shape, programs, spelling, message);
      if (failed(written))
        return error(at) << message;
      // Only the dispatcher calls it: no C interface, not exported.
      Operation *func =
          SymbolTable::lookupSymbolIn(getOperation(), spelling.symbol);
      func->removeAttr("llvm.emit_c_interface");
      SymbolTable::setSymbolVisibility(func, SymbolTable::Visibility::Private);
      groupNames.push_back(spelling.symbol);
    }
    emitGridDispatcher(b, loc, lowering.name,
                       mlirElementType(b.getContext(), lowering.elementType),
                       lowering.plan.runs, groupNames);
    return success();
  }

  MPILoweringForm chooseForm(const exec::ExecutionPlan &plan,
                             std::vector<exec::RankProgram> &programs) {
    if (form == MPILoweringForm::Table)
      return MPILoweringForm::Table;
    size_t steps = 0;
    for (uint32_t rank = 0; rank < plan.shape().numRanks; ++rank) {
      programs.push_back(plan.program(rank));
      steps += programs.back().steps.size();
      if (form == MPILoweringForm::Auto && steps > kMaxUnrolledSteps) {
        programs.clear();
        return MPILoweringForm::Table;
      }
    }
    return MPILoweringForm::Unrolled;
  }

  void replaceWithCall(ShardCall &call, const RequestLowering &lowering) {
    GridCallSite site;
    site.function = lowering.name;
    site.elements = call.request.elements;
    site.resultType = call.resultType;
    site.groupSize =
        int64_t(lowering.plan.groups.front().shape.participants.size());
    site.packAxis = call.packAxis;
    site.unpackAxis = call.unpackAxis;
    emitGridCall(call.op, site);
  }
};

} // namespace
