// Every model of the LIBRA case studies imports on both networks and the
// result is valid IR (tacos-opt parses and verifies it). DLRM has no
// communicator in the LIBRA release; ours is examples/libra/DLRM_<3d|4d>.yml.

// RUN: tacos-translate --import-astra-workload %examples/libra/GPT_3.txt --communicator=%examples/libra/GPT_3_3d.yml --network=%examples/libra/3d_network.yml | tacos-opt | FileCheck %s --check-prefix=GPT3-3D
// GPT3-3D: coll.workload @GPT_3 on @libra3d compute(684.4 ms + 48.242 us)
// RUN: tacos-translate --import-astra-workload %examples/libra/GPT_3.txt --communicator=%examples/libra/GPT_3_4d.yml --network=%examples/libra/4d_network.yml | tacos-opt | FileCheck %s --check-prefix=GPT3-4D
// GPT3-4D: coll.workload @GPT_3 on @libra4d compute(684.4 ms + 48.242 us)

// MSFT-1T: TP-128 over dimensions 0-1 (3D) or 0-2 (4D), DP-32 on the last.
// The layer file's ALLGATHER sizes (6 MiB) are each NPU's shard; the IR's
// is the gathered output, 128 x 6 MiB.
// RUN: tacos-translate --import-astra-workload %examples/libra/MSFT_1T.txt --communicator=%examples/libra/MSFT_1T_3d.yml --network=%examples/libra/3d_network.yml | tacos-opt | FileCheck %s --check-prefix=MSFT-3D
// MSFT-3D:      coll.workload @MSFT_1T on @libra3d compute(169.9 ms + 95.114 us) {
// MSFT-3D-NEXT:   coll.all_reduce size(768 MiB) dims [0, 1] count(8)
// MSFT-3D-NEXT:   coll.all_gather size(768 MiB) dims [0, 1] count(2)
// MSFT-3D-NEXT:   coll.all_reduce size(216 MiB) dims [2]{{$}}
// MSFT-3D-NEXT: }
// RUN: tacos-translate --import-astra-workload %examples/libra/MSFT_1T.txt --communicator=%examples/libra/MSFT_1T_4d.yml --network=%examples/libra/4d_network.yml | tacos-opt | FileCheck %s --check-prefix=MSFT-4D
// MSFT-4D:      coll.workload @MSFT_1T on @libra4d compute(169.9 ms + 95.114 us) {
// MSFT-4D-NEXT:   coll.all_reduce size(768 MiB) dims [0, 1, 2] count(8)
// MSFT-4D-NEXT:   coll.all_gather size(768 MiB) dims [0, 1, 2] count(2)
// MSFT-4D-NEXT:   coll.all_reduce size(216 MiB) dims [3]{{$}}
// MSFT-4D-NEXT: }

// ResNet-50 and T-NLG are pure data parallel: one weight-gradient
// All-Reduce over every NPU; their other collectives use no dimension.
// RUN: tacos-translate --import-astra-workload %examples/libra/ResNet_50.txt --communicator=%examples/libra/ResNet_50_3d.yml --network=%examples/libra/3d_network.yml | tacos-opt | FileCheck %s --check-prefix=RESNET-3D
// RESNET-3D:      coll.workload @ResNet_50 on @libra3d compute(1.095314 ms) {
// RESNET-3D-NEXT:   coll.all_reduce size(51005824 B) dims [0, 1, 2]{{$}}
// RESNET-3D-NEXT: }
// RUN: tacos-translate --import-astra-workload %examples/libra/ResNet_50.txt --communicator=%examples/libra/ResNet_50_4d.yml --network=%examples/libra/4d_network.yml | tacos-opt | FileCheck %s --check-prefix=RESNET-4D
// RESNET-4D:      coll.workload @ResNet_50 on @libra4d compute(1.095314 ms) {
// RESNET-4D-NEXT:   coll.all_reduce size(51005824 B) dims [0, 1, 2, 3]{{$}}
// RESNET-4D-NEXT: }
// RUN: tacos-translate --import-astra-workload %examples/libra/Turing_NLG.txt --communicator=%examples/libra/Turing_NLG_3D.yml --network=%examples/libra/3d_network.yml | tacos-opt | FileCheck %s --check-prefix=TNLG-3D
// TNLG-3D:      coll.workload @Turing_NLG on @libra3d compute(327.1 ms + 48.662 us) {
// TNLG-3D-NEXT:   coll.all_reduce size(849072 KiB) dims [0, 1, 2]{{$}}
// TNLG-3D-NEXT: }
// RUN: tacos-translate --import-astra-workload %examples/libra/Turing_NLG.txt --communicator=%examples/libra/Turing_NLG_4D.yml --network=%examples/libra/4d_network.yml | tacos-opt | FileCheck %s --check-prefix=TNLG-4D
// TNLG-4D:      coll.workload @Turing_NLG on @libra4d compute(327.1 ms + 48.662 us) {
// TNLG-4D-NEXT:   coll.all_reduce size(849072 KiB) dims [0, 1, 2, 3]{{$}}
// TNLG-4D-NEXT: }

// DLRM: the embedding All-to-All in the forward and input-gradient passes
// merges into one with count 2.
// RUN: tacos-translate --import-astra-workload %examples/libra/DLRM.txt --communicator=%examples/libra/DLRM_3d.yml --network=%examples/libra/3d_network.yml | tacos-opt | FileCheck %s --check-prefix=DLRM-3D
// DLRM-3D:      coll.workload @DLRM on @libra3d compute(3.359225 ms) {
// DLRM-3D-NEXT:   coll.all_to_all size(4 MiB) dims [0, 1, 2] count(2)
// DLRM-3D-NEXT:   coll.all_reduce size(112132 KiB) dims [0, 1, 2]{{$}}
// DLRM-3D-NEXT: }
// RUN: tacos-translate --import-astra-workload %examples/libra/DLRM.txt --communicator=%examples/libra/DLRM_4d.yml --network=%examples/libra/4d_network.yml | tacos-opt | FileCheck %s --check-prefix=DLRM-4D
// DLRM-4D:      coll.workload @DLRM on @libra4d compute(3.359225 ms) {
// DLRM-4D-NEXT:   coll.all_to_all size(4 MiB) dims [0, 1, 2, 3] count(2)
// DLRM-4D-NEXT:   coll.all_reduce size(112132 KiB) dims [0, 1, 2, 3]{{$}}
// DLRM-4D-NEXT: }
