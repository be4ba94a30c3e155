//===- Baseline.h - LIBRA's equal-bandwidth baseline ------------*- C++ -*-===//
//
// LIBRA compares its optimum with the network that splits the same
// bandwidth equally over the dimensions (docs/Algorithms.md, LIBRA); topo-allocate-bandwidth
// reports both.
//
//===----------------------------------------------------------------------===//

#ifndef TACOS_LIBRA_BASELINE_H
#define TACOS_LIBRA_BASELINE_H

#include "tacos/Libra/Model.h"
#include "tacos/Network/Topology.h"

#include <vector>

namespace tacos::libra {

/// Equal bandwidth per dimension, LIBRA's baseline: the dimensions of `dims`
/// whose link bandwidth is not decided share the optimum's total over them
/// equally; decided dimensions keep the optimum's value. An equal split can
/// break the problem's own constraints (bw(0) == 500 GBps with 1000 GBps
/// over 4 dimensions); it is then projected onto them (the nearest
/// allocation that meets them, projectOntoConstraints), so the baseline is
/// always a network the user could build. `projected` says whether that
/// moved it. `optimum` has one entry per dimension and meets the
/// constraints; if the projection still fails, the plain split is returned.
std::vector<double> equalAllocation(const std::vector<DimSpec> &dims,
                                    const AllocationProblem &problem,
                                    const std::vector<double> &optimum,
                                    bool &projected);

} // namespace tacos::libra

#endif // TACOS_LIBRA_BASELINE_H
