//===- EmitRankPrograms.cpp - RankProgram steps in func/mpi/memref/scf ----===//
//
// Spells exec::RankProgram steps (RankProgram.h) in upstream dialects. The
// function's frame (communicator checks, return codes, buffer lengths,
// scratch) is shared; the steps are either unrolled, one op per step under a
// switch on the rank, or packed into one constant table that a loop decodes.
// Nothing here decides what a rank does; it only writes it down.
//
//===----------------------------------------------------------------------===//

#include "tacos/Conversion/CollToMPI.h"

#include "tacos/Dialect/Coll/IR/CollDialect.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/DLTI/DLTI.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/MPI/IR/MPI.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/UB/IR/UBOps.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/DialectResourceBlobManager.h"

#include "llvm/ADT/DenseMap.h"

#include <cstdlib>
#include <cstring>

using namespace mlir;
using namespace tacos;
using exec::Buffer;
using exec::StepKind;

Type tacos::mlirElementType(MLIRContext *ctx, MPIElementType type) {
  switch (type) {
  case MPIElementType::F32:
    return Float32Type::get(ctx);
  case MPIElementType::F64:
    return Float64Type::get(ctx);
  case MPIElementType::I32:
    return IntegerType::get(ctx, 32);
  case MPIElementType::I64:
    return IntegerType::get(ctx, 64);
  case MPIElementType::F16:
    return Float16Type::get(ctx);
  case MPIElementType::BF16:
    return BFloat16Type::get(ctx);
  }
  llvm_unreachable("unknown element type");
}

namespace {

/// The function being written and the values every step refers to: the
/// buffers, the communicator, the tag and the arithmetic of pieces.
class FunctionWriter {
public:
  FunctionWriter(OpBuilder &builder, Location loc, const exec::CallShape &shape,
                 const MPILowering &lowering)
      : b(builder), loc(loc), shape(shape), lowering(lowering) {
    MLIRContext *ctx = b.getContext();
    elemType = mlirElementType(ctx, lowering.elementType);
    bufferType = MemRefType::get({ShapedType::kDynamic}, elemType);
    requestType = mpi::RequestType::get(ctx);
  }

