//===- MPIToLLVM.cpp - mpi.isend/irecv/wait to MPI library calls ----------===//
//
// Each pattern becomes one call of the C function the op is named after.
// What differs between MPICH and Open MPI (how a communicator, a datatype, a
// request and MPI_STATUS_IGNORE are spelled) is in MPIABI, so the patterns
// read the same for both. Handles that C returns through a pointer
// (MPI_Request*, int*) go through an `llvm.alloca` in the function's entry
// block: an alloca next to the call would grow the stack on every iteration
// of the loop that walks a table-form schedule.
//
//===----------------------------------------------------------------------===//

#include "tacos/Conversion/MPIToLLVM.h"

#include "mlir/Conversion/LLVMCommon/MemRefBuilder.h"
#include "mlir/Conversion/LLVMCommon/Pattern.h"
#include "mlir/Conversion/LLVMCommon/TypeConverter.h"
#include "mlir/Dialect/DLTI/DLTI.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/MPI/IR/MPI.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/MemRef/Utils/MemRefUtils.h"
#include "mlir/IR/BuiltinOps.h"
#include "llvm/ADT/TypeSwitch.h"

#include <limits>

using namespace mlir;
using namespace tacos;

FailureOr<MPIImplementation> tacos::getMPIImplementation(Operation *op) {
  FailureOr<Attribute> entry =
      dlti::query(op, {"MPI:Implementation"}, /*emitError=*/false);
  if (failed(entry))
    return MPIImplementation::MPICH;
  auto name = dyn_cast<StringAttr>(*entry);
  if (name && name.getValue() == "MPICH")
    return MPIImplementation::MPICH;
  if (name && name.getValue() == "OpenMPI")
    return MPIImplementation::OpenMPI;
  op->emitError() << "unknown \"MPI:Implementation\" " << *entry
                  << " in the DLTI map (expected \"MPICH\" or \"OpenMPI\")";
  return failure();
}

namespace {

/// One MPI datatype as both ABIs name it.
struct Datatype {
  int32_t mpich;
  StringRef openMPI;
};

std::optional<Datatype> lookupDatatype(Type type) {
  // MPICH's handles are the constants of its mpi.h; Open MPI's are the
  // addresses of the `ompi_mpi_*` globals its mpi.h declares.
  if (type.isF32())
    return Datatype{0x4c00040a, "ompi_mpi_float"};
  if (type.isF64())
    return Datatype{0x4c00080b, "ompi_mpi_double"};
  // See isTransferableElementType: bits copied as uint16.
  if (type.isF16() || type.isBF16())
    return Datatype{0x4c00023c, "ompi_mpi_uint16_t"};
  auto integer = dyn_cast<IntegerType>(type);
  if (!integer)
    return std::nullopt;
  bool isUnsigned = integer.isUnsigned();
  switch (integer.getWidth()) {
  case 8:
    return isUnsigned ? Datatype{0x4c00013b, "ompi_mpi_uint8_t"}
                      : Datatype{0x4c000137, "ompi_mpi_int8_t"};
  case 16:
    return isUnsigned ? Datatype{0x4c00023c, "ompi_mpi_uint16_t"}
                      : Datatype{0x4c000238, "ompi_mpi_int16_t"};
  case 32:
    return isUnsigned ? Datatype{0x4c00043d, "ompi_mpi_uint32_t"}
                      : Datatype{0x4c000439, "ompi_mpi_int32_t"};
  case 64:
    return isUnsigned ? Datatype{0x4c00083e, "ompi_mpi_uint64_t"}
                      : Datatype{0x4c00083a, "ompi_mpi_int64_t"};
  default:
    return std::nullopt;
  }
}

} // namespace

bool tacos::isTransferableElementType(Type elementType) {
  return lookupDatatype(elementType).has_value();
}

namespace {

/// Builds the values whose spelling depends on the MPI implementation.
class MPIABI {
public:
  explicit MPIABI(MPIImplementation implementation)
      : implementation(implementation) {}

  bool isOpenMPI() const {
    return implementation == MPIImplementation::OpenMPI;
  }

