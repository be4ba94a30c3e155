//===- Passes.cpp - C API: tacos' passes and pipelines --------------------===//

#include "tacos-c/Passes.h"

#include "tacos/InitAll.h"

#include <mutex>

void tacosRegisterAllPasses(void) {
  // The registry is global and rejects a second registration of a name.
  static std::once_flag once;
  std::call_once(once, [] { tacos::registerAllPasses(); });
}
