# -*- Python -*-
import os

import lit.formats
from lit.llvm import llvm_config

config.name = "tacos"
config.test_format = lit.formats.ShTest(not llvm_config.use_lit_shell)
config.suffixes = [".mlir"]
config.test_source_root = os.path.dirname(__file__)
config.test_exec_root = os.path.join(config.tacos_obj_root, "test")
config.excludes = ["CMakeLists.txt", "lit.cfg.py", "lit.site.cfg.py", "Unit"]

import sys
if config.tacos_sanitize:
    lit_config.load_config(config, os.path.join(os.path.dirname(__file__),
                                                "lit.sanitizers.py"))

config.substitutions.append(("%PATH%", config.environment["PATH"]))
# %python3 runs what imports tacos' Python extension. In a sanitized build
# the extension needs the ASan runtime, which must be the first library of
# the process: python3 is not sanitized, so it is preloaded (only there, as
# other programs of the tests, cmake or mpirun, would report their own
# leaks). PYTHONMALLOC=malloc: Python's own allocator keeps objects in
# arenas that LeakSanitizer does not scan, so what they point to would look
# leaked.
if config.tacos_sanitize:
    config.substitutions.append(("%python3", "env LD_PRELOAD=%s PYTHONMALLOC=malloc %s"
                                 % (config.tacos_asan_runtime, config.python3)))
else:
    config.substitutions.append(("%python3", config.python3))
config.substitutions.append(("%python", sys.executable))
config.substitutions.append(("%tacos_build", config.tacos_obj_root))
config.substitutions.append(("%tacos_docs", os.path.join(config.tacos_obj_root, "docs")))
# The compilers tacos was built with, for tests that build a project of
# their own against it.
# A sanitized tacos needs its users built with the same sanitizers: the
# installed libraries call into the runtime, and the C API library brings
# the shared one, which must be the program's only runtime.
cmake_compilers = ("-DCMAKE_C_COMPILER=%s -DCMAKE_CXX_COMPILER=%s -DCMAKE_CXX_COMPILER_LAUNCHER=%s"
                   % (config.c_compiler, config.cxx_compiler, config.cxx_launcher))
if config.tacos_sanitize:
    cmake_compilers += (' "-DCMAKE_C_FLAGS=%s" "-DCMAKE_CXX_FLAGS=%s" "-DCMAKE_EXE_LINKER_FLAGS=%s"'
                        % (config.tacos_sanitize_compile_flags,
                           config.tacos_sanitize_compile_flags,
                           config.tacos_sanitize_link_flags))
config.substitutions.append(("%cmake_compilers", cmake_compilers))
config.substitutions.append(("%examples", os.path.join(os.path.dirname(config.test_source_root), "examples")))
llvm_config.with_system_environment(["HOME", "INCLUDE", "LIB", "TMP", "TEMP"])
llvm_config.use_default_substitutions()

if config.z3_enabled:
    config.available_features.add("z3")
# The libFuzzer targets are built (TACOS_FUZZ; test/Fuzz runs them briefly).
if config.fuzzers_enabled:
    config.available_features.add("fuzzers")

# End-to-end tests of the LLVM path compile with clang, link against Open MPI
# (flags from its mpicc wrapper) and run under mpirun: feature `mpi` when all
# three are here. --allow-run-as-root: CI containers run as root.
import shutil
import subprocess

def mpicc_flags(what):
    mpicc = shutil.which("mpicc")
    if not mpicc:
        return None
    result = subprocess.run([mpicc, "-showme:" + what], capture_output=True,
                            text=True)
    return result.stdout.strip() if result.returncode == 0 else None

mpirun = shutil.which("mpirun")
clang = os.path.join(config.llvm_tools_dir, "clang")
mpi_cflags, mpi_libs = mpicc_flags("compile"), mpicc_flags("link")
if mpirun and os.path.exists(clang) and mpi_cflags is not None and mpi_libs is not None:
    config.available_features.add("mpi")
    config.substitutions.append(("%mpirun", mpirun + " --allow-run-as-root --oversubscribe"))
    config.substitutions.append(("%mpi_cflags", mpi_cflags))
    config.substitutions.append(("%mpi_libs", mpi_libs))
    # %clang_exe: the executable alone, for scripts that take it as one
    # word (CLANG=). Sanitized builds check the C mains compiled by %clang
    # too (the IR that tacos emits is not instrumented: clang adds checks
    # only to functions that its front end marks); -c ignores the link
    # flags.
    config.substitutions.append(("%clang_exe", clang))
    if config.tacos_sanitize:
        clang += " -Wno-unused-command-line-argument %s %s" % (
            config.tacos_sanitize_compile_flags, config.tacos_sanitize_link_flags)
    config.substitutions.append(("%clang", clang))
elif os.environ.get("CI"):
    # CI must run the MPI end-to-end tests, not skip them.
    lit_config.fatal("Open MPI (mpirun, mpicc) or clang-22 is missing: "
                     "scripts/setup.sh installs them")

# tacos-run --emulate makes network namespaces: feature `netns` when this
# process is root and can make one (probed with a namespace of its own,
# deleted at once). Elsewhere the emulation tests are skipped, with the
# reason noted here; CI runs as root and must run them.
def netns_missing():
    if os.geteuid() != 0:
        return "not root"
    ip = shutil.which("ip") or shutil.which("ip", path="/usr/sbin:/sbin")
    if not ip or not os.path.exists("/proc/self/ns/net"):
        return "no iproute2 or no network namespaces in this kernel"
    probe = "tcb-lit-probe-%d" % os.getpid()
    made = subprocess.run([ip, "netns", "add", probe], capture_output=True,
                          text=True)
    if made.returncode != 0:
        return "ip netns add failed: " + made.stderr.strip()
    subprocess.run([ip, "netns", "delete", probe], capture_output=True)
    return None

netns_reason = netns_missing()
if netns_reason is None:
    config.available_features.add("netns")
elif os.environ.get("CI"):
    lit_config.fatal("CI must run the emulated-cluster tests, but network "
                     "namespaces are unavailable: " + netns_reason)
else:
    lit_config.note("tacos-run --emulate tests skipped: " + netns_reason)

tool_dirs = [config.tacos_tools_dir, config.llvm_tools_dir]
llvm_config.add_tool_substitutions(["tacos-opt", "tacos-translate", "tacos-run", "tacos-capi-test"], tool_dirs)

llvm_config.with_environment("PATH", config.llvm_tools_dir, append_path=True)
