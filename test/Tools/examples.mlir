// The README's main job: the example networks summarize without errors.
// RUN: tacos-opt %examples/networks.mlir --topo-summary -o /dev/null | FileCheck %s
// RUN: tacos-opt %examples/networks.mlir --topo-expand | tacos-opt --topo-summary -o /dev/null | FileCheck %s

// CHECK-LABEL: network @mesh5x5
// CHECK: NPUs 25
// CHECK-LABEL: network @dgx1
// CHECK: NPUs 8
// CHECK: directed links 48
// CHECK: ingress per NPU 150 GBps
// CHECK-LABEL: network @libra3d
// CHECK: NPUs 4096
// CHECK: ingress per NPU ?
