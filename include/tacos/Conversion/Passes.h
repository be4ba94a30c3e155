//===- Passes.h - Every conversion out of the coll dialect ------*- C++ -*-===//

#ifndef TACOS_CONVERSION_PASSES_H
#define TACOS_CONVERSION_PASSES_H

#include "tacos/Conversion/CollToMPI.h"
#include "tacos/Conversion/CollToSMT.h"

namespace tacos {

#define GEN_PASS_REGISTRATION
#include "tacos/Conversion/Passes.h.inc"

} // namespace tacos

#endif // TACOS_CONVERSION_PASSES_H
