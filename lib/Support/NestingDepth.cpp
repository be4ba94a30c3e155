//===- NestingDepth.cpp - Refuse MLIR text nested too deep to parse -------===//

#include "tacos/Support/NestingDepth.h"

#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/Location.h"
#include "mlir/IR/MLIRContext.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/raw_ostream.h"

using namespace tacos;

std::optional<size_t> tacos::findTooDeepNesting(llvm::StringRef text,
                                                unsigned limit) {
  if (text.starts_with("ML\xEFR"))
    return std::nullopt;
  const size_t n = text.size();
  auto at = [&](size_t i) { return i < n ? text[i] : '\0'; };
  unsigned depth = 0;
  for (size_t i = 0; i < n; ++i) {
    char c = text[i];
    switch (c) {
    case '"':
      // To the closing quote; a backslash escapes the next character.
      for (++i; i < n && text[i] != '"'; ++i)
        if (text[i] == '\\')
          ++i;
      continue;
    case '/':
      if (at(i + 1) == '/')
        while (i < n && text[i] != '\n')
          ++i;
      continue;
    case '<':
      if (at(i + 1) == '-' || at(i + 1) == '=') // <-> and <=
        continue;
      [[fallthrough]];
    case '{':
    case '(':
    case '[':
      if (++depth > limit)
        return i;
      continue;
    case '>':
      if ((i > 0 && text[i - 1] == '-') || at(i + 1) == '=') // -> and >=
        continue;
      [[fallthrough]];
    case '}':
    case ')':
    case ']':
      // Unbalanced text is the parser's to report; depth never goes below 0.
      if (depth > 0)
        --depth;
      continue;
    default:
      continue;
    }
  }
  return std::nullopt;
}

std::string tacos::tooDeepNestingMessage(unsigned limit) {
  return "brackets nest deeper than " + std::to_string(limit) +
         " levels here; real inputs nest a few, and the MLIR parser, which "
         "recurses once per level, would run out of stack";
}

mlir::LogicalResult tacos::checkNestingDepth(const llvm::SourceMgr &sourceMgr,
                                             mlir::MLIRContext *context,
                                             unsigned bufferId) {
  if (bufferId == 0)
    bufferId = sourceMgr.getMainFileID();
  const llvm::MemoryBuffer *buffer = sourceMgr.getMemoryBuffer(bufferId);
  std::optional<size_t> offset = findTooDeepNesting(buffer->getBuffer());
  if (!offset)
    return mlir::success();
  auto [line, column] = sourceMgr.getLineAndColumn(
      llvm::SMLoc::getFromPointer(buffer->getBufferStart() + *offset),
      bufferId);
  return mlir::emitError(mlir::FileLineColLoc::get(
             context, buffer->getBufferIdentifier(), line, column))
         << tooDeepNestingMessage();
}

bool tacos::printTooDeepNesting(llvm::MemoryBufferRef buffer,
                                llvm::raw_ostream &os) {
  std::optional<size_t> offset = findTooDeepNesting(buffer.getBuffer());
  if (!offset)
    return false;
  llvm::SourceMgr sourceMgr;
  sourceMgr.AddNewSourceBuffer(
      llvm::MemoryBuffer::getMemBuffer(buffer, /*RequiresNullTerminator=*/false),
      llvm::SMLoc());
  sourceMgr.PrintMessage(
      os, llvm::SMLoc::getFromPointer(buffer.getBufferStart() + *offset),
      llvm::SourceMgr::DK_Error, tooDeepNestingMessage());
  return true;
}