  /// MPI_Request: a pointer in Open MPI, an int in MPICH.
  Type requestType(MLIRContext *context) const {
    if (isOpenMPI())
      return LLVM::LLVMPointerType::get(context);
    return IntegerType::get(context, 32);
  }

  /// The communicator as the C functions take it, from the i64 that
  /// upstream's type converter gives `!mpi.comm` (the address of an
  /// `ompi_communicator_t` in Open MPI, an int handle in MPICH).
  Value communicator(OpBuilder &builder, Location loc, Value comm) const {
    if (isOpenMPI())
      return LLVM::IntToPtrOp::create(
          builder, loc, LLVM::LLVMPointerType::get(builder.getContext()), comm);
    return LLVM::TruncOp::create(builder, loc, builder.getI32Type(), comm);
  }

  Value statusIgnore(OpBuilder &builder, Location loc) const {
    Type ptrType = LLVM::LLVMPointerType::get(builder.getContext());
    if (isOpenMPI())
      return LLVM::ZeroOp::create(builder, loc, ptrType);
    Value one = LLVM::ConstantOp::create(builder, loc, builder.getI64Type(),
                                         builder.getI64IntegerAttr(1));
    return LLVM::IntToPtrOp::create(builder, loc, ptrType, one);
  }

  /// The MPI_Datatype of `elementType`, which isTransferableElementType
  /// accepts.
  Value datatype(OpBuilder &builder, Location loc, ModuleOp module,
                 Type elementType) const {
    Datatype type = *lookupDatatype(elementType);
    if (!isOpenMPI())
      return LLVM::ConstantOp::create(builder, loc, builder.getI32Type(),
                                      builder.getI32IntegerAttr(type.mpich));
    MLIRContext *context = builder.getContext();
    // The same declaration as upstream's patterns make, so whichever runs
    // first declares it and the other finds it.
    if (!module.lookupSymbol(type.openMPI)) {
      OpBuilder::InsertionGuard guard(builder);
      builder.setInsertionPointToStart(module.getBody());
      LLVM::GlobalOp::create(
          builder, loc,
          LLVM::LLVMStructType::getOpaque("ompi_predefined_datatype_t",
                                          context),
          /*isConstant=*/false, LLVM::Linkage::External, type.openMPI,
          /*value=*/Attribute(), /*alignment=*/0, /*addrSpace=*/0);
    }
    return LLVM::AddressOfOp::create(
        builder, loc, LLVM::LLVMPointerType::get(context), type.openMPI);
  }

private:
  MPIImplementation implementation;
};

/// The declaration of the C function `name`, added at the top of the module
/// if missing. A symbol of that name with another type is an error on `op`.
FailureOr<LLVM::LLVMFuncOp> getOrDeclareFunction(OpBuilder &builder,
                                                 Operation *op, StringRef name,
                                                 LLVM::LLVMFunctionType type) {
  auto module = op->getParentOfType<ModuleOp>();
  Operation *existing = module.lookupSymbol(name);
  if (!existing) {
    OpBuilder::InsertionGuard guard(builder);
    builder.setInsertionPointToStart(module.getBody());
    return LLVM::LLVMFuncOp::create(builder, op->getLoc(), name, type,
                                    LLVM::Linkage::External);
  }
  auto function = dyn_cast<LLVM::LLVMFuncOp>(existing);
  if (function && function.getFunctionType() == type)
    return function;
  return op->emitError() << "cannot declare " << name << " as " << type
                         << ": the module already has a symbol of that name "
                            "with another type";
}

/// One `type` slot in the entry block of the function around `op`, for a
/// handle passed by pointer.
Value entryBlockSlot(OpBuilder &builder, Operation *op, Type type) {
  Operation *scope =
      op->getParentWithTrait<OpTrait::AutomaticAllocationScope>();
  OpBuilder::InsertionGuard guard(builder);
  builder.setInsertionPointToStart(&scope->getRegion(0).front());
  Value one =
      LLVM::ConstantOp::create(builder, op->getLoc(), builder.getI64Type(),
                               builder.getI64IntegerAttr(1));
  return LLVM::AllocaOp::create(
      builder, op->getLoc(), LLVM::LLVMPointerType::get(builder.getContext()),
      type, one);
}

/// True if the elements of `type` are one contiguous run, so that the
/// aligned pointer + offset and the element count describe the buffer.
bool isContiguous(MemRefType type) {
  if (type.getLayout().isIdentity())
    return true;
  if (type.getRank() == 1) {
    SmallVector<int64_t> strides;
    int64_t offset;
    return succeeded(type.getStridesAndOffset(strides, offset)) &&
           strides[0] == 1;
  }
  return memref::isStaticShapeAndContiguousRowMajor(type);
}

/// An i64 element count as MPI's int count. A count above INT_MAX becomes
/// -1, which MPI rejects (MPI_ERR_COUNT, fatal under the default error
/// handler), rather than its low 32 bits, which could be a smaller valid
/// count that would silently move part of the buffer.
Value toMPICount(OpBuilder &builder, Location loc, Value count) {
  Type i32 = builder.getI32Type();
  Value limit = LLVM::ConstantOp::create(
      builder, loc, builder.getI64Type(),
      builder.getI64IntegerAttr(std::numeric_limits<int32_t>::max()));
  Value tooLarge = LLVM::ICmpOp::create(builder, loc, LLVM::ICmpPredicate::ugt,
                                        count, limit);
  Value invalid = LLVM::ConstantOp::create(builder, loc, i32,
                                           builder.getI32IntegerAttr(-1));
  Value truncated = LLVM::TruncOp::create(builder, loc, i32, count);
  return LLVM::SelectOp::create(builder, loc, tooLarge, invalid, truncated);
}

/// Base of the patterns: the ABI and the checks every buffer passes.
template <typename Op> class MPIOpLowering : public ConvertOpToLLVMPattern<Op> {
public:
  MPIOpLowering(const LLVMTypeConverter &converter, MPIImplementation impl,
                PatternBenefit benefit = 1)
      : ConvertOpToLLVMPattern<Op>(converter, benefit), abi(impl) {}

protected:
  /// The start address and the element count (an i32, as MPI counts are
  /// ints; see toMPICount) of `memref`, whose converted descriptor is
  /// `descriptor`.
  FailureOr<std::pair<Value, Value>> buffer(ConversionPatternRewriter &rewriter,
                                            Operation *op, Value memref,
                                            Value descriptor) const {
    // checkMPIOperands reports these before the conversion.
    auto type = dyn_cast<MemRefType>(memref.getType());
    if (!type || !isTransferableElementType(type.getElementType()) ||
        !isContiguous(type))
      return rewriter.notifyMatchFailure(op, "unsupported buffer");
    Location loc = op->getLoc();
    MemRefDescriptor memrefDescriptor(descriptor);
    Value pointer = memrefDescriptor.bufferPtr(rewriter, loc,
                                               *this->getTypeConverter(), type);
    Value count =
        type.getRank() == 0
            ? LLVM::ConstantOp::create(rewriter, loc, rewriter.getI64Type(),
                                       rewriter.getI64IntegerAttr(1))
            : memrefDescriptor.size(rewriter, loc, 0);
    for (int64_t dim = 1; dim < type.getRank(); ++dim)
      count = LLVM::MulOp::create(rewriter, loc, count,
                                  memrefDescriptor.size(rewriter, loc, dim));
    return std::make_pair(pointer, toMPICount(rewriter, loc, count));
  }

  /// Replaces `op`, whose optional `!mpi.retval` result comes first, by
  /// `call`'s return code and `values`.
  static void replaceWithCall(ConversionPatternRewriter &rewriter, Op op,
                              LLVM::CallOp call, ValueRange values = {}) {
    SmallVector<Value> replacements;
    if (op.getRetval())
      replacements.push_back(call.getResult());
    llvm::append_range(replacements, values);
    rewriter.replaceOp(op, replacements);
  }

  MPIABI abi;
};

/// mpi.comm_size -> MPI_Comm_size(comm, &size).
struct CommSizeLowering : MPIOpLowering<mpi::CommSizeOp> {
  using MPIOpLowering::MPIOpLowering;