  /// Writes the function; `body(rank)` writes what the rank does once the
  /// communicator and the element count have been checked, and yields its
  /// return code (i32).
  void write(llvm::function_ref<Value(Value rank)> body) {
    auto funcType = b.getFunctionType(
        {bufferType, bufferType, b.getIndexType()}, {b.getI32Type()});
    auto func = func::FuncOp::create(b, loc, lowering.symbol, funcType);
    func->setAttr("llvm.emit_c_interface", b.getUnitAttr());
    OpBuilder::InsertionGuard guard(b);
    entry = func.addEntryBlock();
    b.setInsertionPointToStart(entry);
    in = entry->getArgument(0);
    out = entry->getArgument(1);
    elements = entry->getArgument(2);

    world =
        mpi::CommWorldOp::create(b, loc, mpi::CommType::get(b.getContext()));
    Value rank = mpi::CommRankOp::create(b, loc, Type(), b.getI32Type(), world)
                     .getRank();
    Value size = mpi::CommSizeOp::create(b, loc, Type(), b.getI32Type(), world)
                     .getSize();
    Value wrongSize = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ne,
                                            size, i32(shape.numRanks));
    Value code = ifElse(wrongSize, /*thenCode=*/1, [&] {
      if (shape.kind != CollectiveKind::AllToAll)
        return checked(rank, body);
      // All-to-All: chunk (s, d, i) must have one length in the sender's
      // and the receiver's buffer, so E splits into G equal blocks.
      Value rest = arith::RemUIOp::create(b, loc, elements,
                                          index(shape.participants.size()));
      Value uneven = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ne,
                                           rest, index(0));
      return ifElse(uneven, /*thenCode=*/3,
                    [&] { return checked(rank, body); });
    });
    func::ReturnOp::create(b, loc, code);
  }

  /// Constants live at the top of the function, once each.
  Value index(uint64_t v) {
    Value &c = indexConstants[v];
    if (!c) {
      OpBuilder::InsertionGuard guard(b);
      b.setInsertionPointToStart(entry);
      c = arith::ConstantIndexOp::create(b, loc, int64_t(v));
    }
    return c;
  }
  Value i32(int64_t v) {
    Value &c = i32Constants[v];
    if (!c) {
      OpBuilder::InsertionGuard guard(b);
      b.setInsertionPointToStart(entry);
      c = arith::ConstantIntOp::create(b, loc, b.getI32Type(), v);
    }
    return c;
  }

  /// pieceOffset of a constant piece, computed once, before `hoistPoint`
  /// (the switch on the rank), so that every rank's case can use it.
  Value pieceOffset(uint32_t j) {
    Value &o = constantOffsets[j];
    if (!o) {
      OpBuilder::InsertionGuard guard(b);
      b.setInsertionPoint(hoistPoint);
      o = pieceOffset(index(j));
    }
    return o;
  }

  /// scf.if cond { yield thenCode } else { yield elseBody() } : i32.
  Value ifElse(Value cond, int64_t thenCode,
               llvm::function_ref<Value()> elseBody) {
    auto ifOp = scf::IfOp::create(
        b, loc, cond,
        [&](OpBuilder &, Location) {
          scf::YieldOp::create(b, loc, i32(thenCode));
        },
        [&](OpBuilder &, Location) {
          scf::YieldOp::create(b, loc, elseBody());
        });
    return ifOp.getResult(0);
  }

  /// First element of piece j: floor(j*E/P) = j*(E/P) + floor(j*(E%P)/P),
  /// which cannot overflow for P < 2^32.
  Value pieceOffset(Value j) {
    Value whole = b.createOrFold<arith::MulIOp>(loc, j, quotient);
    Value part = b.createOrFold<arith::DivUIOp>(
        loc, b.createOrFold<arith::MulIOp>(loc, j, remainder), pieces);
    return b.createOrFold<arith::AddIOp>(loc, whole, part);
  }

  /// Elements of pieces [first, first + count).
  Value spanLength(Value first, Value count) {
    Value last = b.createOrFold<arith::AddIOp>(loc, first, count);
    return b.createOrFold<arith::SubIOp>(loc, pieceOffset(last),
                                         pieceOffset(first));
  }
  /// spanLength of constant pieces, computed once, before `hoistPoint`.
  Value spanLength(uint32_t first, uint64_t count) {
    if (count == 0)
      return index(0);
    Value &l = constantSpans[{first, count}];
    if (!l) {
      Value end = pieceOffset(uint32_t(first + count));
      Value begin = pieceOffset(first);
      OpBuilder::InsertionGuard guard(b);
      b.setInsertionPoint(hoistPoint);
      l = b.createOrFold<arith::SubIOp>(loc, end, begin);
    }
    return l;
  }

  /// Return code 2 if a buffer is shorter than its span of pieces, else
  /// `run()`'s code.
  Value checkLengths(Value inLength, Value outLength,
                     llvm::function_ref<Value()> run) {
    Value anyShort = arith::OrIOp::create(b, loc, shorter(in, inLength),
                                          shorter(out, outLength));
    return ifElse(anyShort, /*thenCode=*/2, run);
  }

  /// memref.alloc of `slots` scratch slots of ceil(E/P) elements each.
  Value allocScratch(Value slots) {
    Value count = b.createOrFold<arith::MulIOp>(loc, slots, slotLength);
    return memref::AllocOp::create(b, loc, bufferType, ValueRange{count});
  }
  void freeScratch(Value scratch) {
    memref::DeallocOp::create(b, loc, scratch);
  }

  /// The elements [offset, offset + size) of `buffer`.
  Value view(Value buffer, Value offset, Value size) {
    SmallVector<OpFoldResult> offsets{offset}, sizes{size},
        strides{b.getIndexAttr(1)};
    return memref::SubViewOp::create(b, loc, buffer, offsets, sizes, strides);
  }

  /// dst[i] = dst[i] (op) src[i] for i < size.
  void combine(Value dst, Value src, Value size) {
    elementLoop(size, [&](Value i) {
      Value x = memref::LoadOp::create(b, loc, dst, i);
      Value y = memref::LoadOp::create(b, loc, src, i);
      memref::StoreOp::create(b, loc, reduce(x, y), dst, i);
    });
  }

  /// dst[i] = src[i] for i < size (a loop, not memref.copy: the strided
  /// views would make memref.copy call a runtime library).
  void copy(Value dst, Value src, Value size) {
    elementLoop(size, [&](Value i) {
      Value x = memref::LoadOp::create(b, loc, src, i);
      memref::StoreOp::create(b, loc, x, dst, i);
    });
  }

  /// copy() unless both views start at the same address: the caller passed
  /// `in` inside `out` (the collective's in-place form).
  void copyUnlessSame(Value dst, Value src, Value size) {
    Value same = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq,
                                       address(dst), address(src));
    scf::IfOp::create(
        b, loc, same,
        [&](OpBuilder &, Location) { scf::YieldOp::create(b, loc); },
        [&](OpBuilder &, Location) {
          copy(dst, src, size);
          scf::YieldOp::create(b, loc);
        });
  }

  Value isend(Value view, Value peer) {
    return mpi::ISendOp::create(b, loc, Type(), requestType, view, tag(), peer,
                                world)
        .getReq();
  }
  Value irecv(Value view, Value peer) {
    return mpi::IRecvOp::create(b, loc, Type(), requestType, view, tag(), peer,
                                world)
        .getReq();
  }
  void wait(Value request) { mpi::Wait::create(b, loc, Type(), request); }

  OpBuilder &b;
  Location loc;
  const exec::CallShape &shape;
  const MPILowering &lowering;
  Type elemType;
  MemRefType bufferType;
  Type requestType;
  Value in, out, elements, world;
  /// P, E / P, E % P and ceil(E / P), set before the rank's body runs.
  Value pieces, quotient, remainder, slotLength;
  Operation *hoistPoint = nullptr;

