//===- EmitGridCalls.cpp - Dispatch functions and call sites --------------===//
//
// The IR the shard bridge writes around the group functions: the dispatch
// function that sends each rank to its groups' functions, and the call that
// replaces a shard op (buffers in, blocks reordered, buffers out).
//
//===----------------------------------------------------------------------===//

#include "tacos/Conversion/ShardToColl.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Bufferization/IR/Bufferization.h"
#include "mlir/Dialect/ControlFlow/IR/ControlFlowOps.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/MPI/IR/MPI.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"

#include <map>

using namespace mlir;
using namespace tacos;

/// Calls the groups' functions in order while they return 0.
static Value callChain(OpBuilder &b, Location loc, ArrayRef<uint32_t> groups,
                       ArrayRef<std::string> names, ValueRange args) {
  if (groups.empty())
    return arith::ConstantIntOp::create(b, loc, b.getI32Type(), 0);
  Value code = func::CallOp::create(b, loc, names[groups.front()],
                                    TypeRange{b.getI32Type()}, args)
                   .getResult(0);
  if (groups.size() == 1)
    return code;
  Value zero = arith::ConstantIntOp::create(b, loc, b.getI32Type(), 0);
  Value ok =
      arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq, code, zero);
  auto next = scf::IfOp::create(b, loc, TypeRange{b.getI32Type()}, ok,
                                /*withElseRegion=*/true);
  OpBuilder::InsertionGuard guard(b);
  b.setInsertionPointToStart(next.thenBlock());
  scf::YieldOp::create(b, loc,
                       callChain(b, loc, groups.drop_front(), names, args));
  b.setInsertionPointToStart(next.elseBlock());
  scf::YieldOp::create(b, loc, code);
  return next.getResult(0);
}

void tacos::emitGridDispatcher(OpBuilder &b, Location loc, StringRef name,
                               Type elementType,
                               ArrayRef<std::vector<uint32_t>> runs,
                               ArrayRef<std::string> groupNames) {
  std::map<std::vector<uint32_t>, int32_t> classOf;
  std::vector<const std::vector<uint32_t> *> classes;
  SmallVector<int32_t> table;
  for (const std::vector<uint32_t> &list : runs) {
    auto [it, inserted] = classOf.try_emplace(list, int32_t(classes.size()));
    if (inserted)
      classes.push_back(&list);
    table.push_back(it->second);
  }
  int64_t ranks = int64_t(table.size());
  auto tableType = MemRefType::get({ranks}, b.getI32Type());
  memref::GlobalOp::create(
      b, loc, name.str() + "_runs", b.getStringAttr("private"), tableType,
      DenseElementsAttr::get(RankedTensorType::get({ranks}, b.getI32Type()),
                             ArrayRef<int32_t>(table)),
      /*constant=*/true, /*alignment=*/IntegerAttr());

  Type bufferType = MemRefType::get({ShapedType::kDynamic}, elementType);
  auto funcType = b.getFunctionType({bufferType, bufferType, b.getIndexType()},
                                    {b.getI32Type()});
  auto func = func::FuncOp::create(b, loc, name, funcType);
  func.setPrivate();
  OpBuilder::InsertionGuard guard(b);
  Block *entry = func.addEntryBlock();
  b.setInsertionPointToStart(entry);
  auto i32 = [&](int64_t v) {
    return arith::ConstantIntOp::create(b, loc, b.getI32Type(), v).getResult();
  };
  Value world =
      mpi::CommWorldOp::create(b, loc, mpi::CommType::get(b.getContext()));
  Value rank =
      mpi::CommRankOp::create(b, loc, Type(), b.getI32Type(), world).getRank();
  Value size =
      mpi::CommSizeOp::create(b, loc, Type(), b.getI32Type(), world).getSize();
  Value wrong =
      arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ne, size, i32(ranks));
  auto check = scf::IfOp::create(b, loc, TypeRange{b.getI32Type()}, wrong,
                                 /*withElseRegion=*/true);
  b.setInsertionPointToStart(check.thenBlock());
  scf::YieldOp::create(b, loc, i32(1));
  b.setInsertionPointToStart(check.elseBlock());
  Value classTable =
      memref::GetGlobalOp::create(b, loc, tableType, name.str() + "_runs");
  Value index = arith::IndexCastOp::create(b, loc, b.getIndexType(), rank);
  Value cls = memref::LoadOp::create(b, loc, classTable, ValueRange{index});
  Value clsIndex = arith::IndexCastOp::create(b, loc, b.getIndexType(), cls);
  SmallVector<int64_t> cases;
  for (size_t c = 0; c < classes.size(); ++c)
    cases.push_back(int64_t(c));
  auto dispatch = scf::IndexSwitchOp::create(b, loc, TypeRange{b.getI32Type()},
                                             clsIndex, cases, cases.size());
  {
    OpBuilder::InsertionGuard inner(b);
    b.setInsertionPointToStart(&dispatch.getDefaultRegion().emplaceBlock());
    scf::YieldOp::create(b, loc, i32(0));
    for (auto [region, runList] :
         llvm::zip(dispatch.getCaseRegions(), classes)) {
      b.setInsertionPointToStart(&region.emplaceBlock());
      scf::YieldOp::create(
          b, loc,
          callChain(b, loc, *runList, groupNames, entry->getArguments()));
    }
  }
  scf::YieldOp::create(b, loc, dispatch.getResult(0));
  b.setInsertionPointAfter(check);
  func::ReturnOp::create(b, loc, check.getResult(0));
}

