//===- LibraImport.h - LIBRA / ASTRA-sim inputs -> tacos IR -----*- C++ -*-===//
//
// tacos-translate translations that read the inputs of the LIBRA case
// studies (docs/Syntax.md and docs/Algorithms.md):
//   --import-libra-network   a LIBRA network .yml -> topo.network with `?`
//                            bandwidths (plus prices from --cost-model)
//   --import-astra-workload  an ASTRA-sim layer .txt (+ --communicator and
//                            --network) -> that network and a coll.workload
//
// Sizes: a layer file's ALLREDUCE, REDUCESCATTER and ALLTOALL size is each
// NPU's whole buffer, as a coll.* size is; its ALLGATHER size is each NPU's
// input shard (ASTRA-sim's and LIBRA's convention) while coll.all_gather's
// is the gathered output, so it is multiplied by the product of the
// phase's group sizes (libra::collectiveBytes; examples/libra/README.md).
//
//===----------------------------------------------------------------------===//

#ifndef TACOS_TARGET_LIBRA_LIBRAIMPORT_H
#define TACOS_TARGET_LIBRA_LIBRAIMPORT_H

namespace tacos {

/// Registers both translations and their command-line options.
void registerLibraImportTranslations();

} // namespace tacos

#endif // TACOS_TARGET_LIBRA_LIBRAIMPORT_H
