// LIBRA's case studies (examples/libra/case-studies.sh, as the README runs
// them): every model on the 3D and 4D networks with 500 GBps per NPU, both
// objectives, and GPT-3 4D under DESIGN §6's constraints.
// RUN: rm -rf %t && env TACOS_TRANSLATE=tacos-translate TACOS_OPT=tacos-opt CASES=%t/cases OUT=%t/reports bash %examples/libra/case-studies.sh | FileCheck %s
// RUN: %python %S/Inputs/check_libra_reports.py %t/reports | FileCheck %s --check-prefix=PROPS
// The cases shipped in examples/libra/cases are what the script imports.
// RUN: diff -r %t/cases %examples/libra/cases

// PROPS: 11 case studies ok

// CHECK:      case                     objective      GB/s per dimension
// CHECK-NEXT: DLRM_3d                  perf
// CHECK-NEXT: DLRM_3d                  perf-per-cost
// CHECK-NEXT: DLRM_4d                  perf
// CHECK-NEXT: DLRM_4d                  perf-per-cost
// CHECK-NEXT: GPT_3_3d                 perf           393.0 94.0 13.0
// CHECK-NEXT: GPT_3_3d                 perf-per-cost
// CHECK-NEXT: GPT_3_4d                 perf
// CHECK-NEXT: GPT_3_4d                 perf-per-cost
// CHECK-NEXT: GPT_3_4d_constrained     perf           500.0 300.0 151.2 48.8
// CHECK-NEXT: GPT_3_4d_constrained     perf-per-cost  500.0 300.0
// CHECK-NEXT: MSFT_1T_3d               perf
// CHECK-NEXT: MSFT_1T_3d               perf-per-cost
// CHECK-NEXT: MSFT_1T_4d               perf
// CHECK-NEXT: MSFT_1T_4d               perf-per-cost
// CHECK-NEXT: ResNet_50_3d             perf
// CHECK-NEXT: ResNet_50_3d             perf-per-cost
// CHECK-NEXT: ResNet_50_4d             perf
// CHECK-NEXT: ResNet_50_4d             perf-per-cost
// CHECK-NEXT: Turing_NLG_3d            perf
// CHECK-NEXT: Turing_NLG_3d            perf-per-cost
// CHECK-NEXT: Turing_NLG_4d            perf
// CHECK-NEXT: Turing_NLG_4d            perf-per-cost
