// Export, import and verify round trips: every collective tacos synthesizes,
// on a ring, a torus, groups (a communicator of their own: --msccl-ranks
// puts GPU q back on participant q's NPU), an unwound switch, a switch beside
// a slower direct link (lanes of different speed) and an irregular network.
// The imported algorithm must pass coll-verify, and coll-simulate must give
// the original's time: each check captures the original's time ([[T]]) and
// matches it on the imported algorithm, which comes after it in the input.
// RUN: tacos-opt %S/Inputs/collectives.mlir --coll-synthesize > %t.c.mlir
// RUN: tacos-opt %S/Inputs/groups.mlir --coll-synthesize > %t.g.mlir
// RUN: tacos-opt %S/Inputs/roundtrip.mlir --topo-unwind-switches --coll-synthesize > %t.r.mlir
// RUN: tacos-translate %t.c.mlir --export-msccl-xml --algorithm=ag_ring | tacos-translate --import-msccl-xml --msccl-network=%t.c.mlir --msccl-network-name=ring4 --msccl-size=4000000 | tacos-opt --coll-verify --coll-simulate > %t.ag_ring.mlir
// RUN: cat %t.c.mlir %t.ag_ring.mlir | FileCheck %s --check-prefix=AG_RING
// AG_RING: coll.algorithm @ag_ring {{.*}} time([[T:[^)]+]])
// AG_RING: coll.algorithm @ag_ring {{.*}} time([[T]])
// RUN: tacos-translate %t.c.mlir --export-msccl-xml --algorithm=rs_ring | tacos-translate --import-msccl-xml --msccl-network=%t.c.mlir --msccl-network-name=ring4 --msccl-size=4000000 | tacos-opt --coll-verify --coll-simulate > %t.rs_ring.mlir
// RUN: cat %t.c.mlir %t.rs_ring.mlir | FileCheck %s --check-prefix=RS_RING
// RS_RING: coll.algorithm @rs_ring {{.*}} time([[T:[^)]+]])
// RS_RING: coll.algorithm @rs_ring {{.*}} time([[T]])
// RUN: tacos-translate %t.c.mlir --export-msccl-xml --algorithm=ar_ring | tacos-translate --import-msccl-xml --msccl-network=%t.c.mlir --msccl-network-name=ring4 --msccl-size=4000000 | tacos-opt --coll-verify --coll-simulate > %t.ar_ring.mlir
// RUN: cat %t.c.mlir %t.ar_ring.mlir | FileCheck %s --check-prefix=AR_RING
// AR_RING: coll.algorithm @ar_ring {{.*}} time([[T:[^)]+]])
// AR_RING: coll.algorithm @ar_ring {{.*}} time([[T]])
// RUN: tacos-translate %t.c.mlir --export-msccl-xml --algorithm=a2a_ring | tacos-translate --import-msccl-xml --msccl-network=%t.c.mlir --msccl-network-name=ring4 --msccl-size=4000000 | tacos-opt --coll-verify --coll-simulate > %t.a2a_ring.mlir
// RUN: cat %t.c.mlir %t.a2a_ring.mlir | FileCheck %s --check-prefix=A2A_RING
// A2A_RING: coll.algorithm @a2a_ring {{.*}} time([[T:[^)]+]])
// A2A_RING: coll.algorithm @a2a_ring {{.*}} time([[T]])
// RUN: tacos-translate %t.c.mlir --export-msccl-xml --algorithm=bc_ring | tacos-translate --import-msccl-xml --msccl-network=%t.c.mlir --msccl-network-name=ring4 --msccl-size=4000000 | tacos-opt --coll-verify --coll-simulate > %t.bc_ring.mlir
// RUN: cat %t.c.mlir %t.bc_ring.mlir | FileCheck %s --check-prefix=BC_RING
// BC_RING: coll.algorithm @bc_ring {{.*}} time([[T:[^)]+]])
// BC_RING: coll.algorithm @bc_ring {{.*}} time([[T]])
// RUN: tacos-translate %t.c.mlir --export-msccl-xml --algorithm=rd_ring | tacos-translate --import-msccl-xml --msccl-network=%t.c.mlir --msccl-network-name=ring4 --msccl-size=4000000 | tacos-opt --coll-verify --coll-simulate > %t.rd_ring.mlir
// RUN: cat %t.c.mlir %t.rd_ring.mlir | FileCheck %s --check-prefix=RD_RING
// RD_RING: coll.algorithm @rd_ring {{.*}} time([[T:[^)]+]])
// RD_RING: coll.algorithm @rd_ring {{.*}} time([[T]])
// RUN: tacos-translate %t.c.mlir --export-msccl-xml --algorithm=ga_ring | tacos-translate --import-msccl-xml --msccl-network=%t.c.mlir --msccl-network-name=ring4 --msccl-size=4000000 | tacos-opt --coll-verify --coll-simulate > %t.ga_ring.mlir
// RUN: cat %t.c.mlir %t.ga_ring.mlir | FileCheck %s --check-prefix=GA_RING
// GA_RING: coll.algorithm @ga_ring {{.*}} time([[T:[^)]+]])
// GA_RING: coll.algorithm @ga_ring {{.*}} time([[T]])
// RUN: tacos-translate %t.c.mlir --export-msccl-xml --algorithm=sc_ring | tacos-translate --import-msccl-xml --msccl-network=%t.c.mlir --msccl-network-name=ring4 --msccl-size=4000000 | tacos-opt --coll-verify --coll-simulate > %t.sc_ring.mlir
// RUN: cat %t.c.mlir %t.sc_ring.mlir | FileCheck %s --check-prefix=SC_RING
// SC_RING: coll.algorithm @sc_ring {{.*}} time([[T:[^)]+]])
// SC_RING: coll.algorithm @sc_ring {{.*}} time([[T]])
// RUN: tacos-translate %t.c.mlir --export-msccl-xml --algorithm=ag2_ring | tacos-translate --import-msccl-xml --msccl-network=%t.c.mlir --msccl-network-name=ring4 --msccl-size=4000000 | tacos-opt --coll-verify --coll-simulate > %t.ag2_ring.mlir
// RUN: cat %t.c.mlir %t.ag2_ring.mlir | FileCheck %s --check-prefix=AG2_RING
// AG2_RING: coll.algorithm @ag2_ring {{.*}} time([[T:[^)]+]])
// AG2_RING: coll.algorithm @ag2_ring {{.*}} time([[T]])
// RUN: tacos-translate %t.c.mlir --export-msccl-xml --algorithm=ar2_ring | tacos-translate --import-msccl-xml --msccl-network=%t.c.mlir --msccl-network-name=ring4 --msccl-size=4000000 | tacos-opt --coll-verify --coll-simulate > %t.ar2_ring.mlir
// RUN: cat %t.c.mlir %t.ar2_ring.mlir | FileCheck %s --check-prefix=AR2_RING
// AR2_RING: coll.algorithm @ar2_ring {{.*}} time([[T:[^)]+]])
// AR2_RING: coll.algorithm @ar2_ring {{.*}} time([[T]])
// RUN: tacos-translate %t.c.mlir --export-msccl-xml --algorithm=ag_torus | tacos-translate --import-msccl-xml --msccl-network=%t.c.mlir --msccl-network-name=torus --msccl-size=4000000 | tacos-opt --coll-verify --coll-simulate > %t.ag_torus.mlir
// RUN: cat %t.c.mlir %t.ag_torus.mlir | FileCheck %s --check-prefix=AG_TORUS
// AG_TORUS: coll.algorithm @ag_torus {{.*}} time([[T:[^)]+]])
// AG_TORUS: coll.algorithm @ag_torus {{.*}} time([[T]])
// RUN: tacos-translate %t.c.mlir --export-msccl-xml --algorithm=rs_torus | tacos-translate --import-msccl-xml --msccl-network=%t.c.mlir --msccl-network-name=torus --msccl-size=4000000 | tacos-opt --coll-verify --coll-simulate > %t.rs_torus.mlir
// RUN: cat %t.c.mlir %t.rs_torus.mlir | FileCheck %s --check-prefix=RS_TORUS
// RS_TORUS: coll.algorithm @rs_torus {{.*}} time([[T:[^)]+]])
// RS_TORUS: coll.algorithm @rs_torus {{.*}} time([[T]])
// RUN: tacos-translate %t.c.mlir --export-msccl-xml --algorithm=ar_torus | tacos-translate --import-msccl-xml --msccl-network=%t.c.mlir --msccl-network-name=torus --msccl-size=4000000 | tacos-opt --coll-verify --coll-simulate > %t.ar_torus.mlir
// RUN: cat %t.c.mlir %t.ar_torus.mlir | FileCheck %s --check-prefix=AR_TORUS
// AR_TORUS: coll.algorithm @ar_torus {{.*}} time([[T:[^)]+]])
// AR_TORUS: coll.algorithm @ar_torus {{.*}} time([[T]])
// RUN: tacos-translate %t.c.mlir --export-msccl-xml --algorithm=a2a_torus | tacos-translate --import-msccl-xml --msccl-network=%t.c.mlir --msccl-network-name=torus --msccl-size=4000000 | tacos-opt --coll-verify --coll-simulate > %t.a2a_torus.mlir
// RUN: cat %t.c.mlir %t.a2a_torus.mlir | FileCheck %s --check-prefix=A2A_TORUS
// A2A_TORUS: coll.algorithm @a2a_torus {{.*}} time([[T:[^)]+]])
// A2A_TORUS: coll.algorithm @a2a_torus {{.*}} time([[T]])
// RUN: tacos-translate %t.c.mlir --export-msccl-xml --algorithm=bc_torus | tacos-translate --import-msccl-xml --msccl-network=%t.c.mlir --msccl-network-name=torus --msccl-size=4000000 | tacos-opt --coll-verify --coll-simulate > %t.bc_torus.mlir
// RUN: cat %t.c.mlir %t.bc_torus.mlir | FileCheck %s --check-prefix=BC_TORUS
// BC_TORUS: coll.algorithm @bc_torus {{.*}} time([[T:[^)]+]])
// BC_TORUS: coll.algorithm @bc_torus {{.*}} time([[T]])
// RUN: tacos-translate %t.c.mlir --export-msccl-xml --algorithm=rd_torus | tacos-translate --import-msccl-xml --msccl-network=%t.c.mlir --msccl-network-name=torus --msccl-size=4000000 | tacos-opt --coll-verify --coll-simulate > %t.rd_torus.mlir
// RUN: cat %t.c.mlir %t.rd_torus.mlir | FileCheck %s --check-prefix=RD_TORUS
// RD_TORUS: coll.algorithm @rd_torus {{.*}} time([[T:[^)]+]])
// RD_TORUS: coll.algorithm @rd_torus {{.*}} time([[T]])
// RUN: tacos-translate %t.c.mlir --export-msccl-xml --algorithm=ga_torus | tacos-translate --import-msccl-xml --msccl-network=%t.c.mlir --msccl-network-name=torus --msccl-size=4000000 | tacos-opt --coll-verify --coll-simulate > %t.ga_torus.mlir
// RUN: cat %t.c.mlir %t.ga_torus.mlir | FileCheck %s --check-prefix=GA_TORUS
// GA_TORUS: coll.algorithm @ga_torus {{.*}} time([[T:[^)]+]])
// GA_TORUS: coll.algorithm @ga_torus {{.*}} time([[T]])
// RUN: tacos-translate %t.c.mlir --export-msccl-xml --algorithm=sc_torus | tacos-translate --import-msccl-xml --msccl-network=%t.c.mlir --msccl-network-name=torus --msccl-size=4000000 | tacos-opt --coll-verify --coll-simulate > %t.sc_torus.mlir
// RUN: cat %t.c.mlir %t.sc_torus.mlir | FileCheck %s --check-prefix=SC_TORUS
// SC_TORUS: coll.algorithm @sc_torus {{.*}} time([[T:[^)]+]])
// SC_TORUS: coll.algorithm @sc_torus {{.*}} time([[T]])
// RUN: tacos-translate %t.c.mlir --export-msccl-xml --algorithm=ar_group | tacos-translate --import-msccl-xml --msccl-network=%t.c.mlir --msccl-network-name=torus --msccl-size=4000000 | tacos-opt --coll-verify --coll-simulate > %t.ar_group.mlir
// RUN: cat %t.c.mlir %t.ar_group.mlir | FileCheck %s --check-prefix=AR_GROUP
// AR_GROUP: coll.algorithm @ar_group {{.*}} time([[T:[^)]+]])
// AR_GROUP: coll.algorithm @ar_group {{.*}} time([[T]])
// RUN: tacos-translate %t.g.mlir --export-msccl-xml --algorithm=ag_row | tacos-translate --import-msccl-xml --msccl-network=%t.g.mlir --msccl-network-name=torus --msccl-size=3000000 --msccl-ranks=3,4,5 | tacos-opt --coll-verify --coll-simulate > %t.ag_row.mlir
// RUN: cat %t.g.mlir %t.ag_row.mlir | FileCheck %s --check-prefix=AG_ROW
// AG_ROW: coll.algorithm @ag_row {{.*}} time([[T:[^)]+]])
// AG_ROW: coll.algorithm @ag_row {{.*}} time([[T]])
// RUN: tacos-translate %t.g.mlir --export-msccl-xml --algorithm=bc_row | tacos-translate --import-msccl-xml --msccl-network=%t.g.mlir --msccl-network-name=torus --msccl-size=3000000 --msccl-ranks=3,4,5 | tacos-opt --coll-verify --coll-simulate > %t.bc_row.mlir
// RUN: cat %t.g.mlir %t.bc_row.mlir | FileCheck %s --check-prefix=BC_ROW
// BC_ROW: coll.algorithm @bc_row {{.*}} time([[T:[^)]+]])
// BC_ROW: coll.algorithm @bc_row {{.*}} time([[T]])
// RUN: tacos-translate %t.g.mlir --export-msccl-xml --algorithm=rs_row | tacos-translate --import-msccl-xml --msccl-network=%t.g.mlir --msccl-network-name=torus --msccl-size=3000000 --msccl-ranks=3,4,5 | tacos-opt --coll-verify --coll-simulate > %t.rs_row.mlir
// RUN: cat %t.g.mlir %t.rs_row.mlir | FileCheck %s --check-prefix=RS_ROW
// RS_ROW: coll.algorithm @rs_row {{.*}} time([[T:[^)]+]])
// RS_ROW: coll.algorithm @rs_row {{.*}} time([[T]])
// RUN: tacos-translate %t.g.mlir --export-msccl-xml --algorithm=a2a_row | tacos-translate --import-msccl-xml --msccl-network=%t.g.mlir --msccl-network-name=torus --msccl-size=3000000 --msccl-ranks=3,4,5 | tacos-opt --coll-verify --coll-simulate > %t.a2a_row.mlir
// RUN: cat %t.g.mlir %t.a2a_row.mlir | FileCheck %s --check-prefix=A2A_ROW
// A2A_ROW: coll.algorithm @a2a_row {{.*}} time([[T:[^)]+]])
// A2A_ROW: coll.algorithm @a2a_row {{.*}} time([[T]])
// RUN: tacos-translate %t.r.mlir --export-msccl-xml --algorithm=ag_sw | tacos-translate --import-msccl-xml --msccl-network=%t.r.mlir --msccl-network-name=switch4 --msccl-size=4000000 | tacos-opt --coll-verify --coll-simulate > %t.ag_sw.mlir
// RUN: cat %t.r.mlir %t.ag_sw.mlir | FileCheck %s --check-prefix=AG_SW
// AG_SW: coll.algorithm @ag_sw {{.*}} time([[T:[^)]+]])
// AG_SW: coll.algorithm @ag_sw {{.*}} time([[T]])
// RUN: tacos-translate %t.r.mlir --export-msccl-xml --algorithm=rs_sw | tacos-translate --import-msccl-xml --msccl-network=%t.r.mlir --msccl-network-name=switch4 --msccl-size=4000000 | tacos-opt --coll-verify --coll-simulate > %t.rs_sw.mlir
// RUN: cat %t.r.mlir %t.rs_sw.mlir | FileCheck %s --check-prefix=RS_SW
// RS_SW: coll.algorithm @rs_sw {{.*}} time([[T:[^)]+]])
// RS_SW: coll.algorithm @rs_sw {{.*}} time([[T]])
// RUN: tacos-translate %t.r.mlir --export-msccl-xml --algorithm=ar_sw | tacos-translate --import-msccl-xml --msccl-network=%t.r.mlir --msccl-network-name=switch4 --msccl-size=4000000 | tacos-opt --coll-verify --coll-simulate > %t.ar_sw.mlir
// RUN: cat %t.r.mlir %t.ar_sw.mlir | FileCheck %s --check-prefix=AR_SW
// AR_SW: coll.algorithm @ar_sw {{.*}} time([[T:[^)]+]])
// AR_SW: coll.algorithm @ar_sw {{.*}} time([[T]])
// RUN: tacos-translate %t.r.mlir --export-msccl-xml --algorithm=a2a_sw | tacos-translate --import-msccl-xml --msccl-network=%t.r.mlir --msccl-network-name=switch4 --msccl-size=4000000 | tacos-opt --coll-verify --coll-simulate > %t.a2a_sw.mlir
// RUN: cat %t.r.mlir %t.a2a_sw.mlir | FileCheck %s --check-prefix=A2A_SW
// A2A_SW: coll.algorithm @a2a_sw {{.*}} time([[T:[^)]+]])
// A2A_SW: coll.algorithm @a2a_sw {{.*}} time([[T]])
// RUN: tacos-translate %t.r.mlir --export-msccl-xml --algorithm=bc_sw | tacos-translate --import-msccl-xml --msccl-network=%t.r.mlir --msccl-network-name=switch4 --msccl-size=4000000 | tacos-opt --coll-verify --coll-simulate > %t.bc_sw.mlir
// RUN: cat %t.r.mlir %t.bc_sw.mlir | FileCheck %s --check-prefix=BC_SW
// BC_SW: coll.algorithm @bc_sw {{.*}} time([[T:[^)]+]])
// BC_SW: coll.algorithm @bc_sw {{.*}} time([[T]])
// RUN: tacos-translate %t.r.mlir --export-msccl-xml --algorithm=rd_sw | tacos-translate --import-msccl-xml --msccl-network=%t.r.mlir --msccl-network-name=switch4 --msccl-size=4000000 | tacos-opt --coll-verify --coll-simulate > %t.rd_sw.mlir
// RUN: cat %t.r.mlir %t.rd_sw.mlir | FileCheck %s --check-prefix=RD_SW
// RD_SW: coll.algorithm @rd_sw {{.*}} time([[T:[^)]+]])
// RD_SW: coll.algorithm @rd_sw {{.*}} time([[T]])
// RUN: tacos-translate %t.r.mlir --export-msccl-xml --algorithm=ga_sw | tacos-translate --import-msccl-xml --msccl-network=%t.r.mlir --msccl-network-name=switch4 --msccl-size=4000000 | tacos-opt --coll-verify --coll-simulate > %t.ga_sw.mlir
// RUN: cat %t.r.mlir %t.ga_sw.mlir | FileCheck %s --check-prefix=GA_SW
// GA_SW: coll.algorithm @ga_sw {{.*}} time([[T:[^)]+]])
// GA_SW: coll.algorithm @ga_sw {{.*}} time([[T]])
// RUN: tacos-translate %t.r.mlir --export-msccl-xml --algorithm=sc_sw | tacos-translate --import-msccl-xml --msccl-network=%t.r.mlir --msccl-network-name=switch4 --msccl-size=4000000 | tacos-opt --coll-verify --coll-simulate > %t.sc_sw.mlir
// RUN: cat %t.r.mlir %t.sc_sw.mlir | FileCheck %s --check-prefix=SC_SW
// SC_SW: coll.algorithm @sc_sw {{.*}} time([[T:[^)]+]])
// SC_SW: coll.algorithm @sc_sw {{.*}} time([[T]])
// RUN: tacos-translate %t.r.mlir --export-msccl-xml --algorithm=ag_mixed | tacos-translate --import-msccl-xml --msccl-network=%t.r.mlir --msccl-network-name=mixed --msccl-size=4000000 | tacos-opt --coll-verify --coll-simulate > %t.ag_mixed.mlir
// RUN: cat %t.r.mlir %t.ag_mixed.mlir | FileCheck %s --check-prefix=AG_MIXED
// AG_MIXED: coll.algorithm @ag_mixed {{.*}} time([[T:[^)]+]])
// AG_MIXED: coll.algorithm @ag_mixed {{.*}} time([[T]])
// RUN: tacos-translate %t.r.mlir --export-msccl-xml --algorithm=ar_mixed | tacos-translate --import-msccl-xml --msccl-network=%t.r.mlir --msccl-network-name=mixed --msccl-size=4000000 | tacos-opt --coll-verify --coll-simulate > %t.ar_mixed.mlir
// RUN: cat %t.r.mlir %t.ar_mixed.mlir | FileCheck %s --check-prefix=AR_MIXED
// AR_MIXED: coll.algorithm @ar_mixed {{.*}} time([[T:[^)]+]])
// AR_MIXED: coll.algorithm @ar_mixed {{.*}} time([[T]])
// RUN: tacos-translate %t.r.mlir --export-msccl-xml --algorithm=ag_irr | tacos-translate --import-msccl-xml --msccl-network=%t.r.mlir --msccl-network-name=irregular --msccl-size=5000000 | tacos-opt --coll-verify --coll-simulate > %t.ag_irr.mlir
// RUN: cat %t.r.mlir %t.ag_irr.mlir | FileCheck %s --check-prefix=AG_IRR
// AG_IRR: coll.algorithm @ag_irr {{.*}} time([[T:[^)]+]])
// AG_IRR: coll.algorithm @ag_irr {{.*}} time([[T]])
// RUN: tacos-translate %t.r.mlir --export-msccl-xml --algorithm=rs_irr | tacos-translate --import-msccl-xml --msccl-network=%t.r.mlir --msccl-network-name=irregular --msccl-size=5000000 | tacos-opt --coll-verify --coll-simulate > %t.rs_irr.mlir
// RUN: cat %t.r.mlir %t.rs_irr.mlir | FileCheck %s --check-prefix=RS_IRR
// RS_IRR: coll.algorithm @rs_irr {{.*}} time([[T:[^)]+]])
// RS_IRR: coll.algorithm @rs_irr {{.*}} time([[T]])
// RUN: tacos-translate %t.r.mlir --export-msccl-xml --algorithm=ar_irr | tacos-translate --import-msccl-xml --msccl-network=%t.r.mlir --msccl-network-name=irregular --msccl-size=5000000 | tacos-opt --coll-verify --coll-simulate > %t.ar_irr.mlir
// RUN: cat %t.r.mlir %t.ar_irr.mlir | FileCheck %s --check-prefix=AR_IRR
// AR_IRR: coll.algorithm @ar_irr {{.*}} time([[T:[^)]+]])
// AR_IRR: coll.algorithm @ar_irr {{.*}} time([[T]])
// RUN: tacos-translate %t.r.mlir --export-msccl-xml --algorithm=a2a_irr | tacos-translate --import-msccl-xml --msccl-network=%t.r.mlir --msccl-network-name=irregular --msccl-size=5000000 | tacos-opt --coll-verify --coll-simulate > %t.a2a_irr.mlir
// RUN: cat %t.r.mlir %t.a2a_irr.mlir | FileCheck %s --check-prefix=A2A_IRR
// A2A_IRR: coll.algorithm @a2a_irr {{.*}} time([[T:[^)]+]])
// A2A_IRR: coll.algorithm @a2a_irr {{.*}} time([[T]])
// RUN: tacos-translate %t.r.mlir --export-msccl-xml --algorithm=bc_irr | tacos-translate --import-msccl-xml --msccl-network=%t.r.mlir --msccl-network-name=irregular --msccl-size=5000000 | tacos-opt --coll-verify --coll-simulate > %t.bc_irr.mlir
// RUN: cat %t.r.mlir %t.bc_irr.mlir | FileCheck %s --check-prefix=BC_IRR
// BC_IRR: coll.algorithm @bc_irr {{.*}} time([[T:[^)]+]])
// BC_IRR: coll.algorithm @bc_irr {{.*}} time([[T]])
// RUN: tacos-translate %t.r.mlir --export-msccl-xml --algorithm=rd_irr | tacos-translate --import-msccl-xml --msccl-network=%t.r.mlir --msccl-network-name=irregular --msccl-size=5000000 | tacos-opt --coll-verify --coll-simulate > %t.rd_irr.mlir
// RUN: cat %t.r.mlir %t.rd_irr.mlir | FileCheck %s --check-prefix=RD_IRR
// RD_IRR: coll.algorithm @rd_irr {{.*}} time([[T:[^)]+]])
// RD_IRR: coll.algorithm @rd_irr {{.*}} time([[T]])
// RUN: tacos-translate %t.r.mlir --export-msccl-xml --algorithm=ga_irr | tacos-translate --import-msccl-xml --msccl-network=%t.r.mlir --msccl-network-name=irregular --msccl-size=5000000 | tacos-opt --coll-verify --coll-simulate > %t.ga_irr.mlir
// RUN: cat %t.r.mlir %t.ga_irr.mlir | FileCheck %s --check-prefix=GA_IRR
// GA_IRR: coll.algorithm @ga_irr {{.*}} time([[T:[^)]+]])
// GA_IRR: coll.algorithm @ga_irr {{.*}} time([[T]])
// RUN: tacos-translate %t.r.mlir --export-msccl-xml --algorithm=sc_irr | tacos-translate --import-msccl-xml --msccl-network=%t.r.mlir --msccl-network-name=irregular --msccl-size=5000000 | tacos-opt --coll-verify --coll-simulate > %t.sc_irr.mlir
// RUN: cat %t.r.mlir %t.sc_irr.mlir | FileCheck %s --check-prefix=SC_IRR
// SC_IRR: coll.algorithm @sc_irr {{.*}} time([[T:[^)]+]])
// SC_IRR: coll.algorithm @sc_irr {{.*}} time([[T]])
// RUN: tacos-translate %t.r.mlir --export-msccl-xml --algorithm=ar_irr_group | tacos-translate --import-msccl-xml --msccl-network=%t.r.mlir --msccl-network-name=irregular --msccl-size=4000000 | tacos-opt --coll-verify --coll-simulate > %t.ar_irr_group.mlir
// RUN: cat %t.r.mlir %t.ar_irr_group.mlir | FileCheck %s --check-prefix=AR_IRR_GROUP
// AR_IRR_GROUP: coll.algorithm @ar_irr_group {{.*}} time([[T:[^)]+]])
// AR_IRR_GROUP: coll.algorithm @ar_irr_group {{.*}} time([[T]])

