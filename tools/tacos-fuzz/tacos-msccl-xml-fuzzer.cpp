//===- tacos-msccl-xml-fuzzer.cpp - tacos-translate --import-msccl-xml ----===//
//
// libFuzzer target for the MSCCL-IR importer: the XML reader, the program
// checks, the symbolic run and the IR it writes (Execution/MSCCLImport.h,
// Target/MSCCL). The input is an MSCCL-IR XML program, run on the network
// derived from its peers; or, in split-file form, `#--- program.xml` and
// `#--- network.mlir`, run on that network (--msccl-network). The rules
// are FuzzTranslation.h's.
//
// A finding reproduces with the tool:
//   tacos-translate --import-msccl-xml crash-<sha1>
//   split-file crash-<sha1> dir && tacos-translate --import-msccl-xml \
//     --msccl-network=dir/network.mlir dir/program.xml
//
//===----------------------------------------------------------------------===//

#include "FuzzTranslation.h"

extern "C" int LLVMFuzzerInitialize(int *, char ***) {
  tacos::fuzz::selectTranslation("import-msccl-xml");
  return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  llvm::StringRef input(reinterpret_cast<const char *>(data), size);
  auto files = tacos::fuzz::splitFiles(input, "program.xml");
  const std::string *program = tacos::fuzz::findFile(files, "program.xml");
  if (!program)
    return 0;
  const std::string *network = tacos::fuzz::findFile(files, "network.mlir");
  tacos::fuzz::setStringOption(
      "msccl-network",
      network ? tacos::fuzz::writeScratchFile("network.mlir", *network) : "");
  tacos::fuzz::runTranslation(*program, "program.xml");
  return 0;
}
