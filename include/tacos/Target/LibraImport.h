//===- LibraImport.h - LIBRA / ASTRA-sim inputs -> tacos IR -----*- C++ -*-===//
//
// tacos-translate translations that read the inputs of the LIBRA case
// studies (DESIGN §3, §6):
//   --import-libra-network   a LIBRA network .yml -> topo.network with `?`
//                            bandwidths (plus prices from --cost-model)
//   --import-astra-workload  an ASTRA-sim layer .txt (+ --communicator and
//                            --network) -> that network and a coll.workload
//
//===----------------------------------------------------------------------===//

#ifndef TACOS_TARGET_LIBRAIMPORT_H
#define TACOS_TARGET_LIBRAIMPORT_H

namespace tacos {

/// Registers both translations and their command-line options.
void registerLibraImportTranslations();

} // namespace tacos

#endif // TACOS_TARGET_LIBRAIMPORT_H