  LogicalResult
  matchAndRewrite(mpi::CommSizeOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    Type i32 = rewriter.getI32Type();
    Type ptrType = LLVM::LLVMPointerType::get(rewriter.getContext());
    Value comm = abi.communicator(rewriter, loc, adaptor.getComm());
    FailureOr<LLVM::LLVMFuncOp> function = getOrDeclareFunction(
        rewriter, op, "MPI_Comm_size",
        LLVM::LLVMFunctionType::get(i32, {comm.getType(), ptrType}));
    if (failed(function))
      return failure();
    Value slot = entryBlockSlot(rewriter, op, i32);
    auto call =
        LLVM::CallOp::create(rewriter, loc, *function, ValueRange{comm, slot});
    Value size = LLVM::LoadOp::create(rewriter, loc, i32, slot);
    replaceWithCall(rewriter, op, call, size);
    return success();
  }
};

/// mpi.comm_split -> MPI_Comm_split(comm, color, key, &newcomm), ahead of
/// upstream's pattern, which loads the new communicator as an i32 whatever
/// the ABI: right for MPICH, a truncated pointer for Open MPI.
struct CommSplitLowering : MPIOpLowering<mpi::CommSplitOp> {
  CommSplitLowering(const LLVMTypeConverter &converter, MPIImplementation impl)
      : MPIOpLowering(converter, impl, /*benefit=*/2) {}

