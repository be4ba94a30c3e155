// LIBRA's case studies (examples/libra/case-studies.sh, as the README runs
// them): every model on the 3D and 4D networks with 500 GBps per NPU, both
// objectives, and GPT-3 4D under docs/Algorithms.md, LIBRA's constraints.
// It finds the tools through TACOS_BUILD_DIR, as the other scripts do.
// RUN: rm -rf %t && env -u TACOS_TRANSLATE -u TACOS_OPT TACOS_BUILD_DIR=%tacos_build CASES=%t/cases OUT=%t/reports bash %examples/libra/case-studies.sh | FileCheck %s
// The reports are LIBRA's model's answers, restated from the raw inputs.
// RUN: %python %S/Inputs/check_libra_reports.py %t/reports %examples/libra | FileCheck %s --check-prefix=PROPS
// A build directory without the tools is named, with what to do.
// RUN: env -u TACOS_TRANSLATE -u TACOS_OPT TACOS_BUILD_DIR=%t/nowhere not bash %examples/libra/case-studies.sh 2>&1 | FileCheck %s --check-prefix=NOBUILD
// NOBUILD: case-studies.sh: no tacos-translate in {{.*}}nowhere/bin (set TACOS_BUILD_DIR to your build directory, or TACOS_TRANSLATE; run scripts/setup.sh to build)
// RUN: env TACOS_OPT=%t/nowhere/tacos-opt TACOS_TRANSLATE=tacos-translate not bash %examples/libra/case-studies.sh 2>&1 | FileCheck %s --check-prefix=NOOPT
// NOOPT: case-studies.sh: TACOS_OPT={{.*}}nowhere/tacos-opt is not an executable
// The cases shipped in examples/libra/cases are what the script imports.
// RUN: diff -r %t/cases %examples/libra/cases

// PROPS: 11 case studies ok

// CHECK:      case                     objective      GB/s per dimension
// CHECK-NEXT: DLRM_3d                  perf
// CHECK-NEXT: DLRM_3d                  perf-per-cost
// CHECK-NEXT: DLRM_4d                  perf
// CHECK-NEXT: DLRM_4d                  perf-per-cost
// CHECK-NEXT: GPT_3_3d                 perf           397.6 90.0 12.5
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