private:
  Value tag() { return i32(lowering.tag); }

  Block *entry = nullptr;
  llvm::DenseMap<uint64_t, Value> indexConstants;
  llvm::DenseMap<int64_t, Value> i32Constants;
  llvm::DenseMap<uint32_t, Value> constantOffsets;
  llvm::DenseMap<std::pair<uint32_t, uint64_t>, Value> constantSpans;

  /// The rank's body, once E is known to split: sets the piece arithmetic.
  Value checked(Value rank, llvm::function_ref<Value(Value)> body) {
    pieces = index(shape.numPieces());
    quotient = b.createOrFold<arith::DivUIOp>(loc, elements, pieces);
    remainder = b.createOrFold<arith::RemUIOp>(loc, elements, pieces);
    Value rounded = arith::AddIOp::create(
        b, loc, elements, index(uint64_t(shape.numPieces()) - 1));
    slotLength = arith::DivUIOp::create(b, loc, rounded, pieces);
    Value rankIndex =
        arith::IndexCastOp::create(b, loc, b.getIndexType(), rank);
    return body(rankIndex);
  }

  Value shorter(Value buffer, Value needed) {
    Value length = memref::DimOp::create(b, loc, buffer, index(0));
    return arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ult, length,
                                 needed);
  }

  void elementLoop(Value size, llvm::function_ref<void(Value)> body) {
    scf::ForOp::create(b, loc, index(0), size, index(1), ValueRange{},
                       [&](OpBuilder &, Location, Value i, ValueRange) {
                         body(i);
                         scf::YieldOp::create(b, loc);
                       });
  }

  Value reduce(Value x, Value y) {
    bool isFloat = isa<FloatType>(elemType);
    switch (lowering.reduction) {
    case exec::ReduceOp::Sum:
      return isFloat ? Value(arith::AddFOp::create(b, loc, x, y))
                     : Value(arith::AddIOp::create(b, loc, x, y));
    case exec::ReduceOp::Max:
      return isFloat ? Value(arith::MaximumFOp::create(b, loc, x, y))
                     : Value(arith::MaxSIOp::create(b, loc, x, y));
    case exec::ReduceOp::Min:
      return isFloat ? Value(arith::MinimumFOp::create(b, loc, x, y))
                     : Value(arith::MinSIOp::create(b, loc, x, y));
    }
    llvm_unreachable("unknown reduction");
  }

  /// Byte address of a view's first element.
  Value address(Value view) {
    auto metadata = memref::ExtractStridedMetadataOp::create(b, loc, view);
    Value base = memref::ExtractAlignedPointerAsIndexOp::create(
        b, loc, metadata.getBaseBuffer());
    unsigned bytes = elemType.getIntOrFloatBitWidth() / 8;
    Value offset =
        arith::MulIOp::create(b, loc, metadata.getOffset(), index(bytes));
    return arith::AddIOp::create(b, loc, base, offset);
  }
};

/// The pieces a rank's `in` or `out` spans: (first, count); count 0 when the
/// buffer is unused. Computed with E = P, where every piece is one element.
std::pair<uint32_t, uint64_t> bufferSpan(const exec::CallShape &shape,
                                         uint32_t rank, Buffer buffer) {
  exec::BufferLengths lengths =
      exec::bufferLength(shape, rank, shape.numPieces());
  uint64_t count = buffer == Buffer::In ? lengths.in : lengths.out;
  return {exec::slicePiece(shape, rank, buffer).value_or(0), count};
}

//===----------------------------------------------------------------------===//
// Unrolled form
//===----------------------------------------------------------------------===//

/// One rank's steps as straight-line ops; requests are SSA values.
class UnrolledRank {
public:
  UnrolledRank(FunctionWriter &w, const exec::RankProgram &program)
      : w(w), program(program) {}

  Value write() {
    auto [inFirst, inCount] = bufferSpan(w.shape, program.rank, Buffer::In);
    auto [outFirst, outCount] = bufferSpan(w.shape, program.rank, Buffer::Out);
    inBase = w.pieceOffset(inFirst);
    outBase = w.pieceOffset(outFirst);
    return w.checkLengths(
        w.spanLength(inFirst, inCount), w.spanLength(outFirst, outCount), [&] {
          if (usesScratch())
            scratch = w.allocScratch(w.index(program.scratchSlots));
          for (const exec::Step &step : program.steps)
            writeStep(step);
          if (scratch)
            w.freeScratch(scratch);
          return w.i32(0);
        });
  }

private:
  /// Staging slots exist for every in-link; a copy that never goes through
  /// one needs no allocation.
  bool usesScratch() const {
    return llvm::any_of(program.steps, [](const exec::Step &step) {
      return step.place.buffer == Buffer::Scratch ||
             step.kind == StepKind::Combine ||
             step.kind == StepKind::CopyFromStaging;
    });
  }