  LogicalResult
  matchAndRewrite(mpi::CommSplitOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    Type i32 = rewriter.getI32Type();
    Type ptrType = LLVM::LLVMPointerType::get(rewriter.getContext());
    Value comm = abi.communicator(rewriter, loc, adaptor.getComm());
    FailureOr<LLVM::LLVMFuncOp> function = getOrDeclareFunction(
        rewriter, op, "MPI_Comm_split",
        LLVM::LLVMFunctionType::get(i32, {comm.getType(), i32, i32, ptrType}));
    if (failed(function))
      return failure();
    Value slot = entryBlockSlot(rewriter, op, comm.getType());
    auto call = LLVM::CallOp::create(
        rewriter, loc, *function,
        ValueRange{comm, adaptor.getColor(), adaptor.getKey(), slot});
    Value newComm = LLVM::LoadOp::create(rewriter, loc, comm.getType(), slot);
    // Back to the i64 that upstream's type converter gives `!mpi.comm`.
    Type i64 = rewriter.getI64Type();
    if (abi.isOpenMPI())
      newComm = LLVM::PtrToIntOp::create(rewriter, loc, i64, newComm);
    else
      newComm = LLVM::SExtOp::create(rewriter, loc, i64, newComm);
    replaceWithCall(rewriter, op, call, newComm);
    return success();
  }
};

/// mpi.isend -> MPI_Isend(buf, count, type, dest, tag, comm, &request) and
/// mpi.irecv -> MPI_Irecv(buf, count, type, source, tag, comm, &request):
/// the same signature, the peer in the same place.
template <typename Op> struct NonBlockingLowering : MPIOpLowering<Op> {
  NonBlockingLowering(const LLVMTypeConverter &converter,
                      MPIImplementation impl, StringRef callee)
      : MPIOpLowering<Op>(converter, impl), callee(callee) {}

  LogicalResult
  matchAndRewrite(Op op, typename Op::Adaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    Type i32 = rewriter.getI32Type();
    Type ptrType = LLVM::LLVMPointerType::get(rewriter.getContext());
    FailureOr<std::pair<Value, Value>> buffer =
        this->buffer(rewriter, op, op.getRef(), adaptor.getRef());
    if (failed(buffer))
      return failure();
    auto [pointer, count] = *buffer;
    Value datatype = this->abi.datatype(
        rewriter, loc, op->template getParentOfType<ModuleOp>(),
        op.getRef().getType().getElementType());
    Value comm = this->abi.communicator(rewriter, loc, adaptor.getComm());
    FailureOr<LLVM::LLVMFuncOp> function = getOrDeclareFunction(
        rewriter, op, callee,
        LLVM::LLVMFunctionType::get(i32, {ptrType, i32, datatype.getType(), i32,
                                          i32, comm.getType(), ptrType}));
    if (failed(function))
      return failure();
    Type requestType = this->abi.requestType(rewriter.getContext());
    Value slot = entryBlockSlot(rewriter, op, requestType);
    auto call =
        LLVM::CallOp::create(rewriter, loc, *function,
                             ValueRange{pointer, count, datatype, peer(adaptor),
                                        adaptor.getTag(), comm, slot});
    Value request = LLVM::LoadOp::create(rewriter, loc, requestType, slot);
    this->replaceWithCall(rewriter, op, call, request);
    return success();
  }

private:
  static Value peer(mpi::ISendOp::Adaptor adaptor) { return adaptor.getDest(); }
  static Value peer(mpi::IRecvOp::Adaptor adaptor) {
    return adaptor.getSource();
  }

  StringRef callee;
};

/// mpi.wait -> MPI_Wait(&request, MPI_STATUS_IGNORE).
struct WaitLowering : MPIOpLowering<mpi::Wait> {
  using MPIOpLowering::MPIOpLowering;

