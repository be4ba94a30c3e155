# -*- Python -*-
# The lit settings of a sanitized build (-DTACOS_SANITIZE=ON, made by
# scripts/test-sanitizers.sh): feature `asan` and the sanitizers' run-time
# options for every test. Loaded by test/lit.cfg.py and test/Unit/lit.cfg.py
# in sanitized builds only.
import os

config.available_features.add("asan")
symbolizer = os.path.join(config.llvm_tools_dir, "llvm-symbolizer")
suppressions = os.path.join(config.tacos_source_root, "scripts",
                            "sanitizers", "lsan.supp")

# abort_on_error: a report ends the process with SIGABRT, which `not`
# counts as a failure; the default exit code 1 would pass as the error a
# `not` test expects. The symbolizer is named so that reports (and the leak
# suppressions, which match function and library names) never depend on
# PATH.
common = ["abort_on_error=1", "external_symbolizer_path=" + symbolizer]
# allow_user_poisoning=0: LLVM's headers poison and unpoison the slabs of a
# BumpPtrAllocator when compiled with ASan, as tacos is, but not in the
# Debian libMLIR.so, which allocates from the same allocators (attribute and
# type storage); its writes into memory that tacos' inlined code poisoned
# would be reported as use-after-poison.
asan = common + ["detect_leaks=1", "allow_user_poisoning=0",
                 "detect_stack_use_after_return=1",
                 "check_initialization_order=1", "strict_init_order=1"]
config.environment["ASAN_OPTIONS"] = ":".join(asan)
config.environment["UBSAN_OPTIONS"] = ":".join(
    common + ["print_stacktrace=1", "halt_on_error=1"])
# print_suppressions=0: the list of matched suppressions would land in the
# stderr that tests check.
config.environment["LSAN_OPTIONS"] = ":".join(
    ["suppressions=" + suppressions, "print_suppressions=0"])
# MPI ranks (mpirun sets this list in the environment of each rank it
# starts, whoever calls it: a test or tacos-run) unwind the stack of every
# allocation fully instead of along frame pointers, which Open MPI's
# libraries omit: only then do the leaks that Open MPI leaves at
# MPI_Finalize show the Open MPI library they come from, which the
# suppressions name. Everywhere else that would make tests about 4 times
# slower.
config.environment["OMPI_MCA_mca_base_env_list"] = (
    "ASAN_OPTIONS=" + ":".join(asan + ["fast_unwind_on_malloc=0"]))