namespace {

/// A contiguous static memref as `memref<?xT>`.
Value flatten(OpBuilder &b, Location loc, Value buffer) {
  auto type = cast<MemRefType>(buffer.getType());
  Value flat = buffer;
  if (type.getRank() == 0) {
    flat = memref::ExpandShapeOp::create(
        b, loc, MemRefType::get({1}, type.getElementType()), buffer,
        ArrayRef<ReassociationIndices>{});
  } else if (type.getRank() > 1) {
    ReassociationIndices all;
    for (int64_t d = 0; d < type.getRank(); ++d)
      all.push_back(d);
    flat = memref::CollapseShapeOp::create(b, loc, buffer,
                                           ArrayRef<ReassociationIndices>{all});
  }
  return memref::CastOp::create(
      b, loc, MemRefType::get({ShapedType::kDynamic}, type.getElementType()),
      flat);
}

/// `memref<G x block>`: `shape` cut along `axis` into G blocks, stacked.
MemRefType blocksType(ShapedType shape, int64_t axis, int64_t groupSize) {
  SmallVector<int64_t> dims{groupSize};
  dims.append(shape.getShape().begin(), shape.getShape().end());
  dims[axis + 1] /= groupSize;
  return MemRefType::get(dims, shape.getElementType());
}

/// Copies between `whole` and its blocks along `axis` stacked in
/// `blocks` (blocksType): block q covers indices [q*b, (q+1)*b) of the
/// axis. `toBlocks` copies from `whole`, else into it.
void copyBlocks(OpBuilder &b, Location loc, Value whole, Value blocks,
                int64_t axis, bool toBlocks) {
  auto type = cast<MemRefType>(blocks.getType());
  SmallVector<Value> lbs, ubs, steps;
  Value zero = arith::ConstantIndexOp::create(b, loc, 0);
  Value one = arith::ConstantIndexOp::create(b, loc, 1);
  for (int64_t extent : type.getShape()) {
    lbs.push_back(zero);
    ubs.push_back(arith::ConstantIndexOp::create(b, loc, extent));
    steps.push_back(one);
  }
  Value block = ubs[axis + 1];
  scf::buildLoopNest(
      b, loc, lbs, ubs, steps,
      [&](OpBuilder &nb, Location nloc, ValueRange ivs) {
        SmallVector<Value> at(ivs.drop_front());
        Value base = arith::MulIOp::create(nb, nloc, ivs[0], block);
        at[axis] = arith::AddIOp::create(nb, nloc, base, at[axis]);
        if (toBlocks) {
          Value v = memref::LoadOp::create(nb, nloc, whole, at);
          memref::StoreOp::create(nb, nloc, v, blocks, ivs);
        } else {
          Value v = memref::LoadOp::create(nb, nloc, blocks, ivs);
          memref::StoreOp::create(nb, nloc, v, whole, at);
        }
      });
}

} // namespace

void tacos::emitGridCall(Operation *op, const GridCallSite &site) {
  OpBuilder b(op);
  Location loc = op->getLoc();
  int64_t groupSize = site.groupSize;
  // Read now: the operand may be the replacement of an earlier op.
  Value input = op->getOperand(0);
  auto inputType = cast<ShapedType>(input.getType());
  if (auto tensor = dyn_cast<RankedTensorType>(inputType))
    input = bufferization::ToBufferOp::create(
        b, loc, MemRefType::get(tensor.getShape(), tensor.getElementType()),
        input, /*read_only=*/true);
  Value inBlocks;
  if (site.packAxis) {
    inBlocks = memref::AllocOp::create(
        b, loc, blocksType(inputType, *site.packAxis, groupSize));
    copyBlocks(b, loc, input, inBlocks, *site.packAxis, /*toBlocks=*/true);
  }
  auto outType = MemRefType::get(site.resultType.getShape(),
                                 site.resultType.getElementType());
  Value out = memref::AllocOp::create(b, loc, outType);
  Value outBlocks;
  if (site.unpackAxis)
    outBlocks = memref::AllocOp::create(
        b, loc, blocksType(site.resultType, *site.unpackAxis, groupSize));
  Value elements =
      arith::ConstantIndexOp::create(b, loc, int64_t(site.elements));
  Value code =
      func::CallOp::create(
          b, loc, site.function, TypeRange{b.getI32Type()},
          ValueRange{flatten(b, loc, inBlocks ? inBlocks : input),
                     flatten(b, loc, outBlocks ? outBlocks : out), elements})
          .getResult(0);
  Value zero = arith::ConstantIntOp::create(b, loc, b.getI32Type(), 0);
  Value ok =
      arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq, code, zero);
  cf::AssertOp::create(b, loc, ok,
                       "tacos: " + site.function +
                           " failed (is MPI_COMM_WORLD the grid?)");
  if (inBlocks)
    memref::DeallocOp::create(b, loc, inBlocks);
  if (outBlocks) {
    copyBlocks(b, loc, out, outBlocks, *site.unpackAxis, /*toBlocks=*/false);
    memref::DeallocOp::create(b, loc, outBlocks);
  }
  Value result = out;
  if (isa<RankedTensorType>(site.resultType))
    result = bufferization::ToTensorOp::create(
        b, loc, site.resultType, out, /*restrict=*/true, /*writable=*/true);
  op->getResult(0).replaceAllUsesWith(result);
  op->erase();
}