  LogicalResult
  matchAndRewrite(mpi::Wait op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    Type ptrType = LLVM::LLVMPointerType::get(rewriter.getContext());
    FailureOr<LLVM::LLVMFuncOp> function = getOrDeclareFunction(
        rewriter, op, "MPI_Wait",
        LLVM::LLVMFunctionType::get(rewriter.getI32Type(), {ptrType, ptrType}));
    if (failed(function))
      return failure();
    Value slot =
        entryBlockSlot(rewriter, op, abi.requestType(rewriter.getContext()));
    LLVM::StoreOp::create(rewriter, loc, adaptor.getReq(), slot);
    auto call =
        LLVM::CallOp::create(rewriter, loc, *function,
                             ValueRange{slot, abi.statusIgnore(rewriter, loc)});
    replaceWithCall(rewriter, op, call);
    return success();
  }
};

/// mpi.barrier -> MPI_Barrier(comm).
struct BarrierLowering : MPIOpLowering<mpi::Barrier> {
  using MPIOpLowering::MPIOpLowering;

  LogicalResult
  matchAndRewrite(mpi::Barrier op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Value comm = abi.communicator(rewriter, op.getLoc(), adaptor.getComm());
    FailureOr<LLVM::LLVMFuncOp> function = getOrDeclareFunction(
        rewriter, op, "MPI_Barrier",
        LLVM::LLVMFunctionType::get(rewriter.getI32Type(), {comm.getType()}));
    if (failed(function))
      return failure();
    auto call = LLVM::CallOp::create(rewriter, op.getLoc(), *function,
                                     ValueRange{comm});
    replaceWithCall(rewriter, op, call);
    return success();
  }
};

/// memref.copy of contiguous rank-1 memrefs -> llvm.memcpy of count *
/// element size bytes between the two start addresses.
struct ContiguousCopyLowering : ConvertOpToLLVMPattern<memref::CopyOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;

  LogicalResult
  matchAndRewrite(memref::CopyOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    auto sourceType = dyn_cast<MemRefType>(op.getSource().getType());
    auto targetType = dyn_cast<MemRefType>(op.getTarget().getType());
    if (!sourceType || !targetType || sourceType.getRank() != 1 ||
        targetType.getRank() != 1 || !isContiguous(sourceType) ||
        !isContiguous(targetType))
      return rewriter.notifyMatchFailure(op, "not two contiguous 1-D memrefs");
    Location loc = op.getLoc();
    MemRefDescriptor source(adaptor.getSource());
    MemRefDescriptor target(adaptor.getTarget());
    Value elementSize =
        getSizeInBytes(loc, sourceType.getElementType(), rewriter);
    Value bytes = LLVM::MulOp::create(
        rewriter, loc, source.size(rewriter, loc, 0), elementSize);
    LLVM::MemcpyOp::create(
        rewriter, loc,
        target.bufferPtr(rewriter, loc, *getTypeConverter(), targetType),
        source.bufferPtr(rewriter, loc, *getTypeConverter(), sourceType), bytes,
        /*isVolatile=*/false);
    rewriter.eraseOp(op);
    return success();
  }
};

} // namespace

