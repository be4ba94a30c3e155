//===- BaselineAlgorithms.h - The baselines, on a Builder -------*- C++ -*-===//
//
// One function per baseline of Baselines.h, each for every collective: it
// emits the baseline's sends on `b` (BaselineBuilder.h), or sets b.error to
// why the baseline does not apply. Private to the Synthesis library.
//
//===----------------------------------------------------------------------===//

#ifndef TACOS_LIB_SYNTHESIS_BASELINEALGORITHMS_H
#define TACOS_LIB_SYNTHESIS_BASELINEALGORITHMS_H

#include "BaselineBuilder.h"

namespace tacos {

/// NCCL's ring through the topology (RingBaseline.cpp).
void ringBaseline(Builder &b);
/// Every rank to every rank (DirectBaseline.cpp).
void directBaseline(Builder &b);
/// Recursive halving and doubling, power-of-two ranks (HalvingDoubling.cpp).
void rhdBaseline(Builder &b);
/// NCCL's double binary tree (TreeBaseline.cpp).
void dbtBaseline(Builder &b);
/// Rings inside nodes and along rails (HierarchicalBaseline.cpp).
void hierarchicalBaseline(Builder &b);

} // namespace tacos

#endif // TACOS_LIB_SYNTHESIS_BASELINEALGORITHMS_H