  void writeStep(const exec::Step &step) {
    switch (step.kind) {
    case StepKind::PostSend:
      sends[step.link] =
          w.isend(view(step.place), w.i32(program.outLinks[step.link].peer));
      return;
    case StepKind::PostRecv:
      recvs[step.link] =
          w.irecv(view(step.place), w.i32(program.inLinks[step.link].peer));
      return;
    case StepKind::WaitRecv:
      w.wait(recvs.lookup(step.link));
      return;
    case StepKind::WaitSend:
      w.wait(sends.lookup(step.link));
      return;
    case StepKind::Combine:
      w.combine(view(step.place), staging(step), size(step.place.piece));
      return;
    case StepKind::CopyFromStaging:
      w.copy(view(step.place), staging(step), size(step.place.piece));
      return;
    case StepKind::CopyFromIn: {
      exec::Place from{Buffer::In, 0, step.place.piece};
      w.copyUnlessSame(view(step.place, step.count), view(from, step.count),
                       size(step.place.piece, step.count));
      return;
    }
    }
  }

  Value offset(uint32_t piece) { return w.pieceOffset(piece); }
  /// Elements of pieces [piece, piece + count).
  Value size(uint32_t piece, uint32_t count = 1) {
    return w.spanLength(piece, count);
  }
  /// The place's elements, or those of `count` pieces from it.
  Value view(const exec::Place &place, uint32_t count = 1) {
    Value length = size(place.piece, count);
    switch (place.buffer) {
    case Buffer::In:
      return w.view(w.in, sub(offset(place.piece), inBase), length);
    case Buffer::Out:
      return w.view(w.out, sub(offset(place.piece), outBase), length);
    case Buffer::Scratch:
      return w.view(scratch, slotStart(place.slot), length);
    }
    llvm_unreachable("unknown buffer");
  }
  Value staging(const exec::Step &step) {
    return w.view(scratch, slotStart(step.link), size(step.place.piece));
  }
  Value slotStart(uint32_t slot) {
    return w.b.createOrFold<arith::MulIOp>(w.loc, w.index(slot), w.slotLength);
  }
  Value sub(Value x, Value y) {
    return x == y ? w.index(0) : w.b.createOrFold<arith::SubIOp>(w.loc, x, y);
  }

  FunctionWriter &w;
  const exec::RankProgram &program;
  Value inBase, outBase, scratch;
  llvm::DenseMap<uint32_t, Value> sends, recvs;
};

} // namespace

LogicalResult
tacos::emitUnrolled(OpBuilder &builder, Location loc,
                    const exec::CallShape &shape,
                    const std::vector<exec::RankProgram> &programs,
                    const MPILowering &lowering, std::string &error) {
  FunctionWriter writer(builder, loc, shape, lowering);
  writer.write([&](Value rank) {
    SmallVector<const exec::RankProgram *> active;
    SmallVector<int64_t> cases;
    for (const exec::RankProgram &program : programs)
      if (program.participates) {
        active.push_back(&program);
        cases.push_back(program.rank);
      }
    auto rankSwitch = scf::IndexSwitchOp::create(
        builder, loc, TypeRange{builder.getI32Type()}, rank, cases,
        cases.size());
    writer.hoistPoint = rankSwitch;
    OpBuilder::InsertionGuard guard(builder);
    // Ranks outside the group have nothing to do.
    builder.setInsertionPointToStart(
        &rankSwitch.getDefaultRegion().emplaceBlock());
    scf::YieldOp::create(builder, loc, writer.i32(0));
    for (auto [region, program] :
         llvm::zip(rankSwitch.getCaseRegions(), active)) {
      builder.setInsertionPointToStart(&region.emplaceBlock());
      Value code = UnrolledRank(writer, *program).write();
      scf::YieldOp::create(builder, loc, code);
    }
    return rankSwitch.getResult(0);
  });
  return success();
}

//===----------------------------------------------------------------------===//
// Table form
//===----------------------------------------------------------------------===//