void tacos::populateMPIToLLVMPatterns(LLVMTypeConverter &converter,
                                      RewritePatternSet &patterns,
                                      MPIImplementation implementation) {
  MPIABI abi(implementation);
  converter.addConversion([abi](mpi::RequestType type) {
    return abi.requestType(type.getContext());
  });
  // Every MPI function returns an int error code.
  converter.addConversion([](mpi::RetvalType type) {
    return IntegerType::get(type.getContext(), 32);
  });
  patterns
      .add<CommSizeLowering, CommSplitLowering, WaitLowering, BarrierLowering>(
          converter, implementation);
  patterns.add<NonBlockingLowering<mpi::ISendOp>>(converter, implementation,
                                                  "MPI_Isend");
  patterns.add<NonBlockingLowering<mpi::IRecvOp>>(converter, implementation,
                                                  "MPI_Irecv");
}

void tacos::populateContiguousCopyToLLVMPatterns(LLVMTypeConverter &converter,
                                                 RewritePatternSet &patterns) {
  // Ahead of upstream's memref.copy lowering, which would match too.
  patterns.add<ContiguousCopyLowering>(converter, /*benefit=*/2);
}

/// Reports `buffer` of `op` if MPI cannot take it as one (pointer, count,
/// datatype).
static LogicalResult checkTransferBuffer(Operation *op, Value buffer) {
  auto type = cast<MemRefType>(buffer.getType());
  if (!isTransferableElementType(type.getElementType()))
    return op->emitError()
           << op->getName() << " cannot transfer elements of type "
           << type.getElementType()
           << ": no MPI datatype (supported: i8, i16, i32, i64, f16, bf16, "
              "f32, f64)";
  if (!isContiguous(type))
    return op->emitError() << op->getName()
                           << " needs a contiguous buffer, not " << type;
  return success();
}

/// Upstream's send, recv and allreduce patterns assert on an element type
/// they have no datatype for (and, without assertions, emit an invalid one).
static LogicalResult checkUpstreamBuffer(Operation *op, Value buffer) {
  Type type = cast<MemRefType>(buffer.getType()).getElementType();
  if (type.isF32() || type.isF64())
    return success();
  if (auto integer = dyn_cast<IntegerType>(type);
      integer && llvm::is_contained({8u, 16u, 32u, 64u}, integer.getWidth()))
    return success();
  return op->emitError() << op->getName() << " of " << type
                         << " elements has no MPI datatype in MLIR 22's "
                            "lowering (supported: i8, i16, i32, i64, f32, "
                            "f64)";
}

LogicalResult tacos::checkMPIOperands(Operation *root) {
  bool valid = true;
  root->walk([&](Operation *op) {
    // Calls, and the slots of the handles they return, need a function.
    if (isa_and_nonnull<mpi::MPIDialect>(op->getDialect()) &&
        !op->getParentWithTrait<OpTrait::AutomaticAllocationScope>()) {
      op->emitError() << op->getName() << " is not inside a function";
      valid = false;
      return;
    }
    LogicalResult checked =
        TypeSwitch<Operation *, LogicalResult>(op)
            .Case([](mpi::ISendOp send) {
              return checkTransferBuffer(send, send.getRef());
            })
            .Case([](mpi::IRecvOp recv) {
              return checkTransferBuffer(recv, recv.getRef());
            })
            .Case([](mpi::SendOp send) {
              return checkUpstreamBuffer(send, send.getRef());
            })
            .Case([](mpi::RecvOp recv) {
              return checkUpstreamBuffer(recv, recv.getRef());
            })
            .Case([](mpi::AllReduceOp allReduce) {
              return checkUpstreamBuffer(allReduce, allReduce.getSendbuf());
            })
            .Default([](Operation *) { return success(); });
    valid &= succeeded(checked);
  });
  return success(valid);
}
