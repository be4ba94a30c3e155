//===- tacos-libra-network-fuzzer.cpp - --import-libra-network ------------===//
//
// libFuzzer target for the LIBRA network importer and its cost-model reader
// (Target/Libra): YAML through LLVM's parser, then the tacos checks of
// every field. The input is a LIBRA network .yml; or, in split-file form,
// `#--- network.yml` and `#--- cost-model.yml` (--cost-model). The rules
// are FuzzTranslation.h's.
//
// A finding reproduces with the tool:
//   tacos-translate --import-libra-network crash-<sha1>
//   split-file crash-<sha1> dir && tacos-translate --import-libra-network \
//     --cost-model=dir/cost-model.yml dir/network.yml
//
//===----------------------------------------------------------------------===//

#include "FuzzTranslation.h"

extern "C" int LLVMFuzzerInitialize(int *, char ***) {
  tacos::fuzz::selectTranslation("import-libra-network");
  return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  llvm::StringRef input(reinterpret_cast<const char *>(data), size);
  auto files = tacos::fuzz::splitFiles(input, "network.yml");
  const std::string *network = tacos::fuzz::findFile(files, "network.yml");
  if (!network)
    return 0;
  const std::string *costModel = tacos::fuzz::findFile(files, "cost-model.yml");
  tacos::fuzz::setStringOption(
      "cost-model",
      costModel ? tacos::fuzz::writeScratchFile("cost-model.yml", *costModel)
                : "");
  tacos::fuzz::runTranslation(*network, "network.yml");
  return 0;
}