namespace {

/// Bit fields of one i64 row (docs/CollToMPI.md).
constexpr unsigned kSlotShift = 32, kLinkShift = 48, kBufferShift = 59,
                   kKindShift = 61;
constexpr uint64_t kSlotLimit = 1u << 16, kLinkLimit = 1u << 11;
/// CopyFromIn into `out` has no slot or link: bits 32-58 hold its piece
/// count (into scratch the count is always 1).
constexpr uint64_t kCountLimit = 1u << 27;

/// Fields of the per-rank table, kRankFields i64 per rank.
enum RankField : unsigned {
  InFirst,
  InCount,
  OutFirst,
  OutCount,
  ScratchSlots,
  OutPeersAt,
  InPeersAt,
  kRankFields
};

/// A growing malloc'd array of rows, handed to the resource blob without a
/// copy (realloc of large blocks remaps pages instead of copying them).
class RowBuffer {
public:
  ~RowBuffer() { std::free(data); }
  void push(uint64_t row) {
    if (size == capacity) {
      capacity = capacity ? capacity * 2 : 1024;
      data = static_cast<uint64_t *>(
          std::realloc(data, capacity * sizeof(uint64_t)));
      if (!data)
        llvm::report_bad_alloc_error("convert-coll-to-mpi: step table");
    }
    data[size++] = row;
  }
  size_t count() const { return size; }
  AsmResourceBlob release() {
    ArrayRef<char> bytes(reinterpret_cast<const char *>(data),
                         size * sizeof(uint64_t));
    data = nullptr;
    size = capacity = 0;
    return AsmResourceBlob(
        bytes, alignof(uint64_t), [](void *p, size_t, size_t) { std::free(p); },
        /*dataIsMutable=*/false);
  }

private:
  uint64_t *data = nullptr;
  size_t size = 0, capacity = 0;
};

/// Everything the table form stores, gathered one rank at a time.
struct Tables {
  RowBuffer steps;
  std::vector<int64_t> offsets{0}, ranks;
  std::vector<int32_t> peers;
  uint32_t maxOut = 0, maxIn = 0;
};

LogicalResult encodeRank(const exec::CallShape &shape,
                         const exec::RankProgram &program, Tables &tables,
                         std::string &error) {
  auto fail = [&](const llvm::Twine &what) {
    error = ("rank " + llvm::Twine(program.rank) + " " + what +
             ", beyond what the table form encodes")
                .str();
    return failure();
  };
  if (program.outLinks.size() > kLinkLimit ||
      program.inLinks.size() > kLinkLimit)
    return fail("has more than " + llvm::Twine(kLinkLimit) +
                " links in one direction");
  if (program.scratchSlots > kSlotLimit)
    return fail("needs " + llvm::Twine(program.scratchSlots) +
                " scratch slots (at most " + llvm::Twine(kSlotLimit) + ")");
  for (const exec::Step &step : program.steps) {
    auto push = [&](uint64_t piece, uint64_t middle) {
      tables.steps.push(piece | middle << kSlotShift |
                        uint64_t(step.place.buffer) << kBufferShift |
                        uint64_t(step.kind) << kKindShift);
    };
    if (step.kind != StepKind::CopyFromIn ||
        step.place.buffer == Buffer::Scratch) {
      push(step.place.piece,
           step.place.slot | uint64_t(step.link) << (kLinkShift - kSlotShift));
      continue;
    }
    // A long range of pieces takes several rows.
    for (uint64_t done = 0; done < step.count; done += kCountLimit - 1)
      push(step.place.piece + done,
           std::min<uint64_t>(step.count - done, kCountLimit - 1));
  }
  tables.offsets.push_back(int64_t(tables.steps.count()));

  auto [inFirst, inCount] = program.participates
                                ? bufferSpan(shape, program.rank, Buffer::In)
                                : std::pair<uint32_t, uint64_t>{0, 0};
  auto [outFirst, outCount] = program.participates
                                  ? bufferSpan(shape, program.rank, Buffer::Out)
                                  : std::pair<uint32_t, uint64_t>{0, 0};
  int64_t fields[kRankFields] = {};
  fields[InFirst] = inFirst;
  fields[InCount] = int64_t(inCount);
  fields[OutFirst] = outFirst;
  fields[OutCount] = int64_t(outCount);
  fields[ScratchSlots] = program.scratchSlots;
  fields[OutPeersAt] = int64_t(tables.peers.size());
  fields[InPeersAt] = int64_t(tables.peers.size() + program.outLinks.size());
  tables.ranks.insert(tables.ranks.end(), fields, fields + kRankFields);
  for (const exec::RankLink &link : program.outLinks)
    tables.peers.push_back(int32_t(link.peer));
  for (const exec::RankLink &link : program.inLinks)
    tables.peers.push_back(int32_t(link.peer));
  tables.maxOut = std::max(tables.maxOut, uint32_t(program.outLinks.size()));
  tables.maxIn = std::max(tables.maxIn, uint32_t(program.inLinks.size()));
  return success();
}

/// A private constant memref.global named `name` holding `value`.
memref::GlobalOp constantGlobal(OpBuilder &b, Location loc, StringRef name,
                                ElementsAttr value) {
  auto type = MemRefType::get(value.getShapedType().getShape(),
                              value.getShapedType().getElementType());
  return memref::GlobalOp::create(b, loc, name, b.getStringAttr("private"),
                                  type, value, /*constant=*/true,
                                  /*alignment=*/IntegerAttr());
}

template <typename T>
ElementsAttr denseArray(OpBuilder &b, ArrayRef<T> values) {
  auto type = RankedTensorType::get({int64_t(values.size())},
                                    b.getIntegerType(sizeof(T) * 8));
  return DenseElementsAttr::get(type, values);
}

/// The loop over one rank's rows, with the requests as loop values.
class TableLoop {
public:
  TableLoop(FunctionWriter &w, const Tables &tables, StringRef symbol)
      : w(w), numRequests(tables.maxOut + tables.maxIn), maxOut(tables.maxOut),
        maxIn(tables.maxIn), symbol(symbol) {}

