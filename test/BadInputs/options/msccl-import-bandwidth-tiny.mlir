// MSCCL import on links so slow its times would pass the picosecond clock (wrapped before).
// RUN: %check-bad-input %s tacos-translate -import-msccl-xml %S/../Inputs/ag_ring3.xml --msccl-bandwidth=1e-300Bps
// EXPECT: option ag_ring3.xml: times may exceed the picosecond clock
// This file only carries the options; the program is Inputs/ag_ring3.xml.