// Links split over two channels (64 steps per threadblock): the first send
// of each channel on a link waits for the link's last send before it, so
// the importer's own time (without coll-simulate, which retimes from the
// link order) is the original's. Unordered, the channels interleaved:
// ag64 imported at 149.625 us instead of 126, ar32 at 177.125 instead of
// 156.
// RUN: tacos-opt %S/Inputs/channels.mlir --coll-synthesize > %t.ch.mlir
// RUN: tacos-translate %t.ch.mlir --export-msccl-xml --algorithm=ag64 > %t.ag64.xml
// RUN: FileCheck %s --check-prefix=TWO < %t.ag64.xml
// RUN: tacos-translate %t.ag64.xml --import-msccl-xml --msccl-network=%t.ch.mlir --msccl-size=4000000 | tacos-opt --coll-verify > %t.ag64.mlir
// RUN: cat %t.ch.mlir %t.ag64.mlir | FileCheck %s --check-prefix=CHANNELS_AG
// CHANNELS_AG: coll.algorithm @ag64 {{.*}} time([[T:[^)]+]])
// CHANNELS_AG: coll.algorithm @ag64 {{.*}} time([[T]]) attributes {coll.verified}
// RUN: tacos-translate %t.ch.mlir --export-msccl-xml --algorithm=ar32 > %t.ar32.xml
// RUN: FileCheck %s --check-prefix=TWO < %t.ar32.xml
// RUN: tacos-translate %t.ar32.xml --import-msccl-xml --msccl-network=%t.ch.mlir --msccl-size=4000000 | tacos-opt --coll-verify > %t.ar32.mlir
// RUN: cat %t.ch.mlir %t.ar32.mlir | FileCheck %s --check-prefix=CHANNELS_AR
// CHANNELS_AR: coll.algorithm @ar32 {{.*}} time([[T:[^)]+]])
// CHANNELS_AR: coll.algorithm @ar32 {{.*}} time([[T]]) attributes {coll.verified}
// TWO: nchannels="2"

// The pipelined link model: two chunks in flight on one link (two channels).
// RUN: tacos-translate %S/Inputs/pipelined.mlir --export-msccl-xml | tacos-translate --import-msccl-xml --msccl-network=%S/Inputs/pipelined.mlir --msccl-size=8 --msccl-link-model=pipelined | tacos-opt --coll-verify --coll-simulate > %t.pipe.mlir
// RUN: cat %S/Inputs/pipelined.mlir %t.pipe.mlir | FileCheck %s --check-prefix=PIPE
// PIPE: coll.algorithm @bc {{.*}} time([[T:[^)]+]]) latency(pipelined)
// PIPE: coll.algorithm @bc {{.*}} time([[T]]) latency(pipelined)