  Value write(Value rank, Type stepsType, Type offsetsType, Type ranksType,
              Type peersType) {
    OpBuilder &b = w.b;
    Location loc = w.loc;
    steps = memref::GetGlobalOp::create(b, loc, stepsType,
                                        (symbol + "_steps").str());
    Value offsets = memref::GetGlobalOp::create(b, loc, offsetsType,
                                                (symbol + "_offsets").str());
    Value ranks = memref::GetGlobalOp::create(b, loc, ranksType,
                                              (symbol + "_ranks").str());
    peers = memref::GetGlobalOp::create(b, loc, peersType,
                                        (symbol + "_peers").str());
    Value lo = load(offsets, rank);
    Value hi = load(offsets, arith::AddIOp::create(b, loc, rank, w.index(1)));
    Value row0 = arith::MulIOp::create(b, loc, rank, w.index(kRankFields));
    auto field = [&](RankField f) {
      return load(ranks, arith::AddIOp::create(b, loc, row0, w.index(f)));
    };
    Value inFirst = field(InFirst), outFirst = field(OutFirst);
    outPeersAt = field(OutPeersAt);
    inPeersAt = field(InPeersAt);
    Value slots = field(ScratchSlots);
    return w.checkLengths(w.spanLength(inFirst, field(InCount)),
                          w.spanLength(outFirst, field(OutCount)), [&] {
                            inBase = w.pieceOffset(inFirst);
                            outBase = w.pieceOffset(outFirst);
                            scratch = w.allocScratch(slots);
                            loop(lo, hi);
                            w.freeScratch(scratch);
                            return w.i32(0);
                          });
  }

private:
  /// memref.load of an integer table entry, as an index.
  Value load(Value table, Value at) {
    Value v = memref::LoadOp::create(w.b, w.loc, table, at);
    return arith::IndexCastOp::create(w.b, w.loc, w.b.getIndexType(), v);
  }
  Value field(Value row, unsigned shift, uint64_t mask) {
    OpBuilder &b = w.b;
    Value shifted = row;
    if (shift)
      shifted = arith::ShRUIOp::create(
          b, loc(), row,
          arith::ConstantIntOp::create(b, loc(), b.getI64Type(), shift));
    Value masked = arith::AndIOp::create(
        b, loc(), shifted,
        arith::ConstantIntOp::create(b, loc(), b.getI64Type(), int64_t(mask)));
    return arith::IndexCastUIOp::create(b, loc(), b.getIndexType(), masked);
  }
  Location loc() { return w.loc; }

  void loop(Value lo, Value hi) {
    OpBuilder &b = w.b;
    Value poison = ub::PoisonOp::create(b, loc(), w.requestType);
    SmallVector<Value> initial(numRequests, poison);
    scf::ForOp::create(
        b, loc(), lo, hi, w.index(1), initial,
        [&](OpBuilder &, Location, Value i, ValueRange requests) {
          Value row = memref::LoadOp::create(b, loc(), steps, i);
          Row decoded;
          decoded.piece = field(row, 0, 0xffffffffu);
          decoded.slot = field(row, kSlotShift, kSlotLimit - 1);
          decoded.link = field(row, kLinkShift, kLinkLimit - 1);
          decoded.buffer = field(row, kBufferShift, 3);
          decoded.kind = field(row, kKindShift, 7);
          decoded.count = field(row, kSlotShift, kCountLimit - 1);
          // Every kind but the waits reads the row's place: computed once.
          decoded.offset = w.pieceOffset(decoded.piece);
          decoded.length = size(decoded.piece);
          decoded.place = place(decoded, decoded.offset, decoded.length);
          SmallVector<Value> next = step(decoded, requests);
          scf::YieldOp::create(b, loc(), next);
        });
  }

  struct Row {
    Value piece, slot, link, buffer, kind;
    /// CopyFromIn into `out`: the piece count (slot and link bits).
    Value count;
    /// The piece's first element and length, and the place's view.
    Value offset, length, place;
  };

  /// One row: a switch on its kind; yields the requests after it.
  SmallVector<Value> step(const Row &row, ValueRange requests) {
    OpBuilder &b = w.b;
    SmallVector<Type> types(numRequests, w.requestType);
    SmallVector<int64_t> kinds;
    for (StepKind kind :
         {StepKind::PostSend, StepKind::PostRecv, StepKind::WaitRecv,
          StepKind::WaitSend, StepKind::Combine, StepKind::CopyFromStaging,
          StepKind::CopyFromIn})
      kinds.push_back(int64_t(kind));
    auto kindSwitch = scf::IndexSwitchOp::create(b, loc(), types, row.kind,
                                                 kinds, kinds.size());
    OpBuilder::InsertionGuard guard(b);
    b.setInsertionPointToStart(&kindSwitch.getDefaultRegion().emplaceBlock());
    scf::YieldOp::create(b, loc(), requests);
    for (auto [region, kind] : llvm::zip(kindSwitch.getCaseRegions(), kinds)) {
      b.setInsertionPointToStart(&region.emplaceBlock());
      SmallVector<Value> after(requests);
      writeKind(StepKind(kind), row, after);
      scf::YieldOp::create(b, loc(), after);
    }
    return SmallVector<Value>(kindSwitch.getResults());
  }

