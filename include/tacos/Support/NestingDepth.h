//===- NestingDepth.h - Refuse MLIR text nested too deep to parse -*- C++ -*-===//
//
// MLIR's text parser recurses once per nested region, attribute or type:
// 5,000 nested `module {` overflow an 8 MB stack (about 3,900 do), a crash
// with exit code 139 before any verifier runs. So every tacos entry point
// that parses MLIR text (tacos-opt, tacos-translate, tacos-run, the C API
// and Python pipelines, the network file of the MSCCL import) first scans
// the text and refuses it with a located error past kMaxNestingDepth.
//
// Bytecode is not scanned. MLIR 22's bytecode reader walks regions with an
// explicit stack, so reading does not recurse per level; but the verifier,
// printer and destructor that follow do, and bytecode nested some 15,000
// levels deep still overflows. No tacos tool writes such bytecode (its text
// input is capped here and no pass nests); refusing it would take a skim
// of the bytecode format, which is not done.
//
//===----------------------------------------------------------------------===//

#ifndef TACOS_SUPPORT_NESTINGDEPTH_H
#define TACOS_SUPPORT_NESTINGDEPTH_H

#include "mlir/Support/LLVM.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/MemoryBufferRef.h"

#include <cstddef>
#include <optional>
#include <string>

namespace llvm {
class SourceMgr;
class raw_ostream;
} // namespace llvm

namespace mlir {
class MLIRContext;
} // namespace mlir

namespace tacos {

/// Brackets MLIR text may nest. Real inputs nest a handful of levels (a
/// module, a network or algorithm, a link spec); 1,000 is far beyond any of
/// them and far below where the parser runs out of stack.
inline constexpr unsigned kMaxNestingDepth = 1000;

/// The offset of the bracket (`{`, `(`, `[` or `<`) at which `text` first
/// nests deeper than `limit`, or nothing. String literals and `//` comments
/// are skipped, and the arrows `->` and `<->` and the comparisons `<=` and
/// `>=` are not brackets. Bytecode (it starts with "ML\xEFR") is not text:
/// nothing. Linear in the text, no allocation.
std::optional<size_t> findTooDeepNesting(llvm::StringRef text,
                                         unsigned limit = kMaxNestingDepth);

/// What the refusal says.
std::string tooDeepNestingMessage(unsigned limit = kMaxNestingDepth);

/// Checks buffer `bufferId` of `sourceMgr` (by default its main file); if it
/// nests too deep, emits a located error in `context` (its diagnostic
/// handler prints it) and fails.
mlir::LogicalResult checkNestingDepth(const llvm::SourceMgr &sourceMgr,
                                      mlir::MLIRContext *context,
                                      unsigned bufferId = 0);

/// For a tool that has no MLIRContext yet (tacos-opt, before MlirOptMain):
/// if `buffer` nests too deep, prints the located error to `os` as MLIR
/// prints diagnostics and returns true.
bool printTooDeepNesting(llvm::MemoryBufferRef buffer, llvm::raw_ostream &os);

} // namespace tacos

#endif // TACOS_SUPPORT_NESTINGDEPTH_H
