//===- SanitizerOptions.cpp - ASan defaults built into every fuzz target --===//
//
// allow_user_poisoning=0: LLVM's headers poison and unpoison the slabs of a
// BumpPtrAllocator when compiled with ASan, as tacos is here, but Debian's
// libMLIR.so, which is not, allocates from the same allocators (attribute
// and type storage); its writes into slabs that tacos' inlined code
// poisoned would be reported as use-after-poison (as in test/lit.cfg.py's
// sanitizer options). Built in, so that a fuzzer run needs no environment;
// ASAN_OPTIONS still overrides it.
//
//===----------------------------------------------------------------------===//

extern "C" const char *__asan_default_options() {
  return "allow_user_poisoning=0";
}