  void writeKind(StepKind kind, const Row &row, SmallVector<Value> &requests) {
    OpBuilder &b = w.b;
    switch (kind) {
    case StepKind::PostSend:
      replace(requests, 0, maxOut, row.link,
              w.isend(row.place, peer(outPeersAt, row.link)));
      return;
    case StepKind::PostRecv:
      replace(requests, maxOut, maxIn, row.link,
              w.irecv(row.place, peer(inPeersAt, row.link)));
      return;
    case StepKind::WaitRecv:
      w.wait(pick(requests, maxOut, maxIn, row.link));
      return;
    case StepKind::WaitSend:
      w.wait(pick(requests, 0, maxOut, row.link));
      return;
    case StepKind::Combine:
      w.combine(row.place, staging(row), row.length);
      return;
    case StepKind::CopyFromStaging:
      w.copy(row.place, staging(row), row.length);
      return;
    case StepKind::CopyFromIn: {
      // Into scratch one piece; into `out` a range (the count field).
      Value isScratch =
          arith::CmpIOp::create(b, loc(), arith::CmpIPredicate::eq, row.buffer,
                                w.index(uint64_t(Buffer::Scratch)));
      Value count =
          arith::SelectOp::create(b, loc(), isScratch, w.index(1), row.count);
      Value length = size(row.piece, count);
      Value from = arith::SubIOp::create(b, loc(), row.offset, inBase);
      w.copyUnlessSame(place(row, row.offset, length),
                       w.view(w.in, from, length), length);
      return;
    }
    }
  }

  /// Elements of pieces [piece, piece + count).
  Value size(Value piece, Value count = nullptr) {
    Value next =
        arith::AddIOp::create(w.b, loc(), piece, count ? count : w.index(1));
    return arith::SubIOp::create(w.b, loc(), w.pieceOffset(next),
                                 w.pieceOffset(piece));
  }

  /// The row's place: a switch on its buffer picks the memref and the start.
  Value place(const Row &row, Value offset, Value length) {
    OpBuilder &b = w.b;
    auto bufferSwitch = scf::IndexSwitchOp::create(
        b, loc(), TypeRange{w.bufferType, b.getIndexType()}, row.buffer,
        ArrayRef<int64_t>{int64_t(Buffer::In), int64_t(Buffer::Out)}, 2);
    OpBuilder::InsertionGuard guard(b);
    b.setInsertionPointToStart(
        &bufferSwitch.getCaseRegions()[0].emplaceBlock());
    scf::YieldOp::create(
        b, loc(),
        ValueRange{w.in, arith::SubIOp::create(b, loc(), offset, inBase)});
    b.setInsertionPointToStart(
        &bufferSwitch.getCaseRegions()[1].emplaceBlock());
    scf::YieldOp::create(
        b, loc(),
        ValueRange{w.out, arith::SubIOp::create(b, loc(), offset, outBase)});
    b.setInsertionPointToStart(&bufferSwitch.getDefaultRegion().emplaceBlock());
    scf::YieldOp::create(b, loc(), ValueRange{scratch, slotStart(row.slot)});
    b.setInsertionPointAfter(bufferSwitch);
    return w.view(bufferSwitch.getResult(0), bufferSwitch.getResult(1), length);
  }
  Value staging(const Row &row) {
    return w.view(scratch, slotStart(row.link), row.length);
  }
  Value slotStart(Value slot) {
    return arith::MulIOp::create(w.b, loc(), slot, w.slotLength);
  }

  Value peer(Value at, Value link) {
    Value index = arith::AddIOp::create(w.b, loc(), at, link);
    return memref::LoadOp::create(w.b, loc(), peers, index);
  }

  /// requests[first + link] = request (a select per slot).
  void replace(SmallVector<Value> &requests, unsigned first, unsigned count,
               Value link, Value request) {
    for (unsigned l = 0; l < count; ++l) {
      Value hit = arith::CmpIOp::create(w.b, loc(), arith::CmpIPredicate::eq,
                                        link, w.index(l));
      requests[first + l] = arith::SelectOp::create(w.b, loc(), hit, request,
                                                    requests[first + l]);
    }
  }
  /// requests[first + link] (a switch on the link).
  Value pick(ArrayRef<Value> requests, unsigned first, unsigned count,
             Value link) {
    OpBuilder &b = w.b;
    SmallVector<int64_t> cases;
    for (unsigned l = 1; l < count; ++l)
      cases.push_back(l);
    auto linkSwitch = scf::IndexSwitchOp::create(
        b, loc(), TypeRange{w.requestType}, link, cases, cases.size());
    OpBuilder::InsertionGuard guard(b);
    // Link 0 is the default, so that a rank with one link needs no case.
    b.setInsertionPointToStart(&linkSwitch.getDefaultRegion().emplaceBlock());
    scf::YieldOp::create(b, loc(), requests[first]);
    for (auto [region, l] : llvm::zip(linkSwitch.getCaseRegions(), cases)) {
      b.setInsertionPointToStart(&region.emplaceBlock());
      scf::YieldOp::create(b, loc(), requests[first + l]);
    }
    return linkSwitch.getResult(0);
  }

