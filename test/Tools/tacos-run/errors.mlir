// tacos-run's errors before anything runs: each names what is wrong and
// where, and exits 1. `--mpirun true` stands in for mpirun so that these
// tests need no Open MPI; each fails before it would be started.

// A missing mpirun is found before any work:
// RUN: not tacos-run %s -np 2 --mpirun /nonexistent 2>&1 | FileCheck %s --check-prefix=MISSING
// MISSING: tacos-run: error: cannot run mpirun: '/nonexistent' does not exist (install Open MPI, e.g. Debian's openmpi-bin, or pass --mpirun PATH)
// RUN: mkdir -p %t.empty
// RUN: not env PATH=%t.empty %tacos_build/bin/tacos-run %s -np 2 2>&1 | FileCheck %s --check-prefix=NOTINPATH
// NOTINPATH: tacos-run: error: cannot run mpirun: 'mpirun' is not in PATH

// RUN: not tacos-run %s -np 3 --mpirun true --algorithm @ar 2>&1 | FileCheck %s --check-prefix=NP

// RUN: not tacos-run %s -np 2 --mpirun true --dtype f8 2>&1 | FileCheck %s --check-prefix=DTYPE
// DTYPE: tacos-run: error: unknown --dtype 'f8' (f32, f64, i32, i64, f16, bf16)
// RUN: not tacos-run %s -np 2 --mpirun true --op prod 2>&1 | FileCheck %s --check-prefix=OP
// OP: tacos-run: error: unknown --op 'prod' (sum, max, min)
// RUN: not tacos-run %s -np 2 --mpirun true --synthesize bogus 2>&1 | FileCheck %s --check-prefix=SYNTH
// SYNTH: tacos-run: error: unknown --synthesize 'bogus' (tacos, exact, ring, direct, rhd, dbt, hierarchical or best)
// RUN: not tacos-run %s -np 2 --mpirun true --iters 0 2>&1 | FileCheck %s --check-prefix=ITERS
// ITERS: tacos-run: error: --iters must be at least 1
// RUN: not tacos-run %s -np 2 --mpirun true --synthesized-output %t.nodir/out.mlir 2>&1 | FileCheck %s --check-prefix=SYNTHOUT
// SYNTHOUT: tacos-run: error: cannot write {{.*}}nodir/out.mlir: No such file or directory
// RUN: not tacos-run %s -np 2 --mpirun true --elements 0 2>&1 | FileCheck %s --check-prefix=ZERO
// ZERO: tacos-run: error: --elements must be at least 1
// RUN: not tacos-run %s -np 2 --mpirun true --algorithm @nope 2>&1 | FileCheck %s --check-prefix=NAME
// NAME: tacos-run: error: no coll.algorithm @nope in {{.*}}errors.mlir

// RUN: not tacos-run %s -np 2 --mpirun true --algorithm a2a --elements 5 2>&1 | FileCheck %s --check-prefix=SPLIT
// RUN: not tacos-run %s -np 2 --mpirun true --algorithm @sc --in-place 2>&1 | FileCheck %s --check-prefix=INPLACE
// RUN: not tacos-run %s -np 2 --mpirun true --algorithm @tiny --dtype f64 2>&1 | FileCheck %s --check-prefix=TINY

// Sizes that cannot run are refused before anything is compiled: a count
// MPI's int cannot hold, buffers beyond the machine's memory.
// RUN: not tacos-run %s -np 2 --mpirun true --algorithm @ar --elements 18446744073709551615 2>&1 | FileCheck %s --check-prefix=HUGE
// HUGE: errors.mlir:[[# @LINE+17]]:1: error: @ar: a chunk would hold {{[0-9]+}} elements, more than an MPI count can say (2^31 - 1) (--elements)
// RUN: not tacos-run %s -np 2 --mpirun true --algorithm @ar --elements 4000000000 --dtype f64 2>&1 | FileCheck %s --check-prefix=MEMORY
// MEMORY: errors.mlir:[[# @LINE+15]]:1: error: @ar: the ranks' buffers would take about 256.0 GB, more than 3/4 of this machine's {{[0-9.]+}} GB (--elements)

// Every error is reported, not only the first:
// RUN: not tacos-run %s -np 3 --mpirun true --algorithm @ar --algorithm @a2a 2>&1 | FileCheck %s --check-prefix=BOTH
// BOTH: error: @ar runs on 2 ranks
// BOTH: error: @a2a runs on 2 ranks

// A file without algorithms or requests:
// RUN: echo 'topo.network @n { topo.npus 2 }' | not tacos-run - -np 2 --mpirun true 2>&1 | FileCheck %s --check-prefix=NONE
// NONE: tacos-run: error: - has no coll.algorithm to run

// Requests are synthesized first (coll-synthesize), then checked like
// algorithms.
topo.network @pair { topo.npus 2  topo.link 0 <-> 1 link(50 GBps, 1 us) }
// NP: errors.mlir:[[# @LINE+1]]:1: error: @ar runs on 2 ranks (one per NPU of its network), but -np is 3
coll.all_reduce @ar on @pair size(4 KB)
// SPLIT: errors.mlir:[[# @LINE+1]]:1: error: @a2a: all_to_all needs an element count that is a multiple of its 2 participants, got 5 (--elements)
coll.all_to_all @a2a on @pair size(4 KB)
// INPLACE: errors.mlir:[[# @LINE+1]]:1: error: --in-place is defined for all_reduce, all_gather, broadcast and reduce, not scatter
coll.scatter @sc on @pair root(0) size(4 KB)
// TINY: errors.mlir:[[# @LINE+1]]:1: error: @tiny's size holds no whole f64 element; pass --elements
coll.all_gather @tiny on @pair size(4 B)

// Algorithm names come from the input, and the rank driver finds each
// function by name through a line-based manifest: a name that could add a
// field or a line to it (here a `library` to load) is refused before
// anything runs.
// RUN: printf 'topo.network @pair { topo.npus 2  topo.link 0 <-> 1 link(50 GBps, 1 us) }\ncoll.all_gather @"ag all_gather 8 2 1 - 2 0 1\\0Alibrary /tmp/evil.so\\0Aalgorithm ag2" on @pair size(4 KB)\n' > %t.evil.mlir
// RUN: not tacos-run %t.evil.mlir -np 2 --mpirun true 2>&1 | FileCheck %s --check-prefix=EVIL
// EVIL: evil.mlir:2:1: error: @"ag all_gather 8 2 1 - 2 0 1\0Alibrary /tmp/evil.so\0Aalgorithm ag2" cannot be run: tacos-run calls it by name, which may hold only letters, digits, '_', '.', '$' and '-'
