//===- FuzzSupport.h - What the tacos fuzz targets share --------*- C++ -*-===//
//
// The libFuzzer targets of tools/tacos-fuzz (README.md, "Fuzzing") all hold
// tacos to the rule for bad input: one located diagnostic and a failure,
// never a crash, a hang or a silent failure. This file has the pieces they
// share: inputs made of several files, a diagnostic handler that records
// (and by default hides) what tacos reports, the size limits that keep a
// target away from legitimately large work, and the aborts that turn a
// broken rule into a libFuzzer crash with a message.
//
//===----------------------------------------------------------------------===//

#ifndef TACOS_TOOLS_TACOS_FUZZ_FUZZSUPPORT_H
#define TACOS_TOOLS_TACOS_FUZZ_FUZZSUPPORT_H

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Diagnostics.h"
#include "llvm/ADT/StringRef.h"

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

namespace tacos::fuzz {

/// An input in LLVM's split-file format: lines `#--- <name>` start the file
/// <name>; text before the first such line is ignored. An input without
/// any such line is one file named `fallbackName`. Seeds and reproducers
/// are then readable, and `split-file` turns them into the files that
/// tacos-translate reads.
std::vector<std::pair<std::string, std::string>>
splitFiles(llvm::StringRef input, llvm::StringRef fallbackName);

/// The (last) file called `name` in `files`, or null.
const std::string *
findFile(const std::vector<std::pair<std::string, std::string>> &files,
         llvm::StringRef name);

/// A path `name` in a directory of this process's own, removed at exit:
/// for the files an importer reads besides its input, and for reports
/// (never /dev/null: LLVM's output files remove their path on a crash).
std::string scratchPath(llvm::StringRef name);

/// Writes `contents` to scratchPath(name) and returns the path.
std::string writeScratchFile(llvm::StringRef name, llvm::StringRef contents);

/// Records every diagnostic while it lives. Set TACOS_FUZZ_VERBOSE=1 to
/// also print them (to see why a reproducer is rejected).
class DiagnosticRecorder {
public:
  explicit DiagnosticRecorder(mlir::MLIRContext *context);

  /// True if an error was reported at a location in a file (not
  /// UnknownLoc): what every rejection must have.
  bool hasLocatedError() const { return locatedErrors > 0; }
  bool hasError() const { return errors > 0; }
  /// Forgets what was recorded (before the next stage of a run).
  void reset() { errors = locatedErrors = 0; }

private:
  mlir::ScopedDiagnosticHandler handler;
  unsigned errors = 0, locatedErrors = 0;
};

/// Aborts (a crash libFuzzer saves) with `what` when a run failed without
/// any located error: tacos must say what is wrong and where.
void requireLocatedError(const DiagnosticRecorder &diagnostics,
                         llvm::StringRef what);

/// Aborts with `message`; the input broke a rule that is not a crash.
[[noreturn]] void fail(llvm::StringRef message);

/// True for MLIR text that crashes MLIR 22's own parser before any tacos
/// code runs, which the MLIR targets skip:
///   - a dialect resource blob whose alignment (its first 4 bytes) is 0:
///     the parser takes 0 for a power of 2 and asks the allocator for that
///     alignment, which aborts (`"0x00000000...`). Upstream rejects it with
///     "non-power-of-2 value: 0" after LLVM 22. The builtin dialect parses
///     the blob, so tacos has no hook to refuse it first.
bool hitsUpstreamParserBug(llvm::StringRef text);

/// What the MLIR targets run on: a module is skipped (not an error, just
/// not interesting) when a network has more NPUs or a collective more
/// chunks than this. Synthesis and verification are meant for 40K NPUs and
/// millions of transfers; a fuzzer that reached that size would spend its
/// time on legitimate work instead of finding bugs.
struct Limits {
  int64_t maxNpus = 64;
  int64_t maxChunks = 256;
};

/// True if every topo.network and every request or algorithm of the
/// verified module `module` is within `limits`, read through the ops'
/// accessors (cheap: no network is built).
bool withinLimits(mlir::ModuleOp module, const Limits &limits);

/// Parses `text`, which tacos wrote, into `context`: what tacos writes must
/// read back (round trip), and print the same again. Aborts if it does not.
void requireParses(llvm::StringRef text, mlir::MLIRContext *context,
                   llvm::StringRef what);

/// Prints `module` and requires the text to parse.
void requireRoundTrip(mlir::ModuleOp module, llvm::StringRef what);

} // namespace tacos::fuzz

#endif // TACOS_TOOLS_TACOS_FUZZ_FUZZSUPPORT_H
