//===- SanitizerOptions.cpp - ASan defaults built into every fuzz target --===//
//
// allow_user_poisoning=0: LLVM's headers poison and unpoison the slabs of a
// BumpPtrAllocator when compiled with ASan, as tacos is here, but Debian's
// libMLIR.so, which is not, allocates from the same allocators (attribute
// and type storage); its writes into slabs that tacos' inlined code
// poisoned would be reported as use-after-poison (as in test/lit.cfg.py's
// sanitizer options).
//
// quarantine_size_mb=64: freed memory waits in ASan's quarantine (to catch
// uses after free) up to 256 MB by default; a target that makes and drops
// an MLIRContext per input keeps it full, and with libFuzzer's own memory a
// long run nears -rss_limit_mb=2048 without any input using much. 64 MB
// still holds the frees of thousands of inputs.
//
// Built in, so that a fuzzer run needs no environment; ASAN_OPTIONS still
// overrides it.
//
//===----------------------------------------------------------------------===//

extern "C" const char *__asan_default_options() {
  return "allow_user_poisoning=0:quarantine_size_mb=64";
}