  FunctionWriter &w;
  unsigned numRequests, maxOut, maxIn;
  StringRef symbol;
  Value steps, peers, outPeersAt, inPeersAt, inBase, outBase, scratch;
};

} // namespace

MemoryEstimate tacos::estimateMPILowering(double transfers,
                                          MPILoweringForm form) {
  MemoryEstimate estimate;
  estimate.what = "lowering the algorithm to MPI";
  estimate.add(transfers, 16, "transfers planned");
  estimate.add(kMPIFixedBytes);
  double steps = transfers * kStepsPerTransfer;
  if (form == MPILoweringForm::Table) {
    estimate.add(steps, 8, "table rows");
  } else {
    estimate.remedy = "use form=table";
    estimate.add(steps, 16 + kBytesPerUnrolledStep, "unrolled steps");
  }
  return estimate;
}

LogicalResult tacos::emitTable(OpBuilder &builder, Location loc,
                               const exec::ExecutionPlan &plan,
                               const MPILowering &lowering,
                               std::string &error) {
  const exec::CallShape &shape = plan.shape();
  Tables tables;
  for (uint32_t rank = 0; rank < shape.numRanks; ++rank)
    if (failed(encodeRank(shape, plan.program(rank), tables, error)))
      return failure();
  // An algorithm without transfers still needs well-formed (unused) cases.
  tables.maxOut = std::max(tables.maxOut, 1u);
  tables.maxIn = std::max(tables.maxIn, 1u);

  size_t numRows = tables.steps.count();
  auto stepsTensor =
      RankedTensorType::get({int64_t(numRows)}, builder.getI64Type());
  ElementsAttr stepsValue;
  if (numRows == 0)
    stepsValue = DenseElementsAttr::get(stepsTensor, ArrayRef<int64_t>{});
  else
    stepsValue = DenseResourceElementsAttr::get(
        stepsTensor, (lowering.symbol + "_steps"), tables.steps.release());
  if (tables.peers.empty())
    tables.peers.push_back(0); // memref.global needs a non-empty type
  auto steps =
      constantGlobal(builder, loc, lowering.symbol + "_steps", stepsValue);
  auto offsets =
      constantGlobal(builder, loc, lowering.symbol + "_offsets",
                     denseArray(builder, ArrayRef<int64_t>(tables.offsets)));
  auto ranks =
      constantGlobal(builder, loc, lowering.symbol + "_ranks",
                     denseArray(builder, ArrayRef<int64_t>(tables.ranks)));
  auto peers =
      constantGlobal(builder, loc, lowering.symbol + "_peers",
                     denseArray(builder, ArrayRef<int32_t>(tables.peers)));

  FunctionWriter writer(builder, loc, shape, lowering);
  writer.write([&](Value rank) {
    return TableLoop(writer, tables, lowering.symbol)
        .write(rank, steps.getType(), offsets.getType(), ranks.getType(),
               peers.getType());
  });
  return success();
}

LogicalResult tacos::setMPIImplementation(ModuleOp module, MPILibrary mpi,
                                          bool explicitOption,
                                          StringRef pass) {
  constexpr StringLiteral key = "MPI:Implementation";
  MLIRContext *ctx = module.getContext();
  StringRef wanted = mpi == MPILibrary::OpenMPI ? "OpenMPI" : "MPICH";
  auto map = module->getAttrOfType<MapAttr>(DLTIDialect::kMapAttrName);
  SmallVector<DataLayoutEntryInterface> entries;
  if (map) {
    for (DataLayoutEntryInterface entry : map.getEntries()) {
      auto name = llvm::dyn_cast_if_present<StringAttr>(entry.getKey());
      if (name && name.getValue() == key) {
        auto value = dyn_cast<StringAttr>(entry.getValue());
        if (explicitOption && (!value || value.getValue() != wanted))
          return coll::emitErrorAt(module)
                 << pass << ": mpi="
                 << (mpi == MPILibrary::OpenMPI ? "openmpi" : "mpich")
                 << " contradicts the module's \"" << key << "\" entry "
                 << entry.getValue();
        return success();
      }
      entries.push_back(entry);
    }
  }
  entries.push_back(DataLayoutEntryAttr::get(StringAttr::get(ctx, key),
                                             StringAttr::get(ctx, wanted)));
  module->setAttr(DLTIDialect::kMapAttrName, MapAttr::get(ctx, entries));
  return success();
}
