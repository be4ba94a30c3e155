//===- Passes.cpp - C API: tacos' passes and pipelines --------------------===//

#include "tacos-c/Passes.h"

#include "tacos/InitAll.h"

void tacosRegisterAllPasses(void) { tacos::registerAllPasses(); }
