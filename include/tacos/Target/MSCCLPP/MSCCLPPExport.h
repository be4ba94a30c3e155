//===- MSCCLPPExport.h - coll.algorithm as an MSCCL++ plan ------*- C++ -*-===//
//
// `--export-mscclpp-plan` for tacos-translate: one verified, materialized
// `coll.algorithm` as the JSON execution plan MSCCL++'s executor loads. The
// plan itself is built by exec::mscclpp (tacos/Execution/MSCCLPPPlan.h);
// this reads the algorithm and its options.
//
//===----------------------------------------------------------------------===//

#ifndef TACOS_TARGET_MSCCLPP_MSCCLPPEXPORT_H
#define TACOS_TARGET_MSCCLPP_MSCCLPPEXPORT_H

namespace tacos {

/// Registers `--export-mscclpp-plan` and its options (--mscclpp-name,
/// --mscclpp-protocol, --mscclpp-min-message-size,
/// --mscclpp-max-message-size, --mscclpp-threads-per-block,
/// --mscclpp-max-threadblocks; the algorithm is every export's
/// --algorithm).
void registerMSCCLPPExportTranslation();

} // namespace tacos

#endif // TACOS_TARGET_MSCCLPP_MSCCLPPEXPORT_H
