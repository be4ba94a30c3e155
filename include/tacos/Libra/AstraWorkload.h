//===- AstraWorkload.h - ASTRA-sim layers -> LIBRA workload -----*- C++ -*-===//
//
// An ASTRA-sim 1.0 layer file plus a LIBRA communicator file say, per layer,
// how long each training phase computes and which collective it issues; the
// communicator says which dimensions (and how many NPUs of each) every
// phase's collectives span. This turns them into the Workload of docs/Algorithms.md, LIBRA.
// Parsing the files is not done here (the importer in lib/Target does it, so
// that it can point at the offending token); this is the part worth
// unit-testing without MLIR.
//
//===----------------------------------------------------------------------===//

#ifndef TACOS_LIBRA_ASTRAWORKLOAD_H
#define TACOS_LIBRA_ASTRAWORKLOAD_H

#include "tacos/Libra/Model.h"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace tacos::libra {

/// One training phase of a layer: its compute time and the collective it
/// issues (none if nullopt), of `bytes` bytes.
struct AstraPhase {
  double computeNs = 0;
  std::optional<CollectiveKind> collective;
  double bytes = 0;
};

struct AstraLayer {
  std::string name;
  AstraPhase forward, inputGrad, weightGrad;
};

/// Group size per dimension for each phase; -1 (or 1) = dimension not used.
struct Communicator {
  std::vector<int64_t> forward, inputGrad, weightGrad;
};

/// Checks one communicator entry: -1 or 1 (dimension not used), or a group
/// of 2 .. dimSize NPUs. Returns an error message, "" if valid.
std::string checkCommunicatorGroup(int64_t group, int64_t dimSize);

/// The size (bytes) of the IR collective that a layer's `layerBytes` stand
/// for, over the dimensions and groups `used`. ASTRA-sim 1.0 and LIBRA's
/// released model read a layer's size as each NPU's input: for ALLREDUCE,
/// REDUCESCATTER and ALLTOALL that is the whole buffer (LIBRA's loads are
/// m (c-1)/c per dimension, times 2 for All-Reduce, m shrinking by c after
/// each dimension for All-Reduce and Reduce-Scatter), which is also what a
/// coll.all_reduce / reduce_scatter / all_to_all size means. For ALLGATHER
/// it is the shard each NPU contributes, while a coll.all_gather size is the
/// gathered output: the layer's size times the product of the group sizes.
double collectiveBytes(CollectiveKind kind, double layerBytes,
                       const std::vector<std::pair<unsigned, int64_t>> &used);

/// The no-overlap training loop of docs/Algorithms.md, LIBRA: compute = sum of the three
/// compute times of every layer (the update column is not used); every
/// collective runs over its phase's communicator dimensions (ascending, with
/// their group sizes), of collectiveBytes(kind, layer size, dims); identical
/// (kind, bytes, dims+groups) collectives merge into one with a count, in order
/// of first appearance in the loop: forward over layers in order, then backward
/// over layers in reverse order (input-grad then weight-grad of each layer). A
/// collective that moves no data (its phase uses no dimension, or it has 0
/// bytes) is left out. Returns an error message ("" on success) if the
/// communicator's lengths differ from dims.size(), a group size is invalid
/// (checkCommunicatorGroup), or a layer has a negative or non-finite time or
/// size; `out` is then unspecified, and `badLayer` (if given) is the index
/// of the layer at fault, or layers.size() for the communicator.
std::string workloadFromLayers(const std::vector<AstraLayer> &layers,
                               const Communicator &communicator,
                               const std::vector<DimSpec> &dims, Workload &out,
                               size_t *badLayer = nullptr);

} // namespace tacos::libra

#endif // TACOS_LIBRA_ASTRAWORKLOAD_H
