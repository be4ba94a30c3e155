//===- MSCCLImport.h - MSCCL-IR XML as a coll.algorithm ---------*- C++ -*-===//
//
// `--import-msccl-xml` for tacos-translate: an MSCCL-IR program (tacos's own
// export, msccl-tools', TACCL's, hand-written) as a module with a
// `topo.network` and a `coll.algorithm` that coll-verify, coll-simulate, the
// report and convert-coll-to-mpi accept. The program is read and run by
// exec::msccl (tacos/Execution/MSCCLImport.h); this chooses the network and
// writes the IR. docs/MSCCL.md describes the options.
//
//===----------------------------------------------------------------------===//

#ifndef TACOS_TARGET_MSCCL_MSCCLIMPORT_H
#define TACOS_TARGET_MSCCL_MSCCLIMPORT_H

namespace tacos {

/// Registers `--import-msccl-xml` and its options (--msccl-network,
/// --msccl-network-name, --msccl-bandwidth, --msccl-latency,
/// --msccl-chunk-bytes, --msccl-size, --msccl-link-model, --msccl-root,
/// --msccl-ranks, --msccl-name).
void registerMSCCLImportTranslation();

} // namespace tacos

#endif // TACOS_TARGET_MSCCL_MSCCLIMPORT_H
