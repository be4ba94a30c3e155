//===- MSCCLExport.h - coll.algorithm as MSCCL-IR XML -----------*- C++ -*-===//
//
// `--export-msccl-xml` for tacos-translate: one verified, materialized
// `coll.algorithm` as the XML the MSCCL executor, RCCL and ASTRA-sim's
// converter load. The program itself is built by exec::msccl
// (tacos/Execution/MSCCLProgram.h); this reads the algorithm and its options.
//
//===----------------------------------------------------------------------===//

#ifndef TACOS_TARGET_MSCCL_MSCCLEXPORT_H
#define TACOS_TARGET_MSCCL_MSCCLEXPORT_H

namespace tacos {

/// Registers `--export-msccl-xml` and its options (--msccl-protocol,
/// --msccl-min-bytes, --msccl-max-bytes, --msccl-astra-sim, --msccl-fuse;
/// the algorithm is every export's --algorithm).
void registerMSCCLExportTranslation();

} // namespace tacos

#endif // TACOS_TARGET_MSCCL_MSCCLEXPORT_H
