//===- FuzzSupport.cpp - What the tacos fuzz targets share ----------------===//

#include "FuzzSupport.h"

#include "tacos/Dialect/Coll/IR/CollDialect.h"
#include "tacos/Dialect/Topo/IR/TopoDialect.h"

#include "mlir/IR/SymbolTable.h"
#include "mlir/Parser/Parser.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"

#include <cstdlib>

using namespace mlir;

namespace tacos::fuzz {

std::vector<std::pair<std::string, std::string>>
splitFiles(llvm::StringRef input, llvm::StringRef fallbackName) {
  constexpr llvm::StringLiteral marker = "#--- ";
  std::vector<std::pair<std::string, std::string>> files;
  llvm::StringRef whole = input;
  bool split = false;
  while (!input.empty()) {
    auto [line, rest] = input.split('\n');
    bool hadNewline = line.size() < input.size();
    input = rest;
    if (line.consume_front(marker)) {
      split = true;
      files.emplace_back(line.rtrim("\r").trim().str(), std::string());
      continue;
    }
    if (files.empty())
      continue;
    files.back().second += line;
    if (hadNewline)
      files.back().second += '\n';
  }
  if (!split)
    files.emplace_back(fallbackName.str(), whole.str());
  return files;
}

const std::string *
findFile(const std::vector<std::pair<std::string, std::string>> &files,
         llvm::StringRef name) {
  // The last one, as split-file leaves it.
  for (auto it = files.rbegin(); it != files.rend(); ++it)
    if (it->first == name)
      return &it->second;
  return nullptr;
}

static const std::string &scratchDirectory() {
  // Never destroyed: the exit handler that removes it runs after the
  // destructors of statics made before it was registered.
  static const std::string *directory = [] {
    llvm::SmallString<128> path;
    if (std::error_code error =
            llvm::sys::fs::createUniqueDirectory("tacos-fuzz", path))
      fail("cannot create a scratch directory: " + error.message());
    auto *directory = new std::string(path);
    std::atexit([] { llvm::sys::fs::remove_directories(scratchDirectory()); });
    return directory;
  }();
  return *directory;
}

std::string scratchPath(llvm::StringRef name) {
  llvm::SmallString<128> path(scratchDirectory());
  llvm::sys::path::append(path, name);
  return std::string(path);
}

std::string writeScratchFile(llvm::StringRef name, llvm::StringRef contents) {
  std::string path = scratchPath(name);
  std::error_code error;
  llvm::raw_fd_ostream os(path, error);
  if (error)
    fail("cannot write " + path + ": " + error.message());
  os << contents;
  return path;
}

static bool verbose() {
  static const bool value = [] {
    const char *env = std::getenv("TACOS_FUZZ_VERBOSE");
    return env && *env && llvm::StringRef(env) != "0";
  }();
  return value;
}

DiagnosticRecorder::DiagnosticRecorder(MLIRContext *context)
    : handler(context, [this](Diagnostic &diagnostic) {
        if (diagnostic.getSeverity() == DiagnosticSeverity::Error) {
          ++errors;
          if (!isa<UnknownLoc>(diagnostic.getLocation()))
            ++locatedErrors;
        }
        if (verbose())
          llvm::errs() << diagnostic.getLocation() << ": " << diagnostic
                       << "\n";
        return success();
      }) {}

void fail(llvm::StringRef message) {
  llvm::errs() << "tacos fuzz target: " << message << "\n";
  llvm::errs().flush();
  std::abort();
}

void requireLocatedError(const DiagnosticRecorder &diagnostics,
                         llvm::StringRef what) {
  if (diagnostics.hasLocatedError())
    return;
  fail((what + (diagnostics.hasError()
                    ? " failed with errors at no location in the input"
                    : " failed without an error"))
           .str());
}

bool hitsUpstreamParserBug(llvm::StringRef text) {
  return text.contains("\"0x00000000");
}

bool withinLimits(ModuleOp module, const Limits &limits) {
  bool within = true;
  SymbolTableCollection symbols;
  module.walk([&](Operation *op) {
    if (auto network = dyn_cast<topo::NetworkOp>(op)) {
      int64_t npus = network.getNumNpus();
      if (npus < 0 || npus > limits.maxNpus)
        within = false;
    } else if (auto collective = dyn_cast<coll::CollectiveOpInterface>(op)) {
      auto network = symbols.lookupNearestSymbolFrom<topo::NetworkOp>(
          op, collective.getNetworkAttr());
      int64_t npus = network ? network.getNumNpus() : -1;
      int64_t chunks =
          npus < 0 ? -1 : collective.getCollectiveSpec().numChunks(npus);
      if (chunks < 0 || chunks > limits.maxChunks)
        within = false;
    }
    return within ? WalkResult::advance() : WalkResult::interrupt();
  });
  return within;
}

void requireParses(llvm::StringRef text, MLIRContext *context,
                   llvm::StringRef what) {
  // A context of its own: in the writer's, resource names are taken, and
  // the parsed blobs would be renamed (`x` -> `x_1`).
  MLIRContext fresh(context->getDialectRegistry(),
                    MLIRContext::Threading::DISABLED);
  std::string firstError;
  ScopedDiagnosticHandler handler(&fresh, [&](Diagnostic &diagnostic) {
    if (firstError.empty() &&
        diagnostic.getSeverity() == DiagnosticSeverity::Error) {
      llvm::raw_string_ostream errorStream(firstError);
      errorStream << diagnostic.getLocation() << ": " << diagnostic;
    }
    return success();
  });
  OwningOpRef<ModuleOp> parsed =
      parseSourceString<ModuleOp>(text, ParserConfig(&fresh), what);
  if (!parsed)
    fail((what + " does not parse back: " + firstError + "\n--- output:\n" +
          text)
             .str());
  // And reads back as what was written: printing it again gives the same
  // ops (a quantity, say, keeps its value). Not the same resources: MLIR
  // prints an empty blob it parsed with alignment 0, whatever was written.
  std::string again;
  llvm::raw_string_ostream os(again);
  parsed->print(os);
  auto ops = [](llvm::StringRef module) {
    return module.split("{-#").first.rtrim();
  };
  if (ops(again) != ops(text))
    fail((what + " prints differently once parsed back\n--- output:\n" +
          text + "\n--- parsed and printed:\n" + again)
             .str());
}

void requireRoundTrip(ModuleOp module, llvm::StringRef what) {
  std::string text;
  llvm::raw_string_ostream os(text);
  module.print(os);
  requireParses(text, module.getContext(), what);
}

} // namespace tacos::fuzz
