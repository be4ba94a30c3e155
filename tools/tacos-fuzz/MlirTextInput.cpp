//===- MlirTextInput.cpp - One MLIR text input of a fuzz target -----------===//

#include "MlirTextInput.h"

#include "tacos/InitAll.h"

#include "mlir/IR/DialectRegistry.h"
#include "mlir/Parser/Parser.h"

using namespace mlir;

namespace tacos::fuzz {

static const DialectRegistry &allDialects() {
  static DialectRegistry *registry = [] {
    auto *registry = new DialectRegistry;
    registerAllDialects(*registry);
    return registry;
  }();
  return *registry;
}

MlirTextInput::MlirTextInput(const uint8_t *data, size_t size)
    : text(reinterpret_cast<const char *>(data), size),
      mlirContext(allDialects(), MLIRContext::Threading::DISABLED) {
  if (hitsUpstreamParserBug(text))
    return;
  mlirContext.printOpOnDiagnostic(false);
  recorder.emplace(&mlirContext);
  parsed = parseSourceString<ModuleOp>(text, ParserConfig(&mlirContext),
                                       "input.mlir");
  if (!parsed) {
    requireError("parsing");
    return;
  }
  if (!withinLimits(*parsed, Limits()))
    parsed = nullptr;
}

void MlirTextInput::requireError(llvm::StringRef what) {
  if (text.find("loc(") == std::string::npos)
    requireLocatedError(*recorder, what);
  else if (!recorder->hasError())
    fail((what + " failed without an error").str());
}

} // namespace tacos::fuzz
