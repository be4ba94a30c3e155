//===- PassOptions.h - Types of the topo passes' options --------*- C++ -*-===//
//
// The value types of the topo passes' options, checked when the pipeline is
// parsed (tacos/Dialect/Common/PassOptions.h). The pass layer's own enums,
// so that declaring the passes does not include LIBRA's solver.
//
//===----------------------------------------------------------------------===//

#ifndef TACOS_DIALECT_TOPO_TRANSFORMS_PASSOPTIONS_H
#define TACOS_DIALECT_TOPO_TRANSFORMS_PASSOPTIONS_H

#include "tacos/Dialect/Common/PassOptions.h"
#include "tacos/Dialect/Common/ResourceOptions.h"

namespace tacos::topo {

/// topo-allocate-bandwidth objective=.
enum class AllocationObjective { Perf, PerfPerCost };

/// topo-allocate-bandwidth model=: how a collective is timed.
enum class AllocationModel { Analytic, Synthesized };

} // namespace tacos::topo

TACOS_ENUM_OPTION_PARSER(::tacos::topo::AllocationObjective);
TACOS_ENUM_OPTION_PARSER(::tacos::topo::AllocationModel);

#endif // TACOS_DIALECT_TOPO_TRANSFORMS_PASSOPTIONS_H
